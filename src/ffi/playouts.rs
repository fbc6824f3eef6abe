//! The C ABI of the playouts: seeded random games from a position, on any
//! number of threads, added up into a plain [`kc_playout_stats`] the
//! caller owns. This file holds what both games share; the calls are
//! `kc_kaissa_playouts*` in `kaissa/playouts.rs` and
//! `kc_chaturaji_playouts*` in `chaturaji/playouts.rs`. The games are those of the Rust
//! [`Playouts`]: game `i` is played with `kc_playout_game_seed(seed, i)`,
//! and the figures are the same for any number of threads.

use super::kc_status::{self, *};
use super::{fail, out_ptr, run, write_out, FfiResult};
use crate::game::AnyGame;
use crate::playouts::{
    game_seed, LengthHistogram, PlayoutGame, PlayoutResult, PlayoutStats, Playouts,
    DEFAULT_MAX_PLIES, LENGTH_BUCKETS,
};

/// The number of game-length buckets of [`kc_playout_stats`]
/// (`length_histogram`); see `kc_playout_length_bucket_bounds`.
pub const KC_PLAYOUT_LENGTH_BUCKETS: usize = 240;
/// The ply limit per game of the Rust API's default (10000): a good value
/// for `max_plies`.
pub const KC_PLAYOUT_DEFAULT_MAX_PLIES: u32 = 10_000;
/// [`kc_playout_game`] `result`: stopped at the ply limit, still going on.
pub const KC_PLAYOUT_UNFINISHED: u8 = 0;
/// [`kc_playout_game`] `result`: drawn.
pub const KC_PLAYOUT_DRAW: u8 = 1;
/// [`kc_playout_game`] `result`: won by the players in `winners`.
pub const KC_PLAYOUT_WIN: u8 = 2;

const _: () = assert!(KC_PLAYOUT_LENGTH_BUCKETS == LENGTH_BUCKETS);
const _: () = assert!(KC_PLAYOUT_DEFAULT_MAX_PLIES == DEFAULT_MAX_PLIES);

/// What a batch of playouts added up to (plain data the caller owns).
///
/// - `games`, `plies`: games and plies played.
/// - `unfinished`: games stopped at the ply limit; `draws`: drawn games.
/// - `wins[w]`: games won by exactly the set of players `w`, bit `i` for
///   player `i` (Kaissa: bit 0 Yellow, bit 1 Red; Chaturaji: bit 0 Red,
///   1 Black, 2 Yellow, 3 Green; an alliance's win sets both its bits).
/// - `min_length`, `max_length`, `mean_length`: game lengths in plies (0
///   without games).
/// - `length_histogram[b]`: games whose length falls in bucket `b`
///   (`kc_playout_length_bucket_bounds`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct kc_playout_stats {
    /// Games played.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Games stopped at the ply limit, still going on.
    pub unfinished: u64,
    /// Drawn games.
    pub draws: u64,
    /// Won games by the set of winners (see the struct's docs).
    pub wins: [u64; 16],
    /// The shortest game, in plies.
    pub min_length: u32,
    /// The longest game, in plies.
    pub max_length: u32,
    /// The mean game length, in plies.
    pub mean_length: f64,
    /// Games by length bucket.
    pub length_histogram: [u64; KC_PLAYOUT_LENGTH_BUCKETS],
}

impl kc_playout_stats {
    pub(crate) fn from_rust(stats: &PlayoutStats) -> kc_playout_stats {
        let mut wins = [0u64; 16];
        for (winners, n) in stats.winners() {
            wins[usize::from(winners.bits() & 15)] += n;
        }
        kc_playout_stats {
            games: stats.games,
            plies: stats.plies,
            unfinished: stats.unfinished,
            draws: stats.draws,
            wins,
            min_length: stats.min_length,
            max_length: stats.max_length,
            mean_length: stats.mean_length(),
            length_histogram: *stats.lengths.counts(),
        }
    }
}

/// One game of a batch: its number, seed, length and result
/// (`KC_PLAYOUT_UNFINISHED`, `KC_PLAYOUT_DRAW` or `KC_PLAYOUT_WIN`, with
/// the winners' bits as in [`kc_playout_stats`]'s `wins`, else 0).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_playout_game {
    /// The game's number in the batch.
    pub index: u64,
    /// The seed it was played with.
    pub seed: u64,
    /// Plies played.
    pub plies: u32,
    /// `KC_PLAYOUT_UNFINISHED`, `KC_PLAYOUT_DRAW` or `KC_PLAYOUT_WIN`.
    pub result: u8,
    /// The winners' bits for `KC_PLAYOUT_WIN`, else 0.
    pub winners: u8,
}

