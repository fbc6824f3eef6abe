//! Invariant checks shared by the Chaturaji fuzz targets (the same contracts
//! as `tests/chaturaji/hostile.rs` and `tests/chaturaji/props.rs`).

#![allow(dead_code)]

use std::collections::HashSet;

use kaissa_chaturaji::chaturaji::{
    Alliances, Colour, Move, MoveList, Outcome, Piece, PieceKind, Position, Roll, Rules, Square,
    LUDII_START_TEXT, LUDII_TURN_LIMIT, START_TEXT,
};
use kaissa_chaturaji::error::Field;
use kaissa_chaturaji::NotationError;

/// The fields a position error may name.
pub const POSITION_FIELDS: &[Field] = &[
    Field::Board,
    Field::ToMove,
    Field::Command,
    Field::LostPawn,
    Field::CapturedRajas,
    Field::Quiet,
    Field::Ply,
    Field::Scores,
    Field::Decision,
    Field::Turns,
    Field::Text,
];

/// Rules chosen by a byte: bit 3 the Ludii ruleset, else bit 0 the
/// alliances and bits 1-2 the draw limit.
pub fn rules_from_byte(byte: u8) -> Rules {
    if byte & 8 != 0 {
        return Rules::ludii();
    }
    Rules::default()
        .with_alliances(if byte & 1 == 0 {
            Alliances::Sheet
        } else {
            Alliances::Opposite
        })
        .with_draw_limit(match (byte >> 1) & 3 {
            0 | 1 => Some(200),
            2 => None,
            _ => Some(12),
        })
}

/// Where `chaturaji_apply_moves` starts, chosen by its first byte (each is
/// valid under the sheet's alliances; those marked `both` under both).
pub const SEEDS: &[&str] = &[
    START_TEXT,
    // Exchanges possible at once.
    "8/6,bH,1/2,yP,1,bP,3/6,rP,1/7,rE/8/yB,gP,6/2,gE,5 r rbyg - rbyg 10 120",
    // Boat triumph one move away (Yellow c3-e5).
    "4,bK,3/5,bP,rB,1/1,yP,6/yK,2,bB,1,rB,2/3,yB,gB,bB,1,rK/2,yB,5/1,gP,4,rP,1/2,gB,gK,4 y rbyg - - 3 80",
    // Special promotions next move (Black c2, Yellow g2).
    "8/yB,7/5,bB,2/3,rP,rE,2,rK/8/1,gH,1,gK,3,rB/2,bP,3,yP,1/3,gB,4 b rbyg - - 0 50",
    // Promotions and waiting pawns.
    "4,bK,3/1,gP,gP,5/6,yP,1/yK,7/7,rK/1,rP,4,yP,1/rP,1,gP,bP,1,bP,2/4,gK,3 g rbyg bg - 0 60",
    // Quiet-ply limit five plies away.
    "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 195 195",
];

/// Where `chaturaji_apply_moves` starts under the Ludii ruleset.
pub const LUDII_SEEDS: &[&str] = &[
    LUDII_START_TEXT,
    // A promotion decision next move (Green c7-c8), and one pending.
    "8/2,gP,5/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 7",
    "2,gP,5/8/8/8/8/8/8/gB,gH,gE,gK,3,rK g 0,0,0,0 c8 8",
    // The end one capture away; the turn limit three plies away.
    "3,rH,4/2,gP,5/8/8/8/8/8/8 g 0,0,0,0 - 7",
    "8/8/8/8/8/8/1,bP,rP,5/1,yP,5,gK y 3,1,4,1 - 4997",
    // A middle game with every colour.
    "bB,bP,2,bK,bE,1,bB/yH,yP,2,bP,1,bP,bP/yE,2,yP,4/yK,yP,6/6,rP,rK/2,gH,3,rP,rE/gP,1,gP,gP,2,rP,rH/gB,2,gE,gK,3 r 3,7,1,4 - 88",
];

