//! Soak tests: at least a million random plies per game, every cheap
//! invariant checked at every ply. They are `#[ignore]`d (minutes in debug);
//! run them in release with
//!
//! ```sh
//! cargo test --release --test soak -- --ignored --nocapture
//! ```
//!
//! Each game is seeded (SplitMix64), so a failure names the game's seed and
//! ply and replays exactly. At every ply: `validate()`, incremental hash ==
//! `compute_hash()`, every generated move `is_legal`, no duplicate moves,
//! the outcome against the move list, and play/undo of every legal move
//! (for the roll thrown) restoring the exact position and hash. Every `TEXT_EVERY`-th ply the position text
//! round-trips; every `SWEEP_EVERY`-th ply `is_legal` is asked about every
//! from/to pair of the board (plus placements / promotion suffixes / pass)
//! and compared with the move lists. The tests print plies per second and
//! how the games ended.
//!
//! Self-contained: it shares no code with `props_*.rs`.

use std::collections::HashSet;
use std::time::Instant;

use kaissa_chaturaji::random::{RandomSource, SplitMix64};

const TARGET_PLIES: u64 = 1_000_000;
const TEXT_EVERY: u64 = 2;
const SWEEP_EVERY: u64 = 211;

mod chaturaji_soak {
    use super::*;
    use kaissa_chaturaji::chaturaji::{
        Alliances, Colour, Move, MoveList, Outcome, PieceKind, Position, Roll, Rules, Square,
    };

    fn sweep(pos: &Position, roll: Roll, moves: &MoveList) {
        let generated: HashSet<Move> = moves.iter().copied().collect();
        let mut accepted = 0;
        for from in Square::all() {
            for to in Square::all() {
                let mut check = |mv: Move| {
                    let legal = pos.is_legal(roll, mv);
                    assert_eq!(legal, generated.contains(&mv), "{mv} for {roll} in {pos}");
                    accepted += usize::from(legal);
                };
                check(Move::Normal { from, to });
                for kind in PieceKind::ALL {
                    check(Move::Promotion { from, to, kind });
                }
            }
        }
        let pass = pos.is_legal(roll, Move::Pass);
        assert_eq!(pass, generated.contains(&Move::Pass));
        accepted += usize::from(pass);
        assert_eq!(accepted, moves.len(), "{roll} in {pos}");
    }

    #[derive(Debug, Default)]
    struct Stats {
        games: u64,
        plies: u64,
        wins: [u64; 2],
        draws: u64,
        exchanges: u64,
        passes: u64,
        conquests: u64,
        sweeps: u64,
    }

