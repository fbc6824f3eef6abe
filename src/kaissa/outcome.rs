//! How a game stands: ongoing, won (and why) or drawn (and why).

use core::fmt;

use super::{Position, Side};

/// Why a side won. More reasons may be added (match with a `_` arm).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WinReason {
    /// The winner captured the loser's Home Stone.
    HomeStoneCaptured,
    /// The loser could not place its Home Stone on its 10th turn (every
    /// square of its back rank was occupied).
    DefaultLoss,
    /// The loser resigned (set by the application, never by the library).
    Resignation,
}

/// Why a game was drawn. More reasons may be added (match with a `_` arm).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawReason {
    /// The side to move had no legal move.
    NoLegalMoves,
    /// The players agreed (set by the application, never by the library).
    Agreement,
    /// Red was to move at turn [`MAX_TURN`](super::MAX_TURN), the largest
    /// the notation can write (a bound no real game reaches).
    TurnLimit,
}

/// The state of a game. [`Position::outcome`] returns `Ongoing`, a win by
/// `HomeStoneCaptured` or `DefaultLoss`, or a draw by `NoLegalMoves`; the
/// other reasons exist so that an application can record resignations and
/// agreed draws in the same type. More variants may be added (match with a
/// `_` arm).
///
/// ```
/// use kaissa_chaturaji::kaissa::{Outcome, Position, Side, WinReason};
/// assert_eq!(Position::start().outcome(), Outcome::Ongoing);
/// let resigned = Outcome::Win { winner: Side::Red, reason: WinReason::Resignation };
/// assert_eq!(resigned.word(), "red-wins");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// `winner` won.
    Win {
        /// The side that won.
        winner: Side,
        /// How.
        reason: WinReason,
    },
    /// The game is drawn.
    Draw {
        /// How.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The outcome word of the `apply` tool: `ongoing`, `draw`, `yellow-wins`
    /// or `red-wins`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Draw { .. } => "draw",
            Outcome::Win {
                winner: Side::Yellow,
                ..
            } => "yellow-wins",
            Outcome::Win {
                winner: Side::Red, ..
            } => "red-wins",
        }
    }

    /// Whether the game is over (anything but [`Outcome::Ongoing`]).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{DrawReason, Outcome};
    /// assert!(!Outcome::Ongoing.is_over());
    /// assert!(Outcome::Draw { reason: DrawReason::Agreement }.is_over());
    /// ```
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl Position {
    /// How the game stands in this position.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Outcome, Position, Side, WinReason};
    /// // Yellow's stone is gone (not in hand, not on the board): Red won.
    /// let pos: Position = "4h5/10/10/10/10/10/10/10/10/4U5 y 12 -".parse()?;
    /// assert_eq!(
    ///     pos.outcome(),
    ///     Outcome::Win { winner: Side::Red, reason: WinReason::HomeStoneCaptured }
    /// );
    /// assert!(pos.legal_moves().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let side = self.to_move;
        if self.stone_captured(side) {
            Outcome::Win {
                winner: side.other(),
                reason: WinReason::HomeStoneCaptured,
            }
        } else if self.must_place() && self.placement_squares().is_empty() {
            Outcome::Win {
                winner: side.other(),
                reason: WinReason::DefaultLoss,
            }
        } else if self.turn_limit_reached() {
            Outcome::Draw {
                reason: DrawReason::TurnLimit,
            }
        } else if !self.has_legal_move() {
            Outcome::Draw {
                reason: DrawReason::NoLegalMoves,
            }
        } else {
            Outcome::Ongoing
        }
    }

    /// Whether the game is over: the same as `self.outcome().is_over()`
    /// and as `!self.has_legal_move()` (a game goes on exactly while the
    /// side to move has a legal move), without building the outcome.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// assert!(!Position::start().is_over());
    /// let pos: Position = "4h5/10/10/10/10/10/10/10/10/4U5 y 12 -".parse()?;
    /// assert!(pos.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_over(&self) -> bool {
        !self.has_legal_move()
    }
}