impl kc_playout_game {
    pub(crate) fn from_rust(record: &PlayoutGame) -> kc_playout_game {
        let (result, winners) = match record.outcome.result() {
            PlayoutResult::Unfinished => (KC_PLAYOUT_UNFINISHED, 0),
            PlayoutResult::Draw => (KC_PLAYOUT_DRAW, 0),
            PlayoutResult::Win(w) => (KC_PLAYOUT_WIN, w.bits()),
        };
        kc_playout_game {
            index: record.index,
            seed: record.seed,
            plies: record.plies,
            result,
            winners,
        }
    }
}

/// The seed of game `index` of a batch with master seed `seed`: the
/// `index`-th word (from 0) of a SplitMix64 generator seeded with `seed`
/// (what `kc_random_next` would give on the `index + 1`-th call). Replay
/// one game with `kc_kaissa_choose_move` / the Chaturaji die and choice
/// from a state seeded with it, or with `kc_*_playout_game`.
#[no_mangle]
pub extern "C" fn kc_playout_game_seed(seed: u64, index: u64) -> u64 {
    game_seed(seed, index)
}

/// The shortest and longest game length (both included) of bucket `bucket`
/// of `length_histogram`: lengths 0 to 7 have a bucket each, then every
/// range `[2^e, 2^(e+1))` is cut into 8 equal buckets. A bucket of
/// `KC_PLAYOUT_LENGTH_BUCKETS` or more gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `lo` and `hi` point to writable `uint32_t`s.
#[no_mangle]
pub unsafe extern "C" fn kc_playout_length_bucket_bounds(
    bucket: usize,
    lo: *mut u32,
    hi: *mut u32,
) -> kc_status {
    run("kc_playout_length_bucket_bounds", || {
        let lo = out_ptr(lo, "lo")?;
        let hi = out_ptr(hi, "hi")?;
        if bucket >= KC_PLAYOUT_LENGTH_BUCKETS {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("bucket {bucket} is not below KC_PLAYOUT_LENGTH_BUCKETS (240)"),
            ));
        }
        let (low, high) = LengthHistogram::bucket_bounds(bucket);
        // SAFETY: checked; writable per the caller.
        unsafe {
            write_out(lo, low);
            write_out(hi, high);
        }
        Ok(())
    })
}

/// What to run: a fixed number of games, or games until a ply target.
#[derive(Clone, Copy)]
pub(crate) enum Target {
    Games(u64),
    UntilPlies(u64),
}

/// The batch of games from `start` (a position of either game; a
/// Chaturaji position under its rules options).
pub(crate) fn playouts_from(
    start: impl Into<AnyGame>,
    seed: u64,
    max_plies: u32,
    threads: u32,
) -> Playouts {
    Playouts::new(start, seed)
        .with_max_plies(max_plies)
        .with_threads(threads as usize)
}

/// Plays game `index` of the batch from `start` (master seed `seed`, ply
/// limit `max_plies`) alone and writes its record to `out`: the body of
/// both games' `kc_<game>_playout_game`.
pub(crate) fn write_one_game(
    start: impl Into<AnyGame>,
    seed: u64,
    max_plies: u32,
    index: u64,
    out: *mut kc_playout_game,
) -> FfiResult {
    let out = out_ptr(out, "out")?;
    let record = playouts_from(start, seed, max_plies, 1).game(index);
    // SAFETY: checked; writable per the caller of the entry point.
    unsafe { write_out(out, kc_playout_game::from_rust(&record)) };
    Ok(())
}

