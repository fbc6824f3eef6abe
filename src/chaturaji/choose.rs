//! A uniformly chosen move for a roll without building the move list: the
//! playouts' inner loop.
//!
//! The choice is defined on the list: `moves[rng.below(n)]` where `moves`
//! is [`Position::legal_moves`] for the roll (the single `Pass` when there
//! is no other move, which still draws one word). It is computed without
//! the list: one pass keeps each movable piece's target set and move count
//! (a special promotion square counts four moves), then the `k`-th move is
//! found by counting bits.

use arrayvec::ArrayVec;

use super::dice::Roll;
use super::moves::Move;
use super::piece::PieceKind;
use super::position::Position;
use super::tables::SPECIAL_PROMOTION_SQUARES;
use super::{Bitboard, Square};
use crate::random::RandomSource;

/// A piece that can move for the roll: where it stands, its targets,
/// whether its pawn promotes specially, and how many moves it has.
#[derive(Clone, Copy)]
struct Mover {
    from: Square,
    targets: Bitboard,
    special: bool,
    moves: u32,
}

impl Position {
    /// [`Position::choose_move`] on a position whose game is not over
    /// (the caller checked): the same move, drawing the same words.
    #[inline]
    pub(crate) fn choose_move_unchecked(&self, roll: Roll, rng: &mut impl RandomSource) -> Move {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has popcnt, checked just above.
            return unsafe { self.choose_popcnt(roll, rng) };
        }
        self.choose(roll, rng)
    }

    /// [`choose`](Self::choose) compiled with popcnt.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn choose_popcnt(&self, roll: Roll, rng: &mut impl RandomSource) -> Move {
        self.choose(roll, rng)
    }

    #[inline(always)]
    fn choose(&self, roll: Roll, rng: &mut impl RandomSource) -> Move {
        let mut movers: ArrayVec<Mover, 64> = ArrayVec::new();
        let mut total = 0;
        self.for_each_mover(roll, |from, piece, targets| {
            // The sheet's rules (for_each_mover serves no other).
            let special = self.special::<false>(piece);
            let mut moves = targets.count();
            if special {
                moves += 3 * (targets & SPECIAL_PROMOTION_SQUARES).count();
            }
            if moves > 0 {
                total += moves;
                let _ = movers.try_push(Mover {
                    from,
                    targets,
                    special,
                    moves,
                });
            }
        });
        if total == 0 {
            // The list holds the single pass: `below(1)` still draws.
            rng.below(1);
            return Move::Pass;
        }
        let mut k = rng.below(u64::from(total)) as u32;
        for mover in &movers {
            if k < mover.moves {
                return mover.nth(k);
            }
            k -= mover.moves;
        }
        Move::Pass
    }
}

impl Mover {
    /// The `k`-th move of this piece (`k` below `self.moves`), in the
    /// order of the move list.
    #[inline(always)]
    fn nth(&self, mut k: u32) -> Move {
        let from = self.from;
        if !self.special {
            let to = Square::from_index(select(self.targets.0, k));
            return Move::Normal { from, to };
        }
        for to in self.targets {
            if SPECIAL_PROMOTION_SQUARES.contains(to) {
                if let Some(&kind) = PieceKind::SPECIAL_PROMOTION.get(k as usize) {
                    return Move::Promotion { from, to, kind };
                }
                k -= PieceKind::SPECIAL_PROMOTION.len() as u32;
            } else {
                if k == 0 {
                    return Move::Normal { from, to };
                }
                k -= 1;
            }
        }
        Move::Pass
    }
}

/// The index of the `k`-th lowest set bit of `bits` (`k` below its
/// population count).
#[inline(always)]
fn select(bits: u64, k: u32) -> u8 {
    let mut bits = bits;
    for _ in 0..k {
        bits &= bits.wrapping_sub(1);
    }
    (bits.trailing_zeros() & 63) as u8
}
