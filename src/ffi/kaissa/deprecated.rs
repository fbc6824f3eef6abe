//! The Kaissa names of version 0.2 that version 0.3 renamed to the word
//! Chaturaji's calls use, kept for one release: each forwards to the call
//! that replaced it and is marked deprecated in the header
//! (`KC_DEPRECATED`), so that a C compiler warns where it is still used.

use crate::ffi::kc_status;

use super::play::kc_kaissa_choose_move;
use super::position::{kc_kaissa_ply, kc_kaissa_position};
use super::types::kc_kaissa_move;

/// Deprecated: use `kc_kaissa_ply` (the same call under the word both
/// games use).
///
/// # Safety
/// As for `kc_kaissa_ply`.
#[no_mangle]
#[deprecated(since = "0.3.0", note = "use kc_kaissa_ply")]
pub unsafe extern "C" fn kc_kaissa_ply32(
    pos: *const kc_kaissa_position,
    out: *mut u32,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    unsafe { kc_kaissa_ply(pos, out) }
}

/// Deprecated: use `kc_kaissa_choose_move` (the same call under the word
/// both games use).
///
/// # Safety
/// As for `kc_kaissa_choose_move`.
#[no_mangle]
#[deprecated(since = "0.3.0", note = "use kc_kaissa_choose_move")]
pub unsafe extern "C" fn kc_kaissa_random_move(
    pos: *const kc_kaissa_position,
    rng_state: *mut u64,
    out: *mut kc_kaissa_move,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    unsafe { kc_kaissa_choose_move(pos, rng_state, out) }
}
