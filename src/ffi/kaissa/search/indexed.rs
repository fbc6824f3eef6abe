//! Moves by index: `kc_kaissa_list` lists the legal moves of the position
//! into the position handle itself, one listing per push depth, and
//! `kc_kaissa_push_index` plays the listed move at an index (and pushes what
//! takes it back on the same stack as `kc_kaissa_push`, so `kc_kaissa_pop`
//! takes either back). No move crosses the boundary and none is converted or
//! checked for legality on the way in: the index is checked against the
//! listing of this very position, in constant time. The fastest loop for a C
//! search: list once per node, then push each index and pop.
//!
//! # The validity rule
//!
//! The handle keeps one listing per depth `d` (the number of pushed moves
//! when it was listed) with a flag saying whether it describes the position
//! at depth `d`. The flag of depth `d` is set by `kc_kaissa_list` at depth
//! `d` and cleared whenever depth `d` is entered any other way:
//! - a push (`kc_kaissa_push` or `kc_kaissa_push_index`) from depth `d - 1`
//!   clears the flag of depth `d`;
//! - every change that forgets the pushed moves (`kc_kaissa_play`,
//!   `kc_kaissa_undo`, `kc_kaissa_position_copy` into the handle) enters
//!   depth 0 and clears the flag of depth 0;
//! - `kc_kaissa_pop` from depth `d + 1` returns to depth `d` and clears
//!   nothing: the pushed moves below `d` are the same as when depth `d` was
//!   listed, and popping restores the very position depth `d` had, so its
//!   listing describes it again.
//!
//! The position at depth `d` changes only through one of those entries
//! (while the handle is at depth `d` or deeper, every change is a push that
//! is popped again before the handle is back at `d`), so a set flag always
//! means the listing is the legal moves of the current position of its
//! depth, and `kc_kaissa_push_index` plays only such moves. The flags of
//! depths deeper than the current one may be stale, but they are cleared
//! before those depths can be reached again.

use crate::ffi::boundary::{fast_path, usable};
use crate::ffi::handle::{whole_mut, whole_ref};
use crate::ffi::kaissa::{kc_kaissa_move, kc_kaissa_position};
use crate::ffi::kc_status::{self, *};
use crate::ffi::{fail, out_ptr, run, write_array_with, write_out};
use crate::kaissa::{Move, Position, MAX_MOVES};

/// The legal moves of the position at one push depth, kept in the handle
/// (see the module's validity rule).
#[derive(Clone)]
pub(in crate::ffi::kaissa) struct Listing {
    /// Whether `moves` are the legal moves of the current position of this
    /// depth.
    valid: bool,
    /// The moves, in generation order. Empty, with no memory, until the
    /// depth is first listed (so pushing deep without listing costs no
    /// listing memory); from then on its capacity is at least `MAX_MOVES`,
    /// so listing again never allocates.
    pub(in crate::ffi::kaissa) moves: Vec<Move>,
}

impl Listing {
    /// A depth not listed yet.
    fn empty() -> Self {
        Listing {
            valid: false,
            moves: Vec::new(),
        }
    }

    /// Lists the legal moves of `pos`, when the room for them is reserved.
    /// `false` (and nothing changed) when it is not.
    #[inline(always)]
    fn fill(&mut self, pos: &Position) -> bool {
        if self.moves.capacity() < MAX_MOVES {
            return false;
        }
        self.moves.clear();
        // At most `MAX_MOVES` moves: the pushes never reallocate.
        pos.for_each_move(|mv| self.moves.push(mv));
        self.valid = true;
        true
    }
}

impl kc_kaissa_position {
    /// Depth `depth` is entered by a push: its listing no longer describes
    /// it.
    #[inline(always)]
    pub(in crate::ffi::kaissa) fn entered(&mut self, depth: usize) {
        if let Some(listing) = self.lists.get_mut(depth) {
            listing.valid = false;
        }
    }

    /// Forgets the pushed moves, for any change of the position other than
    /// a push or a pop: depth 0 is entered anew (see the module's validity
    /// rule).
    #[inline(always)]
    pub(in crate::ffi::kaissa) fn forget_pushed(&mut self) {
        self.pushed.clear();
        self.touched = true;
        self.entered(0);
    }

    /// The valid listing of the current depth, if any.
    #[inline(always)]
    pub(in crate::ffi::kaissa) fn current_listing(&self) -> Option<&[Move]> {
        match self.lists.get(self.pushed.len()) {
            Some(listing) if listing.valid => Some(&listing.moves[..]),
            _ => None,
        }
    }
}

