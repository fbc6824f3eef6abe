//! The agents' speed (`cargo bench --bench agents`): MCTS iterations per
//! second in both games (a fresh tree per search: selection, expansion, a
//! rollout through the fast playout loop, backup), and alpha-beta nodes per
//! second in Merchant Kaissa (quiescence nodes included; a fresh searcher
//! per search, its allocation not timed). The `_uniform` variants are the
//! same searches with uniform rollouts, for ratios within one run.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

use kaissa_chaturaji::agents::{Agent, AlphaBeta, AlphaBetaConfig, Limit, Mcts, MctsConfig};
use kaissa_chaturaji::chaturaji::{self, Roll, Rules};
use kaissa_chaturaji::game::{self, Chaturaji, ChaturajiStep, Game, Kaissa};
use kaissa_chaturaji::kaissa;

/// Middlegame: both stones placed, turn 12 (as in the movegen bench).
const KAISSA_MIDDLEGAME: &str =
    "hb1tqut1bi/ar2ppp1sr/2p1s2p2/3p1t3a/10/10/1APPPP1A2/6P3/1R5PR1/HBSTQUTSBI r 12 -";
/// Iterations per MCTS search.
const ITERATIONS: u64 = 2_000;

fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    group
}

/// An MCTS search of `ITERATIONS` from `game`, the tree rebuilt each time.
fn bench_mcts<G: kaissa_chaturaji::agents::AgentGame>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    game: G,
) {
    let config = MctsConfig::default().with_reuse(false);
    let mut mcts: Mcts<G> = Mcts::new(config, 1);
    let limit = Limit::nodes(ITERATIONS);
    group.throughput(Throughput::Elements(ITERATIONS));
    group.bench_function(name, |b| {
        b.iter(|| mcts.think(black_box(&game), &limit, &mut |_| {}))
    });
}

fn mcts(c: &mut Criterion) {
    let mut group = group(c, "agents_mcts");
    let middlegame: kaissa::Position = KAISSA_MIDDLEGAME.parse().expect("valid");
    bench_mcts(&mut group, "kaissa/start", game::kaissa());
    bench_mcts(&mut group, "kaissa/middlegame", Kaissa::new(middlegame));
    for (name, rules) in [("sheet", Rules::default()), ("ludii", Rules::ludii())] {
        // After a 5 at the start: pawn and raja moves to choose from.
        let mut start = game::chaturaji(rules);
        start
            .apply(ChaturajiStep::Roll(Roll::new(5).expect("a face")))
            .expect("a roll");
        bench_mcts(&mut group, &format!("chaturaji_{name}/start"), start);
        let mut middle = chaturaji::Position::start(rules);
        chaturaji::play_seeded_game(&mut middle, 7, 40, |_, _| {});
        let mut middle = Chaturaji::new(middle);
        middle
            .apply(ChaturajiStep::Roll(Roll::new(5).expect("a face")))
            .expect("a roll");
        bench_mcts(
            &mut group,
            &format!("chaturaji_{name}/middlegame"),
            middle.clone(),
        );
        // With 50-ply rollouts (the sheet's default; under the Ludii
        // ruleset the default values leaves by the heuristic): greedy,
        // and uniform (the fast playout loop).
        let rollouts = MctsConfig::default()
            .with_reuse(false)
            .with_rollout_plies(50);
        let mut variants = vec![("uniform", rollouts.with_greed(0.0))];
        if rules.is_ludii() {
            variants.insert(0, ("greedy", rollouts));
        }
        for (variant, config) in variants {
            let mut mcts: Mcts<Chaturaji> = Mcts::new(config, 1);
            group.bench_function(format!("chaturaji_{name}/middlegame_{variant}"), |b| {
                b.iter(|| mcts.think(black_box(&middle), &Limit::nodes(ITERATIONS), &mut |_| {}))
            });
        }
    }
}

fn alphabeta(c: &mut Criterion) {
    let mut group = group(c, "agents_alphabeta");
    let middlegame: kaissa::Position = KAISSA_MIDDLEGAME.parse().expect("valid");
    for (name, pos, depth) in [
        ("start", kaissa::Position::start(), 4),
        ("middlegame", middlegame.clone(), 3),
        ("middlegame", middlegame, 6),
    ] {
        let config = AlphaBetaConfig::default();
        let limit = Limit::depth(depth);
        let nodes = AlphaBeta::new(config).search(&pos, &limit).nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth_{depth}/{name}"), |b| {
            b.iter_batched(
                || AlphaBeta::new(config),
                |mut searcher| searcher.search(black_box(&pos), &limit),
                BatchSize::LargeInput,
            )
        });
    }
}

criterion_group!(benches, mcts, alphabeta);
criterion_main!(benches);
