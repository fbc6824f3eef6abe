//! The raja exchange: not a move, an agreement between the alliances.

use arrayvec::ArrayVec;
use thiserror::Error;

use super::piece::{Colour, PieceKind};
use super::position::Position;
use super::tables::RAJA_MOVES;
use super::{Bitboard, Square};

/// Why an exchange cannot be applied. The position is left untouched.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ExchangeError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The position is played under the Ludii ruleset, which has no raja
    /// exchange.
    #[error("the Ludii ruleset has no raja exchange")]
    NotInRuleset,
    /// Both rajas belong to the same alliance.
    #[error("{0} and {1} are in the same alliance")]
    SameAlliance(Colour, Colour),
    /// No captured raja of this colour is held by the other alliance.
    #[error("no captured {0} raja is held")]
    NotCaptured(Colour),
    /// The colour has no piece left on the board, so its raja cannot return.
    #[error("{0} has no piece on the board")]
    ColourOut(Colour),
    /// The square is not one where this raja may return.
    #[error("the {0} raja cannot return to {1}: it must go to its throne, or next to it when the throne is occupied")]
    BadSquare(Colour, Square),
}

impl Position {
    /// Where a returning raja of `colour` may be placed: its throne when
    /// free, else the free squares next to the throne (empty when all are
    /// occupied).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules};
    /// let pos = Position::start(Rules::default());
    /// // Red's throne h4 is occupied; g5 and h5 are free.
    /// let squares: Vec<String> = pos.raja_return_squares(Colour::Red).iter().map(|s| s.to_string()).collect();
    /// assert_eq!(squares, ["g5", "h5"]);
    /// ```
    #[must_use]
    pub fn raja_return_squares(&self, colour: Colour) -> Bitboard {
        let throne = colour.throne();
        let empty = !self.occupied();
        if empty.contains(throne) {
            throne.bitboard()
        } else {
            RAJA_MOVES[throne.index()] & empty
        }
    }

    /// Whether a captured raja of `colour` can be given back now: one is
    /// held, `colour` still has pieces on the board, it has somewhere to go,
    /// and the game is not over (never under the Ludii ruleset). (An
    /// exchange also needs such a raja on the other side: see
    /// [`Position::possible_exchanges`].)
    #[must_use]
    pub fn raja_returnable(&self, colour: Colour) -> bool {
        !self.rules.is_ludii()
            && !self.is_over()
            && self.state.captured_rajas[colour.index()] > 0
            && !self.is_out(colour)
            && !self.raja_return_squares(colour).is_empty()
    }

    /// The exchanges possible now, as pairs of raja colours (the first of
    /// Red's alliance, the second of the other); empty when none is.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules};
    /// let pos = Position::from_text(
    ///     "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9",
    ///     Rules::default(),
    /// ).unwrap();
    /// assert_eq!(pos.possible_exchanges().as_slice(), [(Colour::Red, Colour::Black)]);
    /// ```
    #[must_use]
    pub fn possible_exchanges(&self) -> ArrayVec<(Colour, Colour), 4> {
        let mut out = ArrayVec::new();
        let [a1, a2] = self.rules.alliance_of(Colour::Red);
        let [b1, b2] = self.rules.alliance_of(Colour::Black);
        for a in [a1, a2] {
            for b in [b1, b2] {
                if self.raja_returnable(a) && self.raja_returnable(b) {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// Whether any exchange is possible now.
    #[must_use]
    pub fn exchange_possible(&self) -> bool {
        !self.possible_exchanges().is_empty()
    }

    /// Applies an exchange: the captured raja of `first.0` returns to
    /// `first.1` and that of `second.0` to `second.1`. The two colours must
    /// be of different alliances. Not a move: the seat to move and the
    /// counters do not change, and nobody conquers or loses command.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules, Square};
    /// let mut pos = Position::from_text(
    ///     "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9",
    ///     Rules::default(),
    /// ).unwrap();
    /// let h4 = Square::parse("h4").unwrap();
    /// let e8 = Square::parse("e8").unwrap();
    /// pos.apply_exchange((Colour::Red, h4), (Colour::Black, e8)).unwrap();
    /// assert_eq!(pos.to_string(), "4,bK,3/8/8/8/6,rP,rK/8/8/3,gK,3,bP b rbxg - - 0 9");
    /// ```
    pub fn apply_exchange(
        &mut self,
        first: (Colour, Square),
        second: (Colour, Square),
    ) -> Result<(), ExchangeError> {
        if self.rules.is_ludii() {
            return Err(ExchangeError::NotInRuleset);
        }
        if self.is_over() {
            return Err(ExchangeError::GameOver);
        }
        if self.rules.friends(first.0, second.0) {
            return Err(ExchangeError::SameAlliance(first.0, second.0));
        }
        for (colour, square) in [first, second] {
            if self.state.captured_rajas[colour.index()] == 0 {
                return Err(ExchangeError::NotCaptured(colour));
            }
            if self.is_out(colour) {
                return Err(ExchangeError::ColourOut(colour));
            }
            if !self.raja_return_squares(colour).contains(square) {
                return Err(ExchangeError::BadSquare(colour, square));
            }
        }
        // The thrones and their neighbourhoods are disjoint, so placing one
        // raja never changes where the other may go.
        for (colour, square) in [first, second] {
            self.put(colour, PieceKind::Raja, square);
            let n = self.state.captured_rajas[colour.index()] - 1;
            self.set_captured_rajas(colour, n);
        }
        Ok(())
    }
}
