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
//! Game-specific functions live in the submodules: [`kaissa`] (`kc_kaissa_*`)
//! and [`chaturaji`] (`kc_chaturaji_*`), with the Chaturaji Ludii ruleset's
//! own functions (scores, ranking, promotion decisions) in [`ludii`].
//!
//! The functions are `unsafe` for Rust callers: they trust the pointers they
//! are given to be valid for the documented access (the header says which).
#![allow(non_camel_case_types)]

use core::ffi::{c_char, c_int, CStr};
use core::fmt;
use core::mem::align_of;
use core::ptr::NonNull;
use std::borrow::Cow;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::random::{RandomSource, SplitMix64};

pub mod chaturaji;
mod handle;
pub mod kaissa;
pub mod ludii;
pub mod playouts;
pub mod record;
// Last, so that its items come last in the header.
#[cfg(feature = "agents")]
pub mod agents;

/// The result of every fallible `kc_` function. New codes are only ever
/// appended, so the numbers are stable.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum kc_status {
    /// Success.
    KC_OK = 0,
    /// A required pointer argument was NULL.
    KC_ERR_NULL_POINTER = 1,
    /// A number or enum value from the caller is out of range (a square of
    /// 200, a side of 7, an unknown move kind, a perft depth too large, an
    /// undo record that does not belong to the position, a misaligned pointer).
    KC_ERR_INVALID_ARGUMENT = 2,
    /// A text (position, move, square) is malformed or describes an
    /// impossible position; the last error message names the field, the
    /// character position and the reason.
    KC_ERR_PARSE = 3,
    /// The move is well formed but not legal in the position; nothing changed.
    KC_ERR_ILLEGAL_MOVE = 4,
    /// The output buffer is too small; `*out_len` holds the size needed.
    KC_ERR_BUFFER_TOO_SMALL = 5,
    /// A text argument is not valid UTF-8.
    KC_ERR_INVALID_UTF8 = 6,
    /// The game is over: there is no move to choose.
    KC_ERR_GAME_OVER = 7,
    /// The library hit an internal error (a Rust panic) and caught it. The
    /// objects passed to the call are unchanged or still safe to free.
    KC_ERR_PANIC = 8,
}

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

const _: () = assert!(KC_MAX_MOVES >= kaissa::KC_KAISSA_MAX_MOVES);
const _: () = assert!(KC_MAX_MOVES >= chaturaji::KC_CHATURAJI_MAX_MOVES);
const _: () = assert!(
    KC_MAX_MOVES == kaissa::KC_KAISSA_MAX_MOVES
        || KC_MAX_MOVES == chaturaji::KC_CHATURAJI_MAX_MOVES
);

/// A failed call: its status and what to put in the last error message.
pub(crate) struct Failure {
    status: kc_status,
    message: Cow<'static, str>,
}

/// A failure with `status` and `message`.
pub(crate) fn fail(status: kc_status, message: impl Into<Cow<'static, str>>) -> Failure {
    Failure {
        status,
        message: message.into(),
    }
}

/// What the body of an entry point returns.
pub(crate) type FfiResult = Result<(), Failure>;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(function: &str, message: &dyn fmt::Display) {
    let _ = LAST_ERROR.try_with(|cell| {
        if let Ok(mut text) = cell.try_borrow_mut() {
            use core::fmt::Write;
            text.clear();
            let _ = write!(text, "{function}: {message}");
        }
    });
}

/// Runs the body of the entry point `function` behind the panic boundary and
/// turns its result into a status, recording the message of a failure.
pub(crate) fn run(function: &'static str, body: impl FnOnce() -> FfiResult) -> kc_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => KC_OK,
        Ok(Err(failure)) => {
            set_last_error(function, &failure.message);
            failure.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .copied()
                .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
                .unwrap_or("unknown panic");
            set_last_error(function, &format_args!("internal error (panic): {what}"));
            KC_ERR_PANIC
        }
    }
}

