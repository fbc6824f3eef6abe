//! The Chaturaji half of the C ABI's numbers and plain structs: board,
//! colour, kind, move kind, rules and outcome values, the `#[repr(C)]`
//! structs the caller owns, and their conversions from and to the Rust
//! types.

use arrayvec::ArrayVec;

use crate::chaturaji::{
    Alliances, Bitboard, Colour, Move, Piece, PieceKind, Roll, Rules, Ruleset, Square,
    MARKED_SQUARES, MAX_MOVES,
};
use crate::ffi::kc_status::*;
use crate::ffi::{check_ptr, fail, Failure, KC_NO_SQUARE};

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
/// Ruleset value: the sheet's rules (the rules reference, §2), the default.
pub const KC_CHATURAJI_RULESET_SHEET: u8 = 0;
/// Ruleset value: Ludii's free-for-all Chaturaji with scores (the rules
/// reference, §2.13); the alliances and the draw limit are then not used.
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

/// The rules options a position is created with (the rules reference, §2.2,
/// and §2.13 with `ruleset` `KC_CHATURAJI_RULESET_LUDII`).
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

pub(super) fn square_in(value: u8, what: &'static str) -> Result<Square, Failure> {
    Square::new(value).ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("{what} {value} is not a square (0..63)"),
        )
    })
}

pub(super) fn colour_in(value: u8, what: &'static str) -> Result<Colour, Failure> {
    if value < 4 {
        Ok(Colour::from_index(value as usize))
    } else {
        Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("{what} {value} is not a colour (0 red, 1 black, 2 yellow, 3 green)"),
        ))
    }
}

pub(super) fn kind_in(value: u8, what: &'static str) -> Result<PieceKind, Failure> {
    PieceKind::ALL.get(value as usize).copied().ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("{what} {value} is not a piece kind (0 raja .. 4 pawn)"),
        )
    })
}

pub(super) fn roll_in(value: u8) -> Result<Roll, Failure> {
    Roll::new(value).ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("roll {value} is not a face of the die (2, 3, 4 or 5)"),
        )
    })
}

impl kc_chaturaji_rules {
    pub(super) fn to_rust(self) -> Result<Rules, Failure> {
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
    pub(super) const PASS: kc_chaturaji_move = kc_chaturaji_move {
        kind: KC_CHATURAJI_MOVE_PASS,
        from: KC_NO_SQUARE,
        to: KC_NO_SQUARE,
        promotion: 0,
    };

    pub(super) fn to_rust(self) -> Result<Move, Failure> {
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
    pub(super) fn bits(self) -> u32 {
        u32::from_le_bytes([self.kind, self.from, self.to, self.promotion])
    }

    /// The struct of [`bits`](Self::bits).
    #[inline(always)]
    pub(super) fn from_bits(bits: u32) -> Self {
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
    pub(super) fn encode(mv: Move) -> u32 {
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
    pub(super) fn decode_trusted(bits: u32) -> Move {
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
    pub(crate) fn from_rust(mv: Move) -> Self {
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
    pub(super) fn from_rust(piece: Option<Piece>) -> Self {
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

pub(super) fn colour_code(colour: Option<Colour>) -> u8 {
    colour.map_or(KC_CHATURAJI_NO_COLOUR, |c| c.index() as u8)
}

pub(super) fn squares_of(bitboard: Bitboard) -> ArrayVec<u8, 64> {
    bitboard.into_iter().map(|sq| sq.index() as u8).collect()
}

/// Reads the rules options behind a pointer from C.
///
/// # Safety
/// `rules` is NULL or points to a readable `kc_chaturaji_rules`.
pub(super) unsafe fn read_rules(rules: *const kc_chaturaji_rules) -> Result<Rules, Failure> {
    let ptr = check_ptr(rules, "rules")?;
    // SAFETY: checked non-null and aligned; readable per the caller. Every
    // bit pattern of the two integer fields is a valid value.
    unsafe { ptr.as_ptr().read() }.to_rust()
}

/// The rules options as one number below 2^19 (for digests).
#[inline(always)]
pub(super) fn rules_code(rules: Rules) -> u64 {
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
