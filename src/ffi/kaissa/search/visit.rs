//! Visiting moves: `kc_kaissa_visit` plays each listed move of the current
//! depth in turn, calls the caller back in the new position, and takes the
//! move back when the callback returns. One call into the library per node
//! and one call out of it per move, where `kc_kaissa_push_index` +
//! `kc_kaissa_pop` make two calls in per move: the fastest loop for a C
//! search (a perft, or an alpha-beta whose callback returns non-zero on a
//! cut-off).
//!
//! # Why taking the move back needs no check
//!
//! A visit at push depth `d` makes the handle's stack `d + 1` long for the
//! whole visit (the visited moves sit in slot `d`, one after the other) and
//! raises the handle's `floor` to `d + 1` while its visitors run:
//! - `kc_kaissa_pop` and `kc_kaissa_pop_push_index` refuse to take back a
//!   move at or below the floor;
//! - every change that would forget the pushed moves (`kc_kaissa_play`,
//!   `kc_kaissa_undo`, `kc_kaissa_position_copy` into the handle) is refused;
//! - pushes above the floor, their pops, listings and nested visits (which
//!   raise the floor for their own visitors and put it back) are allowed.
//!
//! So while a visitor runs the stack never gets shorter than `d + 1`, and
//! every change to the position is a push that is popped again: when the
//! visitor returns with the stack `d + 1` long, the position is exactly the
//! one the visited move made, and the visit takes the move back from the
//! record it kept itself. If the visitor returns with moves of its own
//! still pushed, the visit writes the visited move's record into slot `d`
//! and stops with `KC_ERR_INVALID_ARGUMENT`: every pushed move, the visited
//! one included, can then be popped as usual.
//!
//! Nothing reads slot `d` while the floor is above it, so during the visit
//! it holds a placeholder rather than each move's record (writing the
//! record for every move took a tenth of the loop's time); the visit's own
//! copy is the one used.
//!
//! # What a visitor did, in one load
//!
//! Every call that changes the push stack or makes a listing (push, pop,
//! list, visit, and forgetting the pushed moves) sets the handle's
//! `touched` flag. The visit clears it before the first move and looks at
//! it after each visitor's call; only when it is set does the visit check
//! the stack's length and discard the listing of depth `d + 1` (which lists
//! the visited move's position, not the next one's), and clear it again. A
//! visitor that only counts or reads, as at the leaves of a perft, costs
//! the visit one load. (A visit sets the flag when it ends, so that an
//! enclosing visit sees it.)
//!
//! The listing the visit plays from is that of depth `d`, which a visitor
//! cannot reach: its moves stay valid and in place for the whole visit, so
//! the indices are checked once, before the first move, and the visit reads
//! the moves where they are.

use core::ffi::c_void;

use super::indexed::{index_out_of_range, no_listing};
use crate::ffi::boundary::optional_ptr;
use crate::ffi::kaissa::kc_kaissa_position;
use crate::ffi::kc_status::{self, *};
use crate::ffi::{check_ptr, fail, run, write_out, Failure};
use crate::kaissa::Undo;

/// The callback of [`kc_kaissa_visit`]: called once for each visited move,
/// with the move played in `pos`, and `index`, the move's index in the
/// listing the visit plays from (see `kc_kaissa_list`). `context` is the
/// visit's `context`, passed on untouched.
///
/// Return 0 to go on to the next move, anything else to stop the visit
/// (after this move is taken back); the visit reports that value.
///
/// During the call `pos` is one push deeper than when the visit started
/// (`kc_kaissa_pushed_count` says so), with the visited move on top. The
/// visitor may read `pos`, list it, push and pop moves above the visited
/// one and visit it again; it must leave every move it pushed popped. It
/// may not pop the visited move or change the position any other way:
/// those calls fail with `KC_ERR_INVALID_ARGUMENT` and change nothing. It
/// must return normally: no C++ exception and no `longjmp` may leave it,
/// and it must not free `pos`.
pub type kc_kaissa_visitor = Option<
    unsafe extern "C" fn(context: *mut c_void, pos: *mut kc_kaissa_position, index: usize) -> i32,
>;

