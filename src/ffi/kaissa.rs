//! The Merchant Kaissa half of the C ABI: `kc_kaissa_*`.
//!
//! A position is an opaque, heap-allocated [`kc_kaissa_position`] made by
//! `kc_kaissa_position_new_start`, `_from_text` or `_clone` and released
//! with `kc_kaissa_position_free`. Everything else — moves, pieces, undo
//! records, the Home Stone window, outcomes — is a plain `#[repr(C)]` struct
//! the caller owns, usually on its stack: generating, testing, playing and
//! taking back moves never allocates.
//!
//! Two ways to take moves back: `kc_kaissa_play` writes a sealed undo
//! record the caller keeps and `kc_kaissa_undo` checks it in constant time;
//! `kc_kaissa_push` / `kc_kaissa_pop` keep the undo stack inside the
//! position instead (nothing crosses the boundary but the move, the fastest
//! way for a search; the stack grows only when a search first reaches a new
//! depth). Faster still, `kc_kaissa_list` keeps the legal moves inside the
//! position (one listing per push depth) and `kc_kaissa_push_index` /
//! `kc_kaissa_pop_push_index` play them by index, checked in constant time
//! (see `indexed.rs` for when a listing stays usable). Fastest of all for
//! a search, `kc_kaissa_visit` plays each listed move itself, calls a C
//! visitor in the new position and takes the move back (one call out per
//! move; see `visit.rs`).
//!
//! Numbers in the structs: squares are `rank_index * 10 + file_index`
//! (a1 = 0, j1 = 9, a10 = 90, j10 = 99); sides are `KC_KAISSA_YELLOW` (0) and
//! `KC_KAISSA_RED` (1); piece kinds are `KC_KAISSA_UBAR` (0) to
//! `KC_KAISSA_HOME_STONE` (9) in the order U, Q, T, S, B, I, P, R, A, H.
#![allow(non_camel_case_types)]

use core::cell::UnsafeCell;
use core::ffi::c_char;
use core::fmt::Write;
use core::sync::atomic::{AtomicBool, Ordering};

use arrayvec::ArrayString;

use super::boundary::optional_ptr;
use super::handle::{
    clone_handle, copy_handle, free_handle, give_handle as give_position,
    handle_ref as position_ref, Handle,
};
use super::kc_status::{self, *};
use super::seal;
use super::{
    check_ptr, fail, out_ptr, read_str, run, write_array_with, write_out, write_text, Failure,
    KC_NO_SQUARE,
};
use crate::error::{IllegalMoveError, IllegalMoveReason};
use crate::kaissa::for_each_square;
use crate::kaissa::{
    perft, Bitboard, DrawReason, Move, MoveList, Outcome, Piece, PieceKind, Position, Side, Square,
    Undo, WinReason, MAX_MOVES,
};
use crate::random::{RandomSource, SplitMix64};

mod indexed;
mod push;
mod visit;
pub use indexed::{
    kc_kaissa_list, kc_kaissa_listed_move, kc_kaissa_listed_moves, kc_kaissa_pop_push_index,
    kc_kaissa_push_index,
};
pub use push::{kc_kaissa_pop, kc_kaissa_push, kc_kaissa_pushed_count};
pub use visit::{kc_kaissa_visit, kc_kaissa_visitor};

/// Files of the Kaissa board (`a`..`j`).
pub const KC_KAISSA_WIDTH: u8 = 10;
/// Ranks of the Kaissa board (`1`..`10`).
pub const KC_KAISSA_HEIGHT: u8 = 10;
/// Squares of the Kaissa board; valid squares are `0..KC_KAISSA_SQUARES`.
pub const KC_KAISSA_SQUARES: u8 = 100;
/// An upper bound on the legal moves of any Kaissa position: a
/// `kc_kaissa_move` buffer of this many elements is always large enough.
pub const KC_KAISSA_MAX_MOVES: usize = 1098;
/// A text buffer of this many bytes always holds a position text and its NUL.
pub const KC_KAISSA_POSITION_TEXT_CAP: usize = 128;
/// A text buffer of this many bytes always holds a move text and its NUL.
pub const KC_KAISSA_MOVE_TEXT_CAP: usize = 8;
/// A text buffer of this many bytes always holds a board diagram (with its
/// piece legend) and its NUL.
pub const KC_KAISSA_DIAGRAM_CAP: usize = 640;
/// The largest depth `kc_kaissa_perft` accepts.
pub const KC_KAISSA_MAX_PERFT_DEPTH: u32 = 12;

/// Side value: Yellow (upper-case letters, moves first).
pub const KC_KAISSA_YELLOW: u8 = 0;
/// Side value: Red (lower-case letters).
pub const KC_KAISSA_RED: u8 = 1;

