//! The stick die, a seeded roller and dice-driven move selection.

use core::fmt;

use crate::random::{RandomSource, SplitMix64};

use super::moves::{Move, MoveList};
use super::outcome::Outcome;
use super::piece::{Colour, PieceKind};
use super::position::Position;

/// A throw of the four-sided stick die: 2, 3, 4 or 5.
///
/// 5 moves a pawn or the raja, 4 the elephant, 3 the horse, 2 the boat.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{PieceKind, Roll};
/// let five = Roll::new(5).unwrap();
/// assert!(five.allows(PieceKind::Pawn) && five.allows(PieceKind::Raja));
/// assert!(!five.allows(PieceKind::Boat));
/// assert_eq!(Roll::new(6), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Roll(u8);

impl Roll {
    /// The four faces in increasing order.
    pub const ALL: [Roll; 4] = [Roll(2), Roll(3), Roll(4), Roll(5)];

    /// The roll showing `face`, or `None` unless `face` is 2, 3, 4 or 5.
    #[must_use]
    pub const fn new(face: u8) -> Option<Roll> {
        if face >= 2 && face <= 5 {
            Some(Roll(face))
        } else {
            None
        }
    }

    /// The face shown.
    #[must_use]
    pub const fn face(self) -> u8 {
        self.0
    }

    /// The kinds this roll lets move.
    #[must_use]
    pub const fn kinds(self) -> &'static [PieceKind] {
        match self.0 {
            2 => &[PieceKind::Boat],
            3 => &[PieceKind::Horse],
            4 => &[PieceKind::Elephant],
            _ => &[PieceKind::Raja, PieceKind::Pawn],
        }
    }

    /// Whether this roll lets a piece of `kind` move.
    #[must_use]
    pub const fn allows(self, kind: PieceKind) -> bool {
        kind.face() == self.0
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A seeded, reproducible die (SplitMix64 inside): the same seed gives the
/// same rolls.
///
/// ```
/// use kaissa_chaturaji::chaturaji::DiceRoller;
/// let mut a = DiceRoller::new(1);
/// let mut b = DiceRoller::new(1);
/// assert_eq!(a.roll(), b.roll());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceRoller {
    /// The generator; public so that it can be saved and restored.
    pub rng: SplitMix64,
}

impl DiceRoller {
    /// A roller seeded with `seed`.
    pub const fn new(seed: u64) -> DiceRoller {
        DiceRoller {
            rng: SplitMix64::new(seed),
        }
    }

    /// Throws the die: each face with probability 1/4.
    pub fn roll(&mut self) -> Roll {
        roll_with(&mut self.rng)
    }
}

/// Throws the die with any random source: each face with probability 1/4.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{roll_with, Roll};
/// use kaissa_chaturaji::random::SplitMix64;
/// let roll = roll_with(&mut SplitMix64::new(5));
/// assert!(Roll::ALL.contains(&roll));
/// ```
#[must_use]
pub fn roll_with(rng: &mut impl RandomSource) -> Roll {
    Roll::ALL[rng.below(4) as usize]
}

impl Position {
    /// Picks one of the legal moves for `roll` uniformly at random (the
    /// `Pass` when there is no other): `moves[rng.below(n)]` in the order of
    /// [`Position::legal_moves`] (so, while a Ludii promotion decision is
    /// pending, among its moves whatever the roll). `None` when the game is
    /// over. The move can be played with [`Position::play_unchecked`]. Does
    /// not allocate.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Move, Position, Roll, Rules};
    /// use kaissa_chaturaji::random::SplitMix64;
    /// let pos = Position::start(Rules::default());
    /// let mut rng = SplitMix64::new(3);
    /// assert_eq!(pos.choose_move(Roll::new(4).unwrap(), &mut rng), Some(Move::Pass));
    /// ```
    #[must_use]
    pub fn choose_move(&self, roll: Roll, rng: &mut impl RandomSource) -> Option<Move> {
        if self.rules().is_ludii() {
            // The Ludii ruleset (its moves, and decision plies whatever the
            // roll) chooses from the generated list (empty when the game is
            // over): the same draw, `moves[below(n)]`, as the sheet's
            // list-free path.
            let mut moves = MoveList::new();
            self.generate_moves(roll, &mut moves);
            if moves.is_empty() {
                return None;
            }
            return Some(moves[rng.below(moves.len() as u64) as usize]);
        }
        if self.sheet_outcome().is_over() {
            return None;
        }
        Some(self.choose_move_unchecked(roll, rng))
    }
}

/// One ply of a recorded game (made by [`play_seeded_game`]).
///
/// ```
/// use kaissa_chaturaji::chaturaji::{play_seeded_game, Colour, Position};
/// let mut plies = Vec::new();
/// play_seeded_game(&mut Position::default(), 1, 1, |ply, _| plies.push(ply));
/// assert_eq!(plies[0].seat, Colour::Red);
/// assert!(plies[0].roll.is_some());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct GamePly {
    /// The seat that moved.
    pub seat: Colour,
    /// The roll it threw; `None` for a Ludii promotion decision, which is
    /// made without a roll.
    pub roll: Option<Roll>,
    /// The move it made.
    pub mv: Move,
}

/// Plays a random game from `position` with one SplitMix64 seeded with
/// `seed` for both the die and the choice of move, until the game is
/// over or `max_plies` plies were played; calls `on_ply` after each ply
/// with the position after it. Returns the outcome. The same position and
/// seed always give the same game. A Ludii promotion decision draws no
/// roll, only the choice among its moves (and counts as a ply here).
///
/// ```
/// use kaissa_chaturaji::chaturaji::{play_seeded_game, Position, Rules};
/// let mut a = Position::start(Rules::default());
/// let mut b = a.clone();
/// let mut plies_a = Vec::new();
/// let mut plies_b = Vec::new();
/// play_seeded_game(&mut a, 9, 1000, |p, _| plies_a.push(p));
/// play_seeded_game(&mut b, 9, 1000, |p, _| plies_b.push(p));
/// assert_eq!(plies_a, plies_b);
/// assert_eq!(a, b);
/// ```
pub fn play_seeded_game(
    position: &mut Position,
    seed: u64,
    max_plies: u32,
    mut on_ply: impl FnMut(GamePly, &Position),
) -> Outcome {
    let mut rng = SplitMix64::new(seed);
    if position.rules().is_ludii() {
        for _ in 0..max_plies {
            // A Ludii promotion decision is made without rolling.
            let roll = position
                .state
                .decision
                .is_none()
                .then(|| roll_with(&mut rng));
            let seat = position.to_move();
            // `None` when the game is over.
            let Some(mv) = position.choose_move(roll.unwrap_or(Roll::ALL[0]), &mut rng) else {
                break;
            };
            position.apply_ludii(mv);
            on_ply(GamePly { seat, roll, mv }, position);
        }
        return position.outcome();
    }
    // The sheet's rules: the ruleset is checked once, here.
    super::playout::sheet_game(position, &mut rng, max_plies, on_ply);
    position.outcome()
}
