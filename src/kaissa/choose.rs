//! Random play: a uniformly chosen legal move without building the move
//! list, and seeded random games (the playouts' inner loop).
//!
//! The choice is defined on the list: `moves[rng.below(n)]` where `moves`
//! is [`Position::legal_moves`] (generation order) and `n` its length, the
//! same as the C ABI's `kc_kaissa_choose_move`. It is computed without the
//! list: one pass stores each piece's target set (a 128-bit word) and adds
//! up their sizes, then the `k`-th move is found by counting bits.

use arrayvec::ArrayVec;

use super::movegen::Context;
use super::{Move, Outcome, Position, Square};
use crate::random::{RandomSource, SplitMix64};

impl Position {
    /// A legal move chosen uniformly at random: exactly
    /// `self.legal_moves()[rng.below(n)]` with `n` the number of legal
    /// moves (so the same random source gives the same move as picking from
    /// the list, and as the C ABI's `kc_kaissa_choose_move`), but without
    /// building the list. `None` when the game is over (nothing is drawn
    /// then). Does not allocate.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::random::{RandomSource, SplitMix64};
    /// let pos = Position::start();
    /// let (mut a, mut b) = (SplitMix64::new(5), SplitMix64::new(5));
    /// let chosen = pos.choose_move(&mut a);
    /// let moves = pos.legal_moves();
    /// assert_eq!(chosen, Some(moves[b.below(moves.len() as u64) as usize]));
    /// ```
    #[inline]
    pub fn choose_move(&self, rng: &mut impl RandomSource) -> Option<Move> {
        if self.is_decided() {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        if super::movegen::has_bit_instructions() {
            // SAFETY: the CPU has the features, checked just above.
            return unsafe { self.choose_x86(rng) };
        }
        self.choose(rng)
    }

    /// [`choose`](Self::choose) compiled with popcnt, lzcnt and tzcnt.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    unsafe fn choose_x86(&self, rng: &mut impl RandomSource) -> Option<Move> {
        self.choose(rng)
    }

    /// The body of [`choose_move`](Self::choose_move), on an undecided
    /// position.
    #[inline(always)]
    fn choose(&self, rng: &mut impl RandomSource) -> Option<Move> {
        let placements = self.placement_squares().0;
        let placed = placements.count_ones();
        if self.must_place() {
            if placed == 0 {
                return None;
            }
            let k = rng.below(u64::from(placed)) as u32;
            return (k < placed).then(|| Move::Place {
                to: select(placements, k),
            });
        }
        let ctx = Context::new(self, self.to_move);
        // Pieces with at least one move, in generation order, and their
        // targets. At most 100 (one per square).
        let mut pieces: ArrayVec<(u128, Square), 100> = ArrayVec::new();
        let mut total = placed;
        // Both 64-bit halves of the own set, lowest square first (a plain
        // loop: a closure here would not be inlined into the copy compiled
        // with the bit instructions).
        for (half, base) in [(ctx.own as u64, 0u8), ((ctx.own >> 64) as u64, 64)] {
            let mut bits = half;
            while bits != 0 {
                let from = Square::new_unchecked(base + bits.trailing_zeros() as u8);
                bits &= bits - 1;
                if let Some(piece) = self.squares[from.index() as usize] {
                    let targets = ctx.targets(piece.kind, from.index() as usize);
                    if targets != 0 {
                        total += targets.count_ones();
                        let _ = pieces.try_push((targets, from));
                    }
                }
            }
        }
        if total == 0 {
            return None;
        }
        let mut k = rng.below(u64::from(total)) as u32;
        if k < placed {
            return Some(Move::Place {
                to: select(placements, k),
            });
        }
        k -= placed;
        for &(targets, from) in &pieces {
            let n = targets.count_ones();
            if k < n {
                return Some(Move::Normal {
                    from,
                    to: select(targets, k),
                });
            }
            k -= n;
        }
        None
    }

    /// The `index`-th legal move in the order of
    /// [`legal_moves`](Self::legal_moves), without building the list;
    /// `None` when there are not that many.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let pos = Position::start();
    /// let moves = pos.legal_moves();
    /// assert_eq!(pos.nth_move(7), Some(moves[7]));
    /// assert_eq!(pos.nth_move(moves.len()), None);
    /// ```
    #[must_use]
    pub fn nth_move(&self, index: usize) -> Option<Move> {
        /// A "random" source that always yields `index`.
        struct Fixed(u64);
        impl RandomSource for Fixed {
            fn next_u64(&mut self) -> u64 {
                self.0
            }
            fn below(&mut self, bound: u64) -> u64 {
                self.0.min(bound)
            }
        }
        let index = u64::try_from(index).ok()?;
        if self.is_decided() {
            return None;
        }
        self.choose(&mut Fixed(index))
    }
}

/// The square of the `k`-th lowest set bit of `bits` (`k` below its
/// population count).
#[inline(always)]
fn select(bits: u128, k: u32) -> Square {
    let low = bits as u64;
    let in_low = low.count_ones();
    let (word, k, base) = if k < in_low {
        (low, k, 0)
    } else {
        ((bits >> 64) as u64, k - in_low, 64)
    };
    let mut word = word;
    for _ in 0..k {
        word &= word.wrapping_sub(1);
    }
    Square::new_unchecked(base + (word.trailing_zeros() as u8 & 63))
}

/// Plays a random game from `position`: at each ply the move
/// [`Position::choose_move`] picks with one SplitMix64 seeded with `seed`,
/// until the game is over or `max_plies` plies were played; calls `on_ply`
/// with each move and the position after it. Returns the outcome
/// ([`Outcome::Ongoing`] when stopped by `max_plies`). The same position
/// and seed always give the same game; the game is the one the C ABI's
/// `kc_kaissa_choose_move` plays from a state seeded with `seed`.
///
/// The game's end is seen without generating the moves twice: a ply
/// counts the legal moves (needed for the choice anyway) and finds none
/// exactly when the game is over.
///
/// ```
/// use kaissa_chaturaji::kaissa::{play_seeded_game, Position};
/// let mut a = Position::start();
/// let mut b = Position::start();
/// let mut moves = Vec::new();
/// let outcome = play_seeded_game(&mut a, 3, 50, |mv, _| moves.push(mv));
/// assert_eq!(moves.len(), 50);
/// assert!(!outcome.is_over());
/// for mv in moves {
///     b.play(mv)?;
/// }
/// assert_eq!(a, b);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_seeded_game(
    position: &mut Position,
    seed: u64,
    max_plies: u32,
    mut on_ply: impl FnMut(Move, &Position),
) -> Outcome {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..max_plies {
        let Some(mv) = position.choose_move(&mut rng) else {
            break;
        };
        position.play_unchecked(mv);
        on_ply(mv, position);
    }
    position.outcome()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_finds_each_bit() {
        let bits: u128 = (1 << 3) | (1 << 63) | (1 << 64) | (1 << 99);
        let got: Vec<u8> = (0..4).map(|k| select(bits, k).index()).collect();
        assert_eq!(got, [3, 63, 64, 99]);
    }

    #[test]
    fn every_index_matches_the_list() {
        let mut pos = Position::start();
        let mut rng = SplitMix64::new(11);
        for _ in 0..200 {
            let moves = pos.legal_moves();
            for (i, &mv) in moves.iter().enumerate() {
                assert_eq!(pos.nth_move(i), Some(mv));
            }
            assert_eq!(pos.nth_move(moves.len()), None);
            match pos.choose_move(&mut rng) {
                Some(mv) => {
                    pos.play_unchecked(mv);
                }
                None => break,
            }
        }
    }
}