/// Piece kind value: Ubar `U`.
pub const KC_KAISSA_UBAR: u8 = 0;
/// Piece kind value: Ubara `Q`.
pub const KC_KAISSA_UBARA: u8 = 1;
/// Piece kind value: Tarnsman `T`.
pub const KC_KAISSA_TARNSMAN: u8 = 2;
/// Piece kind value: Scribe `S`.
pub const KC_KAISSA_SCRIBE: u8 = 3;
/// Piece kind value: Builder `B`.
pub const KC_KAISSA_BUILDER: u8 = 4;
/// Piece kind value: Initiate `I`.
pub const KC_KAISSA_INITIATE: u8 = 5;
/// Piece kind value: Spearman `P`.
pub const KC_KAISSA_SPEARMAN: u8 = 6;
/// Piece kind value: Rider of the High Tharlarion `R`.
pub const KC_KAISSA_RIDER: u8 = 7;
/// Piece kind value: Assassin `A`.
pub const KC_KAISSA_ASSASSIN: u8 = 8;
/// Piece kind value: Home Stone `H`.
pub const KC_KAISSA_HOME_STONE: u8 = 9;

/// Move kind value: a piece goes from `from` to `to`.
pub const KC_KAISSA_MOVE_NORMAL: u8 = 0;
/// Move kind value: the side to move places its Home Stone on `to`; `from`
/// is `KC_NO_SQUARE`.
pub const KC_KAISSA_MOVE_PLACE: u8 = 1;

/// Outcome result value: the game goes on.
pub const KC_KAISSA_ONGOING: u8 = 0;
/// Outcome result value: Yellow won.
pub const KC_KAISSA_YELLOW_WINS: u8 = 1;
/// Outcome result value: Red won.
pub const KC_KAISSA_RED_WINS: u8 = 2;
/// Outcome result value: the game is drawn.
pub const KC_KAISSA_DRAW: u8 = 3;

/// Outcome reason value: none (the game goes on).
pub const KC_KAISSA_REASON_NONE: u8 = 0;
/// Outcome reason value: the winner captured the loser's Home Stone.
pub const KC_KAISSA_REASON_HOME_STONE_CAPTURED: u8 = 1;
/// Outcome reason value: the loser could not place its Home Stone on its
/// 10th turn (its back rank was full).
pub const KC_KAISSA_REASON_DEFAULT_LOSS: u8 = 2;
/// Outcome reason value: the side to move has no legal move (a draw).
pub const KC_KAISSA_REASON_NO_LEGAL_MOVES: u8 = 3;
/// Outcome reason value: a resignation. Never returned by the library (a
/// position cannot know it); reserved for applications that record one.
pub const KC_KAISSA_REASON_RESIGNATION: u8 = 4;
/// Outcome reason value: an agreed draw. Never returned by the library;
/// reserved for applications that record one.
pub const KC_KAISSA_REASON_AGREEMENT: u8 = 5;
/// Outcome reason value: a draw because Red was to move at the largest turn
/// number the notation can write (999,999,999; no real game gets there).
pub const KC_KAISSA_REASON_TURN_LIMIT: u8 = 6;

const _: () = assert!(KC_KAISSA_MAX_MOVES == MAX_MOVES);
const _: () = assert!(KC_KAISSA_WIDTH == crate::kaissa::WIDTH);
const _: () = assert!(KC_KAISSA_HEIGHT == crate::kaissa::HEIGHT);
const _: () = assert!(KC_KAISSA_SQUARES as usize == Square::COUNT);
const _: () = assert!(KC_KAISSA_HOME_STONE as usize == PieceKind::HomeStone as usize);
const _: () = assert!(KC_KAISSA_RED as usize == Side::Red as usize);

/// A Merchant Kaissa position, opaque to C. Created by
/// `kc_kaissa_position_new_start`, `kc_kaissa_position_from_text` or
/// `kc_kaissa_position_clone`; the caller owns it and must release it with
/// `kc_kaissa_position_free` exactly once. Not thread-safe: do not use one
/// position from two threads at the same time (distinct positions are
/// independent), except for calls that take it as a `const` pointer.
pub struct kc_kaissa_position {
    pos: Position,
    /// The legal moves of the last position `kc_kaissa_legal_moves` listed
    /// for this handle, by origin: `kc_kaissa_play` checks a move against
    /// them in constant time when the position is that one again (as in a
    /// search, which lists the moves, then plays and takes back each).
    listed: ListedMoves,
    /// The record `kc_kaissa_play` wrote last, while it is the one that
    /// takes back the last move: `kc_kaissa_undo` given exactly this record
    /// skips decoding it.
    last: LastRecord,
    /// The records of the moves `kc_kaissa_push` played, the last on top,
    /// for `kc_kaissa_pop`. Every other change of the position
    /// (`kc_kaissa_play`, `kc_kaissa_undo`, `kc_kaissa_position_copy` into
    /// it) empties it, so that its top always takes back the move that made
    /// the position as it is.
    pushed: Vec<Undo>,
    /// The listings of `kc_kaissa_list`, one per push depth (`pushed.len()`
    /// when listed), for `kc_kaissa_push_index`: see the validity rule in
    /// `indexed.rs`.
    lists: Vec<indexed::Listing>,
    /// While `kc_kaissa_visit` calls its visitor: the push depth of the
    /// visited move (the stack's length then); 0 otherwise. Pops may not go
    /// below it, and nothing else may change the position (see `visit.rs`).
    floor: usize,
    /// Set by every call that changes the push stack or makes a listing
    /// (push, pop, list, visit, forgetting the pushed moves); a visit clears
    /// it and looks at it after each visitor's call, so that a visitor that
    /// did none of these costs it no other check (see `visit.rs`).
    touched: bool,
}

