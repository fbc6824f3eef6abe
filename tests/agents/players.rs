//! The agents (feature `agents`): legal and reproducible choices, the spec
//! parser's errors, alpha-beta's tactics and MCTS's tree reuse.

use std::time::Duration;

use kaissa_chaturaji::agents::{
    Agent, AgentKind, AgentSpec, AlphaBeta, GreedyAgent, Limit, Mcts, MctsConfig, RandomAgent,
    SpecError, StopFlag, MATE,
};
use kaissa_chaturaji::chaturaji::{DiceRoller, Rules};
use kaissa_chaturaji::game::{self, Actor, Chaturaji, ChaturajiStep, Game, Kaissa};
use kaissa_chaturaji::kaissa::{Move, Position};

/// Plays up to `plies` moves of `game` with `agent` on every seat and the
/// seeded die, checking that each choice is legal; returns the choices.
fn self_play<G: Game>(
    mut game: G,
    agent: &mut dyn Agent<G>,
    seed: u64,
    plies: usize,
) -> Vec<G::Action> {
    let mut roller = DiceRoller::new(seed);
    let mut chosen = Vec::new();
    while chosen.len() < plies {
        match game.actor() {
            Actor::Over => break,
            Actor::Chance => {
                assert_eq!(agent.choose(&game), None, "an agent chose at a chance node");
                let face = usize::from(roller.roll().face() - 2);
                let (roll, _) = game.chance_outcomes()[face];
                game.apply(roll).unwrap();
            }
            Actor::Player(_) => {
                let action = agent.choose(&game).expect("a move at a player node");
                assert!(
                    game.legal_actions().as_ref().contains(&action),
                    "{} chose {action}, not a legal action",
                    agent.name()
                );
                game.apply(action).unwrap();
                chosen.push(action);
            }
        }
    }
    if game.is_over() {
        assert_eq!(agent.choose(&game), None, "an agent chose after the end");
    }
    chosen
}

fn kaissa_agents(seed: u64) -> Vec<Box<dyn Agent<Kaissa> + Send>> {
    [
        "random",
        "greedy",
        "mcts:60",
        "alphabeta:2",
        "alphabeta:20ms",
    ]
    .iter()
    .map(|spec| {
        spec.parse::<AgentSpec>()
            .unwrap()
            .kaissa_agent(seed)
            .unwrap()
    })
    .collect()
}

fn chaturaji_agents(seed: u64) -> Vec<Box<dyn Agent<Chaturaji> + Send>> {
    ["random", "greedy", "mcts:60", "mcts:10ms", "expectimax:2"]
        .iter()
        .map(|spec| {
            let spec = spec.parse::<AgentSpec>().unwrap();
            spec.chaturaji_agent(seed).unwrap()
        })
        .collect()
}

#[test]
fn every_choice_is_legal() {
    for mut agent in kaissa_agents(5) {
        self_play(game::kaissa(), &mut *agent, 1, 40);
    }
    for rules in [Rules::default(), Rules::ludii()] {
        for mut agent in chaturaji_agents(5) {
            self_play(game::chaturaji(rules), &mut *agent, 2, 60);
        }
    }
}

#[test]
fn a_seed_gives_the_same_game() {
    // Time budgets excepted: they depend on the machine.
    for spec in ["random", "greedy", "mcts:50", "alphabeta:2", "expectimax:2"] {
        let spec: AgentSpec = spec.parse().unwrap();
        let a = self_play(game::kaissa(), &mut *spec.kaissa_agent(9).unwrap(), 3, 16);
        let b = self_play(game::kaissa(), &mut *spec.kaissa_agent(9).unwrap(), 3, 16);
        assert_eq!(a, b, "{spec}");
        if spec.kind() != AgentKind::AlphaBeta {
            let rules = Rules::ludii();
            let a = self_play(
                game::chaturaji(rules),
                &mut *spec.chaturaji_agent(9).unwrap(),
                4,
                30,
            );
            let b = self_play(
                game::chaturaji(rules),
                &mut *spec.chaturaji_agent(9).unwrap(),
                4,
                30,
            );
            assert_eq!(a, b, "{spec}");
        }
    }
    // A bare kind is a spec: the caller's limit decides.
    for bare in ["mcts", "alphabeta", "expectimax"] {
        let spec: AgentSpec = bare.parse().unwrap();
        assert!(spec.budget().is_unbounded() && spec.to_string() == bare);
    }
    // Other seeds play other games.
    let a = self_play(game::kaissa(), &mut RandomAgent::new(1), 0, 16);
    let b = self_play(game::kaissa(), &mut RandomAgent::new(2), 0, 16);
    assert_ne!(a, b);
}

