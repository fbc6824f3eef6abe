//! The opaque Kaissa position handle: what it keeps beside the position
//! (the last listing's move sets, the last undo record, the push stack and
//! the listings of `search/`), making, copying and freeing it, and the
//! calls that read the position.

use core::cell::UnsafeCell;
use core::ffi::c_char;
use core::sync::atomic::{AtomicBool, Ordering};

use crate::ffi::handle::{
    clone_handle, copy_handle, free_handle, give_handle as give_position,
    handle_ref as position_ref, Handle,
};
use crate::ffi::kc_status::{self, *};
use crate::ffi::{answer, fail, out_ptr, read_str, run, write_out, Failure};
use crate::kaissa::for_each_square;
use crate::kaissa::{Bitboard, DrawReason, Move, Outcome, Position, Side, Square, Undo, WinReason};

use super::search::*;
use super::types::*;

/// A Merchant Kaissa position, opaque to C. Created by
/// `kc_kaissa_position_new_start`, `kc_kaissa_position_from_text` or
/// `kc_kaissa_position_clone`; the caller owns it and must release it with
/// `kc_kaissa_position_free` exactly once. Not thread-safe: do not use one
/// position from two threads at the same time (distinct positions are
/// independent), except for calls that take it as a `const` pointer.
pub struct kc_kaissa_position {
    pub(super) pos: Position,
    /// The legal moves of the last position `kc_kaissa_legal_moves` listed
    /// for this handle, by origin: `kc_kaissa_play` checks a move against
    /// them in constant time when the position is that one again (as in a
    /// search, which lists the moves, then plays and takes back each).
    pub(super) listed: ListedMoves,
    /// The record `kc_kaissa_play` wrote last, while it is the one that
    /// takes back the last move: `kc_kaissa_undo` given exactly this record
    /// skips decoding it.
    pub(super) last: LastRecord,
    /// The records of the moves `kc_kaissa_push` played, the last on top,
    /// for `kc_kaissa_pop`. Every other change of the position
    /// (`kc_kaissa_play`, `kc_kaissa_undo`, `kc_kaissa_position_copy` into
    /// it) empties it, so that its top always takes back the move that made
    /// the position as it is.
    pub(super) pushed: Vec<Undo>,
    /// The listings of `kc_kaissa_list`, one per push depth (`pushed.len()`
    /// when listed), for `kc_kaissa_push_index`: see the validity rule in
    /// `indexed.rs`.
    pub(super) lists: Vec<Listing>,
    /// While `kc_kaissa_visit` calls its visitor: the push depth of the
    /// visited move (the stack's length then); 0 otherwise. Pops may not go
    /// below it, and nothing else may change the position (see `visit.rs`).
    pub(super) floor: usize,
    /// Set by every call that changes the push stack or makes a listing
    /// (push, pop, list, visit, forgetting the pushed moves); a visit clears
    /// it and looks at it after each visitor's call, so that a visitor that
    /// did none of these costs it no other check (see `visit.rs`).
    pub(super) touched: bool,
}

/// See [`kc_kaissa_position::last`].
#[derive(Clone, Copy)]
pub(super) struct LastRecord {
    /// Whether `words` and `undo` describe the last move played.
    pub(super) live: bool,
    /// The record as written to the caller.
    pub(super) words: [u64; 5],
    /// The same record in Rust form.
    pub(super) undo: Undo,
}

/// The move sets of [`kc_kaissa_position::listed`]. Written by
/// `kc_kaissa_legal_moves`, which takes a `const` position that several
/// threads may list at once: the writer takes `busy` (and skips the update
/// when another thread holds it), so writes never race. Read only by calls
/// that take the position mutably, which the C contract makes exclusive.
pub(super) struct ListedMoves {
    busy: AtomicBool,
    pub(super) sets: UnsafeCell<MoveSets>,
}

