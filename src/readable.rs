//! Readable move notation for display and input, for both games:
//!
//! * Merchant Kaissa: short algebraic notation as players of chess know it
//!   (SAN) — [`kaissa::Position::readable`](crate::kaissa::Position::readable) and
//!   [`kaissa::Position::parse_readable`](crate::kaissa::Position::parse_readable):
//!   `Tf4`, `e5` (a Spearman), `dxe5`, `Bxh10#` (`#`: the capture of the
//!   Home Stone, which wins), `Tbc3` (just enough disambiguation), `H@c1`.
//! * Chaturaji: the piece with its colour, then where it goes from and to —
//!   [`chaturaji::Position::readable`](crate::chaturaji::Position::readable)
//!   and [`chaturaji::Position::parse_readable`](crate::chaturaji::Position::parse_readable):
//!   `gH b1-c3`, `rE h3xh7`, `gP b7-b8=H`, `pass`, and under the Ludii
//!   ruleset a promotion decision as its move text, `=H`.
//!
//! Both print one canonical form, parse it back to the same move, and
//! refuse ambiguous or illegal input with a [`ReadableMoveError`] that says
//! why. Nothing here panics on any input.
//!
//! ```
//! use kaissa_chaturaji::kaissa::Position;
//! let pos = Position::start();
//! let mv = pos.parse_readable("Tf4")?;
//! assert_eq!(mv.to_string(), "d1f4");
//! assert_eq!(pos.readable(mv)?, "Tf4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use thiserror::Error;

use crate::error::IllegalMoveError;

/// Why a readable move could not be read. More kinds may be added; match
/// with a `_` arm.
///
/// ```
/// use kaissa_chaturaji::kaissa::Position;
/// use kaissa_chaturaji::readable::ReadableMoveError;
/// let pos: Position = "4h5/10/10/10/10/10/10/10/10/T3H1T3 y 11 -".parse()?;
/// let err = pos.parse_readable("Td3").unwrap_err();
/// assert_eq!(err.to_string(), "ambiguous: it could be Tad3 or Tgd3");
/// assert!(matches!(pos.parse_readable("Zf4"), Err(ReadableMoveError::Malformed { offset: 0, .. })));
/// assert!(matches!(pos.parse_readable("Tf5"), Err(ReadableMoveError::NoMatch { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReadableMoveError {
    /// The text is not in the notation; `offset` is the byte where the
    /// problem is.
    #[error("offset {offset}: {reason}")]
    Malformed {
        /// The byte offset into the text.
        offset: usize,
        /// What is wrong, in words.
        reason: String,
    },
    /// The game is over: no move is legal.
    #[error("the game is over")]
    GameOver,
    /// No legal move fits the text.
    #[error("{reason}")]
    NoMatch {
        /// Why, in words.
        reason: String,
    },
    /// Several legal moves fit the text; they are listed in the canonical
    /// notation.
    #[error("ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The moves that fit.
        candidates: Vec<String>,
    },
    /// A marker of the text (`x`, `#`, `=K`) does not fit the one move the
    /// rest of it names.
    #[error("{reason}")]
    WrongMarker {
        /// Why, in words.
        reason: String,
    },
    /// The text names one move exactly, and it is not legal.
    #[error("{0}")]
    Illegal(#[from] IllegalMoveError),
}

/// A `Malformed` error.
pub(crate) fn malformed(offset: usize, reason: impl Into<String>) -> ReadableMoveError {
    ReadableMoveError::Malformed {
        offset,
        reason: reason.into(),
    }
}
