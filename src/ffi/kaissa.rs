//! The Merchant Kaissa half of the C ABI: `kc_kaissa_*`.
//!
//! A position is an opaque, heap-allocated [`kc_kaissa_position`] made by
//! `kc_kaissa_position_new_start`, `_from_text` or `_clone` and released
//! with `kc_kaissa_position_free`. Everything else — moves, pieces, undo
//! records, the Home Stone window, outcomes — is a plain `#[repr(C)]` struct
//! the caller owns, usually on its stack: generating, testing, playing and
//! taking back moves never allocates.
//!
//! Numbers in the structs: squares are `rank_index * 10 + file_index`
//! (a1 = 0, j1 = 9, a10 = 90, j10 = 99); sides are `KC_KAISSA_YELLOW` (0) and
//! `KC_KAISSA_RED` (1); piece kinds are `KC_KAISSA_UBAR` (0) to
//! `KC_KAISSA_HOME_STONE` (9) in the order U, Q, T, S, B, I, P, R, A, H.
#![allow(non_camel_case_types)]

use core::ffi::c_char;
use core::fmt::Write;

use arrayvec::ArrayString;

use super::handle::{
    clone_handle, copy_handle, free_handle, give_handle as give_position,
    handle_mut as position_mut, handle_ref as position_ref, Handle,
};
use super::kc_status::{self, *};
use super::{
    check_ptr, fail, out_ptr, read_str, run, write_array_with, write_out, write_text, Failure,
    KC_NO_SQUARE,
};
use crate::kaissa::{
    perft, DrawReason, Move, MoveList, Outcome, Piece, PieceKind, Position, Side, Square, Undo,
    WinReason, MAX_MOVES,
};
use crate::random::{RandomSource, SplitMix64};

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
/// independent).
pub struct kc_kaissa_position {
    pos: Position,
}

impl Handle for kc_kaissa_position {
    type Inner = Position;
    fn wrap(pos: Position) -> Self {
        kc_kaissa_position { pos }
    }
    fn inner(&self) -> &Position {
        &self.pos
    }
    fn inner_mut(&mut self) -> &mut Position {
        &mut self.pos
    }
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
/// `kc_kaissa_undo` checks it against the position and rejects a record that
/// does not describe the last move played there.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_kaissa_undo_record {
    /// The move that was played.
    pub mv: kc_kaissa_move,
    /// The piece it captured (`present` 0 when it captured nothing).
    pub captured: kc_kaissa_piece,
    /// The position's hash before the move.
    pub hash_before: u64,
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

/// One side's Home Stone placement window (RULES.md Part I, Home Stone).
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
    fn to_rust(self) -> Result<Move, Failure> {
        match self.kind {
            KC_KAISSA_MOVE_NORMAL => {
                let from = square_in(self.from, "move 'from'")?;
                let to = square_in(self.to, "move 'to'")?;
                if from == to {
                    return Err(fail(
                        KC_ERR_INVALID_ARGUMENT,
                        "move 'from' and 'to' are the same square",
                    ));
                }
                Ok(Move::Normal { from, to })
            }
            KC_KAISSA_MOVE_PLACE => {
                if self.from != KC_NO_SQUARE {
                    return Err(fail(
                        KC_ERR_INVALID_ARGUMENT,
                        "a placement's 'from' must be KC_NO_SQUARE (255)",
                    ));
                }
                Ok(Move::Place {
                    to: square_in(self.to, "move 'to'")?,
                })
            }
            kind => Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("move kind {kind} is not 0 (normal) or 1 (place)"),
            )),
        }
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

    fn to_rust(self) -> Result<Option<Piece>, Failure> {
        match self.present {
            0 if self == Self::EMPTY => Ok(None),
            1 => {
                let side = side_in(self.side)?;
                let kind = PieceKind::ALL
                    .get(self.kind as usize)
                    .copied()
                    .ok_or_else(|| {
                        fail(
                            KC_ERR_INVALID_ARGUMENT,
                            format!("piece kind {} is not 0..9", self.kind),
                        )
                    })?;
                Ok(Some(Piece { side, kind }))
            }
            _ => Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                "piece 'present' must be 0 (with side and kind 0) or 1",
            )),
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

