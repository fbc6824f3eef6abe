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

impl Bound {
    /// How `score`, the best of a search of the window `(alpha, beta)`,
    /// bounds the true score.
    pub(super) fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One slot: the full hash, the best move found (packed), the score, the
/// depth searched, the bound and the search that stored it. 16 bytes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    bound: Bound,
    age: u8,
}

impl Entry {
    /// A slot holding nothing.
    const EMPTY: Entry = Entry {
        key: 0,
        mv: NO_MOVE,
        score: 0,
        depth: -1,
        bound: Bound::Upper,
        age: 0,
    };

    /// Whether the slot holds a position.
    fn is_used(&self) -> bool {
        self.depth >= 0
    }
}

/// The slots a position may take: those of one bucket.
const WAYS: usize = 4;

/// [`WAYS`] slots in one cache line.
#[derive(Debug, Clone, Copy)]
#[repr(C, align(64))]
struct Bucket([Entry; WAYS]);

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

impl Hit {
    /// Whether the stored score settles a search of the window `(alpha,
    /// beta)`: exact, or a bound on the side of the window it lies on.
    pub(super) fn decides(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// A table of `2^bits` slots in buckets of [`WAYS`], a position in any
/// slot of the bucket its hash names. A new position takes the bucket's
/// least valuable slot: an empty one, else the shallowest, where each
/// search since the entry was stored counts as
/// [`AGE_WEIGHT`] plies less depth.
#[derive(Debug, Clone)]
pub(super) struct Table {
    buckets: Vec<Bucket>,
    /// The search under way, counted modulo 256.
    age: u8,
}

/// The plies of depth an entry is worth less for each search since it
/// was stored.
const AGE_WEIGHT: i32 = 8;

impl Table {
    /// A table of `2^bits` empty slots (at least one bucket).
    pub(super) fn new(bits: u32) -> Table {
        let buckets = 1usize << bits.min(30).saturating_sub(WAYS.ilog2());
        Table {
            buckets: vec![Bucket([Entry::EMPTY; WAYS]); buckets],
            age: 0,
        }
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        for bucket in &mut self.buckets {
            bucket.0 = [Entry::EMPTY; WAYS];
        }
        self.age = 0;
    }

    /// Marks the start of a new search: the entries stored before it age.
    pub(super) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The bucket of `key`.
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.buckets.len() - 1)
    }

    /// The entry of `key`, its score read as seen `ply` plies from the
    /// root.
    pub(super) fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let entry = self.buckets[self.bucket(key)]
            .0
            .into_iter()
            .find(|entry| entry.key == key && entry.is_used())?;
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
        let depth = depth.clamp(0, 127) as i8;
        let age = self.age;
        let index = self.bucket(key);
        let slots = &mut self.buckets[index].0;
        let (slot, previous_move) =
            if let Some(same) = slots.iter_mut().find(|e| e.key == key && e.is_used()) {
                // A deeper result of this search is kept over a shallower
                // bound; the move found is kept when the new store has none.
                if bound != Bound::Exact
                    && same.age == age
                    && i32::from(depth) + 3 < i32::from(same.depth)
                {
                    return;
                }
                let previous_move = same.mv;
                (same, previous_move)
            } else {
                let worth = |entry: &Entry| {
                    if entry.is_used() {
                        i32::from(entry.depth) - AGE_WEIGHT * i32::from(age.wrapping_sub(entry.age))
                    } else {
                        i32::MIN
                    }
                };
                let victim = (0..WAYS).min_by_key(|&i| worth(&slots[i])).unwrap_or(0);
                (&mut slots[victim], NO_MOVE)
            };
        let mv = if mv.is_some() {
            pack(mv)
        } else {
            previous_move
        };
        *slot = Entry {
            key,
            mv,
            score: score.clamp(-MATE, MATE) as i16,
            depth,
            bound,
            age,
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

    #[test]
    fn a_bucket_keeps_the_deepest_of_this_search() {
        // One bucket: every key lands in it.
        let mut table = Table::new(2);
        table.store(1, 0, None, 10, 9, Bound::Exact);
        for key in 2..=20 {
            table.store(key, 0, None, 0, 1, Bound::Lower);
        }
        assert_eq!(table.probe(1, 0).unwrap().depth, 9);
        assert!(table.probe(20, 0).is_some());
        // Old entries give way: a search is worth AGE_WEIGHT plies.
        table.new_search();
        table.new_search();
        for key in 21..=24 {
            table.store(key, 0, None, 0, 1, Bound::Lower);
        }
        assert!(table.probe(1, 0).is_none());
    }

    #[test]
    fn a_store_without_a_move_keeps_the_one_found_before() {
        let mut table = Table::new(4);
        let mv: Move = "e2e5".parse().unwrap();
        table.store(5, 0, Some(mv), 0, 3, Bound::Lower);
        table.store(5, 0, None, -20, 4, Bound::Upper);
        let hit = table.probe(5, 0).unwrap();
        assert_eq!((hit.mv, hit.depth, hit.score), (Some(mv), 4, -20));
        // A much shallower bound does not overwrite this search's deeper one.
        table.store(5, 0, None, 7, 0, Bound::Upper);
        assert_eq!(table.probe(5, 0).unwrap().depth, 4);
    }
}
