//! Merchant Kaissa behind the [`Game`] trait.

use super::{Actor, ChanceOutcomes, Game, Returns};
use crate::error::{IllegalMoveError, NotationError, UndoError};
use crate::kaissa::{Move, MoveList, Outcome, Position, Side, Undo};

/// A Merchant Kaissa game behind the [`Game`] trait: a
/// [`kaissa::Position`](Position) and nothing else (Kaissa has no chance).
///
/// Players: Yellow is 0, Red is 1 ([`Side::index`]). Actions are
/// [`Move`]s, as their move text (`e2e5`, `H@c1`). Returns: the winner 1,
/// the loser -1 (a captured Home Stone, or a stone not placed by turn 10);
/// a draw (no legal move) 0 for both.
///
/// ```
/// use kaissa_chaturaji::game::{Actor, Game, Kaissa};
/// use kaissa_chaturaji::kaissa::Position;
/// // Yellow captures Red's Home Stone.
/// let pos: Position = "4h5/4U5/10/10/10/10/10/10/10/4H5 y 30 -".parse()?;
/// let mut game = Kaissa::new(pos);
/// let capture = game.parse_action("e9e10")?;
/// let undo = game.apply(capture)?;
/// assert_eq!(game.actor(), Actor::Over);
/// assert_eq!(game.returns().as_slice(), &[1.0, -1.0]);
/// game.undo(undo)?;
/// assert_eq!(game.actor(), Actor::Player(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Kaissa {
    position: Position,
}

impl Kaissa {
    /// The game from `position` (any valid position, finished ones too).
    #[must_use]
    pub fn new(position: Position) -> Kaissa {
        Kaissa { position }
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position, taking the game apart.
    #[must_use]
    pub fn into_position(self) -> Position {
        self.position
    }
}

impl From<Position> for Kaissa {
    fn from(position: Position) -> Kaissa {
        Kaissa::new(position)
    }
}

impl Default for Kaissa {
    /// The game from the start position.
    fn default() -> Kaissa {
        super::kaissa()
    }
}

impl Game for Kaissa {
    type Action = Move;
    type Actions = MoveList;
    type Undo = Undo;

    fn players(&self) -> usize {
        2
    }

    fn actor(&self) -> Actor {
        if self.position.is_over() {
            Actor::Over
        } else {
            Actor::Player(self.position.to_move().index())
        }
    }

    fn generate_actions(&self, actions: &mut MoveList) {
        self.position.generate_moves(actions);
    }

    fn count_legal_actions(&self) -> usize {
        self.position.count_legal_moves()
    }

    fn perft_depth_one(&mut self) -> u64 {
        self.position.count_legal_moves() as u64
    }

    fn chance_outcomes(&self) -> ChanceOutcomes<Move> {
        ChanceOutcomes::new()
    }

    fn apply(&mut self, action: Move) -> Result<Undo, IllegalMoveError> {
        self.position.play(action)
    }

    #[inline]
    fn apply_unchecked(&mut self, action: Move) -> Undo {
        self.position.play_unchecked(action)
    }

    fn undo(&mut self, undo: Undo) -> Result<(), UndoError> {
        self.position.undo(undo)
    }

    #[inline]
    fn undo_unchecked(&mut self, undo: Undo) {
        self.position.undo_unchecked(undo);
    }

    fn returns(&self) -> Returns {
        let mut returns = Returns::new();
        match self.position.outcome() {
            Outcome::Win { winner, .. } => {
                for side in Side::ALL {
                    returns.push(if side == winner { 1.0 } else { -1.0 });
                }
            }
            Outcome::Ongoing | Outcome::Draw { .. } => returns.extend([0.0, 0.0]),
        }
        returns
    }

    fn parse_action(&self, text: &str) -> Result<Move, NotationError> {
        text.parse()
    }

    fn hash(&self) -> u64 {
        self.position.hash()
    }
}
