//! The state of the game: ongoing, won by an alliance (sheet) or a colour
//! (Ludii), or drawn.

use core::fmt;

use super::types::Colour;

/// Whether the game goes on, and if not, how it ended.
///
/// Under the sheet's rules a game ends with [`Outcome::AllianceWins`] or
/// [`Outcome::Draw`] (the quiet-ply rule). Under the Ludii ruleset it ends
/// when one colour owns every piece left, with [`Outcome::ColourWins`] for
/// the colour with the highest score alone or [`Outcome::TopScoreTie`] when
/// several share it, or with [`Outcome::Draw`] at the turn limit;
/// [`Position::ranking`](super::Position::ranking) ranks the colours.
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
    /// Drawn for all: by the quiet-ply rule (sheet), or by the turn limit
    /// (Ludii: [`LUDII_TURN_LIMIT`](super::LUDII_TURN_LIMIT) rolled plies,
    /// whatever the scores).
    Draw,
    /// Ludii: one colour owns every piece left and this colour alone has
    /// the highest score (it may be a colour with no piece left).
    ColourWins(Colour),
    /// Ludii: one colour owns every piece left and two or more colours
    /// share the highest score: a draw among them, no winner.
    TopScoreTie,
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

    /// The outcome word of the `apply` tool: `ongoing`, `draw` (a
    /// [`Outcome::TopScoreTie`] too), `<alliance>-wins` (`rg-wins`,
    /// `by-wins`, `ry-wins`, `bg-wins`), or `<colour>-wins` under the Ludii
    /// ruleset (`green-wins`).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Outcome};
    /// assert_eq!(Outcome::ColourWins(Colour::Green).word(), "green-wins");
    /// assert_eq!(Outcome::TopScoreTie.word(), "draw");
    /// ```
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Draw | Outcome::TopScoreTie => "draw",
            Outcome::ColourWins(colour) => match colour {
                Colour::Red => "red-wins",
                Colour::Black => "black-wins",
                Colour::Yellow => "yellow-wins",
                Colour::Green => "green-wins",
            },
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
