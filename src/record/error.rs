//! What can go wrong with a record: reading one ([`RecordError`]), playing
//! an action into one ([`ActionError`]), stating its result
//! ([`ResultError`]) and setting its texts ([`TextError`]).

use core::fmt;

use thiserror::Error;

use super::result::{scores_text, GameResult, Termination};
use crate::chaturaji::{ExchangeError, Move, Square};
use crate::error::{IllegalMoveError, NotationError};
use crate::readable::ReadableMoveError;

/// A record that could not be read: where ([`line`](RecordError::line),
/// [`column`](RecordError::column), both from 1, the column counted in
/// characters), which action of the movetext it is about
/// ([`ply`](RecordError::ply)) and what is wrong
/// ([`kind`](RecordError::kind)). Displays as `line:column: reason`.
///
/// ```
/// use kaissa_chaturaji::record::{Record, RecordErrorKind};
/// let text = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e2e5 e9e6 2. e5e6 *\n";
/// let err = text.parse::<Record>().unwrap_err();
/// assert_eq!((err.line(), err.column(), err.ply()), (5, 17, Some(3)));
/// assert!(matches!(err.kind(), RecordErrorKind::IllegalAction { .. }));
/// assert!(err.to_string().starts_with("5:17: ply 3: "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct RecordError {
    line: usize,
    column: usize,
    ply: Option<usize>,
    kind: RecordErrorKind,
}

impl RecordError {
    pub(crate) fn new(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError {
            line,
            column,
            ply: None,
            kind,
        }
    }

    pub(crate) fn with_ply(mut self, ply: usize) -> RecordError {
        self.ply = Some(ply);
        self
    }

    /// The line, from 1.
    #[must_use]
    pub const fn line(&self) -> usize {
        self.line
    }

    /// The column, from 1, in characters.
    #[must_use]
    pub const fn column(&self) -> usize {
        self.column
    }

    /// For an error in the movetext: the number (from 1) of the action it is
    /// about (plies, Chaturaji exchanges and Ludii decisions are counted
    /// alike); for an error in the result, the number of actions played.
    /// `None` for an error in the tag pairs.
    #[must_use]
    pub const fn ply(&self) -> Option<usize> {
        self.ply
    }

