//! Chaturaji's playouts through the C ABI (`kc_chaturaji_playouts*`), over the
//! shared batch runner of `ffi/playouts.rs`.

use crate::ffi::handle::handle_ref;
use crate::ffi::kc_status;
use crate::ffi::playouts::{
    kc_playout_game, kc_playout_stats, playouts_from, run_batch, write_one_game, Target,
};
use crate::ffi::run;

use super::position::kc_chaturaji_position;

/// Plays Chaturaji games `0..games` from `start` under its rules options,
/// as `kc_kaissa_playouts` does for Kaissa.
///
/// # Safety
/// `start` is a live position (read only; not changed by other threads
/// during the call); `out` points to a writable `kc_playout_stats`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_playouts(
    start: *const kc_chaturaji_position,
    seed: u64,
    max_plies: u32,
    threads: u32,
    games: u64,
    out: *mut kc_playout_stats,
) -> kc_status {
    run("kc_chaturaji_playouts", || {
        // SAFETY: forwarded from the caller.
        let start = unsafe { handle_ref(start, "start")? }.clone();
        let playouts = playouts_from(start, seed, max_plies, threads);
        run_batch(&playouts, Target::Games(games), out)
    })
}

/// Chaturaji games until at least `min_plies` plies, as
/// `kc_kaissa_playouts_until` does for Kaissa.
///
/// # Safety
/// As for `kc_chaturaji_playouts`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_playouts_until(
    start: *const kc_chaturaji_position,
    seed: u64,
    max_plies: u32,
    threads: u32,
    min_plies: u64,
    out: *mut kc_playout_stats,
) -> kc_status {
    run("kc_chaturaji_playouts_until", || {
        // SAFETY: forwarded from the caller.
        let start = unsafe { handle_ref(start, "start")? }.clone();
        let playouts = playouts_from(start, seed, max_plies, threads);
        run_batch(&playouts, Target::UntilPlies(min_plies), out)
    })
}

/// Plays game `index` of the Chaturaji batch alone, as
/// `kc_kaissa_playout_game` does for Kaissa.
///
/// # Safety
/// `start` is a live position; `out` points to a writable
/// `kc_playout_game`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_playout_game(
    start: *const kc_chaturaji_position,
    seed: u64,
    max_plies: u32,
    index: u64,
    out: *mut kc_playout_game,
) -> kc_status {
    run("kc_chaturaji_playout_game", || {
        // SAFETY: forwarded from the caller.
        let start = unsafe { handle_ref(start, "start")? }.clone();
        write_one_game(start, seed, max_plies, index, out)
    })
}
