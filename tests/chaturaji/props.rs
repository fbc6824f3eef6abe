//! Property tests for Chaturaji (the rules reference (docs/rules.md) §2 and §3), driven by random
//! playouts under both alliance options.
//!
//! A playout is a list of `(roll, move, bias)` triples: the first `Index`
//! picks the die face, the second one of the legal moves for it, and the bias
//! (0..6) first narrows the choice to the captures (0) or to the "rare rule"
//! moves (1: a raja onto a throne, a pawn onto its far edge or a special
//! promotion square, a boat move that completes a 2x2 block), or (2) applies
//! a raja exchange before the move when one is possible. Because every
//! choice is an index, a failure shrinks to a short game.
//!
//! At every ply [`check_position`] checks: validate, hash against a full
//! recompute, the text round trip under the same rules, the outcome against
//! an independent reading of docs/rules.md, the moves of each roll against an
//! independent move generator written from docs/rules.md (so the four rolls
//! partition the commanded pieces' moves by kind, with the `Pass` exactly
//! when a roll has no other move and nothing at all in a finished game),
//! `count_legal_moves`, `is_legal` and play/undo of every generated move, and
//! every possible raja exchange on a copy. [`check_move`] checks what the
//! move did to the board against an independent model (captures of opponents
//! only, the boat triumph, promotions, waiting pawns, conquest, command,
//! counters, the next seat). At some plies [`check_sweep`] asks `is_legal`
//! about every from/to pair of the board, plain and with each special
//! promotion suffix, and `pass`, for each roll.
//!
//! The Kaissa properties live in `props_kaissa.rs`.

use crate::chaturaji_steps::{BOAT, KING, KNIGHT, MARCH, ROOK};
use std::collections::HashSet;

use kaissa_chaturaji::chaturaji::{
    perft, Alliances, Colour, Move, MoveList, Outcome, Piece, PieceKind, Position, Roll, Rules,
    Ruleset, Setup, Square, Undo, START_TEXT,
};
use kaissa_chaturaji::error::{Field, NotationErrorKind};
use proptest::prelude::*;
use proptest::sample::Index;

// ---------------------------------------------------------------------------
// docs/rules.md, written down again independently of the library's tables.

/// The thrones by colour index (Red h4, Black e8, Yellow a5, Green d1).
const THRONES: [&str; 4] = ["h4", "e8", "a5", "d1"];
/// The 16 marked squares.
const MARKED: [&str; 16] = [
    "a1", "d1", "e1", "h1", "a4", "d4", "e4", "h4", "a5", "d5", "e5", "h5", "a8", "d8", "e8", "h8",
];
/// The 16 special promotion squares.
const SPECIAL: [&str; 16] = [
    "a1", "b1", "c1", "d1", "h1", "h2", "h3", "h4", "e8", "f8", "g8", "h8", "a5", "a6", "a7", "a8",
];

type Board = [Option<Piece>; 64];

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn in_list(list: &[&str], square: Square) -> bool {
    list.iter().any(|&n| sq(n) == square)
}

fn offset(from: Square, df: i8, dr: i8) -> Option<Square> {
    Square::from_coords(from.file() as i8 + df, from.rank() as i8 + dr)
}

/// The ally of `colour` under `rules` (docs/rules.md: the sheet pairs Red with
/// Green and Yellow with Black; opposite pairs Red with Yellow, Black with
/// Green).
fn ally(rules: Rules, colour: Colour) -> Colour {
    let i = colour.index();
    let j = match rules.alliances {
        Alliances::Sheet => [3, 2, 1, 0][i],
        Alliances::Opposite => (i + 2) % 4,
        other => panic!("no model of {other:?}"),
    };
    Colour::ALL[j]
}

fn friends(rules: Rules, a: Colour, b: Colour) -> bool {
    a == b || ally(rules, a) == b
}

/// The die face that moves `kind`.
fn face(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Boat => 2,
        PieceKind::Horse => 3,
        PieceKind::Elephant => 4,
        PieceKind::Raja | PieceKind::Pawn => 5,
    }
}

/// Whether `square` is on `colour`'s far edge.
fn far_edge(colour: Colour, square: Square) -> bool {
    match colour {
        Colour::Red => square.file() == 0,
        Colour::Black => square.rank() == 0,
        Colour::Yellow => square.file() == 7,
        Colour::Green => square.rank() == 7,
    }
}

/// An unmarked far-edge square: where `colour`'s pawns promote.
fn promotion_square(colour: Colour, square: Square) -> bool {
    far_edge(colour, square) && !in_list(&MARKED, square)
}

/// Horse on the 2nd/7th line, elephant on the 3rd/6th.
fn promotion_kind(square: Square) -> PieceKind {
    if [1, 6].contains(&square.file()) || [1, 6].contains(&square.rank()) {
        PieceKind::Horse
    } else {
        PieceKind::Elephant
    }
}

fn board_of(pos: &Position) -> Board {
    let mut board = [None; 64];
    for square in Square::all() {
        board[square.index()] = pos.piece_at(square);
    }
    board
}

fn count_colour(board: &Board, colour: Colour) -> usize {
    board
        .iter()
        .flatten()
        .filter(|p| p.colour == colour)
        .count()
}

fn colour_out(board: &Board, colour: Colour) -> bool {
    count_colour(board, colour) == 0
}

/// Exactly one pawn and one boat and nothing else.
fn special_possible(board: &Board, colour: Colour) -> bool {
    let mine: Vec<PieceKind> = board
        .iter()
        .flatten()
        .filter(|p| p.colour == colour)
        .map(|p| p.kind)
        .collect();
    mine.len() == 2 && mine.contains(&PieceKind::Pawn) && mine.contains(&PieceKind::Boat)
}

/// The outcome as docs/rules.md defines it.
fn model_outcome(pos: &Position, board: &Board) -> Outcome {
    let rules = pos.rules();
    let red = [Colour::Red, ally(rules, Colour::Red)];
    let black = [Colour::Black, ally(rules, Colour::Black)];
    let out = |a: [Colour; 2]| colour_out(board, a[0]) && colour_out(board, a[1]);
    let sorted = |mut a: [Colour; 2]| {
        a.sort();
        a
    };
    if out(black) && !out(red) {
        return Outcome::AllianceWins(sorted(red));
    }
    if out(red) && !out(black) {
        return Outcome::AllianceWins(sorted(black));
    }
    match rules.draw_limit {
        Some(limit) if pos.quiet_plies() >= u32::from(limit) => Outcome::Draw,
        _ => Outcome::Ongoing,
    }
}

