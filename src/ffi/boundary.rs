//! The boundary every `kc_` entry point goes through: the status codes, the
//! failures that carry a status and a message, the panic catch, and the
//! checks of the pointers and strings that come from C.
#![allow(non_camel_case_types)]

use core::ffi::{c_char, CStr};
use core::mem::align_of;
use core::ptr::NonNull;
use std::any::Any;
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

impl Failure {
    /// The failure's status.
    pub(crate) fn status(&self) -> kc_status {
        self.status
    }

    /// Records the failure as the last error of `function`: its status.
    #[cold]
    #[inline(never)]
    fn record(self, function: &'static str) -> kc_status {
        set_last_error(function, &self.message);
        self.status
    }
}

/// What the body of an entry point returns.
pub(crate) type FfiResult = Result<(), Failure>;

/// A panic caught at the boundary, with its payload.
pub(crate) struct Caught(Box<dyn Any + Send>);

impl Caught {
    /// Records the panic as the last error of `function`: the status
    /// `KC_ERR_PANIC`.
    #[cold]
    #[inline(never)]
    fn record(self, function: &'static str) -> kc_status {
        let payload = &self.0;
        let what = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("unknown panic");
        set_last_error(function, &format_args!("internal error (panic): {what}"));
        KC_ERR_PANIC
    }
}

/// Runs `body` and catches a panic that would leave it: the library's one
/// `catch_unwind`, under [`run`] and [`fast_path`] (and the two calls that
/// must not touch the last error message). Inlined, it costs a call that
/// does not unwind nothing but the landing pad kept out of the way.
#[inline(always)]
pub(crate) fn catch<R>(body: impl FnOnce() -> R) -> Result<R, Caught> {
    catch_unwind(AssertUnwindSafe(body)).map_err(Caught)
}

/// Runs the body of the entry point `function` behind the panic boundary and
/// turns its result into a status, recording the message of a failure.
pub(crate) fn run(function: &'static str, body: impl FnOnce() -> FfiResult) -> kc_status {
    match catch(body) {
        Ok(Ok(())) => KC_OK,
        Ok(Err(failure)) => failure.record(function),
        Err(caught) => caught.record(function),
    }
}

/// The same boundary for the hot entry points (a search's pushes and pops,
/// a playout's rolls, choices and plays): `fast` does the common case with
/// the plain tests of [`usable`] and friends, no message and no
/// allocation, and succeeds (`Some`: `KC_OK`) or declines (`None`) anything
/// else, which `checked` (a cold function behind [`run`]) then handles with
/// every check and its message. A panic in `fast` is caught and reported
/// as in [`run`]. Inlined with its closures, it costs the common case
/// nothing over the bare code.
#[inline(always)]
pub(crate) fn fast_path(
    function: &'static str,
    fast: impl FnOnce() -> Option<()>,
    checked: impl FnOnce() -> kc_status,
) -> kc_status {
    match catch(fast) {
        Ok(Some(())) => KC_OK,
        Ok(None) => checked(),
        Err(caught) => caught.record(function),
    }
}

// ---------------------------------------------------------------------------
// Pointer checks: one test, two forms. The fast paths ask [`usable`] (and
// [`usable2`], [`usable3`], [`usable_or_null`]) and decline what fails; the
// checked paths ask [`check_ptr`] (and [`out_ptr`], [`optional_ptr`]),
// whose failure names the argument.

/// Whether `ptr` is non-null and aligned for a `T`.
#[inline(always)]
pub(crate) fn usable<T>(ptr: *const T) -> bool {
    !ptr.is_null() && ptr as usize % align_of::<T>() == 0
}

/// Whether `ptr` is NULL or aligned for a `T` (an optional output).
#[inline(always)]
pub(crate) fn usable_or_null<T>(ptr: *const T) -> bool {
    ptr as usize % align_of::<T>() == 0
}

/// Whether two pointers are both [`usable`], tested without a branch
/// between them.
#[inline(always)]
pub(crate) fn usable2<A, B>(a: *const A, b: *const B) -> bool {
    usable(a) & usable(b)
}

/// Whether three pointers are all [`usable`], tested without a branch
/// between them.
#[inline(always)]
pub(crate) fn usable3<A, B, C>(a: *const A, b: *const B, c: *const C) -> bool {
    usable(a) & usable(b) & usable(c)
}

