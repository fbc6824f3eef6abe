//! A record of either game, as a file holds them: [`Record`].

use core::fmt;

use super::error::{ResultError, TextError};
use super::game::RecordedGame;
use super::game_record::{ChaturajiRecord, GameRecord, KaissaRecord};
use super::result::{GameResult, Termination};
use super::tags::Tags;
use super::visitor::RecordAction;
use crate::game::AnyGame;
use crate::svg::SvgOptions;

/// A record of either game: what [`Reader`](super::Reader) yields, the
/// game's own record ([`KaissaRecord`], [`ChaturajiRecord`]) in one
/// variant. A Chaturaji record holds its rules options, the Ludii ruleset
/// included. The methods here answer what both games have, by one `match`
/// each, with actions as [`RecordAction`]s and positions as
/// [`AnyGame`]s; [`Record::as_kaissa`] and [`Record::as_chaturaji`] (or a
/// `match`) reach the game's record.
///
/// `Display` writes the record; `FromStr` reads exactly one record of
/// either game.
///
/// ```
/// use kaissa_chaturaji::record::{GameResult, Record};
/// let record: Record = "[Game \"chaturaji\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. 2:h1f3 5:e7e6 *\n".parse()?;
/// assert_eq!(record.game(), "chaturaji");
/// assert!(matches!(record, Record::Chaturaji(_)));
/// assert_eq!(record.action_count(), 2);
/// assert_eq!(record.result(), GameResult::Unfinished);
/// assert_eq!(record.action_text(1).as_deref(), Some("5:e7e6"));
/// assert_eq!(record.action(1).and_then(|a| a.roll()).map(|r| r.face()), Some(5));
/// # Ok::<(), kaissa_chaturaji::record::RecordError>(())
/// ```
// Both variants hold their game's start and current positions inline (a
// Kaissa position is the larger); a record is made once per game read and
// rarely moved, and boxing one variant would put a `Box` in the public
// shape of the enum.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// A Merchant Kaissa record.
    Kaissa(KaissaRecord),
    /// A Chaturaji record, under the sheet's rules or the Ludii ruleset.
    Chaturaji(ChaturajiRecord),
}

/// Evaluates `$body` with `$r` bound to the game's record inside
/// `$record`: one `match`, the same code for both games.
macro_rules! dispatch {
    ($record:expr, $r:ident => $body:expr) => {
        match $record {
            Record::Kaissa($r) => $body,
            Record::Chaturaji($r) => $body,
        }
    };
}

/// The final position of `record` as an SVG picture.
fn svg_of<G: RecordedGame>(record: &GameRecord<G>, options: &SvgOptions) -> String {
    G::svg(record.final_position(), record.actions(), options)
}

/// The result `token` names in the records of `record`'s game.
fn parse_result_of<G: RecordedGame>(_record: &GameRecord<G>, token: &str) -> Option<GameResult> {
    GameRecord::<G>::parse_result(token)
}

