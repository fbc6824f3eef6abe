//! A record of one game: tags, start position, actions with comments, and
//! a result that always agrees with the final position.

use super::ending::{check_result, ending};
use super::error::{ActionError, ResultError, TextError};
use super::game::RecordedGame;
use super::result::{GameResult, Termination};
use super::tags::{check_text, Tags};
use crate::game::{Chaturaji, Kaissa};

/// A Merchant Kaissa record.
pub type KaissaRecord = GameRecord<Kaissa>;
/// A Chaturaji record.
pub type ChaturajiRecord = GameRecord<Chaturaji>;

/// The record of one game of `G` (a [`game::Kaissa`] or a
/// [`game::Chaturaji`]): free tags ([`Tags`]), the start
/// position, the actions played (each one legal where it was played), the
/// comments between them, and the result with its termination. Whatever
/// methods are called, a record stays consistent: its result always agrees
/// with its final position (see [`GameRecord::set_result`]), so writing it
/// and reading it back gives the same positions and result.
///
/// `Display` writes the record in the format of the [module](super) docs;
/// `FromStr` reads exactly one record of this game.
///
/// [`game::Kaissa`]: crate::game::Kaissa
/// [`game::Chaturaji`]: crate::game::Chaturaji
///
/// ```
/// use kaissa_chaturaji::kaissa::{Position, Side};
/// use kaissa_chaturaji::record::{GameResult, KaissaRecord, Termination};
/// let mut record = KaissaRecord::new(Position::start());
/// record.set_tag("Event", "Club night")?;
/// for mv in ["e2e5", "e9e6", "d1f4"] {
///     record.play(mv.parse()?)?;
/// }
/// record.add_comment("Red resigns")?;
/// record.set_result(GameResult::SideWins(Side::Yellow), Termination::Resignation)?;
/// let text = record.to_string();
/// assert!(text.contains("1. e2e5 e9e6 2. d1f4 {Red resigns} yellow-wins"));
/// let back: KaissaRecord = text.parse()?;
/// assert_eq!(back.final_position(), record.final_position());
/// assert_eq!(back.result(), record.result());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord<G: RecordedGame> {
    tags: Tags,
    start: G,
    current: G,
    actions: Vec<G::MovetextAction>,
    comments: Vec<(usize, String)>,
    result: GameResult,
    termination: Termination,
}

impl<G: RecordedGame> GameRecord<G> {
    /// An empty record of a game from `start` (no tags, no actions). Its
    /// result is what the rules say of `start`: `*` (`unfinished`) unless
    /// the game is already over there.
    ///
    /// Under Chaturaji's Ludii ruleset, the options the ruleset does not
    /// use (alliances, draw limit) are set to those of
    /// [`Rules::ludii`](crate::chaturaji::Rules::ludii), as a record
    /// read back has them.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules, Ruleset};
    /// use kaissa_chaturaji::record::{ChaturajiRecord, GameResult};
    /// let record = ChaturajiRecord::new(Position::start(Rules::default()));
    /// assert_eq!(record.result(), GameResult::Unfinished);
    /// let ludii = Rules::default().with_ruleset(Ruleset::Ludii); // draw limit 200, unused
    /// assert_eq!(ChaturajiRecord::new(Position::start(ludii)).options(), Rules::ludii());
    /// ```
    #[must_use]
    pub fn new(mut start: G::Position) -> GameRecord<G> {
        G::normalize(&mut start);
        let (result, termination) = ending::<G>(&start);
        let start = G::from_position(start);
        GameRecord {
            tags: Tags::default(),
            current: start.clone(),
            start,
            actions: Vec::new(),
            comments: Vec::new(),
            result,
            termination,
        }
    }