    fn run(rules: Rules, seed_base: u64, target: u64) -> Stats {
        let mut stats = Stats::default();
        let mut moves = MoveList::new();
        let mut seed = seed_base;
        while stats.plies < target {
            seed += 1;
            stats.games += 1;
            let mut rng = SplitMix64::new(seed);
            let mut pos = Position::start(rules);
            let mut game_ply = 0u64;
            loop {
                let ctx = |game_ply| format!("seed {seed}, ply {game_ply}");
                assert_eq!(pos.validate(), Ok(()), "{}: {pos}", ctx(game_ply));
                assert_eq!(pos.hash(), pos.compute_hash(), "{}", ctx(game_ply));
                let n = stats.plies;
                if n % TEXT_EVERY == 0 {
                    let text = pos.to_string();
                    let back = Position::from_text(&text, rules)
                        .unwrap_or_else(|e| panic!("{}: {text:?}: {e}", ctx(game_ply)));
                    assert_eq!(back, pos, "{}", ctx(game_ply));
                }
                // Sometimes agree an exchange.
                if rng.below(4) == 0 {
                    let pairs = pos.possible_exchanges();
                    if !pairs.is_empty() {
                        let (a, b) = pairs[rng.below(pairs.len() as u64) as usize];
                        let sa: Vec<Square> = pos.raja_return_squares(a).iter().collect();
                        let sb: Vec<Square> = pos.raja_return_squares(b).iter().collect();
                        let sa = sa[rng.below(sa.len() as u64) as usize];
                        let sb = sb[rng.below(sb.len() as u64) as usize];
                        pos.apply_exchange((a, sa), (b, sb))
                            .unwrap_or_else(|e| panic!("{}: {e}", ctx(game_ply)));
                        assert_eq!(pos.validate(), Ok(()), "{}", ctx(game_ply));
                        stats.exchanges += 1;
                    }
                }
                let roll = Roll::ALL[rng.below(4) as usize];
                pos.generate_moves(roll, &mut moves);
                let finished = pos.is_over();
                assert_eq!(moves.is_empty(), finished, "{}", ctx(game_ply));
                assert_eq!(pos.count_legal_moves(roll), moves.len());
                if n % SWEEP_EVERY == 0 {
                    for r in Roll::ALL {
                        let mut all = MoveList::new();
                        pos.generate_moves(r, &mut all);
                        sweep(&pos, r, &all);
                    }
                    stats.sweeps += 1;
                }
                if finished {
                    match pos.outcome() {
                        Outcome::AllianceWins(a) => {
                            stats.wins[usize::from(a.contains(&Colour::Black))] += 1
                        }
                        Outcome::Draw => stats.draws += 1,
                        other => unreachable!("{other}"),
                    }
                    break;
                }
                let mut seen = HashSet::new();
                for &mv in moves.iter() {
                    assert!(seen.insert(mv), "duplicate {mv}: {}", ctx(game_ply));
                    assert!(pos.is_legal(roll, mv), "{mv}: {}", ctx(game_ply));
                }
                {
                    let before = pos.clone();
                    for &mv in moves.iter() {
                        let undo = pos.play_unchecked(mv);
                        assert_eq!(pos.hash(), pos.compute_hash(), "{mv}: {}", ctx(game_ply));
                        pos.undo(undo)
                            .unwrap_or_else(|e| panic!("{mv}: {e}: {}", ctx(game_ply)));
                        assert_eq!(pos, before, "undo {mv}: {}", ctx(game_ply));
                    }
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                if mv == Move::Pass {
                    stats.passes += 1;
                }
                let before = pos.clone();
                let commanders = Colour::ALL.map(|c| pos.commander(c));
                let undo = pos
                    .play(roll, mv)
                    .unwrap_or_else(|e| panic!("{mv}: {e}: {}", ctx(game_ply)));
                assert_eq!(pos.hash(), pos.compute_hash(), "{mv}: {}", ctx(game_ply));
                let mut back = pos.clone();
                back.undo(undo)
                    .unwrap_or_else(|e| panic!("{mv}: {e}: {}", ctx(game_ply)));
                assert_eq!(back, before, "undo {mv}: {}", ctx(game_ply));
                assert_eq!(back.hash(), before.hash());
                if Colour::ALL.iter().any(|&c| {
                    commanders[c.index()] == Some(c) && pos.commander(c).is_some_and(|s| s != c)
                }) {
                    stats.conquests += 1;
                }
                stats.plies += 1;
                game_ply += 1;
            }
        }
        stats
    }

    #[test]
    #[ignore = "soak: run with cargo test --release --test soak -- --ignored --nocapture"]
    fn chaturaji_million_plies() {
        for (name, rules, base) in [
            ("sheet", Rules::default(), 0),
            (
                "opposite",
                Rules::default().with_alliances(Alliances::Opposite),
                1 << 32,
            ),
        ] {
            let start = Instant::now();
            let stats = run(rules, base, TARGET_PLIES);
            let secs = start.elapsed().as_secs_f64();
            println!(
                "chaturaji ({name}): {} plies in {} games, {:.1} s, {:.0} plies/s; \
                 wins r-alliance {} / b-alliance {}, draws {}, passes {}, exchanges {}, \
                 conquests {}, legality sweeps {}",
                stats.plies,
                stats.games,
                secs,
                stats.plies as f64 / secs,
                stats.wins[0],
                stats.wins[1],
                stats.draws,
                stats.passes,
                stats.exchanges,
                stats.conquests,
                stats.sweeps
            );
            assert!(stats.plies >= TARGET_PLIES);
            assert_eq!(
                stats.wins[0] + stats.wins[1] + stats.draws,
                stats.games,
                "every game ends"
            );
        }
    }
}

mod kaissa_soak {
    use super::*;
    use kaissa_chaturaji::kaissa::{Move, MoveList, Outcome, Position, Side, Square};

    /// Kaissa games are capped at this many plies (a game may shuffle on).
    const MAX_GAME_PLIES: u64 = 600;

