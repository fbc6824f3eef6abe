//! Chaturaji texts through the C ABI: the position text and diagram, move
//! texts and square names, both ways.

use core::ffi::c_char;

use crate::chaturaji::{Move, Square};
use crate::error::excerpt;
use crate::ffi::handle::handle_ref as position_ref;
use crate::ffi::kc_status::{self, *};
use crate::ffi::{fail, out_ptr, read_str, run, write_display, write_out};

use super::position::*;
use super::types::*;

// ---------------------------------------------------------------------------
// Position texts.

/// Formats `pos` as its position text into `buf`
/// (`KC_CHATURAJI_POSITION_TEXT_CAP` bytes always suffice). The rules
/// options are not part of the text.
///
/// Text buffer convention: on `KC_OK` the text and a NUL are written and
/// `*out_len` is the text length without the NUL. If `cap` is too small,
/// nothing is written to `buf`, `*out_len` is the capacity needed including
/// the NUL and the result is `KC_ERR_BUFFER_TOO_SMALL`; `buf` may be NULL
/// when `cap` is 0.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_to_text(
    pos: *const kc_chaturaji_position,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_position_to_text", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe {
            write_display::<KC_CHATURAJI_POSITION_TEXT_CAP>(pos, "position text", buf, cap, out_len)
        }
    })
}

/// Formats a printable board diagram of `pos` into `buf`: ranks 8 to 1,
/// each piece as its two-letter code (`gK`, `rP`), `.` for an empty square
/// and `*` for an empty marked square, a legend of the letters, then the
/// seat to move, the command of each colour, the counters and the outcome
/// word.
/// `KC_CHATURAJI_DIAGRAM_CAP` bytes always suffice. Same text buffer
/// convention as `kc_chaturaji_position_to_text`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_diagram(
    pos: *const kc_chaturaji_position,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_position_diagram", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe {
            write_display::<KC_CHATURAJI_DIAGRAM_CAP>(pos.diagram(), "diagram", buf, cap, out_len)
        }
    })
}

// ---------------------------------------------------------------------------
// Move and square texts.

/// Parses a move text (`h1f3`, `g7g8K` for a special promotion, `pass`;
/// the rules reference, §3.4) into `*out`. Malformed text gives `KC_ERR_PARSE` with
/// the byte offset and reason in the last error message. Parsing
/// does not check legality.
///
/// # Safety
/// `text` is a NUL-terminated string (only read); `out` points to a
/// writable `kc_chaturaji_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_move_from_text(
    text: *const c_char,
    out: *mut kc_chaturaji_move,
) -> kc_status {
    run("kc_chaturaji_move_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let out = out_ptr(out, "out")?;
        let mv = Move::parse(text).map_err(|err| {
            fail(
                KC_ERR_PARSE,
                format!("move text \"{}\": {err}", excerpt(text)),
            )
        })?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, kc_chaturaji_move::from_rust(mv)) };
        Ok(())
    })
}

/// Formats `mv` as move text into `buf` (`KC_CHATURAJI_MOVE_TEXT_CAP` bytes
/// always suffice). Same text buffer convention as
/// `kc_chaturaji_position_to_text`. A malformed `mv` gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_move_to_text(
    mv: kc_chaturaji_move,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_move_to_text", || {
        out_ptr(out_len, "out_len")?;
        let mv = mv.to_rust()?;
        // SAFETY: forwarded from the caller.
        unsafe { write_display::<KC_CHATURAJI_MOVE_TEXT_CAP>(mv, "move text", buf, cap, out_len) }
    })
}

/// Parses a square name (`a1`..`h8`) into its number (`0..64`) in `*out`.
/// Malformed text gives `KC_ERR_PARSE`.
///
/// # Safety
/// `text` is a NUL-terminated string (only read); `out` points to a
/// writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_square_from_text(
    text: *const c_char,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_square_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let out = out_ptr(out, "out")?;
        let square = Square::parse(text).ok_or_else(|| {
            fail(
                KC_ERR_PARSE,
                format!("square text \"{}\" is not a square a1..h8", excerpt(text)),
            )
        })?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, square.index() as u8) };
        Ok(())
    })
}

/// Formats square number `square` (`0..64`) as its name (`a1`..`h8`) into
/// `buf` (3 bytes always suffice). Same text buffer convention as
/// `kc_chaturaji_position_to_text`; a square of 64 or more gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_square_to_text(
    square: u8,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_square_to_text", || {
        out_ptr(out_len, "out_len")?;
        let square = square_in(square, "square")?;
        // SAFETY: forwarded from the caller.
        unsafe { write_display::<4>(square, "square text", buf, cap, out_len) }
    })
}
