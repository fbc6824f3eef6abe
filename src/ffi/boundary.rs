//! The boundary every `kc_` entry point goes through: the status codes, the
//! failures that carry a status and a message, the panic catch, and the
//! checks of the pointers and strings that come from C.
#![allow(non_camel_case_types)]

use core::ffi::{c_char, CStr};
use core::mem::align_of;
use core::ptr::NonNull;
use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::set_last_error;

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

/// A failed call: its status and what to put in the last error message.
pub(crate) struct Failure {
    pub(super) status: kc_status,
    pub(super) message: Cow<'static, str>,
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

/// Checks an output pointer; writing comes later, with
/// [`write_out`](super::buffers::write_out), once
/// the call is sure to succeed.
pub(crate) fn out_ptr<T>(ptr: *mut T, what: &'static str) -> Result<NonNull<T>, Failure> {
    check_ptr(ptr as *const T, what)
}