/// See [`kc_kaissa_position::last`].
#[derive(Clone, Copy)]
struct LastRecord {
    /// Whether `words` and `undo` describe the last move played.
    live: bool,
    /// The record as written to the caller.
    words: [u64; 5],
    /// The same record in Rust form.
    undo: Undo,
}

/// The move sets of [`kc_kaissa_position::listed`]. Written by
/// `kc_kaissa_legal_moves`, which takes a `const` position that several
/// threads may list at once: the writer takes `busy` (and skips the update
/// when another thread holds it), so writes never race. Read only by calls
/// that take the position mutably, which the C contract makes exclusive.
struct ListedMoves {
    busy: AtomicBool,
    sets: UnsafeCell<MoveSets>,
}

/// The legal moves of one position, by origin.
#[derive(Clone, Copy)]
struct MoveSets {
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
    fn legality(&self, pos: &Position, mv: Move) -> Option<bool> {
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
    fn list(&self, pos: &Position, mut emit: impl FnMut(Move)) {
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
                sets.placements = targets;
                for_each_square(targets, |to| emit(Move::Place { to }));
            }
            Some(from) => {
                sets.origins |= Bitboard::from_square(from).bits();
                sets.targets[from.index() as usize] = targets;
                for_each_square(targets, |to| emit(Move::Normal { from, to }));
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

/// The whole handle behind a pointer from C.
///
/// # Safety
/// `ptr` is NULL or a live position from this library.
unsafe fn whole_ref<'a>(ptr: *const kc_kaissa_position) -> Result<&'a kc_kaissa_position, Failure> {
    let ptr = check_ptr(ptr, "pos")?;
    // SAFETY: non-null and aligned; a live handle per the caller.
    Ok(unsafe { &*ptr.as_ptr() })
}

/// A Kaissa move, a plain value.
///
/// - `kind` `KC_KAISSA_MOVE_NORMAL` (0): the piece on `from` goes to `to`
///   (`from` != `to`, both `0..100`).
/// - `kind` `KC_KAISSA_MOVE_PLACE` (1): the side to move places its Home
///   Stone on `to`; `from` must be `KC_NO_SQUARE` (255).
///
/// Anything else is rejected with `KC_ERR_INVALID_ARGUMENT`. Moves written by
/// the library always follow these rules, so two moves can be compared field
/// by field.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_kaissa_move {
    /// `KC_KAISSA_MOVE_NORMAL` or `KC_KAISSA_MOVE_PLACE`.
    pub kind: u8,
    /// The square the piece leaves, or `KC_NO_SQUARE` for a placement.
    pub from: u8,
    /// The square the move ends on.
    pub to: u8,
}

/// What stands on a square. When `present` is 0 the square is empty and
/// `side` and `kind` are 0; when it is 1, `side` is `KC_KAISSA_YELLOW` or
/// `KC_KAISSA_RED` and `kind` is one of `KC_KAISSA_UBAR`..`KC_KAISSA_HOME_STONE`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_kaissa_piece {
    /// 1 if a piece stands there, 0 if the square is empty.
    pub present: u8,
    /// The piece's side (0 Yellow, 1 Red).
    pub side: u8,
    /// The piece's kind (0..9 in the order U, Q, T, S, B, I, P, R, A, H).
    pub kind: u8,
}

/// What `kc_kaissa_undo` needs to take back a move, filled in by
/// `kc_kaissa_play`. A plain value the caller keeps (on its stack, in an
/// array of its game history); it holds no pointers and needs no freeing.
/// Treat the fields as read-only data.
///
/// `kc_kaissa_undo` checks a record in constant time before it changes
/// anything: `check` must be the digest of the other fields (a record that
/// was edited, corrupted or made up is refused), and `hash_after`,
/// `turn_after` and the mover's side must describe the position it is given
/// (a record from another position, a stale one or one already used is
/// refused). The digest is keyed with a secret chosen when the process
/// starts, so a record is only good in the process that made it (as are the
/// positions themselves).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_kaissa_undo_record {
    /// The move that was played.
    pub mv: kc_kaissa_move,
    /// The piece that moved (the side's Home Stone for a placement).
    pub moved: kc_kaissa_piece,
    /// The piece it captured (`present` 0 when it captured nothing).
    pub captured: kc_kaissa_piece,
    /// Always 0 (makes the layout free of padding).
    pub reserved: [u8; 3],
    /// The turn number of the side to move right after the move.
    pub turn_after: u32,
    /// The position's hash before the move.
    pub hash_before: u64,
    /// The position's hash right after the move.
    pub hash_after: u64,
    /// The keyed digest of every field above, written by `kc_kaissa_play`.
    pub check: u64,
}