/// Checks that `ptr` is non-null and aligned for `T`; the failure names the
/// argument `what` (built out of line: these checks sit on hot paths too).
#[inline(always)]
pub(crate) fn check_ptr<T>(ptr: *const T, what: &'static str) -> Result<NonNull<T>, Failure> {
    match NonNull::new(ptr.cast_mut()) {
        Some(non_null) if usable(ptr) => Ok(non_null),
        _ => Err(bad_pointer(ptr.is_null(), what)),
    }
}

/// Checks an output pointer; writing comes later, with
/// [`write_out`](super::buffers::write_out), once the call is sure to
/// succeed.
#[inline(always)]
pub(crate) fn out_ptr<T>(ptr: *mut T, what: &'static str) -> Result<NonNull<T>, Failure> {
    check_ptr(ptr.cast_const(), what)
}

/// Checks an output pointer that may be NULL (an output the caller does not
/// want): `None` for NULL, else as [`out_ptr`].
#[inline(always)]
pub(crate) fn optional_ptr<T>(
    ptr: *mut T,
    what: &'static str,
) -> Result<Option<NonNull<T>>, Failure> {
    if ptr.is_null() {
        return Ok(None);
    }
    out_ptr(ptr, what).map(Some)
}

/// The failure of a pointer check.
#[cold]
#[inline(never)]
fn bad_pointer(null: bool, what: &'static str) -> Failure {
    if null {
        fail(KC_ERR_NULL_POINTER, format!("argument '{what}' is NULL"))
    } else {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("argument '{what}' is not aligned"),
        )
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::kc_last_error_message;

    /// The last error message of this thread.
    fn last_error() -> String {
        let mut buf = [0 as c_char; 256];
        let mut len = 0;
        // SAFETY: a local buffer of the given capacity and a local length.
        let status = unsafe { kc_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
        assert_eq!(status, KC_OK);
        // SAFETY: NUL-terminated by kc_last_error_message.
        let text = unsafe { CStr::from_ptr(buf.as_ptr()) };
        text.to_str().expect("UTF-8").to_owned()
    }

    #[test]
    fn fast_paths_take_the_common_case_decline_the_rest_and_catch_panics() {
        let never = || -> kc_status { unreachable!("the fast path answered") };
        assert_eq!(fast_path("kc_fast", || Some(()), never), KC_OK);
        let declined = fast_path("kc_fast", || None, || KC_ERR_GAME_OVER);
        assert_eq!(declined, KC_ERR_GAME_OVER);
        let panicked = fast_path(
            "kc_fast",
            || -> Option<()> { panic!("broken fast path") },
            never,
        );
        assert_eq!(panicked, KC_ERR_PANIC);
        assert_eq!(
            last_error(),
            "kc_fast: internal error (panic): broken fast path"
        );
        // A panic caught without `run` leaves the message alone.
        assert!(catch(|| panic!("quiet")).is_err());
        assert_eq!(
            last_error(),
            "kc_fast: internal error (panic): broken fast path"
        );
    }

    #[test]
    fn pointer_checks_agree_in_both_forms() {
        let words = [0u64; 2];
        let aligned = words.as_ptr();
        let misaligned = aligned.cast::<u8>().wrapping_add(1).cast::<u64>();
        let null = core::ptr::null::<u64>();
        assert!(usable(aligned) && check_ptr(aligned, "p").is_ok());
        assert!(!usable(misaligned) && !usable(null));
        let status = |ptr| check_ptr(ptr, "p").err().map(|failure| failure.status());
        assert_eq!(status(misaligned), Some(KC_ERR_INVALID_ARGUMENT));
        assert_eq!(status(null), Some(KC_ERR_NULL_POINTER));
        assert!(usable_or_null(null) && !usable_or_null(misaligned));
        assert!(matches!(optional_ptr(null.cast_mut(), "p"), Ok(None)));
        assert!(optional_ptr(misaligned.cast_mut(), "p").is_err());
        assert!(usable2(aligned, aligned.cast::<u8>()) && !usable2(aligned, null));
        assert!(usable3(aligned, aligned, aligned) && !usable3(aligned, aligned, misaligned));
    }
}
