//! The Chaturaji half of the C ABI: `kc_chaturaji_*`.
//!
//! A position is an opaque, heap-allocated [`kc_chaturaji_position`] made by
//! `kc_chaturaji_position_new_start`, `_from_text` or `_clone` and released
//! with `kc_chaturaji_position_free`; it carries the rules options it was
//! created with ([`kc_chaturaji_rules`]). Everything else — moves, pieces,
//! undo records, outcomes, exchange pairs — is a plain `#[repr(C)]` struct
//! the caller owns, usually on its stack: rolling the die, generating,
//! testing, choosing, playing and taking back moves never allocates.
//!
//! Numbers in the structs: squares are `rank_index * 8 + file_index`
//! (a1 = 0, h1 = 7, a8 = 56, h8 = 63); colours (which are also the seats)
//! are `KC_CHATURAJI_RED` (0), `_BLACK` (1), `_YELLOW` (2), `_GREEN` (3), in
//! turn order; piece kinds are `KC_CHATURAJI_RAJA` (0), `_ELEPHANT` (1),
//! `_HORSE` (2), `_BOAT` (3), `_PAWN` (4); die rolls are 2, 3, 4 or 5.
//!
//! Playing: `kc_chaturaji_play` checks the move's legality;
//! `kc_chaturaji_choose` picks a random move with a token
//! ([`kc_chaturaji_chosen_move`]) that `kc_chaturaji_play_chosen` plays
//! without checking legality again (the token is checked instead, in
//! constant time); `kc_chaturaji_play_random` rolls, chooses and plays one
//! ply in a single call (playouts). Undo records
//! ([`kc_chaturaji_undo_record`]) are sealed to the position the move made
//! and checked in constant time by `kc_chaturaji_undo`. Records and tokens
//! carry a digest under a key made at random once per process: they are
//! valid only in the process that made them.
//!
//! The Ludii ruleset (the rules reference, §2.13, the Ludii ruleset) is the rules option `ruleset`
//! `KC_CHATURAJI_RULESET_LUDII` (`kc_chaturaji_rules_ludii` fills it in);
//! its scores, ranking and promotion decisions have functions of their own
//! in [`super::ludii`]. A promotion decision is a move of kind
//! `KC_CHATURAJI_MOVE_DECISION`, made without a roll: while one is pending,
//! the functions that take a roll still want a face 2..5 and ignore it.
#![allow(non_camel_case_types)]

use core::ffi::c_char;
use core::fmt::Write;
use core::ptr::NonNull;

use arrayvec::{ArrayString, ArrayVec};

use super::boundary::{fast_path, optional_ptr, usable2, usable3, usable_or_null};
use super::handle::{
    clone_handle, copy_handle, free_handle, give_handle as give_position,
    handle_mut as position_mut, handle_ref, handle_ref as position_ref, Handle,
};
use super::kc_status::{self, *};
use super::seal;
use super::{
    check_ptr, fail, out_ptr, read_str, run, write_array, write_array_with, write_out, write_text,
    Failure, FfiResult, KC_NO_SQUARE,
};
use crate::chaturaji::{
    perft, roll_with, Alliances, Bitboard, Colour, ExchangeError, Move, MoveList, Outcome, Piece,
    PieceKind, Position, Roll, Rules, Ruleset, Square, State, MARKED_SQUARES, MAX_MOVES,
    SPECIAL_PROMOTION_SQUARES, THRONES,
};
use crate::error::{excerpt, IllegalMoveError};
use crate::random::SplitMix64;

mod roll_choose;
pub use roll_choose::kc_chaturaji_roll_and_choose;

/// Files of the Chaturaji board (`a`..`h`).
pub const KC_CHATURAJI_WIDTH: u8 = 8;
/// Ranks of the Chaturaji board (`1`..`8`).
pub const KC_CHATURAJI_HEIGHT: u8 = 8;
/// Squares of the Chaturaji board; valid squares are `0..KC_CHATURAJI_SQUARES`.
pub const KC_CHATURAJI_SQUARES: u8 = 64;
/// An upper bound on the legal moves for one roll in any Chaturaji position:
/// a `kc_chaturaji_move` buffer of this many elements is always large enough.
pub const KC_CHATURAJI_MAX_MOVES: usize = 438;
/// A text buffer of this many bytes always holds a position text and its
/// NUL (typical texts are under 200 bytes; the bound allows 255 captured
/// rajas of every colour).
pub const KC_CHATURAJI_POSITION_TEXT_CAP: usize = 1280;
/// A text buffer of this many bytes always holds a move text and its NUL.
pub const KC_CHATURAJI_MOVE_TEXT_CAP: usize = 8;
/// A text buffer of this many bytes always holds a board diagram and its NUL.
pub const KC_CHATURAJI_DIAGRAM_CAP: usize = 1024;
/// The largest depth `kc_chaturaji_perft` accepts.
pub const KC_CHATURAJI_MAX_PERFT_DEPTH: u32 = 12;
/// The number of marked squares (`kc_chaturaji_marked_squares`).
pub const KC_CHATURAJI_MARKED_SQUARE_COUNT: usize = 16;
/// The number of special promotion squares
/// (`kc_chaturaji_special_promotion_squares`).
pub const KC_CHATURAJI_SPECIAL_PROMOTION_SQUARE_COUNT: usize = 16;
/// The most exchange pairs `kc_chaturaji_possible_exchanges` can report.
pub const KC_CHATURAJI_MAX_EXCHANGES: usize = 4;
/// The most squares `kc_chaturaji_raja_return_squares` can report.
pub const KC_CHATURAJI_MAX_RETURN_SQUARES: usize = 8;

/// Colour (and seat) value: Red, the east seat; moves first.
pub const KC_CHATURAJI_RED: u8 = 0;
/// Colour (and seat) value: Black, the north seat.
pub const KC_CHATURAJI_BLACK: u8 = 1;
/// Colour (and seat) value: Yellow, the west seat.
pub const KC_CHATURAJI_YELLOW: u8 = 2;
/// Colour (and seat) value: Green, the south seat.
pub const KC_CHATURAJI_GREEN: u8 = 3;
/// The value of a colour field that names no colour (a colour with no
/// commander, the winners of a game that was not won).
pub const KC_CHATURAJI_NO_COLOUR: u8 = 255;

/// Piece kind value: raja `K` (moves on a 5).
pub const KC_CHATURAJI_RAJA: u8 = 0;
/// Piece kind value: elephant `E` (moves on a 4).
pub const KC_CHATURAJI_ELEPHANT: u8 = 1;
/// Piece kind value: horse `H` (moves on a 3).
pub const KC_CHATURAJI_HORSE: u8 = 2;
/// Piece kind value: boat `B` (moves on a 2).
pub const KC_CHATURAJI_BOAT: u8 = 3;
/// Piece kind value: pawn `P` (moves on a 5).
pub const KC_CHATURAJI_PAWN: u8 = 4;

/// Move kind value: the piece on `from` goes to `to`; `promotion` is 0.
pub const KC_CHATURAJI_MOVE_NORMAL: u8 = 0;
/// Move kind value: a special promotion: the pawn on `from` goes to `to` and
/// becomes `promotion` (`KC_CHATURAJI_RAJA`..`KC_CHATURAJI_BOAT`).
pub const KC_CHATURAJI_MOVE_PROMOTION: u8 = 1;
/// Move kind value: the turn passes (the only legal move when the roll
/// allows no other); `from` and `to` are `KC_NO_SQUARE`, `promotion` is 0.
pub const KC_CHATURAJI_MOVE_PASS: u8 = 2;
/// Move kind value (Ludii ruleset): a promotion decision, made without a
/// roll: the pawn waiting on its far edge becomes `promotion`
/// (`KC_CHATURAJI_RAJA`..`KC_CHATURAJI_BOAT`); `from` and `to` are
/// `KC_NO_SQUARE`.
pub const KC_CHATURAJI_MOVE_DECISION: u8 = 3;

/// Alliances value: the Czech sheet's pairing, Red with Green and Black with
/// Yellow (the default).
pub const KC_CHATURAJI_ALLIANCES_SHEET: u8 = 0;
/// Alliances value: partners sitting opposite, Red with Yellow and Black
/// with Green.
pub const KC_CHATURAJI_ALLIANCES_OPPOSITE: u8 = 1;
/// The default quiet-ply draw limit.
pub const KC_CHATURAJI_DEFAULT_DRAW_LIMIT: u16 = 200;
/// Ruleset value: the sheet's rules (the rules reference, §2, Chaturaji), the default.
pub const KC_CHATURAJI_RULESET_SHEET: u8 = 0;
/// Ruleset value: Ludii's free-for-all Chaturaji with scores (the rules reference
/// Part IV); the alliances and the draw limit are then not used.
pub const KC_CHATURAJI_RULESET_LUDII: u8 = 1;

/// Outcome result value: the game goes on.
pub const KC_CHATURAJI_ONGOING: u8 = 0;
/// Outcome result value: the alliance in `winners` has put both opponents
/// out of the game.
pub const KC_CHATURAJI_ALLIANCE_WINS: u8 = 1;
/// Outcome result value: drawn for all, by the quiet-ply rule (sheet) or
/// the turn limit (Ludii ruleset).
pub const KC_CHATURAJI_DRAW: u8 = 2;
/// Outcome result value (Ludii ruleset): one colour owns every piece left
/// and `winners[0]` alone has the highest score (`winners[1]` is
/// `KC_CHATURAJI_NO_COLOUR`).
pub const KC_CHATURAJI_COLOUR_WINS: u8 = 3;
/// Outcome result value (Ludii ruleset): one colour owns every piece left
/// and the highest score is shared: a draw among those colours, no winner
/// (`kc_chaturaji_ranking` tells them).
pub const KC_CHATURAJI_TOP_SCORE_TIE: u8 = 4;

/// Board code of an empty square in `kc_chaturaji_undo_record.board`.
pub const KC_CHATURAJI_UNDO_EMPTY: u8 = 0;

const _: () = assert!(KC_CHATURAJI_MAX_MOVES == MAX_MOVES);
const _: () = assert!(KC_CHATURAJI_MARKED_SQUARE_COUNT == MARKED_SQUARES.len());
const _: () = assert!(KC_CHATURAJI_PAWN as usize == PieceKind::Pawn as usize);
const _: () = assert!(KC_CHATURAJI_RAJA as usize == PieceKind::Raja as usize);
const _: () = assert!(KC_CHATURAJI_BOAT as usize == PieceKind::Boat as usize);
const _: () = assert!(KC_CHATURAJI_GREEN as usize == Colour::Green as usize);
const _: () = assert!(KC_CHATURAJI_YELLOW as usize == Colour::Yellow as usize);
const _: () = assert!(core::mem::align_of::<kc_chaturaji_undo_record>() == 8);

/// A Chaturaji position with its rules options, opaque to C. Created by
/// `kc_chaturaji_position_new_start`, `kc_chaturaji_position_from_text` or
/// `kc_chaturaji_position_clone`; the caller owns it and must release it
/// with `kc_chaturaji_position_free` exactly once. Not thread-safe: do not
/// use one position from two threads at the same time (distinct positions
/// are independent).
pub struct kc_chaturaji_position {
    pos: Position,
    /// `rules_code(pos.rules)`, for the chosen-move tokens' digest. The
    /// rules of a position never change (no move, undo or exchange touches
    /// them); only `kc_chaturaji_position_copy` replaces the whole position,
    /// and it refreshes this ([`Handle::replaced`]).
    rules_code: u64,
}

