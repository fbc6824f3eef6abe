//! Make and unmake without records: `kc_kaissa_push` plays a move and keeps
//! what takes it back on a stack inside the position, `kc_kaissa_pop` takes
//! back the move on top. Nothing crosses the boundary but the move, so
//! there is nothing to forge, seal or check on the way back: the fastest way
//! for a C search (list, then push and pop each move).

use crate::ffi::boundary::{fast_path, usable};
use crate::ffi::handle::{whole_mut, whole_ref};
use crate::ffi::kaissa::{illegal, kc_kaissa_move, kc_kaissa_position, MoveSets};
use crate::ffi::kc_status::{self, *};
use crate::ffi::{answer, fail, run, Failure};
use crate::kaissa::{Move, Position, Square};

impl MoveSets {
    /// `mv` as a Rust move, if it is one of the listed moves of `pos` (these
    /// sets describe `pos`, and `mv` is well formed and among them): legal,
    /// so it can be played unchecked. `None` says nothing about the move: the
    /// caller checks it the slow way.
    #[inline(always)]
    fn listed_move(&self, pos: &Position, mv: kc_kaissa_move) -> Option<Move> {
        let to = Square::new(mv.to)?;
        let rust_mv = match mv.kind {
            super::super::KC_KAISSA_MOVE_NORMAL => Move::Normal {
                from: Square::new(mv.from)?,
                to,
            },
            super::super::KC_KAISSA_MOVE_PLACE if mv.from == crate::ffi::KC_NO_SQUARE => {
                Move::Place { to }
            }
            _ => return None,
        };
        (self.legality(pos, rust_mv) == Some(true)).then_some(rust_mv)
    }
}

/// The common case of `kc_kaissa_push`, without messages: a move of the
/// last listing of this very position, with room on the stack. `false`
/// when anything else holds (nothing changed then).
///
/// # Safety
/// `pos` is NULL or a live position used by nobody else during the call.
#[inline(always)]
unsafe fn push_fast(pos: *mut kc_kaissa_position, mv: kc_kaissa_move) -> bool {
    if !usable(pos) {
        return false;
    }
    // SAFETY: non-null and aligned; live and unshared per the caller.
    let handle = unsafe { &mut *pos };
    let Some(mv) = handle.listed.sets.get_mut().listed_move(&handle.pos, mv) else {
        return false;
    };
    // The stack grows on the checked path.
    handle.push_within_capacity(mv)
}

/// Plays `mv` in `pos` if it is legal and keeps, inside `pos`, what takes
/// it back: `kc_kaissa_pop` takes back the last move pushed. An illegal move
/// gives `KC_ERR_ILLEGAL_MOVE` (the last error message says why) and a
/// malformed one `KC_ERR_INVALID_ARGUMENT`, with `pos` untouched.
///
/// A move of the last `kc_kaissa_legal_moves` listing of this very
/// position is checked in constant time (as in a search that lists the
/// moves, then pushes and pops each); any other move is checked directly.
///
/// The pushed moves are forgotten (and `kc_kaissa_pop` has nothing to take
/// back) as soon as the position changes any other way: `kc_kaissa_play`,
/// `kc_kaissa_undo`, or `kc_kaissa_position_copy` into it. A copy or clone
/// of a position has no pushed moves. Mixing is fine otherwise: a record
/// from `kc_kaissa_play` is simply stale after a push.
///
/// Memory: the stack lives in the position and grows as needed (it keeps
/// its size when moves are popped, so a search allocates only the first
/// time it reaches a new depth; freed with the position). If it cannot
/// grow, the result is `KC_ERR_PANIC` (out of memory) and `pos` is
/// untouched.
///
/// Threads: `pos` must not be used by any other thread during the call
/// (like `kc_kaissa_play`).
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_push(
    pos: *mut kc_kaissa_position,
    mv: kc_kaissa_move,
) -> kc_status {
    fast_path(
        "kc_kaissa_push",
        // SAFETY: forwarded from the caller.
        || unsafe { push_fast(pos, mv) }.then_some(()),
        // SAFETY: forwarded from the caller.
        || unsafe { push_checked(pos, mv) },
    )
}

/// `kc_kaissa_push` with every check and its message (a move not of the
/// last listing, a full stack, or a failure).
///
/// # Safety
/// As `kc_kaissa_push`.
#[cold]
#[inline(never)]
unsafe fn push_checked(pos: *mut kc_kaissa_position, mv: kc_kaissa_move) -> kc_status {
    run("kc_kaissa_push", || {
        // SAFETY: live and unshared per the caller.
        let handle = unsafe { whole_mut(pos, "pos")? };
        let rust_mv = mv.to_rust()?;
        if let Some(reason) = handle.pos.illegality(rust_mv) {
            return Err(illegal(rust_mv, reason));
        }
        handle.push_legal(rust_mv)
    })
}

