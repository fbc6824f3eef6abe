//! One interface for both games: the [`Game`] trait, in the shape of
//! OpenSpiel's state interface, so that a search, a GUI model, a binding or
//! a learning environment is written once.
//!
//! A [`Game`] value is a game in progress. At each point exactly one
//! [`Actor`] acts:
//!
//! * [`Actor::Player`]`(i)`: player `i` (from 0) chooses one of
//!   [`Game::legal_actions`]. A forced pass is a node like any other, with
//!   the single action `pass`.
//! * [`Actor::Chance`]: nature draws one of [`Game::chance_outcomes`], each
//!   with its probability. Chaturaji's stick die is the one chance event of
//!   either game: its four faces, 1/4 each.
//! * [`Actor::Over`]: the game has ended; [`Game::returns`] says how.
//!
//! [`Game::apply`] plays an action (checked) and returns a record that
//! [`Game::undo`] takes back, so a search walks the tree in place;
//! [`Game::apply_unchecked`] and [`Game::undo_unchecked`] are the fast
//! paths for actions the game itself listed.
//!
//! | | [`Kaissa`] ([`kaissa()`]) | [`Chaturaji`] ([`chaturaji()`]) |
//! |---|---|---|
//! | players | 2: Yellow 0, Red 1 | 4: Red 0, Black 1, Yellow 2, Green 3 ([`Colour::index`](crate::chaturaji::Colour::index)) |
//! | action | [`kaissa::Move`] | [`ChaturajiStep`]: a die face or a [`chaturaji::Move`] |
//! | chance | none | before every rolled ply: the faces 2, 3, 4, 5 at 1/4 |
//! | returns | win 1, loss -1, draw 0 | see [`Chaturaji`] |
//!
//! Player numbers are the colours' fixed indices, not the order of play:
//! under the Ludii ruleset Green (3) moves first.
//!
//! # Either game
//! [`AnyGame`] holds a game of either kind and is itself a [`Game`], with
//! [`AnyAction`]s, [`AnyUndo`] records and an [`AnyOutcome`].
//! Each call dispatches once to the game inside, so its loops (perft) run
//! the inner game's own code.
//!
//! # Raja exchanges are not actions
//! A Chaturaji raja exchange (the rules reference, §2, raja exchange) is
//! agreed by both alliances outside the turn order: it is not a move of the
//! player to move, uses no turn, and perft does not count it. So it is not
//! an action here. An application that offers exchanges applies one to the
//! game's position ([`Chaturaji::apply_exchange`]).
//!
//! # Perft over the trait
//! [`perft`] counts the leaves of the tree as both games define perft:
//! depth 0 counts 1; a player node sums over its actions one level down; a
//! chance node sums over its outcomes at the same depth (the die uses no
//! depth); a finished game counts 0 at depth 1 or more. It equals
//! [`kaissa::perft`] and [`chaturaji::perft`] under every rules option.
//!
//! ```
//! use kaissa_chaturaji::chaturaji::Rules;
//! use kaissa_chaturaji::game::{self, Actor, Game};
//!
//! // Generic code: play the first listed action until the game ends.
//! fn first_moves<G: Game>(mut game: G, plies: usize) -> G {
//!     for _ in 0..plies {
//!         match game.actor() {
//!             Actor::Player(_) => {
//!                 let first = game.legal_actions().as_ref()[0];
//!                 game.apply(first).expect("a listed action is legal");
//!             }
//!             Actor::Chance => {
//!                 let (face, _) = game.chance_outcomes()[0];
//!                 game.apply(face).expect("an outcome is legal");
//!             }
//!             Actor::Over => break,
//!         }
//!     }
//!     game
//! }
//!
//! let kaissa = first_moves(game::kaissa(), 6);
//! assert_eq!(kaissa.returns().as_slice(), &[0.0, 0.0]);
//! let chaturaji = first_moves(game::chaturaji(Rules::ludii()), 6);
//! assert_eq!(chaturaji.players(), 4);
//! assert_eq!(game::perft(&game::kaissa(), 2), 1600);
//! assert_eq!(game::perft(&game::chaturaji(Rules::default()), 2), 100);
//! ```

