//! The C ABI of board pictures: SVG text of a position of either game.
#![allow(non_camel_case_types)]

use core::ffi::c_char;

use super::chaturaji::kc_chaturaji_position;
use super::handle::handle_ref;
use super::kaissa::kc_kaissa_position;
use super::kc_status;
use super::readable::{chaturaji_move, kaissa_move};
use super::{read_str, run, write_text};
use crate::svg::{self, SvgOptions};

/// The default side of a square in SVG pictures, in pixels.
pub const KC_SVG_DEFAULT_SQUARE_SIZE: u32 = 48;

/// The SVG options for a square size from C (0: the default).
pub(super) fn svg_options(square_size: u32) -> SvgOptions {
    let size = if square_size == 0 {
        KC_SVG_DEFAULT_SQUARE_SIZE
    } else {
        square_size
    };
    SvgOptions::default().with_square_size(size)
}

/// Writes `*pos` as an SVG picture into `buf`, with `last_move` (a move
/// text, or NULL for none) highlighted; squares of `square_size` pixels
/// (0: 48). Ask for the size with `cap` 0 first. A malformed `last_move`
/// gives `KC_ERR_PARSE`.
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

/// Writes `*pos` as an SVG picture into `buf`, with `last_move` (a move
/// text such as `h1f3`, or NULL for none) highlighted; squares of
/// `square_size` pixels (0: 48). Ask for the size with `cap` 0 first. A
/// malformed `last_move` gives `KC_ERR_PARSE`.
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