/// How a game stands: `result` is `KC_KAISSA_ONGOING`,
/// `KC_KAISSA_YELLOW_WINS`, `KC_KAISSA_RED_WINS` or `KC_KAISSA_DRAW`;
/// `reason` is `KC_KAISSA_REASON_NONE` while the game goes on, else
/// `KC_KAISSA_REASON_HOME_STONE_CAPTURED`, `KC_KAISSA_REASON_DEFAULT_LOSS`
/// (wins) or `KC_KAISSA_REASON_NO_LEGAL_MOVES` or `KC_KAISSA_REASON_TURN_LIMIT`
/// (draws). (The resignation and
/// agreement reasons are never returned by the library.)
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_kaissa_outcome_info {
    /// One of the `KC_KAISSA_ONGOING`.. result values.
    pub result: u8,
    /// One of the `KC_KAISSA_REASON_`.. values.
    pub reason: u8,
}

/// One side's Home Stone placement window (the rules reference (§1, Merchant Kaissa), Home Stone).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_kaissa_home_stone_window_info {
    /// The side described (0 Yellow, 1 Red).
    pub side: u8,
    /// Whether the side's stone is still in hand.
    pub in_hand: bool,
    /// Whether the side may place its stone on this very move (it is to
    /// move, the stone is in hand, the turn is 8..10, the game is not over
    /// and an empty square of its back rank exists).
    pub open_now: bool,
    /// Whether it is to move on turn 10 with the stone in hand: it must place
    /// now (or, with a full back rank, it has already lost by default).
    pub last_chance: bool,
    /// The first turn on which a side may place: 8.
    pub first_turn: u32,
    /// The last turn on which a side may (and then must) place: 10.
    pub last_turn: u32,
    /// The side's own next turn number (its current turn if it is to move).
    pub next_turn: u32,
    /// How many entries of `squares` are used.
    pub square_count: u8,
    /// The squares it may place on now, ascending; empty unless `open_now`.
    pub squares: [u8; 10],
}

// ---------------------------------------------------------------------------
// Conversions between the C structs and the Rust types.

fn square_in(value: u8, what: &'static str) -> Result<Square, Failure> {
    Square::new(value).ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("{what} {value} is not a square (0..99)"),
        )
    })
}

fn side_in(value: u8) -> Result<Side, Failure> {
    match value {
        0 => Ok(Side::Yellow),
        1 => Ok(Side::Red),
        _ => Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("side {value} is not 0 (Yellow) or 1 (Red)"),
        )),
    }
}

impl kc_kaissa_move {
    /// The Rust move, or why the struct is malformed.
    #[inline(always)]
    fn to_rust(self) -> Result<Move, Failure> {
        match self.decode() {
            Some(mv) => Ok(mv),
            None => Err(self.malformed()),
        }
    }

    /// The Rust move, if the struct is well formed (see the type's docs).
    #[inline(always)]
    fn decode(self) -> Option<Move> {
        let to = Square::new(self.to)?;
        match self.kind {
            KC_KAISSA_MOVE_NORMAL => {
                let from = Square::new(self.from)?;
                (from != to).then_some(Move::Normal { from, to })
            }
            KC_KAISSA_MOVE_PLACE if self.from == KC_NO_SQUARE => Some(Move::Place { to }),
            _ => None,
        }
    }

    /// What is wrong with a struct [`decode`](Self::decode) refused.
    #[cold]
    #[inline(never)]
    fn malformed(self) -> Failure {
        let message = match self.kind {
            KC_KAISSA_MOVE_NORMAL if self.from >= KC_KAISSA_SQUARES => {
                format!("move 'from' {} is not a square (0..99)", self.from)
            }
            KC_KAISSA_MOVE_NORMAL | KC_KAISSA_MOVE_PLACE if self.to >= KC_KAISSA_SQUARES => {
                format!("move 'to' {} is not a square (0..99)", self.to)
            }
            KC_KAISSA_MOVE_NORMAL => "move 'from' and 'to' are the same square".to_string(),
            KC_KAISSA_MOVE_PLACE => "a placement's 'from' must be KC_NO_SQUARE (255)".to_string(),
            kind => format!("move kind {kind} is not 0 (normal) or 1 (place)"),
        };
        fail(KC_ERR_INVALID_ARGUMENT, message)
    }

    fn from_rust(mv: Move) -> Self {
        match mv {
            Move::Normal { from, to } => kc_kaissa_move {
                kind: KC_KAISSA_MOVE_NORMAL,
                from: from.index(),
                to: to.index(),
            },
            Move::Place { to } => kc_kaissa_move {
                kind: KC_KAISSA_MOVE_PLACE,
                from: KC_NO_SQUARE,
                to: to.index(),
            },
        }
    }
}

impl kc_kaissa_piece {
    const EMPTY: kc_kaissa_piece = kc_kaissa_piece {
        present: 0,
        side: 0,
        kind: 0,
    };

    fn from_rust(piece: Option<Piece>) -> Self {
        match piece {
            None => Self::EMPTY,
            Some(piece) => kc_kaissa_piece {
                present: 1,
                side: piece.side.index() as u8,
                kind: piece.kind.index() as u8,
            },
        }
    }

