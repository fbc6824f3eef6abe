//! Writing the batched environment's output past the caches.
//!
//! A step of many games writes more output (observations and masks, 5.4 kB
//! a Kaissa game) than the caches hold. Plain stores then first read every
//! line of the output from memory, to overwrite it. Streaming
//! (non-temporal) stores write whole lines without reading them: the rows
//! of a few consecutive games (consecutive in the output too) are composed
//! in a scratch buffer that stays in cache, then streamed out in one piece,
//! so that only the two ends of each piece are partial lines. Below the
//! caches' size plain stores are the faster (the output stays cached for
//! the reader), so the batch chooses.

/// Above this many output bytes a step streams its rows (about the size
/// of a second-level cache, shared by the threads of a step).
pub const STREAM_ABOVE: usize = 2 << 20;

/// The games whose rows are composed together before they are streamed
/// (8 Kaissa games: 43 kB of scratch).
pub const GROUP: usize = 8;

/// Copies `src` into `dst` (of the same length): with streaming stores
/// where `dst` is 16-byte aligned on x86-64, plain stores around that (and
/// on other machines). Call [`fence`] before anyone else reads `dst`.
pub fn copy(dst: &mut [u8], src: &[u8]) {
    assert_eq!(
        dst.len(),
        src.len(),
        "the rows and their scratch differ in length"
    );
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_stream_si128};
        let len = dst.len();
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
        dst[head + body..].copy_from_slice(&src[head + body..]);
    }
    #[cfg(not(target_arch = "x86_64"))]
    dst.copy_from_slice(src);
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
    fn copies_every_byte_at_every_alignment() {
        let src: Vec<u8> = (0..200u32).map(|i| (i * 7 + 3) as u8).collect();
        for start in 0..17 {
            for len in [0, 1, 15, 16, 17, 63, 150] {
                let mut buffer = vec![0u8; 200];
                copy(&mut buffer[start..start + len], &src[..len]);
                fence();
                assert_eq!(&buffer[start..start + len], &src[..len]);
                assert!(buffer[..start].iter().all(|&b| b == 0));
                assert!(buffer[start + len..].iter().all(|&b| b == 0));
            }
        }
    }
}
