//! Sets of bits written out as bytes, 1 for each bit set and 0 for each
//! clear one: the legal-action masks and the piece planes of the
//! observations, straight from their bit sets. Every byte is written,
//! without a branch on the bits (the sets are sparse and irregular, and a
//! loop over their set bits mispredicts a branch at every word).

/// Writes bit `j` of `words` (bit `j % 64` of word `j / 64`) as byte
/// `out[j]`, for every `j` below `out.len()`; bits past `out` are not
/// read, and `out` must not be longer than the bits.
#[inline]
pub fn expand(words: &[u64], out: &mut [u8]) {
    debug_assert!(out.len() <= 64 * words.len(), "more bytes than bits");
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        unsafe { expand_avx2(words, out) };
        return;
    }
    expand_plain(words, out);
}

/// The eight bytes of every byte value: byte `k` of `SPREAD[b]` is bit
/// `k` of `b`.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut value = 0;
    while value < 256 {
        let mut bit = 0;
        while bit < 8 {
            if value >> bit & 1 == 1 {
                table[value] |= 1 << (8 * bit);
            }
            bit += 1;
        }
        value += 1;
    }
    table
};

/// [`expand`] eight bytes at a time from a table, on any machine.
pub fn expand_plain(words: &[u64], out: &mut [u8]) {
    let mut chunks = out.chunks_exact_mut(8);
    for (i, chunk) in (&mut chunks).enumerate() {
        let byte = words
            .get(i / 8)
            .map_or(0, |word| word >> (8 * (i % 8)) & 0xff);
        chunk.copy_from_slice(&SPREAD[byte as usize].to_le_bytes());
    }
    let done = out.len() / 8 * 8;
    for (j, slot) in out[done..].iter_mut().enumerate() {
        let bit = done + j;
        *slot = words
            .get(bit / 64)
            .map_or(0, |word| (word >> (bit % 64) & 1) as u8);
    }
}

/// [`expand`] with AVX2: 64 bytes a word ([`expand64_avx2`]), then 32
/// bytes of the last part word if there are as many, then byte by byte.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub unsafe fn expand_avx2(words: &[u64], out: &mut [u8]) {
    let mut chunks = out.chunks_exact_mut(64);
    for (chunk, &word) in (&mut chunks).zip(words) {
        if let Ok(chunk) = <&mut [u8; 64]>::try_from(chunk) {
            // SAFETY: the CPU has AVX2 (the caller's word).
            unsafe { expand64_avx2(word, chunk) };
        }
    }
    let done = out.len() / 64 * 64;
    let mut rest = words.get(done / 64).copied().unwrap_or(0);
    let mut tail = &mut out[done..];
    if tail.len() >= 32 {
        let (piece, after) = tail.split_at_mut(32);
        if let Ok(piece) = <&mut [u8; 32]>::try_from(piece) {
            // SAFETY: the CPU has AVX2 (the caller's word).
            unsafe { expand32_avx2(rest as u32, piece) };
        }
        rest >>= 32;
        tail = after;
    }
    for (j, slot) in tail.iter_mut().enumerate() {
        *slot = (rest >> j & 1) as u8;
    }
}

/// Writes the 64 bits of `word` as the 64 bytes of `out` (1 or 0 each)
/// with AVX2: the word is broadcast, each byte of a vector takes the byte
/// of the word that holds its bit, keeps that bit alone, and becomes 1 or
/// 0. Inlined into callers compiled with AVX2.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn expand64_avx2(word: u64, out: &mut [u8; 64]) {
    use core::arch::x86_64::{_mm256_set1_epi64x, _mm256_setr_epi8};
    let bits = _mm256_set1_epi64x(word as i64);
    // Byte `j` of a half is bit `j % 8` of byte `j / 8` of its 32 bits
    // (the shuffle works within each 16-byte lane, and every lane holds
    // the broadcast word).
    let low = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let high = _mm256_setr_epi8(
        4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7,
        7, 7,
    );
    let (first, second) = out.split_at_mut(32);
    // SAFETY: the CPU has AVX2 (the caller's word); each half is 32 bytes.
    unsafe {
        store_bytes_avx2(bits, low, first.as_mut_ptr());
        store_bytes_avx2(bits, high, second.as_mut_ptr());
    }
}

/// Writes the 32 bits of `bits` as the 32 bytes of `out` with AVX2 (as
/// [`expand64_avx2`] does each half).
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn expand32_avx2(bits: u32, out: &mut [u8; 32]) {
    use core::arch::x86_64::{_mm256_set1_epi32, _mm256_setr_epi8};
    let which = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    // SAFETY: the CPU has AVX2 (the caller's word); `out` is 32 bytes.
    unsafe { store_bytes_avx2(_mm256_set1_epi32(bits as i32), which, out.as_mut_ptr()) };
}