#[test]
fn bad_specs_are_errors() {
    /// Whether an error is of the expected kind.
    type Check = fn(&SpecError) -> bool;
    let cases: &[(&str, Check)] = &[
        ("", |e| matches!(e, SpecError::Empty)),
        ("minimax:3", |e| matches!(e, SpecError::UnknownKind { .. })),
        ("MCTS:5", |e| matches!(e, SpecError::UnknownKind { .. })),
        (":5", |e| matches!(e, SpecError::UnknownKind { .. })),
        ("random:3", |e| {
            matches!(e, SpecError::UnexpectedBudget { .. })
        }),
        ("greedy:", |e| {
            matches!(e, SpecError::UnexpectedBudget { .. })
        }),
    ];
    for (text, check) in cases {
        let err = text.parse::<AgentSpec>().unwrap_err();
        assert!(check(&err), "{text:?}: {err:?}");
        assert!(!err.to_string().is_empty());
    }
    for text in [
        "mcts:",
        "mcts:0",
        "mcts:-1",
        "mcts:+5",
        "mcts:1e3",
        "mcts:10x",
        "mcts:0ms",
        "mcts:ms",
        "mcts:3600001ms",
        "mcts:1000000001",
        "mcts:99999999999999999999999",
        "alphabeta:0",
        "alphabeta:96",
        "alphabeta:3.5",
        "alphabeta: 3",
        "mcts:5:5",
        "expectimax:0",
        "expectimax:9",
        "alphabeta:0nodes",
        "alphabeta:1000000001nodes",
        "alphabeta:nodes",
        "mcts:5nodes",
        "expectimax:3nodes",
    ] {
        let err = text.parse::<AgentSpec>().unwrap_err();
        assert!(
            matches!(err, SpecError::BadBudget { .. }),
            "{text:?}: {err:?}"
        );
        assert!(
            err.to_string().contains("<"),
            "{err} should say what is expected"
        );
    }
    let alphabeta: AgentSpec = "alphabeta:3".parse().unwrap();
    let Err(err) = alphabeta.chaturaji_agent(1) else {
        panic!("alphabeta plays Chaturaji");
    };
    assert!(matches!(err, SpecError::NotForGame { .. }), "{err:?}");
    // What parses prints back.
    for text in [
        "random",
        "greedy",
        "mcts:1",
        "mcts:250ms",
        "alphabeta:95",
        "alphabeta:1ms",
        "alphabeta:1nodes",
        "alphabeta:1000000000nodes",
        "expectimax:8",
    ] {
        assert_eq!(text.parse::<AgentSpec>().unwrap().to_string(), text);
    }
}

/// However long the spec, its error message quotes a short excerpt with
/// control characters escaped.
#[test]
fn spec_errors_quote_an_excerpt() {
    for prefix in ["", "mcts:", "alphabeta:", "random:", "expectimax:"] {
        let mut text = prefix.to_string();
        text.extend((0..1 << 20).map(|i| if i % 3 == 0 { '\n' } else { 'y' }));
        let message = text.parse::<AgentSpec>().unwrap_err().to_string();
        assert!(message.len() <= 400, "{prefix}: {} bytes", message.len());
        assert!(!message.contains('\n'), "{message}");
        assert!(message.contains("\\n"), "{message}");
    }
}

/// Expectimax does not prune: Kaissa takes it to depth 3 only (a move at
/// depth 4 takes 15 s from the start and 86 s in a middlegame,
/// BENCHMARKS.md), Chaturaji to the parser's 8.
#[test]
fn expectimax_depth_is_bounded_for_kaissa() {
    for depth in 1..=8 {
        let spec: AgentSpec = format!("expectimax:{depth}").parse().unwrap();
        assert_eq!(spec.kaissa_agent(1).is_ok(), depth <= 3, "depth {depth}");
        assert!(spec.chaturaji_agent(1).is_ok(), "depth {depth}");
        if let Err(err) = spec.kaissa_agent(1) {
            assert!(matches!(err, SpecError::NotForGame { .. }), "{err:?}");
            assert!(err.to_string().contains("depth 3"), "{err}");
        }
    }
    let Err(err) = "alphabeta:3"
        .parse::<AgentSpec>()
        .unwrap()
        .chaturaji_agent(1)
    else {
        panic!("alphabeta plays Chaturaji");
    };
    assert!(err.to_string().contains("mcts or expectimax"), "{err}");
}