use core::fmt;
use core::hash::Hash;

use arrayvec::ArrayVec;

use crate::error::{IllegalMoveError, NotationError, UndoError};
use crate::{chaturaji, kaissa};

mod any;
mod chaturaji_game;
mod kaissa_game;
mod perft;
mod targets;
mod variant;

pub use any::{
    AnyAction, AnyActions, AnyGame, AnyOutcome, AnyUndo, ReadyError, UnknownGameError, GAME_NAMES,
    MAX_ANY_ACTIONS,
};
pub use chaturaji_game::{Chaturaji, ChaturajiStep, ChaturajiSteps, ChaturajiUndo};
pub use kaissa_game::Kaissa;
pub use perft::{perft, perft_divide, perft_divide_threaded, perft_threaded, DivideEntry};
pub use targets::BoardMove;
pub use variant::{Variant, VariantError, RULES_NAMES};

/// The most players a game has (Chaturaji's four).
pub const MAX_PLAYERS: usize = 4;

/// The most outcomes a chance node has (the stick die's four faces).
pub const MAX_CHANCE_OUTCOMES: usize = 4;

/// The outcomes of a chance node with their probabilities (empty at any
/// other node). Held inline: listing them never allocates.
pub type ChanceOutcomes<A> = ArrayVec<(A, f64), MAX_CHANCE_OUTCOMES>;

/// One return per player, in player order. Held inline: never allocates.
pub type Returns = ArrayVec<f64, MAX_PLAYERS>;

/// Who acts at a point of the game.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::{self, Actor, Game};
/// assert_eq!(game::kaissa().actor(), Actor::Player(0));
/// assert_eq!(game::chaturaji(Rules::default()).actor(), Actor::Chance);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Actor {
    /// Player `i` (from 0) chooses an action.
    Player(usize),
    /// Nature draws an outcome ([`Game::chance_outcomes`]).
    Chance,
    /// The game is over.
    Over,
}

/// A game in progress, seen the way OpenSpiel sees a state (see the
/// [module docs](self)).
///
/// Listing actions, applying and undoing them never allocate; errors do
/// (their text).
pub trait Game {
    /// An action: a move, or a chance outcome. Its `Display` is its text,
    /// which [`Game::parse_action`] reads back.
    type Action: Copy + Eq + Hash + fmt::Debug + fmt::Display;
    /// The legal actions of a player node, held inline.
    type Actions: AsRef<[Self::Action]> + IntoIterator<Item = Self::Action> + Default;
    /// What [`Game::undo`] needs to take an action back: plain data.
    type Undo: Clone + fmt::Debug;

    /// The number of players: 2 (Kaissa) or 4 (Chaturaji).
    fn players(&self) -> usize;

    /// Who acts now.
    fn actor(&self) -> Actor;

    /// The legal actions at a player node (at least one: a forced pass is
    /// one action); empty at a chance node and when the game is over.
    fn legal_actions(&self) -> Self::Actions {
        let mut actions = Self::Actions::default();
        self.generate_actions(&mut actions);
        actions
    }

    /// Refills `actions` with [`Game::legal_actions`]: the form for search
    /// loops, which keep one list per level instead of moving a new one
    /// around (the lists are inline arrays).
    fn generate_actions(&self, actions: &mut Self::Actions);

    /// The number of [`Game::legal_actions`], counted without listing them
    /// where the game can (perft's last ply).
    fn count_legal_actions(&self) -> usize {
        self.legal_actions().as_ref().len()
    }