pub fn check_error(text: &str, err: &NotationError, fields: &[Field]) {
    assert!(
        fields.contains(&err.field()),
        "{text:?}: unknown field in {err}"
    );
    let offset = err.offset().expect("a parse error has an offset");
    assert!(offset <= text.len(), "{text:?}: offset past the end: {err}");
    assert!(
        text.is_char_boundary(offset),
        "{text:?}: offset inside a character: {err}"
    );
    assert!(!err.reason().is_empty());
    let message = err.to_string();
    assert!(message.len() < 400, "{text:?}: a long message {message:?}");
    assert!(
        !message.chars().any(char::is_control),
        "{text:?}: a control character in {message:?}"
    );
}
/// Everything a caller may ask of a position, and the contracts between the
/// answers. Returns the legal moves of each roll (index face - 2).
pub fn check_position(pos: &Position, sweep: bool) -> [MoveList; 4] {
    assert_eq!(pos.validate(), Ok(()), "{pos}");
    assert_eq!(pos.hash(), pos.compute_hash(), "{pos}");
    let text = pos.to_string();
    let back = Position::from_text(&text, pos.rules())
        .unwrap_or_else(|e| panic!("{text:?} does not parse back: {e}"));
    assert_eq!(&back, pos);
    assert_eq!(back.to_string(), text);
    let _ = pos.diagram().to_string();

    let finished = pos.is_over();
    let rules = pos.rules();
    for c in Colour::ALL {
        assert_eq!(pos.is_out(c), pos.commander(c).is_none());
        if let Some(seat) = pos.commander(c) {
            assert!(rules.friends(c, seat));
        }
    }
    if let Outcome::AllianceWins(w) = pos.outcome() {
        for c in Colour::ALL {
            assert!(w.contains(&c) || pos.is_out(c), "{pos}");
        }
    }
    if pos.outcome() == Outcome::Draw {
        if rules.is_ludii() {
            assert!(pos.ply() >= LUDII_TURN_LIMIT);
        } else {
            assert!(pos.quiet_plies() >= u32::from(rules.draw_limit.expect("a limit")));
        }
    }
    if rules.is_ludii() {
        assert_eq!(pos.quiet_plies(), 0);
        assert_eq!(pos.ranking().is_some(), finished);
        match pos.outcome() {
            Outcome::ColourWins(w) => {
                assert!(Colour::ALL.iter().all(|&c| c == w || pos.score(c) < pos.score(w)));
            }
            Outcome::TopScoreTie | Outcome::Ongoing | Outcome::Draw => {}
            other => panic!("{other:?} under the Ludii ruleset in {pos}"),
        }
        if let Some(square) = pos.pending_promotion() {
            let piece = pos.piece_at(square).expect("the decision's pawn");
            assert_eq!(piece, Piece::new(pos.to_move(), PieceKind::Pawn));
        }
    } else {
        assert_eq!(pos.scores(), [0; 4]);
        assert_eq!(pos.pending_promotion(), None);
    }
    let decision = pos.pending_promotion().is_some();
    let mut lists: [MoveList; 4] = Default::default();
    let mut all = HashSet::new();
    for (i, roll) in Roll::ALL.into_iter().enumerate() {
        pos.generate_moves(roll, &mut lists[i]);
        let moves = &lists[i];
        assert_eq!(pos.count_legal_moves(roll), moves.len(), "{roll} in {pos}");
        assert_eq!(moves.is_empty(), finished, "{roll} in {pos}");
        if moves.contains(&Move::Pass) {
            assert_eq!(moves.len(), 1);
        }
        for &mv in moves.iter() {
            assert!(pos.is_legal(roll, mv), "{mv} for {roll} in {pos}");
            if let Some(from) = mv.from() {
                let piece = pos.piece_at(from).expect("a piece");
                assert!(roll.allows(piece.kind), "{mv} for {roll} in {pos}");
                assert_eq!(pos.commander(piece.colour), Some(pos.to_move()));
            }
            if let Move::Decision { .. } = mv {
                assert!(decision, "{mv} without a decision in {pos}");
            }
            // A decision's moves are the same for every roll.
            if mv.from().is_some() {
                assert!(all.insert(mv), "{mv} twice in {pos}");
            }
        }
        if !finished {
            assert_eq!(pos.is_legal(roll, Move::Pass), moves.contains(&Move::Pass));
        }
        if sweep {
            let set: HashSet<Move> = moves.iter().copied().collect();
            let mut accepted = usize::from(pos.is_legal(roll, Move::Pass));
            for from in Square::all() {
                for to in Square::all() {
                    let mut check = |mv: Move| {
                        let legal = pos.is_legal(roll, mv);
                        assert_eq!(legal, set.contains(&mv), "{mv} for {roll} in {pos}");
                        accepted += usize::from(legal);
                    };
                    check(Move::Normal { from, to });
                    for kind in PieceKind::ALL {
                        check(Move::Promotion { from, to, kind });
                    }
                }
            }
            for kind in PieceKind::ALL {
                let mv = Move::Decision { kind };
                let legal = pos.is_legal(roll, mv);
                assert_eq!(legal, set.contains(&mv), "{mv} for {roll} in {pos}");
                accepted += usize::from(legal);
            }
            assert_eq!(accepted, moves.len());
        }
    }
    // Every possible exchange on a copy.
    for (a, b) in pos.possible_exchanges() {
        assert!(!rules.friends(a, b));
        let sa = pos.raja_return_squares(a).first().expect("a return square");
        let sb = pos.raja_return_squares(b).first().expect("a return square");
        let mut copy = pos.clone();
        copy.apply_exchange((a, sa), (b, sb))
            .unwrap_or_else(|e| panic!("exchange in {pos}: {e}"));
        assert_eq!(copy.validate(), Ok(()));
        assert_eq!(
            Position::from_text(&copy.to_string(), rules).as_ref(),
            Ok(&copy)
        );
    }
    lists
}

