//! The seeded random numbers a C caller keeps: SplitMix64 with its state in
//! caller memory (`kc_random_*`), the generator of the Rust `random` module.

use super::boundary::{fail, out_ptr, run};
use super::buffers::write_out;
use super::kc_status::{self, *};
use crate::random::{RandomSource, SplitMix64};

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