    /// What is wrong.
    #[must_use]
    pub const fn kind(&self) -> &RecordErrorKind {
        &self.kind
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
        if let Some(ply) = self.ply {
            write!(f, "ply {ply}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

/// What is wrong with a record. More kinds may be added; match with a `_`
/// arm.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// The input could not be read.
    #[error("cannot read the input: {message}")]
    Io {
        /// The I/O error's kind.
        kind: std::io::ErrorKind,
        /// The I/O error's message.
        message: String,
    },
    /// A line is not valid UTF-8 (the column is where the bad byte is).
    #[error("the text is not valid UTF-8")]
    InvalidUtf8,
    /// A line is longer than the reader accepts.
    #[error("the line is longer than {limit} bytes")]
    LineTooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// A record must start with its tag pairs.
    #[error("expected a tag pair such as [Game \"kaissa\"] to start a record")]
    ExpectedTags,
    /// A tag pair line is not `[Name "value"]`.
    #[error("malformed tag pair: {reason}")]
    MalformedTag {
        /// What is wrong, in words.
        reason: String,
    },
    /// A tag appears twice.
    #[error("the {name} tag appears twice")]
    DuplicateTag {
        /// The tag's name.
        name: String,
    },
    /// A required tag is missing.
    #[error("the record has no {name} tag")]
    MissingTag {
        /// The tag's name.
        name: &'static str,
    },
    /// A tag's value is not one the format allows.
    #[error("bad {name} tag: {reason}")]
    BadTagValue {
        /// The tag's name.
        name: String,
        /// What is wrong, in words.
        reason: String,
    },
    /// The `Position` tag does not hold a valid position text.
    #[error("bad Position tag: {0}")]
    BadPosition(NotationError),
    /// A backslash in a tag value or comment that is not one of the
    /// format's escapes (`\\`, and `\"` in tag values, `\}` in comments).
    #[error("unknown escape '\\{found}'")]
    BadEscape {
        /// The character after the backslash.
        found: char,
    },
    /// A control character in a tag value or comment (only tabs, and new
    /// lines in comments, are allowed), or where the format has only
    /// spaces, tabs and the parts of a record (a tag pair line, the
    /// movetext, the text between records).
    #[error("control character {found:?} in {what}")]
    ControlCharacter {
        /// The character.
        found: char,
        /// Where it is: `"a tag value"`, `"a comment"`, `"a tag pair
        /// line"`, `"the movetext"` or `"the text between records"`.
        what: &'static str,
    },
    /// White space other than a space or a tab (a no-break space U+00A0,
    /// an em space U+2003, an ideographic space U+3000, a line separator
    /// U+2028, a next line U+0085, a vertical tab, a form feed, a lone
    /// carriage return, …) where the format separates the parts of a
    /// record: only spaces and tabs do (docs/records.md, section 1).
    #[error("white space {found:?} where only a space or a tab may stand")]
    NotSpaceOrTab {
        /// The character.
        found: char,
    },
    /// A tag pair after the movetext began.
    #[error("a tag pair inside the movetext (does the record before it lack its result?)")]
    TagInMovetext,
    /// A `}` outside a comment.
    #[error("'}}' without '{{'")]
    UnexpectedBrace,
    /// A comment that is never closed (the position is its `{`).
    #[error("the comment is not closed with '}}'")]
    UnterminatedComment,
    /// A movetext token that is not a move number, an action, a comment or
    /// a result.
    #[error("\"{token}\": {reason}")]
    BadToken {
        /// The token (shortened when long).
        token: String,
        /// What is wrong, in words.
        reason: String,
    },
    /// A move number that does not fit the position it stands in.
    #[error("move number {found} does not fit here: expected {expected}")]
    MoveNumber {
        /// The number as written.
        found: String,
        /// The number (and dots) that would fit.
        expected: String,
    },
    /// A well-formed action that is not legal where it stands.
    #[error("{token}: {error}")]
    IllegalAction {
        /// The action's text.
        token: String,
        /// Why it is not legal.
        error: ActionError,
    },
    /// The input ends before the movetext's result.
    #[error("the movetext ends without a result (*, draw or <winner>-wins)")]
    MissingResult,
    /// The result ending the movetext differs from the `Result` tag.
    #[error("the movetext ends with {movetext} but the Result tag says {tag}")]
    ResultMismatch {
        /// The `Result` tag.
        tag: GameResult,
        /// The movetext's last token.
        movetext: GameResult,
    },
    /// The result or termination does not agree with the final position
    /// (or with each other).
    #[error("{0}")]
    WrongResult(ResultError),
    /// The `Scores` tag (Chaturaji, Ludii ruleset) differs from the final
    /// position's scores.
    #[error(
        "the Scores tag says {}, but the scores in the final position are {} (Red, Black, Yellow, Green)",
        scores_text(*.tag),
        scores_text(*.actual)
    )]
    ScoresMismatch {
        /// The scores the tag states.
        tag: [u32; 4],
        /// The final position's scores.
        actual: [u32; 4],
    },
    /// Something after the result on its line.
    #[error("text after the result (a record ends with its result)")]
    TextAfterResult,
    /// A record of another game where one of a given game was expected.
    #[error("a {found} record where a {expected} record was expected")]
    WrongGame {
        /// The game expected.
        expected: &'static str,
        /// The game found.
        found: &'static str,
    },
    /// No record where one was expected (an empty text).
    #[error("no record: the text is empty")]
    NoRecord,
    /// More text after the one record that was expected.
    #[error("more text after the record (one record was expected)")]
    ExtraText,
}

/// Why an action cannot be added to a record: an illegal move, or (in
/// Chaturaji) an exchange that is not possible. The record is unchanged.
///
/// ```
/// use kaissa_chaturaji::kaissa::Position;
/// use kaissa_chaturaji::record::{ActionError, KaissaRecord};
/// let mut record = KaissaRecord::new(Position::start());
/// let err = record.play("e2e6".parse()?).unwrap_err();
/// assert!(matches!(err, ActionError::Illegal(_)));
/// assert!(record.actions().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The move is not legal.
    #[error("{0}")]
    Illegal(#[from] IllegalMoveError),
    /// The raja exchange is not possible.
    #[error("exchange not possible: {0}")]
    Exchange(#[from] ExchangeError),
    /// Chaturaji (Ludii ruleset): a ply with a roll where the colour to
    /// move must first decide the promotion of its pawn (a missing
    /// decision, or a decision written with a roll).
    #[error("the pawn on {square} awaits its promotion decision, a ply made without a roll: =K, =E, =H, =B (or pass when the colour has a piece of every kind)")]
    DecisionPending {
        /// The pawn's square.
        square: Square,
    },
    /// Chaturaji: a promotion decision (`=K`, or `pass` without a roll)
    /// where none is pending (a ply is written with its roll).
    #[error("no promotion decision is pending (a ply is written with its roll: <face>:<move>)")]
    NoDecisionPending,
    /// Chaturaji (Ludii ruleset): a promotion decision that is not one of
    /// the pending decision's choices (a kind the colour still has on the
    /// board, or `pass` while a kind is free).
    #[error("{mv} is not a choice for the pawn on {square}: the choices are {choices}")]
    NotAChoice {
        /// The decision given.
        mv: Move,
        /// The pawn's square.
        square: Square,
        /// The choices, as their move texts separated by commas (`=K, =B`,
        /// or `pass`).
        choices: String,
    },
    /// A readable move read from a record (`Tf4`, `3:rHh2-f3`;
    /// docs/records.md, section 3) that names no legal move where it
    /// stands: no legal move fits it, several do, one of its markers (`x`,
    /// `#`, `=K`) is wrong, or the game is over.
    #[error("{0}")]
    Readable(ReadableMoveError),
}

/// Why a result and termination do not fit a record: the final position
/// says otherwise, or they do not fit each other or the game. The record
/// is unchanged.
///
/// ```
/// use kaissa_chaturaji::kaissa::{Position, Side};
/// use kaissa_chaturaji::record::{GameResult, KaissaRecord, ResultError, Termination};
/// let mut record = KaissaRecord::new(Position::start());
/// let err = record
///     .set_result(GameResult::SideWins(Side::Yellow), Termination::HomeStoneCaptured)
///     .unwrap_err();
/// assert!(matches!(err, ResultError::NotOver { .. }));
/// record.set_result(GameResult::SideWins(Side::Yellow), Termination::Resignation)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ResultError {
    /// The termination belongs to the other game.
    #[error("{termination} does not end a {game} game")]
    TerminationNotForGame {
        /// The termination claimed.
        termination: Termination,
        /// The game's name (`kaissa`, `chaturaji`).
        game: &'static str,
    },
    /// The result cannot be one of this game (a Kaissa side in Chaturaji,
    /// an alliance that the rules options do not form, …).
    #[error("{result} is not a result of this {game} game")]
    ResultNotForGame {
        /// The result claimed.
        result: GameResult,
        /// The game's name.
        game: &'static str,
    },
    /// The result and the termination do not fit each other (a resignation
    /// needs a winner, an agreement a draw, an unfinished game `*`, …).
    #[error("a game ending by {termination} cannot have the result {result}")]
    Mismatch {
        /// The result claimed.
        result: GameResult,
        /// The termination claimed.
        termination: Termination,
    },
    /// The record claims an ending by the rules, but the final position
    /// is not over.
    #[error("the record claims {termination}, but the game is not over in the final position")]
    NotOver {
        /// The termination claimed.
        termination: Termination,
    },
    /// The final position is over by the rules, for another reason or with
    /// another result than the record claims.
    #[error("the record claims {claimed} by {claimed_termination}, but the final position is {actual} by {actual_termination}")]
    Contradicted {
        /// The result claimed.
        claimed: GameResult,
        /// The termination claimed.
        claimed_termination: Termination,
        /// The result the rules give.
        actual: GameResult,
        /// The termination the rules give.
        actual_termination: Termination,
    },
}

/// A tag or comment text that a record cannot hold. The record is
/// unchanged.
///
/// ```
/// use kaissa_chaturaji::kaissa::Position;
/// use kaissa_chaturaji::record::{KaissaRecord, TextError};
/// let mut record = KaissaRecord::new(Position::start());
/// assert!(matches!(record.set_tag("Result", "*"), Err(TextError::ReservedTag(_))));
/// assert!(matches!(record.set_tag("Bad Name", "x"), Err(TextError::BadTagName(_))));
/// record.set_tag("Event", "Club night")?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TextError {
    /// A tag name must be an ASCII letter followed by at most 63 ASCII
    /// letters, digits and underscores.
    #[error("\"{0}\" is not a tag name (a letter, then letters, digits or _; at most 64)")]
    BadTagName(String),
    /// `Game`, `Rules`, `DrawLimit`, `Position`, `Result`, `Termination`
    /// and `Scores` come from the record itself, not from `set_tag`.
    #[error(
        "the {0} tag is set by the record itself (its game, rules, start position and result)"
    )]
    ReservedTag(String),
    /// A control character (tag values allow tabs; comments allow tabs and
    /// new lines).
    #[error("{what} cannot hold the control character {found:?}")]
    ControlCharacter {
        /// `"a tag value"` or `"a comment"`.
        what: &'static str,
        /// The character.
        found: char,
    },
    /// A `Date` tag must be `YYYY.MM.DD`, with `?` for unknown digits
    /// (`2024.06.??`, `????.??.??`).
    #[error("\"{0}\" is not a date YYYY.MM.DD (with ? for unknown digits)")]
    BadDate(String),
    /// The text is too long.
    #[error("{what} longer than {limit} bytes (per line)")]
    TooLong {
        /// `"a tag value"` or `"a comment"`.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
}
