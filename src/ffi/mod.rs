//! The C ABI: `extern "C"` functions with the `kc_` prefix, described by the
//! generated header `include/kaissa_chaturaji.h`.
//!
//! Conventions (shared by both games; the rustls-ffi style):
//! - Every function that can fail returns a [`kc_status`]; [`KC_OK`]
//!   is 0. Outputs come last, a buffer before its capacity and length
//!   (`char *buf, size_t cap, size_t *out_len`), and are written only on
//!   success (the one exception: `*out_len` reports the size needed when the
//!   result is [`KC_ERR_BUFFER_TOO_SMALL`]).
//! - Every pointer is checked for null, every number coming from C (a square,
//!   a side, a kind, a depth) is range-checked, and every entry point catches
//!   panics and turns them into [`KC_ERR_PANIC`].
//! - After a failed call, [`kc_last_error_message`] tells what went wrong (on
//!   the calling thread).
//! - Text buffers: on success the text and a terminating NUL are written and
//!   `*out_len` is the text length without the NUL (like `strlen`). When `cap`
//!   is smaller than the text length plus one, nothing is written to `buf`,
//!   `*out_len` is the capacity needed *including* the NUL, and the status is
//!   `KC_ERR_BUFFER_TOO_SMALL`. `buf` may be NULL when `cap` is 0 (a size query).
//! - Array buffers (moves): the same, counted in elements; there is no
//!   terminator, so the needed count is the element count.
//!
//! One file per concept. Shared by every entry point: `boundary.rs` (the
//! status codes, the one panic boundary with its fast form for hot calls,
//! the pointer and string checks), `buffers.rs` (the output writers of the
//! conventions above), `handle.rs` (making, copying and freeing opaque
//! handles) and `seal.rs` (the one keyed digest of the undo records and
//! tokens a caller keeps); this file keeps the version, the status
//! messages, the last error message and the game selector
//! ([`KC_GAME_KAISSA`], [`KC_GAME_CHATURAJI`]). Then [`random`]
//! (`kc_random_*`), the games, [`kaissa`] (every `kc_kaissa_*`) and
//! [`chaturaji`] (every `kc_chaturaji_*`, the Ludii ruleset's scores,
//! ranking and promotion decisions included), each split into types,
//! position, play, text, readable moves, pictures and playouts; what the
//! games' calls share in [`readable`], [`svg`] and [`playouts`]; and the
//! features over both: game [`record`]s and the agents.
//!
//! The functions are `unsafe` for Rust callers: they trust the pointers they
//! are given to be valid for the documented access (the header says which).
#![allow(non_camel_case_types)]

use core::ffi::{c_char, c_int};
use core::fmt;
use std::cell::RefCell;

mod boundary;
mod buffers;
pub mod chaturaji;
mod handle;
pub mod kaissa;
pub mod playouts;
pub mod random;
pub mod readable;
pub mod record;
mod seal;
pub mod svg;
// Last, so that its items come last in the header.
#[cfg(feature = "agents")]
pub mod agents;

use boundary::catch;
pub use boundary::kc_status;
pub(crate) use boundary::{check_ptr, fail, out_ptr, read_str, run, Failure, FfiResult};
pub(crate) use buffers::{
    answer, write_array, write_array_with, write_display, write_out, write_text,
};
pub use random::{kc_random_below, kc_random_next};

use kc_status::*;

/// The largest number of legal moves of any position of either game (the
/// larger of `KC_KAISSA_MAX_MOVES`, 1098, and `KC_CHATURAJI_MAX_MOVES`, 438,
/// for one roll): a move buffer of this many elements is always large
/// enough for `kc_kaissa_legal_moves` and `kc_chaturaji_legal_moves`. A
/// compile-time constant.
pub const KC_MAX_MOVES: usize = 1098;

/// The value of a square field that names no square (the `from` of a Home
/// Stone placement).
pub const KC_NO_SQUARE: u8 = 255;

/// The game selector of records and agents (`kc_record_game`,
/// `kc_agent_new`): Merchant Kaissa.
pub const KC_GAME_KAISSA: u8 = 0;
/// The game selector of records and agents: Chaturaji (any rules option).
pub const KC_GAME_CHATURAJI: u8 = 1;

/// The failure for a game selector other than [`KC_GAME_KAISSA`] and
/// [`KC_GAME_CHATURAJI`].
#[cfg(feature = "agents")]
pub(crate) fn unknown_game(game: u8) -> Failure {
    fail(
        KC_ERR_INVALID_ARGUMENT,
        format!("game {game} is not 0 (KC_GAME_KAISSA) or 1 (KC_GAME_CHATURAJI)"),
    )
}

