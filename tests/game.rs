//! The shared `Game` trait against each game's own API: perft over the trait
//! equals the game's perft under every rules option, apply/undo restore
//! the game, the checked paths refuse what is not legal, action texts read
//! back, and returns follow the documented rule.

use kaissa_chaturaji::chaturaji::{self, Alliances, Colour, Roll, Rules};
use kaissa_chaturaji::error::IllegalMoveReason;
use kaissa_chaturaji::game::{
    self, Actor, AnyAction, AnyGame, Chaturaji, ChaturajiStep, Game, Kaissa,
};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

/// Every rules option of Chaturaji.
fn all_rules() -> [Rules; 4] {
    [
        Rules::default(),
        Rules::default().with_alliances(Alliances::Opposite),
        Rules::default().with_draw_limit(None),
        Rules::ludii(),
    ]
}

/// Plays one random action (a chance outcome at a chance node).
fn random_step<G: Game>(game: &mut G, rng: &mut SplitMix64) -> G::Undo {
    match game.actor() {
        Actor::Player(_) => {
            let actions = game.legal_actions();
            let actions = actions.as_ref();
            let action = actions[rng.below(actions.len() as u64) as usize];
            game.apply(action).expect("a listed action is legal")
        }
        Actor::Chance => {
            let outcomes = game.chance_outcomes();
            let (outcome, _) = outcomes[rng.below(outcomes.len() as u64) as usize];
            game.apply(outcome).expect("a chance outcome is legal")
        }
        Actor::Over => panic!("no step after the end"),
    }
}

/// Games along random paths from `start`: the positions the tests compare
/// at, every `every`-th step, the end included.
fn sample_games<G: Game + Clone>(start: &G, seed: u64, every: usize, games: usize) -> Vec<G> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut game = start.clone();
        let mut step = 0;
        while !game.is_over() && step < 2_000 {
            if step % every == 0 {
                out.push(game.clone());
            }
            let _ = random_step(&mut game, &mut rng);
            step += 1;
        }
        out.push(game);
    }
    out
}

#[test]
fn kaissa_perft_over_the_trait_equals_kaissa_perft() {
    // 40, 1600, 70656: Fairy-Stockfish's counts (tests/data/kaissa.perft).
    let start = game::kaissa();
    assert_eq!(game::perft(&start, 1), 40);
    assert_eq!(game::perft(&start, 2), 1600);
    assert_eq!(game::perft(&start, 3), 70_656);
    for game in sample_games(&start, 11, 17, 6) {
        for depth in 0..=2 {
            assert_eq!(
                game::perft(&game, depth),
                kaissa::perft(game.position(), depth),
                "depth {depth} at {}",
                game.position()
            );
        }
    }
}

#[test]
fn kaissa_perft_data_over_the_trait() {
    // The Fairy-Stockfish counts of tests/data/kaissa.perft, up to 100,000
    // nodes each (the larger ones are for the release-mode perft tests).
    let data = include_str!("data/kaissa.perft");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut fields = line.splitn(3, ' ');
        let depth: u32 = fields.next().unwrap().parse().unwrap();
        let nodes: u64 = fields.next().unwrap().parse().unwrap();
        let pos: kaissa::Position = fields.next().unwrap().parse().unwrap();
        if nodes <= 100_000 {
            assert_eq!(game::perft(&Kaissa::new(pos), depth), nodes, "{line}");
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} lines checked");
}

#[test]
fn chaturaji_perft_over_the_trait_equals_chaturaji_perft() {
    // 10^d for d <= 4 (no move of the first round meets another army) and
    // 111900 / 113800 at depth 5 (the rules reference's independent
    // reference counts, sheet / opposite alliances).
    let sheet = game::chaturaji(Rules::default());
    for depth in 0..=4 {
        assert_eq!(game::perft(&sheet, depth), 10u64.pow(depth));
    }
    assert_eq!(game::perft(&sheet, 5), 111_900);
    let opposite = game::chaturaji(Rules::default().with_alliances(Alliances::Opposite));
    assert_eq!(game::perft(&opposite, 5), 113_800);
    for rules in all_rules() {
        let start = game::chaturaji(rules);
        assert_eq!(
            game::perft(&start, 4),
            chaturaji::perft(start.position(), 4),
            "{rules:?}"
        );
        for game in sample_games(&start, 5, 23, 8) {
            // The trait's perft starts wherever the game is: at a chance
            // node it equals the game's perft; after a roll, the sum for
            // that face.
            for depth in 0..=3 {
                let expected = match game.pending_roll() {
                    None => chaturaji::perft(game.position(), depth),
                    Some(roll) => chaturaji::perft_divide(game.position(), depth)
                        .into_iter()
                        .filter(|&(face, _, _)| face == Some(roll) || face.is_none())
                        .map(|(_, _, nodes)| nodes)
                        .sum::<u64>()
                        .max(u64::from(depth == 0)),
                };
                assert_eq!(
                    game::perft(&game, depth),
                    expected,
                    "{rules:?} depth {depth} roll {:?} at {}",
                    game.pending_roll(),
                    game.position()
                );
            }
        }
    }
}

