//! Reproducible randomness without an RNG dependency.
//!
//! [`SplitMix64`] is a small, fast, seeded generator (Steele, Lea and Flood,
//! 2014). Selection functions in the library take any [`RandomSource`], so an
//! application can plug in its own generator.

/// A source of uniformly distributed 64-bit words.
pub trait RandomSource {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;

    /// A uniformly distributed integer in `0..bound` (`bound > 0`), without
    /// modulo bias (Lemire's multiply-and-reject method).
    ///
    /// ```
    /// use kaissa_chaturaji::random::{RandomSource, SplitMix64};
    /// let mut rng = SplitMix64::new(7);
    /// assert!(rng.below(10) < 10);
    /// ```
    fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0) has no value");
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = (self.next_u64() as u128) * (bound as u128);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }
}

/// The SplitMix64 generator: a 64-bit state, reproducible from its seed.
///
/// ```
/// use kaissa_chaturaji::random::{RandomSource, SplitMix64};
/// let mut a = SplitMix64::new(42);
/// let mut b = SplitMix64::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    /// The whole state; exposed so that a C caller can keep it in its memory.
    pub state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next word, usable in `const` contexts (table generation).
    pub const fn next_const(mut self) -> (Self, u64) {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (self, z ^ (z >> 31))
    }
}

impl RandomSource for SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        let (next, value) = self.next_const();
        *self = next;
        value
    }
}

impl<R: RandomSource + ?Sized> RandomSource for &mut R {
    fn next_u64(&mut self) -> u64 {
        (**self).next_u64()
    }
}