impl Handle for kc_chaturaji_position {
    type Inner = Position;
    fn wrap(pos: Position) -> Self {
        let rules_code = rules_code(pos.rules);
        kc_chaturaji_position { pos, rules_code }
    }
    fn inner(&self) -> &Position {
        &self.pos
    }
    fn inner_mut(&mut self) -> &mut Position {
        &mut self.pos
    }
    fn replaced(&mut self) {
        self.rules_code = rules_code(self.pos.rules);
    }
}

/// The rules options a position is created with (the rules reference (§2, Chaturaji), and
/// Part IV with `ruleset` `KC_CHATURAJI_RULESET_LUDII`).
///
/// - `alliances`: `KC_CHATURAJI_ALLIANCES_SHEET` (0, the default) or
///   `KC_CHATURAJI_ALLIANCES_OPPOSITE` (1); anything else is rejected with
///   `KC_ERR_INVALID_ARGUMENT`.
/// - `draw_limit`: a game with this many plies or more since the last
///   capture is drawn; 0 switches the rule off. The default is
///   `KC_CHATURAJI_DEFAULT_DRAW_LIMIT` (200); `kc_chaturaji_rules_default`
///   fills in the defaults.
/// - `ruleset`: `KC_CHATURAJI_RULESET_SHEET` (0, the default) or
///   `KC_CHATURAJI_RULESET_LUDII` (1; `kc_chaturaji_rules_ludii` fills in
///   the Ludii options); anything else is rejected with
///   `KC_ERR_INVALID_ARGUMENT`. It is the last field, so an initializer
///   `{alliances, draw_limit}` keeps the sheet's rules.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_rules {
    /// `KC_CHATURAJI_ALLIANCES_SHEET` or `KC_CHATURAJI_ALLIANCES_OPPOSITE`.
    pub alliances: u8,
    /// The quiet-ply draw limit; 0 = no draw rule.
    pub draw_limit: u16,
    /// `KC_CHATURAJI_RULESET_SHEET` or `KC_CHATURAJI_RULESET_LUDII`.
    pub ruleset: u8,
}

/// A Chaturaji move, a plain value.
///
/// - `kind` `KC_CHATURAJI_MOVE_NORMAL` (0): the piece on `from` goes to `to`
///   (`from` != `to`, both `0..64`); `promotion` must be 0. A pawn reaching
///   its promotion square promotes by itself: no suffix is needed.
/// - `kind` `KC_CHATURAJI_MOVE_PROMOTION` (1): a special promotion; the pawn
///   on `from` goes to `to` and becomes `promotion`, one of
///   `KC_CHATURAJI_RAJA`, `_ELEPHANT`, `_HORSE`, `_BOAT` (not a pawn).
/// - `kind` `KC_CHATURAJI_MOVE_PASS` (2): the turn passes; `from` and `to`
///   must be `KC_NO_SQUARE` (255) and `promotion` 0.
/// - `kind` `KC_CHATURAJI_MOVE_DECISION` (3, Ludii ruleset): the promotion
///   decision; the pawn waiting on its far edge becomes `promotion`
///   (`KC_CHATURAJI_RAJA`..`KC_CHATURAJI_BOAT`); `from` and `to` must be
///   `KC_NO_SQUARE`.
///
/// Anything else is rejected with `KC_ERR_INVALID_ARGUMENT`. Moves written
/// by the library always follow these rules, so two moves can be compared
/// field by field.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_move {
    /// `KC_CHATURAJI_MOVE_NORMAL`, `_PROMOTION`, `_PASS` or `_DECISION`.
    pub kind: u8,
    /// The square the piece leaves, or `KC_NO_SQUARE` for a pass.
    pub from: u8,
    /// The square the piece goes to, or `KC_NO_SQUARE` for a pass.
    pub to: u8,
    /// The new kind of a special promotion or a decision, else 0.
    pub promotion: u8,
}

/// What stands on a square. When `present` is 0 the square is empty and
/// `colour` and `kind` are 0; when it is 1, `colour` is
/// `KC_CHATURAJI_RED`..`KC_CHATURAJI_GREEN` (0..3) and `kind` is
/// `KC_CHATURAJI_RAJA`..`KC_CHATURAJI_PAWN` (0..4).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_piece {
    /// 1 if a piece stands there, 0 if the square is empty.
    pub present: u8,
    /// The piece's colour (0 Red, 1 Black, 2 Yellow, 3 Green).
    pub colour: u8,
    /// The piece's kind (0 raja, 1 elephant, 2 horse, 3 boat, 4 pawn).
    pub kind: u8,
}

/// How a game stands: `result` is `KC_CHATURAJI_ONGOING`,
/// `KC_CHATURAJI_ALLIANCE_WINS` or `KC_CHATURAJI_DRAW`, and under the Ludii
/// ruleset `KC_CHATURAJI_COLOUR_WINS` or `KC_CHATURAJI_TOP_SCORE_TIE`. For
/// an alliance's win, `winners` holds its two colours in increasing order;
/// for a colour's win, that colour then `KC_CHATURAJI_NO_COLOUR`; otherwise
/// both are `KC_CHATURAJI_NO_COLOUR`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_outcome_info {
    /// One of the `KC_CHATURAJI_ONGOING`.. result values.
    pub result: u8,
    /// The winning alliance's colours, or `KC_CHATURAJI_NO_COLOUR` twice.
    pub winners: [u8; 2],
}

/// The two colours of an alliance, in increasing order.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_alliance_info {
    /// The colours (0..3), the smaller first.
    pub colours: [u8; 2],
}

/// A possible raja exchange: a captured raja of colour `first` (of Red's
/// alliance) and one of colour `second` (of the other alliance) can both be
/// given back now.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_exchange_pair {
    /// A colour of Red's alliance.
    pub first: u8,
    /// A colour of the other alliance.
    pub second: u8,
}

/// What `kc_chaturaji_undo` needs to take back a move, filled in by
/// `kc_chaturaji_play` and `kc_chaturaji_play_chosen`: the move and a
/// complete copy of the position's state before it (about 100 bytes). A
/// plain value the caller keeps (on its stack, in an array of its game
/// history); it holds no pointers and needs no freeing. Treat the fields as
/// read-only data: `check` seals the record to the position the move made,
/// and `kc_chaturaji_undo` rejects, in constant time, a record that does
/// not describe the last move played there. A record is valid only in the
/// process that made it.
///
/// Layout of the saved state: `board[square]` is `KC_CHATURAJI_UNDO_EMPTY`
/// (0) or `1 + 5 * colour + kind`; `command[colour]` is the commanding seat
/// or `KC_CHATURAJI_NO_COLOUR`; `lost_pawn[colour]` is 0 or 1; `decision` is
/// the square of a pending Ludii promotion decision or `KC_NO_SQUARE`;
/// `scores` are the Ludii scores by colour.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_undo_record {
    /// The move that was played.
    pub mv: kc_chaturaji_move,
    /// The board before the move, one code per square (see above).
    pub board: [u8; 64],
    /// The seat to move before the move.
    pub to_move: u8,
    /// The commander of each colour before the move.
    pub command: [u8; 4],
    /// Whether each colour had lost a pawn before the move.
    pub lost_pawn: [u8; 4],
    /// The captured rajas of each colour before the move.
    pub captured_rajas: [u8; 4],
    /// The square of the pending promotion decision before the move, or
    /// `KC_NO_SQUARE` (Ludii ruleset).
    pub decision: u8,
    /// The quiet-ply count before the move.
    pub quiet: u32,
    /// The ply count before the move.
    pub ply: u32,
    /// The scores of each colour before the move (Ludii ruleset).
    pub scores: [u32; 4],
    /// The position's hash before the move.
    pub hash_before: u64,
    /// A keyed digest (the key is made at random once per process) of every
    /// field above and of the position the move made (its hash, ply and
    /// quiet counters and rules options): a record that was edited or
    /// corrupted, or is given to any other position, is refused.
    pub check: u64,
}

// ---------------------------------------------------------------------------
// Conversions between the C values and the Rust types.

fn square_in(value: u8, what: &'static str) -> Result<Square, Failure> {
    Square::new(value).ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("{what} {value} is not a square (0..63)"),
        )
    })
}

fn colour_in(value: u8, what: &'static str) -> Result<Colour, Failure> {
    if value < 4 {
        Ok(Colour::from_index(value as usize))
    } else {
        Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("{what} {value} is not a colour (0 red, 1 black, 2 yellow, 3 green)"),
        ))
    }
}

fn kind_in(value: u8, what: &'static str) -> Result<PieceKind, Failure> {
    PieceKind::ALL.get(value as usize).copied().ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("{what} {value} is not a piece kind (0 raja .. 4 pawn)"),
        )
    })
}

fn roll_in(value: u8) -> Result<Roll, Failure> {
    Roll::new(value).ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("roll {value} is not a face of the die (2, 3, 4 or 5)"),
        )
    })
}

impl kc_chaturaji_rules {
    fn to_rust(self) -> Result<Rules, Failure> {
        let alliances = match self.alliances {
            KC_CHATURAJI_ALLIANCES_SHEET => Alliances::Sheet,
            KC_CHATURAJI_ALLIANCES_OPPOSITE => Alliances::Opposite,
            other => {
                return Err(fail(
                    KC_ERR_INVALID_ARGUMENT,
                    format!("alliances {other} is not 0 (sheet) or 1 (opposite)"),
                ))
            }
        };
        let ruleset = match self.ruleset {
            KC_CHATURAJI_RULESET_SHEET => Ruleset::Sheet,
            KC_CHATURAJI_RULESET_LUDII => Ruleset::Ludii,
            other => {
                return Err(fail(
                    KC_ERR_INVALID_ARGUMENT,
                    format!("ruleset {other} is not 0 (sheet) or 1 (ludii)"),
                ))
            }
        };
        let draw_limit = (self.draw_limit != 0).then_some(self.draw_limit);
        Ok(Rules::new()
            .with_ruleset(ruleset)
            .with_alliances(alliances)
            .with_draw_limit(draw_limit))
    }

    pub(super) fn from_rust(rules: Rules) -> Self {
        kc_chaturaji_rules {
            alliances: match rules.alliances {
                Alliances::Sheet => KC_CHATURAJI_ALLIANCES_SHEET,
                Alliances::Opposite => KC_CHATURAJI_ALLIANCES_OPPOSITE,
            },
            draw_limit: rules.draw_limit.unwrap_or(0),
            ruleset: if rules.is_ludii() {
                KC_CHATURAJI_RULESET_LUDII
            } else {
                KC_CHATURAJI_RULESET_SHEET
            },
        }
    }
}

impl kc_chaturaji_move {
    const PASS: kc_chaturaji_move = kc_chaturaji_move {
        kind: KC_CHATURAJI_MOVE_PASS,
        from: KC_NO_SQUARE,
        to: KC_NO_SQUARE,
        promotion: 0,
    };

