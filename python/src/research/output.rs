//! A step's output: one bytearray, cut into each part's rows (see the
//! layout in [`super::vector`]), a new one or one recycled once nothing
//! else references it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

/// The output rows of some consecutive games.
pub struct Rows<'a> {
    /// The players to act.
    pub player: &'a mut [u8],
    /// The rewards.
    pub rewards: &'a mut [u8],
    /// The done flags.
    pub done: &'a mut [u8],
    /// The observations.
    pub obs: &'a mut [u8],
    /// The legal-action masks.
    pub mask: &'a mut [u8],
}

impl<'a> Rows<'a> {
    /// Cuts `buffer` (the whole layout for `n` games) into its parts.
    pub fn new(
        buffer: &'a mut [u8],
        n: usize,
        players: usize,
        obs: usize,
        actions: usize,
    ) -> Rows<'a> {
        let (player, rest) = buffer.split_at_mut(8 * n);
        let (rewards, rest) = rest.split_at_mut(4 * n * players);
        let (done, rest) = rest.split_at_mut(n);
        let (obs_part, mask) = rest.split_at_mut(n * obs);
        Rows {
            player,
            rewards,
            done,
            obs: obs_part,
            mask: &mut mask[..n * actions],
        }
    }

    /// The row of each of the `n` games these rows hold, in order.
    pub fn each(self, n: usize) -> impl Iterator<Item = Rows<'a>> {
        let width = |part: &[u8]| part.len() / n.max(1);
        let (pw, rw, dw, ow, mw) = (
            width(self.player),
            width(self.rewards),
            width(self.done),
            width(self.obs),
            width(self.mask),
        );
        self.player
            .chunks_exact_mut(pw)
            .zip(self.rewards.chunks_exact_mut(rw))
            .zip(self.done.chunks_exact_mut(dw))
            .zip(self.obs.chunks_exact_mut(ow))
            .zip(self.mask.chunks_exact_mut(mw))
            .map(|((((player, rewards), done), obs), mask)| Rows {
                player,
                rewards,
                done,
                obs,
                mask,
            })
    }

    /// The first `k` of `n` games' rows, and the rest.
    pub fn split(self, k: usize, n: usize) -> (Rows<'a>, Rows<'a>) {
        let at = |part: &'a mut [u8]| {
            let width = part.len() / n.max(1);
            part.split_at_mut(k * width)
        };
        let (p0, p1) = at(self.player);
        let (r0, r1) = at(self.rewards);
        let (d0, d1) = at(self.done);
        let (o0, o1) = at(self.obs);
        let (m0, m1) = at(self.mask);
        (
            Rows {
                player: p0,
                rewards: r0,
                done: d0,
                obs: o0,
                mask: m0,
            },
            Rows {
                player: p1,
                rewards: r1,
                done: d1,
                obs: o1,
                mask: m1,
            },
        )
    }
}

/// Whether `output` is referenced by `recycled` alone (no array, view or
/// name holds it), so that writing it again cannot be seen.
pub fn only_here(output: &Py<PyByteArray>) -> bool {
    // SAFETY: the pointer is a live object (`output` owns a reference),
    // and the interpreter is held (the caller has `py`).
    unsafe { pyo3::ffi::Py_REFCNT(output.as_ptr()) == 1 }
}

/// A new bytearray of `len` bytes, not initialised: the batch writes
/// every byte of its outputs, so zeroing them first would be a second pass
/// over memory that is larger than the caches.
pub fn uninitialised_bytearray(py: Python<'_>, len: usize) -> PyResult<Bound<'_, PyByteArray>> {
    let size = isize::try_from(len)
        .map_err(|_| PyValueError::new_err("the outputs do not fit in memory"))?;
    // SAFETY: a null pointer asks CPython for a bytearray of `size` bytes
    // without copying anything in; the result is a new reference or null
    // with an exception set.
    let any = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            pyo3::ffi::PyByteArray_FromStringAndSize(std::ptr::null(), size),
        )?
    };
    Ok(any.cast_into::<PyByteArray>()?)
}