/// The legal moves for `roll`, generated from docs/rules.md alone.
fn model_moves(pos: &Position, board: &Board, roll: Roll) -> HashSet<Move> {
    let mut out = HashSet::new();
    if model_outcome(pos, board).is_over() {
        return out;
    }
    let rules = pos.rules();
    let seat = pos.to_move();
    for from in Square::all() {
        let Some(piece) = board[from.index()] else {
            continue;
        };
        if pos.commander(piece.colour) != Some(seat) || face(piece.kind) != roll.face() {
            continue;
        }
        let at = |s: Square| board[s.index()];
        let enemy = |s: Square| at(s).filter(|q| !friends(rules, piece.colour, q.colour));
        let mut targets = Vec::new();
        let leaps = |deltas: &[(i8, i8)], targets: &mut Vec<Square>| {
            for &(df, dr) in deltas {
                if let Some(t) = offset(from, df, dr) {
                    if at(t).is_none() || enemy(t).is_some() {
                        targets.push(t);
                    }
                }
            }
        };
        match piece.kind {
            PieceKind::Raja => leaps(&KING, &mut targets),
            PieceKind::Horse => leaps(&KNIGHT, &mut targets),
            PieceKind::Elephant => {
                for (df, dr) in ROOK {
                    let mut cur = from;
                    while let Some(t) = offset(cur, df, dr) {
                        if at(t).is_none() {
                            targets.push(t);
                            cur = t;
                            continue;
                        }
                        if enemy(t).is_some() {
                            targets.push(t);
                        }
                        break;
                    }
                }
            }
            PieceKind::Boat => {
                for (df, dr) in BOAT {
                    if let Some(t) = offset(from, df, dr) {
                        let ok = match at(t) {
                            None => true,
                            Some(_) => enemy(t).is_some_and(|v| v.kind == PieceKind::Pawn),
                        };
                        if ok {
                            targets.push(t);
                        }
                    }
                }
            }
            PieceKind::Pawn => {
                let (df, dr) = MARCH[piece.colour.index()];
                if let Some(t) = offset(from, df, dr) {
                    if at(t).is_none() {
                        targets.push(t);
                    }
                }
                let diagonals = if df == 0 {
                    [(1, dr), (-1, dr)]
                } else {
                    [(df, 1), (df, -1)]
                };
                for (df, dr) in diagonals {
                    if let Some(t) = offset(from, df, dr) {
                        if enemy(t)
                            .is_some_and(|v| matches!(v.kind, PieceKind::Pawn | PieceKind::Boat))
                        {
                            targets.push(t);
                        }
                    }
                }
            }
        }
        let special = piece.kind == PieceKind::Pawn && special_possible(board, piece.colour);
        for to in targets {
            if special && in_list(&SPECIAL, to) {
                for kind in [
                    PieceKind::Raja,
                    PieceKind::Elephant,
                    PieceKind::Horse,
                    PieceKind::Boat,
                ] {
                    out.insert(Move::Promotion { from, to, kind });
                }
            } else {
                out.insert(Move::Normal { from, to });
            }
        }
    }
    if out.is_empty() {
        out.insert(Move::Pass);
    }
    out
}

/// The other boats of every 2x2 block of boats on `board` that contains `to`.
fn triumph_victims(board: &Board, to: Square) -> Vec<Square> {
    let mut victims = Vec::new();
    for (df, dr) in [(-1, -1), (-1, 0), (0, -1), (0, 0)] {
        let block: Vec<Square> = [(0, 0), (0, 1), (1, 0), (1, 1)]
            .iter()
            .filter_map(|&(bf, br)| offset(to, df + bf, dr + br))
            .collect();
        if block.len() == 4
            && block
                .iter()
                .all(|s| board[s.index()].is_some_and(|p| p.kind == PieceKind::Boat))
        {
            for s in block {
                if s != to && !victims.contains(&s) {
                    victims.push(s);
                }
            }
        }
    }
    victims
}

/// The next seat in play after `seat` (itself last).
fn next_seat(pos: &Position, seat: Colour) -> Colour {
    let mut s = seat.next();
    for _ in 0..4 {
        if Colour::ALL.iter().any(|&c| pos.commander(c) == Some(s)) {
            return s;
        }
        s = s.next();
    }
    seat
}

// ---------------------------------------------------------------------------
// The checks.

/// Format, parse under the same rules, format: same text, equal position,
/// same hash; and the text both ways ([`check_text_both_ways`]).
fn check_round_trip(pos: &Position) {
    let text = pos.to_string();
    let back = Position::from_text(&text, pos.rules())
        .unwrap_or_else(|e| panic!("{text:?} does not parse back: {e}"));
    assert_eq!(&back, pos, "parsing {text:?} gives another position");
    assert_eq!(back.to_string(), text);
    assert_eq!(back.hash(), pos.hash());
    check_text_both_ways(pos);
}

/// The text both ways, under any rules options (docs/rules.md §3.3, §3.5):
/// `from_text` under the position's own rules gives it back; `FromStr`
/// picks the position's ruleset from the text's shape and gives the
/// position back whenever the options it picks are the position's (any
/// other text parses to the same text or fails with `WrongRules`, as only
/// the alliances can then be in the way); and reading the text under the
/// other ruleset fails with `WrongRules`.
fn check_text_both_ways(pos: &Position) {
    let text = pos.to_string();
    assert_eq!(
        Position::from_text(&text, pos.rules()).as_ref(),
        Ok(pos),
        "{text:?} under {:?}",
        pos.rules()
    );
    let picked = Rules::for_text(&text);
    assert_eq!(picked.ruleset, pos.rules().ruleset, "{text:?}");
    let parsed = text.parse::<Position>();
    if picked == pos.rules() {
        assert_eq!(parsed.as_ref(), Ok(pos), "{text:?}");
    } else {
        match parsed {
            Ok(other) => {
                assert_eq!(other.rules(), picked);
                assert_eq!(other.to_string(), text);
            }
            Err(err) => {
                assert_eq!(err.kind(), NotationErrorKind::WrongRules, "{text:?}: {err}");
                assert_eq!(err.field(), Field::Command, "{text:?}: {err}");
            }
        }
    }
    let others = if pos.rules().is_ludii() {
        vec![
            Rules::default(),
            Rules::default().with_alliances(Alliances::Opposite),
        ]
    } else {
        vec![Rules::ludii()]
    };
    for other in others {
        let err = Position::from_text(&text, other).expect_err(&text);
        assert_eq!(
            (err.field(), err.kind(), err.offset()),
            (Field::Text, NotationErrorKind::WrongRules, Some(0)),
            "{text:?} under {other:?}: {err}"
        );
    }
}

/// Every possible exchange, applied on a copy with each return square pair
/// (the first and last of each side's squares), keeps every invariant; a bad
/// square is refused and changes nothing.
fn check_exchanges(pos: &Position) {
    let exchanges = pos.possible_exchanges();
    let rules = pos.rules();
    for (a, b) in exchanges.iter().copied() {
        assert!(!friends(rules, a, b), "{a} and {b} are allies in {pos}");
        assert!(!pos.is_over());
        for colour in [a, b] {
            assert!(pos.captured_rajas(colour) > 0);
            assert!(!pos.is_out(colour));
            // Throne if free, else the free squares next to it.
            let throne = sq(THRONES[colour.index()]);
            let expected: Vec<Square> = if pos.piece_at(throne).is_none() {
                vec![throne]
            } else {
                KING.iter()
                    .filter_map(|&(df, dr)| offset(throne, df, dr))
                    .filter(|&s| pos.piece_at(s).is_none())
                    .collect()
            };
            let mut got: Vec<Square> = pos.raja_return_squares(colour).iter().collect();
            let mut expected = expected;
            got.sort();
            expected.sort();
            assert_eq!(got, expected, "return squares of {colour} in {pos}");
            assert!(!got.is_empty());
        }
        let squares_a: Vec<Square> = pos.raja_return_squares(a).iter().collect();
        let squares_b: Vec<Square> = pos.raja_return_squares(b).iter().collect();
        for (&sa, &sb) in [
            (squares_a.first().unwrap(), squares_b.first().unwrap()),
            (squares_a.last().unwrap(), squares_b.last().unwrap()),
        ] {
            let mut copy = pos.clone();
            copy.apply_exchange((a, sa), (b, sb))
                .unwrap_or_else(|e| panic!("exchange {a}@{sa} {b}@{sb} in {pos}: {e}"));
            assert_eq!(copy.validate(), Ok(()), "{copy}");
            assert_eq!(copy.hash(), copy.compute_hash());
            check_round_trip(&copy);
            assert_eq!(
                copy.piece_at(sa),
                Some(Piece::new(a, PieceKind::Raja)),
                "{copy}"
            );
            assert_eq!(copy.piece_at(sb), Some(Piece::new(b, PieceKind::Raja)));
            assert_eq!(copy.captured_rajas(a) + 1, pos.captured_rajas(a));
            assert_eq!(copy.captured_rajas(b) + 1, pos.captured_rajas(b));
            assert_eq!(copy.to_move(), pos.to_move());
            assert_eq!(copy.ply(), pos.ply());
            assert_eq!(copy.quiet_plies(), pos.quiet_plies());
            for c in Colour::ALL {
                assert_eq!(copy.commander(c), pos.commander(c), "command changed");
            }
        }
        // A square that is not a return square is refused, untouched.
        let bad = Square::all()
            .find(|s| !pos.raja_return_squares(a).contains(*s))
            .unwrap();
        let mut copy = pos.clone();
        assert!(copy
            .apply_exchange((a, bad), (b, *squares_b.first().unwrap()))
            .is_err());
        assert_eq!(&copy, pos);
    }
    // Same-alliance pairs are always refused.
    for c in Colour::ALL {
        let mut copy = pos.clone();
        let a = ally(rules, c);
        assert!(copy
            .apply_exchange((c, sq(THRONES[c.index()])), (a, sq(THRONES[a.index()])))
            .is_err());
        assert_eq!(&copy, pos);
    }
}