/// Plays moves of the current depth's listing one by one, calls
/// `visitor(context, pos, index)` in each new position, and takes the move
/// back when the visitor returns. The moves are those at the `order_len`
/// indices of `order`, in that order, or, when `order` is NULL, every listed
/// move in listing order (`order_len` is then ignored). A search lists the
/// moves with `kc_kaissa_list`, may read them (`kc_kaissa_listed_moves`) to
/// order them, then visits; a perft visits with `order` NULL.
///
/// `*out_stop` (when `out_stop` is not NULL) receives the non-zero value the
/// visitor returned to stop the visit, or 0 when every move was visited.
///
/// Checks first, before anything is played: the current depth has a usable
/// listing and every index of `order` is below its count (as
/// `kc_kaissa_push_index`); otherwise the result is
/// `KC_ERR_INVALID_ARGUMENT` and nothing is played. The moves are not
/// checked again, and taking them back needs no check (see
/// `kc_kaissa_visitor` for what the visitor may do). If the visitor returns
/// with moves of its own still pushed, the visit stops with
/// `KC_ERR_INVALID_ARGUMENT` and leaves them, and the visited move under
/// them, pushed (`kc_kaissa_pop` takes each back).
///
/// Each index of `order` is read again when the visit reaches it, and
/// checked again: a visitor that changes `order` (through its context) may
/// change which moves come next, but an index that is no longer below the
/// listing's count stops the visit before that move with
/// `KC_ERR_INVALID_ARGUMENT` (the moves before it were visited; the
/// position and its listing are as before the visit; `*out_stop` is not
/// written).
///
/// After the visit the position and its listing are as before: the same
/// depth, its listing still usable.
///
/// Memory: the push stack grows the first time a depth is reached (as
/// `kc_kaissa_push`); `KC_ERR_PANIC` if it cannot, with nothing played.
///
/// Threads: `pos` must not be used by any other thread during the call;
/// the visitor runs on the calling thread.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call (but the
/// visitor, on the same thread); `order` is NULL or points to `order_len`
/// readable `size_t`s (which the visitor may change: see above); `visitor` keeps
/// the rules of `kc_kaissa_visitor`; `out_stop` is NULL or points to a
/// writable `int32_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_visit(
    pos: *mut kc_kaissa_position,
    order: *const usize,
    order_len: usize,
    visitor: kc_kaissa_visitor,
    context: *mut c_void,
    out_stop: *mut i32,
) -> kc_status {
    run("kc_kaissa_visit", || {
        check_ptr(pos, "pos")?;
        optional_ptr(order.cast_mut(), "order")?;
        let out_stop = optional_ptr(out_stop, "out_stop")?;
        let Some(visitor) = visitor else {
            return Err(fail(KC_ERR_NULL_POINTER, "argument 'visitor' is NULL"));
        };
        // SAFETY: forwarded from the caller.
        let (depth, listed, count) = unsafe { visit_checks(pos, order, order_len)? };
        if count == 0 {
            // Nothing to visit (no legal move, or an empty order): the
            // position is not touched at all.
            if let Some(out_stop) = out_stop {
                // SAFETY: non-null and aligned (checked); writable per the
                // caller.
                unsafe { write_out(out_stop, 0) };
            }
            return Ok(());
        }
        let stop = if order.is_null() {
            // SAFETY: forwarded from the caller; the listing of `depth` is
            // usable and holds `count` moves, and the stack has room for
            // one more (checked above).
            unsafe { visit_moves(pos, depth, (0..count).map(Ok), visitor, context)? }
        } else {
            // Each index is read when the visit reaches it and checked
            // again: a visitor may have changed `order` since (its context
            // may point to it), and no reference to it is held across a
            // visitor's call.
            let read = move |i: usize| {
                // SAFETY: `i < order_len`: within the caller's array.
                let index = unsafe { order.add(i).read() };
                if index < listed {
                    Ok(index)
                } else {
                    Err((i, index))
                }
            };
            // SAFETY: as above, with `listed` the listing's count.
            unsafe { visit_moves(pos, depth, (0..count).map(read), visitor, context)? }
        };
        if let Some(out_stop) = out_stop {
            // SAFETY: non-null and aligned (checked); writable per the caller.
            unsafe { write_out(out_stop, stop) };
        }
        Ok(())
    })
}

