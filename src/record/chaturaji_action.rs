//! One unit of Chaturaji movetext: [`ChaturajiAction`], its text both
//! ways.

use core::fmt;
use core::str::FromStr;

use super::error::ActionError;
use crate::chaturaji::{Colour, Move, Position, Roll, Square};
use crate::error::{escaped_char, excerpt, Field, NotationError, NotationErrorKind};

/// One unit of Chaturaji movetext: a ply (the roll and the move made for
/// it), a raja exchange (not a move: it takes no turn), or a promotion
/// decision of the Ludii ruleset (a ply made without a roll). More kinds
/// may come; match with a `_` arm.
///
/// Its text is `<face>:<move>` (`2:h1f3`, `5:g7g8K`, `4:pass`),
/// `exchange:<colour><square>,<colour><square>` (`exchange:rh4,be8`: the
/// Red raja returns to h4, the Black raja to e8), or the decision's move
/// text alone, without a face: `=K`, `=E`, `=H`, `=B`, or `pass` (the pawn
/// stays a pawn: the colour has a piece of each of the four kinds).
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Move, PieceKind};
/// use kaissa_chaturaji::record::ChaturajiAction;
/// let ply: ChaturajiAction = "5:g7g8K".parse()?;
/// assert_eq!(ply.to_string(), "5:g7g8K");
/// let exchange: ChaturajiAction = "exchange:rh4,be8".parse()?;
/// assert!(matches!(exchange, ChaturajiAction::Exchange { .. }));
/// let decision: ChaturajiAction = "=H".parse()?;
/// assert_eq!(decision, ChaturajiAction::Decision { mv: Move::Decision { kind: PieceKind::Horse } });
/// assert_eq!("pass".parse::<ChaturajiAction>()?, ChaturajiAction::Decision { mv: Move::Pass });
/// assert!("6:h1f3".parse::<ChaturajiAction>().is_err());
/// assert!("5:=H".parse::<ChaturajiAction>().is_err()); // a decision has no roll
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChaturajiAction {
    /// The seat to move threw `roll` and made `mv`.
    Ply {
        /// The roll.
        roll: Roll,
        /// The move made for it (`Pass` when the roll allowed none).
        mv: Move,
    },
    /// A raja exchange: the captured raja of `first.0` returns to
    /// `first.1`, that of `second.0` to `second.1`.
    Exchange {
        /// One raja's colour and square.
        first: (Colour, Square),
        /// The other raja's colour and square.
        second: (Colour, Square),
    },
    /// Ludii ruleset: the colour to move decides the promotion of its pawn
    /// that has just reached its far edge, without a roll: `mv` is a
    /// [`Move::Decision`] (`=K`, `=E`, `=H`, `=B`), or [`Move::Pass`] when
    /// the colour has a piece of each of the four kinds (the pawn stays a
    /// pawn). Any other move is never legal.
    Decision {
        /// The decision's move.
        mv: Move,
    },
}

impl ChaturajiAction {
    /// Whether the action's kind fits `position`'s pending promotion
    /// decision (Ludii ruleset): a ply needs none pending
    /// ([`ActionError::DecisionPending`]), a decision needs one
    /// ([`ActionError::NoDecisionPending`]); an exchange fits either way.
    /// Whether the action is legal is for playing it to say: this is the
    /// check that comes first, the one every front end makes alike.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules};
    /// use kaissa_chaturaji::record::{ActionError, ChaturajiAction};
    /// let start = Position::start(Rules::ludii());
    /// let ply: ChaturajiAction = "2:b7c7".parse()?;
    /// assert_eq!(ply.check_pending_decision(&start), Ok(()));
    /// let decision: ChaturajiAction = "=K".parse()?;
    /// assert_eq!(decision.check_pending_decision(&start), Err(ActionError::NoDecisionPending));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_pending_decision(&self, position: &Position) -> Result<(), ActionError> {
        match (self, position.pending_promotion()) {
            (ChaturajiAction::Ply { .. }, Some(square)) => {
                Err(ActionError::DecisionPending { square })
            }
            (ChaturajiAction::Decision { .. }, None) => Err(ActionError::NoDecisionPending),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for ChaturajiAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChaturajiAction::Ply { roll, mv } => write!(f, "{roll}:{mv}"),
            ChaturajiAction::Decision { mv } => write!(f, "{mv}"),
            ChaturajiAction::Exchange { first, second } => write!(
                f,
                "exchange:{}{},{}{}",
                first.0.letter(),
                first.1,
                second.0.letter(),
                second.1
            ),
        }
    }
}

