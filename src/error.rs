//! Error types shared by both games.
//!
//! Parsing never panics: every malformed or inconsistent text gives a
//! [`NotationError`] that names the field, the character position and the
//! reason. Playing a move that is not legal gives an [`IllegalMoveError`].

use thiserror::Error;

/// A text (position, move or square) that could not be parsed, or that
/// describes an impossible position.
///
/// `field` names the part of the text (`"board"`, `"side"`, `"turn"`,
/// `"hand"`, `"move"`, `"square"`, …), `column` is the 0-based byte offset
/// into the whole text (the character offset for ASCII text) where the
/// problem was found, and `reason` says what is wrong in plain words.
///
/// ```
/// use kaissa_chaturaji::kaissa::Position;
/// let err = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI x 1 Hh"
///     .parse::<Position>()
///     .unwrap_err();
/// assert_eq!(err.field, "side");
/// assert_eq!(err.column, 62);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{field} (character {column}): {reason}")]
pub struct NotationError {
    /// The field of the text that is wrong.
    pub field: &'static str,
    /// 0-based byte offset into the whole text (equal to the character
    /// offset for ASCII text, which every valid text is).
    pub column: usize,
    /// What is wrong, in plain words.
    pub reason: String,
}

impl NotationError {
    /// Builds an error for `field` at byte offset `column`.
    pub fn new(field: &'static str, column: usize, reason: impl Into<String>) -> Self {
        NotationError {
            field,
            column,
            reason: reason.into(),
        }
    }
}

/// A move that is not legal in the position it was played in. The position is
/// left untouched.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("illegal move {text}: {reason}")]
pub struct IllegalMoveError {
    /// The move in text notation.
    pub text: String,
    /// Why it is not legal.
    pub reason: &'static str,
}

/// At most the first 24 characters of `text`, with `…` when it was longer:
/// what error messages quote of an offending input, so that a huge input
/// does not make a huge message.
pub(crate) fn excerpt(text: &str) -> String {
    const LIMIT: usize = 24;
    match text.char_indices().nth(LIMIT) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}