    fn to_rust(self) -> Result<Move, Failure> {
        match self.kind {
            KC_CHATURAJI_MOVE_NORMAL | KC_CHATURAJI_MOVE_PROMOTION => {
                let from = square_in(self.from, "move 'from'")?;
                let to = square_in(self.to, "move 'to'")?;
                if from == to {
                    return Err(fail(
                        KC_ERR_INVALID_ARGUMENT,
                        "move 'from' and 'to' are the same square",
                    ));
                }
                if self.kind == KC_CHATURAJI_MOVE_NORMAL {
                    if self.promotion != 0 {
                        return Err(fail(
                            KC_ERR_INVALID_ARGUMENT,
                            "a normal move's 'promotion' must be 0",
                        ));
                    }
                    return Ok(Move::Normal { from, to });
                }
                let kind = kind_in(self.promotion, "move 'promotion'")?;
                if kind == PieceKind::Pawn {
                    return Err(fail(
                        KC_ERR_INVALID_ARGUMENT,
                        "a special promotion cannot choose a pawn (0..3: raja, elephant, horse, boat)",
                    ));
                }
                Ok(Move::Promotion { from, to, kind })
            }
            KC_CHATURAJI_MOVE_DECISION => {
                let kind = kind_in(self.promotion, "move 'promotion'")?;
                if kind == PieceKind::Pawn || self.from != KC_NO_SQUARE || self.to != KC_NO_SQUARE {
                    return Err(fail(
                        KC_ERR_INVALID_ARGUMENT,
                        "a decision needs 'from' and 'to' KC_NO_SQUARE (255) and 'promotion' 0..3 (raja, elephant, horse, boat)",
                    ));
                }
                Ok(Move::Decision { kind })
            }
            KC_CHATURAJI_MOVE_PASS => {
                if self != Self::PASS {
                    return Err(fail(
                        KC_ERR_INVALID_ARGUMENT,
                        "a pass needs 'from' and 'to' KC_NO_SQUARE (255) and 'promotion' 0",
                    ));
                }
                Ok(Move::Pass)
            }
            kind => Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!(
                    "move kind {kind} is not 0 (normal), 1 (promotion), 2 (pass) or 3 (decision)"
                ),
            )),
        }
    }

    /// The four fields as one number (for digests).
    #[inline(always)]
    fn bits(self) -> u32 {
        u32::from_le_bytes([self.kind, self.from, self.to, self.promotion])
    }

    /// The struct of [`bits`](Self::bits).
    #[inline(always)]
    fn from_bits(bits: u32) -> Self {
        let [kind, from, to, promotion] = bits.to_le_bytes();
        kc_chaturaji_move {
            kind,
            from,
            to,
            promotion,
        }
    }

    /// The [`bits`](Self::bits) of the C form of `mv`.
    #[inline(always)]
    fn encode(mv: Move) -> u32 {
        let square = |sq: Square| sq.index() as u32;
        match mv {
            Move::Normal { from, to } => square(from) << 8 | square(to) << 16,
            Move::Promotion { from, to, kind } => {
                u32::from(KC_CHATURAJI_MOVE_PROMOTION)
                    | square(from) << 8
                    | square(to) << 16
                    | (kind.index() as u32) << 24
            }
            Move::Decision { kind } => u32::from_le_bytes([
                KC_CHATURAJI_MOVE_DECISION,
                KC_NO_SQUARE,
                KC_NO_SQUARE,
                kind.index() as u8,
            ]),
            _ => u32::from_le_bytes([KC_CHATURAJI_MOVE_PASS, KC_NO_SQUARE, KC_NO_SQUARE, 0]),
        }
    }

    /// The move of the bits of a struct the library wrote itself (a token
    /// whose digest matched): no checks, but total (other bits decode to
    /// some move, never a panic).
    #[inline(always)]
    fn decode_trusted(bits: u32) -> Move {
        let [kind, from, to, promotion] = bits.to_le_bytes();
        let (from, to) = (Square::from_index(from & 63), Square::from_index(to & 63));
        match kind {
            KC_CHATURAJI_MOVE_NORMAL => Move::Normal { from, to },
            KC_CHATURAJI_MOVE_PROMOTION => Move::Promotion {
                from,
                to,
                kind: PieceKind::SPECIAL_PROMOTION[usize::from(promotion & 3)],
            },
            KC_CHATURAJI_MOVE_DECISION => Move::Decision {
                kind: PieceKind::SPECIAL_PROMOTION[usize::from(promotion & 3)],
            },
            _ => Move::Pass,
        }
    }

    #[inline]
    pub(super) fn from_rust(mv: Move) -> Self {
        match mv {
            Move::Normal { from, to } => kc_chaturaji_move {
                kind: KC_CHATURAJI_MOVE_NORMAL,
                from: from.index() as u8,
                to: to.index() as u8,
                promotion: 0,
            },
            Move::Promotion { from, to, kind } => kc_chaturaji_move {
                kind: KC_CHATURAJI_MOVE_PROMOTION,
                from: from.index() as u8,
                to: to.index() as u8,
                promotion: kind.index() as u8,
            },
            Move::Decision { kind } => kc_chaturaji_move {
                kind: KC_CHATURAJI_MOVE_DECISION,
                from: KC_NO_SQUARE,
                to: KC_NO_SQUARE,
                promotion: kind.index() as u8,
            },
            _ => Self::PASS,
        }
    }
}

impl kc_chaturaji_piece {
    fn from_rust(piece: Option<Piece>) -> Self {
        match piece {
            None => kc_chaturaji_piece {
                present: 0,
                colour: 0,
                kind: 0,
            },
            Some(piece) => kc_chaturaji_piece {
                present: 1,
                colour: piece.colour.index() as u8,
                kind: piece.kind.index() as u8,
            },
        }
    }
}

fn colour_code(colour: Option<Colour>) -> u8 {
    colour.map_or(KC_CHATURAJI_NO_COLOUR, |c| c.index() as u8)
}

fn squares_of(bitboard: Bitboard) -> ArrayVec<u8, 64> {
    bitboard.into_iter().map(|sq| sq.index() as u8).collect()
}

/// Reads the rules options behind a pointer from C.
///
/// # Safety
/// `rules` is NULL or points to a readable `kc_chaturaji_rules`.
unsafe fn read_rules(rules: *const kc_chaturaji_rules) -> Result<Rules, Failure> {
    let ptr = check_ptr(rules, "rules")?;
    // SAFETY: checked non-null and aligned; readable per the caller. Every
    // bit pattern of the two integer fields is a valid value.
    unsafe { ptr.as_ptr().read() }.to_rust()
}

/// Writes `value` to the checked output pointer `out` (for the many small
/// query functions).
///
/// # Safety
/// `out` is NULL or valid for writing a `T`.
unsafe fn answer<T>(out: *mut T, value: impl FnOnce() -> Result<T, Failure>) -> FfiResult {
    let out = out_ptr(out, "out")?;
    let value = value()?;
    // SAFETY: checked; writable per the caller.
    unsafe { write_out(out, value) };
    Ok(())
}

// ---------------------------------------------------------------------------
// Rules options.

/// Writes the default rules options to `*out`: the sheet's alliances
/// (`KC_CHATURAJI_ALLIANCES_SHEET`) and the draw limit
/// `KC_CHATURAJI_DEFAULT_DRAW_LIMIT` (200).
///
/// # Safety
/// `out` points to a writable `kc_chaturaji_rules`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_rules_default(out: *mut kc_chaturaji_rules) -> kc_status {
    run("kc_chaturaji_rules_default", || {
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(kc_chaturaji_rules::from_rust(Rules::default()))) }
    })
}

/// Writes the ally of `colour` (0..3) under `rules` to `*out`. Out-of-range
/// values (a colour of 4 or more, unknown alliances) give
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `rules` points to a readable `kc_chaturaji_rules`; `out` points to a
/// writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_ally(
    rules: *const kc_chaturaji_rules,
    colour: u8,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_ally", || {
        // SAFETY: forwarded from the caller.
        let rules = unsafe { read_rules(rules)? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(rules.ally(colour).index() as u8)) }
    })
}

/// Writes the two colours of `colour`'s alliance under `rules` to `*out`,
/// the smaller first. Out-of-range values give `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `rules` points to a readable `kc_chaturaji_rules`; `out` points to a
/// writable `kc_chaturaji_alliance_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_alliance_of(
    rules: *const kc_chaturaji_rules,
    colour: u8,
    out: *mut kc_chaturaji_alliance_info,
) -> kc_status {
    run("kc_chaturaji_alliance_of", || {
        // SAFETY: forwarded from the caller.
        let rules = unsafe { read_rules(rules)? };
        let colour = colour_in(colour, "colour")?;
        let [a, b] = rules.alliance_of(colour);
        // SAFETY: forwarded from the caller.
        unsafe {
            answer(out, || {
                Ok(kc_chaturaji_alliance_info {
                    colours: [a.index() as u8, b.index() as u8],
                })
            })
        }
    })
}

// ---------------------------------------------------------------------------
// Fixed board data.

/// Writes the 16 marked squares (a1 d1 e1 h1 a4 d4 e4 h4 a5 d5 e5 h5 a8 d8
/// e8 h8, ascending) into `buf` and their number to `*out_len`. Array buffer
/// convention: a `cap` below `KC_CHATURAJI_MARKED_SQUARE_COUNT` gives
/// `KC_ERR_BUFFER_TOO_SMALL` with the count needed in `*out_len`; `buf` may
/// be NULL when `cap` is 0.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_marked_squares(
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_marked_squares", || {
        let squares: ArrayVec<u8, 16> = MARKED_SQUARES.iter().map(|s| s.index() as u8).collect();
        // SAFETY: forwarded from the caller.
        unsafe { write_array(&squares, buf, cap, out_len) }
    })
}

/// Writes the 16 special promotion squares (the start squares of rajas,
/// elephants, horses and boats, ascending) into `buf` and their number to
/// `*out_len`; same array buffer convention as
/// `kc_chaturaji_marked_squares`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_special_promotion_squares(
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_special_promotion_squares", || {
        let squares = squares_of(SPECIAL_PROMOTION_SQUARES);
        // SAFETY: forwarded from the caller.
        unsafe { write_array(&squares, buf, cap, out_len) }
    })
}

/// Writes the throne of `colour` (the square its raja starts on: h4 = 31
/// for Red, e8 = 60 Black, a5 = 32 Yellow, d1 = 3 Green) to `*out`.
///
/// # Safety
/// `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_throne(colour: u8, out: *mut u8) -> kc_status {
    run("kc_chaturaji_throne", || {
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(THRONES[colour.index()].index() as u8)) }
    })
}

// ---------------------------------------------------------------------------
// Creating, copying and freeing positions.

/// Creates the start position under `*rules` (every army on its start
/// squares, Red to move; Green under the Ludii ruleset) and writes a
/// pointer to it to `*out`.
///
/// Ownership: `rules` is only read. The new position belongs to the
/// caller, who must release it with `kc_chaturaji_position_free`. `*out` is
/// written only on success.
///
/// # Safety
/// `rules` points to a readable `kc_chaturaji_rules`; `out` points to a
/// writable `kc_chaturaji_position *`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_new_start(
    rules: *const kc_chaturaji_rules,
    out: *mut *mut kc_chaturaji_position,
) -> kc_status {
    run("kc_chaturaji_position_new_start", || {
        // SAFETY: forwarded from the caller.
        let rules = unsafe { read_rules(rules)? };
        out_ptr(out, "out")?;
        // SAFETY: forwarded from the caller.
        unsafe { give_position(Position::start(rules), out) }
    })
}

