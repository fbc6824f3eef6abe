//! Either game behind one type: [`AnyGame`], itself a [`Game`].
//!
//! A front end that holds a game of either kind (a record, a batch of
//! playouts, the C ABI, a binding) holds an [`AnyGame`]. Every call
//! dispatches once, to the game inside; code that loops (perft, a playout,
//! a search) runs the inner game's own monomorphic loop, so the dispatch is
//! paid per call, not per ply.

use core::fmt;

use arrayvec::ArrayVec;

use super::{
    Actor, ChanceOutcomes, Chaturaji, ChaturajiStep, ChaturajiUndo, Game, Kaissa, Returns,
};
use crate::error::{IllegalMoveError, IllegalMoveReason, NotationError, UndoError};
use crate::{chaturaji, kaissa};

/// The names of the games, as [`AnyGame::named`] reads them and
/// [`AnyGame::name`] gives them.
pub const GAME_NAMES: [&str; 2] = ["kaissa", "chaturaji"];

/// Why a game cannot be made ready for a player to choose
/// ([`AnyGame::ready_to_choose`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ReadyError {
    /// The game is over: nobody chooses.
    #[error("the game is over")]
    Over,
    /// Chaturaji waits for the die and no face was given.
    #[error("the die must be rolled first: give the face rolled (2, 3, 4 or 5)")]
    RollNeeded,
    /// A face was given to Merchant Kaissa, which has no die.
    #[error("Merchant Kaissa has no die: give no roll")]
    NoDie,
    /// A face was given where a player already chooses without one (a
    /// roll already applied, or a Ludii promotion decision).
    #[error("no roll is wanted now: the player to move already chooses (a roll applied, or a promotion decision)")]
    NoRollWanted,
}

/// A text that names no game (see [`AnyGame::named`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("unknown game \"{text}\": expected kaissa or chaturaji")]
pub struct UnknownGameError {
    text: String,
}

impl UnknownGameError {
    /// The text that named no game (an excerpt of it, escaped).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// How a game of either kind stands: the inner game's own outcome.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::{AnyGame, AnyOutcome};
/// use kaissa_chaturaji::kaissa;
/// let outcome = AnyGame::kaissa().outcome();
/// assert_eq!(outcome, AnyOutcome::Kaissa(kaissa::Outcome::Ongoing));
/// assert_eq!((outcome.word(), outcome.is_over()), ("ongoing", false));
/// assert!(!AnyGame::chaturaji(Rules::ludii()).outcome().is_over());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyOutcome {
    /// A Merchant Kaissa game's outcome.
    Kaissa(kaissa::Outcome),
    /// A Chaturaji game's outcome.
    Chaturaji(chaturaji::Outcome),
}

impl AnyOutcome {
    /// Whether the game has ended.
    #[must_use]
    pub const fn is_over(self) -> bool {
        match self {
            AnyOutcome::Kaissa(outcome) => outcome.is_over(),
            AnyOutcome::Chaturaji(outcome) => outcome.is_over(),
        }
    }

    /// The outcome word of the `apply` tool (`ongoing`, `draw`,
    /// `yellow-wins`, `red-wins`, `rg-wins`…).
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            AnyOutcome::Kaissa(outcome) => outcome.word(),
            AnyOutcome::Chaturaji(outcome) => outcome.word(),
        }
    }
}

impl From<kaissa::Outcome> for AnyOutcome {
    fn from(outcome: kaissa::Outcome) -> AnyOutcome {
        AnyOutcome::Kaissa(outcome)
    }
}

impl From<chaturaji::Outcome> for AnyOutcome {
    fn from(outcome: chaturaji::Outcome) -> AnyOutcome {
        AnyOutcome::Chaturaji(outcome)
    }
}