fn pieces(pos: &Position) -> [Option<Piece>; 64] {
    let mut board = [None; 64];
    for sq in Square::all() {
        board[sq.index()] = pos.piece_at(sq);
    }
    board
}

/// Plays `mv` (legal for `roll`) and checks what it did: no colour gains
/// pieces, nothing appears from nowhere, a piece at the destination is an
/// opponent's, other removed pieces are boats of a triumph, the counters
/// advance; undo restores exactly.
pub fn play_and_check(
    pos: &mut Position,
    roll: Roll,
    mv: Move,
) -> kaissa_chaturaji::chaturaji::Undo {
    let before = pos.clone();
    let rules = before.rules();
    let undo = pos
        .play(roll, mv)
        .unwrap_or_else(|e| panic!("generated {mv} rejected in {before}: {e}"));
    assert_eq!(pos.hash(), pos.compute_hash(), "after {mv} in {before}");
    let decision = before.pending_promotion();
    if decision.is_some() {
        // Ludii: a decision is not a turn.
        assert_eq!(pos.ply(), before.ply());
    } else {
        assert_eq!(pos.ply(), before.ply().saturating_add(1));
    }
    let (b, a) = (pieces(&before), pieces(pos));
    for c in Colour::ALL {
        let n =
            |board: &[Option<Piece>; 64]| board.iter().flatten().filter(|p| p.colour == c).count();
        assert!(n(&a) <= n(&b), "{c} gained pieces after {mv} in {before}");
    }
    let mut captured = false;
    if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
        let mover = b[from.index()].expect("a piece moves");
        assert_eq!(a[to.index()].map(|p| p.colour), Some(mover.colour));
        assert_eq!(a[from.index()], None);
        if let Some(victim) = b[to.index()] {
            assert!(
                !rules.friends(mover.colour, victim.colour),
                "{mv} captured a friend in {before}"
            );
            captured = true;
        }
        for sq in Square::all() {
            if sq == from || sq == to {
                continue;
            }
            match (b[sq.index()], a[sq.index()]) {
                (None, Some(p)) => panic!("{p} appeared on {sq} after {mv} in {before}"),
                (Some(p), None) => {
                    assert_eq!(
                        mover.kind,
                        PieceKind::Boat,
                        "{p} vanished after {mv} in {before}"
                    );
                    assert_eq!(
                        p.kind,
                        PieceKind::Boat,
                        "{p} vanished after {mv} in {before}"
                    );
                    let (df, dr) = (
                        sq.file() as i8 - to.file() as i8,
                        sq.rank() as i8 - to.rank() as i8,
                    );
                    assert!(df.abs() <= 1 && dr.abs() <= 1, "{p} far from the triumph");
                    captured = true;
                }
                (Some(p), Some(q)) if p != q => {
                    assert_eq!(p.colour, q.colour);
                    assert_eq!(p.kind, PieceKind::Pawn, "{p} on {sq} became {q} after {mv}");
                }
                _ => {}
            }
        }
    } else if let (Some(square), Move::Decision { kind }) = (decision, mv) {
        for sq in Square::all() {
            if sq == square {
                assert_eq!(a[sq.index()], Some(Piece::new(before.to_move(), kind)));
            } else {
                assert_eq!(a[sq.index()], b[sq.index()], "{mv} in {before}");
            }
        }
    } else {
        assert_eq!(a, b, "a pass moved pieces");
    }
    if rules.is_ludii() {
        assert_eq!(pos.quiet_plies(), 0);
        let gained = pos.score(before.to_move()) - before.score(before.to_move());
        let expected = match (mv.to(), decision) {
            (Some(to), None) => b[to.index()].map_or(0, |p| p.kind.value()),
            _ => 0,
        };
        assert_eq!(gained, expected, "score after {mv} in {before}");
        let mut copy = pos.clone();
        copy.undo(undo.clone()).unwrap();
        assert_eq!(copy, before, "undo of {mv}");
        return undo;
    }
    let quiet = if captured {
        0
    } else {
        before.quiet_plies().saturating_add(1)
    };
    assert_eq!(pos.quiet_plies(), quiet, "after {mv} in {before}");
    let mut copy = pos.clone();
    copy.undo(undo.clone()).unwrap();
    assert_eq!(copy, before, "undo of {mv}");
    assert_eq!(copy.hash(), before.hash());
    undo
}
