//! The state of the game: ongoing, won by an alliance, or drawn.

use core::fmt;

use super::types::Colour;

/// Whether the game goes on, and if not, how it ended.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Outcome, Position, Rules};
/// let pos = Position::start(Rules::default());
/// assert_eq!(pos.outcome(), Outcome::Ongoing);
/// assert_eq!(pos.outcome().word(), "ongoing");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// The alliance of these two colours (in `rbyg` order) has put both
    /// opponents out of the game.
    AllianceWins([Colour; 2]),
    /// Drawn by the quiet-ply rule.
    Draw,
}

impl Outcome {
    /// Whether the game is over (won or drawn).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Outcome;
    /// assert!(!Outcome::Ongoing.is_over());
    /// assert!(Outcome::Draw.is_over());
    /// ```
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The outcome word of the `apply` tool: `ongoing`, `draw`, or
    /// `<alliance>-wins` (`rg-wins`, `by-wins`, `ry-wins`, `bg-wins`).
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Draw => "draw",
            Outcome::AllianceWins([a, b]) => match (a, b) {
                (Colour::Red, Colour::Green) => "rg-wins",
                (Colour::Black, Colour::Yellow) => "by-wins",
                (Colour::Red, Colour::Yellow) => "ry-wins",
                (Colour::Black, Colour::Green) => "bg-wins",
                _ => "invalid-alliance",
            },
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}