/// The move `searcher` finds in `text` at `depth`.
fn alphabeta_move(text: &str, depth: u32) -> (Move, i32) {
    let pos: Position = text.parse().unwrap();
    let thought = AlphaBeta::default().search(&pos, &Limit::depth(depth));
    (thought.best.unwrap(), thought.score)
}

#[test]
fn alphabeta_takes_the_home_stone() {
    // Yellow may take Red's Ubar (b9) or Red's Home Stone (j10): the stone
    // wins at once.
    let text = "9h/1u8/10/10/10/10/10/10/10/1B2H4B y 20 -";
    for depth in 1..=4 {
        let (mv, score) = alphabeta_move(text, depth);
        assert_eq!(mv.to_string(), "j1j10", "depth {depth}");
        assert_eq!(score, MATE - 1);
    }
    // Also greedy and MCTS see it.
    let game = Kaissa::new(text.parse().unwrap());
    assert_eq!(
        GreedyAgent::new(1).choose(&game).unwrap().to_string(),
        "j1j10"
    );
    let mut mcts = Mcts::new(MctsConfig::default(), 1).with_budget(Limit::nodes(300));
    assert_eq!(mcts.choose(&game).unwrap().to_string(), "j1j10");
}

#[test]
fn alphabeta_avoids_an_immediate_loss() {
    // Red's Builder on a1 attacks Yellow's Home Stone on e1 along the back
    // rank; Yellow could take a Red Ubar on j5 with its Builder. Taking
    // the Ubar loses at once: Yellow must save the stone.
    // (The Ubar also sees e1 and f2 along its diagonal: only d2 and e2
    // are safe squares for the stone.)
    let text = "9h/10/10/10/9u/10/10/10/10/b3H4B y 20 -";
    for depth in 2..=4 {
        let (mv, score) = alphabeta_move(text, depth);
        let mut pos: Position = text.parse().unwrap();
        pos.play(mv).unwrap();
        let stone = pos
            .stone_square(kaissa_chaturaji::kaissa::Side::Yellow)
            .unwrap();
        let threats = pos.legal_moves().iter().filter(|m| m.to() == stone).count();
        assert_eq!(threats, 0, "depth {depth}: {mv} leaves the stone en prise");
        assert!(score > -MATE + 100, "depth {depth}: scored as lost");
    }
}

#[test]
fn alphabeta_limits_stop_it() {
    let pos = Position::start();
    let report = AlphaBeta::default().search(&pos, &Limit::nodes(2_000));
    assert!(report.best.is_some());
    assert!(report.nodes <= 2_100, "{} nodes", report.nodes);
    let timed = AlphaBeta::default().search(&pos, &Limit::time(Duration::from_millis(30)));
    assert!(timed.best.is_some() && timed.depth >= 1);
    // A forced move (turn 10: the stone must go to a1, the one empty
    // square of the back rank) is played without a search.
    let forced: Position = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 10 Hh"
        .parse()
        .unwrap();
    let report = AlphaBeta::default().search(&forced, &Limit::depth(5));
    assert_eq!(report.best.unwrap().to_string(), "H@a1");
    assert_eq!(report.depth, 0);
}

#[test]
fn a_raised_stop_flag_ends_each_search_early() {
    // Without the flag these would search for an hour (or 1e9 iterations,
    // or depth 8 of expectimax in Chaturaji): each returns a legal move.
    let stop = StopFlag::new();
    stop.raise();
    let pos = Position::start();
    let hour = Limit::time(Duration::from_secs(3600)).with_stop(stop.clone());
    let report = AlphaBeta::default().search(&pos, &hour);
    assert!(pos.legal_moves().contains(&report.best.unwrap()));
    assert!(report.nodes <= 2048, "{} nodes", report.nodes);
    let game = game::kaissa();
    let mut mcts: Mcts<Kaissa> = Mcts::new(MctsConfig::default(), 1);
    let many = Limit::nodes(1_000_000_000).with_stop(stop.clone());
    let report = mcts.think(&game, &many, &mut |_| {});
    assert_eq!(report.nodes, 1);
    assert!(game.legal_actions().contains(&report.best.unwrap()));
    let mut chaturaji = game::chaturaji(Rules::default());
    let roll = chaturaji.chance_outcomes()[3].0;
    chaturaji.apply(roll).unwrap();
    let mut expectimax = kaissa_chaturaji::agents::Expectimax::new(1);
    let deep = Limit::depth(8).with_stop(stop);
    let step = expectimax
        .think(&chaturaji, &deep, &mut |_| {})
        .best
        .unwrap();
    assert!(chaturaji.legal_actions().contains(&step));
}