/// The legal moves of one position, by origin.
#[derive(Clone, Copy)]
pub(super) struct MoveSets {
    /// Whether the sets describe a listed position (false until the first
    /// listing).
    valid: bool,
    /// The listed position: hash, turn number and side to move (what
    /// `kc_kaissa_undo` compares too).
    hash: u64,
    turn: u32,
    to_move: Side,
    /// The squares the stone may be placed on.
    placements: u128,
    /// The squares of the pieces that may move (the others' entries of
    /// `targets` are empty).
    origins: u128,
    /// For each square, the squares its piece may move to.
    targets: [u128; 100],
}

impl MoveSets {
    const EMPTY: MoveSets = MoveSets {
        valid: false,
        hash: 0,
        turn: 0,
        to_move: Side::Yellow,
        placements: 0,
        origins: 0,
        targets: [0; 100],
    };

    /// Whether `mv` is legal in `pos`, if these are `pos`'s sets.
    #[inline(always)]
    pub(super) fn legality(&self, pos: &Position, mv: Move) -> Option<bool> {
        // One branch for the four comparisons.
        let differs = (self.hash ^ pos.hash())
            | u64::from(self.turn ^ pos.turn())
            | u64::from(self.to_move != pos.to_move())
            | u64::from(!self.valid);
        if differs != 0 {
            return None;
        }
        // Bit `square` of a set, from the 64-bit half that holds it.
        let has = |set: u128, square: Square| {
            let index = square.index();
            let half = if index < 64 {
                set as u64
            } else {
                (set >> 64) as u64
            };
            (half >> (index & 63)) & 1 != 0
        };
        Some(match mv {
            // Squares that are no origin have no targets (see `list`).
            Move::Normal { from, to } => has(self.targets[from.index() as usize], to),
            Move::Place { to } => has(self.placements, to),
        })
    }
}

impl ListedMoves {
    fn new() -> Self {
        ListedMoves {
            busy: AtomicBool::new(false),
            sets: UnsafeCell::new(MoveSets::EMPTY),
        }
    }

    /// Lists the legal moves of `pos` into `emit`, in generation order,
    /// keeping their sets when no other thread is listing on this handle.
    #[inline(always)]
    pub(super) fn list(&self, pos: &Position, mut emit: impl FnMut(Move)) {
        let claimed = self
            .busy
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_ok();
        if !claimed {
            pos.for_each_move(emit);
            return;
        }
        // SAFETY: `busy` is ours, so no other thread lists on this handle,
        // and no call that reads the sets (those take the position mutably,
        // exclusively) runs while a call holds the position `const`.
        let sets = unsafe { &mut *self.sets.get() };
        sets.valid = false;
        sets.placements = 0;
        // Empty the previous origins' entries: only this listing's origins
        // have targets.
        for_each_square(sets.origins, |from| sets.targets[from.index() as usize] = 0);
        sets.origins = 0;
        pos.for_each_target_set(|from, targets| match from {
            None => {
                sets.placements = targets.bits();
                for_each_square(targets.bits(), |to| emit(Move::Place { to }));
            }
            Some(from) => {
                sets.origins |= Bitboard::from_square(from).bits();
                sets.targets[from.index() as usize] = targets.bits();
                for_each_square(targets.bits(), |to| emit(Move::Normal { from, to }));
            }
        });
        sets.hash = pos.hash();
        sets.turn = pos.turn();
        sets.to_move = pos.to_move();
        sets.valid = true;
        self.busy.store(false, Ordering::Release);
    }
}

impl Handle for kc_kaissa_position {
    type Inner = Position;
    fn wrap(pos: Position) -> Self {
        kc_kaissa_position {
            pos,
            listed: ListedMoves::new(),
            last: LastRecord {
                live: false,
                words: [0; 5],
                undo: Undo::placeholder(),
            },
            pushed: Vec::new(),
            lists: Vec::new(),
            floor: 0,
            touched: false,
        }
    }
    fn inner(&self) -> &Position {
        &self.pos
    }
    fn changeable(&self) -> Result<(), Failure> {
        self.not_visited()
    }
    fn inner_mut(&mut self) -> &mut Position {
        // Whoever changes the position otherwise forgets the pushed moves
        // and the last record (see the fields).
        self.forget_pushed();
        self.last.live = false;
        &mut self.pos
    }
}

