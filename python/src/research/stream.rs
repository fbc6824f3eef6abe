//! Writing the batched environment's output past the caches.
//!
//! A step of many games writes more output (observations and masks, 5.4 kB
//! a Kaissa game) than the caches hold. Plain stores then first read every
//! line of the output from memory, to overwrite it. Streaming
//! (non-temporal) stores write whole lines without reading them: the rows
//! of a few consecutive games (consecutive in the output too) are composed
//! in a scratch buffer that stays in cache, then streamed out in one piece,
//! so that only the two ends of each piece are partial lines. Small
//! outputs are written in place with plain stores: they stay cached for
//! the reader, and streaming them costs more ([`Streamed::choose`]).

/// The output bytes of a step that plain stores write; a larger output
/// is streamed. The caller holds the last output while the next is
/// written, so two outputs take turns, and only a virtual machine's
/// share of its host's last-level cache keeps them: on the AMD EPYC
/// guest of BENCHMARKS.md (32 MB of shared cache), plain stores cost 40
/// to 50% more than streaming for the 14 MB outputs of 4,096 Chaturaji
/// games and the 5.5 MB of 1,024 Kaissa games, and about the same for
/// the 3.5 MB of 1,024 Chaturaji games; below that, streaming costs more
/// (a third more for 256 Chaturaji games).
pub const CACHED: usize = 4 << 20;

/// Which parts of a step's output are streamed (the rest is written in
/// place with plain stores).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streamed {
    /// The observations.
    pub obs: bool,
    /// The legal-action masks.
    pub mask: bool,
}

impl Streamed {
    /// Neither part streamed.
    pub const PLAIN: Streamed = Streamed {
        obs: false,
        mask: false,
    };

    /// Both parts streamed.
    pub const ALL: Streamed = Streamed {
        obs: true,
        mask: true,
    };

    /// The parts to stream for a step writing `output` bytes: none up to
    /// [`CACHED`], then both (with Kaissa's rows written straight from bit
    /// sets, streaming both parts costs less than streaming the
    /// observations alone, BENCHMARKS.md).
    pub fn choose(output: usize) -> Streamed {
        if output > CACHED {
            Streamed::ALL
        } else {
            Streamed::PLAIN
        }
    }
}

/// The games whose rows are composed together before they are streamed
/// (8 Kaissa games: 43 kB of scratch).
pub const GROUP: usize = 8;

/// Copies `src` into `dst` (of the same length): with streaming stores
/// of whole 64-byte lines where the CPU has AVX (32-byte stores), of
/// 16-byte pieces on other x86-64 CPUs, plain stores around them and on
/// other machines. Call [`fence`] before anyone else reads `dst`.
pub fn copy(dst: &mut [u8], src: &[u8]) {
    assert_eq!(
        dst.len(),
        src.len(),
        "the rows and their scratch differ in length"
    );
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the CPU has AVX, checked just above.
            unsafe { copy_lines_avx(dst, src) };
        } else {
            copy_sse2(dst, src);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    dst.copy_from_slice(src);
}

/// [`copy`] with 32-byte streaming stores, two to a line, from the first
/// 64-byte boundary of `dst` on (fewer and wider stores than SSE2's: the
/// step's output is written at close to the memory's speed).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn copy_lines_avx(dst: &mut [u8], src: &[u8]) {
    use core::arch::x86_64::{__m256i, _mm256_loadu_si256, _mm256_stream_si256};
    let len = dst.len().min(src.len());
    let head = dst.as_ptr().align_offset(64).min(len);
    let body = (len - head) / 64 * 64;
    dst[..head].copy_from_slice(&src[..head]);
    let (to, from) = (dst.as_mut_ptr(), src.as_ptr());
    let mut i = head;
    while i < head + body {
        // SAFETY: `i + 64 <= len` for both slices; `to + i` is 64-byte
        // aligned (from `head` on, in steps of 64); the CPU has AVX (the
        // caller checked).
        unsafe {
            let low = _mm256_loadu_si256(from.add(i).cast::<__m256i>());
            let high = _mm256_loadu_si256(from.add(i + 32).cast::<__m256i>());
            _mm256_stream_si256(to.add(i).cast::<__m256i>(), low);
            _mm256_stream_si256(to.add(i + 32).cast::<__m256i>(), high);
        }
        i += 64;
    }
    dst[head + body..len].copy_from_slice(&src[head + body..len]);
}

/// [`copy`] with 16-byte streaming stores (SSE2, part of x86-64) from the
/// first 16-byte boundary of `dst` on.
#[cfg(target_arch = "x86_64")]
fn copy_sse2(dst: &mut [u8], src: &[u8]) {
    use core::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_stream_si128};
    let len = dst.len().min(src.len());
    let head = dst.as_ptr().align_offset(16).min(len);
    let body = (len - head) / 16 * 16;
    dst[..head].copy_from_slice(&src[..head]);
    let (to, from) = (dst.as_mut_ptr(), src.as_ptr());
    let mut i = head;
    while i < head + body {
        // SAFETY: `i + 16 <= len` for both slices; `to + i` is 16-byte
        // aligned (from `head` on, in steps of 16); SSE2 is part of
        // x86-64.
        unsafe {
            let v = _mm_loadu_si128(from.add(i).cast::<__m128i>());
            _mm_stream_si128(to.add(i).cast::<__m128i>(), v);
        }
        i += 16;
    }
    dst[head + body..len].copy_from_slice(&src[head + body..len]);
}

/// Orders the streaming stores of this thread before what follows (its
/// end of the step): then the rows are visible to every thread.
pub fn fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of x86-64; a fence has no other effect.
    unsafe {
        core::arch::x86_64::_mm_sfence();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_what_the_caches_cannot_keep() {
        for output in [0, 1, CACHED / 2, CACHED] {
            assert_eq!(Streamed::choose(output), Streamed::PLAIN, "{output}");
        }
        for output in [CACHED + 1, 2 * CACHED, usize::MAX] {
            assert_eq!(Streamed::choose(output), Streamed::ALL, "{output}");
        }
    }

    /// Checks that `copy_with` copies every byte and nothing more, at
    /// every alignment and for lengths around the store widths.
    fn copies_every_byte_with(copy_with: impl Fn(&mut [u8], &[u8])) {
        let src: Vec<u8> = (0..400u32).map(|i| (i * 7 + 3) as u8).collect();
        for start in 0..65 {
            for len in [0, 1, 15, 16, 17, 63, 64, 65, 127, 150, 300] {
                let mut buffer = vec![0u8; 400];
                copy_with(&mut buffer[start..start + len], &src[..len]);
                fence();
                assert_eq!(&buffer[start..start + len], &src[..len]);
                assert!(buffer[..start].iter().all(|&b| b == 0));
                assert!(buffer[start + len..].iter().all(|&b| b == 0));
            }
        }
    }

    #[test]
    fn copies_every_byte_at_every_alignment() {
        copies_every_byte_with(copy);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn both_x86_paths_copy_every_byte() {
        copies_every_byte_with(copy_sse2);
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the CPU has AVX, checked just above.
            copies_every_byte_with(|dst, src| unsafe { copy_lines_avx(dst, src) });
        }
    }
}