    /// The Rust piece, if the struct is well formed (see the type's docs).
    #[inline(always)]
    fn decode(self) -> Option<Option<Piece>> {
        match self.present {
            0 if self == Self::EMPTY => Some(None),
            1 if self.side < 2 => Some(Some(Piece {
                side: Side::ALL[self.side as usize],
                kind: *PieceKind::ALL.get(self.kind as usize)?,
            })),
            _ => None,
        }
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

/// Parses a position text (`<board> <side> <turn> <hand>`, the rules reference Part
/// III), e.g. the start:
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

/// Formats `pos` as its position text into `buf`
/// (`KC_KAISSA_POSITION_TEXT_CAP` bytes always suffice).
///
/// Text buffer convention: on `KC_OK` the text and a NUL are written and
/// `*out_len` is the text length without the NUL. If `cap` is too small,
/// nothing is written to `buf`, `*out_len` is the capacity needed including
/// the NUL and the result is `KC_ERR_BUFFER_TOO_SMALL`; `buf` may be NULL
/// when `cap` is 0.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_position_to_text(
    pos: *const kc_kaissa_position,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_position_to_text", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let mut text = ArrayString::<KC_KAISSA_POSITION_TEXT_CAP>::new();
        write!(text, "{pos}").map_err(|_| fail(KC_ERR_PANIC, "position text too long"))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

/// Formats a printable board diagram of `pos` into `buf` (several lines:
/// rank 10 at the top, upper case Yellow, lower case Red, `.` for empty,
/// a legend of the piece letters, then who is to move).
/// `KC_KAISSA_DIAGRAM_CAP` bytes always suffice. Never allocates. Same
/// text buffer convention as `kc_kaissa_position_to_text`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_position_diagram(
    pos: *const kc_kaissa_position,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_position_diagram", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let mut text = ArrayString::<KC_KAISSA_DIAGRAM_CAP>::new();
        write!(text, "{}", pos.diagram()).map_err(|_| fail(KC_ERR_PANIC, "diagram too long"))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

/// Writes the side to move (`KC_KAISSA_YELLOW` 0 or `KC_KAISSA_RED` 1) to
/// `*out`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_side_to_move(
    pos: *const kc_kaissa_position,
    out: *mut u8,
) -> kc_status {
    run("kc_kaissa_side_to_move", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, pos.to_move().index() as u8) };
        Ok(())
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
        let out = out_ptr(out, "out")?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, pos.turn()) };
        Ok(())
    })
}

/// Writes the number of plies played since the start to `*out`:
/// `2 * (turn - 1)`, plus 1 when Red is to move.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_ply(pos: *const kc_kaissa_position, out: *mut u64) -> kc_status {
    run("kc_kaissa_ply", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, u64::from(pos.ply())) };
        Ok(())
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
        let out = out_ptr(out, "out")?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, pos.hash()) };
        Ok(())
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

// ---------------------------------------------------------------------------
// Moves.

/// Writes every legal move of `pos` into `buf`, in the library's generation
/// order, and their number to `*out_len`. Never allocates. A buffer of
/// `KC_KAISSA_MAX_MOVES` (or `KC_MAX_MOVES`) elements is always large
/// enough. A finished game has no legal moves (`*out_len` 0).
///
/// If `cap` is smaller than the number of moves, nothing is written to
/// `buf`, `*out_len` is the number needed and the result is
/// `KC_ERR_BUFFER_TOO_SMALL`; `buf` may be NULL when `cap` is 0 (a count
/// query).
///
/// The position also keeps the listed moves (invisibly), so that
/// `kc_kaissa_play` checks one of them in constant time whenever the
/// position is the listed one again (as in a search that lists the moves,
/// then plays and takes back each). Several threads may still list the
/// moves of one position at the same time.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable `kc_kaissa_move`s owned by the caller; `out_len` points to a
/// writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_legal_moves(
    pos: *const kc_kaissa_position,
    buf: *mut kc_kaissa_move,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_legal_moves", || {
        // SAFETY: forwarded from the caller.
        let handle = unsafe { whole_ref(pos)? };
        let len_out = out_ptr(out_len, "out_len")?;
        if cap >= KC_KAISSA_MAX_MOVES && !buf.is_null() {
            // Room for any position: write each move straight into `buf`.
            let buf = check_ptr(buf as *const kc_kaissa_move, "buf")?.as_ptr();
            let mut len = 0;
            handle.listed.list(&handle.pos, |mv| {
                // SAFETY: `buf` holds `cap >= KC_KAISSA_MAX_MOVES` elements,
                // more than any position has moves.
                unsafe { buf.add(len).write(kc_kaissa_move::from_rust(mv)) };
                len += 1;
            });
            // SAFETY: checked; writable per the caller.
            unsafe { write_out(len_out, len) };
            return Ok(());
        }
        let mut moves = MoveList::new();
        handle.listed.list(&handle.pos, |mv| moves.push(mv));
        // SAFETY: forwarded from the caller.
        unsafe { write_array_with(&moves, kc_kaissa_move::from_rust, buf, cap, out_len) }
    })
}

