//! Kaissa's readable moves through the C ABI: short algebraic notation
//! (`Tf4`, `dxe5`, `H@c1`) to and from move text.

use core::ffi::c_char;

use crate::ffi::handle::handle_ref;
use crate::ffi::kc_status::{self, *};
use crate::ffi::readable::{kaissa_move, readable_failure};
use crate::ffi::{fail, read_str, run, write_text};

use super::position::kc_kaissa_position;

/// Writes the Kaissa move `move_text` (`d1f4`, `H@c1`) in short algebraic
/// notation (`Tf4`, `H@c1`) into `buf` (`KC_READABLE_MOVE_CAP` bytes always
/// suffice). A malformed text gives `KC_ERR_PARSE`, a move not legal in
/// `*pos` `KC_ERR_ILLEGAL_MOVE`.
///
/// # Safety
/// `pos` is a live position; `move_text` is a NUL-terminated string; `buf`
/// is NULL (with `cap` 0) or points to `cap` writable bytes; `out_len`
/// points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_move_to_readable(
    pos: *const kc_kaissa_position,
    move_text: *const c_char,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_move_to_readable", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref::<kc_kaissa_position>(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        let mv = kaissa_move(unsafe { read_str(move_text, "move_text")? })?;
        let text = pos
            .readable(mv)
            .map_err(|err| fail(KC_ERR_ILLEGAL_MOVE, err.to_string()))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

/// Reads a Kaissa move in short algebraic notation (`Tf4`, `dxe5`, `e5`,
/// `H@c1`) in `*pos` and writes its move text (`d1f4`) into `buf`
/// (`KC_KAISSA_MOVE_TEXT_CAP` bytes always suffice). Malformed text gives
/// `KC_ERR_PARSE`; an ambiguous text, or one that names no legal move,
/// `KC_ERR_ILLEGAL_MOVE` (the last error message says why).
///
/// # Safety
/// `pos` is a live position; `text` is a NUL-terminated string; `buf` is
/// NULL (with `cap` 0) or points to `cap` writable bytes; `out_len` points
/// to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_move_from_readable(
    pos: *const kc_kaissa_position,
    text: *const c_char,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_move_from_readable", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref::<kc_kaissa_position>(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let mv = pos.parse_readable(text).map_err(readable_failure)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&mv.to_string(), buf, cap, out_len) }
    })
}