/// Every invariant of one position; returns its legal moves for each roll.
fn check_position(pos: &Position) -> [MoveList; 4] {
    assert_eq!(pos.validate(), Ok(()), "{pos}");
    assert_eq!(pos.hash(), pos.compute_hash(), "{pos}");
    check_round_trip(pos);
    // The set-up builder gives the position back, and the text of the
    // set-up (written by this file) is the position's text.
    let setup = pos.to_setup();
    assert_eq!(setup.build(pos.rules()).as_ref(), Ok(pos), "{pos}");
    assert_eq!(setup_text(&setup), pos.to_string());
    let board = board_of(pos);
    let rules = pos.rules();
    let outcome = pos.outcome();
    assert_eq!(outcome, model_outcome(pos, &board), "outcome of {pos}");
    assert_eq!(pos.is_over(), outcome.is_over());
    if let Outcome::AllianceWins(winners) = outcome {
        for c in Colour::ALL {
            if !winners.contains(&c) {
                assert!(pos.is_out(c), "{c} is a loser with pieces in {pos}");
            }
        }
    }
    if outcome == Outcome::Draw {
        let limit = rules.draw_limit.expect("a draw needs a limit");
        assert!(pos.quiet_plies() >= u32::from(limit));
    }
    // Command, `x` and the seat to move.
    for c in Colour::ALL {
        assert_eq!(pos.is_out(c), pos.commander(c).is_none(), "{c} in {pos}");
        assert_eq!(pos.is_out(c), colour_out(&board, c));
        if let Some(seat) = pos.commander(c) {
            assert!(friends(rules, c, seat), "{c} commanded by {seat}");
        }
        let in_play = Colour::ALL.iter().any(|&x| pos.commander(x) == Some(c));
        assert_eq!(pos.seat_in_play(c), in_play);
    }
    assert!(pos.seat_in_play(pos.to_move()), "{pos}");
    assert!(pos.quiet_plies() <= pos.ply());

    let mut lists: [MoveList; 4] = Default::default();
    let mut all_moves = HashSet::new();
    for (i, roll) in Roll::ALL.into_iter().enumerate() {
        pos.generate_moves(roll, &mut lists[i]);
        let moves = &lists[i];
        let set: HashSet<Move> = moves.iter().copied().collect();
        assert_eq!(
            set.len(),
            moves.len(),
            "duplicate moves for {roll} in {pos}"
        );
        let model = model_moves(pos, &board, roll);
        assert_eq!(
            set,
            model,
            "moves for {roll} in {pos}: the library has {:?} too many and misses {:?}",
            set.difference(&model).collect::<Vec<_>>(),
            model.difference(&set).collect::<Vec<_>>()
        );
        assert_eq!(pos.count_legal_moves(roll), moves.len(), "{roll} in {pos}");
        if outcome.is_over() {
            assert!(moves.is_empty(), "a finished game has moves: {pos}");
            assert!(!pos.is_legal(roll, Move::Pass));
        } else {
            assert!(!moves.is_empty());
            let pass = moves.contains(&Move::Pass);
            assert!(!pass || moves.len() == 1, "a pass beside other moves");
            assert_eq!(pos.is_legal(roll, Move::Pass), pass);
        }
        for &mv in moves.iter() {
            assert!(pos.is_legal(roll, mv), "{mv} for {roll} in {pos}");
            if let Some(from) = mv.from() {
                let piece = board[from.index()].expect("a piece moves");
                assert!(roll.allows(piece.kind) && roll.kinds().contains(&piece.kind));
                assert_eq!(pos.commander(piece.colour), Some(pos.to_move()));
                // The four rolls never share a move.
                assert!(all_moves.insert(mv), "{mv} generated for two rolls");
            }
            // Play then undo restores position and hash.
            let mut scratch = pos.clone();
            let undo = scratch.play_unchecked(mv);
            assert_eq!(
                scratch.hash(),
                scratch.compute_hash(),
                "after {mv} in {pos}"
            );
            scratch.undo(undo).unwrap();
            assert_eq!(&scratch, pos, "undo of {mv}");
            assert_eq!(scratch.hash(), pos.hash());
        }
        let mut rng = kaissa_chaturaji::random::SplitMix64::new(pos.hash());
        match pos.choose_move(roll, &mut rng) {
            Some(mv) => assert!(moves.contains(&mv)),
            None => assert!(outcome.is_over()),
        }
    }
    check_exchanges(pos);
    lists
}

/// Asks `is_legal` about every from/to pair, plain and with each special
/// promotion suffix (and the never-legal pawn "promotion"), and `pass`, for
/// every roll, and compares with the generated lists.
fn check_sweep(pos: &Position, lists: &[MoveList; 4]) {
    const VARIANTS: usize = 6;
    let kinds = [
        PieceKind::Raja,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Boat,
        PieceKind::Pawn,
    ];
    for (r, roll) in Roll::ALL.into_iter().enumerate() {
        let mut generated = vec![false; 64 * 64 * VARIANTS];
        let mut pass = false;
        for &mv in lists[r].iter() {
            match mv {
                Move::Normal { from, to } => {
                    generated[(from.index() * 64 + to.index()) * VARIANTS] = true
                }
                Move::Promotion { from, to, kind } => {
                    generated[(from.index() * 64 + to.index()) * VARIANTS + 1 + kind.index()] = true
                }
                Move::Pass => pass = true,
                other => panic!("an unknown move {other}"),
            }
        }
        let mut accepted = 0;
        for from in Square::all() {
            for to in Square::all() {
                let base = (from.index() * 64 + to.index()) * VARIANTS;
                let mv = Move::Normal { from, to };
                let legal = pos.is_legal(roll, mv);
                assert_eq!(legal, generated[base], "is_legal({roll}, {mv}) in {pos}");
                accepted += usize::from(legal);
                for kind in kinds {
                    let mv = Move::Promotion { from, to, kind };
                    let legal = pos.is_legal(roll, mv);
                    let want = generated[base + 1 + kind.index()];
                    assert_eq!(legal, want, "is_legal({roll}, {mv}{kind:?}) in {pos}");
                    accepted += usize::from(legal);
                }
            }
        }
        assert_eq!(pos.is_legal(roll, Move::Pass), pass);
        accepted += usize::from(pass);
        assert_eq!(accepted, lists[r].len(), "{roll} in {pos}");
    }
}

