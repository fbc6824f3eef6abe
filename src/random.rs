//! Reproducible randomness without an RNG dependency.
//!
//! [`SplitMix64`] is a small, fast, seeded generator (Steele, Lea and Flood,
//! 2014). Selection functions in the library take any [`RandomSource`], so an
//! application can plug in its own generator.
//!
//! With the `rand_core` feature, `RandCore` makes any rand_core 0.10
//! generator (so any `rand` 0.10 RNG) a [`RandomSource`], and [`SplitMix64`]
//! implements rand_core's `TryRng` (hence `Rng`) and `SeedableRng` in turn.
//! Where `rand::Rng` (or a prelude that exports it) and [`RandomSource`] are
//! both in scope, `next_u64` on a [`SplitMix64`] names two methods with the
//! same words; pick one by path: `RandomSource::next_u64(&mut rng)`.
//! Generators of older
//! rand_core versions (rand 0.9 and before) are not supported by the
//! feature: wrap one in a type of your own that implements [`RandomSource`]
//! (one method, `next_u64`).
//!
//! Thread safety: generators are plain data (`Send + Sync`); give each
//! thread its own.

/// A source of uniformly distributed 64-bit words.
pub trait RandomSource {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;

    /// A uniformly distributed integer in `0..bound`, without modulo bias
    /// (Lemire's multiply-and-reject method). `below(0)` has no value in
    /// range: it returns 0 without drawing.
    ///
    /// ```
    /// use kaissa_chaturaji::random::{RandomSource, SplitMix64};
    /// let mut rng = SplitMix64::new(7);
    /// assert!(rng.below(10) < 10);
    /// assert_eq!(rng.below(0), 0);
    /// ```
    fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            return 0;
        }
        let mut product = (self.next_u64() as u128) * (bound as u128);
        // The threshold (a division) is below `bound`, so a low word of at
        // least `bound` is accepted without computing it: the same draws
        // and results, nearly always without the division.
        if (product as u64) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (product as u64) < threshold {
                product = (self.next_u64() as u128) * (bound as u128);
            }
        }
        (product >> 64) as u64
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
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next word, usable in `const` contexts (table generation).
    #[must_use]
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

/// Any rand_core 0.10 generator as a [`RandomSource`] (feature
/// `rand_core`), so that a `rand` 0.10 RNG can drive the die and the move
/// choice. Its words are the generator's `Rng::next_u64`, one per draw.
///
/// A `&mut` to a generator is a generator too, so `RandCore(&mut rng)` lends
/// one that the caller keeps.
///
/// ```
/// # #[cfg(feature = "rand_core")] {
/// use kaissa_chaturaji::kaissa::Position;
/// use kaissa_chaturaji::random::{RandCore, RandomSource};
/// use rand::{rngs::Xoshiro256PlusPlus, SeedableRng};
///
/// let mut rng = RandCore(Xoshiro256PlusPlus::seed_from_u64(1));
/// assert!(rng.below(6) < 6);
/// assert!(Position::start().choose_move(&mut rng).is_some());
/// # }
/// ```
#[cfg(feature = "rand_core")]
#[cfg_attr(docsrs, doc(cfg(feature = "rand_core")))]
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RandCore<R>(pub R);

#[cfg(feature = "rand_core")]
impl<R: rand_core::Rng> RandomSource for RandCore<R> {
    fn next_u64(&mut self) -> u64 {
        rand_core::Rng::next_u64(&mut self.0)
    }
}

/// SplitMix64 as a rand_core generator (feature `rand_core`), infallible, so
/// also a `rand_core::Rng` and a `rand::Rng`: the same stream of words as
/// [`RandomSource::next_u64`]; a `u32` is the high half of the next word, and
/// bytes are the next words in little-endian order.
#[cfg(feature = "rand_core")]
#[cfg_attr(docsrs, doc(cfg(feature = "rand_core")))]
impl rand_core::TryRng for SplitMix64 {
    type Error = core::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok((RandomSource::next_u64(self) >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(RandomSource::next_u64(self))
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Self::Error> {
        rand_core::utils::fill_bytes_via_next_word(dest, || self.try_next_u64())
    }
}

/// Seeds SplitMix64 from 8 little-endian bytes (feature `rand_core`);
/// `seed_from_u64(n)` is [`SplitMix64::new`]`(n)`.
#[cfg(feature = "rand_core")]
#[cfg_attr(docsrs, doc(cfg(feature = "rand_core")))]
impl rand_core::SeedableRng for SplitMix64 {
    type Seed = [u8; 8];

    fn from_seed(seed: [u8; 8]) -> Self {
        SplitMix64::new(u64::from_le_bytes(seed))
    }

    fn seed_from_u64(seed: u64) -> Self {
        SplitMix64::new(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `below` as first written: the threshold computed before every draw.
    fn below_reference(rng: &mut SplitMix64, bound: u64) -> u64 {
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = (rng.next_u64() as u128) * (bound as u128);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    #[test]
    fn below_draws_as_the_reference() {
        let bounds = [
            1,
            2,
            3,
            4,
            5,
            7,
            10,
            438,
            1098,
            1 << 32,
            (1 << 63) + 1,
            u64::MAX,
        ];
        for seed in 0..200 {
            for &bound in &bounds {
                let (mut fast, mut slow) = (SplitMix64::new(seed), SplitMix64::new(seed));
                for _ in 0..20 {
                    assert_eq!(fast.below(bound), below_reference(&mut slow, bound));
                    assert_eq!(fast, slow, "the same words drawn");
                }
            }
        }
    }
}

#[cfg(all(test, feature = "rand_core"))]
mod rand_core_tests {
    use super::*;
    use rand_core::{Rng, SeedableRng};

    #[test]
    fn adapters_give_the_same_stream() {
        let mut ours = SplitMix64::new(99);
        let mut theirs = SplitMix64::seed_from_u64(99);
        let mut wrapped = RandCore(SplitMix64::from_seed(99u64.to_le_bytes()));
        for _ in 0..100 {
            let word = RandomSource::next_u64(&mut ours);
            assert_eq!(Rng::next_u64(&mut theirs), word);
            assert_eq!(wrapped.next_u64(), word);
        }
        let mut bytes = [0u8; 13];
        SplitMix64::new(5).fill_bytes(&mut bytes);
        let mut words = SplitMix64::new(5);
        let first = RandomSource::next_u64(&mut words);
        let second = RandomSource::next_u64(&mut words);
        assert_eq!(bytes[..8], first.to_le_bytes());
        assert_eq!(bytes[8..], second.to_le_bytes()[..5]);
        // A short tail is the low end of the next word too.
        let mut short = [0u8; 12];
        SplitMix64::new(5).fill_bytes(&mut short);
        assert_eq!(short[..], bytes[..12]);
        assert_eq!(SplitMix64::new(5).next_u32(), (first >> 32) as u32);
    }
}
