//! Chaturaji behind the [`Game`] trait: the die as an explicit chance node.

use core::fmt;

use arrayvec::ArrayVec;

use super::{Actor, ChanceOutcomes, Game, Returns};
use crate::chaturaji::moves::MoveSink;
use crate::chaturaji::{
    Colour, ExchangeError, Move, MoveList, Outcome, Position, Roll, Square, Undo, MAX_MOVES,
};
use crate::error::{IllegalMoveError, IllegalMoveReason, NotationError, UndoError};
use crate::random::SplitMix64;

/// An action of a Chaturaji game: the die's face at a chance node, or a
/// move at a player node.
///
/// Its text is the face alone (`2`…`5`) or the move text (`h1f3`, `pass`,
/// `g7g8K`, and under the Ludii ruleset a promotion decision `=K`).
///
/// ```
/// use kaissa_chaturaji::chaturaji::Roll;
/// use kaissa_chaturaji::game::ChaturajiStep;
/// let roll = ChaturajiStep::Roll(Roll::new(2).unwrap());
/// assert_eq!(roll.to_string(), "2");
/// let mv = ChaturajiStep::Move("h1f3".parse()?);
/// assert_eq!(mv.to_string(), "h1f3");
/// assert_eq!("h1f3".parse::<ChaturajiStep>()?, mv);
/// assert_eq!("2".parse::<ChaturajiStep>()?, roll);
/// # Ok::<(), kaissa_chaturaji::NotationError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChaturajiStep {
    /// The die shows this face (a chance outcome).
    Roll(Roll),
    /// A move for the face rolled (or a Ludii promotion decision).
    Move(Move),
}

impl fmt::Display for ChaturajiStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChaturajiStep::Roll(roll) => write!(f, "{}", roll.face()),
            ChaturajiStep::Move(mv) => write!(f, "{mv}"),
        }
    }
}

impl core::str::FromStr for ChaturajiStep {
    type Err = NotationError;

    /// Reads a face (`2` to `5`) or a move text.
    fn from_str(text: &str) -> Result<ChaturajiStep, NotationError> {
        if let [digit @ b'0'..=b'9'] = text.as_bytes() {
            if let Some(roll) = Roll::new(digit - b'0') {
                return Ok(ChaturajiStep::Roll(roll));
            }
        }
        text.parse().map(ChaturajiStep::Move)
    }
}

/// The legal actions of a Chaturaji player node, held inline.
pub type ChaturajiSteps = ArrayVec<ChaturajiStep, MAX_MOVES>;

impl MoveSink for ChaturajiSteps {
    #[inline(always)]
    fn clear_moves(&mut self) {
        self.clear();
    }
    #[inline(always)]
    fn push_move(&mut self, mv: Move) {
        self.push(ChaturajiStep::Move(mv));
    }
    #[inline(always)]
    fn has_no_moves(&self) -> bool {
        self.is_empty()
    }
}

/// What [`Chaturaji`]'s `undo` needs: the roll it takes back, or the move
/// with the roll it was made for. Plain data.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChaturajiUndo(UndoKind);

/// The two kinds of [`ChaturajiUndo`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum UndoKind {
    /// A roll was applied at a chance node.
    Roll(Roll),
    /// A move was played; `roll` is the face it was made for (`None` for a
    /// Ludii promotion decision, which has no roll).
    Move { undo: Undo, roll: Option<Roll> },
}

/// A Chaturaji game behind the [`Game`] trait: a
/// [`chaturaji::Position`](Position) and the face rolled for it, if any.
///
/// * Players: the colours' indices, Red 0, Black 1, Yellow 2, Green 3
///   ([`Colour::index`]). Under the sheet's rules the player to move is
///   the seat to move, which moves every army it commands.
/// * Before every rolled ply the game is at a chance node: the four faces
///   at 1/4 each. After the roll, the player node lists the moves for that
///   face, or the single `pass`. A Ludii promotion decision is a player
///   node with no chance node before it (it is made without a roll).
/// * Returns under the sheet's rules (either alliances): each colour of
///   the winning alliance 1, each colour of the other -1; a draw (the
///   quiet-ply limit) 0 for all.
/// * Returns under the Ludii ruleset: the winner (the one top score) 1 and
///   each other colour -1/3; no winner (a tie for the top score, or the
///   turn limit) 0 for all. The returns always sum to 0.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Position, Roll, Rules};
/// use kaissa_chaturaji::game::{Actor, Chaturaji, ChaturajiStep, Game};
/// let mut game = Chaturaji::new(Position::start(Rules::default()));
/// assert_eq!(game.actor(), Actor::Chance);
/// game.apply(ChaturajiStep::Roll(Roll::new(4).unwrap()))?;
/// assert_eq!(game.actor(), Actor::Player(0)); // Red
/// let actions = game.legal_actions();
/// assert_eq!(actions.iter().map(|a| a.to_string()).collect::<Vec<_>>(), ["pass"]);
/// game.apply(actions[0])?;
/// assert_eq!(game.actor(), Actor::Chance);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Chaturaji {
    position: Position,
    roll: Option<Roll>,
}

