//! Sets of squares as 128-bit words (bits 0..100, dense 10-wide layout).

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Square;

/// A set of squares; bit `i` stands for the square with index `i`. Bits 100
/// and above are always clear.
///
/// ```
/// use kaissa_chaturaji::kaissa::{Bitboard, Square};
/// let e2: Square = "e2".parse().unwrap();
/// let set = Bitboard::from_square(e2) | Bitboard::RANK_1;
/// assert_eq!(set.count(), 11);
/// assert!(set.contains(e2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 100 squares.
    pub const FULL: Bitboard = Bitboard((1u128 << 100) - 1);
    /// Rank 1 (Yellow's back rank).
    pub const RANK_1: Bitboard = Bitboard(0x3ff);
    /// Rank 10 (Red's back rank).
    pub const RANK_10: Bitboard = Bitboard(0x3ff << 90);

    /// The set holding just `square`.
    #[must_use]
    #[inline(always)]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(SQUARE_BITS[square.index() as usize])
    }

    /// Toggles the squares of `bits` in this set, in place: `*self ^= bits`
    /// done as one 16-byte load and one 16-byte store on x86-64 (the
    /// position's make and unmake).
    ///
    /// Why not `^=`: the compiler picks the width of a `u128`
    /// read-modify-write site by site, sometimes one 16-byte access,
    /// sometimes two 8-byte halves. When a set written as two halves is read
    /// back right away as one 16-byte load (an undo, then the next move),
    /// the processor cannot forward the stores to the load and stalls until
    /// they reach the cache. Fixing every write of the position's sets to
    /// one width made the full perft about 1.3 times as fast with the same
    /// instruction count, which is why we read the stall as the cause (this
    /// machine shows no hardware counters to confirm it; BENCHMARKS.md,
    /// "Set updates of one width").
    #[inline(always)]
    pub(crate) fn toggle_in_place(&mut self, bits: Bitboard) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::_mm_xor_si128;
            // SAFETY: SSE2 is part of x86-64.
            self.update_16_bytes(bits, |a, b| unsafe { _mm_xor_si128(a, b) });
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.0 ^= bits.0;
        }
    }

    /// Adds the squares of `bits` to this set, in place: `*self |= bits`
    /// with the access width of [`toggle_in_place`](Self::toggle_in_place)
    /// (see there why).
    #[inline(always)]
    pub(crate) fn insert_in_place(&mut self, bits: Bitboard) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::_mm_or_si128;
            // SAFETY: SSE2 is part of x86-64.
            self.update_16_bytes(bits, |a, b| unsafe { _mm_or_si128(a, b) });
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.0 |= bits.0;
        }
    }

    /// `*self = op(*self, bits)` with one unaligned 16-byte load and one
    /// 16-byte store.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn update_16_bytes(
        &mut self,
        bits: Bitboard,
        op: impl FnOnce(
            core::arch::x86_64::__m128i,
            core::arch::x86_64::__m128i,
        ) -> core::arch::x86_64::__m128i,
    ) {
        use core::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_storeu_si128};
        let place = (&mut self.0 as *mut u128).cast::<__m128i>();
        // SAFETY: `place` points to the 16 bytes of `self.0`, valid for
        // reads and writes; the unaligned forms need no alignment; SSE2 is
        // part of x86-64. A `u128` and an `__m128i` are both 16 plain bytes,
        // and any bit pattern is a valid `u128`.
        unsafe {
            let bits = core::mem::transmute::<u128, __m128i>(bits.0);
            _mm_storeu_si128(place, op(_mm_loadu_si128(place), bits));
        }
    }

    /// The raw bits (bit `i` = square index `i`).
    #[must_use]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set with these bits, if no bit at 100 or above is set.
    #[must_use]
    pub const fn from_bits(bits: u128) -> Option<Bitboard> {
        if bits >> 100 == 0 {
            Some(Bitboard(bits))
        } else {
            None
        }
    }

    /// Whether `square` is in the set.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set holds.
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square in the set, if any.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The squares of the set, lowest first.
    #[must_use]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// `1 << i` for every square index: a table load is cheaper than a variable
/// 128-bit shift.
pub(crate) const SQUARE_BITS: [u128; 100] = {
    let mut table = [0u128; 100];
    let mut i = 0;
    while i < 100 {
        table[i] = 1u128 << i;
        i += 1;
    }
    table
};

/// Calls `f` with every square of `bits`, lowest first, scanning the two
/// 64-bit halves separately (cheaper than 128-bit scans).
#[inline(always)]
pub(crate) fn for_each_square(bits: u128, mut f: impl FnMut(Square)) {
    let mut low = bits as u64;
    while low != 0 {
        f(Square::new_unchecked(low.trailing_zeros() as u8));
        low &= low - 1;
    }
    let mut high = (bits >> 64) as u64;
    while high != 0 {
        f(Square::new_unchecked(64 + high.trailing_zeros() as u8));
        high &= high - 1;
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest first.
#[derive(Debug, Clone)]
pub struct BitboardIter(u128);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::new_unchecked(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign:ident, $afn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $afn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}