/// Self-play with one MCTS agent on every seat, checking what each
/// search kept from the last; returns the visits kept in all.
fn reused_in_self_play<G: Game + kaissa_chaturaji::agents::AgentGame>(mut game: G) -> u32 {
    let mut roller = DiceRoller::new(8);
    let limit = Limit::nodes(400);
    let mut reuse = Mcts::new(MctsConfig::default(), 3);
    let mut fresh = Mcts::new(MctsConfig::default().with_reuse(false), 3);
    let mut reused_total = 0;
    let mut searches = 0;
    while searches < 6 && !game.is_over() {
        if game.actor() == Actor::Chance {
            let face = usize::from(roller.roll().face() - 2);
            let (roll, _) = game.chance_outcomes()[face];
            game.apply(roll).unwrap();
            continue;
        }
        let report = reuse.think(&game, &limit, &mut |_| {});
        if game.count_legal_actions() > 1 {
            assert!(reuse.root_visits() >= 400);
            reused_total += reuse.root_visits() - 400;
            fresh.think(&game, &limit, &mut |_| {});
            assert_eq!(fresh.root_visits(), 400);
            searches += 1;
        }
        game.apply(report.best.unwrap()).unwrap();
    }
    assert_eq!(searches, 6);
    reused_total
}

#[test]
fn mcts_keeps_the_subtree_it_reaches() {
    assert!(
        reused_in_self_play(game::kaissa()) > 0,
        "Kaissa kept nothing"
    );
    let chaturaji = game::chaturaji(Rules::default());
    assert!(reused_in_self_play(chaturaji) > 0, "Chaturaji kept nothing");
}

#[test]
fn mcts_reports_and_time_budgets() {
    let game = game::kaissa();
    let mut mcts: Mcts<Kaissa> = Mcts::new(MctsConfig::default(), 1);
    let report = mcts.think(&game, &Limit::nodes(100), &mut |_| {});
    assert_eq!(report.nodes, 100);
    assert_eq!(mcts.root_visits(), 100);
    assert!(mcts.tree_size() > 40);
    assert_eq!(report.pv.first(), report.best.as_ref());
    assert!(report.depth >= 1 && report.score.abs() < 4000);
    let mut timed: Mcts<Kaissa> = Mcts::new(MctsConfig::default(), 1);
    let twenty = Limit::time(Duration::from_millis(20));
    assert!(timed.think(&game, &twenty, &mut |_| {}).nodes >= 1);
    // A tree too small for its budget stops growing but still answers.
    let mut small: Mcts<Kaissa> = Mcts::new(MctsConfig::default().with_max_nodes(10), 1);
    let report = small.think(&game, &Limit::nodes(3_000), &mut |_| {});
    assert!(small.tree_size() <= 4096);
    assert!(game.legal_actions().contains(&report.best.unwrap()));
    // MCTS refuses a depth.
    assert!(mcts.check(&Limit::depth(3)).is_err());
    // Reset forgets the tree.
    Agent::<Kaissa>::reset(&mut mcts);
    mcts.think(&game, &Limit::nodes(100), &mut |_| {});
    assert_eq!(mcts.root_visits(), 100);
}

#[test]
fn greedy_takes_the_most() {
    // Ludii: Green's horse on a1 (roll 3) may take Red's elephant on b3
    // or Red's pawn on c2: the elephant is worth more.
    use kaissa_chaturaji::chaturaji::{Position as CPosition, Roll};
    let text = "8/8/8/8/8/1,rE,6/2,rP,5/gH,3,rK,3 g 0,0,0,0 - 0";
    let mut game = Chaturaji::new(CPosition::from_text(text, Rules::ludii()).unwrap());
    game.apply(ChaturajiStep::Roll(Roll::new(3).unwrap()))
        .unwrap();
    let step = GreedyAgent::new(1).choose(&game).unwrap();
    assert_eq!(step.to_string(), "a1b3");
}