/// Parses a position text (`<board> <side> <turn> <hand>`, RULES.md Part
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
/// and changes nothing.
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
        unsafe { write_out(out, pos.ply()) };
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
        let pos = unsafe { position_ref(pos, "pos")? };
        let len_out = out_ptr(out_len, "out_len")?;
        if cap >= KC_KAISSA_MAX_MOVES && !buf.is_null() {
            // Room for any position: write each move straight into `buf`.
            let buf = check_ptr(buf as *const kc_kaissa_move, "buf")?.as_ptr();
            let mut len = 0;
            pos.for_each_move(|mv| {
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
        pos.generate_moves(&mut moves);
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
/// `KC_ERR_INVALID_ARGUMENT`. Never allocates.
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
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        let out_undo = if out_undo.is_null() {
            None
        } else {
            Some(out_ptr(out_undo, "out_undo")?)
        };
        let mv = mv.to_rust()?;
        let hash_before = pos.hash();
        let undo = pos
            .play(mv)
            .map_err(|err| fail(KC_ERR_ILLEGAL_MOVE, err.to_string()))?;
        if let Some(out_undo) = out_undo {
            let record = kc_kaissa_undo_record {
                mv: kc_kaissa_move::from_rust(undo.played()),
                captured: kc_kaissa_piece::from_rust(undo.captured()),
                hash_before,
            };
            // SAFETY: checked; writable per the caller.
            unsafe { write_out(out_undo, record) };
        }
        Ok(())
    })
}

/// Takes back the last move played in `pos`, described by `undo` (from
/// `kc_kaissa_play`). Never allocates.
///
/// The record is checked: it is applied to a scratch copy, and accepted only
/// if the result is a valid position with the recorded hash, in which the
/// recorded move is legal and leads back to exactly `pos`. Otherwise (a
/// record from another position or game, a record already taken back, a
/// forged one) the result is `KC_ERR_INVALID_ARGUMENT` and `pos` is
/// untouched.
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
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        let undo = out_ptr(undo as *mut kc_kaissa_undo_record, "undo")?;
        // SAFETY: checked; readable per the caller.
        let record = unsafe { undo.as_ptr().read() };
        let mv = record.mv.to_rust()?;
        let captured = record.captured.to_rust()?;
        let previous = checked_undo(pos, mv, captured, record.hash_before).ok_or_else(|| {
            fail(
                KC_ERR_INVALID_ARGUMENT,
                "the undo record does not describe the last move played in this position",
            )
        })?;
        *pos = previous;
        Ok(())
    })
}

/// The position before `mv` (which captured `captured`) was played to reach
/// `pos`, if the record is consistent with `pos`; see `kc_kaissa_undo`.
fn checked_undo(pos: &Position, mv: Move, captured: Option<Piece>, hash: u64) -> Option<Position> {
    let mover = pos.to_move().other();
    // Preconditions that keep `Position::undo` from panicking or writing
    // over pieces: the moved piece (or stone) stands on `to` and belongs to
    // the mover; the from square is empty; a captured piece is the
    // opponent's.
    let moved = pos.piece_at(mv.to())?;
    if moved.side != mover {
        return None;
    }
    match mv {
        Move::Normal { from, .. } => {
            if pos.piece_at(from).is_some() {
                return None;
            }
        }
        Move::Place { .. } => {
            if moved.kind != PieceKind::HomeStone || captured.is_some() {
                return None;
            }
        }
    }
    if captured.is_some_and(|victim| victim.side == mover) {
        return None;
    }
    let mut before = pos.clone();
    before.undo_unchecked(Undo::from_parts(
        mv,
        moved,
        captured,
        pos.turn(),
        hash,
        pos.hash(),
    ));
    if before.validate().is_err() || before.hash() != hash || !before.is_legal(mv) {
        return None;
    }
    let mut replay = before.clone();
    replay.play_unchecked(mv);
    (replay == *pos).then_some(before)
}

/// Parses a move text (`e2e5`, `a10b9`, `H@c1`; RULES.md Part III) into
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