impl kc_kaissa_position {
    /// Plays `mv`, legal in the position (the caller checked it), and
    /// pushes what takes it back, growing the stack first if it is full:
    /// the checked paths' push. Out of memory: `KC_ERR_PANIC` with nothing
    /// changed.
    #[cold]
    pub(in crate::ffi::kaissa) fn push_legal(&mut self, mv: Move) -> Result<(), Failure> {
        self.reserve_push()?;
        if !self.push_within_capacity(mv) {
            return Err(fail(
                KC_ERR_PANIC,
                "internal error: no room on the push stack",
            ));
        }
        Ok(())
    }

    /// Makes room for one more push, growing the stack if it is full. Out
    /// of memory: `KC_ERR_PANIC` with nothing changed.
    #[cold]
    pub(in crate::ffi::kaissa) fn reserve_push(&mut self) -> Result<(), Failure> {
        let depth = self.pushed.len();
        if depth == self.pushed.capacity() {
            self.pushed
                .try_reserve(depth.max(16))
                .map_err(|_| fail(KC_ERR_PANIC, "out of memory: the push stack cannot grow"))?;
        }
        Ok(())
    }

    /// Plays `mv`, legal in the position, and pushes what takes it back,
    /// if the stack has room (nothing allocates): every push's last step.
    /// `false`, with nothing changed, when the stack is full.
    #[inline(always)]
    pub(in crate::ffi::kaissa) fn push_within_capacity(&mut self, mv: Move) -> bool {
        let depth = self.pushed.len();
        if depth == self.pushed.capacity() {
            return false;
        }
        let undo = self.pos.play_unchecked(mv);
        // SAFETY: `depth` is the length and below the capacity (checked
        // above), so slot `depth` is allocated and the new length
        // initialised.
        unsafe {
            self.pushed.as_mut_ptr().add(depth).write(undo);
            self.pushed.set_len(depth + 1);
        }
        self.last.live = false;
        self.touched = true;
        self.entered(depth + 1);
        true
    }
}

/// Takes back the last move `kc_kaissa_push` or `kc_kaissa_push_index`
/// played in `pos` (the top of its stack); the `kc_kaissa_list` listing of
/// the depth it returns to, if there is one, is usable again. Constant
/// time; never allocates. With no pushed move to take
/// back (none was pushed, all were popped, or the position changed another
/// way since: see `kc_kaissa_push`), or when the top move is one a
/// `kc_kaissa_visit` is visiting, the result is `KC_ERR_INVALID_ARGUMENT`
/// and `pos` is untouched.
///
/// Threads: `pos` must not be used by any other thread during the call.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_pop(pos: *mut kc_kaissa_position) -> kc_status {
    let fast = || {
        if !usable(pos) {
            return false;
        }
        // SAFETY: non-null and aligned; live and unshared per the caller.
        let handle = unsafe { &mut *pos };
        // Not below a visited move (0 when there is none).
        if handle.pushed.len() <= handle.floor {
            return false;
        }
        let Some(undo) = handle.pushed.pop() else {
            return false;
        };
        // The top of the stack made this very position (every other change
        // empties the stack).
        debug_assert!(handle.pos.undo_matches(&undo));
        handle.pos.undo_unchecked(undo);
        handle.touched = true;
        true
    };
    fast_path("kc_kaissa_pop", || fast().then_some(()), || pop_failed(pos))
}

/// `kc_kaissa_pop`'s errors, with their messages (it changes nothing).
#[cold]
#[inline(never)]
fn pop_failed(pos: *mut kc_kaissa_position) -> kc_status {
    run("kc_kaissa_pop", || {
        // SAFETY: live per the caller.
        unsafe { whole_ref(pos, "pos")? }.not_visited_at_top()?;
        Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            "no pushed move to take back (none pushed, all popped, or the position changed since)",
        ))
    })
}

/// Writes to `*out` how many pushed moves `kc_kaissa_pop` can take back in
/// `pos` (0 after any change other than `kc_kaissa_push` and
/// `kc_kaissa_pop`).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_pushed_count(
    pos: *const kc_kaissa_position,
    out: *mut usize,
) -> kc_status {
    run("kc_kaissa_pushed_count", || {
        // SAFETY: live per the caller.
        let handle = unsafe { whole_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(handle.pushed.len())) }
    })
}
