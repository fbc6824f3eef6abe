//! The writers of the outputs: one value through a checked pointer, and the
//! `(buf, cap, out_len)` text and array buffers of the conventions in the
//! module docs of `ffi`.

use core::ffi::c_char;
use core::fmt::{Display, Write};
use core::ptr::NonNull;

use arrayvec::ArrayString;

use super::boundary::{check_ptr, fail, out_ptr, Failure, FfiResult};
use super::kc_status::*;

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

/// Formats `value` into a stack buffer of `CAP` bytes (no allocation) and
/// writes it to the caller's text buffer with [`write_text`]. `CAP` is the
/// header's capacity constant for the text, which always suffices: a text
/// that does not fit is an internal error (`KC_ERR_PANIC`, "`what` too
/// long").
///
/// # Safety
/// As for [`write_text`].
pub(crate) unsafe fn write_display<const CAP: usize>(
    value: impl Display,
    what: &'static str,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> FfiResult {
    let mut text = ArrayString::<CAP>::new();
    write!(text, "{value}").map_err(|_| fail(KC_ERR_PANIC, format!("{what} too long")))?;
    // SAFETY: forwarded from the caller.
    unsafe { write_text(&text, buf, cap, out_len) }
}

/// Checks the output pointer `out`, then computes `value` and writes it
/// there (the shape of the many small queries).
///
/// # Safety
/// `out` is NULL or valid for writing a `T`.
pub(crate) unsafe fn answer<T>(
    out: *mut T,
    value: impl FnOnce() -> Result<T, Failure>,
) -> FfiResult {
    let out = out_ptr(out, "out")?;
    let value = value()?;
    // SAFETY: checked; writable per the caller.
    unsafe { write_out(out, value) };
    Ok(())
}