/// Checks that `ptr` is non-null and aligned for `T`.
pub(crate) fn check_ptr<T>(ptr: *const T, what: &'static str) -> Result<NonNull<T>, Failure> {
    let Some(non_null) = NonNull::new(ptr as *mut T) else {
        return Err(fail(
            KC_ERR_NULL_POINTER,
            format!("argument '{what}' is NULL"),
        ));
    };
    if (ptr as usize) % align_of::<T>() != 0 {
        return Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("argument '{what}' is not aligned"),
        ));
    }
    Ok(non_null)
}

/// Reads a NUL-terminated UTF-8 string from C.
///
/// # Safety
/// `ptr` is NULL or points to a NUL-terminated string that stays valid and
/// unchanged for `'a`.
pub(crate) unsafe fn read_str<'a>(
    ptr: *const c_char,
    what: &'static str,
) -> Result<&'a str, Failure> {
    check_ptr(ptr, what)?;
    // SAFETY: non-null, and the caller guarantees a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(ptr) };
    text.to_str().map_err(|err| {
        fail(
            KC_ERR_INVALID_UTF8,
            format!(
                "argument '{what}' is not valid UTF-8 (byte {})",
                err.valid_up_to()
            ),
        )
    })
}

/// Checks an output pointer; writing comes later, with [`write_out`], once
/// the call is sure to succeed.
pub(crate) fn out_ptr<T>(ptr: *mut T, what: &'static str) -> Result<NonNull<T>, Failure> {
    check_ptr(ptr as *const T, what)
}

/// Writes `value` through a checked output pointer.
///
/// # Safety
/// `out` came from [`out_ptr`] on a pointer the caller documented as valid
/// for writing one `T`.
pub(crate) unsafe fn write_out<T>(out: NonNull<T>, value: T) {
    // SAFETY: non-null and aligned (checked); writable per the caller.
    unsafe { out.as_ptr().write(value) }
}

/// Writes `items`, each passed through `convert`, straight into the caller's
/// `(buf, cap, out_len)` array buffer (see the module docs), with room for
/// `extra` more elements required. `out_len` must already be checked.
///
/// # Safety
/// `buf` is NULL or valid for writing `cap` elements.
pub(crate) unsafe fn write_slice<S: Copy, T>(
    items: &[S],
    convert: impl Fn(S) -> T,
    buf: *mut T,
    cap: usize,
    out_len: NonNull<usize>,
    extra: usize,
    what: &'static str,
) -> FfiResult {
    let needed = items.len() + extra;
    if cap < needed {
        // SAFETY: checked by the caller.
        unsafe { write_out(out_len, needed) };
        return Err(fail(
            KC_ERR_BUFFER_TOO_SMALL,
            format!("buffer '{what}' holds {cap}, {needed} needed"),
        ));
    }
    if needed == 0 {
        // SAFETY: checked by the caller.
        unsafe { write_out(out_len, 0) };
        return Ok(());
    }
    let buf = check_ptr(buf as *const T, what)?.as_ptr();
    for (i, &item) in items.iter().enumerate() {
        // SAFETY: `buf` is valid for `cap >= items.len()` elements.
        unsafe { buf.add(i).write(convert(item)) };
    }
    // SAFETY: checked by the caller.
    unsafe { write_out(out_len, items.len()) };
    Ok(())
}