/// Parses a position text (`<board> <to-move> <command> <lost-pawn>
/// <captured-rajas> <quiet> <ply>`, the rules reference (§3, notation)) under `*rules`, e.g.
/// the start: `yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0`.
/// Under the Ludii ruleset the text is `<board> <to-move> <scores>
/// <decision> <turns>` (the rules reference, §2.13, the Ludii ruleset), the start ending `g 0,0,0,0 - 0`.
///
/// On malformed or inconsistent text the result is `KC_ERR_PARSE` and
/// `kc_last_error_message` gives the field, the 0-based byte offset and the
/// reason, e.g. `command (offset 101): ...`.
///
/// Ownership: `text` and `rules` are only read during the call. The new
/// position belongs to the caller, who must release it with
/// `kc_chaturaji_position_free`. `*out` is written only on success.
///
/// # Safety
/// `text` is a NUL-terminated string; `rules` points to a readable
/// `kc_chaturaji_rules`; `out` points to a writable
/// `kc_chaturaji_position *`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_from_text(
    text: *const c_char,
    rules: *const kc_chaturaji_rules,
    out: *mut *mut kc_chaturaji_position,
) -> kc_status {
    run("kc_chaturaji_position_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        // SAFETY: forwarded from the caller.
        let rules = unsafe { read_rules(rules)? };
        out_ptr(out, "out")?;
        let pos = Position::from_text(text, rules)
            .map_err(|err| fail(KC_ERR_PARSE, format!("position text: {err}")))?;
        // SAFETY: forwarded from the caller.
        unsafe { give_position(pos, out) }
    })
}

/// Releases a position made by this library. NULL is a no-op. The pointer
/// must not be used afterwards.
///
/// # Safety
/// `pos` is NULL or a position from `kc_chaturaji_position_new_start`,
/// `_from_text` or `_clone` that has not been freed yet.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_free(pos: *mut kc_chaturaji_position) {
    // SAFETY: forwarded from the caller.
    unsafe { free_handle(pos) }
}

/// Creates an independent copy of `pos` (with its rules options) and writes
/// a pointer to it to `*out`.
///
/// Ownership: `pos` stays the caller's and is only read. The copy belongs to
/// the caller, who must release it with `kc_chaturaji_position_free`.
/// `*out` is written only on success.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable
/// `kc_chaturaji_position *`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_clone(
    pos: *const kc_chaturaji_position,
    out: *mut *mut kc_chaturaji_position,
) -> kc_status {
    run("kc_chaturaji_position_clone", || {
        // SAFETY: forwarded from the caller.
        unsafe { clone_handle(pos, out) }
    })
}

/// Overwrites the existing position `dst` with a copy of `src` (rules
/// options included), without allocating (for search trees, scratch boards
/// and saved states). `src == dst` is allowed and changes nothing.
///
/// Ownership: both positions stay the caller's; `src` is only read.
///
/// # Safety
/// `src` and `dst` are live positions; nothing else uses `dst` during the
/// call.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_copy(
    src: *const kc_chaturaji_position,
    dst: *mut kc_chaturaji_position,
) -> kc_status {
    run("kc_chaturaji_position_copy", || {
        // SAFETY: forwarded from the caller.
        unsafe { copy_handle(src, dst) }
    })
}

// ---------------------------------------------------------------------------
// Reading a position.

/// Formats `pos` as its position text into `buf`
/// (`KC_CHATURAJI_POSITION_TEXT_CAP` bytes always suffice). The rules
/// options are not part of the text.
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
pub unsafe extern "C" fn kc_chaturaji_position_to_text(
    pos: *const kc_chaturaji_position,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_position_to_text", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let mut text = ArrayString::<KC_CHATURAJI_POSITION_TEXT_CAP>::new();
        write!(text, "{pos}").map_err(|_| fail(KC_ERR_PANIC, "position text too long"))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

/// Formats a printable board diagram of `pos` into `buf`: ranks 8 to 1,
/// each piece as its two-letter code (`gK`, `rP`), `.` for an empty square
/// and `*` for an empty marked square, a legend of the letters, then the
/// seat to move, the command of each colour, the counters and the outcome
/// word.
/// `KC_CHATURAJI_DIAGRAM_CAP` bytes always suffice. Same text buffer
/// convention as `kc_chaturaji_position_to_text`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_diagram(
    pos: *const kc_chaturaji_position,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_position_diagram", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let mut text = ArrayString::<KC_CHATURAJI_DIAGRAM_CAP>::new();
        write!(text, "{}", pos.diagram()).map_err(|_| fail(KC_ERR_PANIC, "diagram too long"))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

/// Writes the rules options `pos` was created with to `*out` (a draw limit
/// of 0 means no draw rule).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `kc_chaturaji_rules`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_rules(
    pos: *const kc_chaturaji_position,
    out: *mut kc_chaturaji_rules,
) -> kc_status {
    run("kc_chaturaji_position_rules", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(kc_chaturaji_rules::from_rust(pos.rules()))) }
    })
}

/// Writes the seat to move (0..3) to `*out`; after the game has ended, the
/// seat that would be next.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_to_move(
    pos: *const kc_chaturaji_position,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_to_move", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.to_move().index() as u8)) }
    })
}

/// Writes the number of plies played since the start (the `<ply>` field of
/// the text) to `*out`; under the Ludii ruleset the rolled plies (the
/// `<turns>` field: promotion decisions are not counted).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_ply(
    pos: *const kc_chaturaji_position,
    out: *mut u32,
) -> kc_status {
    run("kc_chaturaji_ply", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.ply())) }
    })
}

/// Writes the number of plies played since the last capture (the `<quiet>`
/// field) to `*out`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_quiet_plies(
    pos: *const kc_chaturaji_position,
    out: *mut u32,
) -> kc_status {
    run("kc_chaturaji_quiet_plies", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.quiet_plies())) }
    })
}

/// Writes the position's 64-bit Zobrist hash to `*out`. It covers the
/// pieces, the seat to move, the command of each colour, the lost-pawn flags
/// and the captured rajas (Ludii: also the scores and a pending decision);
/// not the quiet and ply counters nor the rules.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_hash(
    pos: *const kc_chaturaji_position,
    out: *mut u64,
) -> kc_status {
    run("kc_chaturaji_hash", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.hash())) }
    })
}

/// Writes how the game stands to `*out` (see `kc_chaturaji_outcome_info`).
/// A win is reported before a draw when both apply.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable
/// `kc_chaturaji_outcome_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_outcome(
    pos: *const kc_chaturaji_position,
    out: *mut kc_chaturaji_outcome_info,
) -> kc_status {
    fast_path(
        "kc_chaturaji_outcome",
        || {
            if !usable2(pos, out) {
                return None;
            }
            // SAFETY: non-null and aligned; live per the caller.
            let pos = unsafe { &(*pos).pos };
            let outcome = if pos.rules.is_ludii() {
                pos.outcome()
            } else {
                // `outcome` under the sheet's rules, without its call.
                pos.sheet_outcome()
            };
            // SAFETY: non-null and aligned; writable per the caller.
            unsafe { out.write(outcome_info(outcome)) };
            Some(KC_OK)
        },
        // SAFETY: forwarded from the caller.
        || unsafe { outcome_checked(pos, out) },
    )
}

/// The C form of an outcome.
#[inline]
fn outcome_info(outcome: Outcome) -> kc_chaturaji_outcome_info {
    let none = [KC_CHATURAJI_NO_COLOUR; 2];
    match outcome {
        Outcome::AllianceWins([a, b]) => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_ALLIANCE_WINS,
            winners: [a.index() as u8, b.index() as u8],
        },
        Outcome::Draw => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_DRAW,
            winners: none,
        },
        Outcome::ColourWins(colour) => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_COLOUR_WINS,
            winners: [colour.index() as u8, KC_CHATURAJI_NO_COLOUR],
        },
        Outcome::TopScoreTie => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_TOP_SCORE_TIE,
            winners: none,
        },
        _ => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_ONGOING,
            winners: none,
        },
    }
}

/// `kc_chaturaji_outcome` with every check and its error message.
///
/// # Safety
/// As `kc_chaturaji_outcome`.
#[cold]
#[inline(never)]
unsafe fn outcome_checked(
    pos: *const kc_chaturaji_position,
    out: *mut kc_chaturaji_outcome_info,
) -> kc_status {
    run("kc_chaturaji_outcome", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(outcome_info(pos.outcome()))) }
    })
}

/// Writes what stands on `square` (`0..64`) to `*out` (see
/// `kc_chaturaji_piece`). A square of 64 or more gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `kc_chaturaji_piece`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_piece_at(
    pos: *const kc_chaturaji_position,
    square: u8,
    out: *mut kc_chaturaji_piece,
) -> kc_status {
    run("kc_chaturaji_piece_at", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let square = square_in(square, "square")?;
        // SAFETY: forwarded from the caller.
        unsafe {
            answer(out, || {
                Ok(kc_chaturaji_piece::from_rust(pos.piece_at(square)))
            })
        }
    })
}

/// Writes the seat commanding `colour`'s army (0..3) to `*out`: its own,
/// or its ally's once its throne was conquered; `KC_CHATURAJI_NO_COLOUR`
/// when no piece of `colour` is left.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_commander(
    pos: *const kc_chaturaji_position,
    colour: u8,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_commander", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(colour_code(pos.commander(colour)))) }
    })
}

/// Writes to `*out` whether `seat` (0..3) commands at least one piece (a
/// seat not in play is skipped in the turn order).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_seat_in_play(
    pos: *const kc_chaturaji_position,
    seat: u8,
    out: *mut bool,
) -> kc_status {
    run("kc_chaturaji_seat_in_play", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let seat = colour_in(seat, "seat")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.seat_in_play(seat))) }
    })
}

/// Writes to `*out` whether `colour` (0..3) is out of the game (no piece of
/// it on the board).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_is_out(
    pos: *const kc_chaturaji_position,
    colour: u8,
    out: *mut bool,
) -> kc_status {
    run("kc_chaturaji_is_out", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.is_out(colour))) }
    })
}

/// Writes to `*out` whether `colour` (0..3) has lost a pawn to capture (from
/// then on its pawns promote on reaching their promotion squares).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_lost_pawn(
    pos: *const kc_chaturaji_position,
    colour: u8,
    out: *mut bool,
) -> kc_status {
    run("kc_chaturaji_lost_pawn", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.lost_pawn(colour))) }
    })
}

/// Writes to `*out` how many rajas of `colour` (0..3) have been captured and
/// not exchanged back (they are held by the other alliance).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_captured_rajas(
    pos: *const kc_chaturaji_position,
    colour: u8,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_captured_rajas", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.captured_rajas(colour))) }
    })
}

// ---------------------------------------------------------------------------
// The die.

/// Throws the die with the SplitMix64 generator whose state the caller
/// keeps in `*rng_state` (advanced), writing 2, 3, 4 or 5 (each with
/// probability 1/4) to `*out_roll`. Seed a game by storing any value in the
/// state: it is the generator of the Rust `DiceRoller` / `roll_with`, so the
/// same seed gives the same rolls in C and in Rust. One state may drive both
/// the die and `kc_chaturaji_choose_move`, as the Rust `play_seeded_game`
/// does.
///
/// # Safety
/// `rng_state` points to a `uint64_t` the caller owns (read and written);
/// `out_roll` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_roll(rng_state: *mut u64, out_roll: *mut u8) -> kc_status {
    fast_path(
        "kc_chaturaji_roll",
        || {
            if !usable2(rng_state, out_roll) {
                return None;
            }
            // SAFETY: non-null and aligned; the caller owns them.
            unsafe {
                let mut rng = SplitMix64::new(rng_state.read());
                let roll = roll_with(&mut rng);
                rng_state.write(rng.state);
                out_roll.write(roll.face());
            }
            Some(KC_OK)
        },
        || roll_checked(rng_state, out_roll),
    )
}

