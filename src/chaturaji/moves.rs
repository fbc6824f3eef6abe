//! Moves, move lists and the proven bound on their length.

use core::fmt;

use arrayvec::ArrayVec;

use crate::error::{escaped_char, excerpt, Field, NotationError, NotationErrorKind};

use super::piece::PieceKind;
use super::square::Square;

/// A Chaturaji move: `Copy`, four bytes.
///
/// Its text is `<from><to>` (`h1f3`), with the chosen kind's letter after a
/// special promotion (`g7g8K`), or `pass`. A normal promotion carries no
/// suffix: it happens by itself. Under the Ludii ruleset a promotion
/// decision is `=K`, `=E`, `=H` or `=B`.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Move;
/// let mv: Move = "g7g8K".parse().unwrap();
/// assert_eq!(mv.to_string(), "g7g8K");
/// assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
/// assert!(std::mem::size_of::<Move>() <= 4);
/// ```
/// `#[non_exhaustive]`: a future ruleset may add moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
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
    /// The turn passes: the only legal move when the roll allows no other
    /// (and, under the Ludii ruleset, the only choice of a promotion
    /// decision when the colour already has a piece of each kind).
    Pass,
    /// Ludii ruleset: the promotion decision, made without a roll by the
    /// colour whose pawn has just reached its far edge: the pawn on the
    /// decision square
    /// ([`Position::pending_promotion`](super::Position::pending_promotion))
    /// becomes `kind`.
    Decision {
        /// What the pawn becomes (raja, elephant, horse or boat; never a pawn).
        kind: PieceKind,
    },
}

impl Move {
    /// The square moved from (`None` for `Pass` and a decision).
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } | Move::Promotion { from, .. } => Some(from),
            Move::Pass | Move::Decision { .. } => None,
        }
    }

    /// The square moved to (`None` for `Pass` and a decision).
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Normal { to, .. } | Move::Promotion { to, .. } => Some(to),
            Move::Pass | Move::Decision { .. } => None,
        }
    }

    /// Parses move text: `h1f3`, `g7g8K` (`K`, `E`, `H` or `B`), `pass`,
    /// and the Ludii ruleset's promotion decisions `=K`, `=E`, `=H`, `=B`.
    ///
    /// Errors name [`Field::Move`], the byte offset of the offending
    /// character (within `text`) and the kind of problem.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Move, PieceKind};
    /// use kaissa_chaturaji::error::{Field, NotationErrorKind};
    /// assert_eq!(Move::parse("pass"), Ok(Move::Pass));
    /// assert_eq!(Move::parse("=H"), Ok(Move::Decision { kind: PieceKind::Horse }));
    /// let err = Move::parse("h1i3").unwrap_err();
    /// assert_eq!(err.field(), Field::Move);
    /// assert_eq!(err.offset(), Some(2));
    /// assert_eq!(err.kind(), NotationErrorKind::BadSquare);
    /// ```
    pub fn parse(text: &str) -> Result<Move, NotationError> {
        if text == "pass" {
            return Ok(Move::Pass);
        }
        if text.is_empty() {
            return Err(move_error(
                0,
                NotationErrorKind::Empty,
                "empty move text (expected <from><to> such as h1f3, or pass)",
            ));
        }
        match text.strip_prefix('=') {
            Some(choice) => parse_decision(text, choice),
            None => parse_from_to(text),
        }
    }

    /// [`Move::parse`] for a move text that starts at byte `base` of a
    /// longer text, so that error offsets point into the longer text.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Move;
    /// let err = Move::parse_at("h1h1", 10).unwrap_err();
    /// assert_eq!(err.offset(), Some(12));
    /// ```
    pub fn parse_at(text: &str, base: usize) -> Result<Move, NotationError> {
        Move::parse(text).map_err(|e| e.shifted(base))
    }
}

/// An error in a move text, at byte `at` of it.
fn move_error(at: usize, kind: NotationErrorKind, reason: impl Into<String>) -> NotationError {
    NotationError::at(Field::Move, at, kind, reason)
}

/// The first character of `text` that is not ASCII, with its offset.
fn first_non_ascii(text: &str) -> Option<(usize, char)> {
    text.char_indices().find(|(_, c)| !c.is_ascii())
}

/// The kind of error for a character where a promotion letter was
/// expected: an unknown piece for an upper-case letter, else an
/// unexpected character.
fn choice_error_kind(c: char) -> NotationErrorKind {
    if c.is_ascii_uppercase() {
        NotationErrorKind::UnknownPiece
    } else {
        NotationErrorKind::UnexpectedCharacter
    }
}

