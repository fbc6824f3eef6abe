//! Perft: counting the leaves of the move tree, the correctness backbone.

use super::{Move, MoveList, Position};

/// The number of move sequences of length `depth` from `pos` (`perft(pos, 0)
/// = 1`). Counts the last ply in bulk (the length of the move list), so it
/// plays one ply fewer than [`perft_full`].
///
/// ```
/// use kaissa_chaturaji::kaissa::{perft, Position};
/// // 40 / 1600: Fairy-Stockfish (pyffish), see tests/data/kaissa.perft.
/// assert_eq!(perft(&mut Position::start(), 2), 1600);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves() as u64,
        _ => {
            let mut moves = MoveList::new();
            pos.generate_moves(&mut moves);
            let mut nodes = 0;
            for &mv in &moves {
                let undo = pos.play(mv);
                nodes += perft(pos, depth - 1);
                pos.undo(undo);
            }
            nodes
        }
    }
}

/// Like [`perft`] but plays and takes back every leaf move too: the measure
/// of play/undo speed.
pub fn perft_full(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    if depth == 1 {
        // The leaves: each is played and taken back (the position is made
        // observable in between, so the work cannot be optimised away).
        for &mv in &moves {
            let undo = pos.play(mv);
            core::hint::black_box(&*pos);
            pos.undo(undo);
        }
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in &moves {
        let undo = pos.play(mv);
        nodes += perft_full(pos, depth - 1);
        pos.undo(undo);
    }
    nodes
}

/// [`perft`] split by root move: each legal move with the leaves below it
/// (`depth >= 1`; at depth 1 every move counts 1).
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&mv| {
            let undo = pos.play(mv);
            let nodes = perft(pos, depth.saturating_sub(1));
            pos.undo(undo);
            (mv, nodes)
        })
        .collect()
}
