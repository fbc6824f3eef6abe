//! Property tests for Merchant Kaissa (the rules reference (docs/rules.md) §1 and §3), driven by
//! random playouts.
//!
//! A playout is a list of `(Index, bias)` pairs: at every ply the `Index`
//! picks one of the legal moves, and the bias (0..4) first narrows the choice
//! to the placements (0) or the captures (1) when there are any, so that Home
//! Stones get placed and captured far more often than uniform play would do.
//! Because the choices are indices into the legal move list, a failure
//! shrinks to a short game.
//!
//! At every ply the playout checks the invariants in [`check_position`] and
//! [`check_move`]; at some plies (every seventh, the Home Stone window plies
//! 15-20, and the last position) it also checks move generation against
//! `is_legal` over all 10,000 from/to pairs and all 100 `H@` squares.
//!
//! The Chaturaji properties live in their own file (`props_chaturaji.rs`).

use std::collections::BTreeSet;

use kaissa_chaturaji::error::UndoError;
use kaissa_chaturaji::kaissa::{
    perft, Bitboard, Move, MoveList, Outcome, Piece, PieceKind, Position, Setup, Side, Square,
    Undo, WinReason, FIRST_PLACEMENT_TURN, LAST_PLACEMENT_TURN, MAX_TURN, START_TEXT,
};
use proptest::prelude::*;
use proptest::sample::Index;

/// Where playouts start: the start position, and a few positions that reach
/// the rarer endings (a full back rank on turn 10, stones within reach of
/// enemy pieces) within a few plies.
const SEEDS: &[&str] = &[
    START_TEXT,
    // Back ranks full just before the window: a side that keeps its back
    // rank full until turn 10 loses by default.
    "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 7 Hh",
    // Red to move on turn 9, stone in hand, back rank full; Yellow's stone
    // stands on e1.
    "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTHUTSBI r 9 h",
    // Both stones on the board with sliders aimed at them.
    "4h5/1p8/10/3u6/10/10/6U3/10/8P1/4H5 y 12 -",
    // Yellow in the window with one free back-rank square; Red's stone placed.
    "ibstquts1h/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 H",
    // Sparse board, both stones in hand, Red to move on turn 8.
    "4u5/2p7/10/10/10/10/10/10/7P2/5U4 r 8 Hh",
];

/// The 100 squares, a1 first.
fn squares() -> Vec<Square> {
    Square::all().collect()
}

fn count_side(pos: &Position, side: Side) -> usize {
    Square::all()
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.side == side))
        .count()
}

/// Format, parse, format: the same text and an equal position with the same
/// hash.
fn check_round_trip(pos: &Position) {
    let text = pos.to_string();
    let parsed: Position = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} does not parse back: {e}"));
    assert_eq!(&parsed, pos, "parsing {text:?} gives another position");
    assert_eq!(parsed.to_string(), text);
    assert_eq!(parsed.hash(), pos.hash());
}

/// The Home Stone window of both sides against the legal moves.
fn check_window(pos: &Position, moves: &[Move]) {
    let side = pos.to_move();
    let placements: BTreeSet<Square> = moves
        .iter()
        .filter_map(|mv| match mv {
            Move::Place { to } => Some(*to),
            Move::Normal { .. } => None,
        })
        .collect();
    let window = pos.home_stone_window(side);
    assert_eq!(window.side, side);
    assert_eq!(window.first_turn, FIRST_PLACEMENT_TURN);
    assert_eq!(window.last_turn, LAST_PLACEMENT_TURN);
    assert_eq!(window.next_turn, pos.turn());
    assert_eq!(window.in_hand, pos.stone_in_hand(side));
    assert_eq!(
        window.open_now,
        !placements.is_empty(),
        "open_now disagrees with the moves in {pos}"
    );
    let window_squares: BTreeSet<Square> = window.squares.iter().collect();
    assert_eq!(window_squares, placements, "window squares in {pos}");
    if window.last_chance {
        assert_eq!(pos.turn(), LAST_PLACEMENT_TURN);
        assert!(window.in_hand);
        assert!(
            moves.iter().all(|mv| matches!(mv, Move::Place { .. })),
            "last chance but a non-placement move in {pos}"
        );
    }
    if !placements.is_empty() {
        assert!((FIRST_PLACEMENT_TURN..=LAST_PLACEMENT_TURN).contains(&pos.turn()));
        assert!(pos.stone_in_hand(side));
        let back = side.back_rank();
        assert!(placements
            .iter()
            .all(|sq| sq.rank() == back && pos.piece_at(*sq).is_none()));
    }
    // Stone in hand on turn 10 of an ongoing game: placements only, and they
    // are every empty square of the back rank.
    if pos.stone_in_hand(side) && pos.turn() == LAST_PLACEMENT_TURN && !moves.is_empty() {
        assert!(window.last_chance);
        let empty_back: BTreeSet<Square> = Square::all()
            .filter(|sq| sq.rank() == side.back_rank() && pos.piece_at(*sq).is_none())
            .collect();
        assert_eq!(placements, empty_back);
    }
    // The side not to move can never place now.
    let other = pos.home_stone_window(side.other());
    assert!(!other.open_now && !other.last_chance && other.squares.is_empty());
    assert_eq!(other.in_hand, pos.stone_in_hand(side.other()));
    let other_next = match side {
        Side::Yellow => pos.turn(),
        Side::Red => pos.turn() + 1,
    };
    assert_eq!(other.next_turn, other_next);
}