    fn sweep(pos: &Position, moves: &MoveList) {
        let generated: HashSet<Move> = moves.iter().copied().collect();
        let mut accepted = 0;
        for from in Square::all() {
            for to in Square::all() {
                let mv = Move::Normal { from, to };
                let legal = pos.is_legal(mv);
                assert_eq!(legal, generated.contains(&mv), "{mv} in {pos}");
                accepted += usize::from(legal);
            }
            let mv = Move::Place { to: from };
            let legal = pos.is_legal(mv);
            assert_eq!(legal, generated.contains(&mv), "{mv} in {pos}");
            accepted += usize::from(legal);
        }
        assert_eq!(accepted, moves.len(), "{pos}");
    }

    #[test]
    #[ignore = "soak: run with cargo test --release --test soak -- --ignored --nocapture"]
    fn kaissa_million_plies() {
        let start = Instant::now();
        let (mut plies, mut games, mut capped, mut sweeps) = (0u64, 0u64, 0u64, 0u64);
        let mut wins = [0u64; 2];
        let mut draws = 0u64;
        let mut placements = 0u64;
        let mut seed = 0u64;
        while plies < TARGET_PLIES {
            seed += 1;
            games += 1;
            let mut rng = SplitMix64::new(seed);
            let mut pos = Position::start();
            let mut game_ply = 0u64;
            loop {
                let ctx = format!("seed {seed}, ply {game_ply}");
                assert_eq!(pos.validate(), Ok(()), "{ctx}: {pos}");
                assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}");
                if plies % TEXT_EVERY == 0 {
                    let text = pos.to_string();
                    let back: Position = text
                        .parse()
                        .unwrap_or_else(|e| panic!("{ctx}: {text:?}: {e}"));
                    assert_eq!(back, pos, "{ctx}");
                }
                let moves = pos.legal_moves();
                assert_eq!(pos.count_legal_moves(), moves.len());
                assert_eq!(
                    pos.outcome() == Outcome::Ongoing,
                    !moves.is_empty(),
                    "{ctx}"
                );
                if plies % SWEEP_EVERY == 0 {
                    sweep(&pos, &moves);
                    sweeps += 1;
                }
                if moves.is_empty() {
                    match pos.outcome() {
                        Outcome::Win { winner, .. } => wins[(winner == Side::Red) as usize] += 1,
                        _ => draws += 1,
                    }
                    break;
                }
                if game_ply >= MAX_GAME_PLIES {
                    capped += 1;
                    break;
                }
                let mut seen = HashSet::new();
                for &mv in moves.iter() {
                    assert!(seen.insert(mv), "duplicate {mv}: {ctx}");
                    assert!(pos.is_legal(mv), "{mv}: {ctx}");
                }
                {
                    let before = pos.clone();
                    for &mv in moves.iter() {
                        let undo = pos.play(mv).unwrap_or_else(|e| panic!("{e}: {ctx}"));
                        assert_eq!(pos.hash(), pos.compute_hash(), "{mv}: {ctx}");
                        pos.undo(undo).unwrap_or_else(|e| panic!("{e}: {ctx}"));
                        assert_eq!(pos, before, "undo {mv}: {ctx}");
                    }
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                if matches!(mv, Move::Place { .. }) {
                    placements += 1;
                }
                let before = pos.clone();
                let undo = pos.play(mv).unwrap_or_else(|e| panic!("{e}: {ctx}"));
                assert_eq!(pos.hash(), pos.compute_hash(), "{mv}: {ctx}");
                let mut back = pos.clone();
                back.undo(undo).unwrap_or_else(|e| panic!("{e}: {ctx}"));
                assert_eq!(back, before, "undo {mv}: {ctx}");
                // A second use of the record is refused.
                assert!(back.undo(undo).is_err(), "undo twice {mv}: {ctx}");
                assert_eq!(back, before, "refused undo {mv}: {ctx}");
                plies += 1;
                game_ply += 1;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "kaissa: {plies} plies in {games} games, {secs:.1} s, {:.0} plies/s; \
             yellow wins {}, red wins {}, draws {draws}, capped at {MAX_GAME_PLIES} plies {capped}, \
             placements {placements}, legality sweeps {sweeps}",
            plies as f64 / secs,
            wins[0],
            wins[1],
        );
        assert!(plies >= TARGET_PLIES);
    }
}
