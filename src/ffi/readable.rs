//! The C ABI of readable moves: Kaissa's short algebraic notation and
//! Chaturaji's colour-piece-squares form, to and from move text.
#![allow(non_camel_case_types)]

use core::ffi::c_char;

use super::chaturaji::kc_chaturaji_position;
use super::handle::handle_ref;
use super::kaissa::kc_kaissa_position;
use super::kc_status::{self, *};
use super::{fail, read_str, run, write_text, Failure};
use crate::chaturaji::{self, Roll};
use crate::kaissa;
use crate::readable::ReadableMoveError;

/// A text buffer of this many bytes always holds a readable move (`Bxh10#`,
/// `gP b7-b8=H`) and its NUL.
pub const KC_READABLE_MOVE_CAP: usize = 16;

/// The Kaissa move in `text`, or `KC_ERR_PARSE`.
pub(super) fn kaissa_move(text: &str) -> Result<kaissa::Move, Failure> {
    text.parse()
        .map_err(|err| fail(KC_ERR_PARSE, format!("move text: {err}")))
}

/// The Chaturaji move in `text`, or `KC_ERR_PARSE`.
pub(super) fn chaturaji_move(text: &str) -> Result<chaturaji::Move, Failure> {
    chaturaji::Move::parse(text).map_err(|err| fail(KC_ERR_PARSE, format!("move text: {err}")))
}

fn roll_in(face: u8) -> Result<Roll, Failure> {
    Roll::new(face).ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("roll {face} is not a face of the die (2, 3, 4 or 5)"),
        )
    })
}

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
pub unsafe extern "C" fn kc_kaissa_move_to_san(
    pos: *const kc_kaissa_position,
    move_text: *const c_char,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_move_to_san", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref::<kc_kaissa_position>(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        let mv = kaissa_move(unsafe { read_str(move_text, "move_text")? })?;
        let san = pos
            .readable(mv)
            .map_err(|err| fail(KC_ERR_ILLEGAL_MOVE, err.to_string()))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&san, buf, cap, out_len) }
    })
}

/// Reads a Kaissa move in short algebraic notation (`Tf4`, `dxe5`, `e5`,
/// `H@c1`) in `*pos` and writes its move text (`d1f4`) into `buf`
/// (`KC_KAISSA_MOVE_TEXT_CAP` bytes always suffice). Malformed text gives
/// `KC_ERR_PARSE`; an ambiguous text, or one that names no legal move,
/// `KC_ERR_ILLEGAL_MOVE` (the last error message says why).
///
/// # Safety
/// `pos` is a live position; `san` is a NUL-terminated string; `buf` is
/// NULL (with `cap` 0) or points to `cap` writable bytes; `out_len` points
/// to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_move_from_san(
    pos: *const kc_kaissa_position,
    san: *const c_char,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_move_from_san", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref::<kc_kaissa_position>(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(san, "san")? };
        let mv = pos.parse_readable(text).map_err(readable_failure)?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&mv.to_string(), buf, cap, out_len) }
    })
}

fn readable_failure(err: ReadableMoveError) -> Failure {
    let status = match err {
        ReadableMoveError::Malformed { .. } => KC_ERR_PARSE,
        ReadableMoveError::GameOver => KC_ERR_GAME_OVER,
        _ => KC_ERR_ILLEGAL_MOVE,
    };
    fail(status, err.to_string())
}

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