/// `kc_chaturaji_roll`'s errors, with their messages.
#[cold]
#[inline(never)]
fn roll_checked(rng_state: *mut u64, out_roll: *mut u8) -> kc_status {
    run("kc_chaturaji_roll", || {
        out_ptr(rng_state, "rng_state")?;
        out_ptr(out_roll, "out_roll")?;
        Err(fail(KC_ERR_PANIC, "kc_chaturaji_roll: unreachable"))
    })
}

/// Picks one of the legal moves of `pos` for `roll` uniformly at random
/// (the pass when there is no other), using and advancing the SplitMix64
/// state `*rng_state` kept in caller memory, and writes it to `*out`. The
/// choice is `moves[below(n)]` in the order of `kc_chaturaji_legal_moves`,
/// exactly as the Rust `Position::choose_move`. A finished game gives
/// `KC_ERR_GAME_OVER` with the state untouched; a roll other than 2..5
/// gives `KC_ERR_INVALID_ARGUMENT`. Never allocates. (`kc_chaturaji_choose`
/// makes the same choice with a token, so that the move can be played
/// without a second legality check.)
///
/// # Safety
/// `pos` is a live position; `rng_state` points to a `uint64_t` the caller
/// owns (read and written); `out` points to a writable `kc_chaturaji_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_choose_move(
    pos: *const kc_chaturaji_position,
    roll: u8,
    rng_state: *mut u64,
    out: *mut kc_chaturaji_move,
) -> kc_status {
    run("kc_chaturaji_choose_move", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let roll = roll_in(roll)?;
        let state = out_ptr(rng_state, "rng_state")?;
        let out = out_ptr(out, "out")?;
        // SAFETY: checked; the caller owns the state.
        let mut rng = SplitMix64::new(unsafe { state.as_ptr().read() });
        let mv = pos
            .choose_move(roll, &mut rng)
            .ok_or_else(|| fail(KC_ERR_GAME_OVER, "the game is over: no move to choose"))?;
        // SAFETY: checked; writable per the caller.
        unsafe {
            write_out(state, rng.state);
            write_out(out, kc_chaturaji_move::from_rust(mv));
        }
        Ok(())
    })
}

// ---------------------------------------------------------------------------
// Moves.

/// Writes every legal move of `pos` for `roll` (2..5) into `buf`, in the
/// library's generation order, and their number to `*out_len`. When the roll
/// allows no move the list is the single pass; a finished game has no legal
/// moves (`*out_len` 0). A buffer of `KC_CHATURAJI_MAX_MOVES` (or
/// `KC_MAX_MOVES`) elements is always large enough. Never allocates.
///
/// If `cap` is smaller than the number of moves, nothing is written to
/// `buf`, `*out_len` is the number needed and the result is
/// `KC_ERR_BUFFER_TOO_SMALL`; `buf` may be NULL when `cap` is 0 (a count
/// query). A roll other than 2..5 gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable `kc_chaturaji_move`s owned by the caller; `out_len` points to a
/// writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_legal_moves(
    pos: *const kc_chaturaji_position,
    roll: u8,
    buf: *mut kc_chaturaji_move,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_legal_moves", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        out_ptr(out_len, "out_len")?;
        let roll = roll_in(roll)?;
        let mut moves = MoveList::new();
        pos.generate_moves(roll, &mut moves);
        // SAFETY: forwarded from the caller.
        unsafe { write_array_with(&moves, kc_chaturaji_move::from_rust, buf, cap, out_len) }
    })
}

/// Writes to `*out` whether `mv` is legal in `pos` for `roll` (2..5),
/// checked directly. A malformed `mv` (see `kc_chaturaji_move`) or a roll
/// other than 2..5 gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_is_legal(
    pos: *const kc_chaturaji_position,
    roll: u8,
    mv: kc_chaturaji_move,
    out: *mut bool,
) -> kc_status {
    run("kc_chaturaji_is_legal", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let roll = roll_in(roll)?;
        let legal = pos.is_legal(roll, mv.to_rust()?);
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, legal) };
        Ok(())
    })
}

/// Plays `mv` in `pos` if it is legal for `roll` (2..5), and writes the
/// record that takes it back to `*out_undo`. An illegal move gives
/// `KC_ERR_ILLEGAL_MOVE` (the last error message says why, e.g. `illegal
/// move 3:h1f3: the roll does not name this piece's kind`) and leaves `pos`
/// untouched; a malformed move or roll gives `KC_ERR_INVALID_ARGUMENT`.
/// Never allocates. (To play the move `kc_chaturaji_choose` picked, without
/// this legality check, use `kc_chaturaji_play_chosen`.)
///
/// Ownership: `pos` stays the caller's. `out_undo` is caller memory; it may
/// be NULL when the caller will not take the move back.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call;
/// `out_undo` is NULL or points to a writable `kc_chaturaji_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_play(
    pos: *mut kc_chaturaji_position,
    roll: u8,
    mv: kc_chaturaji_move,
    out_undo: *mut kc_chaturaji_undo_record,
) -> kc_status {
    run("kc_chaturaji_play", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        let out_undo = optional_ptr(out_undo, "out_undo")?;
        let roll = roll_in(roll)?;
        let mv = mv.to_rust()?;
        if !pos.is_legal(roll, mv) {
            let mut scratch = pos.clone();
            return Err(match scratch.play(roll, mv) {
                Err(err) => illegal(pos, roll, mv, &err),
                Ok(_) => fail(KC_ERR_PANIC, "is_legal and play disagree"),
            });
        }
        // SAFETY: checked; writable per the caller.
        unsafe { play_legal(pos, mv, out_undo) };
        Ok(())
    })
}

/// Plays the legal move `mv` and, when asked, writes its sealed record.
///
/// # Safety
/// `out_undo` is checked (non-null, aligned) and writable.
unsafe fn play_legal(
    pos: &mut Position,
    mv: Move,
    out_undo: Option<NonNull<kc_chaturaji_undo_record>>,
) {
    match out_undo {
        None => pos.apply(mv),
        Some(out) => {
            let mut record = undo_record(pos, mv);
            pos.apply(mv);
            record.check = record.seal(pos);
            // SAFETY: forwarded from the caller.
            unsafe { write_out(out, record) };
        }
    }
}

/// Takes back the last move played in `pos`, described by `undo` (from
/// `kc_chaturaji_play` or `kc_chaturaji_play_chosen`). Never allocates.
///
/// The record is checked in constant time before anything changes: its
/// `check` must be the digest, under this process's key, of every field of
/// the record and of the position the move made (its hash, ply and quiet
/// counters and rules options): that is, of exactly `pos`. A record from
/// another position or game, a stale one (an earlier move), one already
/// taken back, one taken across a raja exchange, or an edited or forged one
/// gives `KC_ERR_INVALID_ARGUMENT` and leaves `pos` untouched. (An exchange
/// is not a move: to take one back, keep a copy made with
/// `kc_chaturaji_position_copy`.) Records are valid only in the process
/// that made them.
///
/// Ownership: `undo` is caller memory, only read.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call; `undo`
/// points to a readable `kc_chaturaji_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_undo(
    pos: *mut kc_chaturaji_position,
    undo: *const kc_chaturaji_undo_record,
) -> kc_status {
    run("kc_chaturaji_undo", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        let undo = check_ptr(undo, "undo")?;
        // SAFETY: checked; readable per the caller. The record holds only
        // integers, so every bit pattern is a valid value.
        let record = unsafe { undo.as_ptr().read() };
        if record.check != record.seal(pos) {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                "the undo record does not describe the last move played in this position \
                 (stale, foreign, already used or edited: its check does not match)",
            ));
        }
        pos.state = record.saved_state().map_err(|why| {
            fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("the undo record does not describe the last move played in this position ({why})"),
            )
        })?;
        Ok(())
    })
}

/// The failure for an illegal move: the error's message, with a hint about
/// special-promotion suffixes when one applies.
fn illegal(pos: &Position, roll: Roll, mv: Move, err: &IllegalMoveError) -> Failure {
    match pos.illegal_hint(roll, mv) {
        Some(hint) => fail(KC_ERR_ILLEGAL_MOVE, format!("{err} ({hint})")),
        None => fail(KC_ERR_ILLEGAL_MOVE, err.to_string()),
    }
}

/// The undo record of `mv` about to be played in `pos`, not sealed yet.
fn undo_record(pos: &Position, mv: Move) -> kc_chaturaji_undo_record {
    let state = &pos.state;
    let mut board = [KC_CHATURAJI_UNDO_EMPTY; 64];
    for (c, &colour) in state.colours.iter().enumerate() {
        for (k, &kind) in state.kinds.iter().enumerate() {
            for square in colour & kind {
                board[square.index()] = 1 + 5 * c as u8 + k as u8;
            }
        }
    }
    kc_chaturaji_undo_record {
        mv: kc_chaturaji_move::from_rust(mv),
        board,
        to_move: state.to_move.index() as u8,
        command: state.command.map(colour_code),
        lost_pawn: state.lost_pawn.map(u8::from),
        captured_rajas: state.captured_rajas,
        decision: state
            .decision
            .map_or(KC_NO_SQUARE, |square| square.index() as u8),
        quiet: state.quiet,
        ply: state.ply,
        scores: state.scores,
        hash_before: state.hash,
        check: 0,
    }
}

impl kc_chaturaji_undo_record {
    /// The keyed digest of every field but `check`, and of the position
    /// `after` the record must be applied to (hash, counters, rules).
    fn seal(&self, after: &Position) -> u64 {
        let m = &self.mv;
        let mut words = [0u64; 18];
        for (word, chunk) in words.iter_mut().zip(self.board.chunks_exact(8)) {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(chunk);
            *word = u64::from_le_bytes(bytes);
        }
        let c = &self.command;
        let l = &self.lost_pawn;
        words[8] = u64::from_le_bytes([c[0], c[1], c[2], c[3], l[0], l[1], l[2], l[3]]);
        let r = &self.captured_rajas;
        words[9] = u64::from_le_bytes([r[0], r[1], r[2], r[3], m.kind, m.from, m.to, m.promotion])
            ^ u64::from(self.to_move).rotate_right(8);
        words[10] = u64::from(self.quiet) << 32 | u64::from(self.ply);
        words[11] = self.hash_before;
        words[12] = after.state.hash;
        words[13] = u64::from(after.state.quiet) << 32 | u64::from(after.state.ply);
        let s = &self.scores;
        words[14] = u64::from(s[0]) << 32 | u64::from(s[1]);
        words[15] = u64::from(s[2]) << 32 | u64::from(s[3]);
        words[16] = u64::from(self.decision);
        words[17] = rules_code(after.rules);
        seal::chaturaji_undo(&words)
    }

