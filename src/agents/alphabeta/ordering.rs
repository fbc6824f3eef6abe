//! Move ordering: the transposition table's move, then captures by
//! MVV-LVA (most valuable victim, least valuable attacker), then the
//! killer moves of the ply, the counter move, then quiet moves by their
//! history.

use crate::kaissa::{Move, Position};

use super::super::kaissa_eval::piece_value;

/// Ordering keys: higher is searched first.
const TT_MOVE: i32 = 1 << 28;
const CAPTURE: i32 = 1 << 24;
const KILLER: [i32; 2] = [1 << 23, (1 << 23) - 1];
/// The quiet move that last refuted the enemy's previous move.
const COUNTER: i32 = (1 << 23) - 2;
/// History scores stay below this, under the killers.
pub(super) const HISTORY_MAX: i32 = 1 << 20;
/// The bound of a history kept by [`History::reward`]: each update draws
/// the score towards zero by its size over this, so scores stay within
/// plus or minus this.
pub(super) const GRAVITY_LIMIT: i32 = 1 << 14;

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

    /// Adds `bonus` (negative for a quiet move that failed to cut) to
    /// the score of the quiet move `mv` of `side`, less the score times
    /// the bonus's size over [`GRAVITY_LIMIT`]: a score that is often
    /// right stays near the limit, one that stops being right falls.
    pub(super) fn reward(&mut self, side: usize, mv: Move, bonus: i32) {
        let slot = &mut self.table[History::index(side, mv)];
        *slot += bonus - *slot * bonus.abs() / GRAVITY_LIMIT;
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

/// The size of the history reward (or penalty) of a cutoff at `depth`.
pub(super) fn history_bonus(depth: i32) -> i32 {
    (64 * depth * depth).min(GRAVITY_LIMIT / 4)
}

/// The counter moves: for each side and each enemy move (by from and to
/// square, as the history), the quiet move of the side that last caused
/// a cutoff in reply.
#[derive(Debug, Clone)]
pub(super) struct CounterMoves {
    table: Vec<Option<Move>>,
}

impl CounterMoves {
    pub(super) fn new() -> CounterMoves {
        CounterMoves {
            table: vec![None; 2 * 101 * 100],
        }
    }

    /// The counter move of `side` to the enemy's `previous`, if any.
    pub(super) fn get(&self, side: usize, previous: Move) -> Option<Move> {
        self.table[History::index(side, previous)]
    }

    /// Records `reply` as `side`'s counter move to `previous`.
    pub(super) fn set(&mut self, side: usize, previous: Move, reply: Move) {
        self.table[History::index(side, previous)] = Some(reply);
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

/// The moves a node orders first besides the captures: the table's move,
/// the killers of the ply and the counter move to the enemy's last move.
#[derive(Debug, Clone, Copy)]
pub(super) struct Refutations {
    /// The transposition table's move.
    pub(super) tt_move: Option<Move>,
    /// The ply's killer moves.
    pub(super) killers: [Option<Move>; 2],
    /// The counter move, if any.
    pub(super) counter: Option<Move>,
}

/// The ordering key of `mv` at a node whose first moves are `first`.
pub(super) fn key(pos: &Position, mv: Move, first: &Refutations, history: &History) -> i32 {
    let Refutations {
        tt_move,
        killers,
        counter,
    } = first;
    let tt_move = *tt_move;
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
    if Some(mv) == *counter {
        return COUNTER;
    }
    history.score(pos.to_move().index(), mv)
}

/// Whether a move of ordering key `key` is a quiet move ordered by its
/// history (not the table's move, a capture, a killer or the counter
/// move).
pub(super) fn is_late_quiet(key: i32) -> bool {
    key < COUNTER
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
    use crate::kaissa::Square;

    fn quiet(from: &str, to: &str) -> Move {
        Move::Normal {
            from: from.parse::<Square>().unwrap(),
            to: to.parse::<Square>().unwrap(),
        }
    }

    #[test]
    fn rewards_stay_within_the_gravity_limit() {
        let mut history = History::new();
        let (good, bad) = (quiet("b3", "b4"), quiet("c3", "c4"));
        for _ in 0..10_000 {
            history.reward(0, good, history_bonus(8));
            history.reward(0, bad, -history_bonus(8));
        }
        let (high, low) = (history.score(0, good), history.score(0, bad));
        assert!(
            (GRAVITY_LIMIT / 2 + 1..=GRAVITY_LIMIT).contains(&high),
            "{high}"
        );
        assert!((-GRAVITY_LIMIT..-GRAVITY_LIMIT / 2).contains(&low), "{low}");
        // The other side's table is untouched; a penalty pulls a good
        // score back down.
        assert_eq!(history.score(1, good), 0);
        history.reward(0, good, -history_bonus(8));
        assert!(history.score(0, good) < high);
    }

    #[test]
    fn the_counter_move_comes_after_the_killers_and_before_history() {
        let pos = Position::start();
        let moves = pos.legal_moves();
        let quiets: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| capture_key(&pos, mv).is_none())
            .take(3)
            .collect();
        let mut counters = CounterMoves::new();
        let previous = quiet("e9", "e8");
        assert_eq!(counters.get(0, previous), None);
        counters.set(0, previous, quiets[1]);
        assert_eq!(counters.get(0, previous), Some(quiets[1]));
        assert_eq!(counters.get(1, previous), None);
        let mut history = History::new();
        history.reward(0, quiets[2], GRAVITY_LIMIT);
        let first = Refutations {
            tt_move: None,
            killers: [Some(quiets[0]), None],
            counter: counters.get(0, previous),
        };
        let keys: Vec<i32> = quiets
            .iter()
            .map(|&mv| key(&pos, mv, &first, &history))
            .collect();
        assert!(keys[0] > keys[1] && keys[1] > keys[2], "{keys:?}");
        assert!(!is_late_quiet(keys[1]));
        assert!(is_late_quiet(keys[2]));
    }
}
