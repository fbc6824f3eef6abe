//! Chaturaji's readable moves through the C ABI: the colour-piece-squares
//! form (`rH h2-f3`) to and from move text.

use core::ffi::c_char;

use crate::ffi::handle::handle_ref;
use crate::ffi::kc_status::{self, *};
use crate::ffi::readable::{chaturaji_move, readable_failure, roll_in};
use crate::ffi::{fail, read_str, run, write_text};

use super::position::kc_chaturaji_position;

/// Writes the Chaturaji move `move_text` (`h2f3`, `g7g8K`, `pass`) for
/// `roll` in readable notation (`rH h2-f3`) into `buf`
/// (`KC_READABLE_MOVE_CAP` bytes always suffice). A malformed text gives
/// `KC_ERR_PARSE`, a roll other than 2..5 `KC_ERR_INVALID_ARGUMENT`, a move
/// not legal for the roll `KC_ERR_ILLEGAL_MOVE`.
///
/// # Safety
/// `pos` is a live position; `move_text` is a NUL-terminated string;
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_move_to_readable(
    pos: *const kc_chaturaji_position,
    roll: u8,
    move_text: *const c_char,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_move_to_readable", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref::<kc_chaturaji_position>(pos, "pos")? };
        let roll = roll_in(roll)?;
        // SAFETY: forwarded from the caller.
        let mv = chaturaji_move(unsafe { read_str(move_text, "move_text")? })?;
        let text = pos
            .readable(roll, mv)
            .map_err(|err| fail(KC_ERR_ILLEGAL_MOVE, err.to_string()))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

/// Reads a Chaturaji move in readable notation (`rH h2-f3`, `h2f3`, `rHf3`,
/// `pass`) for `roll` in `*pos` and writes its move text (`h2f3`) into
/// `buf` (`KC_CHATURAJI_MOVE_TEXT_CAP` bytes always suffice). Malformed
/// text gives `KC_ERR_PARSE`; an ambiguous text, or one that names no
/// legal move, `KC_ERR_ILLEGAL_MOVE`; a finished game `KC_ERR_GAME_OVER`.
///
/// # Safety
/// `pos` is a live position; `text` is a NUL-terminated string; `buf` is
/// NULL (with `cap` 0) or points to `cap` writable bytes; `out_len` points
/// to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_move_from_readable(
    pos: *const kc_chaturaji_position,
    roll: u8,
    text: *const c_char,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_move_from_readable", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref::<kc_chaturaji_position>(pos, "pos")? };
        let roll = roll_in(roll)?;
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let mv = pos.parse_readable(roll, text).map_err(readable_failure)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&mv.to_string(), buf, cap, out_len) }
    })
}
