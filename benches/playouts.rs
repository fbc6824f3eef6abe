//! Playouts and threaded perft (`cargo bench --bench playouts`).
//!
//! Each playout group runs the same seeded games two ways in one run: the
//! library's `play_seeded_game` (what `Playouts` plays) and a copy of the
//! playout loop as it was before the playout loop was tuned ("before"): the whole move list
//! at every ply, the choice `moves[below(n)]`, and the game's end checked
//! with `outcome()`/`is_over()`, which generated the moves a second time
//! (Kaissa). The copy calls the library's public move generation and play,
//! so it shares whatever those gained since: the ratio is a lower bound on
//! the speed-up against the old code. `scripts/bench-vs-base` measures
//! against the old commit itself (both builds alternately), and
//! BENCHMARKS.md gives both. The games are checked to be the same before
//! timing. Throughput is in plies (playouts) or nodes (perft).
//!
//! The threaded groups run the same work on one thread and on every core
//! (`std::thread::available_parallelism`, printed first).
//!
//! The `policies` group runs the same `Playouts` batch (one thread) three
//! ways: the default policy (the fast loops), the uniform choice written as
//! a policy of its own (the general loop: every move list built, the same
//! games), and a "capture first" policy (other games, shorter).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};

use kaissa_chaturaji::chaturaji::{self, Alliances, Rules};
use kaissa_chaturaji::playouts::{game_seed, CaptureFirst, Playouts, Policy};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};
use kaissa_chaturaji::threads;
use kaissa_chaturaji::{game, kaissa};

/// Games per playout bench, and the batch's master seed.
const GAMES: u64 = 40;
const MASTER: u64 = 2024;
/// The ply limit (as `Playouts`' default).
const MAX_PLIES: u32 = 10_000;

fn configure(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
}

/// The Kaissa playout loop before the tuning: the whole list every ply, and
/// `outcome()` (which generates the moves again) to see the end. Returns
/// the plies played.
fn kaissa_game_before(seed: u64) -> u32 {
    let mut rng = SplitMix64::new(seed);
    let mut pos = kaissa::Position::start();
    let mut plies = 0;
    while plies < MAX_PLIES && pos.outcome() == kaissa::Outcome::Ongoing {
        let moves = pos.legal_moves();
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
        plies += 1;
    }
    plies
}

/// Today's Kaissa game, as `Playouts` plays it.
fn kaissa_game_now(seed: u64) -> u32 {
    let mut pos = kaissa::Position::start();
    let mut plies = 0;
    kaissa::play_seeded_game(&mut pos, seed, MAX_PLIES, |_, _| plies += 1);
    plies
}