/// Parses a Ludii promotion decision (the rules reference, §3.4): `text`
/// is the whole move text, `choice` what follows its `=` (one of `K`, `E`,
/// `H`, `B`).
fn parse_decision(text: &str, choice: &str) -> Result<Move, NotationError> {
    if let Some((at, c)) = first_non_ascii(text) {
        return Err(move_error(
            at,
            NotationErrorKind::UnexpectedCharacter,
            format!(
                "unexpected character '{}' in decision \"{}\" (=K, =E, =H or =B)",
                escaped_char(c),
                excerpt(text)
            ),
        ));
    }
    let mut chars = choice.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => match PieceKind::from_letter(c) {
            Some(kind) if kind != PieceKind::Pawn => Ok(Move::Decision { kind }),
            Some(_) => Err(move_error(
                1,
                NotationErrorKind::UnexpectedCharacter,
                "a promotion decision cannot choose a pawn (=K, =E, =H or =B)",
            )),
            None => Err(move_error(
                1,
                choice_error_kind(c),
                format!(
                    "'{}' is not a promotion choice (=K, =E, =H or =B)",
                    escaped_char(c)
                ),
            )),
        },
        (None, _) => Err(move_error(
            1,
            NotationErrorKind::Empty,
            "a promotion decision names the new piece: =K, =E, =H or =B",
        )),
        (Some(_), Some(_)) => Err(move_error(
            2,
            NotationErrorKind::UnexpectedCharacter,
            format!(
                "decision \"{}\" is too long (=K, =E, =H or =B)",
                excerpt(text)
            ),
        )),
    }
}

/// Parses `<from><to>` with an optional special promotion letter (the
/// rules reference, §3.4).
fn parse_from_to(text: &str) -> Result<Move, NotationError> {
    check_move_length(text)?;
    let from = parse_move_square(text, 0, "from")?;
    let to = parse_move_square(text, 2, "to")?;
    if from == to {
        return Err(move_error(
            2,
            NotationErrorKind::Inconsistent,
            format!("move \"{}\" goes nowhere", excerpt(text)),
        ));
    }
    match text.as_bytes().get(4) {
        None => Ok(Move::Normal { from, to }),
        Some(&c) => {
            parse_promotion_suffix(c as char).map(|kind| Move::Promotion { from, to, kind })
        }
    }
}

/// A `<from><to>` move text is ASCII and four or five bytes long.
fn check_move_length(text: &str) -> Result<(), NotationError> {
    if let Some((at, c)) = first_non_ascii(text) {
        return Err(move_error(
            at,
            NotationErrorKind::UnexpectedCharacter,
            format!(
                "unexpected character '{}' in move \"{}\"",
                escaped_char(c),
                excerpt(text)
            ),
        ));
    }
    if text.len() < 4 {
        return Err(move_error(
            text.len(),
            NotationErrorKind::BadSquare,
            format!(
                "move \"{}\" is too short: expected <from><to> such as h1f3, or pass",
                excerpt(text)
            ),
        ));
    }
    if text.len() > 5 {
        return Err(move_error(
            5,
            NotationErrorKind::UnexpectedCharacter,
            format!(
                "move \"{}\" is too long (expected <from><to> such as h1f3, a promotion suffix K, E, H or B, or pass)",
                excerpt(text)
            ),
        ));
    }
    Ok(())
}

/// Parses the square at bytes `at..at + 2` of the move text `text`, the
/// `what` (from or to) square.
fn parse_move_square(text: &str, at: usize, what: &str) -> Result<Square, NotationError> {
    let part = text.get(at..at + 2).unwrap_or("");
    Square::parse(part).ok_or_else(|| {
        move_error(
            at,
            NotationErrorKind::BadSquare,
            format!(
                "\"{}\" in move \"{}\" is not a {what} square a1..h8",
                excerpt(part),
                excerpt(text)
            ),
        )
    })
}

/// Parses the letter `c` at byte 4 of a move text: the kind a special
/// promotion chooses (`K`, `E`, `H` or `B`).
fn parse_promotion_suffix(c: char) -> Result<PieceKind, NotationError> {
    match PieceKind::from_letter(c) {
        Some(kind) if kind != PieceKind::Pawn => Ok(kind),
        Some(_) => Err(move_error(
            4,
            NotationErrorKind::UnexpectedCharacter,
            "a special promotion cannot choose a pawn (K, E, H or B)",
        )),
        None => Err(move_error(
            4,
            choice_error_kind(c),
            format!(
                "'{}' is not a promotion choice (K, E, H or B)",
                escaped_char(c)
            ),
        )),
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
            Move::Decision { kind } => write!(f, "={}", kind.letter()),
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
///
/// The Ludii ruleset has no special promotion, so the same pairs bound its
/// rolls (at most 420), and a promotion decision offers at most 4 choices.
pub const MAX_MOVES: usize = 438;

/// A list the move generator fills: [`MoveList`], or a list of another
/// type that holds moves (the shared game interface's actions). Every
/// implementation holds [`MAX_MOVES`] moves.
pub(crate) trait MoveSink {
    /// Empties the list.
    fn clear_moves(&mut self);
    /// Appends a move (there is always room: see [`MAX_MOVES`]).
    fn push_move(&mut self, mv: Move);
    /// Whether the list is empty.
    fn has_no_moves(&self) -> bool;
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn clear_moves(&mut self) {
        self.clear();
    }
    #[inline(always)]
    fn push_move(&mut self, mv: Move) {
        self.push(mv);
    }
    #[inline(always)]
    fn has_no_moves(&self) -> bool {
        self.is_empty()
    }
}

/// The moves for one roll, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