    /// The saved state (trusted: called only on a record whose check
    /// matched), with range checks so that no value can index out of
    /// bounds.
    fn saved_state(&self) -> Result<State, &'static str> {
        let colour = |code: u8| -> Result<Option<Colour>, &'static str> {
            match code {
                KC_CHATURAJI_NO_COLOUR => Ok(None),
                0..=3 => Ok(Some(Colour::from_index(code as usize))),
                _ => Err("bad colour code"),
            }
        };
        let mut state = State::EMPTY;
        for (index, &code) in self.board.iter().enumerate() {
            if code == KC_CHATURAJI_UNDO_EMPTY {
                continue;
            }
            if code > 20 {
                return Err("bad board code");
            }
            let bb = Square::from_index(index as u8).bitboard();
            state.colours[usize::from((code - 1) / 5)] |= bb;
            state.kinds[usize::from((code - 1) % 5)] |= bb;
        }
        state.to_move = colour(self.to_move)?.ok_or("bad seat to move")?;
        for i in 0..4 {
            state.command[i] = colour(self.command[i])?;
            state.lost_pawn[i] = self.lost_pawn[i] != 0;
        }
        state.captured_rajas = self.captured_rajas;
        state.decision = match self.decision {
            KC_NO_SQUARE => None,
            code => Some(Square::new(code).ok_or("bad decision square")?),
        };
        state.quiet = self.quiet;
        state.ply = self.ply;
        state.scores = self.scores;
        state.hash = self.hash_before;
        Ok(state)
    }
}

/// The rules options as one number below 2^19 (for digests).
#[inline(always)]
fn rules_code(rules: Rules) -> u64 {
    let alliances = match rules.alliances {
        Alliances::Sheet => 0,
        _ => 1,
    };
    u64::from(rules.is_ludii()) << 18
        | alliances << 17
        | rules
            .draw_limit
            .map_or(0, |limit| 0x1_0000 | u64::from(limit))
}

/// A move chosen by `kc_chaturaji_choose` for one position and roll, with a
/// token that lets `kc_chaturaji_play_chosen` play it without checking its
/// legality again. A plain value the caller keeps (32 bytes, no padding);
/// read `mv` and `roll` freely, but do not edit the struct: the position's
/// `hash`, `ply` and `quiet` counters are compared as they are, and `check`
/// is a keyed digest (the key is made at random once per process) binding
/// `mv`, `roll` and `reserved` to that hash and to the position's rules
/// options, so an edited, forged, stale or foreign token is refused. Valid
/// only in the process that made it, and only until the position changes.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_chosen_move {
    /// The chosen move (the pass when the roll allows no other).
    pub mv: kc_chaturaji_move,
    /// The roll it was chosen for (2..5).
    pub roll: u8,
    /// Written as 0 (covered by `check`).
    pub reserved: [u8; 3],
    /// The ply counter of the position it was chosen in.
    pub ply: u32,
    /// The quiet-ply counter of the position it was chosen in.
    pub quiet: u32,
    /// The hash of the position it was chosen in.
    pub hash: u64,
    /// The keyed digest that makes the token (see above).
    pub check: u64,
}

const _: () = assert!(core::mem::size_of::<kc_chaturaji_chosen_move>() == 32);
const _: () = assert!(core::mem::align_of::<kc_chaturaji_chosen_move>() == 8);

impl kc_chaturaji_chosen_move {
    /// The token as four words (32 bytes of integer fields, no padding).
    #[inline(always)]
    fn words(&self) -> [u64; 4] {
        // SAFETY: a `repr(C)` struct of 32 bytes without padding (checked
        // above: 4 + 1 + 3 + 4 + 4 + 8 + 8), aligned for `u64`; every byte
        // is an initialised integer.
        unsafe { core::mem::transmute_copy(self) }
    }

    /// The keyed digest of the token's first word (move, roll, reserved)
    /// bound to the hash and rules options of `handle`'s position.
    #[inline(always)]
    fn seal(&self, handle: &kc_chaturaji_position) -> u64 {
        debug_assert_eq!(handle.rules_code, rules_code(handle.pos.rules));
        seal::chaturaji_token(handle.pos.state.hash ^ handle.rules_code, self.words()[0])
    }

    /// A move for `roll` (whose face is `face`) chosen in `handle`'s
    /// position with `rng`, exactly as `Position::choose_move`, with its
    /// token; `None` when the game is over (`rng` untouched then).
    #[inline(always)]
    fn choose(
        handle: &kc_chaturaji_position,
        roll: Roll,
        face: u8,
        rng: &mut SplitMix64,
    ) -> Option<Self> {
        let pos = &handle.pos;
        let mv = if pos.rules.is_ludii() {
            pos.choose_move(roll, rng)?
        } else {
            // `choose_move` under the sheet's rules, without its call.
            if pos.sheet_outcome().is_over() {
                return None;
            }
            pos.choose_move_unchecked(roll, rng)
        };
        let mut chosen = kc_chaturaji_chosen_move {
            mv: kc_chaturaji_move::from_bits(kc_chaturaji_move::encode(mv)),
            roll: face,
            reserved: [0; 3],
            ply: pos.state.ply,
            quiet: pos.state.quiet,
            hash: pos.state.hash,
            check: 0,
        };
        chosen.check = chosen.seal(handle);
        Some(chosen)
    }

    /// Whether the token was made by `kc_chaturaji_choose` for exactly
    /// `handle`'s position.
    #[inline(always)]
    fn belongs(&self, handle: &kc_chaturaji_position) -> bool {
        let s = &handle.pos.state;
        (self.hash == s.hash) & (self.ply == s.ply) & (self.quiet == s.quiet)
            && self.check == self.seal(handle)
    }
}

/// Picks a move exactly as `kc_chaturaji_choose_move` does (same choice,
/// same use of `*rng_state`) and writes it to `*out` with a token for this
/// exact position and roll (see `kc_chaturaji_chosen_move`), to be played
/// with `kc_chaturaji_play_chosen`. A finished game gives `KC_ERR_GAME_OVER`
/// with the state untouched; a roll other than 2..5 gives
/// `KC_ERR_INVALID_ARGUMENT`. Never allocates.
///
/// # Safety
/// `pos` is a live position; `rng_state` points to a `uint64_t` the caller
/// owns (read and written); `out` points to a writable
/// `kc_chaturaji_chosen_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_choose(
    pos: *const kc_chaturaji_position,
    roll: u8,
    rng_state: *mut u64,
    out: *mut kc_chaturaji_chosen_move,
) -> kc_status {
    fast_path(
        "kc_chaturaji_choose",
        || {
            let face = roll;
            let roll = *Roll::ALL.get(usize::from(face.wrapping_sub(2)))?;
            if !usable3(pos, rng_state, out) {
                return None;
            }
            // SAFETY: non-null and aligned; live, owned by the caller.
            let (handle, state) = unsafe { (&*pos, rng_state.read()) };
            let mut rng = SplitMix64::new(state);
            // A finished game: the checked path reports it.
            let chosen = kc_chaturaji_chosen_move::choose(handle, roll, face, &mut rng)?;
            // SAFETY: non-null and aligned; writable per the caller.
            unsafe {
                rng_state.write(rng.state);
                out.write(chosen);
            }
            Some(KC_OK)
        },
        // SAFETY: forwarded from the caller.
        || unsafe { choose_checked(pos, roll, rng_state, out) },
    )
}

/// `kc_chaturaji_choose`'s errors, with their messages (it writes nothing).
///
/// # Safety
/// As `kc_chaturaji_choose`.
#[cold]
#[inline(never)]
unsafe fn choose_checked(
    pos: *const kc_chaturaji_position,
    roll: u8,
    rng_state: *mut u64,
    out: *mut kc_chaturaji_chosen_move,
) -> kc_status {
    run("kc_chaturaji_choose", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        roll_in(roll)?;
        out_ptr(rng_state, "rng_state")?;
        out_ptr(out, "out")?;
        if pos.is_over() {
            return Err(fail(
                KC_ERR_GAME_OVER,
                "the game is over: no move to choose",
            ));
        }
        Err(fail(KC_ERR_PANIC, "kc_chaturaji_choose: unreachable"))
    })
}

/// Plays the move of `*chosen` (from `kc_chaturaji_choose`) in `pos`
/// without checking its legality again, after checking in constant time
/// that the token was made for exactly this position (same hash, ply and
/// quiet counters, same rules options) and is unedited; writes the record
/// that takes it back to `*out_undo` when `out_undo` is not NULL. A stale
/// token (the position has changed since, or the token was already
/// played), a token of another position, or an edited or forged one gives
/// `KC_ERR_INVALID_ARGUMENT` and leaves `pos` untouched. Never allocates.
///
/// A playout loop: `kc_chaturaji_roll`, `kc_chaturaji_choose`,
/// `kc_chaturaji_play_chosen`, `kc_chaturaji_outcome`.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call; `chosen`
/// points to a readable `kc_chaturaji_chosen_move`; `out_undo` is NULL or
/// points to a writable `kc_chaturaji_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_play_chosen(
    pos: *mut kc_chaturaji_position,
    chosen: *const kc_chaturaji_chosen_move,
    out_undo: *mut kc_chaturaji_undo_record,
) -> kc_status {
    fast_path(
        "kc_chaturaji_play_chosen",
        || {
            if !usable2(pos, chosen) || !usable_or_null(out_undo) {
                return None;
            }
            // SAFETY: non-null and aligned; live, unshared and readable per
            // the caller. The token holds only integers: any bits are a
            // valid value.
            let (handle, token) = unsafe { (&mut *pos, chosen.read()) };
            let mv = kc_chaturaji_move::decode_trusted(token.mv.bits());
            if !token.belongs(handle) {
                return None;
            }
            let pos = &mut handle.pos;
            // The digest matched: `mv` is the move chosen here.
            match NonNull::new(out_undo) {
                None => pos.apply(mv),
                // SAFETY: non-null, aligned and writable per the caller.
                out_undo => unsafe { play_legal(pos, mv, out_undo) },
            }
            Some(KC_OK)
        },
        // SAFETY: forwarded from the caller.
        || unsafe { play_chosen_checked(pos, chosen, out_undo) },
    )
}

/// Plays one random ply exactly as the Rust `play_seeded_game` does: throws
/// the die with the SplitMix64 state `*rng_state` (as `kc_chaturaji_roll`),
/// chooses one of the legal moves for the roll with the same state (as
/// `kc_chaturaji_choose_move`) and plays it; writes the roll to `*out_roll`
/// and the move to `*out_move` when they are not NULL. A pending Ludii
/// promotion decision is chosen without a roll: the die is not thrown and
/// the roll written is 0. The fast way to run
/// playouts (one call per ply, with `kc_chaturaji_outcome` to stop): the
/// same seed gives the same game as the Rust `play_seeded_game`. A finished
/// game gives `KC_ERR_GAME_OVER` with everything untouched. Never
/// allocates.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call;
/// `rng_state` points to a `uint64_t` the caller owns (read and written);
/// `out_roll` is NULL or points to a writable `uint8_t`; `out_move` is NULL
/// or points to a writable `kc_chaturaji_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_play_random(
    pos: *mut kc_chaturaji_position,
    rng_state: *mut u64,
    out_roll: *mut u8,
    out_move: *mut kc_chaturaji_move,
) -> kc_status {
    fast_path(
        "kc_chaturaji_play_random",
        || {
            if !usable2(pos, rng_state) {
                return None;
            }
            // SAFETY: non-null and aligned; live, unshared and owned by the
            // caller.
            let (pos, state) = unsafe { (&mut (*pos).pos, rng_state.read()) };
            let mut rng = SplitMix64::new(state);
            // A Ludii promotion decision is made without a roll (face 0).
            let (roll, face) = if pos.state.decision.is_some() {
                (Roll::ALL[0], 0)
            } else {
                let roll = roll_with(&mut rng);
                (roll, roll.face())
            };
            // A finished game: the checked path reports it.
            let mv = pos.choose_move(roll, &mut rng)?;
            pos.apply(mv);
            // SAFETY: checked above, or NULL-tested here; writable per the
            // caller (`u8` and `kc_chaturaji_move` have alignment 1).
            unsafe {
                rng_state.write(rng.state);
                if !out_roll.is_null() {
                    out_roll.write(face);
                }
                if !out_move.is_null() {
                    out_move.write(kc_chaturaji_move::from_bits(kc_chaturaji_move::encode(mv)));
                }
            }
            Some(KC_OK)
        },
        // SAFETY: forwarded from the caller.
        || unsafe { play_random_checked(pos, rng_state) },
    )
}

