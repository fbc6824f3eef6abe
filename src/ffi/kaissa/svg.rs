//! Kaissa's board pictures through the C ABI: SVG text of a position.

use core::ffi::c_char;

use crate::ffi::handle::handle_ref;
use crate::ffi::kc_status;
use crate::ffi::readable::kaissa_move;
use crate::ffi::svg::svg_options;
use crate::ffi::{read_str, run, write_text};
use crate::svg;

use super::position::kc_kaissa_position;

/// Writes `*pos` as an SVG picture into `buf`, with `last_move` (a move
/// text, or NULL for none) highlighted; squares of `square_size` pixels
/// (0: 48; any other size is clamped to 8..1000, never refused: 5 draws
/// 8-pixel squares, 5000 draws 1000-pixel ones). Ask for the size with
/// `cap` 0 first. A malformed `last_move` gives `KC_ERR_PARSE`.
///
/// # Safety
/// `pos` is a live position; `last_move` is NULL or a NUL-terminated
/// string; `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_svg(
    pos: *const kc_kaissa_position,
    last_move: *const c_char,
    square_size: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_svg", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref::<kc_kaissa_position>(pos, "pos")? };
        let last = if last_move.is_null() {
            None
        } else {
            // SAFETY: forwarded from the caller.
            Some(kaissa_move(unsafe { read_str(last_move, "last_move")? })?)
        };
        let text = svg::kaissa(pos, last, &svg_options(square_size));
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}
