//! The Kaissa half of the C ABI's numbers and plain structs: board
//! constants, side, kind, move kind and outcome values, the
//! `#[repr(C)]` structs the caller owns, and their conversions from and to
//! the Rust types.

use crate::ffi::kc_status::*;
use crate::ffi::{fail, Failure, KC_NO_SQUARE};
use crate::kaissa::{Move, Piece, PieceKind, Side, Square, MAX_MOVES};

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

/// One side's Home Stone placement window (the rules reference, §1.6).
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

pub(super) fn square_in(value: u8, what: &'static str) -> Result<Square, Failure> {
    Square::new(value).ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("{what} {value} is not a square (0..99)"),
        )
    })
}

pub(super) fn side_in(value: u8) -> Result<Side, Failure> {
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
    pub(super) fn to_rust(self) -> Result<Move, Failure> {
        match self.decode() {
            Some(mv) => Ok(mv),
            None => Err(self.malformed()),
        }
    }

    /// The Rust move, if the struct is well formed (see the type's docs).
    #[inline(always)]
    pub(super) fn decode(self) -> Option<Move> {
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
    pub(super) fn malformed(self) -> Failure {
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

    pub(crate) fn from_rust(mv: Move) -> Self {
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
    pub(super) const EMPTY: kc_kaissa_piece = kc_kaissa_piece {
        present: 0,
        side: 0,
        kind: 0,
    };

    pub(super) fn from_rust(piece: Option<Piece>) -> Self {
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
    pub(super) fn decode(self) -> Option<Option<Piece>> {
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
