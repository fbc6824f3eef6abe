//! Moves, their text form (`e2e5`, `H@c1`) and the move list.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use super::Square;
use crate::error::{escaped_char, excerpt, Field, NotationError, NotationErrorKind as Kind};

/// A Kaissa move: a piece going from one square to another (capturing what
/// stands there, if it is an enemy), or the side's Home Stone placed from hand.
/// Three bytes, `Copy`.
///
/// ```
/// use kaissa_chaturaji::kaissa::Move;
/// let mv: Move = "e2e5".parse().unwrap();
/// assert_eq!(mv.to_string(), "e2e5");
/// let place: Move = "H@c1".parse().unwrap();
/// assert!(matches!(place, Move::Place { .. }));
/// assert!("h@c1".parse::<Move>().is_err());
/// assert!(std::mem::size_of::<Move>() <= 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// The piece on `from` goes to `to`.
    Normal {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// The side to move places its Home Stone on `to`.
    Place {
        /// An empty square of the side's back rank.
        to: Square,
    },
}

impl Move {
    /// The square the move ends on.
    #[must_use]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Place { to } => to,
        }
    }

    /// The square the move starts from (`None` for a placement).
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Place { .. } => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to } => write!(f, "{from}{to}"),
            Move::Place { to } => write!(f, "H@{to}"),
        }
    }
}

/// Splits a leading square name (a letter and its digits) off `text`.
fn split_square(text: &str) -> (&str, &str) {
    let end = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(text.len(), |(i, _)| i);
    text.split_at(end)
}

impl FromStr for Move {
    type Err = NotationError;

    /// Parses a move text: `<from><to>` (`e2e5`, `a10b9`) or `H@<square>`
    /// (the same for both sides; `h@` is malformed). Errors name
    /// [`Field::Move`], the byte offset and the kind.
    ///
    /// ```
    /// use kaissa_chaturaji::error::{Field, NotationErrorKind};
    /// use kaissa_chaturaji::kaissa::Move;
    /// let err = "e2k5".parse::<Move>().unwrap_err();
    /// assert_eq!((err.field(), err.offset()), (Field::Move, Some(2)));
    /// assert_eq!(err.kind(), NotationErrorKind::BadSquare);
    /// ```
    fn from_str(text: &str) -> Result<Move, NotationError> {
        let err =
            |offset, kind, reason: String| NotationError::at(Field::Move, offset, kind, reason);
        let bad_square = |offset, square: &str| {
            err(
                offset,
                Kind::BadSquare,
                format!("\"{}\" is not a square name a1..j10", excerpt(square)),
            )
        };
        if text.is_empty() {
            return Err(err(0, Kind::Empty, "empty move text".into()));
        }
        if let Some(rest) = text.strip_prefix("H@") {
            if rest.is_empty() {
                return Err(err(2, Kind::Empty, "missing the square after H@".into()));
            }
            let to = rest.parse::<Square>().map_err(|_| bad_square(2, rest))?;
            return Ok(Move::Place { to });
        }
        if text.starts_with("h@") {
            return Err(err(
                0,
                Kind::UnexpectedCharacter,
                "a placement is written H@<square> for both sides".into(),
            ));
        }
        if !text.starts_with(|c: char| c.is_ascii_lowercase()) {
            let first = text.chars().next().unwrap_or(' ');
            return Err(err(
                0,
                Kind::UnexpectedCharacter,
                format!(
                    "'{}' cannot start a move: expected a file a..j or 'H@'",
                    escaped_char(first)
                ),
            ));
        }
        let (from_text, to_text) = split_square(text);
        let from = from_text
            .parse::<Square>()
            .map_err(|_| bad_square(0, from_text))?;
        if to_text.is_empty() {
            return Err(err(
                text.len(),
                Kind::Empty,
                "missing destination square".into(),
            ));
        }
        let to = to_text
            .parse::<Square>()
            .map_err(|_| bad_square(from_text.len(), to_text))?;
        if from == to {
            return Err(err(
                from_text.len(),
                Kind::Inconsistent,
                "a move must go to another square".into(),
            ));
        }
        Ok(Move::Normal { from, to })
    }
}

/// An upper bound on the legal moves of any position the library accepts.
///
/// Proof. Let `n` be the number of pieces of the side to move. Piece moves:
/// (1) each piece has at most 35 moves — the Ubar on a central square of the
/// empty board (18 orthogonal + 17 diagonal); every other kind is bounded by
/// it or by 8 (Tarnsman, Rider, Home Stone) or 5 (Spearman: three straight,
/// two diagonal); so at most `35 n`. (2) Every move but the Tarnsman's leap
/// travels along one of the 8 lines through its target over empty squares, so
/// only the nearest piece on each line can reach the target, plus at most 8
/// Tarnsman squares: at most 16 moves end on any one target, and targets are
/// the `100 - n` squares without a piece of the mover; so at most
/// `16 (100 - n)`. `min(35 n, 16 (100 - n))` is largest at `n = 32`: 1088.
/// Placements add at most the 10 squares of the back rank: 1098 in all.
/// The ingredients (35, 8 lines + 8 leaps) are checked by unit tests.
pub const MAX_MOVES: usize = 1098;

/// A list of moves on the stack, large enough for any position.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_bound_arithmetic() {
        let best = (0..=100usize).map(|n| (35 * n).min(16 * (100 - n))).max();
        assert_eq!(best, Some(1088));
        assert_eq!(MAX_MOVES, 1088 + 10);
    }

    #[test]
    fn parse_errors_name_the_column() {
        assert_eq!("a10b1".parse::<Move>().unwrap().to_string(), "a10b1");
        let at = |text: &str| {
            let err = text.parse::<Move>().unwrap_err();
            assert_eq!(err.field(), Field::Move, "{text}");
            (err.offset(), err.kind())
        };
        assert_eq!(at("e2"), (Some(2), Kind::Empty));
        assert_eq!(at("e2k5"), (Some(2), Kind::BadSquare));
        assert_eq!(at("e2e2"), (Some(2), Kind::Inconsistent));
        assert_eq!(at("H@k1"), (Some(2), Kind::BadSquare));
        assert_eq!(at("H@"), (Some(2), Kind::Empty));
        assert_eq!(at("E2e4"), (Some(0), Kind::UnexpectedCharacter));
        assert_eq!(at("h@c1"), (Some(0), Kind::UnexpectedCharacter));
        assert_eq!(at(""), (Some(0), Kind::Empty));
        assert!("e02e4".parse::<Move>().is_err());
        assert!("e2e4 ".parse::<Move>().is_err());
        assert!("é2e4".parse::<Move>().is_err());
    }
}
