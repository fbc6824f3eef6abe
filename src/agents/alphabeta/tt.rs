//! The transposition table: what earlier searches learnt about a position,
//! found by its Zobrist hash ([`Position::hash`](crate::kaissa::Position::hash)).

use crate::kaissa::{Move, Square};

use super::super::kaissa_eval::MATE;

/// How a stored score bounds the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One slot: the full hash, the best move found (packed), the score, the
/// depth searched and the bound. 16 bytes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    bound: Bound,
}

/// "No move" in a packed entry.
const NO_MOVE: u16 = u16::MAX;

/// A move in 16 bits: `from * 100 + to` for a piece move, `10000 + to`
/// for a placement.
fn pack(mv: Option<Move>) -> u16 {
    match mv {
        Some(Move::Normal { from, to }) => u16::from(from.index()) * 100 + u16::from(to.index()),
        Some(Move::Place { to }) => 10_000 + u16::from(to.index()),
        None => NO_MOVE,
    }
}

/// The move [`pack`] made.
fn unpack(bits: u16) -> Option<Move> {
    if bits == NO_MOVE {
        None
    } else if bits >= 10_000 {
        Some(Move::Place {
            to: Square::new((bits - 10_000) as u8)?,
        })
    } else {
        Some(Move::Normal {
            from: Square::new((bits / 100) as u8)?,
            to: Square::new((bits % 100) as u8)?,
        })
    }
}

/// Scores within this distance of [`MATE`] are mate scores, stored
/// relative to the node (so a transposition at another ply reads the
/// right distance).
const MATE_BAND: i32 = 1000;

/// What a probe found.
#[derive(Debug, Clone, Copy)]
pub(super) struct Hit {
    pub(super) mv: Option<Move>,
    pub(super) score: i32,
    pub(super) depth: i32,
    pub(super) bound: Bound,
}

/// A table of `2^bits` slots, each position in one slot (always replaced).
#[derive(Debug, Clone)]
pub(super) struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// A table of `2^bits` empty slots.
    pub(super) fn new(bits: u32) -> Table {
        let empty = Entry {
            key: 0,
            mv: NO_MOVE,
            score: 0,
            depth: -1,
            bound: Bound::Upper,
        };
        Table {
            entries: vec![empty; 1 << bits.min(30)],
        }
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        for entry in &mut self.entries {
            entry.key = 0;
            entry.depth = -1;
            entry.mv = NO_MOVE;
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry of `key`, its score read as seen `ply` plies from the
    /// root.
    pub(super) fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let entry = self.entries[self.slot(key)];
        if entry.key != key || entry.depth < 0 {
            return None;
        }
        let mut score = i32::from(entry.score);
        if score > MATE - MATE_BAND {
            score -= ply as i32;
        } else if score < -MATE + MATE_BAND {
            score += ply as i32;
        }
        Some(Hit {
            mv: unpack(entry.mv),
            score,
            depth: i32::from(entry.depth),
            bound: entry.bound,
        })
    }

    /// Stores what the search found at `key`, `ply` plies from the root.
    pub(super) fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let mut score = score;
        if score > MATE - MATE_BAND {
            score += ply as i32;
        } else if score < -MATE + MATE_BAND {
            score -= ply as i32;
        }
        let slot = self.slot(key);
        self.entries[slot] = Entry {
            key,
            mv: pack(mv),
            score: score.clamp(-MATE, MATE) as i16,
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pack_both_ways() {
        for text in ["a1a2", "j10a1", "e2e5", "H@c1", "H@j10"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(unpack(pack(Some(mv))), Some(mv));
        }
        assert_eq!(unpack(pack(None)), None);
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let mut table = Table::new(4);
        table.store(77, 3, None, MATE - 5, 2, Bound::Exact);
        // Mate 2 plies below the node: seen from ply 7 it is 9 plies away.
        assert_eq!(table.probe(77, 7).unwrap().score, MATE - 9);
        assert!(table.probe(78, 7).is_none());
    }
}
