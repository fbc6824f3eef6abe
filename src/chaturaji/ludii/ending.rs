//! The end of a Ludii game: one colour owning every piece left, or the turn
//! limit, and the ranking by score (the rules reference, §2.13).

use super::super::outcome::Outcome;
use super::super::piece::Colour;
use super::super::position::Position;
use super::super::rules::LUDII_TURN_LIMIT;

impl Position {
    /// How many colours have a piece on the board.
    pub(super) fn colours_left(&self) -> usize {
        self.state.colours.iter().filter(|c| !c.is_empty()).count()
    }

    /// Ludii: whether the game is over. A pending decision is made first;
    /// then the game is over when at most one colour owns the pieces left
    /// (in play that colour is always the mover: only the mover captures),
    /// or when the turn limit is reached.
    #[inline]
    pub(crate) fn ludii_is_over(&self) -> bool {
        self.state.decision.is_none()
            && (self.colours_left() <= 1 || self.state.ply >= LUDII_TURN_LIMIT)
    }

    /// Ludii: the outcome (see [`Outcome`]). The end by one colour left
    /// takes precedence over the turn limit when both come with the same
    /// move.
    pub(crate) fn ludii_outcome(&self) -> Outcome {
        if self.state.decision.is_some() {
            return Outcome::Ongoing;
        }
        if self.colours_left() <= 1 {
            let best = self.state.scores.iter().copied().max().unwrap_or(0);
            let mut top = Colour::ALL
                .into_iter()
                .filter(|c| self.state.scores[c.index()] == best);
            return match (top.next(), top.next()) {
                (Some(winner), None) => Outcome::ColourWins(winner),
                _ => Outcome::TopScoreTie,
            };
        }
        if self.state.ply >= LUDII_TURN_LIMIT {
            return Outcome::Draw;
        }
        Outcome::Ongoing
    }

    /// The final ranking of the four colours, by colour index (Red, Black,
    /// Yellow, Green): 1 is the best, and colours that tie share a rank (a
    /// colour's rank is one more than the number of colours ranked above
    /// it, so ranks may skip: 1, 2, 2, 4). `None` while the game goes on.
    ///
    /// Ludii ruleset: when one colour owns every piece left, by score (so
    /// the colours sharing the highest score all rank 1); at the turn limit
    /// the game is drawn for all, and all four rank 1 whatever the scores.
    /// Sheet: the winning alliance's two colours rank 1 and the other two
    /// rank 3; a draw ranks all four 1.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules};
    /// assert_eq!(Position::start(Rules::ludii()).ranking(), None);
    /// // Green owns every piece left: Red 30, Black 1, Yellow 30, Green 6.
    /// let pos = Position::from_text("8/8/8/8/8/8/8/3,gK,4 r 30,1,30,6 - 412", Rules::ludii())?;
    /// assert_eq!(pos.ranking(), Some([1, 4, 1, 3]));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn ranking(&self) -> Option<[u8; 4]> {
        let scores: [u32; 4] = match self.outcome() {
            Outcome::Ongoing => return None,
            Outcome::ColourWins(_) | Outcome::TopScoreTie => self.state.scores,
            Outcome::AllianceWins(winners) => Colour::ALL.map(|c| u32::from(winners.contains(&c))),
            _ => [0; 4],
        };
        Some(scores.map(|mine| 1 + scores.iter().filter(|&&other| other > mine).count() as u8))
    }
}