// ---------------------------------------------------------------------------
// Creating, copying and freeing positions.

/// Creates the start position (Yellow to move, turn 1, both Home Stones in
/// hand) and writes a pointer to it to `*out`.
///
/// Ownership: the new position belongs to the caller, who must release it
/// with `kc_kaissa_position_free`. `*out` is written only on success.
///
/// # Safety
/// `out` points to a writable `kc_kaissa_position *`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_position_new_start(
    out: *mut *mut kc_kaissa_position,
) -> kc_status {
    run("kc_kaissa_position_new_start", || {
        // SAFETY: forwarded from the caller.
        unsafe { give_position(Position::start(), out) }
    })
}

/// Parses a position text (`<board> <side> <turn> <hand>`, the rules
/// reference, §3.1), e.g. the start:
/// `ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh`.
///
/// On malformed or inconsistent text the result is `KC_ERR_PARSE` and
/// `kc_last_error_message` gives the field, the 0-based byte offset and the
/// reason, e.g. `position text: side (offset 62): ...` (quoting at most a
/// short excerpt of the text, control characters escaped).
///
/// Ownership: `text` is only read during the call (the caller keeps it). The
/// new position belongs to the caller, who must release it with
/// `kc_kaissa_position_free`. `*out` is written only on success.
///
/// # Safety
/// `text` is a NUL-terminated string; `out` points to a writable
/// `kc_kaissa_position *`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_position_from_text(
    text: *const c_char,
    out: *mut *mut kc_kaissa_position,
) -> kc_status {
    run("kc_kaissa_position_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        out_ptr(out, "out")?;
        let pos: Position = text
            .parse()
            .map_err(|err| fail(KC_ERR_PARSE, format!("position text: {err}")))?;
        // SAFETY: forwarded from the caller.
        unsafe { give_position(pos, out) }
    })
}

/// Releases a position made by this library. NULL is a no-op. The pointer
/// must not be used afterwards.
///
/// # Safety
/// `pos` is NULL or a position from `kc_kaissa_position_new_start`,
/// `_from_text` or `_clone` that has not been freed yet.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_position_free(pos: *mut kc_kaissa_position) {
    // SAFETY: forwarded from the caller.
    unsafe { free_handle(pos) }
}

/// Creates an independent copy of `pos` and writes a pointer to it to
/// `*out`.
///
/// Ownership: `pos` stays the caller's and is only read. The copy belongs to
/// the caller, who must release it with `kc_kaissa_position_free`. `*out` is
/// written only on success.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable
/// `kc_kaissa_position *`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_position_clone(
    pos: *const kc_kaissa_position,
    out: *mut *mut kc_kaissa_position,
) -> kc_status {
    run("kc_kaissa_position_clone", || {
        // SAFETY: forwarded from the caller.
        unsafe { clone_handle(pos, out) }
    })
}

/// Overwrites the existing position `dst` with a copy of `src`, without
/// allocating (for search trees and scratch boards). `src == dst` is allowed
/// and changes nothing. Refused (`KC_ERR_INVALID_ARGUMENT`, nothing changed)
/// while `dst` is being visited (inside a `kc_kaissa_visit` visitor); `src`
/// may be.
///
/// Ownership: both positions stay the caller's; `src` is only read.
///
/// # Safety
/// `src` and `dst` are live positions; nothing else uses `dst` during the
/// call.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_position_copy(
    src: *const kc_kaissa_position,
    dst: *mut kc_kaissa_position,
) -> kc_status {
    run("kc_kaissa_position_copy", || {
        // SAFETY: forwarded from the caller.
        unsafe { copy_handle(src, dst) }
    })
}

// ---------------------------------------------------------------------------
// Reading a position.

/// Writes the side to move (`KC_KAISSA_YELLOW` 0 or `KC_KAISSA_RED` 1) to
/// `*out`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_to_move(
    pos: *const kc_kaissa_position,
    out: *mut u8,
) -> kc_status {
    run("kc_kaissa_to_move", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.to_move().index() as u8)) }
    })
}

