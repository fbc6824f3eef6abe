//! The Kaissa names of version 0.1, kept for one release: each forwards to
//! the call that replaced it and is marked deprecated in the header
//! (`KC_DEPRECATED`), so that a C compiler warns where it is still used.

use core::ffi::c_char;

use crate::ffi::handle::handle_ref;
use crate::ffi::{answer, kc_status, run};

use super::position::{kc_kaissa_position, kc_kaissa_to_move};
use super::readable::{kc_kaissa_move_from_readable, kc_kaissa_move_to_readable};

/// Deprecated: use `kc_kaissa_to_move` (the same call under the word both
/// games use).
///
/// # Safety
/// As for `kc_kaissa_to_move`.
#[no_mangle]
#[deprecated(since = "0.2.0", note = "use kc_kaissa_to_move")]
pub unsafe extern "C" fn kc_kaissa_side_to_move(
    pos: *const kc_kaissa_position,
    out: *mut u8,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    unsafe { kc_kaissa_to_move(pos, out) }
}

/// Deprecated: use `kc_kaissa_ply32`, which writes the ply as a
/// `uint32_t`, as `kc_chaturaji_ply` does (the ply is 32-bit in the
/// library). This call writes it widened to a `uint64_t`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint64_t`.
#[no_mangle]
#[deprecated(since = "0.2.0", note = "use kc_kaissa_ply32 (uint32_t)")]
pub unsafe extern "C" fn kc_kaissa_ply(pos: *const kc_kaissa_position, out: *mut u64) -> kc_status {
    run("kc_kaissa_ply", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(u64::from(pos.ply()))) }
    })
}

/// Deprecated: use `kc_kaissa_move_to_readable` (the same call under the
/// word both games use).
///
/// # Safety
/// As for `kc_kaissa_move_to_readable`.
#[no_mangle]
#[deprecated(since = "0.2.0", note = "use kc_kaissa_move_to_readable")]
pub unsafe extern "C" fn kc_kaissa_move_to_san(
    pos: *const kc_kaissa_position,
    move_text: *const c_char,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    unsafe { kc_kaissa_move_to_readable(pos, move_text, buf, cap, out_len) }
}

/// Deprecated: use `kc_kaissa_move_from_readable` (the same call under
/// the word both games use).
///
/// # Safety
/// As for `kc_kaissa_move_from_readable`.
#[no_mangle]
#[deprecated(since = "0.2.0", note = "use kc_kaissa_move_from_readable")]
pub unsafe extern "C" fn kc_kaissa_move_from_san(
    pos: *const kc_kaissa_position,
    san: *const c_char,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    unsafe { kc_kaissa_move_from_readable(pos, san, buf, cap, out_len) }
}