/// What one move did, against the model of docs/rules.md.
fn check_move(before: &Position, roll: Roll, mv: Move, after: &Position) {
    let rules = before.rules();
    let b = board_of(before);
    let a = board_of(after);
    let seat = before.to_move();
    let mut expected = b;
    let mut captured = false;
    let mut lost = Colour::ALL.map(|c| before.lost_pawn(c));
    let mut rajas = Colour::ALL.map(|c| before.captured_rajas(c));
    let mut command = Colour::ALL.map(|c| before.commander(c));
    if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
        let piece = b[from.index()].expect("a piece moves");
        assert_eq!(before.commander(piece.colour), Some(seat));
        assert_eq!(face(piece.kind), roll.face());
        if let Some(victim) = b[to.index()] {
            assert!(
                !friends(rules, piece.colour, victim.colour),
                "{mv} captures the ally or own {victim} in {before}"
            );
            match piece.kind {
                PieceKind::Pawn => {
                    assert!(matches!(victim.kind, PieceKind::Pawn | PieceKind::Boat))
                }
                PieceKind::Boat => assert_eq!(victim.kind, PieceKind::Pawn),
                _ => {}
            }
            captured = true;
            match victim.kind {
                PieceKind::Pawn => lost[victim.colour.index()] = true,
                PieceKind::Raja => {
                    rajas[victim.colour.index()] = rajas[victim.colour.index()].saturating_add(1)
                }
                _ => {}
            }
        }
        expected[from.index()] = None;
        let kind = match mv {
            Move::Promotion { kind, .. } => {
                assert_eq!(piece.kind, PieceKind::Pawn);
                assert!(special_possible(&b, piece.colour) && in_list(&SPECIAL, to));
                kind
            }
            _ if piece.kind == PieceKind::Pawn
                && promotion_square(piece.colour, to)
                && lost[piece.colour.index()] =>
            {
                promotion_kind(to)
            }
            _ => piece.kind,
        };
        expected[to.index()] = Some(Piece::new(piece.colour, kind));
        if piece.kind == PieceKind::Boat {
            for victim in triumph_victims(&expected, to) {
                expected[victim.index()] = None;
                captured = true;
            }
        }
        let friend = ally(rules, piece.colour);
        if piece.kind == PieceKind::Raja
            && matches!(mv, Move::Normal { .. })
            && to == sq(THRONES[friend.index()])
            && command[piece.colour.index()] == Some(piece.colour)
            && command[friend.index()] == Some(friend)
        {
            command[friend.index()] = Some(piece.colour);
        }
        // Waiting pawns of a colour that has just lost its first pawn.
        for c in Colour::ALL {
            if lost[c.index()] && !before.lost_pawn(c) {
                for s in Square::all() {
                    if expected[s.index()] == Some(Piece::new(c, PieceKind::Pawn))
                        && promotion_square(c, s)
                    {
                        expected[s.index()] = Some(Piece::new(c, promotion_kind(s)));
                    }
                }
            }
        }
        // The explicit forms of the properties (the model below covers them,
        // these give clearer messages).
        for s in Square::all() {
            if s == from || s == to {
                continue;
            }
            match (b[s.index()], a[s.index()]) {
                (None, Some(p)) => panic!("{p} appeared on {s} after {mv} in {before}"),
                (Some(p), None) => {
                    assert_eq!(
                        piece.kind,
                        PieceKind::Boat,
                        "{p} on {s} vanished after {mv}"
                    );
                    assert_eq!(p.kind, PieceKind::Boat, "{p} on {s} vanished after {mv}");
                    assert!(
                        triumph_victims(&expected, to).contains(&s)
                            || triumph_victims(&b, to).contains(&s)
                            || {
                                let mut with = b;
                                with[to.index()] = Some(piece);
                                triumph_victims(&with, to).contains(&s)
                            },
                        "{p} on {s} removed without a triumph after {mv} in {before}"
                    );
                }
                (Some(p), Some(q)) if p != q => {
                    assert_eq!(p.colour, q.colour);
                    assert_eq!(p.kind, PieceKind::Pawn, "{p} on {s} became {q}");
                    assert!(promotion_square(p.colour, s) && !before.lost_pawn(p.colour));
                }
                _ => {}
            }
        }
    } else {
        assert_eq!(mv, Move::Pass);
    }
    for c in Colour::ALL {
        if colour_out(&expected, c) {
            command[c.index()] = None;
        }
        assert!(
            count_colour(&a, c) <= count_colour(&b, c),
            "{c} gained pieces after {mv}"
        );
    }
    if a != expected {
        let diff: Vec<String> = Square::all()
            .filter(|s| a[s.index()] != expected[s.index()])
            .map(|s| {
                format!(
                    "{s}: got {:?}, want {:?}",
                    a[s.index()],
                    expected[s.index()]
                )
            })
            .collect();
        panic!("board after {mv} ({roll}) in {before}: {diff:?}");
    }
    for c in Colour::ALL {
        let i = c.index();
        assert_eq!(after.lost_pawn(c), lost[i], "lost-pawn of {c} after {mv}");
        assert_eq!(after.captured_rajas(c), rajas[i], "rajas of {c} after {mv}");
        assert_eq!(
            after.commander(c),
            command[i],
            "command of {c} after {mv} in {before}"
        );
    }
    let quiet = if captured {
        0
    } else {
        before.quiet_plies().saturating_add(1)
    };
    assert_eq!(after.quiet_plies(), quiet, "quiet after {mv} in {before}");
    assert_eq!(after.ply(), before.ply().saturating_add(1));
    assert_eq!(after.to_move(), next_seat(after, seat), "seat after {mv}");
}

// ---------------------------------------------------------------------------
// Seeds and playouts.

fn board_text(pieces: &[(&str, &str)]) -> String {
    let mut board: [Option<&str>; 64] = [None; 64];
    for &(piece, square) in pieces {
        let s = sq(square).index();
        assert!(board[s].is_none(), "two pieces on {square}");
        board[s] = Some(piece);
    }
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut items = Vec::new();
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        items.push(empty.to_string());
                        empty = 0;
                    }
                    items.push(p.to_string());
                }
            }
        }
        if empty > 0 {
            items.push(empty.to_string());
        }
        ranks.push(items.join(","));
    }
    ranks.join("/")
}

