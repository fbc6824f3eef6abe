//! A record of either game, as a file holds them: [`Record`].

use core::fmt;

use super::chaturaji_action::ChaturajiAction;
use super::game_record::{ChaturajiRecord, KaissaRecord};
use super::result::{GameResult, Termination};
use super::tags::Tags;
use crate::svg::{self, SvgOptions};

/// A record of either game: what [`Reader`](super::Reader) yields. The
/// game-specific record is inside; the methods here answer what both have.
/// More games (or rulesets needing their own record) may be added; match
/// with a `_` arm.
///
/// `Display` writes the record; `FromStr` reads exactly one record of
/// either game.
///
/// ```
/// use kaissa_chaturaji::record::{GameResult, Record};
/// let record: Record = "[Game \"chaturaji\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. 2:h1f3 5:e7e6 *\n".parse()?;
/// assert_eq!(record.game(), "chaturaji");
/// assert_eq!(record.action_count(), 2);
/// assert_eq!(record.result(), GameResult::Unfinished);
/// assert_eq!(record.action_text(1).as_deref(), Some("5:e7e6"));
/// # Ok::<(), kaissa_chaturaji::record::RecordError>(())
/// ```
// A record owns its moves on the heap anyway and is moved rarely (one at a
// time out of a reader); boxing the Kaissa variant (two 900-byte
// positions) would only add an allocation and a level of indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Record {
    /// A Merchant Kaissa game.
    Kaissa(KaissaRecord),
    /// A Chaturaji game.
    Chaturaji(ChaturajiRecord),
}

/// Runs the same expression on the game record inside.
macro_rules! each {
    ($record:expr, $r:ident => $body:expr) => {
        match $record {
            Record::Kaissa($r) => $body,
            Record::Chaturaji($r) => $body,
        }
    };
}

impl Record {
    /// The game's name: `kaissa` or `chaturaji`.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// assert_eq!(Record::Kaissa(KaissaRecord::new(Position::start())).game(), "kaissa");
    /// ```
    #[must_use]
    pub fn game(&self) -> &'static str {
        each!(self, r => r.game())
    }

    /// The free tags.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// assert!(Record::Kaissa(KaissaRecord::new(Position::start())).tags().is_empty());
    /// ```
    #[must_use]
    pub fn tags(&self) -> &Tags {
        each!(self, r => r.tags())
    }

    /// The result.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{GameResult, KaissaRecord, Record};
    /// let record = Record::Kaissa(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.result(), GameResult::Unfinished);
    /// ```
    #[must_use]
    pub fn result(&self) -> GameResult {
        each!(self, r => r.result())
    }

    /// How the game ended.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record, Termination};
    /// let record = Record::Kaissa(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.termination(), Termination::Unfinished);
    /// ```
    #[must_use]
    pub fn termination(&self) -> Termination {
        each!(self, r => r.termination())
    }

    /// The number of actions (plies, Chaturaji exchanges and Ludii
    /// promotion decisions).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// assert_eq!(Record::Kaissa(KaissaRecord::new(Position::start())).action_count(), 0);
    /// ```
    #[must_use]
    pub fn action_count(&self) -> usize {
        each!(self, r => r.actions().len())
    }

    /// The text of action `index` (from 0) as the movetext writes it
    /// (`e2e5`, `H@c1`, `5:g7g8K`, `exchange:rh4,be8`, `=K`).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// let mut record = KaissaRecord::new(Position::start());
    /// record.play("e2e5".parse()?)?;
    /// assert_eq!(Record::Kaissa(record).action_text(0).as_deref(), Some("e2e5"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn action_text(&self, index: usize) -> Option<String> {
        each!(self, r => r.actions().get(index).map(ToString::to_string))
    }

    /// The position text after `index` actions (0: the start position);
    /// `None` beyond the last action.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, START_TEXT};
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// let record = Record::Kaissa(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.position_text(0).as_deref(), Some(START_TEXT));
    /// assert_eq!(record.position_text(1), None);
    /// ```
    #[must_use]
    pub fn position_text(&self, index: usize) -> Option<String> {
        each!(self, r => r.positions().nth(index).map(|p| p.to_string()))
    }

    /// The final position's text.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, START_TEXT};
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// let record = Record::Kaissa(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.final_position_text(), START_TEXT);
    /// ```
    #[must_use]
    pub fn final_position_text(&self) -> String {
        each!(self, r => r.final_position().to_string())
    }

    /// The final position as an SVG picture, the last move highlighted
    /// (for Chaturaji, the last ply's move: an exchange is not drawn).
    ///
    /// ```
    /// use kaissa_chaturaji::record::Record;
    /// use kaissa_chaturaji::svg::SvgOptions;
    /// let record: Record = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e2e5 *\n".parse()?;
    /// let picture = record.svg(&SvgOptions::default());
    /// assert!(picture.contains("<svg") && picture.contains("#1f5fd0"));
    /// # Ok::<(), kaissa_chaturaji::record::RecordError>(())
    /// ```
    #[must_use]
    pub fn svg(&self, options: &SvgOptions) -> String {
        match self {
            Record::Kaissa(r) => {
                svg::kaissa(r.final_position(), r.actions().last().copied(), options)
            }
            Record::Chaturaji(r) => {
                let last = r.actions().iter().rev().find_map(|action| match action {
                    ChaturajiAction::Ply { mv, .. } => Some(*mv),
                    _ => None,
                });
                svg::chaturaji(r.final_position(), last, options)
            }
        }
    }

    /// The Kaissa record inside, if it is one.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// let record = Record::Kaissa(KaissaRecord::new(Position::start()));
    /// assert!(record.as_kaissa().is_some() && record.as_chaturaji().is_none());
    /// ```
    #[must_use]
    pub fn as_kaissa(&self) -> Option<&KaissaRecord> {
        match self {
            Record::Kaissa(r) => Some(r),
            Record::Chaturaji(_) => None,
        }
    }

    /// The Chaturaji record inside, if it is one.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Position;
    /// use kaissa_chaturaji::record::{ChaturajiRecord, Record};
    /// let record = Record::Chaturaji(ChaturajiRecord::new(Position::default()));
    /// assert!(record.as_chaturaji().is_some());
    /// ```
    #[must_use]
    pub fn as_chaturaji(&self) -> Option<&ChaturajiRecord> {
        match self {
            Record::Chaturaji(r) => Some(r),
            Record::Kaissa(_) => None,
        }
    }
}

impl From<KaissaRecord> for Record {
    fn from(record: KaissaRecord) -> Record {
        Record::Kaissa(record)
    }
}

impl From<ChaturajiRecord> for Record {
    fn from(record: ChaturajiRecord) -> Record {
        Record::Chaturaji(record)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(self, r => fmt::Display::fmt(r, f))
    }
}