/// Hash keys for a pending roll (faces 2 to 5): the first four words of
/// SplitMix64 seeded with the bytes of "roll".
const ROLL_KEYS: [u64; 4] = {
    let mut keys = [0; 4];
    let mut rng = SplitMix64::new(u64::from_le_bytes(*b"roll\0\0\0\0"));
    let mut face = 0;
    while face < 4 {
        let (next, key) = rng.next_const();
        keys[face] = key;
        rng = next;
        face += 1;
    }
    keys
};

impl Chaturaji {
    /// The game from `position` (any valid position under its rules,
    /// finished ones too), before the roll.
    #[must_use]
    pub fn new(position: Position) -> Chaturaji {
        Chaturaji {
            position,
            roll: None,
        }
    }

    /// The position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position, taking the game apart (a pending roll is dropped).
    #[must_use]
    pub fn into_position(self) -> Position {
        self.position
    }

    /// The rules options the game is played under (its position's).
    #[must_use]
    pub fn rules(&self) -> crate::chaturaji::Rules {
        self.position.rules()
    }

    /// The face rolled for the player to move, while it waits for the move.
    #[must_use]
    pub fn pending_roll(&self) -> Option<Roll> {
        self.roll
    }

    /// Applies a raja exchange to the position, as
    /// [`Position::apply_exchange`] does: the captured raja of `first.0`
    /// returns to `first.1`, that of `second.0` to `second.1`. Not an
    /// action: both alliances agree on it outside the turn order (see the
    /// [module docs](super#raja-exchanges-are-not-actions)), so it cannot
    /// be undone and a pending roll stays pending. On error the game is
    /// unchanged.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules, Square};
    /// use kaissa_chaturaji::game::Chaturaji;
    /// let text = "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9";
    /// let mut game = Chaturaji::new(Position::from_text(text, Rules::default())?);
    /// let (h4, e8) = (Square::parse("h4").unwrap(), Square::parse("e8").unwrap());
    /// game.apply_exchange((Colour::Red, h4), (Colour::Black, e8))?;
    /// assert_eq!(game.position().to_string(), "4,bK,3/8/8/8/6,rP,rK/8/8/3,gK,3,bP b rbxg - - 0 9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_exchange(
        &mut self,
        first: (Colour, Square),
        second: (Colour, Square),
    ) -> Result<(), ExchangeError> {
        self.position.apply_exchange(first, second)
    }

    /// The roll a player node's moves are listed for: the pending roll, or
    /// (at a Ludii promotion decision, which ignores rolls) any face.
    fn move_roll(&self) -> Roll {
        self.roll.unwrap_or(Roll::ALL[0])
    }

    /// Whether a player acts here once the game is not over: a roll is
    /// pending or a Ludii promotion decision is (the position's own move
    /// lists and counts are empty when the game is over).
    #[inline]
    fn at_player_node_unless_over(&self) -> bool {
        self.roll.is_some() || self.position.pending_promotion().is_some()
    }

    /// A move's text with its face, as errors quote it.
    fn illegal(&self, action: ChaturajiStep, reason: IllegalMoveReason) -> IllegalMoveError {
        IllegalMoveError::new(action.to_string(), reason)
    }
}

impl From<Position> for Chaturaji {
    fn from(position: Position) -> Chaturaji {
        Chaturaji::new(position)
    }
}

impl Game for Chaturaji {
    type Action = ChaturajiStep;
    type Actions = ChaturajiSteps;
    type Undo = ChaturajiUndo;

    fn players(&self) -> usize {
        4
    }

    fn actor(&self) -> Actor {
        if self.position.is_over() {
            Actor::Over
        } else if self.roll.is_none() && self.position.pending_promotion().is_none() {
            Actor::Chance
        } else {
            Actor::Player(self.position.to_move().index())
        }
    }

    fn generate_actions(&self, actions: &mut ChaturajiSteps) {
        actions.clear();
        // A finished position lists no move for any roll.
        if self.at_player_node_unless_over() {
            self.position.generate_into(self.move_roll(), actions);
        }
    }

    fn count_legal_actions(&self) -> usize {
        if self.at_player_node_unless_over() {
            self.position.count_legal_moves(self.move_roll())
        } else {
            0
        }
    }