/// Positions that reach the rare rules within a few plies. Each is tried
/// under every rules variant; the pairs that parse are the seeds.
fn seed_texts() -> Vec<String> {
    let t = |pieces: &[(&str, &str)], rest: &str| format!("{} {rest}", board_text(pieces));
    vec![
        START_TEXT.to_string(),
        // Conquest one raja step away (sheet: Red next to Green's d1, Black
        // next to Yellow's a5).
        t(
            &[
                ("rK", "e2"),
                ("gK", "c3"),
                ("bK", "b4"),
                ("yK", "c6"),
                ("rP", "g3"),
                ("rE", "h3"),
                ("bP", "f6"),
                ("bH", "g8"),
                ("yP", "c7"),
                ("yB", "a8"),
                ("gP", "b2"),
                ("gB", "a1"),
                ("gH", "b1"),
            ],
            "r rbyg - - 0 40",
        ),
        // The same for opposite partners (Red next to Yellow's a5, Black
        // next to Green's d1).
        t(
            &[
                ("rK", "b4"),
                ("gK", "c3"),
                ("bK", "e2"),
                ("yK", "c6"),
                ("rP", "g3"),
                ("rE", "h3"),
                ("bP", "f6"),
                ("bH", "g8"),
                ("yP", "c7"),
                ("yB", "a8"),
                ("gP", "b2"),
                ("gB", "a1"),
                ("gH", "b1"),
            ],
            "r rbyg - - 0 40",
        ),
        // Boat triumph: Yellow's boat c3-e5 completes two blocks (d4 e4 d5
        // e5 and e4 f4 e5 f5), own boat d4 among the victims.
        t(
            &[
                ("yB", "d4"),
                ("gB", "e4"),
                ("bB", "d5"),
                ("bB", "f4"),
                ("rB", "f5"),
                ("yB", "c3"),
                ("rK", "h4"),
                ("bK", "e8"),
                ("yK", "a5"),
                ("gK", "d1"),
                ("rP", "g2"),
                ("bP", "f7"),
                ("yP", "b6"),
                ("gP", "b2"),
                ("gB", "c1"),
                ("rB", "g7"),
            ],
            "y rbyg - - 3 80",
        ),
        // Promotions: Green (lost a pawn) one step from b8 and c8; Red's
        // pawn a2 waits on its far edge and b3 is about to join it, while
        // Green's c2 can capture b3 and release them; Black (lost) next to
        // f1 and next to the marked d1; Yellow (not lost) next to h3.
        t(
            &[
                ("gP", "b7"),
                ("gP", "c7"),
                ("gP", "c2"),
                ("rP", "b3"),
                ("rP", "a2"),
                ("bP", "d2"),
                ("bP", "f2"),
                ("yP", "g3"),
                ("yP", "g6"),
                ("rK", "h4"),
                ("bK", "e8"),
                ("yK", "a5"),
                ("gK", "e1"),
            ],
            "g rbyg bg - 0 60",
        ),
        // Special promotion: Black and Yellow each have exactly a pawn and a
        // boat, the pawns next to special promotion squares (c1 and d1 for
        // Black, h2 and h3 for Yellow).
        t(
            &[
                ("bP", "c2"),
                ("bB", "f6"),
                ("yP", "g2"),
                ("yB", "b7"),
                ("rK", "h6"),
                ("rE", "e5"),
                ("rB", "h3"),
                ("rP", "d5"),
                ("gK", "d3"),
                ("gH", "b3"),
                ("gB", "d1"),
                ("gP", "a3"),
            ],
            "b rbyg - - 0 50",
        ),
        // Exchanges: every colour's raja captured; Red's throne is occupied
        // (its raja returns next to it).
        t(
            &[
                ("rE", "h4"),
                ("rP", "g5"),
                ("bH", "g7"),
                ("bP", "e6"),
                ("yB", "a7"),
                ("yP", "c6"),
                ("gE", "c1"),
                ("gP", "b2"),
            ],
            "r rbyg - rbyg 10 120",
        ),
        // The quiet-ply limit five plies away.
        START_TEXT.replace(" 0 0", " 195 195"),
        // Black and Yellow one capture each from being out.
        t(
            &[
                ("bP", "e6"),
                ("yP", "c4"),
                ("rE", "e1"),
                ("gE", "c1"),
                ("rK", "h4"),
                ("gK", "d1"),
                ("gP", "a2"),
            ],
            "r rbyg - by 7 90",
        ),
        // Green conquered by Red (sheet), Red's own last piece exposed.
        t(
            &[
                ("rP", "c5"),
                ("gE", "c1"),
                ("gP", "b2"),
                ("bE", "c8"),
                ("bK", "e8"),
                ("yK", "a5"),
                ("yH", "b6"),
            ],
            "b rbyr - - 0 70",
        ),
        // Yellow conquered by Red (opposite), Red's own last piece exposed.
        t(
            &[
                ("rP", "c5"),
                ("yE", "a3"),
                ("yP", "b2"),
                ("bE", "c8"),
                ("bK", "e8"),
                ("gK", "d1"),
                ("gH", "b6"),
            ],
            "b rbrg - - 0 70",
        ),
    ]
}

fn rules_variants() -> Vec<Rules> {
    vec![
        Rules::default(),
        Rules::default().with_alliances(Alliances::Opposite),
        Rules::new()
            .with_alliances(Alliances::Sheet)
            .with_draw_limit(None),
        Rules::new()
            .with_alliances(Alliances::Opposite)
            .with_draw_limit(Some(30)),
    ]
}

/// Every (seed, rules) pair that parses.
fn seeds() -> Vec<(String, Rules)> {
    let mut out = Vec::new();
    for text in seed_texts() {
        for rules in rules_variants() {
            if Position::from_text(&text, rules).is_ok() {
                out.push((text.clone(), rules));
            }
        }
    }
    out
}

/// Moves that exercise the rare rules.
fn is_rare(pos: &Position, mv: Move) -> bool {
    let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
        return false;
    };
    let piece = pos.piece_at(from).expect("a piece");
    match piece.kind {
        PieceKind::Raja => THRONES.iter().any(|&t| sq(t) == to),
        PieceKind::Pawn => matches!(mv, Move::Promotion { .. }) || far_edge(piece.colour, to),
        PieceKind::Boat => {
            let mut board = board_of(pos);
            board[from.index()] = None;
            board[to.index()] = Some(piece);
            !triumph_victims(&board, to).is_empty()
        }
        _ => false,
    }
}

/// Picks a move: `bias` 0 prefers captures, 1 rare-rule moves, else any.
fn choose(pos: &Position, moves: &[Move], index: &Index, bias: u8) -> Move {
    let preferred: Vec<Move> = match bias {
        0 => moves
            .iter()
            .copied()
            .filter(|mv| mv.to().is_some_and(|to| pos.piece_at(to).is_some()))
            .collect(),
        1 => moves
            .iter()
            .copied()
            .filter(|&mv| is_rare(pos, mv))
            .collect(),
        _ => Vec::new(),
    };
    if preferred.is_empty() {
        *index.get(moves)
    } else {
        *index.get(&preferred)
    }
}

/// Applies one of the possible exchanges, chosen by `index`.
fn exchange(pos: &mut Position, index: &Index) -> bool {
    let pairs = pos.possible_exchanges();
    if pairs.is_empty() {
        return false;
    }
    let (a, b) = *index.get(&pairs);
    let sa: Vec<Square> = pos.raja_return_squares(a).iter().collect();
    let sb: Vec<Square> = pos.raja_return_squares(b).iter().collect();
    let before = pos.clone();
    pos.apply_exchange((a, *index.get(&sa)), (b, *index.get(&sb)))
        .unwrap_or_else(|e| panic!("exchange {a} {b} in {before}: {e}"));
    true
}

/// What a playout saw.
#[derive(Debug, Default, Clone, Copy)]
struct Seen {
    plies: usize,
    captures: usize,
    conquests: usize,
    promotions: usize,
    special_promotions: usize,
    releases: usize,
    triumphs: usize,
    eliminations: usize,
    exchanges: usize,
    wins: usize,
    draws: usize,
}

type Choice = (Index, Index, u8);