/// Stores at `to` the 32 bytes whose byte `j` is bit `j % 8` of byte
/// `which[j]` of `bits` (a byte index within its 16-byte lane), as 1 or 0.
///
/// # Safety
/// The CPU must have AVX2, and `to` must be valid for 32 bytes.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn store_bytes_avx2(
    bits: core::arch::x86_64::__m256i,
    which: core::arch::x86_64::__m256i,
    to: *mut u8,
) {
    use core::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_min_epu8, _mm256_set1_epi8, _mm256_setr_epi8,
        _mm256_shuffle_epi8, _mm256_storeu_si256,
    };
    let bit = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128,
        1, 2, 4, 8, 16, 32, 64, -128,
    );
    let spread = _mm256_shuffle_epi8(bits, which);
    let value = _mm256_min_epu8(_mm256_and_si256(spread, bit), _mm256_set1_epi8(1));
    // SAFETY: `to` is valid for 32 bytes (the caller's word); an unaligned
    // store.
    unsafe { _mm256_storeu_si256(to.cast::<__m256i>(), value) };
}

/// Sets in `words` the bits of `run` from bit `at` on (bit `k` of `run`
/// as bit `at + k`); bits past the words are dropped.
#[inline(always)]
pub fn set_run(words: &mut [u64], at: usize, run: u64) {
    let (word, shift) = (at / 64, (at % 64) as u32);
    if let Some(bits) = words.get_mut(word) {
        *bits |= run << shift;
    }
    if shift != 0 {
        if let Some(bits) = words.get_mut(word + 1) {
            *bits |= run >> (64 - shift);
        }
    }
}

/// Packs runs of bits one after the other into words, lowest bit first,
/// each word written once (for sets built in order, rather than OR-ed
/// into words at a time).
pub struct Packer<'a> {
    /// Where the words go.
    words: &'a mut [u64],
    /// The index of the next word to write.
    next: usize,
    /// The bits not yet written, lowest first.
    pending: u128,
    /// How many bits `pending` holds (under 64 between calls).
    count: u32,
}

impl<'a> Packer<'a> {
    /// A packer writing into `words` from its first.
    pub fn new(words: &'a mut [u64]) -> Packer<'a> {
        Packer {
            words,
            next: 0,
            pending: 0,
            count: 0,
        }
    }

    /// Appends the `len` low bits of `bits` (`len` at most 64, the bits
    /// above it clear); bits past the words are dropped.
    #[inline(always)]
    pub fn push(&mut self, bits: u64, len: u32) {
        self.pending |= u128::from(bits) << self.count;
        self.count += len;
        if self.count >= 64 {
            if let Some(word) = self.words.get_mut(self.next) {
                *word = self.pending as u64;
            }
            self.next += 1;
            self.pending >>= 64;
            self.count -= 64;
        }
    }

    /// Writes the last, partial word.
    #[inline(always)]
    pub fn finish(self) {
        if self.count > 0 {
            if let Some(word) = self.words.get_mut(self.next) {
                *word = self.pending as u64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes of `words`, one bit at a time.
    fn plain(words: &[u64], len: usize) -> Vec<u8> {
        (0..len)
            .map(|j| (words[j / 64] >> (j % 64) & 1) as u8)
            .collect()
    }

    /// Checks `expand_with` against [`plain`] over irregular sets and
    /// every length up to the bits, into buffers of other bytes.
    fn writes_every_byte_with(expand_with: impl Fn(&[u64], &mut [u8])) {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..40 {
            let words: Vec<u64> = (0..4)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    // Sparse, dense, empty and full sets.
                    match round % 4 {
                        0 => state & state >> 3 & state >> 9,
                        1 => state,
                        2 => 0,
                        _ => u64::MAX,
                    }
                })
                .collect();
            for len in 0..=256 {
                let mut out = vec![7u8; len + 5];
                expand_with(&words, &mut out[..len]);
                assert_eq!(&out[..len], &plain(&words, len)[..], "{round} {len}");
                assert!(out[len..].iter().all(|&b| b == 7), "wrote past the end");
            }
        }
    }

    #[test]
    fn runs_are_set_at_every_offset() {
        for at in 0..200 {
            let mut words = [0u64; 3];
            set_run(&mut words, at, 0x8000_0000_0000_0005);
            let set: Vec<usize> = (0..192)
                .filter(|&j| words[j / 64] >> (j % 64) & 1 == 1)
                .collect();
            let expected: Vec<usize> = [at, at + 2, at + 63]
                .into_iter()
                .filter(|&j| j < 192)
                .collect();
            assert_eq!(set, expected, "{at}");
        }
    }

    #[test]
    fn packed_runs_are_the_runs_set_one_by_one() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for round in 0..200 {
            let (mut packed, mut set) = ([0u64; 8], [0u64; 8]);
            let mut packer = Packer::new(&mut packed);
            let mut at = 0;
            while at < 500 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let len = (state % 65) as u32;
                let bits = if len == 64 {
                    state
                } else {
                    state & ((1 << len) - 1)
                };
                packer.push(bits, len);
                set_run(&mut set, at, bits);
                at += len as usize;
            }
            packer.finish();
            assert_eq!(packed, set, "{round}");
        }
    }

    #[test]
    fn writes_each_bit_as_a_byte() {
        writes_every_byte_with(expand);
        writes_every_byte_with(expand_plain);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_path_writes_each_bit_as_a_byte() {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            writes_every_byte_with(|words, out| unsafe { expand_avx2(words, out) });
        }
    }
}
