//! Proof that the agents' searches do not touch the heap once warmed up:
//! a counting global allocator around MCTS iterations (both games, the tree
//! kept between moves) and alpha-beta searches. MCTS reserves its arena on
//! its first search; alpha-beta allocates its tables when it is built.

use kaissa_chaturaji::agents::{
    Agent, AlphaBeta, AlphaBetaConfig, Expectimax, GreedyAgent, Limit, Mcts, MctsConfig,
    RandomAgent, Thought,
};
use kaissa_chaturaji::chaturaji::{DiceRoller, Rules};
use kaissa_chaturaji::game::{self, Actor, Game, Kaissa};

use crate::counting_alloc::allocations_during;

/// Plays `plies` moves of `game` (fewer if it ends), `agent` choosing every move and the
/// seeded die rolling; returns the allocations made after the first
/// choice (the warm-up).
fn allocations_after_warm_up<G: Game>(
    mut game: G,
    agent: &mut dyn Agent<G>,
    plies: usize,
) -> usize {
    let mut roller = DiceRoller::new(3);
    let mut warmed_up = false;
    let mut played = 0;
    let mut allocations = 0;
    while played < plies && !game.is_over() {
        match game.actor() {
            Actor::Chance => {
                let face = usize::from(roller.roll().face() - 2);
                let (roll, _) = game.chance_outcomes()[face];
                game.apply_unchecked(roll);
            }
            Actor::Player(_) => {
                let mut chosen = None;
                let made = allocations_during(|| chosen = agent.choose(&game));
                if warmed_up {
                    allocations += made;
                }
                // A forced move is answered without a search: the warm-up
                // is the first real one.
                warmed_up |= game.count_legal_actions() > 1;
                game.apply_unchecked(chosen.expect("a move"));
                played += 1;
            }
            Actor::Over => break,
        }
    }
    assert!(
        played >= plies.min(10),
        "the game ended after {played} plies"
    );
    allocations
}

#[test]
fn mcts_does_not_allocate_after_warm_up() {
    let config = MctsConfig::default().with_max_nodes(1 << 16);
    let budget = Limit::nodes(200);
    let mut kaissa: Mcts<Kaissa> = Mcts::new(config, 1).with_budget(budget.clone());
    assert_eq!(
        allocations_after_warm_up(game::kaissa(), &mut kaissa, 12),
        0
    );
    // The defaults (under the Ludii ruleset no rollouts), and rollouts
    // under both rules.
    let settings = [config, config.with_rollout_plies(50)];
    for rules in [Rules::default(), Rules::ludii()] {
        for config in settings {
            let mut chaturaji = Mcts::new(config, 2).with_budget(budget.clone());
            let allocations = allocations_after_warm_up(game::chaturaji(rules), &mut chaturaji, 24);
            assert_eq!(allocations, 0, "{rules:?} {config:?}");
        }
    }
}

#[test]
fn mcts_iterations_do_not_allocate() {
    // The budget grows tenfold, the allocations stay at zero: nothing is
    // allocated per iteration.
    let game = game::kaissa();
    let config = MctsConfig::default().with_max_nodes(1 << 18);
    let mut mcts: Mcts<Kaissa> = Mcts::new(config, 1);
    mcts.think(&game, &Limit::nodes(50), &mut |_| {});
    for iterations in [100, 1_000] {
        let limit = Limit::nodes(iterations);
        let mut mcts: Mcts<Kaissa> = Mcts::new(config, 1);
        mcts.think(&game, &limit, &mut |_| {});
        Agent::<Kaissa>::reset(&mut mcts);
        let mut reports = 0;
        assert_eq!(
            allocations_during(|| {
                mcts.think(&game, &limit, &mut |_| reports += 1);
            }),
            0
        );
        assert!(reports >= 1);
    }
}

#[test]
fn alphabeta_does_not_allocate() {
    // A depth limit, and a node limit that lets the search go deeper.
    let config = AlphaBetaConfig::default().with_table_bits(12);
    for budget in [Limit::depth(3), Limit::nodes(20_000)] {
        let mut searcher = AlphaBeta::new(config).with_budget(budget);
        assert_eq!(
            allocations_after_warm_up(game::kaissa(), &mut searcher, 30),
            0,
            "{searcher:?}"
        );
    }
}

#[test]
fn alphabeta_with_progress_does_not_allocate() {
    let mut searcher = AlphaBeta::new(AlphaBetaConfig::default().with_table_bits(12));
    let mut game = game::kaissa();
    let limit = Limit::depth(4);
    let mut lines = 0;
    for ply in 0..20 {
        let mut best = None;
        let made = allocations_during(|| {
            best = searcher
                .think(&game, &limit, &mut |t: &Thought<_>| lines += t.pv.len())
                .best;
        });
        if ply > 0 {
            assert_eq!(made, 0, "ply {ply}");
        }
        game.apply(best.expect("a move")).expect("legal");
    }
    assert!(lines > 20);
}

#[test]
fn simple_agents_do_not_allocate() {
    assert_eq!(
        allocations_after_warm_up(game::kaissa(), &mut RandomAgent::new(1), 50),
        0
    );
    let mut greedy = GreedyAgent::new(1);
    let kaissa: &mut dyn Agent<Kaissa> = &mut greedy;
    assert_eq!(allocations_after_warm_up(game::kaissa(), kaissa, 50), 0);
    for rules in [Rules::default(), Rules::ludii()] {
        let game = game::chaturaji(rules);
        assert_eq!(
            allocations_after_warm_up(game.clone(), &mut GreedyAgent::new(2), 80),
            0
        );
        assert_eq!(
            allocations_after_warm_up(game.clone(), &mut RandomAgent::new(2), 80),
            0
        );
        let mut expectimax = Expectimax::new(2).with_budget(Limit::depth(2));
        assert_eq!(allocations_after_warm_up(game, &mut expectimax, 40), 0);
    }
}
