//! Perft: counting the leaves of the move tree, the correctness backbone.

use super::{Move, MoveList, Position};

/// The number of move sequences of length `depth` from `pos` (`perft(pos, 0)
/// = 1`). Counts the last ply in bulk (the number of legal moves), so it
/// plays one ply fewer than [`perft_full`]. Works on a clone of `pos`.
///
/// ```
/// use kaissa_chaturaji::kaissa::{perft, Position};
/// // 40 / 1600: Fairy-Stockfish (pyffish), see tests/data/kaissa.perft.
/// assert_eq!(perft(&Position::start(), 2), 1600);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => perft_bulk(&mut pos.clone(), depth),
    }
}

/// [`perft`] on a scratch position.
fn perft_bulk(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return pos.count_legal_moves() as u64,
        _ => {}
    }
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        let undo = pos.play_unchecked(mv);
        nodes += perft_bulk(pos, depth - 1);
        pos.undo_unchecked(undo);
    }
    nodes
}

/// Like [`perft`] but plays and takes back every leaf move too: the measure
/// of play/undo speed. Works on a clone of `pos`.
///
/// ```
/// use kaissa_chaturaji::kaissa::{perft, perft_full, Position};
/// let pos = Position::start();
/// assert_eq!(perft_full(&pos, 2), perft(&pos, 2));
/// ```
#[must_use]
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    perft_full_in(&mut pos.clone(), depth)
}

/// [`perft_full`] on a scratch position.
fn perft_full_in(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    if depth == 1 {
        // The leaves: each is played and taken back (the position is made
        // observable in between, so the work cannot be optimised away).
        for &mv in &moves {
            let undo = pos.play_unchecked(mv);
            core::hint::black_box(&*pos);
            pos.undo_unchecked(undo);
        }
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in &moves {
        let undo = pos.play_unchecked(mv);
        nodes += perft_full_in(pos, depth - 1);
        pos.undo_unchecked(undo);
    }
    nodes
}

/// [`perft`] split by root move: each legal move with the leaves below it
/// (at depth 1, and at depth 0, every move counts 1). Works on a clone of
/// `pos`.
///
/// ```
/// use kaissa_chaturaji::kaissa::{perft, perft_divide, Position};
/// let pos = Position::start();
/// let divide = perft_divide(&pos, 2);
/// assert_eq!(divide.len(), 40);
/// assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), perft(&pos, 2));
/// ```
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut scratch = pos.clone();
    let moves = scratch.legal_moves();
    moves
        .iter()
        .map(|&mv| {
            let undo = scratch.play_unchecked(mv);
            let nodes = perft_bulk(&mut scratch, depth.saturating_sub(1));
            scratch.undo_unchecked(undo);
            (mv, nodes)
        })
        .collect()
}
