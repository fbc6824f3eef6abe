//! Kaissa texts through the C ABI: the position text and diagram, move
//! texts and square names, both ways.

use core::ffi::c_char;

use crate::ffi::handle::handle_ref as position_ref;
use crate::ffi::kc_status::{self, *};
use crate::ffi::{fail, out_ptr, read_str, run, write_display, write_out};
use crate::kaissa::{Move, Square};

use super::position::*;
use super::types::*;

// ---------------------------------------------------------------------------
// Position texts.

/// Formats `pos` as its position text into `buf`
/// (`KC_KAISSA_POSITION_TEXT_CAP` bytes always suffice).
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
pub unsafe extern "C" fn kc_kaissa_position_to_text(
    pos: *const kc_kaissa_position,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_position_to_text", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe {
            write_display::<KC_KAISSA_POSITION_TEXT_CAP>(pos, "position text", buf, cap, out_len)
        }
    })
}

/// Formats a printable board diagram of `pos` into `buf` (several lines:
/// rank 10 at the top, upper case Yellow, lower case Red, `.` for empty,
/// a legend of the piece letters, then who is to move).
/// `KC_KAISSA_DIAGRAM_CAP` bytes always suffice. Never allocates. Same
/// text buffer convention as `kc_kaissa_position_to_text`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_position_diagram(
    pos: *const kc_kaissa_position,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_position_diagram", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe {
            write_display::<KC_KAISSA_DIAGRAM_CAP>(pos.diagram(), "diagram", buf, cap, out_len)
        }
    })
}

// ---------------------------------------------------------------------------
// Move and square texts.

/// Parses a move text (`e2e5`, `a10b9`, `H@c1`; the rules reference, §3.2) into
/// `*out`. Malformed text gives `KC_ERR_PARSE` with the byte offset
/// and reason in the last error message. Parsing does not check legality.
///
/// # Safety
/// `text` is a NUL-terminated string (only read); `out` points to a
/// writable `kc_kaissa_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_move_from_text(
    text: *const c_char,
    out: *mut kc_kaissa_move,
) -> kc_status {
    run("kc_kaissa_move_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let out = out_ptr(out, "out")?;
        let mv: Move = text
            .parse()
            .map_err(|err| fail(KC_ERR_PARSE, format!("move text: {err}")))?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, kc_kaissa_move::from_rust(mv)) };
        Ok(())
    })
}

/// Formats `mv` as move text into `buf` (`KC_KAISSA_MOVE_TEXT_CAP` bytes
/// always suffice). Same text buffer convention as
/// `kc_kaissa_position_to_text`. A malformed `mv` gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_move_to_text(
    mv: kc_kaissa_move,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_move_to_text", || {
        out_ptr(out_len, "out_len")?;
        let mv = mv.to_rust()?;
        // SAFETY: forwarded from the caller.
        unsafe { write_display::<KC_KAISSA_MOVE_TEXT_CAP>(mv, "move text", buf, cap, out_len) }
    })
}

/// Parses a square name (`a1`..`j10`) into its number (`0..100`) in `*out`.
/// Malformed text gives `KC_ERR_PARSE`.
///
/// # Safety
/// `text` is a NUL-terminated string (only read); `out` points to a
/// writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_square_from_text(
    text: *const c_char,
    out: *mut u8,
) -> kc_status {
    run("kc_kaissa_square_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let out = out_ptr(out, "out")?;
        let square: Square = text
            .parse()
            .map_err(|err| fail(KC_ERR_PARSE, format!("square text: {err}")))?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, square.index()) };
        Ok(())
    })
}

/// Formats square number `square` (`0..100`) as its name (`a1`..`j10`) into
/// `buf` (4 bytes always suffice). Same text buffer convention as
/// `kc_kaissa_position_to_text`; a square of 100 or more gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_square_to_text(
    square: u8,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_square_to_text", || {
        out_ptr(out_len, "out_len")?;
        let square = square_in(square, "square")?;
        // SAFETY: forwarded from the caller.
        unsafe { write_display::<4>(square, "square text", buf, cap, out_len) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kaissa::Position;

    #[test]
    fn the_longest_texts_fit_their_buffers() {
        // The longest last line of a diagram: Yellow to move with both
        // stones in hand (turn at most 10), or a nine-digit turn.
        for text in [
            "10/10/10/10/10/10/10/10/10/10 y 10 Hh",
            "h9/10/10/10/10/10/10/10/10/H9 y 999999999 -",
            "h9/10/10/10/10/10/10/10/10/H9 r 999999999 -",
        ] {
            let pos: Position = text.parse().expect("valid");
            assert!(pos.diagram().to_string().len() < KC_KAISSA_DIAGRAM_CAP);
            assert!(pos.to_string().len() < KC_KAISSA_POSITION_TEXT_CAP);
        }
        // The longest board: 100 letters and 9 slashes.
        let full = "PPPPPPPPPP/".repeat(9) + "pppppppppp";
        assert!(full.len() + " y 999999999 Hh".len() < KC_KAISSA_POSITION_TEXT_CAP);
        assert!(
            "H@j10".len() < KC_KAISSA_MOVE_TEXT_CAP && "a10j10".len() < KC_KAISSA_MOVE_TEXT_CAP
        );
    }
}