/// Plays `choices` from `text` under `rules`, checking every invariant at
/// every ply and sweeping `is_legal` at every `sweep_every`-th ply and at the
/// end; then takes the whole game back.
fn playout(text: &str, rules: Rules, choices: &[Choice], sweep_every: usize) -> Seen {
    let mut pos = Position::from_text(text, rules).expect("seed positions are valid");
    let mut history: Vec<(Position, Undo)> = Vec::new();
    let mut seen = Seen::default();
    for (i, (roll_index, move_index, bias)) in choices.iter().enumerate() {
        if *bias == 2 && exchange(&mut pos, move_index) {
            seen.exchanges += 1;
            history.clear();
        }
        let lists = check_position(&pos);
        if i % sweep_every == 0 {
            check_sweep(&pos, &lists);
        }
        if pos.is_over() {
            break;
        }
        let r = roll_index.index(4);
        let roll = Roll::ALL[r];
        let mv = choose(&pos, &lists[r], move_index, *bias);
        let before = pos.clone();
        let undo = pos
            .play(roll, mv)
            .unwrap_or_else(|e| panic!("generated {mv} for {roll} rejected in {before}: {e}"));
        check_move(&before, roll, mv, &pos);
        tally(&mut seen, &before, mv, &pos);
        history.push((before, undo));
    }
    let lists = check_position(&pos);
    check_sweep(&pos, &lists);
    while let Some((before, undo)) = history.pop() {
        // A stale record (an earlier move) is refused, nothing changed.
        if let Some((_, stale)) = history.first() {
            let current = pos.clone();
            assert!(pos.undo(stale.clone()).is_err(), "stale record accepted");
            assert_eq!(pos, current);
        }
        pos.undo(undo.clone()).unwrap();
        // A record used twice is refused the second time.
        let current = pos.clone();
        assert!(pos.undo(undo).is_err(), "record used twice");
        assert_eq!(pos, current);
        assert_eq!(pos, before);
        assert_eq!(pos.hash(), before.hash());
        assert_eq!(pos.to_string(), before.to_string());
    }
    seen
}

fn tally(seen: &mut Seen, before: &Position, mv: Move, after: &Position) {
    seen.plies += 1;
    let count = |p: &Position| board_of(p).iter().flatten().count();
    let (n0, n1) = (count(before), count(after));
    if n1 < n0 {
        seen.captures += 1;
    }
    if n1 + 1 < n0 {
        seen.triumphs += 1;
    }
    if Colour::ALL
        .iter()
        .any(|&c| before.commander(c) == Some(c) && after.commander(c).is_some_and(|s| s != c))
    {
        seen.conquests += 1;
    }
    if matches!(mv, Move::Promotion { .. }) {
        seen.special_promotions += 1;
    } else if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
        if before.piece_at(from).map(|p| p.kind) == Some(PieceKind::Pawn)
            && after.piece_at(to).map(|p| p.kind) != Some(PieceKind::Pawn)
        {
            seen.promotions += 1;
        }
    }
    if Colour::ALL
        .iter()
        .any(|&c| !before.lost_pawn(c) && after.lost_pawn(c))
    {
        seen.releases += 1;
    }
    if Colour::ALL
        .iter()
        .any(|&c| !before.is_out(c) && after.is_out(c))
    {
        seen.eliminations += 1;
    }
    match after.outcome() {
        Outcome::AllianceWins(_) => seen.wins += 1,
        Outcome::Draw => seen.draws += 1,
        Outcome::Ongoing => {}
        other => panic!("an unknown outcome {other}"),
    }
}

fn choices(min: usize, max: usize) -> impl Strategy<Value = Vec<Choice>> {
    proptest::collection::vec((any::<Index>(), any::<Index>(), 0u8..6), min..max)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(8, 24), ..ProptestConfig::default() })]

    /// Long playouts from the start under every rules variant: long enough
    /// for captures, promotions, conquests and eliminations.
    #[test]
    fn playouts_from_start_keep_every_invariant(
        rules in proptest::sample::select(rules_variants()),
        choices in choices(150, 400),
    ) {
        playout(START_TEXT, rules, &choices, 37);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(32, 128), ..ProptestConfig::default() })]

    /// Playouts from positions next to the rare rules.
    #[test]
    fn playouts_from_seeds_keep_every_invariant(
        seed in proptest::sample::select(seeds()),
        choices in choices(0, 40),
    ) {
        playout(&seed.0, seed.1, &choices, 9);
    }

    /// `play_checked` plays exactly the moves `is_legal` accepts and leaves
    /// the position untouched on any other.
    #[test]
    fn play_checked_agrees_with_is_legal(
        seed in proptest::sample::select(seeds()),
        choices in choices(0, 30),
        probes in proptest::collection::vec((0u8..64, 0u8..64, 0usize..7, 0usize..4), 1..60),
    ) {
        let mut pos = Position::from_text(&seed.0, seed.1).unwrap();
        for (roll, index, bias) in &choices {
            let r = Roll::ALL[roll.index(4)];
            let mut moves = MoveList::new();
            pos.generate_moves(r, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = choose(&pos, &moves, index, *bias);
            pos.play_unchecked(mv);
        }
        for (from, to, variant, roll) in probes {
            let (from, to) = (Square::new(from).unwrap(), Square::new(to).unwrap());
            let roll = Roll::ALL[roll];
            let mv = match variant {
                0 => Move::Normal { from, to },
                6 => Move::Pass,
                k => Move::Promotion { from, to, kind: PieceKind::ALL[k - 1] },
            };
            let before = pos.clone();
            match pos.play(roll, mv) {
                Ok(undo) => {
                    prop_assert!(before.is_legal(roll, mv));
                    check_move(&before, roll, mv, &pos);
                    pos.undo(undo).unwrap();
                    prop_assert_eq!(&pos, &before);
                }
                Err(err) => {
                    prop_assert!(!before.is_legal(roll, mv));
                    prop_assert_eq!(err.move_text(), format!("{roll}:{mv}"));
                    prop_assert!(!err.to_string().is_empty());
                    prop_assert_eq!(&pos, &before);
                }
            }
        }
    }
}

/// The seeds are valid, each under at least one rules variant, and canonical.
#[test]
fn seeds_are_valid() {
    assert_eq!(Position::start(Rules::default()).to_string(), START_TEXT);
    for text in seed_texts() {
        let parsed: Vec<Position> = rules_variants()
            .into_iter()
            .filter_map(|rules| Position::from_text(&text, rules).ok())
            .collect();
        assert!(!parsed.is_empty(), "{text} parses under no rules");
        for pos in parsed {
            assert_eq!(pos.to_string(), text);
            let lists = check_position(&pos);
            check_sweep(&pos, &lists);
        }
    }
}

/// Deterministic biased playouts (captures and rare moves preferred) reach
/// every rare rule, so the properties above are known to see them.
#[test]
fn biased_playouts_reach_the_rare_rules() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut total = Seen::default();
    let mut runner = TestRunner::deterministic();
    // Two playouts per seed, or three with `KC_FULL_PROPTESTS`.
    let playouts = crate::cases::cases(2, 3);
    for (text, rules) in seeds() {
        for _ in 0..playouts {
            let choices: Vec<Choice> =
                proptest::collection::vec((any::<Index>(), any::<Index>(), 0u8..4), 300)
                    .new_tree(&mut runner)
                    .unwrap()
                    .current();
            let seen = playout(&text, rules, &choices, 1000);
            total.plies += seen.plies;
            total.captures += seen.captures;
            total.conquests += seen.conquests;
            total.promotions += seen.promotions;
            total.special_promotions += seen.special_promotions;
            total.releases += seen.releases;
            total.triumphs += seen.triumphs;
            total.eliminations += seen.eliminations;
            total.exchanges += seen.exchanges;
            total.wins += seen.wins;
            total.draws += seen.draws;
        }
    }
    eprintln!("{total:?}");
    assert!(total.conquests > 0, "{total:?}");
    assert!(total.promotions > 0, "{total:?}");
    assert!(total.special_promotions > 0, "{total:?}");
    assert!(total.releases > 0, "{total:?}");
    assert!(total.triumphs > 0, "{total:?}");
    assert!(total.eliminations > 0, "{total:?}");
    assert!(total.exchanges > 0, "{total:?}");
    assert!(total.wins > 0, "{total:?}");
    assert!(total.draws > 0, "{total:?}");
}