/// `kc_chaturaji_play_random`'s errors, with their messages (it changes
/// nothing).
///
/// # Safety
/// As `kc_chaturaji_play_random`.
#[cold]
#[inline(never)]
unsafe fn play_random_checked(pos: *mut kc_chaturaji_position, rng_state: *mut u64) -> kc_status {
    run("kc_chaturaji_play_random", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        out_ptr(rng_state, "rng_state")?;
        if pos.is_over() {
            return Err(fail(KC_ERR_GAME_OVER, "the game is over: no move to play"));
        }
        Err(fail(KC_ERR_PANIC, "kc_chaturaji_play_random: unreachable"))
    })
}

/// `kc_chaturaji_play_chosen`'s errors, with their messages (it changes
/// nothing).
///
/// # Safety
/// As `kc_chaturaji_play_chosen`.
#[cold]
#[inline(never)]
unsafe fn play_chosen_checked(
    pos: *mut kc_chaturaji_position,
    chosen: *const kc_chaturaji_chosen_move,
    out_undo: *mut kc_chaturaji_undo_record,
) -> kc_status {
    run("kc_chaturaji_play_chosen", || {
        // SAFETY: forwarded from the caller.
        unsafe { position_mut(pos, "pos")? };
        check_ptr(chosen, "chosen")?;
        optional_ptr(out_undo, "out_undo")?;
        Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            "the chosen move was not chosen in this position (stale, foreign, already played or edited)",
        ))
    })
}

/// Parses a move text (`h1f3`, `g7g8K` for a special promotion, `pass`;
/// the rules reference (§3, notation)) into `*out`. Malformed text gives `KC_ERR_PARSE` with
/// the byte offset and reason in the last error message. Parsing
/// does not check legality.
///
/// # Safety
/// `text` is a NUL-terminated string (only read); `out` points to a
/// writable `kc_chaturaji_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_move_from_text(
    text: *const c_char,
    out: *mut kc_chaturaji_move,
) -> kc_status {
    run("kc_chaturaji_move_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let out = out_ptr(out, "out")?;
        let mv = Move::parse(text).map_err(|err| {
            fail(
                KC_ERR_PARSE,
                format!("move text \"{}\": {err}", excerpt(text)),
            )
        })?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, kc_chaturaji_move::from_rust(mv)) };
        Ok(())
    })
}

/// Formats `mv` as move text into `buf` (`KC_CHATURAJI_MOVE_TEXT_CAP` bytes
/// always suffice). Same text buffer convention as
/// `kc_chaturaji_position_to_text`. A malformed `mv` gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_move_to_text(
    mv: kc_chaturaji_move,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_move_to_text", || {
        out_ptr(out_len, "out_len")?;
        let mv = mv.to_rust()?;
        let mut text = ArrayString::<KC_CHATURAJI_MOVE_TEXT_CAP>::new();
        write!(text, "{mv}").map_err(|_| fail(KC_ERR_PANIC, "move text too long"))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

/// Parses a square name (`a1`..`h8`) into its number (`0..64`) in `*out`.
/// Malformed text gives `KC_ERR_PARSE`.
///
/// # Safety
/// `text` is a NUL-terminated string (only read); `out` points to a
/// writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_square_from_text(
    text: *const c_char,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_square_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        let out = out_ptr(out, "out")?;
        let square = Square::parse(text).ok_or_else(|| {
            fail(
                KC_ERR_PARSE,
                format!("square text \"{}\" is not a square a1..h8", excerpt(text)),
            )
        })?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, square.index() as u8) };
        Ok(())
    })
}

/// Formats square number `square` (`0..64`) as its name (`a1`..`h8`) into
/// `buf` (3 bytes always suffice). Same text buffer convention as
/// `kc_chaturaji_position_to_text`; a square of 64 or more gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_square_to_text(
    square: u8,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_square_to_text", || {
        out_ptr(out_len, "out_len")?;
        let square = square_in(square, "square")?;
        let mut text = ArrayString::<4>::new();
        write!(text, "{square}").map_err(|_| fail(KC_ERR_PANIC, "square text too long"))?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&text, buf, cap, out_len) }
    })
}

// ---------------------------------------------------------------------------
// Raja exchanges.

/// Writes the raja exchanges possible now into `buf` (pairs of colours: the
/// first of Red's alliance, the second of the other) and their number to
/// `*out_len`; none when the game is over. `KC_CHATURAJI_MAX_EXCHANGES`
/// elements always suffice. Array buffer convention as
/// `kc_chaturaji_legal_moves`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable `kc_chaturaji_exchange_pair`s; `out_len` points to a writable
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_possible_exchanges(
    pos: *const kc_chaturaji_position,
    buf: *mut kc_chaturaji_exchange_pair,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_possible_exchanges", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let pairs: ArrayVec<kc_chaturaji_exchange_pair, KC_CHATURAJI_MAX_EXCHANGES> = pos
            .possible_exchanges()
            .iter()
            .map(|&(a, b)| kc_chaturaji_exchange_pair {
                first: a.index() as u8,
                second: b.index() as u8,
            })
            .collect();
        // SAFETY: forwarded from the caller.
        unsafe { write_array(&pairs, buf, cap, out_len) }
    })
}

/// Writes where a returning raja of `colour` (0..3) may be placed into
/// `buf` (ascending squares) and their number to `*out_len`: its throne when
/// free, else the free squares next to it (none when all are occupied).
/// `KC_CHATURAJI_MAX_RETURN_SQUARES` elements always suffice. Array buffer
/// convention as `kc_chaturaji_legal_moves`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_raja_return_squares(
    pos: *const kc_chaturaji_position,
    colour: u8,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_raja_return_squares", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        out_ptr(out_len, "out_len")?;
        let colour = colour_in(colour, "colour")?;
        let squares = squares_of(pos.raja_return_squares(colour));
        // SAFETY: forwarded from the caller.
        unsafe { write_array(&squares, buf, cap, out_len) }
    })
}

/// Applies a raja exchange: the captured raja of `colour_a` returns to
/// `square_a` and that of `colour_b` to `square_b`; the colours must be of
/// different alliances (either order). Not a move: the seat to move and the
/// counters do not change, and it cannot be taken back with
/// `kc_chaturaji_undo`.
///
/// Out-of-range colours or squares give `KC_ERR_INVALID_ARGUMENT`; an
/// exchange the rules do not allow now (the game is over, same alliance, no
/// such raja held, a colour out of the game, a square not allowed) gives
/// `KC_ERR_ILLEGAL_MOVE` with the reason in the last error message. Either
/// way `pos` is untouched.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_apply_exchange(
    pos: *mut kc_chaturaji_position,
    colour_a: u8,
    square_a: u8,
    colour_b: u8,
    square_b: u8,
) -> kc_status {
    run("kc_chaturaji_apply_exchange", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        let first = (
            colour_in(colour_a, "colour_a")?,
            square_in(square_a, "square_a")?,
        );
        let second = (
            colour_in(colour_b, "colour_b")?,
            square_in(square_b, "square_b")?,
        );
        pos.apply_exchange(first, second)
            .map_err(|err: ExchangeError| {
                fail(KC_ERR_ILLEGAL_MOVE, format!("exchange not allowed: {err}"))
            })
    })
}

// ---------------------------------------------------------------------------
// Perft.