/// The prefix of an exchange's text.
const EXCHANGE: &str = "exchange:";

fn error(offset: usize, kind: NotationErrorKind, reason: String) -> NotationError {
    NotationError::at(Field::Move, offset, kind, reason)
}

/// Parses `<colour><square>` starting at byte `base` of the action text.
fn colour_square(text: &str, base: usize) -> Result<(Colour, Square), NotationError> {
    let mut chars = text.chars();
    let colour = match chars.next() {
        Some(c) => Colour::from_letter(c).ok_or_else(|| {
            error(
                base,
                NotationErrorKind::UnknownPiece,
                format!("'{}' is not a colour r, b, y or g", escaped_char(c)),
            )
        })?,
        None => {
            return Err(error(
                base,
                NotationErrorKind::Empty,
                "missing <colour><square> such as rh4".into(),
            ))
        }
    };
    let square = Square::parse(chars.as_str()).ok_or_else(|| {
        error(
            base + 1,
            NotationErrorKind::BadSquare,
            format!("\"{}\" is not a square a1..h8", excerpt(chars.as_str())),
        )
    })?;
    Ok((colour, square))
}

impl FromStr for ChaturajiAction {
    type Err = NotationError;

    /// Parses `<face>:<move>` or `exchange:<c><sq>,<c><sq>`; errors name
    /// [`Field::Move`] and the byte offset in `text`.
    ///
    /// ```
    /// use kaissa_chaturaji::record::ChaturajiAction;
    /// let err = "exchange:rh4,xe8".parse::<ChaturajiAction>().unwrap_err();
    /// assert_eq!(err.offset(), Some(13));
    /// ```
    fn from_str(text: &str) -> Result<ChaturajiAction, NotationError> {
        if text.starts_with('=') || text == "pass" {
            return Ok(ChaturajiAction::Decision {
                mv: Move::parse_at(text, 0)?,
            });
        }
        if let Some(rest) = text.strip_prefix(EXCHANGE) {
            let base = EXCHANGE.len();
            let (a, b) = rest.split_once(',').ok_or_else(|| {
                error(
                    base,
                    NotationErrorKind::UnexpectedCharacter,
                    "an exchange names two rajas: exchange:<colour><square>,<colour><square>"
                        .into(),
                )
            })?;
            let first = colour_square(a, base)?;
            let second = colour_square(b, base + a.len() + 1)?;
            return Ok(ChaturajiAction::Exchange { first, second });
        }
        let (face, mv) = text.split_once(':').ok_or_else(|| {
            error(
                0,
                NotationErrorKind::UnexpectedCharacter,
                format!(
                    "\"{}\" is not <face>:<move> (such as 2:h1f3) or exchange:<colour><square>,<colour><square>",
                    excerpt(text)
                ),
            )
        })?;
        let roll = match face.as_bytes() {
            [digit] => Roll::new(digit.wrapping_sub(b'0')),
            _ => None,
        }
        .ok_or_else(|| {
            error(
                0,
                NotationErrorKind::OutOfRange,
                format!("\"{}\" is not a die face 2, 3, 4 or 5", excerpt(face)),
            )
        })?;
        let mv = Move::parse_at(mv, face.len() + 1)?;
        if let Move::Decision { .. } = mv {
            return Err(error(
                0,
                NotationErrorKind::UnexpectedCharacter,
                format!(
                    "a promotion decision is made without a roll: write {mv} alone, not {}",
                    excerpt(text)
                ),
            ));
        }
        Ok(ChaturajiAction::Ply { roll, mv })
    }
}