// ---------------------------------------------------------------------------
// The safe API never panics, and checked calls leave the position untouched.

/// A set-up's position text, written by this file (not by the library).
fn setup_text(setup: &Setup) -> String {
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut items: Vec<String> = Vec::new();
        let mut empty = 0;
        for file in 0..8 {
            match setup.piece_at(Square::from_coords(file, rank).unwrap()) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        items.push(empty.to_string());
                        empty = 0;
                    }
                    items.push(p.to_string());
                }
            }
        }
        if empty > 0 {
            items.push(empty.to_string());
        }
        ranks.push(items.join(","));
    }
    let command: String = Colour::ALL
        .iter()
        .map(|&c| setup.commander(c).map_or('x', Colour::letter))
        .collect();
    let set = |letters: String| {
        if letters.is_empty() {
            "-".to_string()
        } else {
            letters
        }
    };
    let lost = set(Colour::ALL
        .iter()
        .filter(|&&c| setup.lost_pawn(c))
        .map(|c| c.letter())
        .collect());
    let rajas = set(Colour::ALL
        .iter()
        .flat_map(|&c| std::iter::repeat_n(c.letter(), setup.captured_rajas(c) as usize))
        .collect());
    format!(
        "{} {} {command} {lost} {rajas} {} {}",
        ranks.join("/"),
        setup.to_move().letter(),
        setup.quiet_plies(),
        setup.ply()
    )
}

/// Calls every query on a position that may break the rules' invariants
/// (after `play_unchecked` of an illegal move): none may panic.
fn query_everything(pos: &Position) {
    let _ = pos.to_string();
    let _ = pos.diagram().to_string();
    let _ = pos.validate();
    let _ = pos.outcome();
    let _ = pos.is_over();
    let _ = pos.hash();
    let _ = pos.compute_hash();
    let _ = pos.to_setup().build(pos.rules());
    let _ = Position::from_text(&pos.to_string(), pos.rules());
    let mut rng = kaissa_chaturaji::random::SplitMix64::new(pos.hash());
    for roll in Roll::ALL {
        let moves = pos.legal_moves(roll);
        assert_eq!(pos.count_legal_moves(roll), moves.len());
        for &mv in moves.iter() {
            assert!(pos.is_legal(roll, mv));
            let mut scratch = pos.clone();
            let undo = scratch.play_unchecked(mv);
            scratch
                .undo(undo)
                .expect("a record of the last move belongs");
            assert_eq!(&scratch, pos);
        }
        let _ = pos.is_legal(roll, Move::Pass);
        let _ = pos.choose_move(roll, &mut rng);
    }
    let _ = perft(pos, 1);
    for c in Colour::ALL {
        let _ = pos.raja_return_squares(c);
        let _ = pos.raja_returnable(c);
        let _ = pos.special_promotion_possible(c);
        let _ = pos.commanded(c);
    }
    for (a, b) in pos.possible_exchanges() {
        let mut copy = pos.clone();
        let sa = pos.raja_return_squares(a).first().unwrap();
        let sb = pos.raja_return_squares(b).first().unwrap();
        let _ = copy.apply_exchange((a, sa), (b, sb));
    }
}

/// An arbitrary move: any from/to pair (the same square too), any suffix
/// (the never-legal pawn "promotion" too), or a pass.
fn arbitrary_move(from: u8, to: u8, variant: usize) -> Move {
    let (from, to) = (Square::new(from).unwrap(), Square::new(to).unwrap());
    match variant {
        0 => Move::Normal { from, to },
        6 => Move::Pass,
        k => Move::Promotion {
            from,
            to,
            kind: PieceKind::ALL[k - 1],
        },
    }
}

/// A record with the positions before and after its move.
struct Record {
    undo: Undo,
    before: Position,
    after: Position,
}

/// The records of a short random game from `text`.
fn records_of_game(text: &str, rules: Rules, choices: &[Choice]) -> (Position, Vec<Record>) {
    let mut pos = Position::from_text(text, rules).unwrap();
    let mut records = Vec::new();
    for (roll, index, bias) in choices {
        let moves = pos.legal_moves(Roll::ALL[roll.index(4)]);
        if moves.is_empty() {
            break;
        }
        let mv = choose(&pos, &moves, index, *bias);
        let before = pos.clone();
        let undo = pos.play_unchecked(mv);
        records.push(Record {
            undo,
            before,
            after: pos.clone(),
        });
    }
    (pos, records)
}

