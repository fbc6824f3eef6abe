//! Moves, move lists and the proven bound on their length.

use core::fmt;

use arrayvec::ArrayVec;

use crate::error::{excerpt, NotationError};

use super::square::Square;
use super::types::PieceKind;

/// A Chaturaji move: `Copy`, four bytes.
///
/// Its text is `<from><to>` (`h1f3`), with the chosen kind's letter after a
/// special promotion (`g7g8K`), or `pass`. A normal promotion carries no
/// suffix: it happens by itself.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Move;
/// let mv: Move = "g7g8K".parse().unwrap();
/// assert_eq!(mv.to_string(), "g7g8K");
/// assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
/// assert!(std::mem::size_of::<Move>() <= 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves from `from` to `to` (capturing whatever the rules say).
    Normal {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// A special promotion: the pawn on `from` moves to `to` and becomes `kind`
    /// (raja, elephant, horse or boat).
    Promotion {
        /// Where the pawn stands.
        from: Square,
        /// Where it goes.
        to: Square,
        /// What it becomes (never a pawn).
        kind: PieceKind,
    },
    /// The turn passes: the only legal move when the roll allows no other.
    Pass,
}

impl Move {
    /// The square moved from (`None` for `Pass`).
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } | Move::Promotion { from, .. } => Some(from),
            Move::Pass => None,
        }
    }

    /// The square moved to (`None` for `Pass`).
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Normal { to, .. } | Move::Promotion { to, .. } => Some(to),
            Move::Pass => None,
        }
    }

    /// Parses move text: `h1f3`, `g7g8K` (`K`, `E`, `H` or `B`), `pass`.
    ///
    /// Errors name the field `"move"` and the column of the offending
    /// character (0-based, within `text`).
    pub fn parse(text: &str) -> Result<Move, NotationError> {
        Move::parse_at(text, 0)
    }

    /// [`Move::parse`] for a move text that starts at column `base` of a
    /// longer text, so that error columns point into the longer text.
    pub fn parse_at(text: &str, base: usize) -> Result<Move, NotationError> {
        let err = |col: usize, reason: String| NotationError::new("move", base + col, reason);
        if text == "pass" {
            return Ok(Move::Pass);
        }
        if text.is_empty() {
            return Err(err(0, "empty move text".into()));
        }
        if !text.is_ascii() {
            let col = text.chars().take_while(char::is_ascii).count();
            return Err(err(
                col,
                format!("unexpected character in move {:?}", excerpt(text)),
            ));
        }
        if text.len() < 4 {
            return Err(err(
                text.len(),
                format!(
                    "move {:?} is too short: expected <from><to> such as h1f3, or pass",
                    excerpt(text)
                ),
            ));
        }
        if text.len() > 5 {
            return Err(err(5, format!("move {:?} is too long", excerpt(text))));
        }
        let from = Square::parse(&text[0..2])
            .ok_or_else(|| err(0, format!("{:?} is not a square a1..h8", &text[0..2])))?;
        let to = Square::parse(&text[2..4])
            .ok_or_else(|| err(2, format!("{:?} is not a square a1..h8", &text[2..4])))?;
        if from == to {
            return Err(err(2, format!("move {:?} goes nowhere", excerpt(text))));
        }
        match text.as_bytes().get(4) {
            None => Ok(Move::Normal { from, to }),
            Some(&c) => match PieceKind::from_letter(c as char) {
                Some(kind) if kind != PieceKind::Pawn => Ok(Move::Promotion { from, to, kind }),
                _ => Err(err(
                    4,
                    format!("{:?} is not a promotion choice (K, E, H or B)", c as char),
                )),
            },
        }
    }
}

impl core::str::FromStr for Move {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Move, NotationError> {
        Move::parse(text)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to } => write!(f, "{from}{to}"),
            Move::Promotion { from, to, kind } => write!(f, "{from}{to}{}", kind.letter()),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// An upper bound on the number of legal moves for one roll in any position
/// the parser accepts (which does not limit piece counts).
///
/// Proof. Every move other than `Pass` goes from a square holding a piece
/// of the kinds the roll names to another square; a `(from, to)` pair gives
/// exactly one move, except a special promotion which gives four.
///
/// * Roll 2 (boats): `to` is two squares diagonally from `from`; the board
///   has 4 * 6 * 6 = 144 such ordered pairs.
/// * Roll 3 (horses): knight pairs; the board has 336 ordered pairs.
/// * Roll 4 (elephants): `to` is the first occupied or an empty square on a
///   ray of `from`, so each `to` is reached from at most one elephant per
///   direction: at most 4 * 64 = 256 pairs.
/// * Roll 5 (pawns and rajas): every pawn step and raja step goes to one of
///   the 8 neighbours; the board has 2 * (7 * 8 + 7 * 8) + 4 * 7 * 7 = 420
///   ordered neighbour pairs. Special promotions add 3 moves per pawn move
///   that makes one; only a colour with exactly one pawn can make them, a
///   seat commands at most two colours (its own and its conquered ally), and
///   a pawn has at most 3 moves: at most 2 * 3 * 3 = 18 extra moves.
///
/// The largest is 420 + 18 = 438; a `Pass` stands alone. The ingredients are
/// checked by a test against the move tables.
pub const MAX_MOVES: usize = 438;

/// The moves for one roll, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
