//! Perft through the shared `Game` trait, and through `AnyGame`, against
//! each game's own perft, in one run (`cargo bench --bench game`): the
//! cost of the generic interface. `game_trait` is `game::perft` (which
//! runs the game's own loop where it has one), `generic_loop` the trait's
//! default loop over `apply_unchecked`/`undo_unchecked`, as any other
//! `Game` would run it.
//! Like with like: every side counts the last ply in bulk.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use kaissa_chaturaji::chaturaji::{self, Alliances, Rules};
use kaissa_chaturaji::error::{IllegalMoveError, NotationError, UndoError};
use kaissa_chaturaji::game::{
    self, Actor, AnyGame, ChanceOutcomes, Chaturaji, Game, Kaissa, Returns,
};
use kaissa_chaturaji::kaissa;

/// A game that runs the trait's default perft loop: every method but
/// `perft_in_place` forwarded to the game inside.
#[derive(Clone)]
struct GenericLoop<G>(G);

impl<G: Game> Game for GenericLoop<G> {
    type Action = G::Action;
    type Actions = G::Actions;
    type Undo = G::Undo;
    fn players(&self) -> usize {
        self.0.players()
    }
    fn actor(&self) -> Actor {
        self.0.actor()
    }
    fn generate_actions(&self, actions: &mut G::Actions) {
        self.0.generate_actions(actions)
    }
    fn count_legal_actions(&self) -> usize {
        self.0.count_legal_actions()
    }
    fn perft_depth_one(&mut self) -> u64 {
        self.0.perft_depth_one()
    }
    fn chance_outcomes(&self) -> ChanceOutcomes<G::Action> {
        self.0.chance_outcomes()
    }
    fn apply(&mut self, action: G::Action) -> Result<G::Undo, IllegalMoveError> {
        self.0.apply(action)
    }
    fn apply_unchecked(&mut self, action: G::Action) -> G::Undo {
        self.0.apply_unchecked(action)
    }
    fn undo(&mut self, undo: G::Undo) -> Result<(), UndoError> {
        self.0.undo(undo)
    }
    fn undo_unchecked(&mut self, undo: G::Undo) {
        self.0.undo_unchecked(undo)
    }
    fn returns(&self) -> Returns {
        self.0.returns()
    }
    fn parse_action(&self, text: &str) -> Result<G::Action, NotationError> {
        self.0.parse_action(text)
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
}

/// Middlegame: both stones placed, turn 12 (as in the movegen bench).
const KAISSA_MIDDLEGAME: &str =
    "hb1tqut1bi/ar2ppp1sr/2p1s2p2/3p1t3a/10/10/1APPPP1A2/6P3/1R5PR1/HBSTQUTSBI r 12 -";
const KAISSA_DEPTH: u32 = 4;
const CHATURAJI_DEPTH: u32 = 5;

fn kaissa_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("game_kaissa");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    let middlegame: kaissa::Position = KAISSA_MIDDLEGAME.parse().expect("valid");
    for (name, pos) in [
        ("start", kaissa::Position::start()),
        ("middlegame", middlegame),
    ] {
        let nodes = kaissa::perft(&pos, KAISSA_DEPTH);
        let generic = Kaissa::new(pos.clone());
        assert_eq!(game::perft(&generic, KAISSA_DEPTH), nodes);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft_{KAISSA_DEPTH}/{name}/own"), |b| {
            b.iter(|| kaissa::perft(black_box(&pos), KAISSA_DEPTH))
        });
        group.bench_function(format!("perft_{KAISSA_DEPTH}/{name}/game_trait"), |b| {
            b.iter(|| game::perft(black_box(&generic), KAISSA_DEPTH))
        });
        let any = AnyGame::from(generic.clone());
        group.bench_function(format!("perft_{KAISSA_DEPTH}/{name}/any_game"), |b| {
            b.iter(|| game::perft(black_box(&any), KAISSA_DEPTH))
        });
    }
}

fn chaturaji_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("game_chaturaji");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    let rules = [
        ("sheet", Rules::default()),
        (
            "opposite",
            Rules::default().with_alliances(Alliances::Opposite),
        ),
        ("ludii", Rules::ludii()),
    ];
    for (name, rules) in rules {
        let mut middle = chaturaji::Position::start(rules);
        chaturaji::play_seeded_game(&mut middle, 7, 40, |_, _| {});
        for (at, pos) in [
            ("start", chaturaji::Position::start(rules)),
            ("middlegame", middle),
        ] {
            let nodes = chaturaji::perft(&pos, CHATURAJI_DEPTH);
            let generic = Chaturaji::new(pos.clone());
            assert_eq!(game::perft(&generic, CHATURAJI_DEPTH), nodes);
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("perft_{CHATURAJI_DEPTH}/{name}/{at}/own"), |b| {
                b.iter(|| chaturaji::perft(black_box(&pos), CHATURAJI_DEPTH))
            });
            group.bench_function(
                format!("perft_{CHATURAJI_DEPTH}/{name}/{at}/game_trait"),
                |b| b.iter(|| game::perft(black_box(&generic), CHATURAJI_DEPTH)),
            );
            let any = AnyGame::from(generic.clone());
            group.bench_function(
                format!("perft_{CHATURAJI_DEPTH}/{name}/{at}/any_game"),
                |b| b.iter(|| game::perft(black_box(&any), CHATURAJI_DEPTH)),
            );
            let generic_loop = GenericLoop(generic.clone());
            assert_eq!(game::perft(&generic_loop, CHATURAJI_DEPTH), nodes);
            group.bench_function(
                format!("perft_{CHATURAJI_DEPTH}/{name}/{at}/generic_loop"),
                |b| b.iter(|| game::perft(black_box(&generic_loop), CHATURAJI_DEPTH)),
            );
        }
    }
}

criterion_group!(benches, kaissa_perft, chaturaji_perft);
criterion_main!(benches);