/// A game of either kind, in progress: a [`Kaissa`] or a [`Chaturaji`]
/// game behind one [`Game`].
///
/// Players, actions, chance nodes and returns are the inner game's (see
/// the [module docs](super)). Its text (`Display`, and
/// [`AnyGame::with_position_text`] back) is the inner game's position
/// text; [`AnyGame::name`] says which game it is.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::{self, Actor, AnyGame, Game};
/// let mut any = AnyGame::from(game::kaissa());
/// assert_eq!(any.name(), "kaissa");
/// assert_eq!(game::perft(&any, 2), 1600);
/// let mv = any.parse_action("e2e5")?;
/// any.apply(mv)?;
/// assert_eq!(any.actor(), Actor::Player(1));
/// // Text out and back in.
/// let text = any.to_string();
/// assert_eq!(AnyGame::kaissa().with_position_text(&text)?, any);
///
/// let chaturaji = AnyGame::named("chaturaji", Rules::ludii())?;
/// assert_eq!((chaturaji.name(), chaturaji.players()), ("chaturaji", 4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
// A Kaissa position is larger than a Chaturaji one; boxing it would add a
// heap allocation per game and a pointer hop per call.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AnyGame {
    /// A Merchant Kaissa game.
    Kaissa(Kaissa),
    /// A Chaturaji game (its position carries its rules).
    Chaturaji(Chaturaji),
}

/// An action of an [`AnyGame`]: an action of the game inside.
///
/// Its text is the inner action's (`e2e5`, `H@c1`; `3`, `h1f3`, `pass`);
/// [`Game::parse_action`] of an [`AnyGame`] reads it back for that game.
///
/// ```
/// use kaissa_chaturaji::game::{AnyAction, AnyGame, Game};
/// let game = AnyGame::kaissa();
/// let action = game.parse_action("H@c1")?;
/// assert_eq!(action, AnyAction::Kaissa("H@c1".parse()?));
/// assert_eq!(action.to_string(), "H@c1");
/// # Ok::<(), kaissa_chaturaji::NotationError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyAction {
    /// A Merchant Kaissa move.
    Kaissa(kaissa::Move),
    /// A Chaturaji step: a die face or a move.
    Chaturaji(ChaturajiStep),
}

impl fmt::Display for AnyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyAction::Kaissa(mv) => fmt::Display::fmt(mv, f),
            AnyAction::Chaturaji(step) => fmt::Display::fmt(step, f),
        }
    }
}

impl From<kaissa::Move> for AnyAction {
    fn from(mv: kaissa::Move) -> AnyAction {
        AnyAction::Kaissa(mv)
    }
}

impl From<ChaturajiStep> for AnyAction {
    fn from(step: ChaturajiStep) -> AnyAction {
        AnyAction::Chaturaji(step)
    }
}

/// The most legal actions of an [`AnyGame`] player node: the larger of
/// the two games' bounds ([`kaissa::MAX_MOVES`], [`chaturaji::MAX_MOVES`]).
pub const MAX_ANY_ACTIONS: usize = if kaissa::MAX_MOVES > chaturaji::MAX_MOVES {
    kaissa::MAX_MOVES
} else {
    chaturaji::MAX_MOVES
};

/// The legal actions of an [`AnyGame`] player node, held inline.
pub type AnyActions = ArrayVec<AnyAction, MAX_ANY_ACTIONS>;

/// What [`AnyGame`]'s `undo` needs: the inner game's record. Plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnyUndo(UndoOf);

/// The inner record of an [`AnyUndo`].
#[derive(Debug, Clone, PartialEq, Eq)]
enum UndoOf {
    /// A Kaissa move's record.
    Kaissa(kaissa::Undo),
    /// A Chaturaji step's record.
    Chaturaji(ChaturajiUndo),
    /// An unchecked action of the other game, which changed nothing.
    Nothing,
}

impl AnyGame {
    /// A Merchant Kaissa game from the start position.
    #[must_use]
    pub fn kaissa() -> AnyGame {
        AnyGame::Kaissa(super::kaissa())
    }

    /// A Chaturaji game from the start position under `rules`, at the
    /// chance node of the first roll.
    #[must_use]
    pub fn chaturaji(rules: chaturaji::Rules) -> AnyGame {
        AnyGame::Chaturaji(super::chaturaji(rules))
    }