/// Counts the leaves of the game tree of `depth` plies from `pos` over
/// chance nodes (perft with a die, the rules reference: every face 2..5 and every
/// legal move for it, the single pass where there is none; depth 0 gives 1,
/// a finished position 0) and writes the count to `*out`. Works on an
/// internal copy: `pos` is only read. `depth` above
/// `KC_CHATURAJI_MAX_PERFT_DEPTH` gives `KC_ERR_INVALID_ARGUMENT`. From the
/// start: 10, 100, 1000, 10000 at depths 1-4.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_perft(
    pos: *const kc_chaturaji_position,
    depth: u32,
    out: *mut u64,
) -> kc_status {
    run("kc_chaturaji_perft", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        if depth > KC_CHATURAJI_MAX_PERFT_DEPTH {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!(
                    "depth {depth} is above KC_CHATURAJI_MAX_PERFT_DEPTH ({KC_CHATURAJI_MAX_PERFT_DEPTH})"
                ),
            ));
        }
        let nodes = perft(pos, depth);
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, nodes) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaturaji::{play_seeded_game, START_TEXT};
    use crate::random::RandomSource;

    /// Both alliance options, and the Ludii ruleset.
    fn rules_both() -> [Rules; 3] {
        [
            Rules::default(),
            Rules::default().with_alliances(Alliances::Opposite),
            Rules::ludii(),
        ]
    }

    /// A C handle holding `pos`.
    fn handle(pos: &Position) -> *mut kc_chaturaji_position {
        Box::into_raw(Box::new(kc_chaturaji_position::wrap(pos.clone())))
    }

    fn inner(ptr: *mut kc_chaturaji_position) -> Position {
        // SAFETY: a live handle made by `handle`.
        unsafe { (*ptr).pos.clone() }
    }

    fn free(ptr: *mut kc_chaturaji_position) {
        // SAFETY: made by `handle`, freed once.
        unsafe { kc_chaturaji_position_free(ptr) };
    }

    fn play_c(
        ptr: *mut kc_chaturaji_position,
        roll: Roll,
        mv: Move,
    ) -> (kc_status, kc_chaturaji_undo_record) {
        // SAFETY: an all-integer struct.
        let mut record: kc_chaturaji_undo_record = unsafe { core::mem::zeroed() };
        // SAFETY: a live handle and a local record.
        let status = unsafe {
            kc_chaturaji_play(
                ptr,
                roll.face(),
                kc_chaturaji_move::from_rust(mv),
                &mut record,
            )
        };
        (status, record)
    }

    fn undo_c(ptr: *mut kc_chaturaji_position, record: &kc_chaturaji_undo_record) -> kc_status {
        // SAFETY: a live handle and a local record.
        unsafe { kc_chaturaji_undo(ptr, record) }
    }

    /// Every move of many seeded games can be taken back through its record,
    /// exactly; a stale record (an earlier move) and a record used twice
    /// are refused and change nothing.
    #[test]
    fn records_of_seeded_games_take_every_move_back() {
        for rules in rules_both() {
            for seed in 0..20 {
                let mut history = Vec::new();
                let mut end = Position::start(rules);
                play_seeded_game(&mut end, seed, 2000, |ply, _| history.push(ply));
                let ptr = handle(&Position::start(rules));
                let mut records = Vec::new();
                let mut befores = Vec::new();
                for ply in &history {
                    befores.push(inner(ptr));
                    // A Ludii decision has no roll: any face serves.
                    let roll = ply.roll.unwrap_or(Roll::ALL[0]);
                    let (status, record) = play_c(ptr, roll, ply.mv);
                    assert_eq!(status, KC_OK);
                    records.push(record);
                }
                assert_eq!(inner(ptr), end);
                while let Some(record) = records.pop() {
                    let now = inner(ptr);
                    if let Some(stale) = records.first() {
                        assert_eq!(undo_c(ptr, stale), KC_ERR_INVALID_ARGUMENT);
                        assert_eq!(inner(ptr), now);
                    }
                    assert_eq!(undo_c(ptr, &record), KC_OK);
                    assert_eq!(inner(ptr), befores.pop().unwrap());
                    let before = inner(ptr);
                    assert_eq!(undo_c(ptr, &record), KC_ERR_INVALID_ARGUMENT);
                    assert_eq!(inner(ptr), before);
                }
                assert_eq!(inner(ptr), Position::start(rules));
                free(ptr);
            }
        }
    }

    /// The bytes of a record's fields (no padding).
    const FIELD_BYTES: usize = 4 + 64 + 1 + 4 + 4 + 4 + 4 + 4 + 8 + 8;

    /// `record` with byte `i` of its fields (in declaration order) XORed
    /// with `mask` (non-zero).
    fn edit_byte(
        record: &kc_chaturaji_undo_record,
        i: usize,
        mask: u8,
    ) -> kc_chaturaji_undo_record {
        let mut r = *record;
        let mut bytes = Vec::with_capacity(FIELD_BYTES);
        let m = r.mv;
        bytes.extend([m.kind, m.from, m.to, m.promotion]);
        bytes.extend(r.board);
        bytes.push(r.to_move);
        bytes.extend(r.command);
        bytes.extend(r.lost_pawn);
        bytes.extend(r.captured_rajas);
        bytes.extend(r.quiet.to_le_bytes());
        bytes.extend(r.ply.to_le_bytes());
        bytes.extend(r.hash_before.to_le_bytes());
        bytes.extend(r.check.to_le_bytes());
        bytes[i] ^= mask;
        let take = |at: &mut usize, n: usize| {
            let part = &bytes[*at..*at + n];
            *at += n;
            part.to_vec()
        };
        let at = &mut 0;
        let mv = take(at, 4);
        r.mv = kc_chaturaji_move {
            kind: mv[0],
            from: mv[1],
            to: mv[2],
            promotion: mv[3],
        };
        r.board.copy_from_slice(&take(at, 64));
        r.to_move = take(at, 1)[0];
        r.command.copy_from_slice(&take(at, 4));
        r.lost_pawn.copy_from_slice(&take(at, 4));
        r.captured_rajas.copy_from_slice(&take(at, 4));
        r.quiet = u32::from_le_bytes(take(at, 4).try_into().unwrap());
        r.ply = u32::from_le_bytes(take(at, 4).try_into().unwrap());
        r.hash_before = u64::from_le_bytes(take(at, 8).try_into().unwrap());
        r.check = u64::from_le_bytes(take(at, 8).try_into().unwrap());
        r
    }

    /// Every edit of one byte of a genuine record (the check included) is
    /// refused, and so is the record on the same position under the other
    /// rules options.
    #[test]
    fn edited_records_are_refused() {
        let mut rng = SplitMix64::new(5);
        for rules in rules_both() {
            for seed in 0..6 {
                let mut pos = Position::start(rules);
                play_seeded_game(&mut pos, seed, 60 + seed as u32 * 37, |_, _| {});
                if pos.is_over() {
                    continue;
                }
                let roll = Roll::ALL[rng.below(4) as usize];
                let mv = pos.choose_move(roll, &mut rng).unwrap();
                let ptr = handle(&pos);
                let (status, record) = play_c(ptr, roll, mv);
                assert_eq!(status, KC_OK);
                let after = inner(ptr);
                for i in 0..FIELD_BYTES {
                    let forged = edit_byte(&record, i, 1 << rng.below(8));
                    assert_ne!(forged, record);
                    assert_eq!(undo_c(ptr, &forged), KC_ERR_INVALID_ARGUMENT, "byte {i}");
                    assert_eq!(inner(ptr), after);
                }
                let mut other_rules = after.clone();
                other_rules.rules = if rules == Rules::default() {
                    Rules::default().with_alliances(Alliances::Opposite)
                } else {
                    Rules::default()
                };
                let other = handle(&other_rules);
                assert_eq!(undo_c(other, &record), KC_ERR_INVALID_ARGUMENT);
                free(other);
                assert_eq!(undo_c(ptr, &record), KC_OK);
                assert_eq!(inner(ptr), pos);
                free(ptr);
            }
        }
    }

    fn choose_c(
        ptr: *mut kc_chaturaji_position,
        roll: u8,
        rng: &mut u64,
    ) -> (kc_status, kc_chaturaji_chosen_move) {
        // SAFETY: an all-integer struct.
        let mut chosen: kc_chaturaji_chosen_move = unsafe { core::mem::zeroed() };
        // SAFETY: a live handle and locals.
        let status = unsafe { kc_chaturaji_choose(ptr, roll, rng, &mut chosen) };
        (status, chosen)
    }

    fn play_chosen_c(
        ptr: *mut kc_chaturaji_position,
        chosen: &kc_chaturaji_chosen_move,
    ) -> kc_status {
        // SAFETY: a live handle and a local token.
        unsafe { kc_chaturaji_play_chosen(ptr, chosen, core::ptr::null_mut()) }
    }

    /// Seeded playouts through choose + play_chosen are the Rust seeded
    /// games; stale, foreign, reused and edited tokens are refused and
    /// change nothing.
    #[test]
    fn chosen_moves_play_once_in_their_own_position() {
        for rules in rules_both() {
            for seed in 0..20u64 {
                let mut expected = Position::start(rules);
                play_seeded_game(&mut expected, seed, 3000, |_, _| {});
                let ptr = handle(&Position::start(rules));
                let mut rng = seed;
                for ply in 0..3000 {
                    if inner(ptr).is_over() {
                        break;
                    }
                    // As play_seeded_game: a Ludii decision throws no die
                    // (and takes any roll).
                    let mut roll = 2;
                    if inner(ptr).pending_promotion().is_none() {
                        // SAFETY: locals.
                        assert_eq!(unsafe { kc_chaturaji_roll(&mut rng, &mut roll) }, KC_OK);
                    }
                    let (status, chosen) = choose_c(ptr, roll, &mut rng);
                    assert_eq!(status, KC_OK);
                    let before = inner(ptr);
                    if ply % 7 == 0 {
                        // Edited tokens: every field, one at a time.
                        let mut edits = [chosen; 9];
                        edits[0].mv.to ^= 1;
                        edits[1].mv.kind ^= 2;
                        edits[2].roll ^= 1;
                        edits[3].ply ^= 1;
                        edits[4].hash ^= 1 << 40;
                        edits[5].check ^= 1;
                        edits[6].mv.promotion ^= 1;
                        edits[7].quiet ^= 4;
                        edits[8].reserved[1] ^= 0x10;
                        for edited in &edits {
                            assert_eq!(play_chosen_c(ptr, edited), KC_ERR_INVALID_ARGUMENT);
                            assert_eq!(inner(ptr), before);
                        }
                    }
                    assert_eq!(play_chosen_c(ptr, &chosen), KC_OK);
                    // Used twice, or stale: refused.
                    let after = inner(ptr);
                    assert_eq!(play_chosen_c(ptr, &chosen), KC_ERR_INVALID_ARGUMENT);
                    assert_eq!(inner(ptr), after);
                    // Foreign: the position before, under the other rules.
                    let mut foreign = before.clone();
                    foreign.rules = rules_both()[usize::from(rules == Rules::default())];
                    let other = handle(&foreign);
                    assert_eq!(play_chosen_c(other, &chosen), KC_ERR_INVALID_ARGUMENT);
                    free(other);
                }
                assert_eq!(inner(ptr), expected);
                if expected.is_over() {
                    let (status, _) = choose_c(ptr, 5, &mut rng);
                    assert_eq!(status, KC_ERR_GAME_OVER);
                }
                free(ptr);
            }
        }
    }

    /// `kc_chaturaji_play_random` plays the Rust seeded games, ply by ply.
    #[test]
    fn play_random_is_the_seeded_game() {
        for rules in rules_both() {
            for seed in 0..20u64 {
                let mut expected = Position::start(rules);
                let mut plies = Vec::new();
                play_seeded_game(&mut expected, seed, 3000, |ply, _| plies.push(ply));
                let ptr = handle(&Position::start(rules));
                let mut rng = seed;
                for ply in &plies {
                    let (mut roll, mut mv) = (0u8, kc_chaturaji_move::PASS);
                    // SAFETY: a live handle and locals.
                    let status =
                        unsafe { kc_chaturaji_play_random(ptr, &mut rng, &mut roll, &mut mv) };
                    assert_eq!(status, KC_OK);
                    assert_eq!(
                        (roll, mv),
                        (
                            ply.roll.map_or(0, Roll::face),
                            kc_chaturaji_move::from_rust(ply.mv)
                        )
                    );
                }
                assert_eq!(inner(ptr), expected);
                if expected.is_over() {
                    let before = rng;
                    // SAFETY: a live handle and locals; NULL outputs allowed.
                    let status = unsafe {
                        kc_chaturaji_play_random(
                            ptr,
                            &mut rng,
                            core::ptr::null_mut(),
                            core::ptr::null_mut(),
                        )
                    };
                    assert_eq!(status, KC_ERR_GAME_OVER);
                    assert_eq!(rng, before);
                    assert_eq!(inner(ptr), expected);
                }
                free(ptr);
            }
        }
    }

    /// A chosen move's record takes it back like any record.
    #[test]
    fn chosen_moves_write_records() {
        let start = Position::default();
        let ptr = handle(&start);
        let mut rng = 3;
        let (status, chosen) = choose_c(ptr, 2, &mut rng);
        assert_eq!(status, KC_OK);
        // SAFETY: an all-integer struct.
        let mut record: kc_chaturaji_undo_record = unsafe { core::mem::zeroed() };
        // SAFETY: a live handle and locals.
        let status = unsafe { kc_chaturaji_play_chosen(ptr, &chosen, &mut record) };
        assert_eq!(status, KC_OK);
        assert_eq!(inner(ptr).to_string().split(' ').nth(1), Some("b"));
        assert_eq!(undo_c(ptr, &record), KC_OK);
        assert_eq!(inner(ptr), start);
        free(ptr);
    }

    #[test]
    fn text_caps_hold_the_longest_texts() {
        // Every square occupied, every counter at its maximum.
        let rank = "rE,rE,rE,rE,rE,rE,rE,rE";
        let board = [rank; 8].join("/");
        let rajas: String = ['r', 'b', 'y', 'g']
            .iter()
            .flat_map(|&c| std::iter::repeat(c).take(255))
            .collect();
        let text = format!("{board} r rxxx rbyg {rajas} 4294967295 4294967295");
        let pos = Position::from_text(&text, Rules::default()).expect("longest text");
        assert!(pos.to_string().len() < KC_CHATURAJI_POSITION_TEXT_CAP);
        assert!(pos.diagram().to_string().len() < KC_CHATURAJI_DIAGRAM_CAP);
        let start = Position::from_text(START_TEXT, Rules::default()).unwrap();
        assert!(start.diagram().to_string().len() < KC_CHATURAJI_DIAGRAM_CAP);
    }
}
