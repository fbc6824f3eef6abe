//! The state of the game: ongoing, won by an alliance (sheet) or a colour
//! (Ludii), or drawn.

use core::fmt;

use super::piece::Colour;
use super::Position;

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

impl Position {
    /// The outcome. Sheet: an alliance wins when no piece of either
    /// opponent is left; otherwise the game is drawn when the quiet-ply
    /// count has reached the draw limit; otherwise it goes on (a win takes
    /// precedence). Ludii: see [`Outcome`]; a pending promotion decision
    /// is always made first.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Outcome, Position, Rules};
    /// assert_eq!(Position::default().outcome(), Outcome::Ongoing);
    /// let won = Position::from_text("8/8/8/8/8/8/8/3,gK,4 r 0,0,2,9 - 88", Rules::ludii())?;
    /// assert_eq!(won.outcome(), Outcome::ColourWins(Colour::Green));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        if self.rules.is_ludii() {
            return self.ludii_outcome();
        }
        self.sheet_outcome()
    }

    /// The outcome under the sheet's rules.
    #[inline(always)]
    pub(crate) fn sheet_outcome(&self) -> Outcome {
        let first = self.rules.alliance_of(Colour::Red);
        let second = self.rules.alliance_of(Colour::Black);
        let out = |a: [Colour; 2]| self.is_out(a[0]) && self.is_out(a[1]);
        if out(second) && !out(first) {
            return Outcome::AllianceWins(first);
        }
        if out(first) && !out(second) {
            return Outcome::AllianceWins(second);
        }
        match self.rules.draw_limit {
            Some(limit) if self.state.quiet >= limit as u32 => Outcome::Draw,
            _ => Outcome::Ongoing,
        }
    }

    /// Whether the game is over (no legal move for any roll, not even
    /// `Pass`): the same as `self.outcome().is_over()`.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Position;
    /// assert!(!Position::default().is_over());
    /// ```
    #[must_use]
    #[inline]
    pub fn is_over(&self) -> bool {
        if self.rules.is_ludii() {
            return self.ludii_is_over();
        }
        // While every colour has a piece (most of a game) no alliance has
        // won: only the draw rule can have ended the game.
        let c = &self.state.colours;
        if (c[0].0 != 0) & (c[1].0 != 0) & (c[2].0 != 0) & (c[3].0 != 0) {
            return matches!(self.rules.draw_limit, Some(limit) if self.state.quiet >= u32::from(limit));
        }
        self.sheet_outcome().is_over()
    }
}