/// The common case of `kc_kaissa_list`, without messages: usable pointers
/// and a listing already allocated for this depth. `false` when anything
/// else holds (nothing changed then).
///
/// # Safety
/// `pos` is NULL or a live position used by nobody else during the call;
/// `out_count` is NULL or writable.
#[inline(always)]
unsafe fn list_fast(pos: *mut kc_kaissa_position, out_count: *mut usize) -> bool {
    if !usable(pos) || !usable(out_count) {
        return false;
    }
    // SAFETY: non-null and aligned; live and unshared per the caller.
    let handle = unsafe { &mut *pos };
    let Some(listing) = handle.lists.get_mut(handle.pushed.len()) else {
        return false;
    };
    if !listing.fill(&handle.pos) {
        return false;
    }
    let count = listing.moves.len();
    handle.touched = true;
    // SAFETY: non-null and aligned; writable per the caller.
    unsafe { out_count.write(count) };
    true
}

/// Lists the legal moves of `pos` inside `pos` itself, for the current
/// push depth (the number of moves `kc_kaissa_pushed_count` reports), and
/// writes their number to `*out_count` (0 when the game is over). Nothing is
/// written anywhere else: `kc_kaissa_push_index` plays a listed move by its
/// index, `kc_kaissa_listed_move` and `kc_kaissa_listed_moves` read them.
/// The moves are in the library's generation order, the order of
/// `kc_kaissa_legal_moves`.
///
/// Lifetime of a listing: it stays usable while the position of its depth is
/// unchanged: deeper pushes and their pops keep it (popping back to its
/// depth makes it usable again, so a search lists once per node), while any
/// other way of entering its depth — a push from the depth below, or, for
/// depth 0, `kc_kaissa_play`, `kc_kaissa_undo` or `kc_kaissa_position_copy`
/// into `pos` — discards it. Listing again replaces it.
///
/// Memory: each depth's listing lives in `pos` and is allocated the first
/// time that depth is listed (then reused; freed with the position). If it
/// cannot be allocated the result is `KC_ERR_PANIC` (out of memory) and
/// nothing changed.
///
/// Threads: not thread-safe on one position: `pos` must not be used by any
/// other thread during the call (like `kc_kaissa_push`).
///
/// # Safety
/// `pos` is a live position used by nobody else during the call;
/// `out_count` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_list(
    pos: *mut kc_kaissa_position,
    out_count: *mut usize,
) -> kc_status {
    fast_path(
        "kc_kaissa_list",
        // SAFETY: forwarded from the caller.
        || unsafe { list_fast(pos, out_count) }.then_some(()),
        // SAFETY: forwarded from the caller.
        || unsafe { list_checked(pos, out_count) },
    )
}

/// `kc_kaissa_list` with every check and its message (bad pointers, or a
/// depth listed for the first time).
///
/// # Safety
/// As `kc_kaissa_list`.
#[cold]
#[inline(never)]
unsafe fn list_checked(pos: *mut kc_kaissa_position, out_count: *mut usize) -> kc_status {
    run("kc_kaissa_list", || {
        // SAFETY: live and unshared per the caller.
        let handle = unsafe { whole_mut(pos, "pos")? };
        let out = out_ptr(out_count, "out_count")?;
        let depth = handle.pushed.len();
        let out_of_memory = |_| fail(KC_ERR_PANIC, "out of memory: no room for the listing");
        if handle.lists.len() <= depth {
            handle
                .lists
                .try_reserve(depth + 1 - handle.lists.len())
                .map_err(out_of_memory)?;
            handle.lists.resize_with(depth + 1, Listing::empty);
        }
        let listing = &mut handle.lists[depth];
        if listing.moves.capacity() < MAX_MOVES {
            // Not listed since the depth was entered (a listed depth has
            // the room), so its moves are nobody's.
            listing.moves.clear();
            listing
                .moves
                .try_reserve_exact(MAX_MOVES)
                .map_err(out_of_memory)?;
        }
        if !listing.fill(&handle.pos) {
            return Err(fail(
                KC_ERR_PANIC,
                "internal error: no room for the listing",
            ));
        }
        let count = listing.moves.len();
        handle.touched = true;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, count) };
        Ok(())
    })
}

/// The common case of `kc_kaissa_push_index`, without messages: a usable
/// position whose current depth has a valid listing with a move at
/// `index`, and room on the stack. `false` when anything else holds
/// (nothing changed then).
///
/// # Safety
/// `pos` is NULL or a live position used by nobody else during the call.
#[inline(always)]
unsafe fn push_index_fast(pos: *mut kc_kaissa_position, index: usize) -> bool {
    if !usable(pos) {
        return false;
    }
    // SAFETY: non-null and aligned; live and unshared per the caller.
    let handle = unsafe { &mut *pos };
    let Some(&mv) = handle.current_listing().and_then(|moves| moves.get(index)) else {
        return false;
    };
    // A listed move of this very position: legal. The stack grows on the
    // checked path.
    handle.push_within_capacity(mv)
}

