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

/// Which of the two games.
///
/// Its text is the game's name, `kaissa` or `chaturaji`, which
/// [`str::parse`] reads back.
///
/// ```
/// use kaissa_chaturaji::game::GameKind;
/// assert_eq!(GameKind::Chaturaji.name(), "chaturaji");
/// assert_eq!("kaissa".parse::<GameKind>(), Ok(GameKind::Kaissa));
/// assert!("chess".parse::<GameKind>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// Merchant Kaissa.
    Kaissa,
    /// Chaturaji.
    Chaturaji,
}

impl GameKind {
    /// Both kinds, Kaissa first.
    pub const ALL: [GameKind; 2] = [GameKind::Kaissa, GameKind::Chaturaji];

    /// The game's name: `kaissa` or `chaturaji`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Kaissa => "kaissa",
            GameKind::Chaturaji => "chaturaji",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no game (see [`GameKind`]'s text).
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

impl core::str::FromStr for GameKind {
    type Err = UnknownGameError;

    /// Reads `kaissa` or `chaturaji` (exactly, in lower case).
    fn from_str(text: &str) -> Result<GameKind, UnknownGameError> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| UnknownGameError {
                text: crate::error::excerpt(text),
            })
    }
}

/// A game of either kind, in progress: a [`Kaissa`] or a [`Chaturaji`]
/// game behind one [`Game`].
///
/// Players, actions, chance nodes and returns are the inner game's (see
/// the [module docs](super)). Its text ([`AnyGame::from_text`],
/// `Display`) is the inner game's position text.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::{self, Actor, AnyGame, Game, GameKind};
/// let mut any = AnyGame::from(game::kaissa());
/// assert_eq!(any.kind(), GameKind::Kaissa);
/// assert_eq!(game::perft(&any, 2), 1600);
/// let mv = any.parse_action("e2e5")?;
/// any.apply(mv)?;
/// assert_eq!(any.actor(), Actor::Player(1));
/// // Text out and back in.
/// let text = any.to_string();
/// assert_eq!(AnyGame::from_text(GameKind::Kaissa, &text, Rules::default())?, any);
///
/// let chaturaji = AnyGame::chaturaji(Rules::ludii());
/// assert_eq!((chaturaji.kind(), chaturaji.players()), (GameKind::Chaturaji, 4));
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
/// use kaissa_chaturaji::game::{AnyAction, AnyGame, Game, GameKind};
/// let game = AnyGame::kaissa();
/// let action = game.parse_action("H@c1")?;
/// assert_eq!(action, AnyAction::Kaissa("H@c1".parse()?));
/// assert_eq!((action.kind(), action.to_string()), (GameKind::Kaissa, "H@c1".to_string()));
/// # Ok::<(), kaissa_chaturaji::NotationError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyAction {
    /// A Merchant Kaissa move.
    Kaissa(kaissa::Move),
    /// A Chaturaji step: a die face or a move.
    Chaturaji(ChaturajiStep),
}

impl AnyAction {
    /// The game this action belongs to.
    #[must_use]
    pub const fn kind(self) -> GameKind {
        match self {
            AnyAction::Kaissa(_) => GameKind::Kaissa,
            AnyAction::Chaturaji(_) => GameKind::Chaturaji,
        }
    }
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

    /// A game of `kind` from its start position; `rules` are Chaturaji's
    /// (Kaissa has one set of rules and does not read them).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Rules;
    /// use kaissa_chaturaji::game::{AnyGame, GameKind};
    /// assert_eq!(AnyGame::start(GameKind::Kaissa, Rules::default()), AnyGame::kaissa());
    /// ```
    #[must_use]
    pub fn start(kind: GameKind, rules: chaturaji::Rules) -> AnyGame {
        match kind {
            GameKind::Kaissa => AnyGame::kaissa(),
            GameKind::Chaturaji => AnyGame::chaturaji(rules),
        }
    }

    /// A game of `kind` from a position text (`rules` as for
    /// [`AnyGame::start`]; a Chaturaji game starts before the roll).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{self, Rules};
    /// use kaissa_chaturaji::game::{AnyGame, GameKind};
    /// let game = AnyGame::from_text(GameKind::Chaturaji, chaturaji::START_TEXT, Rules::default())?;
    /// assert_eq!(game, AnyGame::chaturaji(Rules::default()));
    /// assert_eq!(game.to_string(), chaturaji::START_TEXT);
    /// assert!(AnyGame::from_text(GameKind::Kaissa, chaturaji::START_TEXT, Rules::default()).is_err());
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    pub fn from_text(
        kind: GameKind,
        text: &str,
        rules: chaturaji::Rules,
    ) -> Result<AnyGame, NotationError> {
        Ok(match kind {
            GameKind::Kaissa => AnyGame::from(kaissa::Position::from_text(text)?),
            GameKind::Chaturaji => AnyGame::from(chaturaji::Position::from_text(text, rules)?),
        })
    }

    /// Which game this is.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            AnyGame::Kaissa(_) => GameKind::Kaissa,
            AnyGame::Chaturaji(_) => GameKind::Chaturaji,
        }
    }

    /// The Chaturaji rules options, for a Chaturaji game.
    #[must_use]
    pub fn rules(&self) -> Option<chaturaji::Rules> {
        self.as_chaturaji().map(|game| game.position().rules())
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

    /// Whether the game has ended by its rules (the positions' own test,
    /// whatever the pending roll).
    #[must_use]
    pub fn is_position_over(&self) -> bool {
        match self {
            AnyGame::Kaissa(game) => game.position().is_over(),
            AnyGame::Chaturaji(game) => game.position().is_over(),
        }
    }

    /// The outcome word of the position (`ongoing`, `draw`, `red-wins`,
    /// `rg-wins`…), as the `apply` tool prints it.
    ///
    /// ```
    /// use kaissa_chaturaji::game::AnyGame;
    /// assert_eq!(AnyGame::kaissa().outcome_word(), "ongoing");
    /// ```
    #[must_use]
    pub fn outcome_word(&self) -> &'static str {
        match self {
            AnyGame::Kaissa(game) => game.position().outcome().word(),
            AnyGame::Chaturaji(game) => game.position().outcome().word(),
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