const _: () = assert!(KC_MAX_MOVES >= kaissa::KC_KAISSA_MAX_MOVES);
const _: () = assert!(KC_MAX_MOVES >= chaturaji::KC_CHATURAJI_MAX_MOVES);
const _: () = assert!(
    KC_MAX_MOVES == kaissa::KC_KAISSA_MAX_MOVES
        || KC_MAX_MOVES == chaturaji::KC_CHATURAJI_MAX_MOVES
);

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Records the message of a failed call of `function` for
/// [`kc_last_error_message`] (on the calling thread).
pub(crate) fn set_last_error(function: &str, message: &dyn fmt::Display) {
    let _ = LAST_ERROR.try_with(|cell| {
        if let Ok(mut text) = cell.try_borrow_mut() {
            use core::fmt::Write;
            text.clear();
            let _ = write!(text, "{function}: {message}");
        }
    });
}

/// A static, NUL-terminated description of a status code; an unknown code
/// gives `"unknown status"`. The string is owned by the library and lives
/// forever: do not free or modify it.
#[no_mangle]
pub extern "C" fn kc_status_message(code: c_int) -> *const c_char {
    let text: &'static [u8] = match code {
        0 => b"ok\0",
        1 => b"a required pointer argument was NULL\0",
        2 => b"an argument is out of range or does not belong to the object\0",
        3 => b"the text could not be parsed\0",
        4 => b"the move is not legal in this position\0",
        5 => b"the output buffer is too small\0",
        6 => b"a text argument is not valid UTF-8\0",
        7 => b"the game is over\0",
        8 => b"internal error (panic caught)\0",
        _ => b"unknown status\0",
    };
    text.as_ptr().cast()
}

/// The library version (`"0.3.0"`…), a static NUL-terminated string owned by
/// the library: do not free or modify it.
#[no_mangle]
pub extern "C" fn kc_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// Copies the message of the most recent failed `kc_` call on the calling
/// thread into `buf` (an empty string if no call has failed yet). Calls that
/// succeed leave the message alone; this function never changes it.
///
/// Text buffer convention: on `KC_OK` the message and a NUL are written and
/// `*out_len` is the message length without the NUL. If `cap` is too small,
/// nothing is written to `buf`, `*out_len` is the capacity needed including
/// the NUL, and the result is `KC_ERR_BUFFER_TOO_SMALL`; `buf` may be NULL
/// when `cap` is 0.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes owned by
/// the caller; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_last_error_message(
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    // Behind the boundary, but without `run`: this call never changes the
    // message, not even when it fails.
    let result = catch(|| {
        LAST_ERROR
            .try_with(|cell| {
                let text = cell.try_borrow().map(|t| t.clone()).unwrap_or_default();
                // SAFETY: forwarded from the caller.
                unsafe { write_text(&text, buf, cap, out_len) }
            })
            .unwrap_or(Ok(()))
    });
    match result {
        Ok(Ok(())) => KC_OK,
        Ok(Err(failure)) => failure.status(),
        Err(_) => KC_ERR_PANIC,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let status = run("kc_test", || panic!("broken invariant"));
        assert_eq!(status, KC_ERR_PANIC);
        let mut buf = [0 as c_char; 128];
        let mut len = 0;
        // SAFETY: a local buffer of the given capacity and a local length.
        let got = unsafe { kc_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
        assert_eq!(got, KC_OK);
        // SAFETY: NUL-terminated by kc_last_error_message.
        let text = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
        assert_eq!(text, "kc_test: internal error (panic): broken invariant");
        assert_eq!(len, text.len());
    }

    #[test]
    fn status_messages_cover_every_code() {
        for code in 0..=KC_ERR_PANIC as c_int {
            // SAFETY: static NUL-terminated strings.
            let text = unsafe { CStr::from_ptr(kc_status_message(code)) };
            assert_ne!(text.to_str().unwrap(), "unknown status", "code {code}");
        }
        // SAFETY: as above.
        let unknown = unsafe { CStr::from_ptr(kc_status_message(KC_ERR_PANIC as c_int + 1)) };
        assert_eq!(unknown.to_str().unwrap(), "unknown status");
        // SAFETY: as above.
        let version = unsafe { CStr::from_ptr(kc_version()) };
        assert_eq!(version.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    }
}