/// Plays the move at `index` of the current depth's listing (see
/// `kc_kaissa_list`) and keeps what takes it back on the stack of
/// `kc_kaissa_push`: `kc_kaissa_pop` takes it back, and the listing of the
/// depth it returns to is usable again. The new depth has no usable listing
/// until `kc_kaissa_list` is called there.
///
/// Checks, in constant time, before anything changes: the current depth
/// must have a usable listing (none was made, or it was discarded: see
/// `kc_kaissa_list`) and `index` must be below its count; otherwise the
/// result is `KC_ERR_INVALID_ARGUMENT` and `pos` is untouched. A move from
/// such a listing is legal, so it is not checked again.
///
/// Memory: as `kc_kaissa_push` (the stack grows the first time a depth is
/// reached; `KC_ERR_PANIC` with `pos` untouched if it cannot).
///
/// Threads: `pos` must not be used by any other thread during the call.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_push_index(
    pos: *mut kc_kaissa_position,
    index: usize,
) -> kc_status {
    fast_path(
        "kc_kaissa_push_index",
        // SAFETY: forwarded from the caller.
        || unsafe { push_index_fast(pos, index) }.then_some(()),
        // SAFETY: forwarded from the caller.
        || unsafe { push_index_checked(pos, index) },
    )
}

/// `kc_kaissa_push_index` with every check and its message (no usable
/// listing, an index out of range, a full stack).
///
/// # Safety
/// As `kc_kaissa_push_index`.
#[cold]
#[inline(never)]
unsafe fn push_index_checked(pos: *mut kc_kaissa_position, index: usize) -> kc_status {
    run("kc_kaissa_push_index", || {
        // SAFETY: live and unshared per the caller.
        let handle = unsafe { whole_mut(pos, "pos")? };
        let mv = listed(handle, index)?;
        handle.push_legal(mv)
    })
}

/// The common case of `kc_kaissa_pop_push_index`, without messages: a
/// usable position with a pushed move whose depth below has a valid listing
/// with a move at `index`. `false` when anything else holds (nothing
/// changed then).
///
/// # Safety
/// `pos` is NULL or a live position used by nobody else during the call.
#[inline(always)]
unsafe fn pop_push_index_fast(pos: *mut kc_kaissa_position, index: usize) -> bool {
    if !usable(pos) {
        return false;
    }
    // SAFETY: non-null and aligned; live and unshared per the caller.
    let handle = unsafe { &mut *pos };
    let depth = handle.pushed.len();
    // Not a visited move (`floor` is 0 when there is none).
    if depth <= handle.floor {
        return false;
    }
    let Some(below) = depth.checked_sub(1) else {
        return false;
    };
    let mv = match handle.lists.get(below) {
        Some(listing) if listing.valid => match listing.moves.get(index) {
            Some(&mv) => mv,
            None => return false,
        },
        _ => return false,
    };
    let Some(top) = handle.pushed.pop() else {
        return false;
    };
    // The top of the stack made this very position (see `kc_kaissa_pop`);
    // taking it back returns to the position the listing below describes,
    // so the listed move is legal there.
    handle.pos.undo_unchecked(top);
    // The popped slot is free: room without growing.
    handle.push_within_capacity(mv)
}

/// Takes back the last pushed move and plays the move at `index` of the
/// listing of the depth it returns to, in one call: `kc_kaissa_pop` then
/// `kc_kaissa_push_index(pos, index)`, for a search that goes from one
/// sibling to the next (push index 0, then this call for 1, 2, ..., then
/// `kc_kaissa_pop` after the last). The depth stays the same; its listing
/// is discarded (the position of this depth changed), the listing below
/// stays usable.
///
/// Checks first, in constant time: a pushed move to take back, a usable
/// listing at the depth below (see `kc_kaissa_list`) and `index` below its
/// count, and a top move that is not one a `kc_kaissa_visit` is visiting.
/// If any fails the result is `KC_ERR_INVALID_ARGUMENT` and `pos` is
/// untouched (the top move is not popped). Never allocates.
///
/// Threads: `pos` must not be used by any other thread during the call.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_pop_push_index(
    pos: *mut kc_kaissa_position,
    index: usize,
) -> kc_status {
    fast_path(
        "kc_kaissa_pop_push_index",
        // SAFETY: forwarded from the caller.
        || unsafe { pop_push_index_fast(pos, index) }.then_some(()),
        // SAFETY: forwarded from the caller.
        || unsafe { pop_push_index_failed(pos, index) },
    )
}