/// `kc_kaissa_visit`'s checks before anything is played: a usable listing
/// at the current depth, an order whose every index is below its count,
/// and room on the stack for the visited moves. The depth, the listing's
/// count and the number of moves to visit.
///
/// # Safety
/// As `kc_kaissa_visit`, with `pos` non-null and aligned.
unsafe fn visit_checks(
    pos: *mut kc_kaissa_position,
    order: *const usize,
    order_len: usize,
) -> Result<(usize, usize, usize), Failure> {
    // SAFETY: non-null and aligned (per the caller); live and unshared per
    // the caller. The borrow ends here, before any visitor runs.
    let handle = unsafe { &mut *pos };
    let depth = handle.pushed.len();
    let Some(listed) = handle.current_listing() else {
        return Err(no_listing(depth));
    };
    let listed = listed.len();
    let count = if order.is_null() {
        listed
    } else {
        if order_len > isize::MAX as usize / core::mem::size_of::<usize>() {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("order_len {order_len} is larger than any array"),
            ));
        }
        // SAFETY: `order_len` readable `size_t`s per the caller (a length
        // no array can exceed, checked above); no visitor runs while the
        // slice lives.
        let indices = unsafe { core::slice::from_raw_parts(order, order_len) };
        if let Some(&index) = indices.iter().find(|&&index| index >= listed) {
            return Err(index_out_of_range(index, listed));
        }
        order_len
    };
    if count > 0 && handle.pushed.len() == handle.pushed.capacity() {
        // Room for the visited moves' slot.
        handle.reserve_push()?;
    }
    Ok((depth, listed, count))
}

/// The visitor's signature, without the `Option` of NULL.
type Visitor = unsafe extern "C" fn(*mut c_void, *mut kc_kaissa_position, usize) -> i32;

/// The visit itself: raises the floor, plays the listed moves at `indices`
/// one by one around the visitor's calls, and puts everything back. The
/// visitor's stopping value, or 0. An index found out of range as it is
/// read (`Err((i, index))`: `order[i]`, changed by a visitor) stops the
/// visit before that move, with everything put back.
///
/// The hot loop of a C search by visits, and one function of more than
/// the usual length for that: its steps share the raised floor and the
/// listing's buffer, and splitting them costs calls per move. (Kept out of
/// line: its code then stays the same whatever changes around it, and so
/// does its speed.)
///
/// # Safety
/// As `kc_kaissa_visit`, with `pos` non-null and aligned, its stack `depth`
/// long with room for one more, the listing of `depth` usable, and every
/// `Ok` index below its count.
#[inline(never)]
unsafe fn visit_moves(
    pos: *mut kc_kaissa_position,
    depth: usize,
    indices: impl Iterator<Item = Result<usize, (usize, usize)>>,
    visitor: Visitor,
    context: *mut c_void,
) -> Result<i32, Failure> {
    // No Rust reference to the handle lives across a visitor's call, which
    // uses the handle too: each step borrows it afresh.
    let (listed, floor) = {
        // SAFETY: live; nothing else borrows it now.
        let handle = unsafe { &mut *pos };
        // The position changes; it is the same again after the visit, but
        // the cached record is dropped for simplicity.
        handle.last.live = false;
        // SAFETY: room for one more (per the caller); slot `depth` gets an
        // initialised value before the length covers it.
        unsafe {
            handle
                .pushed
                .as_mut_ptr()
                .add(depth)
                .write(Undo::placeholder());
            handle.pushed.set_len(depth + 1);
        }
        let floor = FloorRaised {
            pos,
            before: handle.floor,
        };
        handle.floor = depth + 1;
        // Depth `depth + 1` is entered anew (see `indexed.rs`); from here
        // on, only a visitor's listing makes its listing valid again, and
        // a visitor's listing sets `touched`.
        handle.entered(depth + 1);
        handle.touched = false;
        // The moves of `depth`: their buffer stays in place and unchanged
        // for the whole visit (only a listing of `depth` writes it, and no
        // visitor can reach `depth`; listings of other depths may move the
        // listings' headers, never this buffer).
        (handle.lists[depth].moves.as_ptr(), floor)
    };
    for index in indices {
        let index = match index {
            Ok(index) => index,
            Err((i, index)) => {
                // SAFETY: live; shortening the stack back to `depth`.
                unsafe { (*pos).pushed.set_len(depth) };
                drop(floor);
                return Err(order_changed(i, index));
            }
        };
        // SAFETY: `index` is below the listing's count (per the caller),
        // and the listing does not change during the visit.
        let mv = unsafe { listed.add(index).read() };
        let undo = {
            // SAFETY: live; nothing else borrows it now.
            let handle = unsafe { &mut *pos };
            // A listed move of this very position: legal.
            handle.pos.play_unchecked(mv)
        };
        // SAFETY: per the caller, a visitor that keeps the rules.
        let stop = unsafe { visitor(context, pos, index) };
        // SAFETY: live; the visitor has returned.
        let handle = unsafe { &mut *pos };
        if handle.touched {
            // The visitor listed, pushed, popped or visited: its pushes must
            // all be popped, and whatever it listed at `depth + 1` lists the
            // position of this move, not of the next.
            handle.after_touching_visitor(depth, undo)?;
        }
        // Every change the visitor made was a push it popped again: the
        // position is the one `undo` made.
        handle.pos.undo_unchecked(undo);
        if stop != 0 {
            // SAFETY: shortening the stack back to `depth`.
            unsafe { handle.pushed.set_len(depth) };
            drop(floor);
            return Ok(stop);
        }
    }
    // SAFETY: live; shortening the stack back to `depth`.
    unsafe { (*pos).pushed.set_len(depth) };
    drop(floor);
    Ok(0)
}