/// The Chaturaji `play_seeded_game` before the tuning (a copy): `is_over()`
/// every ply, the die, `choose_move` as it was (the whole list, then
/// `moves[below(n)]`), and the move played (with `play_unchecked`, the
/// public form of the crate-internal `apply` it used).
fn chaturaji_game_before(start: &chaturaji::Position, seed: u64) -> u32 {
    let mut rng = SplitMix64::new(seed);
    let mut pos = start.clone();
    let mut moves = chaturaji::MoveList::new();
    let mut plies = 0;
    for _ in 0..MAX_PLIES {
        if pos.is_over() {
            break;
        }
        let roll = chaturaji::roll_with(&mut rng);
        pos.generate_moves(roll, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
        plies += 1;
    }
    plies
}

/// Today's Chaturaji game, as `Playouts` plays it.
fn chaturaji_game_now(start: &chaturaji::Position, seed: u64) -> u32 {
    let mut pos = start.clone();
    let mut plies = 0;
    chaturaji::play_seeded_game(&mut pos, seed, MAX_PLIES, |_, _| plies += 1);
    plies
}

/// Benches `before` and `now` over the batch's games, after checking they
/// play the same games.
fn pair(
    c: &mut Criterion,
    name: &str,
    before: impl Fn(u64) -> u32 + Copy,
    now: impl Fn(u64) -> u32 + Copy,
) {
    let seeds: Vec<u64> = (0..GAMES).map(|i| game_seed(MASTER, i)).collect();
    let lengths: Vec<u32> = seeds.iter().map(|&s| now(s)).collect();
    let before_lengths: Vec<u32> = seeds.iter().map(|&s| before(s)).collect();
    assert_eq!(lengths, before_lengths, "{name}: the same games both ways");
    let plies: u64 = lengths.iter().map(|&n| u64::from(n)).sum();
    let mut group = c.benchmark_group(format!("playouts_{name}"));
    configure(&mut group);
    group.throughput(Throughput::Elements(plies));
    group.bench_function(format!("{GAMES}_games/before"), |b| {
        b.iter(|| seeds.iter().map(|&s| before(black_box(s))).sum::<u32>())
    });
    group.bench_function(format!("{GAMES}_games/now"), |b| {
        b.iter(|| seeds.iter().map(|&s| now(black_box(s))).sum::<u32>())
    });
    group.finish();
}

fn playout_benches(c: &mut Criterion) {
    pair(c, "kaissa", kaissa_game_before, kaissa_game_now);
    for (name, rules) in [
        ("chaturaji_sheet", Rules::default()),
        (
            "chaturaji_opposite",
            Rules::default().with_alliances(Alliances::Opposite),
        ),
    ] {
        let start = chaturaji::Position::start(rules);
        let start = &start;
        pair(
            c,
            name,
            |s| chaturaji_game_before(start, s),
            |s| chaturaji_game_now(start, s),
        );
    }
}

/// The threads "every core" stands for on this machine.
fn cores() -> usize {
    threads::resolve(0)
}

fn threaded_benches(c: &mut Criterion) {
    let cores = cores();
    println!("threaded benches: 1 thread against {cores} (every core)");
    let mut group = c.benchmark_group("threads");
    configure(&mut group);
    for (name, playouts) in [
        ("kaissa", Playouts::kaissa(MASTER)),
        (
            "chaturaji_sheet",
            Playouts::chaturaji(Rules::default(), MASTER),
        ),
    ] {
        let games = 4 * GAMES;
        let stats = playouts.games(games);
        assert_eq!(playouts.clone().with_threads(cores).games(games), stats);
        group.throughput(Throughput::Elements(stats.plies));
        for n in [1, cores] {
            let playouts = playouts.clone().with_threads(n);
            group.bench_function(format!("playouts_{name}/{games}_games/{n}_threads"), |b| {
                b.iter(|| playouts.games(black_box(games)).plies)
            });
        }
    }
    let kaissa_start = kaissa::Position::start();
    let nodes = kaissa::perft(&kaissa_start, 4);
    let kaissa_game = game::Kaissa::new(kaissa_start);
    group.throughput(Throughput::Elements(nodes));
    for n in [1, cores] {
        group.bench_function(format!("kaissa_perft_bulk_4/start/{n}_threads"), |b| {
            b.iter(|| game::perft_threaded(black_box(&kaissa_game), 4, n))
        });
    }
    let chaturaji_start = chaturaji::Position::default();
    let nodes = chaturaji::perft(&chaturaji_start, 6);
    let chaturaji_game = game::Chaturaji::new(chaturaji_start);
    group.throughput(Throughput::Elements(nodes));
    for n in [1, cores] {
        group.bench_function(format!("chaturaji_perft_6/start/{n}_threads"), |b| {
            b.iter(|| game::perft_threaded(black_box(&chaturaji_game), 6, n))
        });
    }
    group.finish();
}

/// The uniform choice as a policy of its own: the general loop.
struct ByHand;

impl<G: game::Game> Policy<G> for ByHand {}

fn policy_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("policies");
    configure(&mut group);
    for (name, playouts) in [
        ("kaissa", Playouts::kaissa(MASTER)),
        (
            "chaturaji_sheet",
            Playouts::chaturaji(Rules::default(), MASTER),
        ),
    ] {
        let by_hand = playouts.clone().with_policy(ByHand);
        let stats = playouts.games(GAMES);
        assert_eq!(by_hand.games(GAMES), stats, "{name}: the same games");
        group.throughput(Throughput::Elements(stats.plies));
        group.bench_function(format!("{name}/{GAMES}_games/default"), |b| {
            b.iter(|| playouts.games(black_box(GAMES)).plies)
        });
        group.bench_function(format!("{name}/{GAMES}_games/uniform_by_hand"), |b| {
            b.iter(|| by_hand.games(black_box(GAMES)).plies)
        });
        let greedy = playouts.clone().with_policy(CaptureFirst);
        group.throughput(Throughput::Elements(greedy.games(GAMES).plies));
        group.bench_function(format!("{name}/{GAMES}_games/capture_first"), |b| {
            b.iter(|| greedy.games(black_box(GAMES)).plies)
        });
    }
    group.finish();
}

criterion_group!(benches, playout_benches, threaded_benches, policy_benches);
criterion_main!(benches);