/// `kc_kaissa_pop_push_index`'s errors, with their messages (the fast path
/// handles every success, so this changes nothing).
///
/// # Safety
/// As `kc_kaissa_pop_push_index`.
#[cold]
#[inline(never)]
unsafe fn pop_push_index_failed(pos: *mut kc_kaissa_position, index: usize) -> kc_status {
    run("kc_kaissa_pop_push_index", || {
        // SAFETY: live per the caller.
        let handle = unsafe { whole_ref(pos, "pos")? };
        handle.not_visited_at_top()?;
        let Some(below) = handle.pushed.len().checked_sub(1) else {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                "no pushed move to take back (none pushed, all popped, or the position changed since)",
            ));
        };
        listed_at(handle, below, index)?;
        Err(fail(
            KC_ERR_PANIC,
            "internal error: a valid sibling move was refused",
        ))
    })
}

/// The move at `index` of the current depth's usable listing, or the
/// failure saying why there is none.
fn listed(handle: &kc_kaissa_position, index: usize) -> Result<Move, crate::ffi::Failure> {
    listed_at(handle, handle.pushed.len(), index)
}

/// The move at `index` of the usable listing of `depth`, or the failure
/// saying why there is none.
fn listed_at(
    handle: &kc_kaissa_position,
    depth: usize,
    index: usize,
) -> Result<Move, crate::ffi::Failure> {
    let moves = match handle.lists.get(depth) {
        Some(listing) if listing.valid => &listing.moves[..],
        _ => return Err(no_listing(depth)),
    };
    moves
        .get(index)
        .copied()
        .ok_or_else(|| index_out_of_range(index, moves.len()))
}

/// The failure of a call that needs a usable listing at `depth` and finds
/// none.
#[cold]
#[inline(never)]
pub(in crate::ffi::kaissa) fn no_listing(depth: usize) -> crate::ffi::Failure {
    fail(
        KC_ERR_INVALID_ARGUMENT,
        format!("no listing of the position at depth {depth}: call kc_kaissa_list there first"),
    )
}

/// The failure of an index at or past the end of a listing of `count`
/// moves.
#[cold]
#[inline(never)]
pub(in crate::ffi::kaissa) fn index_out_of_range(
    index: usize,
    count: usize,
) -> crate::ffi::Failure {
    fail(
        KC_ERR_INVALID_ARGUMENT,
        format!("index {index} out of range: the listing has {count} moves"),
    )
}

/// Writes to `*out` the move at `index` of the current depth's listing (see
/// `kc_kaissa_list`), so that a search can show, store or order the moves it
/// plays by index. With no usable listing at the current depth, or `index`
/// not below its count, the result is `KC_ERR_INVALID_ARGUMENT`.
///
/// Threads: reads only; calls that take `pos` as `const` may run at the
/// same time, calls that change it may not.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `kc_kaissa_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_listed_move(
    pos: *const kc_kaissa_position,
    index: usize,
    out: *mut kc_kaissa_move,
) -> kc_status {
    run("kc_kaissa_listed_move", || {
        // SAFETY: live per the caller.
        let handle = unsafe { whole_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let mv = listed(handle, index)?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, kc_kaissa_move::from_rust(mv)) };
        Ok(())
    })
}

/// Writes the whole listing of the current depth (see `kc_kaissa_list`)
/// into `buf`, index `i` at `buf[i]`, and its count to `*out_len`. Array
/// buffer convention: if `cap` is too small, nothing is written to `buf`,
/// `*out_len` is the count and the result is `KC_ERR_BUFFER_TOO_SMALL`
/// (`buf` may be NULL when `cap` is 0). With no usable listing at the
/// current depth the result is `KC_ERR_INVALID_ARGUMENT`.
///
/// Threads: as `kc_kaissa_listed_move`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable `kc_kaissa_move`s; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_listed_moves(
    pos: *const kc_kaissa_position,
    buf: *mut kc_kaissa_move,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_listed_moves", || {
        // SAFETY: live per the caller.
        let handle = unsafe { whole_ref(pos, "pos")? };
        let Some(moves) = handle.current_listing() else {
            // Checks `out_len` first, for the usual pointer message.
            out_ptr(out_len, "out_len")?;
            return Err(no_listing(handle.pushed.len()));
        };
        // SAFETY: forwarded from the caller.
        unsafe { write_array_with(moves, kc_kaissa_move::from_rust, buf, cap, out_len) }
    })
}