    /// The game's name: `kaissa` or `chaturaji`.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// assert_eq!(KaissaRecord::new(Position::start()).game(), "kaissa");
    /// ```
    #[must_use]
    pub fn game(&self) -> &'static str {
        G::NAME
    }

    /// The rules options (`()` for Kaissa; the start position's
    /// [`Rules`](crate::chaturaji::Rules) for Chaturaji).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Alliances, Position, Rules};
    /// use kaissa_chaturaji::record::ChaturajiRecord;
    /// let rules = Rules::new().with_alliances(Alliances::Opposite);
    /// assert_eq!(ChaturajiRecord::new(Position::start(rules)).options(), rules);
    /// ```
    #[must_use]
    pub fn options(&self) -> G::Options {
        G::options_of(self.start())
    }

    /// The position the game started from.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// assert_eq!(KaissaRecord::new(Position::start()).start(), &Position::start());
    /// ```
    #[must_use]
    pub fn start(&self) -> &G::Position {
        self.start.position()
    }

    /// The game as it started: a [`Game`](crate::game::Game) at the start
    /// position.
    ///
    /// ```
    /// use kaissa_chaturaji::game::{self, Game};
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// let record = KaissaRecord::new(Position::start());
    /// assert_eq!(record.start_game(), &game::kaissa());
    /// assert_eq!(record.start_game().legal_actions().len(), 40);
    /// ```
    #[must_use]
    pub fn start_game(&self) -> &G {
        &self.start
    }

    /// Whether the game started from the start position of its rules (a
    /// record that did not carries a `Position` tag).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// assert!(KaissaRecord::new(Position::start()).starts_at_start());
    /// ```
    #[must_use]
    pub fn starts_at_start(&self) -> bool {
        *self.start() == G::start(self.options())
    }

    /// The position after the last action.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// let mut record = KaissaRecord::new(Position::start());
    /// record.play("e2e5".parse()?)?;
    /// assert_eq!(record.final_position().to_string(), "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn final_position(&self) -> &G::Position {
        self.current.position()
    }

    /// The game after the last action: a [`Game`](crate::game::Game) to
    /// go on from (a copy of it plays on; the record only grows through
    /// [`GameRecord::play`]).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules};
    /// use kaissa_chaturaji::game::{Actor, Game};
    /// use kaissa_chaturaji::record::ChaturajiRecord;
    /// let mut record = ChaturajiRecord::new(Position::start(Rules::default()));
    /// record.play("2:h1f3".parse()?)?;
    /// assert_eq!(record.final_game().actor(), Actor::Chance); // Black's roll
    /// assert_eq!(record.final_game().position(), record.final_position());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn final_game(&self) -> &G {
        &self.current
    }

    /// The actions played, in order.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// let mut record = KaissaRecord::new(Position::start());
    /// record.play("e2e5".parse()?)?;
    /// assert_eq!(record.actions()[0].to_string(), "e2e5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn actions(&self) -> &[G::MovetextAction] {
        &self.actions
    }

    /// The comments, each with the number of actions before it (0: before
    /// the first action), in order.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// let mut record = KaissaRecord::new(Position::start());
    /// record.add_comment("A quiet opening")?;
    /// record.play("e2e5".parse()?)?;
    /// record.add_comment("bold")?;
    /// assert_eq!(record.comments(), [(0, "A quiet opening".to_string()), (1, "bold".to_string())]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn comments(&self) -> &[(usize, String)] {
        &self.comments
    }

    /// The positions of the game: the start, then the position after each
    /// action (one more than there are actions).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// let mut record = KaissaRecord::new(Position::start());
    /// record.play("e2e5".parse()?)?;
    /// let positions: Vec<Position> = record.positions().collect();
    /// assert_eq!(positions.len(), 2);
    /// assert_eq!(&positions[1], record.final_position());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions(&self) -> impl Iterator<Item = G::Position> + '_ {
        let mut game = Some(self.start.clone());
        let mut actions = self.actions.iter();
        core::iter::from_fn(move || {
            let mut current = game.take()?;
            let shown = current.position().clone();
            // Every stored action was legal where it was played.
            if let Some(&action) = actions.next() {
                if current.play(action).is_ok() {
                    game = Some(current);
                }
            }
            Some(shown)
        })
    }

    /// Plays `action` if it is legal in the final position (else the record
    /// is unchanged). The result becomes what the rules say of the new
    /// position: its win or draw when the game is now over, else `*`
    /// (`unfinished`), replacing a result the players had set.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules};
    /// use kaissa_chaturaji::record::ChaturajiRecord;
    /// let mut record = ChaturajiRecord::new(Position::start(Rules::default()));
    /// record.play("2:h1f3".parse()?)?;
    /// assert!(record.play("2:h1f3".parse()?).is_err());
    /// assert_eq!(record.actions().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, action: G::MovetextAction) -> Result<(), ActionError> {
        self.current.play(action)?;
        self.actions.push(action);
        (self.result, self.termination) = ending::<G>(self.current.position());
        Ok(())
    }

    /// Adds a comment after the last action (before the first, when there
    /// is none). Any text without control characters but tabs and new
    /// lines, each line at most [`MAX_TEXT`](super::MAX_TEXT) bytes.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// let mut record = KaissaRecord::new(Position::start());
    /// record.add_comment("braces } and \\ are escaped when written")?;
    /// assert!(record.add_comment("no\u{7}bell").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_comment(&mut self, text: &str) -> Result<(), TextError> {
        check_text(text, "a comment", true)?;
        self.comments.push((self.actions.len(), text.to_string()));
        Ok(())
    }

    /// The result.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{GameResult, KaissaRecord};
    /// assert_eq!(KaissaRecord::new(Position::start()).result(), GameResult::Unfinished);
    /// ```
    #[must_use]
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// How the game ended.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::{KaissaRecord, Termination};
    /// assert_eq!(KaissaRecord::new(Position::start()).termination(), Termination::Unfinished);
    /// ```
    #[must_use]
    pub fn termination(&self) -> Termination {
        self.termination
    }

    /// States the result and how the game ended. When the final position
    /// is over by the rules, only the rules' result and termination are
    /// accepted (and they are already set). Otherwise: a win by
    /// `resignation`, a `draw` by `agreement`, or `*` when `unfinished` or
    /// `abandoned`; an ending by the rules is refused (the game is not
    /// over). The winner must exist in the game (a Kaissa side, an
    /// alliance of the Chaturaji rules options, a colour under the Ludii
    /// ruleset). On error the record is unchanged.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules};
    /// use kaissa_chaturaji::record::{ChaturajiRecord, GameResult, ResultError, Termination};
    /// let mut record = ChaturajiRecord::new(Position::start(Rules::default()));
    /// let sheet_alliance = GameResult::AllianceWins([Colour::Red, Colour::Green]);
    /// record.set_result(sheet_alliance, Termination::Resignation)?;
    /// let opposite_alliance = GameResult::AllianceWins([Colour::Red, Colour::Yellow]);
    /// let err = record.set_result(opposite_alliance, Termination::Resignation).unwrap_err();
    /// assert!(matches!(err, ResultError::ResultNotForGame { .. }));
    /// assert_eq!(record.result(), sheet_alliance);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_result(
        &mut self,
        result: GameResult,
        termination: Termination,
    ) -> Result<(), ResultError> {
        check_result::<G>(self.current.position(), result, termination)?;
        self.result = result;
        self.termination = termination;
        Ok(())
    }

    /// The result a token names in this game's records (`*`, `draw`, and
    /// the game's wins: `yellow-wins`, `red-wins` for Kaissa; `rg-wins`,
    /// `by-wins`, `ry-wins`, `bg-wins`, and under the Ludii ruleset
    /// `red-wins`, `black-wins`, `yellow-wins`, `green-wins`, for
    /// Chaturaji). Whether the result fits the record's rules is checked by
    /// [`GameRecord::set_result`].
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Colour;
    /// use kaissa_chaturaji::kaissa::Side;
    /// use kaissa_chaturaji::record::{ChaturajiRecord, GameResult, KaissaRecord};
    /// assert_eq!(KaissaRecord::parse_result("red-wins"), Some(GameResult::SideWins(Side::Red)));
    /// assert_eq!(ChaturajiRecord::parse_result("red-wins"), Some(GameResult::ColourWins(Colour::Red)));
    /// assert_eq!(KaissaRecord::parse_result("rg-wins"), None);
    /// ```
    #[must_use]
    pub fn parse_result(token: &str) -> Option<GameResult> {
        G::parse_result(token)
    }

    /// The free tags (event, site, date, players, others).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// assert!(KaissaRecord::new(Position::start()).tags().is_empty());
    /// ```
    #[must_use]
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// Sets a free tag: `Event`, `Site`, `Date` (`YYYY.MM.DD`, `?` for
    /// unknown digits), the players (`Yellow`, `Red` for Kaissa; `Red`,
    /// `Black`, `Yellow`, `Green` for Chaturaji) or any other name made of
    /// an ASCII letter and then letters, digits and `_`. The value is one
    /// line without control characters but tabs. The tags the record
    /// derives from its data ([`RESERVED_TAGS`](super::RESERVED_TAGS)) are
    /// refused.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// let mut record = KaissaRecord::new(Position::start());
    /// record.set_tag("Date", "2024.06.??")?;
    /// assert!(record.set_tag("Date", "June").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TextError> {
        self.tags.set(name, value)
    }

    /// Removes a free tag; returns its value.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::record::KaissaRecord;
    /// let mut record = KaissaRecord::new(Position::start());
    /// record.set_tag("Site", "Ar")?;
    /// assert_eq!(record.remove_tag("Site").as_deref(), Some("Ar"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        self.tags.remove(name)
    }

    /// Adds an action the reader found legal (the final position is set
    /// by [`GameRecord::finish`]).
    pub(crate) fn push_checked(&mut self, action: G::MovetextAction) {
        self.actions.push(action);
    }

    /// Ends a record the reader read: the final position after the
    /// actions pushed, and the result and termination it checked.
    pub(crate) fn finish(&mut self, last: G, result: GameResult, termination: Termination) {
        self.current = last;
        self.result = result;
        self.termination = termination;
    }

    /// Adds a comment read from a file (already checked by the reader).
    pub(crate) fn push_comment(&mut self, text: String) {
        self.comments.push((self.actions.len(), text));
    }

    /// The tags, for the reader.
    pub(crate) fn tags_mut(&mut self) -> &mut Tags {
        &mut self.tags
    }
}