    /// The game named `name` (`kaissa` or `chaturaji`, see
    /// [`GAME_NAMES`]) from its start position; `rules` are Chaturaji's
    /// (Kaissa has one set of rules and does not read them).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Rules;
    /// use kaissa_chaturaji::game::AnyGame;
    /// assert_eq!(AnyGame::named("kaissa", Rules::default())?, AnyGame::kaissa());
    /// let err = AnyGame::named("chess", Rules::default()).unwrap_err();
    /// assert_eq!(err.to_string(), "unknown game \"chess\": expected kaissa or chaturaji");
    /// # Ok::<(), kaissa_chaturaji::game::UnknownGameError>(())
    /// ```
    pub fn named(name: &str, rules: chaturaji::Rules) -> Result<AnyGame, UnknownGameError> {
        match name {
            "kaissa" => Ok(AnyGame::kaissa()),
            "chaturaji" => Ok(AnyGame::chaturaji(rules)),
            _ => Err(UnknownGameError {
                text: crate::error::excerpt(name),
            }),
        }
    }

    /// The same game (the same kind, and for Chaturaji the same rules)
    /// from the position `text` instead, before the roll.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{self, Rules};
    /// use kaissa_chaturaji::game::AnyGame;
    /// let sheet = AnyGame::chaturaji(Rules::default());
    /// let game = sheet.with_position_text(chaturaji::START_TEXT)?;
    /// assert_eq!(game, sheet);
    /// assert_eq!(game.to_string(), chaturaji::START_TEXT);
    /// assert!(AnyGame::kaissa().with_position_text(chaturaji::START_TEXT).is_err());
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    pub fn with_position_text(&self, text: &str) -> Result<AnyGame, NotationError> {
        Ok(match self {
            AnyGame::Kaissa(_) => AnyGame::from(kaissa::Position::from_text(text)?),
            AnyGame::Chaturaji(game) => {
                AnyGame::from(chaturaji::Position::from_text(text, game.rules())?)
            }
        })
    }

    /// The game's name: `kaissa` or `chaturaji` (see [`GAME_NAMES`]).
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            AnyGame::Kaissa(_) => GAME_NAMES[0],
            AnyGame::Chaturaji(_) => GAME_NAMES[1],
        }
    }

    /// The Chaturaji rules options, for a Chaturaji game.
    #[must_use]
    pub fn rules(&self) -> Option<chaturaji::Rules> {
        self.as_chaturaji().map(Chaturaji::rules)
    }

    /// The Kaissa game inside, if it is one.
    #[must_use]
    pub fn as_kaissa(&self) -> Option<&Kaissa> {
        match self {
            AnyGame::Kaissa(game) => Some(game),
            AnyGame::Chaturaji(_) => None,
        }
    }

    /// The Chaturaji game inside, if it is one.
    #[must_use]
    pub fn as_chaturaji(&self) -> Option<&Chaturaji> {
        match self {
            AnyGame::Chaturaji(game) => Some(game),
            AnyGame::Kaissa(_) => None,
        }
    }

    /// How the game stands: the inner position's outcome.
    #[must_use]
    pub fn outcome(&self) -> AnyOutcome {
        match self {
            AnyGame::Kaissa(game) => AnyOutcome::Kaissa(game.position().outcome()),
            AnyGame::Chaturaji(game) => AnyOutcome::Chaturaji(game.position().outcome()),
        }
    }

    /// This game made ready for a player to choose: with `roll` applied
    /// when Chaturaji waits for the die, and unchanged where a player
    /// already chooses (Kaissa, a Chaturaji roll already applied, a Ludii
    /// promotion decision). What a front end does before an agent thinks
    /// about a position it was given as text (and a face rolled).
    ///
    /// # Errors
    /// [`ReadyError`]: the game is over, a roll was given where none is
    /// wanted (Kaissa, a decision, a roll already applied), or none where
    /// the die must be rolled.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Roll, Rules};
    /// use kaissa_chaturaji::game::{Actor, AnyGame, Game, ReadyError};
    /// let game = AnyGame::chaturaji(Rules::default());
    /// let ready = game.ready_to_choose(Roll::new(3))?;
    /// assert_eq!(ready.actor(), Actor::Player(0));
    /// assert_eq!(game.ready_to_choose(None), Err(ReadyError::RollNeeded));
    /// assert_eq!(AnyGame::kaissa().ready_to_choose(Roll::new(3)), Err(ReadyError::NoDie));
    /// # Ok::<(), ReadyError>(())
    /// ```
    pub fn ready_to_choose(&self, roll: Option<chaturaji::Roll>) -> Result<AnyGame, ReadyError> {
        match (self.actor(), roll) {
            (Actor::Over, _) => Err(ReadyError::Over),
            (Actor::Chance, None) => Err(ReadyError::RollNeeded),
            (Actor::Chance, Some(roll)) => {
                let mut game = self.clone();
                game.apply(AnyAction::Chaturaji(ChaturajiStep::Roll(roll)))
                    .map_err(|_| ReadyError::RollNeeded)?;
                Ok(game)
            }
            (Actor::Player(_), None) => Ok(self.clone()),
            (Actor::Player(_), Some(_)) => Err(match self {
                AnyGame::Kaissa(_) => ReadyError::NoDie,
                AnyGame::Chaturaji(_) => ReadyError::NoRollWanted,
            }),
        }
    }

    /// A mismatched action's error: `action` belongs to the other game.
    fn wrong_game(action: AnyAction) -> IllegalMoveError {
        IllegalMoveError::new(action.to_string(), IllegalMoveReason::WrongGame)
    }
}

