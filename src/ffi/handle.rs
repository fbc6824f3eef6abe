//! The opaque handles of the C ABI (positions, records, record readers,
//! agents): creation, access, cloning, copying and freeing, written once
//! for any handle type.
//!
//! Every handle is owned the same way: made on the heap by
//! [`give_handle`], handed to C as a pointer, reached again through
//! [`handle_ref`] / [`handle_mut`], released once by [`free_handle`].
//! Whether C may also clone it is a property of what it owns: a handle
//! whose value is `Clone` gets [`clone_handle`] and [`copy_handle`]; the
//! others (an agent, a record reader) are unique and have only the rest.

use super::boundary::catch;
use super::{check_ptr, out_ptr, write_out, Failure, FfiResult};

/// An opaque C handle owning one Rust value (a position, a record, a
/// reader, an agent).
pub(crate) trait Handle: Sized {
    /// What the handle owns: when it is `Clone`, so is the handle (through
    /// [`clone_handle`] and [`copy_handle`]).
    type Inner;
    /// Wraps a value.
    fn wrap(inner: Self::Inner) -> Self;
    /// The value.
    fn inner(&self) -> &Self::Inner;
    /// Whether the value may be replaced or changed now (a handle may be
    /// in a state that forbids it for a while): `Err` says why not.
    fn changeable(&self) -> Result<(), Failure> {
        Ok(())
    }
    /// The value, mutably (the caller checked [`Handle::changeable`]).
    fn inner_mut(&mut self) -> &mut Self::Inner;
    /// Called after the value was replaced by a copy of another
    /// ([`copy_handle`]), for handles that keep facts derived from it.
    fn replaced(&mut self) {}
}

/// The whole handle behind a pointer from C (for calls that use what a
/// handle keeps beside its value).
///
/// # Safety
/// `ptr` is NULL or a live handle from this library, not changed by anybody
/// else while the reference lives.
#[inline(always)]
pub(crate) unsafe fn whole_ref<'a, H>(ptr: *const H, what: &'static str) -> Result<&'a H, Failure> {
    let ptr = check_ptr(ptr, what)?;
    // SAFETY: non-null and aligned; a live handle per the caller.
    Ok(unsafe { &*ptr.as_ptr() })
}

/// The whole handle behind a mutable pointer from C.
///
/// # Safety
/// `ptr` is NULL or a live handle from this library, used by nobody else
/// while the reference lives.
#[inline(always)]
pub(crate) unsafe fn whole_mut<'a, H>(
    ptr: *mut H,
    what: &'static str,
) -> Result<&'a mut H, Failure> {
    let ptr = out_ptr(ptr, what)?;
    // SAFETY: non-null and aligned; a live, unshared handle per the caller.
    Ok(unsafe { &mut *ptr.as_ptr() })
}

/// The value behind a handle pointer from C.
///
/// # Safety
/// `ptr` is NULL or a live handle from this library.
pub(crate) unsafe fn handle_ref<'a, H: Handle + 'a>(
    ptr: *const H,
    what: &'static str,
) -> Result<&'a H::Inner, Failure> {
    let ptr = check_ptr(ptr, what)?;
    // SAFETY: non-null and aligned; a live handle per the caller.
    Ok(unsafe { (*ptr.as_ptr()).inner() })
}

/// The value behind a mutable handle pointer from C.
///
/// # Safety
/// `ptr` is NULL or a live handle from this library, used by nobody else
/// during the call.
pub(crate) unsafe fn handle_mut<'a, H: Handle + 'a>(
    ptr: *mut H,
    what: &'static str,
) -> Result<&'a mut H::Inner, Failure> {
    let ptr = out_ptr(ptr, what)?;
    // SAFETY: non-null and aligned; a live, unshared handle per the caller.
    let handle = unsafe { &mut *ptr.as_ptr() };
    handle.changeable()?;
    Ok(handle.inner_mut())
}

/// Hands a new handle owning `inner` to the caller through `out`.
///
/// # Safety
/// `out` is NULL or valid for writing a pointer.
pub(crate) unsafe fn give_handle<H: Handle>(inner: H::Inner, out: *mut *mut H) -> FfiResult {
    let out = out_ptr(out, "out")?;
    let raw = Box::into_raw(Box::new(H::wrap(inner)));
    // SAFETY: checked by `out_ptr`; writable per the caller.
    unsafe { write_out(out, raw) };
    Ok(())
}

/// Releases a handle; NULL is a no-op.
///
/// # Safety
/// `ptr` is NULL or a handle from [`give_handle`] not freed yet.
pub(crate) unsafe fn free_handle<H: Handle>(ptr: *mut H) {
    if !ptr.is_null() {
        // SAFETY: a pointer from Box::into_raw, freed once, per the caller.
        // A free has no status: a panic while dropping is caught and lost.
        let _ = catch(|| drop(unsafe { Box::from_raw(ptr) }));
    }
}

/// A new handle owning a copy of `ptr`'s value, through `out`.
///
/// # Safety
/// `ptr` is NULL or a live handle; `out` is NULL or valid for writing a
/// pointer.
pub(crate) unsafe fn clone_handle<H>(ptr: *const H, out: *mut *mut H) -> FfiResult
where
    H: Handle,
    H::Inner: Clone,
{
    // SAFETY: forwarded from the caller.
    let inner = unsafe { handle_ref(ptr, "pos")? }.clone();
    // SAFETY: forwarded from the caller.
    unsafe { give_handle(inner, out) }
}

/// Overwrites `dst`'s value with a copy of `src`'s, reusing `dst`'s memory;
/// `src == dst` changes nothing.
///
/// # Safety
/// `src` and `dst` are NULL or live handles; nothing else uses `dst` during
/// the call.
pub(crate) unsafe fn copy_handle<H>(src: *const H, dst: *mut H) -> FfiResult
where
    H: Handle,
    H::Inner: Clone,
{
    check_ptr(src, "src")?;
    out_ptr(dst, "dst")?;
    if core::ptr::eq(src, dst) {
        return Ok(());
    }
    // SAFETY: forwarded from the caller; distinct objects.
    let src = unsafe { handle_ref(src, "src")? };
    // SAFETY: non-null and aligned (checked above); a live handle that
    // nothing else uses during the call, per the caller.
    let dst = unsafe { &mut *dst };
    dst.changeable()?;
    dst.inner_mut().clone_from(src);
    dst.replaced();
    Ok(())
}
