//! Chaturaji's board pictures through the C ABI: SVG text of a position.

use core::ffi::c_char;

use crate::ffi::handle::handle_ref;
use crate::ffi::kc_status;
use crate::ffi::readable::chaturaji_move;
use crate::ffi::svg::svg_options;
use crate::ffi::{read_str, run, write_text};
use crate::svg;

use super::position::kc_chaturaji_position;

/// Writes `*pos` as an SVG picture into `buf`, with `last_move` (a move
/// text such as `h1f3`, or NULL for none) highlighted; squares of
/// `square_size` pixels (0: 48; any other size is clamped to 8..1000,
/// never refused, as for `kc_kaissa_svg`). Ask for the size with `cap` 0
/// first. A malformed `last_move` gives `KC_ERR_PARSE`.
///
/// # Safety
/// `pos` is a live position; `last_move` is NULL or a NUL-terminated
/// string; `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_svg(
    pos: *const kc_chaturaji_position,
    last_move: *const c_char,
    square_size: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_svg", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref::<kc_chaturaji_position>(pos, "pos")? };
        let last = if last_move.is_null() {
            None
        } else {
            // SAFETY: forwarded from the caller.
            Some(chaturaji_move(unsafe {
                read_str(last_move, "last_move")?
            })?)
        };
        let text = svg::chaturaji(pos, last, &svg_options(square_size));
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}
