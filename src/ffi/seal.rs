//! The one keyed digest of the C ABI. It seals the values a C caller keeps
//! and hands back: Kaissa's undo records (`kc_kaissa_undo_record`),
//! Chaturaji's undo records (`kc_chaturaji_undo_record`) and Chaturaji's
//! chosen-move tokens (`kc_chaturaji_chosen_move`). A value whose digest
//! does not match (stale, foreign, corrupted, edited or made up) is
//! refused, in constant time.
//!
//! The key is made once per process, the first time a value is sealed,
//! from the standard library's per-process hash randomness, so a value is
//! good only in the process that made it. Each kind of value has key words
//! of its own (one [`KindKey`] each): a digest of one kind says nothing
//! about the digests of another.
//!
//! The digest of `N` words (`N` even): each pair of words, masked with its
//! key words, is multiplied into 128 bits (the NH universal hash); the
//! products are XORed together, every second one turned by 64 bits; the
//! two halves of the sum, masked with two more key words, are multiplied
//! once more and folded to 64 bits. The products do not depend on each
//! other, so a short value costs about two multiplications' latency; the
//! last multiplication keeps digests of genuine values from being combined
//! by XOR into the digest of a spliced one. A value of two words has one
//! product and nothing to combine: its digest is that product, folded.
//!
//! Not a cryptographic MAC: code in the same process can read the key, and
//! the C ABI trusts its callers' memory anyway. The seal guards against
//! values that do not belong, by accident or by a formula copied from these
//! sources.

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::sync::OnceLock;

/// The key words of one kind of sealed value: one per word of the value,
/// and two for the last multiplication (not used for two words).
struct KindKey<const N: usize> {
    /// Masks for the value's words.
    words: [u64; N],
    /// Masks for the two halves of the sum of products.
    finish: [u64; 2],
}

/// The process key: the key words of every kind of sealed value.
struct Key {
    /// For `kc_kaissa_undo_record` (its first four words).
    kaissa_undo: KindKey<4>,
    /// For `kc_chaturaji_chosen_move` (its position and its move).
    chaturaji_token: KindKey<2>,
    /// For `kc_chaturaji_undo_record` (its fields and the position after).
    chaturaji_undo: KindKey<18>,
}

static KEY: OnceLock<Key> = OnceLock::new();

/// The process key (made on first use).
#[inline(always)]
fn key() -> &'static Key {
    match KEY.get() {
        Some(key) => key,
        None => make_key(),
    }
}

/// Makes the process key: word `i` is the per-process keyed hash of `i`.
#[cold]
#[inline(never)]
fn make_key() -> &'static Key {
    KEY.get_or_init(|| {
        let state = RandomState::new();
        let mut count = 0u64;
        let mut word = || {
            count += 1;
            state.hash_one(count)
        };
        Key {
            kaissa_undo: KindKey::new(&mut word),
            chaturaji_token: KindKey::new(&mut word),
            chaturaji_undo: KindKey::new(&mut word),
        }
    })
}

impl<const N: usize> KindKey<N> {
    /// Key words taken one by one from `word`.
    fn new(word: &mut impl FnMut() -> u64) -> Self {
        KindKey {
            words: core::array::from_fn(|_| word()),
            finish: core::array::from_fn(|_| word()),
        }
    }
}

/// The 128-bit product of two words, folded to 64 bits.
#[inline(always)]
fn folded_product(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    (product as u64) ^ ((product >> 64) as u64)
}

/// The digest of `words` under `key` (see the module docs).
#[inline(always)]
fn digest<const N: usize>(key: &KindKey<N>, words: &[u64; N]) -> u64 {
    debug_assert!(N % 2 == 0);
    let mut sum = 0u128;
    let mut i = 0;
    while i + 1 < N {
        let product =
            u128::from(words[i] ^ key.words[i]) * u128::from(words[i + 1] ^ key.words[i + 1]);
        sum ^= if i % 4 == 0 {
            product
        } else {
            product.rotate_left(64)
        };
        i += 2;
    }
    if N == 2 {
        // One product: nothing to combine, so no last multiplication.
        return (sum as u64) ^ ((sum >> 64) as u64);
    }
    folded_product(
        (sum as u64) ^ key.finish[0],
        ((sum >> 64) as u64) ^ key.finish[1],
    )
}

/// The digest of a Kaissa undo record: its first four words (every field
/// but `check`).
#[inline(always)]
pub(crate) fn kaissa_undo(words: &[u64; 4]) -> u64 {
    digest(&key().kaissa_undo, words)
}

/// The digest of a Chaturaji chosen-move token: `position` (the hash and
/// rules of the position it was chosen in) and `token` (its move, roll and
/// reserved bytes). The hash and counters are also compared as they are,
/// so the digest only has to bind the move to them.
#[inline(always)]
pub(crate) fn chaturaji_token(position: u64, token: u64) -> u64 {
    digest(&key().chaturaji_token, &[position, token])
}

/// The digest of a Chaturaji undo record: its fields and the position the
/// record must be applied to, as 18 words.
#[inline(always)]
pub(crate) fn chaturaji_undo(words: &[u64; 18]) -> u64 {
    digest(&key().chaturaji_undo, words)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Any change of one bit of a value changes its digest, and the kinds
    /// do not share digests.
    #[test]
    fn every_bit_counts() {
        let words = [0x0123_4567_89ab_cdef_u64, 42, 7, u64::MAX];
        let sealed = kaissa_undo(&words);
        for i in 0..4 {
            for bit in 0..64 {
                let mut edited = words;
                edited[i] ^= 1 << bit;
                assert_ne!(kaissa_undo(&edited), sealed, "word {i} bit {bit}");
            }
        }
        let long: [u64; 18] = core::array::from_fn(|i| i as u64 * 0x9e37_79b9);
        let sealed_long = chaturaji_undo(&long);
        for i in 0..18 {
            let mut edited = long;
            edited[i] ^= 1 << (i * 3);
            assert_ne!(chaturaji_undo(&edited), sealed_long, "word {i}");
        }
        assert_ne!(chaturaji_token(words[0], words[1]), sealed);
        assert_eq!(chaturaji_token(1, 2), chaturaji_token(1, 2));
        assert_ne!(chaturaji_token(1, 2), chaturaji_token(2, 1));
    }
}
