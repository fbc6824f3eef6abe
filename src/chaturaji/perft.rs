//! Perft over chance nodes (the rules reference, "Perft with a die").

use super::dice::Roll;
use super::moves::{Move, MoveList};
use super::position::Position;

/// `perft(pos, 0) = 1`; `perft(pos, d)` sums, over the four faces and the
/// legal moves for each (the single `Pass` where there is none),
/// `perft(after move, d - 1)`. A position whose game is over counts 0 at
/// depth >= 1. A position waiting for a Ludii promotion decision is not a
/// chance node: it sums over the decision's moves once. Works on a copy of
/// `position`.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{perft, Position, Rules};
/// let start = Position::start(Rules::default());
/// assert_eq!(perft(&start, 1), 10);
/// assert_eq!(perft(&start, 2), 100);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut pos = position.clone();
    perft_any(&mut pos, depth)
}

/// [`perft`] on `pos` itself (left as it was), with the ruleset checked
/// once.
pub(crate) fn perft_any(pos: &mut Position, depth: u32) -> u64 {
    if pos.rules.is_ludii() {
        perft_in_place::<true>(pos, depth)
    } else {
        perft_in_place::<false>(pos, depth)
    }
}

/// Perft of `pos` under the ruleset `LUDII` (one copy per ruleset, so the
/// sheet's recursion never asks about Ludii's rules).
fn perft_in_place<const LUDII: bool>(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return if LUDII {
            pos.count_legal_moves_all_rolls()
        } else {
            pos.count_legal_moves_all_rolls_sheet()
        };
    }
    let mut total = 0;
    let mut moves = MoveList::new();
    let mut visit = |pos: &mut Position, moves: &MoveList| {
        for &mv in moves.iter() {
            let saved = pos.state;
            if LUDII {
                pos.apply_ludii(mv);
            } else {
                pos.apply_sheet(mv);
            }
            total += perft_in_place::<LUDII>(pos, depth - 1);
            pos.state = saved;
        }
    };
    if LUDII && pos.state.decision.is_some() {
        // A Ludii promotion decision is not a chance node: its choices once.
        pos.generate_moves(Roll::ALL[0], &mut moves);
        visit(pos, &moves);
        return total;
    }
    for roll in Roll::ALL {
        if LUDII {
            pos.generate_moves(roll, &mut moves);
        } else {
            pos.generate_moves_sheet(roll, &mut moves);
        }
        visit(pos, &moves);
    }
    total
}

/// Perft split by root move: for each face (2 to 5) and each legal move for
/// it, the roll, the move and the node count below it (`perft` of the
/// position after it at `depth - 1`). Empty when `depth` is 0. At a
/// position waiting for a Ludii promotion decision, each of the decision's
/// moves once, with no roll (`None`).
///
/// ```
/// use kaissa_chaturaji::chaturaji::{perft_divide, Position, Rules};
/// let start = Position::start(Rules::default());
/// let divide = perft_divide(&start, 1);
/// assert_eq!(divide.len(), 10);
/// let (roll, mv, nodes) = divide[0];
/// assert_eq!(format!("{}:{mv} {nodes}", roll.unwrap()), "2:h1f3 1");
/// let decision = Position::from_text(
///     "3,gP,4/8/8/8/8/8/8/1,gH,gE,gK,gB,2,rK g 0,0,0,0 d8 12", Rules::ludii()).unwrap();
/// assert_eq!(perft_divide(&decision, 1)[0].0, None);
/// ```
#[must_use]
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Option<Roll>, Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    let mut pos = position.clone();
    let mut moves = MoveList::new();
    let rolls: &[Option<Roll>] = if pos.pending_promotion().is_some() {
        &[None]
    } else {
        &[
            Some(Roll::ALL[0]),
            Some(Roll::ALL[1]),
            Some(Roll::ALL[2]),
            Some(Roll::ALL[3]),
        ]
    };
    for &roll in rolls {
        pos.generate_moves(roll.unwrap_or(Roll::ALL[0]), &mut moves);
        for &mv in moves.iter() {
            let undo = pos.play_unchecked(mv);
            out.push((roll, mv, perft_any(&mut pos, depth - 1)));
            pos.undo_unchecked(undo);
        }
    }
    out
}