/// Writes to `*out` whether `mv` is legal in `pos` (checked directly, without
/// generating the move list). A malformed `mv` (a square of 100 or more, an
/// unknown kind, see `kc_kaissa_move`) gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_is_legal(
    pos: *const kc_kaissa_position,
    mv: kc_kaissa_move,
    out: *mut bool,
) -> kc_status {
    run("kc_kaissa_is_legal", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let legal = pos.is_legal(mv.to_rust()?);
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, legal) };
        Ok(())
    })
}

/// Plays `mv` in `pos` if it is legal, and writes the record that takes it
/// back to `*out_undo`. An illegal move gives `KC_ERR_ILLEGAL_MOVE` (the last
/// error message says why) and leaves `pos` untouched; a malformed one gives
/// `KC_ERR_INVALID_ARGUMENT`. Never allocates. Refused
/// (`KC_ERR_INVALID_ARGUMENT`, nothing changed) while `pos` is being visited
/// (inside a `kc_kaissa_visit` visitor).
///
/// Ownership: `pos` stays the caller's. `out_undo` is caller memory; it may
/// be NULL when the caller will not take the move back.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call;
/// `out_undo` is NULL or points to a writable `kc_kaissa_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_play(
    pos: *mut kc_kaissa_position,
    mv: kc_kaissa_move,
    out_undo: *mut kc_kaissa_undo_record,
) -> kc_status {
    run("kc_kaissa_play", || {
        check_ptr(pos, "pos")?;
        optional_ptr(out_undo, "out_undo")?;
        // SAFETY: non-null and aligned (checked); a live position used by
        // nobody else during the call, per the caller.
        let handle = unsafe { &mut *pos };
        handle.not_visited()?;
        let Some(rust_mv) = mv.decode() else {
            return Err(mv.malformed());
        };
        let pos = &mut handle.pos;
        // A move of the last listing, when this is its position again;
        // else checked directly.
        if handle.listed.sets.get_mut().legality(pos, rust_mv) != Some(true) {
            if let Some(reason) = pos.illegality(rust_mv) {
                return Err(illegal(rust_mv, reason));
            }
        }
        let undo = pos.play_unchecked(rust_mv);
        handle.forget_pushed();
        if out_undo.is_null() {
            handle.last.live = false;
        } else {
            let words = kc_kaissa_undo_record::sealed_words(mv, &undo);
            handle.last = LastRecord {
                live: true,
                words,
                undo,
            };
            // SAFETY: non-null and aligned (checked); writable per the
            // caller. The words are the record's bytes (no padding).
            unsafe { out_undo.cast::<[u64; 5]>().write(words) };
        }
        Ok(())
    })
}

/// Takes back the last move played in `pos`, described by `undo` (from
/// `kc_kaissa_play`). Never allocates; constant time.
///
/// The record is checked before anything changes (see
/// `kc_kaissa_undo_record`): its `check` must match its fields, and it must
/// have been made by the move that led to exactly this position (same hash,
/// same turn number, the other side to move). Otherwise (a record from
/// another position or game, a stale record, one already taken back, an
/// edited or made-up one) the result is `KC_ERR_INVALID_ARGUMENT` and `pos`
/// is untouched. Refused the same way while `pos` is being visited (inside
/// a `kc_kaissa_visit` visitor).
///
/// Ownership: `undo` is caller memory, only read.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call; `undo`
/// points to a readable `kc_kaissa_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_undo(
    pos: *mut kc_kaissa_position,
    undo: *const kc_kaissa_undo_record,
) -> kc_status {
    run("kc_kaissa_undo", || {
        check_ptr(pos, "pos")?;
        check_ptr(undo, "undo")?;
        // SAFETY: non-null and aligned (checked); a live position used by
        // nobody else during the call, per the caller.
        let handle = unsafe { &mut *pos };
        handle.not_visited()?;
        // SAFETY: non-null and aligned (checked); readable per the caller.
        // The record holds only integers (no padding), so any bytes are a
        // valid value.
        let words = unsafe { undo.cast::<[u64; 5]>().read() };
        let last = &handle.last;
        let same = last.live
            && (words[0] ^ last.words[0])
                | (words[1] ^ last.words[1])
                | (words[2] ^ last.words[2])
                | (words[3] ^ last.words[3])
                | (words[4] ^ last.words[4])
                == 0;
        let undo = if same {
            // The record the last play wrote, unchanged: genuine; it only
            // has to fit the position.
            if !handle.pos.undo_matches(&last.undo) {
                return Err(refused(STALE));
            }
            last.undo
        } else {
            kc_kaissa_undo_record::from_words(words)
                .opened(&handle.pos)
                .map_err(refused)?
        };
        handle.last.live = false;
        handle.forget_pushed();
        handle.pos.undo_unchecked(undo);
        Ok(())
    })
}

/// The failure for an undo record that does not belong.
#[cold]
#[inline(never)]
fn refused(why: &'static str) -> Failure {
    fail(
        KC_ERR_INVALID_ARGUMENT,
        format!("the undo record does not belong to this position: {why}"),
    )
}

