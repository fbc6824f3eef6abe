//! Error types shared by both games.
//!
//! Every error is a value a caller can match on; nothing in the safe API
//! panics on bad input.
//!
//! * [`NotationError`]: a text (position, move, square) that could not be
//!   parsed, or a position (parsed or built with a set-up builder) that the
//!   rules exclude. It names the [`Field`], the byte offset into the text
//!   (when there is a text) and the [`NotationErrorKind`].
//! * [`IllegalMoveError`]: a well-formed move that is not legal where it was
//!   played, with an [`IllegalMoveReason`]. The position is left untouched.
//! * [`UndoError`]: an undo record that does not belong to the position it
//!   was given to. The position is left untouched.
//!
//! Messages quote at most a short excerpt of the offending input (24
//! characters), with control characters escaped, so a huge or hostile input
//! never makes a huge or terminal-garbling message.

use core::fmt;

use thiserror::Error;

/// The part of a text (or of a set-up) an error is about.
///
/// ```
/// use kaissa_chaturaji::error::Field;
/// assert_eq!(Field::ToMove.name(), "to-move");
/// assert_eq!(Field::Board.to_string(), "board");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Field {
    /// The text as a whole (empty, wrong number of fields, …).
    Text,
    /// The board field of a position text (either game).
    Board,
    /// Kaissa: the side to move (`y` or `r`).
    Side,
    /// Kaissa: the side to move's turn number.
    Turn,
    /// Kaissa: the Home Stones in hand.
    Hand,
    /// Chaturaji: the seat to move.
    ToMove,
    /// Chaturaji: who commands each army.
    Command,
    /// Chaturaji: the colours that have lost a pawn.
    LostPawn,
    /// Chaturaji: the captured rajas.
    CapturedRajas,
    /// Chaturaji: plies since the last capture.
    Quiet,
    /// Chaturaji: plies played since the start.
    Ply,
    /// Chaturaji, Ludii ruleset: the four scores.
    Scores,
    /// Chaturaji, Ludii ruleset: the pending promotion decision.
    Decision,
    /// Chaturaji, Ludii ruleset: rolled plies played since the start.
    Turns,
    /// A move text.
    Move,
    /// A square name.
    Square,
}

impl Field {
    /// The field's name as the notation documents call it (`"board"`,
    /// `"to-move"`, `"captured-rajas"`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Field::Text => "text",
            Field::Board => "board",
            Field::Side => "side",
            Field::Turn => "turn",
            Field::Hand => "hand",
            Field::ToMove => "to-move",
            Field::Command => "command",
            Field::LostPawn => "lost-pawn",
            Field::CapturedRajas => "captured-rajas",
            Field::Quiet => "quiet",
            Field::Ply => "ply",
            Field::Scores => "scores",
            Field::Decision => "decision",
            Field::Turns => "turns",
            Field::Move => "move",
            Field::Square => "square",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What kind of thing is wrong with a text or a set-up: the part of a
/// [`NotationError`] a program matches on. The error's message says the
/// rest in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotationErrorKind {
    /// The text, or one of its fields, is empty.
    Empty,
    /// The text does not have the number of space-separated fields the
    /// notation has (or has doubled spaces).
    FieldCount,
    /// A character that cannot stand at this place (the offset points at
    /// it).
    UnexpectedCharacter,
    /// A piece or colour letter that the game does not know.
    UnknownPiece,
    /// A square name that is not on the board.
    BadSquare,
    /// The text would mean something valid but is not written in its one
    /// canonical form (two counts of empty squares in a row, a count of
    /// zero, a leading zero, letters out of their fixed order).
    NotCanonical,
    /// The board has the wrong number of ranks, or a rank covers the wrong
    /// number of squares.
    BoardSize,
    /// A number that is too large (or zero where the notation starts at 1).
    OutOfRange,
    /// The text is well formed but describes a position the rules exclude
    /// (the rules reference's §3 consistency list: two Home Stones of a side, a
    /// Spearman on its back rank, a seat to move that is out of play, …).
    Inconsistent,
    /// Chaturaji: the text (or set-up) is valid, but under other rules
    /// options than those it was read with: a Ludii position text read
    /// under the sheet's rules or a sheet text read under the Ludii
    /// ruleset ([`Field::Text`], offset 0), or a command field that only
    /// the other alliance pairing allows ([`Field::Command`], at the
    /// letter). The message names the options that read it (the rules
    /// reference, §3.3 and §3.5).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules, LUDII_START_TEXT};
    /// use kaissa_chaturaji::error::NotationErrorKind;
    /// let err = Position::from_text(LUDII_START_TEXT, Rules::default()).unwrap_err();
    /// assert_eq!(err.kind(), NotationErrorKind::WrongRules);
    /// assert!(err.reason().contains("Rules::ludii()"));
    /// ```
    WrongRules,
}

