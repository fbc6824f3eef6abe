//! Kaissa's playouts through the C ABI (`kc_kaissa_playouts*`), over the
//! shared batch runner of `ffi/playouts.rs`.

use crate::ffi::handle::handle_ref;
use crate::ffi::kc_status;
use crate::ffi::playouts::{
    kc_playout_game, kc_playout_stats, playouts_from, run_batch, write_one_game, Target,
};
use crate::ffi::run;

use super::position::kc_kaissa_position;

/// Plays Kaissa games `0..games` of the batch with master seed `seed` from
/// `start` (each stopped after `max_plies` plies and then counted as
/// unfinished) on `threads` threads (0: every core) and writes what they
/// add up to into `*out`. The same figures for any number of threads.
///
/// # Safety
/// `start` is a live position (read only; not changed by other threads
/// during the call); `out` points to a writable `kc_playout_stats`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_playouts(
    start: *const kc_kaissa_position,
    seed: u64,
    max_plies: u32,
    threads: u32,
    games: u64,
    out: *mut kc_playout_stats,
) -> kc_status {
    run("kc_kaissa_playouts", || {
        // SAFETY: forwarded from the caller.
        let start = unsafe { handle_ref(start, "start")? }.clone();
        let playouts = playouts_from(start, seed, max_plies, threads);
        run_batch(&playouts, Target::Games(games), out)
    })
}

/// Like `kc_kaissa_playouts`, but plays games 0, 1, 2, … until at least
/// `min_plies` plies were played (the shortest such run of games). A
/// positive target that no game can reach (a finished `start`, or
/// `max_plies` 0) gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// As for `kc_kaissa_playouts`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_playouts_until(
    start: *const kc_kaissa_position,
    seed: u64,
    max_plies: u32,
    threads: u32,
    min_plies: u64,
    out: *mut kc_playout_stats,
) -> kc_status {
    run("kc_kaissa_playouts_until", || {
        // SAFETY: forwarded from the caller.
        let start = unsafe { handle_ref(start, "start")? }.clone();
        let playouts = playouts_from(start, seed, max_plies, threads);
        run_batch(&playouts, Target::UntilPlies(min_plies), out)
    })
}

/// Plays game `index` of the Kaissa batch (master seed `seed`, ply limit
/// `max_plies`, from `start`) alone and writes its record to `*out`.
///
/// # Safety
/// `start` is a live position; `out` points to a writable
/// `kc_playout_game`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_playout_game(
    start: *const kc_kaissa_position,
    seed: u64,
    max_plies: u32,
    index: u64,
    out: *mut kc_playout_game,
) -> kc_status {
    run("kc_kaissa_playout_game", || {
        // SAFETY: forwarded from the caller.
        let start = unsafe { handle_ref(start, "start")? }.clone();
        write_one_game(start, seed, max_plies, index, out)
    })
}