/// Writes the side to move's turn number to `*out`: the how-many-th move of
/// its own it is about to make, from 1 (Yellow's turn N is ply 2N-1, Red's is
/// ply 2N). This is the `<turn>` field of the position text.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_turn(
    pos: *const kc_kaissa_position,
    out: *mut u32,
) -> kc_status {
    run("kc_kaissa_turn", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.turn())) }
    })
}

/// Writes the number of plies played since the start to `*out`:
/// `2 * (turn - 1)`, plus 1 when Red is to move.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_ply(pos: *const kc_kaissa_position, out: *mut u32) -> kc_status {
    run("kc_kaissa_ply", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.ply())) }
    })
}

/// Writes the position's 64-bit Zobrist hash to `*out` (pieces, side to
/// move, stones in hand, turn up to 11). Equal positions have equal hashes;
/// use it for repetition tables.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_hash(
    pos: *const kc_kaissa_position,
    out: *mut u64,
) -> kc_status {
    run("kc_kaissa_hash", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.hash())) }
    })
}

/// Writes how the game stands to `*out` (see `kc_kaissa_outcome_info`).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `kc_kaissa_outcome_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_outcome(
    pos: *const kc_kaissa_position,
    out: *mut kc_kaissa_outcome_info,
) -> kc_status {
    run("kc_kaissa_outcome", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let win_reason = |reason| match reason {
            WinReason::HomeStoneCaptured => KC_KAISSA_REASON_HOME_STONE_CAPTURED,
            WinReason::DefaultLoss => KC_KAISSA_REASON_DEFAULT_LOSS,
            WinReason::Resignation => KC_KAISSA_REASON_RESIGNATION,
        };
        let value = match pos.outcome() {
            Outcome::Ongoing => kc_kaissa_outcome_info {
                result: KC_KAISSA_ONGOING,
                reason: KC_KAISSA_REASON_NONE,
            },
            Outcome::Win { winner, reason } => kc_kaissa_outcome_info {
                result: match winner {
                    Side::Yellow => KC_KAISSA_YELLOW_WINS,
                    Side::Red => KC_KAISSA_RED_WINS,
                },
                reason: win_reason(reason),
            },
            Outcome::Draw { reason } => kc_kaissa_outcome_info {
                result: KC_KAISSA_DRAW,
                reason: match reason {
                    DrawReason::NoLegalMoves => KC_KAISSA_REASON_NO_LEGAL_MOVES,
                    DrawReason::Agreement => KC_KAISSA_REASON_AGREEMENT,
                    DrawReason::TurnLimit => KC_KAISSA_REASON_TURN_LIMIT,
                },
            },
        };
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, value) };
        Ok(())
    })
}

/// Writes what stands on `square` (`0..100`) to `*out` (see
/// `kc_kaissa_piece`). A square of 100 or more gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `kc_kaissa_piece`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_piece_at(
    pos: *const kc_kaissa_position,
    square: u8,
    out: *mut kc_kaissa_piece,
) -> kc_status {
    run("kc_kaissa_piece_at", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let square = square_in(square, "square")?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, kc_kaissa_piece::from_rust(pos.piece_at(square))) };
        Ok(())
    })
}

/// Writes `side`'s Home Stone window to `*out` (see
/// `kc_kaissa_home_stone_window_info`). `side` must be 0 (Yellow) or 1 (Red).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable
/// `kc_kaissa_home_stone_window_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_home_stone_window(
    pos: *const kc_kaissa_position,
    side: u8,
    out: *mut kc_kaissa_home_stone_window_info,
) -> kc_status {
    run("kc_kaissa_home_stone_window", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let window = pos.home_stone_window(side_in(side)?);
        let mut value = kc_kaissa_home_stone_window_info {
            side: window.side.index() as u8,
            in_hand: window.in_hand,
            open_now: window.open_now,
            last_chance: window.last_chance,
            first_turn: window.first_turn,
            last_turn: window.last_turn,
            next_turn: window.next_turn,
            square_count: 0,
            squares: [0; 10],
        };
        for square in window.squares {
            value.squares[value.square_count as usize] = square.index();
            value.square_count += 1;
        }
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, value) };
        Ok(())
    })
}