/// A text that could not be parsed, or a position (parsed or built) that
/// the rules exclude.
///
/// [`field`](NotationError::field) names the part of the text,
/// [`offset`](NotationError::offset) the 0-based byte offset into the whole
/// text where the problem was found (`None` for a position built with a
/// set-up builder, which has no text), [`kind`](NotationError::kind) what
/// kind of thing is wrong; the `Display` message says it in words and
/// quotes at most a short escaped excerpt of the input.
///
/// ```
/// use kaissa_chaturaji::error::{Field, NotationErrorKind};
/// use kaissa_chaturaji::kaissa::Position;
/// let err = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI x 1 Hh"
///     .parse::<Position>()
///     .unwrap_err();
/// assert_eq!(err.field(), Field::Side);
/// assert_eq!(err.offset(), Some(62));
/// assert_eq!(err.kind(), NotationErrorKind::UnexpectedCharacter);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[error("{}", self.message())]
pub struct NotationError {
    field: Field,
    offset: Option<usize>,
    kind: NotationErrorKind,
    reason: String,
}

impl NotationError {
    /// An error about `field` at byte `offset` of a text. `reason` is the
    /// message in plain words; it must already quote any input through
    /// [`excerpt`] (the library's own callers do).
    pub(crate) fn at(
        field: Field,
        offset: usize,
        kind: NotationErrorKind,
        reason: impl Into<String>,
    ) -> Self {
        NotationError {
            field,
            offset: Some(offset),
            kind,
            reason: reason.into(),
        }
    }

    /// An error about `field` of a position that has no text (a set-up).
    pub(crate) fn without_offset(
        field: Field,
        kind: NotationErrorKind,
        reason: impl Into<String>,
    ) -> Self {
        NotationError {
            field,
            offset: None,
            kind,
            reason: reason.into(),
        }
    }

    /// The same error with its offset moved by `base` bytes (for a text
    /// parsed as part of a larger one).
    #[must_use]
    pub(crate) fn shifted(mut self, base: usize) -> Self {
        self.offset = self.offset.map(|offset| offset + base);
        self
    }

    /// The part of the text (or set-up) that is wrong.
    #[must_use]
    pub const fn field(&self) -> Field {
        self.field
    }

    /// The 0-based byte offset into the whole text where the problem was
    /// found (the character offset for ASCII text, which every valid text
    /// is); `None` when the position came from a set-up builder.
    #[must_use]
    pub const fn offset(&self) -> Option<usize> {
        self.offset
    }

    /// What kind of thing is wrong.
    #[must_use]
    pub const fn kind(&self) -> NotationErrorKind {
        self.kind
    }

    /// What is wrong, in plain words (without the field and offset).
    #[must_use]
    pub fn reason(&self) -> &str {
        &self.reason
    }

    fn message(&self) -> String {
        match self.offset {
            Some(offset) => format!("{} (offset {offset}): {}", self.field, self.reason),
            None => format!("{}: {}", self.field, self.reason),
        }
    }
}

/// Why a well-formed move is not legal in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// The game is over: no move is legal any more.
    GameOver,
    /// The from-square holds no piece the player to move may move.
    NoPieceToMove,
    /// Chaturaji: the roll does not name the kind of the piece on the
    /// from-square.
    NotForThisRoll,
    /// The piece cannot go there: not its way of moving, blocked, onto a
    /// piece it may not capture, or (Chaturaji) a special-promotion suffix
    /// missing, unwanted or wrong.
    CannotReach,
    /// Kaissa: the Home Stone cannot be placed there now (not in hand,
    /// outside turns 8-10, not an empty square of the side's own back rank).
    PlacementNotAllowed,
    /// Kaissa: on turn 10 with the stone in hand, only a placement is legal.
    PlacementRequired,
    /// Chaturaji: `pass` is legal only when the roll allows no move.
    PassNotAllowed,
    /// Chaturaji (Ludii ruleset): a promotion decision is pending, or a
    /// decision was given where none is pending or with a kind that is not
    /// among the choices.
    DecisionMismatch,
    /// Chaturaji through [`Game`](crate::game::Game): the die must be
    /// rolled first (a chance node), so no move can be made yet.
    RollPending,
    /// Chaturaji through [`Game`](crate::game::Game): a die face was given
    /// where a player must move (the roll has been made, a promotion
    /// decision is pending, or the game is over).
    RollNotExpected,
    /// Through [`AnyGame`](crate::game::AnyGame): an action of the other
    /// game.
    WrongGame,
}