/// The outcome against the legal moves.
fn check_outcome(pos: &Position, moves: &[Move]) {
    let side = pos.to_move();
    let outcome = pos.outcome();
    assert_eq!(outcome == Outcome::Ongoing, !moves.is_empty(), "{pos}");
    assert_eq!(pos.has_legal_move(), !moves.is_empty());
    assert_eq!(pos.count_legal_moves(), moves.len());
    assert_eq!(outcome.is_over(), moves.is_empty());
    match outcome {
        Outcome::Ongoing => {}
        Outcome::Win {
            winner,
            reason: WinReason::HomeStoneCaptured,
        } => {
            assert_eq!(winner, side.other(), "the loser is to move: {pos}");
            assert!(pos.stone_captured(side));
        }
        Outcome::Win {
            winner,
            reason: WinReason::DefaultLoss,
        } => {
            assert_eq!(winner, side.other());
            assert!(pos.stone_in_hand(side));
            assert_eq!(pos.turn(), LAST_PLACEMENT_TURN);
            let window = pos.home_stone_window(side);
            assert!(window.last_chance && window.squares.is_empty());
            assert!(Square::all()
                .filter(|sq| sq.rank() == side.back_rank())
                .all(|sq| pos.piece_at(sq).is_some()));
        }
        Outcome::Draw { .. } => {
            assert!(!pos.stone_captured(Side::Yellow) && !pos.stone_captured(Side::Red));
        }
        other => panic!("the library never returns {other:?}"),
    }
}

/// Move generation against `is_legal` over every from/to pair and every
/// `H@` square: 10,100 checks.
fn check_exhaustive(pos: &Position, moves: &[Move], all: &[Square]) {
    let generated: BTreeSet<String> = moves.iter().map(Move::to_string).collect();
    let mut accepted = 0usize;
    for &from in all {
        for &to in all {
            let mv = Move::Normal { from, to };
            let legal = pos.is_legal(mv);
            if legal {
                accepted += 1;
                assert_ne!(from, to);
            }
            assert_eq!(
                legal,
                generated.contains(&mv.to_string()),
                "is_legal({mv}) = {legal} disagrees with the move list in {pos}"
            );
        }
        let mv = Move::Place { to: from };
        let legal = pos.is_legal(mv);
        accepted += usize::from(legal);
        assert_eq!(
            legal,
            generated.contains(&mv.to_string()),
            "is_legal({mv}) = {legal} disagrees with the move list in {pos}"
        );
    }
    assert_eq!(accepted, moves.len());
}

