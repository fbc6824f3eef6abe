//! Move ordering: the transposition table's move, then captures by
//! MVV-LVA (most valuable victim, least valuable attacker), then the
//! killer moves of the ply, then quiet moves by their history.

use crate::kaissa::{Move, Position};

use super::super::kaissa_eval::piece_value;

/// Ordering keys: higher is searched first.
const TT_MOVE: i32 = 1 << 28;
const CAPTURE: i32 = 1 << 24;
const KILLER: [i32; 2] = [1 << 23, (1 << 23) - 1];
/// History scores stay below this, under the killers.
pub(super) const HISTORY_MAX: i32 = 1 << 20;

/// The history table: for each side, from square and to square (a
/// placement uses from square 100), how often the quiet move caused a
/// cutoff, weighted by depth squared.
#[derive(Debug, Clone)]
pub(super) struct History {
    table: Vec<i32>,
}

impl History {
    pub(super) fn new() -> History {
        History {
            table: vec![0; 2 * 101 * 100],
        }
    }

    fn index(side: usize, mv: Move) -> usize {
        let from = mv.from().map_or(100, |from| usize::from(from.index()));
        (side * 101 + from) * 100 + usize::from(mv.to().index())
    }

    /// Credits the quiet move `mv` of `side` with a cutoff at `depth`.
    pub(super) fn credit(&mut self, side: usize, mv: Move, depth: i32) {
        let slot = &mut self.table[History::index(side, mv)];
        *slot += depth * depth;
        if *slot >= HISTORY_MAX {
            // Halve everything, keeping the order.
            for value in &mut self.table {
                *value /= 2;
            }
        }
    }

    fn score(&self, side: usize, mv: Move) -> i32 {
        self.table[History::index(side, mv)]
    }

    /// Halves every score (between searches: old cutoffs count less).
    pub(super) fn age(&mut self) {
        for value in &mut self.table {
            *value /= 2;
        }
    }
}

/// The capture's MVV-LVA key, if `mv` captures: the victim's value first,
/// the attacker's (lower is better) second.
pub(super) fn capture_key(pos: &Position, mv: Move) -> Option<i32> {
    let Move::Normal { from, to } = mv else {
        return None;
    };
    let victim = pos.piece_at(to)?;
    // (A legal move's square of departure holds its piece.)
    let attacker = pos.piece_at(from)?;
    Some(CAPTURE + piece_value(victim.kind) * 16 - piece_value(attacker.kind) / 16)
}

/// The moves a node orders first besides the captures: the table's move
/// and the killers of the ply.
#[derive(Debug, Clone, Copy)]
pub(super) struct Refutations {
    /// The transposition table's move.
    pub(super) tt_move: Option<Move>,
    /// The ply's killer moves.
    pub(super) killers: [Option<Move>; 2],
}

/// The ordering key of `mv` at a node whose first moves are `first`.
pub(super) fn key(pos: &Position, mv: Move, first: &Refutations, history: &History) -> i32 {
    let Refutations { tt_move, killers } = *first;
    if Some(mv) == tt_move {
        return TT_MOVE;
    }
    if let Some(key) = capture_key(pos, mv) {
        return key;
    }
    if Some(mv) == killers[0] {
        return KILLER[0];
    }
    if Some(mv) == killers[1] {
        return KILLER[1];
    }
    history.score(pos.to_move().index(), mv)
}

/// Whether a move of ordering key `key` is a quiet move ordered by its
/// history (not the table's move, a capture or a killer).
pub(super) fn is_late_quiet(key: i32) -> bool {
    key < KILLER[1]
}

/// Moves the best-keyed move of `moves[from..]` to `moves[from]` and
/// returns it (a selection sort done lazily: a cutoff spares the rest).
pub(super) fn pick(moves: &mut [(Move, i32)], from: usize) -> Move {
    let mut best = from;
    for index in from + 1..moves.len() {
        if moves[index].1 > moves[best].1 {
            best = index;
        }
    }
    moves.swap(from, best);
    moves[from].0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killers_come_before_the_history() {
        let pos = Position::start();
        let moves = pos.legal_moves();
        let quiets: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| capture_key(&pos, mv).is_none())
            .take(3)
            .collect();
        let mut history = History::new();
        history.credit(pos.to_move().index(), quiets[2], 40);
        let first = Refutations {
            tt_move: None,
            killers: [Some(quiets[0]), Some(quiets[1])],
        };
        let keys: Vec<i32> = quiets
            .iter()
            .map(|&mv| key(&pos, mv, &first, &history))
            .collect();
        assert!(keys[0] > keys[1] && keys[1] > keys[2], "{keys:?}");
        assert!(!is_late_quiet(keys[1]));
        assert!(is_late_quiet(keys[2]));
        assert_eq!(keys[2], 1600);
    }
}