    fn perft_depth_one(&mut self) -> u64 {
        if self.at_player_node_unless_over() {
            self.position.count_legal_moves(self.move_roll()) as u64
        } else {
            // At a chance node: all four faces in one pass (0 when over).
            self.position.count_legal_moves_all_rolls()
        }
    }

    /// [`chaturaji::perft`](crate::chaturaji::perft)'s own loop: at a
    /// chance node (or a Ludii decision) the position's perft itself;
    /// after a roll, the moves for that face, each followed by it. Equal
    /// to the generic loop's count (tested), without a step for each roll.
    fn perft_in_place(&mut self, depth: u32) -> u64 {
        let Some(roll) = self.roll else {
            return crate::chaturaji::perft_any(&mut self.position, depth);
        };
        match depth {
            0 => 1,
            1 => self.perft_depth_one(),
            _ if self.position.is_over() => 0,
            _ => {
                let mut moves = MoveList::new();
                self.position.generate_moves(roll, &mut moves);
                let mut nodes = 0;
                for &mv in moves.iter() {
                    let undo = self.position.play_unchecked(mv);
                    nodes += crate::chaturaji::perft_any(&mut self.position, depth - 1);
                    self.position.undo_unchecked(undo);
                }
                nodes
            }
        }
    }

    fn chance_outcomes(&self) -> ChanceOutcomes<ChaturajiStep> {
        let mut outcomes = ChanceOutcomes::new();
        if self.actor() == Actor::Chance {
            outcomes.extend(Roll::ALL.map(|roll| (ChaturajiStep::Roll(roll), 0.25)));
        }
        outcomes
    }

    fn apply(&mut self, action: ChaturajiStep) -> Result<ChaturajiUndo, IllegalMoveError> {
        match (self.actor(), action) {
            (Actor::Over, _) => Err(self.illegal(action, IllegalMoveReason::GameOver)),
            (Actor::Chance, ChaturajiStep::Roll(_)) => Ok(self.apply_unchecked(action)),
            (Actor::Chance, ChaturajiStep::Move(_)) => {
                Err(self.illegal(action, IllegalMoveReason::RollPending))
            }
            (Actor::Player(_), ChaturajiStep::Roll(_)) => {
                Err(self.illegal(action, IllegalMoveReason::RollNotExpected))
            }
            (Actor::Player(_), ChaturajiStep::Move(mv)) => {
                let undo = self.position.play(self.move_roll(), mv)?;
                Ok(ChaturajiUndo(UndoKind::Move {
                    undo,
                    roll: self.roll.take(),
                }))
            }
        }
    }

    #[inline]
    fn apply_unchecked(&mut self, action: ChaturajiStep) -> ChaturajiUndo {
        match action {
            ChaturajiStep::Roll(roll) => {
                self.roll = Some(roll);
                ChaturajiUndo(UndoKind::Roll(roll))
            }
            ChaturajiStep::Move(mv) => ChaturajiUndo(UndoKind::Move {
                undo: self.position.play_unchecked(mv),
                roll: self.roll.take(),
            }),
        }
    }

    fn undo(&mut self, undo: ChaturajiUndo) -> Result<(), UndoError> {
        match undo.0 {
            UndoKind::Roll(roll) => {
                if self.roll != Some(roll) {
                    return Err(UndoError);
                }
                self.roll = None;
            }
            UndoKind::Move { undo, roll } => {
                if self.roll.is_some() {
                    return Err(UndoError);
                }
                self.position.undo(undo)?;
                self.roll = roll;
            }
        }
        Ok(())
    }

    #[inline]
    fn undo_unchecked(&mut self, undo: ChaturajiUndo) {
        match undo.0 {
            UndoKind::Roll(_) => self.roll = None,
            UndoKind::Move { undo, roll } => {
                self.position.undo_unchecked(undo);
                self.roll = roll;
            }
        }
    }

    fn returns(&self) -> Returns {
        let mut returns: Returns = [0.0; 4].into_iter().collect();
        match self.position.outcome() {
            Outcome::AllianceWins(winners) => {
                for colour in Colour::ALL {
                    returns[colour.index()] = if winners.contains(&colour) { 1.0 } else { -1.0 };
                }
            }
            Outcome::ColourWins(winner) => {
                for colour in Colour::ALL {
                    returns[colour.index()] = if colour == winner { 1.0 } else { -1.0 / 3.0 };
                }
            }
            Outcome::Ongoing | Outcome::Draw | Outcome::TopScoreTie => {}
        }
        returns
    }

    fn parse_action(&self, text: &str) -> Result<ChaturajiStep, NotationError> {
        text.parse()
    }

    fn hash(&self) -> u64 {
        let roll_key = self
            .roll
            .map_or(0, |roll| ROLL_KEYS[usize::from(roll.face() - 2)]);
        self.position.hash() ^ roll_key
    }
}