/// Every invariant of one position; returns its legal moves.
fn check_position(pos: &Position, exhaustive: bool, all: &[Square]) -> MoveList {
    assert_eq!(pos.validate(), Ok(()), "{pos}");
    assert_eq!(pos.hash(), pos.compute_hash(), "{pos}");
    check_round_trip(pos);
    let moves = pos.legal_moves();
    let mut again = MoveList::new();
    pos.generate_moves(&mut again);
    assert_eq!(moves, again);
    let distinct: BTreeSet<String> = moves.iter().map(Move::to_string).collect();
    assert_eq!(distinct.len(), moves.len(), "duplicate moves in {pos}");
    assert!(
        moves.iter().all(|&mv| pos.is_legal(mv)),
        "a generated move is not legal"
    );
    check_window(pos, &moves);
    check_outcome(pos, &moves);
    check_target_sets(pos, &moves);
    // The set-up builder gives back the same position.
    assert_eq!(pos.to_setup().build().as_ref(), Ok(pos), "{pos}");
    if exhaustive || moves.is_empty() {
        check_exhaustive(pos, &moves, all);
    }
    // Every legal move: play then undo restores position and hash, and the
    // incremental hash after the move equals a full recompute.
    let mut scratch = pos.clone();
    for &mv in &moves {
        let undo = scratch.play(mv).expect("a legal move");
        assert_eq!(
            scratch.hash(),
            scratch.compute_hash(),
            "after {mv} in {pos}"
        );
        scratch.undo(undo).expect("the last move's record");
        assert_eq!(&scratch, pos, "undo of {mv}");
        assert_eq!(scratch.hash(), pos.hash());
    }
    moves
}

/// The moves as target sets: square by square they are the move list in
/// its order, and kind by kind the same sets in another order.
fn check_target_sets(pos: &Position, moves: &[Move]) {
    let mut listed = Vec::new();
    let mut sets = Vec::new();
    pos.for_each_target_set(|from, targets| {
        sets.push((from, targets));
        for to in targets {
            listed.push(match from {
                Some(from) => Move::Normal { from, to },
                None => Move::Place { to },
            });
        }
    });
    assert_eq!(listed, moves, "{pos}");
    let mut by_kind = Vec::new();
    pos.for_each_target_set_by_kind(|from, targets| by_kind.push((from, targets)));
    let key =
        |&(from, targets): &(Option<Square>, Bitboard)| (from.map(Square::index), targets.bits());
    sets.sort_by_key(key);
    by_kind.sort_by_key(key);
    assert_eq!(by_kind, sets, "{pos}");
}

/// What one move does to the pieces: nothing appears from nowhere, a capture
/// removes exactly one enemy piece, a placement adds exactly the stone, the
/// Home Stone never captures, and the turn advances.
fn check_move(before: &Position, mv: Move, after: &Position) {
    let mover = before.to_move();
    let enemy = mover.other();
    assert_eq!(after.to_move(), enemy);
    assert_eq!(after.ply(), before.ply() + 1);
    let expected_turn = before.turn() + u32::from(mover == Side::Red);
    assert_eq!(after.turn(), expected_turn);
    let (mine_before, mine_after) = (count_side(before, mover), count_side(after, mover));
    let (theirs_before, theirs_after) = (count_side(before, enemy), count_side(after, enemy));
    assert!(theirs_after <= theirs_before);
    match mv {
        Move::Normal { from, to } => {
            let piece = before.piece_at(from).expect("a piece moves");
            assert_eq!(piece.side, mover);
            assert_eq!(after.piece_at(to), Some(piece), "no promotion, no change");
            assert_eq!(after.piece_at(from), None);
            assert_eq!(mine_after, mine_before);
            assert_eq!(after.stone_in_hand(mover), before.stone_in_hand(mover));
            match before.piece_at(to) {
                Some(victim) => {
                    assert_eq!(victim.side, enemy, "captured own piece with {mv}");
                    assert_ne!(piece.kind, PieceKind::HomeStone, "the Home Stone captured");
                    assert_eq!(theirs_after + 1, theirs_before);
                    if victim.kind == PieceKind::HomeStone {
                        assert!(after.stone_captured(enemy));
                        assert_eq!(
                            after.outcome(),
                            Outcome::Win {
                                winner: mover,
                                reason: WinReason::HomeStoneCaptured
                            }
                        );
                    }
                }
                None => assert_eq!(theirs_after, theirs_before),
            }
            for sq in Square::all() {
                if sq != from && sq != to {
                    assert_eq!(after.piece_at(sq), before.piece_at(sq));
                }
            }
        }
        Move::Place { to } => {
            assert!(before.stone_in_hand(mover) && !after.stone_in_hand(mover));
            assert_eq!(before.piece_at(to), None);
            let stone = after.piece_at(to).expect("the stone");
            assert_eq!((stone.side, stone.kind), (mover, PieceKind::HomeStone));
            assert_eq!(mine_after, mine_before + 1);
            assert_eq!(theirs_after, theirs_before);
            assert_eq!(after.stone_square(mover), Some(to));
        }
    }
    assert_eq!(after.stone_in_hand(enemy), before.stone_in_hand(enemy));
    // A side never holds more than its 20 pieces and its stone.
    assert!(mine_after <= 21 && theirs_after <= 21);
}