impl IllegalMoveReason {
    /// The reason in plain words.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            IllegalMoveReason::GameOver => "the game is over",
            IllegalMoveReason::NoPieceToMove => {
                "the from-square holds no piece the player to move may move"
            }
            IllegalMoveReason::NotForThisRoll => "the roll does not name this piece's kind",
            IllegalMoveReason::CannotReach => "the piece cannot move there",
            IllegalMoveReason::PlacementNotAllowed => "the Home Stone cannot be placed there now",
            IllegalMoveReason::PlacementRequired => {
                "the Home Stone must be placed on this turn (turn 10)"
            }
            IllegalMoveReason::PassNotAllowed => "pass is legal only when the roll allows no move",
            IllegalMoveReason::DecisionMismatch => {
                "this move does not match the pending promotion decision"
            }
            IllegalMoveReason::RollPending => "the die must be rolled before a move",
            IllegalMoveReason::RollNotExpected => "no roll is due here: a player must move",
            IllegalMoveReason::WrongGame => "an action of the other game",
        }
    }
}

impl fmt::Display for IllegalMoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// A move that is not legal in the position it was played in. The position
/// is left untouched.
///
/// ```
/// use kaissa_chaturaji::error::IllegalMoveReason;
/// use kaissa_chaturaji::kaissa::Position;
/// let mut pos = Position::start();
/// let err = pos.play("e2e6".parse()?).unwrap_err();
/// assert_eq!(err.reason(), IllegalMoveReason::CannotReach);
/// assert_eq!(err.move_text(), "e2e6");
/// assert_eq!(pos, Position::start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[error("illegal move {move_text}: {reason}")]
pub struct IllegalMoveError {
    move_text: String,
    reason: IllegalMoveReason,
}

impl IllegalMoveError {
    /// An error for the move written `move_text` (a move's own `Display`,
    /// at most a few characters; Chaturaji prefixes the roll, `5:g2f2`).
    pub(crate) fn new(move_text: impl Into<String>, reason: IllegalMoveReason) -> Self {
        IllegalMoveError {
            move_text: move_text.into(),
            reason,
        }
    }

    /// The move in text notation.
    #[must_use]
    pub fn move_text(&self) -> &str {
        &self.move_text
    }

    /// Why it is not legal.
    #[must_use]
    pub const fn reason(&self) -> IllegalMoveReason {
        self.reason
    }
}

/// An undo record given to a position it does not belong to: the record
/// was not made by the last move played on this position (it is stale, from
/// another position, or already used). The position is left untouched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error, Default)]
#[error("the undo record does not belong to this position (stale, foreign or already used)")]
#[non_exhaustive]
pub struct UndoError;

/// At most the first 24 characters of `text`, with `…` when it was longer,
/// and every control character (and `"`/`\`) escaped: what error messages
/// quote of an offending input, inside double quotes, so that a huge input
/// does not make a huge message and raw control characters never reach a
/// terminal.
///
/// ```
/// // (crate-internal; shown through a parser's message)
/// let err = "\u{1b}[2J".parse::<kaissa_chaturaji::kaissa::Move>().unwrap_err();
/// assert!(!err.to_string().contains('\u{1b}'));
/// ```
pub(crate) fn excerpt(text: &str) -> String {
    const LIMIT: usize = 24;
    let mut out = String::with_capacity(LIMIT + 8);
    for (count, c) in text.chars().enumerate() {
        if count == LIMIT {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out
}

/// One character for a message, escaped like [`excerpt`] (`'\u{1b}'`,
/// `'\n'`).
pub(crate) fn escaped_char(c: char) -> String {
    c.escape_debug().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_is_short_and_escaped() {
        assert_eq!(excerpt("abc"), "abc");
        assert_eq!(excerpt("a\u{1b}b\rc"), "a\\u{1b}b\\rc");
        let long = "x".repeat(1000);
        assert_eq!(excerpt(&long), format!("{}…", "x".repeat(24)));
        assert_eq!(escaped_char('\n'), "\\n");
    }

    #[test]
    fn messages_name_field_and_offset() {
        let err = NotationError::at(
            Field::Turn,
            3,
            NotationErrorKind::OutOfRange,
            "turn 0 does not exist",
        );
        assert_eq!(err.to_string(), "turn (offset 3): turn 0 does not exist");
        assert_eq!(err.clone().shifted(10).offset(), Some(13));
        let err = NotationError::without_offset(
            Field::Hand,
            NotationErrorKind::Inconsistent,
            "a stone both in hand and on the board",
        );
        assert_eq!(err.offset(), None);
        assert_eq!(
            err.to_string(),
            "hand: a stone both in hand and on the board"
        );
        let err = IllegalMoveError::new("e2e6", IllegalMoveReason::CannotReach);
        assert_eq!(
            err.to_string(),
            "illegal move e2e6: the piece cannot move there"
        );
    }
}