impl From<Kaissa> for AnyGame {
    fn from(game: Kaissa) -> AnyGame {
        AnyGame::Kaissa(game)
    }
}

impl From<Chaturaji> for AnyGame {
    fn from(game: Chaturaji) -> AnyGame {
        AnyGame::Chaturaji(game)
    }
}

impl From<kaissa::Position> for AnyGame {
    fn from(position: kaissa::Position) -> AnyGame {
        AnyGame::Kaissa(Kaissa::new(position))
    }
}

impl From<chaturaji::Position> for AnyGame {
    fn from(position: chaturaji::Position) -> AnyGame {
        AnyGame::Chaturaji(Chaturaji::new(position))
    }
}

impl fmt::Display for AnyGame {
    /// The position text (a Chaturaji game's pending roll is not in it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyGame::Kaissa(game) => fmt::Display::fmt(game.position(), f),
            AnyGame::Chaturaji(game) => fmt::Display::fmt(game.position(), f),
        }
    }
}

/// Wraps the inner game's chance outcomes as [`AnyAction`]s.
fn wrap_outcomes<A: Copy>(
    outcomes: ChanceOutcomes<A>,
    wrap: impl Fn(A) -> AnyAction,
) -> ChanceOutcomes<AnyAction> {
    outcomes
        .into_iter()
        .map(|(outcome, probability)| (wrap(outcome), probability))
        .collect()
}

impl Game for AnyGame {
    type Action = AnyAction;
    type Actions = AnyActions;
    type Undo = AnyUndo;

    fn players(&self) -> usize {
        match self {
            AnyGame::Kaissa(game) => game.players(),
            AnyGame::Chaturaji(game) => game.players(),
        }
    }

    fn actor(&self) -> Actor {
        match self {
            AnyGame::Kaissa(game) => game.actor(),
            AnyGame::Chaturaji(game) => game.actor(),
        }
    }

    fn generate_actions(&self, actions: &mut AnyActions) {
        actions.clear();
        match self {
            AnyGame::Kaissa(game) => {
                let mut moves = kaissa::MoveList::new();
                game.generate_actions(&mut moves);
                actions.extend(moves.into_iter().map(AnyAction::Kaissa));
            }
            AnyGame::Chaturaji(game) => {
                let mut steps = super::ChaturajiSteps::new();
                game.generate_actions(&mut steps);
                actions.extend(steps.into_iter().map(AnyAction::Chaturaji));
            }
        }
    }