impl Record {
    /// The game's name: `kaissa` or `chaturaji`.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// assert_eq!(Record::from(KaissaRecord::new(Position::start())).game(), "kaissa");
    /// ```
    #[must_use]
    pub fn game(&self) -> &'static str {
        dispatch!(self, r => r.game())
    }

    /// The free tags.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// assert!(Record::from(KaissaRecord::new(Position::start())).tags().is_empty());
    /// ```
    #[must_use]
    pub fn tags(&self) -> &Tags {
        dispatch!(self, r => r.tags())
    }

    /// The comments, each after the number of actions it follows.
    #[must_use]
    pub fn comments(&self) -> &[(usize, String)] {
        dispatch!(self, r => r.comments())
    }

    /// The result.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{GameResult, KaissaRecord, Record};
    /// let record = Record::from(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.result(), GameResult::Unfinished);
    /// ```
    #[must_use]
    pub fn result(&self) -> GameResult {
        dispatch!(self, r => r.result())
    }

    /// How the game ended.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record, Termination};
    /// let record = Record::from(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.termination(), Termination::Unfinished);
    /// ```
    #[must_use]
    pub fn termination(&self) -> Termination {
        dispatch!(self, r => r.termination())
    }

    /// The number of actions (plies, Chaturaji exchanges and Ludii
    /// promotion decisions).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// assert_eq!(Record::from(KaissaRecord::new(Position::start())).action_count(), 0);
    /// ```
    #[must_use]
    pub fn action_count(&self) -> usize {
        dispatch!(self, r => r.actions().len())
    }

    /// Action `index` (from 0); `None` beyond the last.
    #[must_use]
    pub fn action(&self, index: usize) -> Option<RecordAction> {
        dispatch!(self, r => r.actions().get(index).map(|&action| RecordAction::from(action)))
    }

    /// The text of action `index` (from 0) as the movetext writes it
    /// (`e2e5`, `H@c1`, `5:g7g8K`, `exchange:rh4,be8`, `=K`).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// let mut record = KaissaRecord::new(Position::start());
    /// record.play("e2e5".parse()?)?;
    /// assert_eq!(Record::from(record).action_text(0).as_deref(), Some("e2e5"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn action_text(&self, index: usize) -> Option<String> {
        dispatch!(self, r => r.actions().get(index).map(ToString::to_string))
    }

    /// The position text after `index` actions (0: the start position);
    /// `None` beyond the last action.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, START_TEXT};
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// let record = Record::from(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.position_text(0).as_deref(), Some(START_TEXT));
    /// assert_eq!(record.position_text(1), None);
    /// ```
    #[must_use]
    pub fn position_text(&self, index: usize) -> Option<String> {
        dispatch!(self, r => r.positions().nth(index).map(|p| p.to_string()))
    }

    /// The start position, as a game of either kind.
    ///
    /// ```
    /// use kaissa_chaturaji::game::AnyGame;
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// let record = Record::from(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.start(), AnyGame::kaissa());
    /// ```
    #[must_use]
    pub fn start(&self) -> AnyGame {
        dispatch!(self, r => r.start_game().clone().into())
    }

    /// The final position, as a game of either kind.
    #[must_use]
    pub fn final_game(&self) -> AnyGame {
        dispatch!(self, r => r.final_game().clone().into())
    }

    /// The final position's text.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, START_TEXT};
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// let record = Record::from(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.final_position_text(), START_TEXT);
    /// ```
    #[must_use]
    pub fn final_position_text(&self) -> String {
        dispatch!(self, r => r.final_position().to_string())
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
        dispatch!(self, r => svg_of(r, options))
    }

    /// The result `token` names in this game's records (see
    /// [`GameRecord::parse_result`]).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, Side};
    /// use kaissa_chaturaji::record::{GameResult, KaissaRecord, Record};
    /// let record = Record::from(KaissaRecord::new(Position::start()));
    /// assert_eq!(record.parse_result("red-wins"), Some(GameResult::SideWins(Side::Red)));
    /// assert_eq!(record.parse_result("rg-wins"), None);
    /// ```
    #[must_use]
    pub fn parse_result(&self, token: &str) -> Option<GameResult> {
        dispatch!(self, r => parse_result_of(r, token))
    }

    /// Sets the result and termination (see [`GameRecord::set_result`]).
    ///
    /// # Errors
    ///
    /// When they do not fit the final position; the record is unchanged.
    pub fn set_result(
        &mut self,
        result: GameResult,
        termination: Termination,
    ) -> Result<(), ResultError> {
        dispatch!(self, r => r.set_result(result, termination))
    }

    /// Adds a comment after the last action (see
    /// [`GameRecord::add_comment`]).
    ///
    /// # Errors
    ///
    /// When the text cannot stand in a comment.
    pub fn add_comment(&mut self, text: &str) -> Result<(), TextError> {
        dispatch!(self, r => r.add_comment(text))
    }

    /// Sets a free tag (see [`GameRecord::set_tag`]).
    ///
    /// # Errors
    ///
    /// When the name or the value cannot stand in a tag, or the name is
    /// reserved.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TextError> {
        dispatch!(self, r => r.set_tag(name, value))
    }

    /// Removes a free tag, giving its value back.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        dispatch!(self, r => r.remove_tag(name))
    }

    /// The Kaissa record inside, if it is one.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Record};
    /// let record = Record::from(KaissaRecord::new(Position::start()));
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
    /// let record = Record::from(ChaturajiRecord::new(Position::default()));
    /// assert!(record.as_chaturaji().is_some());
    /// ```
    #[must_use]
    pub fn as_chaturaji(&self) -> Option<&ChaturajiRecord> {
        match self {
            Record::Chaturaji(r) => Some(r),
            Record::Kaissa(_) => None,
        }
    }

    /// The Kaissa record inside, to change, if it is one.
    pub fn as_kaissa_mut(&mut self) -> Option<&mut KaissaRecord> {
        match self {
            Record::Kaissa(r) => Some(r),
            Record::Chaturaji(_) => None,
        }
    }

    /// The Chaturaji record inside, to change, if it is one.
    pub fn as_chaturaji_mut(&mut self) -> Option<&mut ChaturajiRecord> {
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
        dispatch!(self, r => fmt::Display::fmt(r, f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::ChaturajiAction;
    use crate::{chaturaji, kaissa};

    #[test]
    fn equal_only_within_one_game() {
        let kaissa = Record::from(KaissaRecord::new(kaissa::Position::start()));
        let chaturaji = Record::from(ChaturajiRecord::new(chaturaji::Position::default()));
        assert_eq!(kaissa.clone(), kaissa);
        assert_ne!(kaissa, chaturaji);
        let mut changed = kaissa.clone();
        changed.set_tag("Site", "Ar").unwrap();
        assert_ne!(changed, kaissa);
        assert_eq!(changed.remove_tag("Site").as_deref(), Some("Ar"));
        assert_eq!(changed, kaissa);
        assert_eq!(chaturaji.start().name(), "chaturaji");
        assert_eq!(chaturaji.final_game(), chaturaji.start());
    }

    #[test]
    fn actions_keep_their_roll() {
        let mut record = ChaturajiRecord::new(chaturaji::Position::default());
        record.play("2:h1f3".parse().unwrap()).unwrap();
        let record = Record::from(record);
        let action = record.action(0).unwrap();
        assert_eq!(action.roll().map(|roll| roll.face()), Some(2));
        assert_eq!(action.as_chaturaji(), Some("2:h1f3".parse().unwrap()));
        assert_eq!(action.as_kaissa(), None);
        assert_eq!(record.action(1), None);
        assert_eq!(
            format!("{record:?}"),
            format!("Chaturaji({:?})", record.as_chaturaji().unwrap())
        );
        for text in ["exchange:rh4,be8", "=K", "pass"] {
            let parsed: ChaturajiAction = text.parse().unwrap();
            let action = RecordAction::from(parsed);
            assert_eq!(action.as_chaturaji(), Some(parsed), "{text}");
            assert_eq!(
                (action.to_string(), action.roll()),
                (text.to_string(), None)
            );
            assert_eq!(action.action().is_none(), text.starts_with("exchange"));
        }
    }
}