/// The failure for a well-formed move that is not legal.
#[cold]
#[inline(never)]
fn illegal(mv: Move, reason: IllegalMoveReason) -> Failure {
    fail(
        KC_ERR_ILLEGAL_MOVE,
        IllegalMoveError::new(mv.to_string(), reason).to_string(),
    )
}

const _: () = assert!(core::mem::size_of::<kc_kaissa_undo_record>() == 40);
const _: () = assert!(core::mem::align_of::<kc_kaissa_undo_record>() == 8);

/// Why a record that fits no position is refused.
const STALE: &str = "it is stale, from another position, or already used";

impl kc_kaissa_undo_record {
    /// The record as five words (it has no padding: checked above).
    #[inline(always)]
    fn words(&self) -> [u64; 5] {
        // SAFETY: a `repr(C)` struct of 40 bytes without padding (every
        // byte is a field of integers), aligned for `u64`.
        unsafe { core::mem::transmute_copy(self) }
    }

    /// The record with these bytes.
    #[inline(always)]
    fn from_words(words: [u64; 5]) -> Self {
        // SAFETY: 40 bytes; every byte pattern is a valid record (integer
        // fields only, no padding).
        unsafe { core::mem::transmute(words) }
    }

    /// The seal of the first four words (every field but `check`), the
    /// one keyed digest of `seal.rs`: with the per-process key it catches
    /// any edit of a record, accidental or hand-made.
    #[inline(always)]
    fn digest_of(words: &[u64; 5]) -> u64 {
        seal::kaissa_undo(&[words[0], words[1], words[2], words[3]])
    }

    /// [`digest_of`](Self::digest_of) this record.
    #[inline(always)]
    fn digest(&self) -> u64 {
        Self::digest_of(&self.words())
    }

    /// The record of `undo` as words, made by playing `mv` (well formed:
    /// the C form of `undo.played()`), with its `check`.
    #[inline(always)]
    fn sealed_words(mv: kc_kaissa_move, undo: &Undo) -> [u64; 5] {
        let moved = undo.moved();
        let captured = kc_kaissa_piece::from_rust(undo.captured());
        #[cfg(target_endian = "little")]
        let mut words = {
            // The bytes of the record, as the struct lays them out.
            let low = u64::from(mv.kind)
                | u64::from(mv.from) << 8
                | u64::from(mv.to) << 16
                | 1 << 24
                | (moved.side as u64) << 32
                | (moved.kind as u64) << 40
                | u64::from(captured.present) << 48
                | u64::from(captured.side) << 56;
            let high = u64::from(captured.kind) | u64::from(undo.turn_after()) << 32;
            [low, high, undo.hash_before(), undo.hash_after(), 0]
        };
        #[cfg(not(target_endian = "little"))]
        let mut words = kc_kaissa_undo_record {
            mv,
            moved: kc_kaissa_piece {
                present: 1,
                side: moved.side as u8,
                kind: moved.kind as u8,
            },
            captured,
            reserved: [0; 3],
            turn_after: undo.turn_after(),
            hash_before: undo.hash_before(),
            hash_after: undo.hash_after(),
            check: 0,
        }
        .words();
        words[4] = Self::digest_of(&words);
        words
    }

    /// The Rust record, if this one is intact and belongs to `pos`: checked
    /// in constant time, without touching `pos`.
    #[inline(always)]
    fn opened(&self, pos: &Position) -> Result<Undo, &'static str> {
        if self.check != self.digest() {
            return Err("it was edited or corrupted (its check does not match)");
        }
        let (Some(mv), Some(Some(moved)), Some(captured)) = (
            self.mv.decode(),
            self.moved.decode(),
            self.captured.decode(),
        ) else {
            return Err("a field is out of range");
        };
        let undo = Undo::from_parts(
            mv,
            moved,
            captured,
            self.turn_after,
            self.hash_before,
            self.hash_after,
        );
        if !pos.undo_matches(&undo) {
            return Err(STALE);
        }
        if !pos.undo_fits(&undo) {
            return Err("its pieces are not where its move left them");
        }
        Ok(undo)
    }
}

/// Parses a move text (`e2e5`, `a10b9`, `H@c1`; the rules reference (§3, notation)) into
/// `*out`. Malformed text gives `KC_ERR_PARSE` with the byte offset
/// and reason in the last error message. Parsing does not check legality.
///
/// # Safety
/// `text` is a NUL-terminated string (only read); `out` points to a
/// writable `kc_kaissa_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_move_from_text(
    text: *const c_char,
    out: *mut kc_kaissa_move,
) -> kc_status {
    run("kc_kaissa_move_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let out = out_ptr(out, "out")?;
        let mv: Move = text
            .parse()
            .map_err(|err| fail(KC_ERR_PARSE, format!("move text: {err}")))?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, kc_kaissa_move::from_rust(mv)) };
        Ok(())
    })
}