/// Picks a move: `bias` 0 prefers placements, 1 captures, else any move.
fn choose(pos: &Position, moves: &[Move], index: &Index, bias: u8) -> Move {
    let preferred: Vec<Move> = match bias {
        0 => moves
            .iter()
            .copied()
            .filter(|mv| matches!(mv, Move::Place { .. }))
            .collect(),
        1 => moves
            .iter()
            .copied()
            .filter(|mv| matches!(mv, Move::Normal { to, .. } if pos.piece_at(*to).is_some()))
            .collect(),
        _ => Vec::new(),
    };
    if preferred.is_empty() {
        *index.get(moves)
    } else {
        *index.get(&preferred)
    }
}

/// Plays `choices` from `seed`, checking every invariant at every ply.
/// Returns the number of plies played.
fn playout(seed: &str, choices: &[(Index, u8)]) -> usize {
    let all = squares();
    let mut pos: Position = seed.parse().expect("seed positions are valid");
    let mut history: Vec<(Position, kaissa_chaturaji::kaissa::Undo)> = Vec::new();
    let mut plies = 0;
    for (i, (index, bias)) in choices.iter().enumerate() {
        let ply = pos.ply();
        let exhaustive = i % 7 == 0 || (15..=20).contains(&ply);
        let moves = check_position(&pos, exhaustive, &all);
        if moves.is_empty() {
            return plies;
        }
        let mv = choose(&pos, &moves, index, *bias);
        let before = pos.clone();
        let undo = pos
            .play(mv)
            .unwrap_or_else(|e| panic!("generated move {mv} rejected in {before}: {e}"));
        assert_eq!(undo.played(), mv);
        assert_eq!(undo.captured(), before.piece_at(mv.to()));
        check_move(&before, mv, &pos);
        history.push((before, undo));
        plies += 1;
    }
    check_position(&pos, true, &all);
    // Take the whole game back: every undo restores the exact position.
    while let Some((before, undo)) = history.pop() {
        pos.undo(undo).expect("the last move's record");
        assert_eq!(pos, before);
        assert_eq!(pos.hash(), before.hash());
        assert_eq!(pos.to_string(), before.to_string());
    }
    plies
}

fn choices(max: usize) -> impl Strategy<Value = Vec<(Index, u8)>> {
    proptest::collection::vec((any::<Index>(), 0u8..4), 0..max)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(48, 160), ..ProptestConfig::default() })]

    /// Playouts from the start, long enough to pass through the Home Stone
    /// window (plies 15-20) and beyond.
    #[test]
    fn playouts_from_start_keep_every_invariant(choices in choices(80)) {
        playout(START_TEXT, &choices);
    }

    /// Playouts from positions near the rarer endings.
    #[test]
    fn playouts_from_seeds_keep_every_invariant(
        seed in proptest::sample::select(SEEDS),
        choices in choices(40),
    ) {
        playout(seed, &choices);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(32, 128), ..ProptestConfig::default() })]

    /// `play_checked` plays exactly the legal moves and leaves the position
    /// untouched on any other move.
    #[test]
    fn play_checked_agrees_with_is_legal(
        choices in choices(30),
        probes in proptest::collection::vec((0u8..100, 0u8..101), 1..40),
    ) {
        let mut pos = Position::start();
        for (index, bias) in &choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = choose(&pos, &moves, index, *bias);
            pos.play(mv).expect("a legal move");
        }
        for (from, to) in probes {
            let from = Square::new(from).unwrap();
            // `to == 100` probes a placement on `from`.
            let mv = match Square::new(to) {
                Some(to) => Move::Normal { from, to },
                None => Move::Place { to: from },
            };
            let before = pos.clone();
            match pos.play(mv) {
                Ok(undo) => {
                    prop_assert!(before.is_legal(mv));
                    prop_assert_eq!(pos.hash(), pos.compute_hash());
                    pos.undo(undo).expect("the last move's record");
                    prop_assert_eq!(&pos, &before);
                }
                Err(err) => {
                    prop_assert!(!before.is_legal(mv));
                    prop_assert_eq!(err.move_text(), mv.to_string());
                    prop_assert_eq!(&pos, &before);
                }
            }
        }
    }
}