/// Runs `target` of `playouts` and writes the statistics to `out`.
pub(crate) fn run_batch(
    playouts: &Playouts,
    target: Target,
    out: *mut kc_playout_stats,
) -> FfiResult {
    let out = out_ptr(out, "out")?;
    let stats = match target {
        Target::Games(n) => playouts.games(n),
        Target::UntilPlies(n) => {
            let stats = playouts.until_plies(n);
            // Short of the target only when no game can play a ply.
            if stats.plies < n {
                return Err(fail(
                    KC_ERR_INVALID_ARGUMENT,
                    "no game can play a ply: the start position is finished or the ply limit is 0",
                ));
            }
            stats
        }
    };
    // SAFETY: checked; writable per the caller.
    unsafe { write_out(out, kc_playout_stats::from_rust(&stats)) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaturaji::{self, Rules};
    use crate::ffi::chaturaji::{
        kc_chaturaji_playout_game, kc_chaturaji_playouts_until, kc_chaturaji_position,
    };
    use crate::ffi::handle::{free_handle, give_handle};
    use crate::ffi::kaissa::{
        kc_kaissa_playout_game, kc_kaissa_playouts, kc_kaissa_playouts_until, kc_kaissa_position,
    };
    use crate::kaissa;
    use core::ptr::null_mut;

    fn zero_stats() -> kc_playout_stats {
        kc_playout_stats {
            games: 0,
            plies: 0,
            unfinished: 0,
            draws: 0,
            wins: [0; 16],
            min_length: 0,
            max_length: 0,
            mean_length: 0.0,
            length_histogram: [0; KC_PLAYOUT_LENGTH_BUCKETS],
        }
    }

    #[test]
    fn c_playouts_are_the_rust_playouts() {
        let mut kaissa_start: *mut kc_kaissa_position = null_mut();
        let mut chaturaji_start: *mut kc_chaturaji_position = null_mut();
        // SAFETY: local out-pointers; handles freed below.
        unsafe {
            give_handle(kaissa::Position::start(), &mut kaissa_start).ok();
            give_handle(
                chaturaji::Position::start(Rules::default()),
                &mut chaturaji_start,
            )
            .ok();
        }
        let mut out = zero_stats();
        // SAFETY: live handles and a local output.
        unsafe {
            assert_eq!(
                kc_kaissa_playouts(kaissa_start, 5, 3_000, 2, 12, &mut out),
                KC_OK
            );
            let rust = Playouts::kaissa(5).with_max_plies(3_000).games(12);
            assert_eq!(out, kc_playout_stats::from_rust(&rust));
            assert_eq!(
                kc_chaturaji_playouts_until(chaturaji_start, 5, 3_000, 0, 9_000, &mut out),
                KC_OK
            );
            let rust = Playouts::chaturaji(Rules::default(), 5)
                .with_max_plies(3_000)
                .until_plies(9_000);
            assert_eq!(out, kc_playout_stats::from_rust(&rust));
            let mut game = kc_playout_game {
                index: 0,
                seed: 0,
                plies: 0,
                result: 9,
                winners: 9,
            };
            assert_eq!(
                kc_chaturaji_playout_game(chaturaji_start, 5, 3_000, 4, &mut game),
                KC_OK
            );
            let record = Playouts::chaturaji(Rules::default(), 5)
                .with_max_plies(3_000)
                .game(4);
            assert_eq!(game, kc_playout_game::from_rust(&record));
            assert_eq!(game.seed, kc_playout_game_seed(5, 4));
            assert_eq!(
                kc_kaissa_playout_game(kaissa_start, 5, 0, 1, &mut game),
                KC_OK
            );
            assert_eq!((game.plies, game.result), (0, KC_PLAYOUT_UNFINISHED));
            // Errors: NULLs, an unreachable target, a bucket out of range.
            assert_eq!(
                kc_kaissa_playouts(null_mut(), 1, 10, 1, 1, &mut out),
                KC_ERR_NULL_POINTER
            );
            assert_eq!(
                kc_kaissa_playouts(kaissa_start, 1, 10, 1, 1, null_mut()),
                KC_ERR_NULL_POINTER
            );
            assert_eq!(
                kc_kaissa_playouts_until(kaissa_start, 1, 0, 1, 1, &mut out),
                KC_ERR_INVALID_ARGUMENT
            );
            let (mut lo, mut hi) = (0u32, 0u32);
            assert_eq!(kc_playout_length_bucket_bounds(44, &mut lo, &mut hi), KC_OK);
            assert_eq!((lo, hi), (192, 207));
            assert_eq!(
                kc_playout_length_bucket_bounds(240, &mut lo, &mut hi),
                KC_ERR_INVALID_ARGUMENT
            );
            free_handle(kaissa_start);
            free_handle(chaturaji_start);
        }
    }
}
