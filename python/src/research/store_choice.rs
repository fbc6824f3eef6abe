//! Plain or streaming stores for a batch's output, chosen by timing both.
//!
//! Whether a step's output is cheaper to write with plain stores (the
//! lines come into the caches, and stay there for the reader) or streamed
//! past them (see [`super::stream`]) depends on how much of the
//! last-level cache the machine really gives this process, which neither
//! the cache's size nor the core count tells: on a virtual machine the
//! cache is shared with other guests. Two machines of BENCHMARKS.md
//! disagree about the outputs of 4,096 Chaturaji games (14 MB): on one,
//! plain stores cost 30% less than streaming; on the other, an AMD EPYC
//! guest whose 32 MB cache should hold two such outputs, they cost more.
//!
//! So a batch whose output is larger than [`ALWAYS_PLAIN`] times both
//! ways when it is made, on two buffers of its output's size written in
//! turn (the caller holds the last output while the next is written, so
//! two take turns), and keeps the faster. Both ways write the same bytes;
//! only the time differs.

use std::time::{Duration, Instant};

use super::stream::{self, Streamed};

/// Outputs up to this size are always written with plain stores: two of
/// them stay in the caches of every machine measured, where streaming
/// them costs a fifth more.
pub const ALWAYS_PLAIN: usize = 4 << 20;

/// The largest buffers timed: an output larger than this is timed as one
/// of this size (if two of these do not stay in the caches, nor do two
/// larger ones), so that timing never takes more than twice this much
/// memory.
pub const LARGEST_TIMED: usize = 64 << 20;

/// The rounds timed each way, after one that is not (it brings the
/// buffers' pages in). The fastest round counts, so that one slowed by
/// another program's turn on the core does not decide.
pub const ROUNDS: u32 = 5;

/// The pieces written at a time, as the streaming path writes a group
/// of games' rows composed in a scratch buffer.
const PIECE: usize = 32 << 10;

/// Neither part streamed.
pub const PLAIN: Streamed = Streamed {
    obs: false,
    mask: false,
};

/// Both parts streamed.
pub const STREAMED: Streamed = Streamed {
    obs: true,
    mask: true,
};

/// How a batch writing `output` bytes a step should write them: plain
/// stores up to [`ALWAYS_PLAIN`], else whichever way [`time_both`] found
/// the faster.
pub fn choose(output: usize) -> Streamed {
    if output <= ALWAYS_PLAIN {
        return PLAIN;
    }
    let (plain, streamed) = time_both(output.min(LARGEST_TIMED));
    faster(plain, streamed)
}

/// The way that took less time (plain stores on a tie).
pub fn faster(plain: Duration, streamed: Duration) -> Streamed {
    if streamed < plain {
        STREAMED
    } else {
        PLAIN
    }
}

/// The fastest of [`ROUNDS`] rounds of writing two buffers of `len`
/// bytes in turn, each way: `(plain, streamed)`.
pub fn time_both(len: usize) -> (Duration, Duration) {
    let source: Vec<u8> = (0..PIECE).map(|i| (i % 251) as u8).collect();
    let mut buffers = [vec![0u8; len], vec![0u8; len]];
    let mut fastest = [Duration::MAX; 2];
    for round in 0..=ROUNDS {
        for (way, slot) in [PLAIN, STREAMED].into_iter().zip(&mut fastest) {
            let started = Instant::now();
            for buffer in &mut buffers {
                write(buffer, &source, way);
            }
            let took = started.elapsed();
            if round > 0 {
                *slot = (*slot).min(took);
            }
        }
    }
    (fastest[0], fastest[1])
}

/// Fills `buffer` with copies of `source`, piece by piece, the `way`
/// given.
fn write(buffer: &mut [u8], source: &[u8], way: Streamed) {
    for piece in buffer.chunks_mut(source.len()) {
        let from = &source[..piece.len()];
        if way == PLAIN {
            piece.copy_from_slice(from);
        } else {
            stream::copy(piece, from);
        }
    }
    stream::fence();
    std::hint::black_box(buffer);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_outputs_are_written_plain() {
        for output in [0, 1, 1000, ALWAYS_PLAIN] {
            assert_eq!(choose(output), PLAIN);
        }
    }

    #[test]
    fn the_faster_way_is_kept() {
        let ms = Duration::from_millis;
        assert_eq!(faster(ms(10), ms(7)), STREAMED);
        assert_eq!(faster(ms(6), ms(7)), PLAIN);
        assert_eq!(faster(ms(6), ms(6)), PLAIN);
    }

    #[test]
    fn both_ways_are_timed_and_write_the_same_bytes() {
        let (plain, streamed) = time_both(3 * PIECE + 100);
        assert!(plain > Duration::ZERO && plain < Duration::MAX);
        assert!(streamed > Duration::ZERO && streamed < Duration::MAX);
        let source: Vec<u8> = (0..PIECE).map(|i| (i % 251) as u8).collect();
        let (mut a, mut b) = (vec![0u8; 2 * PIECE + 7], vec![1u8; 2 * PIECE + 7]);
        write(&mut a, &source, PLAIN);
        write(&mut b, &source, STREAMED);
        assert_eq!(a, b);
        assert_eq!(&a[PIECE..PIECE + 10], &source[..10]);
    }

    #[test]
    fn large_outputs_get_a_way_either_way() {
        // Which way wins depends on the machine; that one is chosen, and
        // the choice takes no more than the timed buffers' memory.
        let way = choose(ALWAYS_PLAIN + 1);
        assert!(way == PLAIN || way == STREAMED);
    }
}
