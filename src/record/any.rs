//! A record of either game, as a file holds them: [`Record`].

use core::any::Any;
use core::fmt;

use super::error::{ResultError, TextError};
use super::game::RecordedGame;
use super::game_record::{ChaturajiRecord, GameRecord, KaissaRecord};
use super::result::{GameResult, Termination};
use super::tags::Tags;
use super::visitor::RecordAction;
use crate::game::AnyGame;
use crate::svg::SvgOptions;

/// A record of one game, whichever: what a [`Record`] holds.
trait OneRecord: fmt::Debug + fmt::Display + Any + Send + Sync {
    fn game(&self) -> &'static str;
    fn tags(&self) -> &Tags;
    fn comments(&self) -> &[(usize, String)];
    fn result(&self) -> GameResult;
    fn termination(&self) -> Termination;
    fn action_count(&self) -> usize;
    fn action(&self, index: usize) -> Option<RecordAction>;
    fn position_text(&self, index: usize) -> Option<String>;
    fn start(&self) -> AnyGame;
    fn final_game(&self) -> AnyGame;
    fn final_position_text(&self) -> String;
    fn svg(&self, options: &SvgOptions) -> String;
    fn parse_result(&self, token: &str) -> Option<GameResult>;
    fn set_result(
        &mut self,
        result: GameResult,
        termination: Termination,
    ) -> Result<(), ResultError>;
    fn add_comment(&mut self, text: &str) -> Result<(), TextError>;
    fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TextError>;
    fn remove_tag(&mut self, name: &str) -> Option<String>;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn clone_box(&self) -> Box<dyn OneRecord>;
    fn same_as(&self, other: &dyn OneRecord) -> bool;
}

impl<G: RecordedGame> OneRecord for GameRecord<G>
where
    GameRecord<G>: Send + Sync,
{
    fn game(&self) -> &'static str {
        GameRecord::game(self)
    }
    fn tags(&self) -> &Tags {
        GameRecord::tags(self)
    }
    fn comments(&self) -> &[(usize, String)] {
        GameRecord::comments(self)
    }
    fn result(&self) -> GameResult {
        GameRecord::result(self)
    }
    fn termination(&self) -> Termination {
        GameRecord::termination(self)
    }
    fn action_count(&self) -> usize {
        self.actions().len()
    }
    fn action(&self, index: usize) -> Option<RecordAction> {
        self.actions()
            .get(index)
            .map(|&action| G::visited_action(action))
    }
    fn position_text(&self, index: usize) -> Option<String> {
        self.positions().nth(index).map(|p| p.to_string())
    }
    fn start(&self) -> AnyGame {
        self.start_game().clone().into()
    }
    fn final_game(&self) -> AnyGame {
        GameRecord::final_game(self).clone().into()
    }
    fn final_position_text(&self) -> String {
        self.final_position().to_string()
    }
    fn svg(&self, options: &SvgOptions) -> String {
        G::svg(self.final_position(), self.actions(), options)
    }
    fn parse_result(&self, token: &str) -> Option<GameResult> {
        G::parse_result(token)
    }
    fn set_result(
        &mut self,
        result: GameResult,
        termination: Termination,
    ) -> Result<(), ResultError> {
        GameRecord::set_result(self, result, termination)
    }
    fn add_comment(&mut self, text: &str) -> Result<(), TextError> {
        GameRecord::add_comment(self, text)
    }
    fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TextError> {
        GameRecord::set_tag(self, name, value)
    }
    fn remove_tag(&mut self, name: &str) -> Option<String> {
        GameRecord::remove_tag(self, name)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn clone_box(&self) -> Box<dyn OneRecord> {
        Box::new(self.clone())
    }
    fn same_as(&self, other: &dyn OneRecord) -> bool {
        other.as_any().downcast_ref::<GameRecord<G>>() == Some(self)
    }
}

/// A record of either game: what [`Reader`](super::Reader) yields. The
/// game's own record ([`KaissaRecord`], [`ChaturajiRecord`]) is inside
/// ([`Record::as_kaissa`], [`Record::as_chaturaji`]); the methods here
/// answer what both have, with actions as [`RecordAction`]s and positions
/// as [`AnyGame`]s.
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
/// assert_eq!(record.action(1).and_then(|a| a.roll()).map(|r| r.face()), Some(5));
/// # Ok::<(), kaissa_chaturaji::record::RecordError>(())
/// ```
pub struct Record {
    record: Box<dyn OneRecord>,
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
        self.record.game()
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
        self.record.tags()
    }

    /// The comments, each after the number of actions it follows.
    #[must_use]
    pub fn comments(&self) -> &[(usize, String)] {
        self.record.comments()
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
        self.record.result()
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
        self.record.termination()
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
        self.record.action_count()
    }

    /// Action `index` (from 0); `None` beyond the last.
    #[must_use]
    pub fn action(&self, index: usize) -> Option<RecordAction> {
        self.record.action(index)
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
        self.record.action(index).map(|action| action.to_string())
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
        self.record.position_text(index)
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
        self.record.start()
    }

    /// The final position, as a game of either kind.
    #[must_use]
    pub fn final_game(&self) -> AnyGame {
        self.record.final_game()
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
        self.record.final_position_text()
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
        self.record.svg(options)
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
        self.record.parse_result(token)
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
        self.record.set_result(result, termination)
    }

    /// Adds a comment after the last action (see
    /// [`GameRecord::add_comment`]).
    ///
    /// # Errors
    ///
    /// When the text cannot stand in a comment.
    pub fn add_comment(&mut self, text: &str) -> Result<(), TextError> {
        self.record.add_comment(text)
    }

    /// Sets a free tag (see [`GameRecord::set_tag`]).
    ///
    /// # Errors
    ///
    /// When the name or the value cannot stand in a tag, or the name is
    /// reserved.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TextError> {
        self.record.set_tag(name, value)
    }

    /// Removes a free tag, giving its value back.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        self.record.remove_tag(name)
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
        self.record.as_any().downcast_ref()
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
        self.record.as_any().downcast_ref()
    }

    /// The Kaissa record inside, to change, if it is one.
    pub fn as_kaissa_mut(&mut self) -> Option<&mut KaissaRecord> {
        self.record.as_any_mut().downcast_mut()
    }

    /// The Chaturaji record inside, to change, if it is one.
    pub fn as_chaturaji_mut(&mut self) -> Option<&mut ChaturajiRecord> {
        self.record.as_any_mut().downcast_mut()
    }
}

impl<G: RecordedGame> From<GameRecord<G>> for Record
where
    GameRecord<G>: Send + Sync,
{
    fn from(record: GameRecord<G>) -> Record {
        Record {
            record: Box::new(record),
        }
    }
}

impl Clone for Record {
    fn clone(&self) -> Record {
        Record {
            record: self.record.clone_box(),
        }
    }
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.record.same_as(&*other.record)
    }
}

impl Eq for Record {}

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.record, f)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.record, f)
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
            format!("{:?}", record.as_chaturaji().unwrap())
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