#[test]
fn a_ludii_promotion_decision_is_a_player_node_without_a_roll() {
    // Green's pawn on a8... reaches its far edge (rank 8) with e7e8; the
    // decision follows at once, with no chance node.
    let pos =
        chaturaji::Position::from_text("8/gP,7/8/8/8/8/8/rK,6,gK g 0,0,0,0 - 10", Rules::ludii())
            .unwrap();
    let mut game = Chaturaji::new(pos);
    assert_eq!(game.actor(), Actor::Chance);
    game.apply("5".parse().unwrap()).unwrap();
    assert_eq!(game.actor(), Actor::Player(Colour::Green.index()));
    game.apply(game.parse_action("a7a8").unwrap()).unwrap();
    assert_eq!(
        game.position().pending_promotion(),
        Some("a8".parse().unwrap())
    );
    assert_eq!(game.actor(), Actor::Player(Colour::Green.index()));
    assert!(game.chance_outcomes().is_empty());
    let texts: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    assert_eq!(texts, ["=E", "=H", "=B"]);
    game.apply(game.parse_action("=H").unwrap()).unwrap();
    assert_eq!(game.actor(), Actor::Chance);
}

#[test]
fn a_forced_pass_is_the_single_action() {
    let mut game = game::chaturaji(Rules::default());
    game.apply(ChaturajiStep::Roll(Roll::new(4).unwrap()))
        .unwrap();
    let actions = game.legal_actions();
    assert_eq!(actions.len(), 1);
    assert_eq!(actions[0].to_string(), "pass");
    assert_eq!(game.count_legal_actions(), 1);
}

#[test]
fn apply_and_undo_restore_the_game_and_its_hash() {
    fn check<G: Game + Clone + PartialEq + std::fmt::Debug>(start: G, seed: u64) {
        let mut rng = SplitMix64::new(seed);
        let mut game = start;
        let mut plies = 0;
        while !game.is_over() && plies < 600 {
            let before = game.clone();
            let undo = random_step(&mut game, &mut rng);
            let after = game.clone();
            game.undo(undo.clone()).expect("the last record");
            assert_eq!(game, before);
            assert_eq!(game.hash(), before.hash());
            // A record used once is stale: the checked undo refuses it and
            // changes nothing.
            if game != after {
                assert!(game.undo(undo.clone()).is_err());
                assert_eq!(game, before);
            }
            let undo = game.apply_unchecked(first_listed(&game));
            game.undo_unchecked(undo);
            assert_eq!(game, before);
            let _ = random_step(&mut game, &mut rng);
            plies += 1;
        }
    }
    fn first_listed<G: Game>(game: &G) -> G::Action {
        match game.actor() {
            Actor::Player(_) => game.legal_actions().as_ref()[0],
            _ => game.chance_outcomes()[0].0,
        }
    }
    for seed in 0..4 {
        check(game::kaissa(), seed);
        check(AnyGame::kaissa(), seed);
        for rules in all_rules() {
            check(game::chaturaji(rules), seed);
            check(AnyGame::chaturaji(rules), seed);
        }
    }
}

#[test]
fn hash_distinguishes_a_pending_roll() {
    let start = game::chaturaji(Rules::default());
    let mut hashes = vec![start.hash()];
    for face in 2..=5 {
        let mut game = start.clone();
        game.apply(ChaturajiStep::Roll(Roll::new(face).unwrap()))
            .unwrap();
        hashes.push(game.hash());
    }
    hashes.sort_unstable();
    hashes.dedup();
    assert_eq!(hashes.len(), 5);
}