    fn count_legal_actions(&self) -> usize {
        match self {
            AnyGame::Kaissa(game) => game.count_legal_actions(),
            AnyGame::Chaturaji(game) => game.count_legal_actions(),
        }
    }

    fn perft_depth_one(&mut self) -> u64 {
        match self {
            AnyGame::Kaissa(game) => game.perft_depth_one(),
            AnyGame::Chaturaji(game) => game.perft_depth_one(),
        }
    }

    // Inline, so that the caller's crate compiles the inner game's loop
    // as it does for the inner game itself.
    #[inline]
    fn perft_in_place(&mut self, depth: u32) -> u64 {
        match self {
            AnyGame::Kaissa(game) => game.perft_in_place(depth),
            AnyGame::Chaturaji(game) => game.perft_in_place(depth),
        }
    }

    fn chance_outcomes(&self) -> ChanceOutcomes<AnyAction> {
        match self {
            AnyGame::Kaissa(game) => wrap_outcomes(game.chance_outcomes(), AnyAction::Kaissa),
            AnyGame::Chaturaji(game) => wrap_outcomes(game.chance_outcomes(), AnyAction::Chaturaji),
        }
    }

    fn apply(&mut self, action: AnyAction) -> Result<AnyUndo, IllegalMoveError> {
        match (self, action) {
            (AnyGame::Kaissa(game), AnyAction::Kaissa(mv)) => {
                game.apply(mv).map(|undo| AnyUndo(UndoOf::Kaissa(undo)))
            }
            (AnyGame::Chaturaji(game), AnyAction::Chaturaji(step)) => game
                .apply(step)
                .map(|undo| AnyUndo(UndoOf::Chaturaji(undo))),
            _ => Err(AnyGame::wrong_game(action)),
        }
    }

    #[inline]
    fn apply_unchecked(&mut self, action: AnyAction) -> AnyUndo {
        AnyUndo(match (self, action) {
            (AnyGame::Kaissa(game), AnyAction::Kaissa(mv)) => {
                UndoOf::Kaissa(game.apply_unchecked(mv))
            }
            (AnyGame::Chaturaji(game), AnyAction::Chaturaji(step)) => {
                UndoOf::Chaturaji(game.apply_unchecked(step))
            }
            _ => UndoOf::Nothing,
        })
    }

    fn undo(&mut self, undo: AnyUndo) -> Result<(), UndoError> {
        match (self, undo.0) {
            (AnyGame::Kaissa(game), UndoOf::Kaissa(undo)) => game.undo(undo),
            (AnyGame::Chaturaji(game), UndoOf::Chaturaji(undo)) => game.undo(undo),
            (_, UndoOf::Nothing) => Ok(()),
            _ => Err(UndoError),
        }
    }

    #[inline]
    fn undo_unchecked(&mut self, undo: AnyUndo) {
        match (self, undo.0) {
            (AnyGame::Kaissa(game), UndoOf::Kaissa(undo)) => game.undo_unchecked(undo),
            (AnyGame::Chaturaji(game), UndoOf::Chaturaji(undo)) => game.undo_unchecked(undo),
            _ => {}
        }
    }

    fn returns(&self) -> Returns {
        match self {
            AnyGame::Kaissa(game) => game.returns(),
            AnyGame::Chaturaji(game) => game.returns(),
        }
    }

    fn parse_action(&self, text: &str) -> Result<AnyAction, NotationError> {
        match self {
            AnyGame::Kaissa(game) => game.parse_action(text).map(AnyAction::Kaissa),
            AnyGame::Chaturaji(game) => game.parse_action(text).map(AnyAction::Chaturaji),
        }
    }

    fn hash(&self) -> u64 {
        match self {
            AnyGame::Kaissa(game) => game.hash(),
            AnyGame::Chaturaji(game) => game.hash(),
        }
    }
}