/// Writes `text` and a NUL into the caller's `(buf, cap, out_len)` text
/// buffer (see the module docs).
///
/// # Safety
/// `buf` is NULL or valid for writing `cap` bytes; `out_len` is NULL or valid
/// for writing a `size_t`.
pub(crate) unsafe fn write_text(
    text: &str,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> FfiResult {
    let out_len = out_ptr(out_len, "out_len")?;
    if buf.is_null() && cap > 0 {
        return Err(fail(
            KC_ERR_NULL_POINTER,
            "argument 'buf' is NULL but 'cap' is not 0",
        ));
    }
    debug_assert!(!text.as_bytes().contains(&0));
    // SAFETY: forwarded from the caller; `c_char` and `u8` have one layout.
    unsafe {
        write_slice(
            text.as_bytes(),
            |b| b,
            buf.cast::<u8>(),
            cap,
            out_len,
            1,
            "buf",
        )?
    };
    // SAFETY: `write_slice` succeeded, so `cap >= text.len() + 1`.
    unsafe { buf.add(text.len()).write(0) };
    Ok(())
}

/// Checks the array buffer arguments and writes `items`, each passed through
/// `convert`, into the buffer (see the module docs). Converting on the way
/// spares an intermediate list.
///
/// # Safety
/// `buf` is NULL or valid for writing `cap` elements; `out_len` is NULL or
/// valid for writing a `size_t`.
pub(crate) unsafe fn write_array_with<S: Copy, T>(
    items: &[S],
    convert: impl Fn(S) -> T,
    buf: *mut T,
    cap: usize,
    out_len: *mut usize,
) -> FfiResult {
    let out_len = out_ptr(out_len, "out_len")?;
    if buf.is_null() && cap > 0 {
        return Err(fail(
            KC_ERR_NULL_POINTER,
            "argument 'buf' is NULL but 'cap' is not 0",
        ));
    }
    // SAFETY: forwarded from the caller.
    unsafe { write_slice(items, convert, buf, cap, out_len, 0, "buf") }
}

/// [`write_array_with`] for items that go to C as they are.
///
/// # Safety
/// As for [`write_array_with`].
pub(crate) unsafe fn write_array<T: Copy>(
    items: &[T],
    buf: *mut T,
    cap: usize,
    out_len: *mut usize,
) -> FfiResult {
    // SAFETY: forwarded from the caller.
    unsafe { write_array_with(items, |item| item, buf, cap, out_len) }
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

/// The library version (`"0.1.0"`…), a static NUL-terminated string owned by
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
    let result = catch_unwind(AssertUnwindSafe(|| {
        LAST_ERROR
            .try_with(|cell| {
                let text = cell.try_borrow().map(|t| t.clone()).unwrap_or_default();
                // SAFETY: forwarded from the caller.
                unsafe { write_text(&text, buf, cap, out_len) }
            })
            .unwrap_or(Ok(()))
    }));
    match result {
        Ok(Ok(())) => KC_OK,
        Ok(Err(failure)) => failure.status,
        Err(_) => KC_ERR_PANIC,
    }
}

/// Advances the SplitMix64 generator whose state the caller keeps in
/// `*state` and writes the next 64 random bits to `*out`. Seed a generator by
/// storing any value in the state; equal seeds give equal sequences.
///
/// # Safety
/// `state` points to a `uint64_t` the caller owns (read and written);
/// `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_random_next(state: *mut u64, out: *mut u64) -> kc_status {
    run("kc_random_next", || {
        let state = out_ptr(state, "state")?;
        let out = out_ptr(out, "out")?;
        // SAFETY: checked non-null and aligned; the caller owns it.
        let mut rng = SplitMix64::new(unsafe { state.as_ptr().read() });
        let value = rng.next_u64();
        // SAFETY: as above.
        unsafe {
            write_out(state, rng.state);
            write_out(out, value);
        }
        Ok(())
    })
}

/// Draws a uniformly distributed integer in `0..bound` (no modulo bias) from
/// the SplitMix64 generator whose state is `*state`, writing it to `*out`.
/// `bound` 0 gives `KC_ERR_INVALID_ARGUMENT` (state untouched).
///
/// # Safety
/// `state` points to a `uint64_t` the caller owns (read and written);
/// `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_random_below(state: *mut u64, bound: u64, out: *mut u64) -> kc_status {
    run("kc_random_below", || {
        let state = out_ptr(state, "state")?;
        let out = out_ptr(out, "out")?;
        if bound == 0 {
            return Err(fail(KC_ERR_INVALID_ARGUMENT, "bound must be at least 1"));
        }
        // SAFETY: checked non-null and aligned; the caller owns it.
        let mut rng = SplitMix64::new(unsafe { state.as_ptr().read() });
        let value = rng.below(bound);
        // SAFETY: as above.
        unsafe {
            write_out(state, rng.state);
            write_out(out, value);
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