#[test]
fn the_checked_paths_refuse_what_is_not_legal_and_change_nothing() {
    let mut chaturaji = game::chaturaji(Rules::default());
    let before = chaturaji.clone();
    let mv = chaturaji.parse_action("h1f3").unwrap();
    let err = chaturaji.apply(mv).unwrap_err();
    assert_eq!(err.reason(), IllegalMoveReason::RollPending);
    assert_eq!(chaturaji, before);
    chaturaji
        .apply(ChaturajiStep::Roll(Roll::new(3).unwrap()))
        .unwrap();
    let rolled = chaturaji.clone();
    let err = chaturaji
        .apply(ChaturajiStep::Roll(Roll::new(2).unwrap()))
        .unwrap_err();
    assert_eq!(err.reason(), IllegalMoveReason::RollNotExpected);
    let err = chaturaji.apply(mv).unwrap_err();
    assert_eq!(err.reason(), IllegalMoveReason::NotForThisRoll);
    assert_eq!(chaturaji, rolled);

    let mut kaissa = game::kaissa();
    let err = kaissa
        .apply(kaissa.parse_action("e2e6").unwrap())
        .unwrap_err();
    assert_eq!(err.reason(), IllegalMoveReason::CannotReach);
    assert_eq!(kaissa, game::kaissa());
    for bad in ["", "e2", "zz", "H@", "6", "1", "pass pass", "\u{0}"] {
        assert!(kaissa.parse_action(bad).is_err(), "{bad:?}");
    }
    for bad in ["", "6", "1", "0", "22", "h1", "=Q", "\u{a0}2"] {
        assert!(chaturaji.parse_action(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn every_listed_action_reads_back_from_its_text() {
    fn check<G: Game + Clone>(start: &G) {
        for game in sample_games(start, 3, 5, 3) {
            let actions = game.legal_actions();
            let outcomes = game.chance_outcomes();
            let all = actions
                .as_ref()
                .iter()
                .copied()
                .chain(outcomes.iter().map(|&(a, _)| a));
            for action in all {
                assert_eq!(game.parse_action(&action.to_string()).unwrap(), action);
            }
        }
    }
    check(&game::kaissa());
    check(&AnyGame::kaissa());
    for rules in all_rules() {
        check(&game::chaturaji(rules));
        check(&AnyGame::chaturaji(rules));
    }
}

#[test]
fn returns_are_zero_until_the_end_and_sum_to_zero() {
    fn check<G: Game + Clone>(start: &G, seed: u64) -> Vec<f64> {
        let mut rng = SplitMix64::new(seed);
        let mut game = start.clone();
        let mut plies = 0;
        while !game.is_over() && plies < 20_000 {
            assert!(game.returns().iter().all(|&r| r == 0.0));
            assert_eq!(game.returns().len(), game.players());
            let _ = random_step(&mut game, &mut rng);
            plies += 1;
        }
        let returns = game.returns();
        assert!(returns.iter().sum::<f64>().abs() < 1e-12, "{returns:?}");
        returns.to_vec()
    }
    for seed in 0..6 {
        let returns = check(&game::kaissa(), seed);
        assert!(returns == [0.0, 0.0] || returns == [1.0, -1.0] || returns == [-1.0, 1.0]);
        for rules in all_rules() {
            let returns = check(&game::chaturaji(rules), seed);
            let values: Vec<f64> = returns.clone();
            if rules.is_ludii() {
                let winners = values.iter().filter(|&&r| r == 1.0).count();
                let losers = values
                    .iter()
                    .filter(|&&r| (r + 1.0 / 3.0).abs() < 1e-12)
                    .count();
                assert!(
                    (winners, losers) == (1, 3) || values == [0.0; 4],
                    "{values:?}"
                );
            } else {
                let winners = values.iter().filter(|&&r| r == 1.0).count();
                let losers = values.iter().filter(|&&r| r == -1.0).count();
                assert!(
                    (winners, losers) == (2, 2) || values == [0.0; 4],
                    "{values:?}"
                );
            }
        }
    }
}

#[test]
fn kaissa_returns_name_the_winner() {
    let pos: kaissa::Position = "4h5/4U5/10/10/10/10/10/10/10/4H5 y 30 -".parse().unwrap();
    let mut game = Kaissa::new(pos);
    game.apply(game.parse_action("e9e10").unwrap()).unwrap();
    assert_eq!(game.actor(), Actor::Over);
    assert_eq!(game.returns().as_slice(), &[1.0, -1.0]);
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.count_legal_actions(), 0);
    assert_eq!(game::perft(&game, 3), 0);
    assert_eq!(game::perft(&game, 0), 1);
}

#[test]
fn chaturaji_returns_follow_the_alliances() {
    // Red and Green (the sheet's alliance) have taken every piece of
    // Black and Yellow.
    let pos =
        chaturaji::Position::from_text("8/8/8/8/8/8/8/3,gK,3,rK r rxxg - - 0 40", Rules::default())
            .unwrap();
    let game = Chaturaji::new(pos);
    assert_eq!(game.actor(), Actor::Over);
    assert_eq!(game.returns().as_slice(), &[1.0, -1.0, -1.0, 1.0]);
    // Under Ludii, the one top score wins.
    let pos = chaturaji::Position::from_text("8/8/8/8/8/8/8/3,gK,4 r 3,0,0,7 - 40", Rules::ludii())
        .unwrap();
    let game = Chaturaji::new(pos);
    assert_eq!(game.actor(), Actor::Over);
    let third = -1.0 / 3.0;
    assert_eq!(game.returns().as_slice(), &[third, third, third, 1.0]);
}

#[test]
fn any_game_perft_equals_each_games_perft() {
    // 70656: Fairy-Stockfish's count (tests/data/kaissa.perft).
    assert_eq!(game::perft(&AnyGame::from(game::kaissa()), 3), 70_656);
    let opposite = Rules::default().with_alliances(Alliances::Opposite);
    for rules in [Rules::default(), opposite, Rules::ludii()] {
        let start = chaturaji::Position::start(rules);
        for depth in 0..=4 {
            assert_eq!(
                game::perft(&AnyGame::from(game::chaturaji(rules)), depth),
                chaturaji::perft(&start, depth),
                "{rules:?} depth {depth}"
            );
        }
    }
    // Away from the start, and after a roll (the generic loop's own path
    // is the one dispatched to).
    for game in sample_games(&game::chaturaji(Rules::ludii()), 5, 9, 2) {
        assert_eq!(
            game::perft(&AnyGame::from(game.clone()), 2),
            game::perft(&game, 2)
        );
    }
}

#[test]
fn any_game_lists_the_inner_games_actions_and_returns() {
    for start in [AnyGame::kaissa(), AnyGame::chaturaji(Rules::ludii())] {
        for game in sample_games(&start, 11, 7, 2) {
            let (actions, outcomes, returns) = match &game {
                AnyGame::Kaissa(inner) => (
                    inner
                        .legal_actions()
                        .into_iter()
                        .map(AnyAction::from)
                        .collect::<Vec<_>>(),
                    inner.chance_outcomes().len(),
                    inner.returns(),
                ),
                AnyGame::Chaturaji(inner) => (
                    inner
                        .legal_actions()
                        .into_iter()
                        .map(AnyAction::from)
                        .collect(),
                    inner.chance_outcomes().len(),
                    inner.returns(),
                ),
            };
            assert_eq!(game.legal_actions().as_slice(), actions.as_slice());
            assert_eq!(game.count_legal_actions(), actions.len());
            assert_eq!(game.chance_outcomes().len(), outcomes);
            assert_eq!(game.returns(), returns);
        }
    }
}

#[test]
fn any_game_refuses_the_other_games_actions_and_records() {
    let mut kaissa = AnyGame::kaissa();
    let mut chaturaji = AnyGame::chaturaji(Rules::default());
    let roll = chaturaji.chance_outcomes()[0].0;
    let err = kaissa.apply(roll).unwrap_err();
    assert_eq!(err.reason(), IllegalMoveReason::WrongGame);
    assert_eq!(kaissa, AnyGame::kaissa());
    let mv = kaissa.legal_actions()[0];
    assert_eq!(
        chaturaji.apply(mv).unwrap_err().reason(),
        IllegalMoveReason::WrongGame
    );
    // A record of the other game is refused, and changes nothing.
    let undo = chaturaji.apply(roll).unwrap();
    assert!(kaissa.undo(undo.clone()).is_err());
    assert_eq!(kaissa, AnyGame::kaissa());
    chaturaji.undo(undo).unwrap();
    assert_eq!(chaturaji, AnyGame::chaturaji(Rules::default()));
    // Unchecked, the other game's action changes nothing either.
    let undo = kaissa.apply_unchecked(roll);
    assert_eq!(kaissa, AnyGame::kaissa());
    kaissa.undo_unchecked(undo);
    assert_eq!(kaissa, AnyGame::kaissa());
}

#[test]
fn any_game_text_goes_out_and_back_in() {
    for (name, rules) in [
        ("kaissa", Rules::default()),
        ("chaturaji", Rules::default()),
        ("chaturaji", Rules::ludii()),
    ] {
        let start = AnyGame::named(name, rules).unwrap();
        assert_eq!(start.name(), name);
        for game in sample_games(&start, 2, 13, 2) {
            assert_eq!(game.outcome().is_over(), game.is_over());
            if game.actor() == Actor::Chance || game.is_over() {
                let text = game.to_string();
                assert_eq!(start.with_position_text(&text).unwrap(), game);
            }
        }
    }
    assert!(AnyGame::kaissa().with_position_text("10/10 y").is_err());
    let err = AnyGame::named("Chess", Rules::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown game \"Chess\": expected kaissa or chaturaji"
    );
}