/// What one step of the hostile driver does.
#[derive(Debug, Clone)]
enum Step {
    /// `play` (checked) of an arbitrary move for a roll.
    Play(u8, u8, usize, usize),
    /// `play_unchecked` of an arbitrary move, queries on the result, then
    /// `undo_unchecked`.
    PlayUnchecked(u8, u8, usize),
    /// `undo` (checked) with a record of this game or of the other one.
    Undo(bool, Index),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (0u8..64, 0u8..64, 0usize..7, 0usize..4).prop_map(|(a, b, v, r)| Step::Play(a, b, v, r)),
        (0u8..64, 0u8..64, 0usize..7).prop_map(|(a, b, v)| Step::PlayUnchecked(a, b, v)),
        (any::<bool>(), any::<Index>()).prop_map(|(own, i)| Step::Undo(own, i)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(32, 96), ..ProptestConfig::default() })]

    /// No safe function panics on arbitrary moves (any from/to pair, any
    /// suffix, pass, any roll) and arbitrary undo records (from another
    /// game, stale, used twice); `play` of an illegal move and `undo` of a
    /// record that does not belong give an error and leave the position
    /// untouched.
    #[test]
    fn arbitrary_moves_and_records_never_panic(
        seed in proptest::sample::select(seeds()),
        other in proptest::sample::select(seeds()),
        game in choices(0, 40),
        other_game in choices(0, 40),
        steps in proptest::collection::vec(step(), 1..40),
    ) {
        let (mut pos, mut own) = records_of_game(&seed.0, seed.1, &game);
        let (_, foreign) = records_of_game(&other.0, other.1, &other_game);
        for step in steps {
            let before = pos.clone();
            match step {
                Step::Play(a, b, v, r) => {
                    let (mv, roll) = (arbitrary_move(a, b, v), Roll::ALL[r]);
                    let legal = pos.is_legal(roll, mv);
                    match pos.play(roll, mv) {
                        Ok(undo) => {
                            prop_assert!(legal);
                            prop_assert_eq!(undo.played(), mv);
                            own.push(Record { undo, before, after: pos.clone() });
                        }
                        Err(err) => {
                            prop_assert!(!legal, "{} rejected: {}", mv, err);
                            prop_assert_eq!(&pos, &before);
                            prop_assert_eq!(err.move_text(), format!("{roll}:{mv}"));
                        }
                    }
                }
                Step::PlayUnchecked(a, b, v) => {
                    let mv = arbitrary_move(a, b, v);
                    let undo = pos.play_unchecked(mv);
                    query_everything(&pos);
                    if v == 0 && a != b {
                        // Any move's record belongs to the position it made.
                        let mut copy = pos.clone();
                        prop_assert!(copy.undo(undo.clone()).is_ok());
                        prop_assert_eq!(&copy, &before);
                    }
                    pos.undo_unchecked(undo);
                    prop_assert_eq!(&pos, &before);
                }
                Step::Undo(from_own, index) => {
                    let pool = if from_own || foreign.is_empty() { &own } else { &foreign };
                    if pool.is_empty() {
                        continue;
                    }
                    let record = index.get(pool);
                    // The record belongs exactly when it was made by a move
                    // that led to this very position (hash, counters, rules).
                    let belongs = record.after.hash() == pos.hash()
                        && record.after.ply() == pos.ply()
                        && record.after.quiet_plies() == pos.quiet_plies()
                        && record.after.rules() == pos.rules();
                    match pos.undo(record.undo.clone()) {
                        Ok(()) => {
                            prop_assert!(belongs);
                            prop_assert_eq!(&pos, &record.before);
                        }
                        Err(_) => {
                            prop_assert!(!belongs);
                            prop_assert_eq!(&pos, &before);
                        }
                    }
                }
            }
        }
        // Taking the whole game back with its own records, last first.
        while let Some(record) = own.pop() {
            if record.after == pos {
                pos.undo(record.undo).unwrap();
                prop_assert_eq!(&pos, &record.before);
            }
        }
    }

    /// The set-up builder and the text parser accept exactly the same
    /// positions (the builder of a set-up, the parser of its text), with
    /// the same error field, kind and reason.
    #[test]
    fn setup_and_parser_agree(
        seed in proptest::sample::select(seeds()),
        game in choices(0, 60),
        rules in proptest::sample::select(rules_variants()),
        edits in proptest::collection::vec((0usize..9, 0u8..64, 0u8..6, 0u8..6), 0..4),
    ) {
        let (pos, _) = records_of_game(&seed.0, seed.1, &game);
        let mut setup = pos.to_setup();
        for (what, square, a, b) in edits {
            let colour = Colour::ALL[usize::from(a % 4)];
            let square = Square::new(square).unwrap();
            match what {
                0 => { setup.put(square, Piece::new(colour, PieceKind::ALL[usize::from(b % 5)])); }
                1 => { setup.remove(square); }
                2 => { setup.set_to_move(colour); }
                3 => { setup.set_commander(colour, Colour::ALL.get(usize::from(b)).copied()); }
                4 => { setup.set_lost_pawn(colour, b % 2 == 1); }
                5 => { setup.set_captured_rajas(colour, b); }
                6 => { setup.set_quiet_plies(u32::from(b) * 40); }
                7 => { setup.set_ply(square.index() as u32 * 7); }
                _ => { setup.set_command_from_board(); }
            }
        }
        let text = setup_text(&setup);
        let built = setup.build(rules);
        let parsed = Position::from_text(&text, rules);
        match (&built, &parsed) {
            (Ok(a), Ok(b)) => {
                prop_assert_eq!(a, b);
                prop_assert_eq!(&a.to_setup(), &setup);
                prop_assert_eq!(a.to_string(), text);
            }
            (Err(a), Err(b)) => {
                prop_assert_eq!(a.offset(), None);
                prop_assert_eq!(a.field(), b.field(), "{} / {}", a, b);
                prop_assert_eq!(a.kind(), b.kind());
                prop_assert_eq!(a.reason(), b.reason());
            }
            _ => prop_assert!(false, "{text}: built {built:?}, parsed {parsed:?}"),
        }
    }
}

/// Every rules option there is: the sheet variants above, and the Ludii
/// ruleset as `Rules::ludii()` makes it and with the options it keeps but
/// does not use set otherwise.
fn every_rules_option() -> Vec<Rules> {
    let mut all = rules_variants();
    all.extend([
        Rules::ludii(),
        Rules::ludii().with_draw_limit(Some(200)),
        Rules::ludii().with_alliances(Alliances::Opposite),
        Rules::default().with_ruleset(Ruleset::Ludii),
    ]);
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(16, 48), ..ProptestConfig::default() })]

    /// The text both ways under every rules option, at every ply of a
    /// random game from the start.
    #[test]
    fn text_both_ways_from_the_start(
        rules in proptest::sample::select(every_rules_option()),
        game in choices(0, 300),
    ) {
        let mut pos = Position::start(rules);
        check_text_both_ways(&pos);
        for (roll, index, bias) in &game {
            let moves = pos.legal_moves(Roll::ALL[roll.index(4)]);
            if moves.is_empty() {
                break;
            }
            let mv = choose(&pos, &moves, index, *bias);
            pos.play(Roll::ALL[roll.index(4)], mv).unwrap();
            check_text_both_ways(&pos);
        }
    }

    /// The text both ways for set-ups built from the seeds' games, edited
    /// and built under every rules option (those that build).
    #[test]
    fn text_both_ways_from_setups(
        seed in proptest::sample::select(seeds()),
        game in choices(0, 40),
        rules in proptest::sample::select(every_rules_option()),
        edits in proptest::collection::vec((0usize..4, 0u8..64, 0u8..4, 0u8..5), 0..5),
    ) {
        let (pos, _) = records_of_game(&seed.0, seed.1, &game);
        let mut setup = pos.to_setup();
        for (what, square, a, b) in edits {
            let square = Square::new(square).unwrap();
            let colour = Colour::ALL[usize::from(a)];
            match what {
                0 => { setup.put(square, Piece::new(colour, PieceKind::ALL[usize::from(b)])); }
                1 => { setup.remove(square); }
                2 => { setup.set_to_move(colour); }
                _ => { setup.set_score(colour, u32::from(square.index() as u8) * 13); }
            }
        }
        setup.set_command_from_board();
        if !rules.is_ludii() {
            // Scores belong to the Ludii ruleset.
            for colour in Colour::ALL {
                setup.set_score(colour, 0);
            }
        }
        if let Ok(built) = setup.build(rules) {
            check_text_both_ways(&built);
        }
    }
}

/// Hand-made set-ups: the builder's checks are the parser's.
#[test]
fn setup_builder_examples() {
    assert_eq!(
        Setup::start().build(Rules::default()),
        Ok(Position::default())
    );
    assert_eq!(Setup::default(), Setup::empty());
    let err = Setup::empty().build(Rules::default()).unwrap_err();
    assert_eq!(
        (err.field(), err.kind()),
        (Field::Board, NotationErrorKind::Inconsistent)
    );
    // Green conquered by Red: valid with the sheet's alliances only.
    let mut setup = Setup::start();
    setup.set_commander(Colour::Green, Some(Colour::Red));
    assert!(setup.build(Rules::default()).is_ok());
    let err = setup
        .build(Rules::default().with_alliances(Alliances::Opposite))
        .unwrap_err();
    assert_eq!(err.field(), Field::Command);
    // The seat to move must command a piece.
    setup.set_to_move(Colour::Green);
    assert_eq!(
        setup.build(Rules::default()).unwrap_err().field(),
        Field::ToMove
    );
    // Pieces taken off and put back.
    let mut setup = Setup::start();
    let h4 = sq("h4");
    let raja = setup.remove(h4).unwrap();
    assert_eq!(setup.piece_at(h4), None);
    setup.put(h4, raja);
    assert_eq!(setup, Setup::start());
}