/// Puts a handle's floor back as it was before a visit when dropped, on
/// every way out of the visit. If the way out is a panic (an internal
/// error), it also forgets the pushed moves: nothing is known of them then.
struct FloorRaised {
    /// The visited position.
    pos: *mut kc_kaissa_position,
    /// Its floor before the visit.
    before: usize,
}

impl Drop for FloorRaised {
    fn drop(&mut self) {
        // SAFETY: the visited position, live for the whole visit; no
        // reference to it is held across this drop.
        let handle = unsafe { &mut *self.pos };
        handle.floor = self.before;
        // Seen from an enclosing visit, this visit pushed and popped.
        handle.touched = true;
        if std::thread::panicking() {
            handle.forget_pushed();
        }
    }
}

impl kc_kaissa_position {
    /// `Err` while a visit's visitor runs: the position may then change only
    /// by pushes and pops above the visited move.
    pub(in crate::ffi::kaissa) fn not_visited(&self) -> Result<(), Failure> {
        if self.floor == 0 {
            return Ok(());
        }
        Err(visited(self.floor))
    }

    /// `Err` when the top of the stack is a move being visited (or lies
    /// under one), which no pop may take back.
    pub(in crate::ffi::kaissa) fn not_visited_at_top(&self) -> Result<(), Failure> {
        if self.pushed.is_empty() || self.pushed.len() > self.floor {
            return Ok(());
        }
        Err(visited(self.floor))
    }

    /// After a visitor that listed, pushed, popped or visited (`touched`):
    /// clears `touched` and the listing of `depth + 1` (it lists the visited
    /// move's position), and checks the stack is `depth + 1` long again. If
    /// it is longer, the failure, with the visited move's record `undo` put
    /// into slot `depth` so that every pushed move can still be popped.
    #[cold]
    #[inline(never)]
    fn after_touching_visitor(&mut self, depth: usize, undo: Undo) -> Result<(), Failure> {
        self.touched = false;
        self.entered(depth + 1);
        let len = self.pushed.len();
        if len == depth + 1 {
            return Ok(());
        }
        if len <= depth {
            // Only a panic inside a nested visit forgets the stack.
            return Err(fail(
                KC_ERR_PANIC,
                "internal error: the push stack was forgotten during the visit",
            ));
        }
        self.pushed[depth] = undo;
        Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            format!(
                "the visitor returned with {} of its own moves still pushed: the visit stopped; the visited move is pushed under them",
                len - depth - 1
            ),
        ))
    }
}

/// The failure of a change refused during a visit.
#[cold]
#[inline(never)]
fn visited(floor: usize) -> Failure {
    fail(
        KC_ERR_INVALID_ARGUMENT,
        format!(
            "the position is being visited (kc_kaissa_visit, visited move at push depth {floor}): only moves pushed above it may be played and popped until the visitor returns"
        ),
    )
}

/// The failure of an index of `order` found out of range when the visit
/// reached it: a visitor changed it.
#[cold]
#[inline(never)]
fn order_changed(i: usize, index: usize) -> Failure {
    fail(
        KC_ERR_INVALID_ARGUMENT,
        format!(
            "order[{i}] became {index} during the visit (a visitor changed it), out of range of the listing: the visit stopped before that move"
        ),
    )
}