/// The seeds themselves are valid, and the start constant is the start.
#[test]
fn seeds_are_valid() {
    assert_eq!(Position::start().to_string(), START_TEXT);
    for seed in SEEDS {
        let pos: Position = seed.parse().unwrap_or_else(|e| panic!("{seed}: {e}"));
        assert_eq!(pos.to_string(), *seed);
        check_position(&pos, true, &squares());
    }
}

/// A fixed long playout that reaches both a placement by each side and (with
/// captures preferred) the end of the game, so that the properties above are
/// known to see those states.
#[test]
fn biased_playout_reaches_placements_and_captures() {
    let mut pos = Position::start();
    let mut placed = [false; 2];
    let mut captures = 0;
    let mut ply = 0u64;
    while pos.has_legal_move() && ply < 400 {
        let moves = pos.legal_moves();
        // Deterministic: place as soon as possible, then capture, else the
        // move in the middle of the list.
        let bias = if ply % 3 == 0 { 1 } else { 0 };
        let index_value = (ply.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 11) as usize % moves.len();
        let mv = {
            let place = moves.iter().find(|m| matches!(m, Move::Place { .. }));
            let capture = moves
                .iter()
                .find(|m| matches!(m, Move::Normal { to, .. } if pos.piece_at(*to).is_some()));
            match (place, capture, bias) {
                (Some(p), _, _) => *p,
                (None, Some(c), 1) => *c,
                _ => moves[index_value],
            }
        };
        if let Move::Place { .. } = mv {
            placed[pos.to_move().index()] = true;
        }
        if pos.piece_at(mv.to()).is_some() {
            captures += 1;
        }
        let before = pos.clone();
        pos.play(mv).expect("a legal move");
        check_move(&before, mv, &pos);
        ply += 1;
    }
    assert_eq!(placed, [true, true]);
    assert!(captures > 0);
    check_position(&pos, true, &squares());
}

// ---------------------------------------------------------------------------
// Arbitrary moves and undo records: the safe API never panics, refuses what
// does not belong, and then leaves the position untouched.
// ---------------------------------------------------------------------------

/// One step of a hostile session.
#[derive(Debug, Clone)]
enum Op {
    /// A move from any square to any square (`to == 100`: a placement on
    /// `from`), legal or not.
    Arbitrary(u8, u8),
    /// One of the legal moves (so that games make progress).
    Legal(Index),
    /// Undo with any record made so far (in this game or the other one,
    /// used or not).
    Undo(Index),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0u8..100, 0u8..101).prop_map(|(from, to)| Op::Arbitrary(from, to)),
        3 => any::<Index>().prop_map(Op::Legal),
        2 => any::<Index>().prop_map(Op::Undo),
    ]
}

fn arbitrary_move(from: u8, to: u8) -> Move {
    let from = Square::new(from).expect("from < 100");
    match Square::new(to) {
        Some(to) => Move::Normal { from, to },
        None => Move::Place { to: from },
    }
}

/// Every query a caller may make: none panics, whatever the position.
fn query_everything(pos: &Position) {
    let moves = pos.legal_moves();
    let _ = pos.count_legal_moves();
    let _ = pos.has_legal_move();
    let _ = pos.is_over();
    let _ = pos.outcome();
    let _ = pos.hash();
    let _ = pos.compute_hash();
    let _ = pos.ply();
    let _ = pos.validate();
    let _ = pos.to_string();
    let _ = pos.diagram().to_string();
    let _ = pos.to_setup().build();
    for side in Side::ALL {
        let _ = pos.home_stone_window(side);
        let _ = pos.stone_square(side);
        let _ = pos.stone_captured(side);
    }
    for &mv in moves.iter().take(3) {
        let _ = pos.is_legal(mv);
    }
    let _ = perft(pos, 1);
}

/// A record with the positions it was made between: it belongs to exactly
/// the positions equal to `after`.
struct Made {
    undo: Undo,
    before: Position,
    after: Position,
}

