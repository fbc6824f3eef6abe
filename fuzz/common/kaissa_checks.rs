//! Invariant checks shared by the Kaissa fuzz targets (the same contracts as
//! `tests/kaissa/hostile.rs` and `tests/kaissa/props.rs`). Chaturaji checks
//! go in a sibling file.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashSet};

use kaissa_chaturaji::error::Field;
use kaissa_chaturaji::kaissa::{
    Move, Outcome, PieceKind, Position, Side, Square, WinReason, START_TEXT,
};
use kaissa_chaturaji::NotationError;

/// The fields a position error may name.
pub const POSITION_FIELDS: &[Field] = &[
    Field::Text,
    Field::Board,
    Field::Side,
    Field::Turn,
    Field::Hand,
];

/// Where `kaissa_apply_moves` starts, chosen by its first byte.
pub const SEEDS: &[&str] = &[
    START_TEXT,
    "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 7 Hh",
    "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTHUTSBI r 9 h",
    "4h5/1p8/10/3u6/10/10/6U3/10/8P1/4H5 y 12 -",
    "ibstquts1h/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 H",
    "4u5/2p7/10/10/10/10/10/10/7P2/5U4 r 8 Hh",
    // Near the largest turn number (the turn limit ends the game there).
    "4h5/10/10/10/10/10/10/10/10/4H4U r 999999990 -",
];

pub fn check_error(text: &str, err: &NotationError, fields: &[Field]) {
    assert!(
        fields.contains(&err.field()),
        "{text:?}: unknown field in {err}"
    );
    let column = err.offset().expect("a text error has an offset");
    assert!(column <= text.len(), "{text:?}: column past the end: {err}");
    assert!(
        text.is_char_boundary(column),
        "{text:?}: column inside a character: {err}"
    );
    assert!(!err.reason().is_empty());
    let message = err.to_string();
    assert!(
        !message.chars().any(char::is_control),
        "{text:?}: a control character in {message:?}"
    );
    assert!(
        message.chars().count() <= 200,
        "{text:?}: a long message {message:?}"
    );
}

/// Everything a caller may ask of a position, and the contracts between the
/// answers. Returns the legal moves.
pub fn check_position(pos: &Position, exhaustive: bool) -> Vec<Move> {
    assert_eq!(pos.validate(), Ok(()), "{pos}");
    assert_eq!(pos.hash(), pos.compute_hash(), "{pos}");
    let text = pos.to_string();
    let back: Position = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} does not parse back: {e}"));
    assert_eq!(&back, pos);
    assert_eq!(back.to_string(), text);

    let moves: Vec<Move> = pos.legal_moves().to_vec();
    let set: HashSet<Move> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "duplicate moves in {pos}");
    assert_eq!(pos.count_legal_moves(), moves.len());
    assert_eq!(pos.has_legal_move(), !moves.is_empty());

    // Home Stone window against the moves.
    let side = pos.to_move();
    let placements: BTreeSet<Square> = moves
        .iter()
        .filter_map(|mv| match mv {
            Move::Place { to } => Some(*to),
            Move::Normal { .. } => None,
        })
        .collect();
    let window = pos.home_stone_window(side);
    assert_eq!(window.open_now, !placements.is_empty(), "{pos}");
    assert_eq!(window.squares.iter().collect::<BTreeSet<_>>(), placements);
    if window.last_chance {
        assert!(
            moves.iter().all(|m| matches!(m, Move::Place { .. })),
            "{pos}"
        );
    }
    let other = pos.home_stone_window(side.other());
    assert!(!other.open_now && !other.last_chance && other.squares.is_empty());

    // Outcome against the moves.
    let outcome = pos.outcome();
    assert_eq!(outcome == Outcome::Ongoing, !moves.is_empty(), "{pos}");
    match outcome {
        Outcome::Win {
            winner,
            reason: WinReason::HomeStoneCaptured,
        } => {
            assert_eq!(winner, side.other());
            assert!(pos.stone_captured(side));
        }
        Outcome::Win {
            winner,
            reason: WinReason::DefaultLoss,
        } => {
            assert_eq!(winner, side.other());
            assert!(window.last_chance && window.squares.is_empty());
        }
        Outcome::Win { .. } => panic!("the library never reports a resignation"),
        _ => {}
    }

    if exhaustive || moves.is_empty() {
        // generated[from][to], with to == 100 standing for `H@from`.
        let mut generated = [[false; 101]; 100];
        for mv in &moves {
            match *mv {
                Move::Normal { from, to } => {
                    generated[from.index() as usize][to.index() as usize] = true
                }
                Move::Place { to } => generated[to.index() as usize][100] = true,
            }
        }
        for from in Square::all() {
            let row = &generated[from.index() as usize];
            for to in Square::all() {
                let mv = Move::Normal { from, to };
                assert_eq!(pos.is_legal(mv), row[to.index() as usize], "{mv} in {pos}");
            }
            let mv = Move::Place { to: from };
            assert_eq!(pos.is_legal(mv), row[100], "{mv} in {pos}");
        }
    }
    moves
}

fn count_side(pos: &Position, side: Side) -> usize {
    Square::all()
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.side == side))
        .count()
}

/// Plays `mv` (legal) and checks what it did to the pieces, the hash and the
/// turn; returns the position before it for the caller's undo check.
pub fn play_and_check(pos: &mut Position, mv: Move) -> kaissa_chaturaji::kaissa::Undo {
    let before = pos.clone();
    let mover = before.to_move();
    let undo = pos
        .play(mv)
        .unwrap_or_else(|e| panic!("generated {mv} rejected in {before}: {e}"));
    assert_eq!(pos.hash(), pos.compute_hash(), "after {mv} in {before}");
    assert_eq!(pos.ply(), before.ply() + 1);
    let (mine, theirs) = (count_side(pos, mover), count_side(pos, mover.other()));
    let (mine0, theirs0) = (
        count_side(&before, mover),
        count_side(&before, mover.other()),
    );
    match mv {
        Move::Normal { from, to } => {
            let piece = before.piece_at(from).expect("a piece");
            assert_eq!(pos.piece_at(to), Some(piece));
            assert_eq!(mine, mine0);
            match before.piece_at(to) {
                Some(victim) => {
                    assert_eq!(victim.side, mover.other());
                    assert_ne!(piece.kind, PieceKind::HomeStone);
                    assert_eq!(theirs + 1, theirs0);
                }
                None => assert_eq!(theirs, theirs0),
            }
        }
        Move::Place { to } => {
            assert_eq!(before.piece_at(to), None);
            assert_eq!(mine, mine0 + 1);
            assert_eq!(theirs, theirs0);
            assert!(!pos.stone_in_hand(mover));
        }
    }
    // Undo restores exactly; then play again to continue.
    let mut copy = pos.clone();
    copy.undo(undo).expect("the record of the last move");
    assert_eq!(copy, before, "undo of {mv}");
    assert_eq!(copy.hash(), before.hash());
    // A second use of the record is refused and changes nothing.
    let again = copy.clone();
    assert!(copy.undo(undo).is_err(), "undo of {mv} twice");
    assert_eq!(copy, again);
    // The set-up builder gives the same position back.
    assert_eq!(pos.to_setup().build().as_ref(), Ok(&*pos));
    undo
}