/// Formats `mv` as move text into `buf` (`KC_KAISSA_MOVE_TEXT_CAP` bytes
/// always suffice). Same text buffer convention as
/// `kc_kaissa_position_to_text`. A malformed `mv` gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_move_to_text(
    mv: kc_kaissa_move,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_move_to_text", || {
        out_ptr(out_len, "out_len")?;
        let mv = mv.to_rust()?;
        let mut text = ArrayString::<KC_KAISSA_MOVE_TEXT_CAP>::new();
        write!(text, "{mv}").map_err(|_| fail(KC_ERR_PANIC, "move text too long"))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

/// Parses a square name (`a1`..`j10`) into its number (`0..100`) in `*out`.
/// Malformed text gives `KC_ERR_PARSE`.
///
/// # Safety
/// `text` is a NUL-terminated string (only read); `out` points to a
/// writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_square_from_text(
    text: *const c_char,
    out: *mut u8,
) -> kc_status {
    run("kc_kaissa_square_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let out = out_ptr(out, "out")?;
        let square: Square = text
            .parse()
            .map_err(|err| fail(KC_ERR_PARSE, format!("square text: {err}")))?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, square.index()) };
        Ok(())
    })
}

/// Formats square number `square` (`0..100`) as its name (`a1`..`j10`) into
/// `buf` (4 bytes always suffice). Same text buffer convention as
/// `kc_kaissa_position_to_text`; a square of 100 or more gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_square_to_text(
    square: u8,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_square_to_text", || {
        out_ptr(out_len, "out_len")?;
        let square = square_in(square, "square")?;
        let mut text = ArrayString::<4>::new();
        write!(text, "{square}").map_err(|_| fail(KC_ERR_PANIC, "square text too long"))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

// ---------------------------------------------------------------------------
// Perft and random play.

/// Counts the move sequences of length `depth` from `pos` (perft; depth 0
/// gives 1) and writes the count to `*out`. Works on an internal copy: `pos`
/// is only read. `depth` above `KC_KAISSA_MAX_PERFT_DEPTH` gives
/// `KC_ERR_INVALID_ARGUMENT`. From the start: 40, 1600, 70656 at depths 1-3.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_perft(
    pos: *const kc_kaissa_position,
    depth: u32,
    out: *mut u64,
) -> kc_status {
    run("kc_kaissa_perft", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        if depth > KC_KAISSA_MAX_PERFT_DEPTH {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("depth {depth} is above KC_KAISSA_MAX_PERFT_DEPTH ({KC_KAISSA_MAX_PERFT_DEPTH})"),
            ));
        }
        let nodes = perft(pos, depth);
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, nodes) };
        Ok(())
    })
}

/// Picks one of the legal moves of `pos` uniformly at random, using (and
/// advancing) the SplitMix64 state `*rng_state` kept in caller memory, and
/// writes it to `*out`. The same state and position always give the same
/// move: seed the state with any value for a reproducible game. A finished
/// game (no legal move) gives `KC_ERR_GAME_OVER` with the state untouched.
/// Never allocates.
///
/// The choice is `moves[below(n)]` where `moves` is the order of
/// `kc_kaissa_legal_moves` and `below` is `kc_random_below`.
///
/// # Safety
/// `pos` is a live position; `rng_state` points to a `uint64_t` the caller
/// owns (read and written); `out` points to a writable `kc_kaissa_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_random_move(
    pos: *const kc_kaissa_position,
    rng_state: *mut u64,
    out: *mut kc_kaissa_move,
) -> kc_status {
    run("kc_kaissa_random_move", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let state = out_ptr(rng_state, "rng_state")?;
        let out = out_ptr(out, "out")?;
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            return Err(fail(KC_ERR_GAME_OVER, "the game is over: no legal move"));
        }
        // SAFETY: checked; the caller owns the state.
        let mut rng = SplitMix64::new(unsafe { state.as_ptr().read() });
        let mv = moves[rng.below(moves.len() as u64) as usize];
        // SAFETY: checked; writable per the caller.
        unsafe {
            write_out(state, rng.state);
            write_out(out, kc_kaissa_move::from_rust(mv));
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_texts_fit_their_buffers() {
        // The longest last line of a diagram: Yellow to move with both
        // stones in hand (turn at most 10), or a nine-digit turn.
        for text in [
            "10/10/10/10/10/10/10/10/10/10 y 10 Hh",
            "h9/10/10/10/10/10/10/10/10/H9 y 999999999 -",
            "h9/10/10/10/10/10/10/10/10/H9 r 999999999 -",
        ] {
            let pos: Position = text.parse().expect("valid");
            assert!(pos.diagram().to_string().len() < KC_KAISSA_DIAGRAM_CAP);
            assert!(pos.to_string().len() < KC_KAISSA_POSITION_TEXT_CAP);
        }
        // The longest board: 100 letters and 9 slashes.
        let full = "PPPPPPPPPP/".repeat(9) + "pppppppppp";
        assert!(full.len() + " y 999999999 Hh".len() < KC_KAISSA_POSITION_TEXT_CAP);
        assert!(
            "H@j10".len() < KC_KAISSA_MOVE_TEXT_CAP && "a10j10".len() < KC_KAISSA_MOVE_TEXT_CAP
        );
    }
}