/// Runs `ops` on a game from `seed`, with the records of a second game
/// (`foreign`) in the pool too.
fn hostile_session(seed: &str, foreign: &[(Index, u8)], ops: &[Op]) -> Result<(), TestCaseError> {
    let mut pool: Vec<Made> = Vec::new();
    // The other game's records: made on another line of play.
    let mut other: Position = seed.parse().expect("valid seed");
    for (index, bias) in foreign {
        let moves = other.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = choose(&other, &moves, index, *bias);
        let before = other.clone();
        let undo = other.play(mv).expect("a legal move");
        pool.push(Made {
            undo,
            before,
            after: other.clone(),
        });
    }
    let mut pos: Position = seed.parse().expect("valid seed");
    for op in ops {
        let before = pos.clone();
        match op {
            Op::Arbitrary(from, to) => {
                let mv = arbitrary_move(*from, *to);
                let legal = pos.is_legal(mv);
                match pos.play(mv) {
                    Ok(undo) => {
                        prop_assert!(legal, "{mv} accepted but not legal in {before}");
                        prop_assert_eq!(undo.played(), mv);
                        prop_assert_eq!(undo.hash_before(), before.hash());
                        prop_assert_eq!(undo.hash_after(), pos.hash());
                        pool.push(Made {
                            undo,
                            before,
                            after: pos.clone(),
                        });
                    }
                    Err(err) => {
                        prop_assert!(!legal, "{mv} refused but legal in {before}: {err}");
                        prop_assert_eq!(err.move_text(), mv.to_string());
                        prop_assert_eq!(&pos, &before, "a refused move changed the position");
                    }
                }
            }
            Op::Legal(index) => {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    continue;
                }
                let mv = *index.get(&moves);
                let undo = pos.play(mv).expect("a generated move is legal");
                pool.push(Made {
                    undo,
                    before,
                    after: pos.clone(),
                });
            }
            Op::Undo(index) => {
                if pool.is_empty() {
                    continue;
                }
                let made = index.get(&pool);
                match pos.undo(made.undo) {
                    Ok(()) => {
                        prop_assert_eq!(&before, &made.after, "a record accepted by a stranger");
                        prop_assert_eq!(&pos, &made.before);
                    }
                    Err(UndoError { .. }) => {
                        prop_assert_ne!(&before, &made.after, "a record refused by its position");
                        prop_assert_eq!(&pos, &before, "a refused undo changed the position");
                    }
                }
            }
        }
        prop_assert_eq!(pos.validate(), Ok(()));
        prop_assert_eq!(pos.hash(), pos.compute_hash());
        query_everything(&pos);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(32, 96), ..ProptestConfig::default() })]

    /// `play` with any move, `undo` with any record (this game's, the other
    /// game's, stale, already used): never a panic; a refused move or
    /// record leaves the position exactly as it was; an accepted record
    /// restores the position before its move.
    #[test]
    fn checked_play_and_undo_refuse_what_does_not_belong(
        seed in proptest::sample::select(SEEDS),
        foreign in choices(30),
        ops in proptest::collection::vec(op(), 1..120),
    ) {
        hostile_session(seed, &foreign, &ops)?;
    }

    /// The unchecked forms break their contract here on purpose (any move,
    /// any record): the position may become meaningless, but nothing
    /// panics, neither they nor any query afterwards.
    #[test]
    fn unchecked_play_and_undo_never_panic(
        seed in proptest::sample::select(SEEDS),
        ops in proptest::collection::vec(op(), 1..80),
    ) {
        let mut pos: Position = seed.parse().expect("valid seed");
        let mut records: Vec<Undo> = Vec::new();
        for op in &ops {
            match op {
                Op::Arbitrary(from, to) => {
                    records.push(pos.play_unchecked(arbitrary_move(*from, *to)));
                }
                Op::Legal(index) => {
                    let moves = pos.legal_moves();
                    if !moves.is_empty() {
                        records.push(pos.play_unchecked(*index.get(&moves)));
                    }
                }
                Op::Undo(index) => {
                    if !records.is_empty() {
                        pos.undo_unchecked(*index.get(&records));
                    }
                }
            }
            query_everything(&pos);
            let before = pos.clone();
            if let Some(&undo) = records.first() {
                if pos.undo(undo).is_err() {
                    prop_assert_eq!(&pos, &before);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The set-up builder and the parser agree
// ---------------------------------------------------------------------------

fn piece() -> impl Strategy<Value = Piece> {
    (any::<bool>(), 0usize..10).prop_map(|(red, kind)| Piece {
        side: if red { Side::Red } else { Side::Yellow },
        kind: PieceKind::ALL[kind],
    })
}

/// Set-ups of every kind: sparse or crowded boards, any side, turns around
/// the Home Stone window and the bounds, any hand. Many are inconsistent.
fn setup() -> impl Strategy<Value = Setup> {
    let board = (1u32..40).prop_flat_map(|density| {
        proptest::collection::vec(
            proptest::option::weighted(f64::from(density) / 100.0, piece()),
            100,
        )
    });
    let turn = prop_oneof![
        Just(0u32),
        1u32..14,
        Just(MAX_TURN),
        Just(MAX_TURN + 1),
        any::<u32>(),
    ];
    (board, any::<bool>(), turn, any::<[bool; 2]>()).prop_map(|(board, red, turn, hand)| {
        let mut setup = Setup::empty();
        for (index, piece) in board.into_iter().enumerate() {
            if let Some(piece) = piece {
                setup.put(Square::new(index as u8).expect("index < 100"), piece);
            }
        }
        setup
            .set_to_move(if red { Side::Red } else { Side::Yellow })
            .set_turn(turn)
            .set_stone_in_hand(Side::Yellow, hand[0])
            .set_stone_in_hand(Side::Red, hand[1]);
        setup
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(500, 2000), ..ProptestConfig::default() })]

    /// `Setup::build` and the parser (of the set-up's text) accept exactly
    /// the same set-ups, build the same positions, and refuse the others
    /// with the same field and kind of error.
    #[test]
    fn builder_and_parser_agree(setup in setup()) {
        let text = setup.to_string();
        match (setup.build(), text.parse::<Position>()) {
            (Ok(built), Ok(parsed)) => {
                prop_assert_eq!(&built, &parsed);
                prop_assert_eq!(built.to_string(), text);
                prop_assert_eq!(built.to_setup(), setup);
                prop_assert_eq!(built.validate(), Ok(()));
            }
            (Err(built), Err(parsed)) => {
                prop_assert_eq!(built.field(), parsed.field(), "{} / {}", built, parsed);
                prop_assert_eq!(built.kind(), parsed.kind(), "{} / {}", built, parsed);
                prop_assert_eq!(built.offset(), None);
                prop_assert!(parsed.offset().is_some());
            }
            (built, parsed) => {
                prop_assert!(false, "{text:?}: builder {built:?}, parser {parsed:?}");
            }
        }
    }
}

/// The generator above reaches both answers often enough to mean something.
#[test]
fn the_setup_generator_makes_valid_and_invalid_setups() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = setup();
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..2000 {
        let setup = strategy.new_tree(&mut runner).expect("a value").current();
        if setup.build().is_ok() {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    assert!(
        valid >= 50 && invalid >= 50,
        "valid {valid}, invalid {invalid}"
    );
}

/// The unchecked forms misused in the worst places: taking back moves at
/// the very start (turn numbers wrap below 1), moving from empty squares,
/// placing on occupied ones, a move onto its own square. No panic, in
/// debug builds too (overflow checks on).
#[test]
fn unchecked_misuse_at_the_edges_never_panics() {
    let mut pos = Position::start();
    let mut other = Position::start();
    let record = other.play_unchecked(arbitrary_move(12, 32));
    for _ in 0..5 {
        pos.undo_unchecked(record);
        query_everything(&pos);
    }
    let e5 = Square::new(44).expect("a square");
    for mv in [
        Move::Normal { from: e5, to: e5 },
        arbitrary_move(44, 45),
        arbitrary_move(0, 100),
        arbitrary_move(0, 99),
    ] {
        let undo = pos.play_unchecked(mv);
        query_everything(&pos);
        pos.undo_unchecked(undo);
        query_everything(&pos);
    }
    let mut pos: Position = "h9/10/10/10/10/10/10/10/10/H9 r 999999999 -"
        .parse()
        .expect("valid");
    for _ in 0..4 {
        pos.play_unchecked(arbitrary_move(0, 1));
        query_everything(&pos);
    }
}