    /// Perft at depth 1 ([`perft`]`(self, 1)`): at a player node the number
    /// of legal actions; at a chance node the sum, over its outcomes, of the
    /// legal actions after each; 0 when the game is over. Games count it in
    /// one pass where they can (perft's last ply); the game is left as it
    /// was.
    fn perft_depth_one(&mut self) -> u64 {
        match self.actor() {
            Actor::Over => 0,
            Actor::Player(_) => self.count_legal_actions() as u64,
            Actor::Chance => {
                let mut leaves = 0;
                for (outcome, _) in self.chance_outcomes() {
                    let undo = self.apply_unchecked(outcome);
                    leaves += self.perft_depth_one();
                    self.undo_unchecked(undo);
                }
                leaves
            }
        }
    }

    /// Perft at `depth` from here ([`perft`] without the clone); the game
    /// is left as it was. The default is the generic loop over
    /// [`Game::generate_actions`], [`Game::apply_unchecked`] and
    /// [`Game::undo_unchecked`]; a game with a faster perft of its own
    /// overrides it ([`Chaturaji`] runs [`chaturaji::perft`]'s loop, which
    /// takes the four faces without a step for the roll), and a game that
    /// wraps others runs the inner game's ([`AnyGame`] dispatches once per
    /// call).
    ///
    /// [`chaturaji::perft`]: crate::chaturaji::perft
    fn perft_in_place(&mut self, depth: u32) -> u64
    where
        Self: Sized,
    {
        perft::perft_in_place(self, depth)
    }

    /// The outcomes of a chance node with their probabilities (summing to
    /// 1); empty at any other node.
    fn chance_outcomes(&self) -> ChanceOutcomes<Self::Action>;

    /// Applies `action` if it is legal here (one of the legal actions, or
    /// one of the chance outcomes at a chance node) and returns what
    /// [`Game::undo`] needs; otherwise leaves the game untouched and says
    /// why.
    fn apply(&mut self, action: Self::Action) -> Result<Self::Undo, IllegalMoveError>;

    /// Applies `action` without checking it: the fast path, for actions
    /// listed by [`Game::legal_actions`] or [`Game::chance_outcomes`] here.
    /// Given anything else it does not panic and is never undefined
    /// behaviour, but the game afterwards is unspecified (the record still
    /// takes it back).
    fn apply_unchecked(&mut self, action: Self::Action) -> Self::Undo;

    /// Takes back the action `undo` was made for, if it was the last one
    /// applied to this game; otherwise leaves the game untouched and says
    /// why.
    fn undo(&mut self, undo: Self::Undo) -> Result<(), UndoError>;

    /// Takes back the action `undo` was made for, without checking that it
    /// belongs here: the fast path for search. Given a record of another
    /// game it does not panic, but the game afterwards is unspecified.
    fn undo_unchecked(&mut self, undo: Self::Undo);

    /// One return per player, in player order: all 0 while the game goes
    /// on; at the end as the game's type documents ([`Kaissa`],
    /// [`Chaturaji`]). They sum to 0 in every game and rules option.
    fn returns(&self) -> Returns;

    /// Reads an action's text (its `Display` form). Checks the form only:
    /// whether it is legal here is for [`Game::apply`] to say.
    fn parse_action(&self, text: &str) -> Result<Self::Action, NotationError>;

    /// A Zobrist hash of everything that decides the game from here on (the
    /// position, and a pending die roll): equal games hash equal.
    fn hash(&self) -> u64;

    /// Whether the game is over: [`Game::actor`] is [`Actor::Over`].
    fn is_over(&self) -> bool {
        self.actor() == Actor::Over
    }
}

/// A Merchant Kaissa game from the start position.
///
/// ```
/// use kaissa_chaturaji::game::{self, Game};
/// assert_eq!(game::kaissa().legal_actions().len(), 40);
/// ```
#[must_use]
pub fn kaissa() -> Kaissa {
    Kaissa::new(kaissa::Position::start())
}

/// A Chaturaji game from the start position under `rules`, at the chance
/// node of the first roll.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::{self, Game};
/// assert_eq!(game::chaturaji(Rules::ludii()).chance_outcomes().len(), 4);
/// ```
#[must_use]
pub fn chaturaji(rules: chaturaji::Rules) -> Chaturaji {
    Chaturaji::new(chaturaji::Position::start(rules))
}
