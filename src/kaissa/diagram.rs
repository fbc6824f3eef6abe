//! A drawing of a Kaissa position for terminals and logs, with a piece
//! legend.

use core::fmt;

use super::{Piece, Position, Side};

/// A board diagram of a [`Position`], from [`Position::diagram`].
#[derive(Debug, Clone, Copy)]
pub struct Diagram<'a>(&'a Position);

/// The piece legend printed under every diagram.
pub(crate) const LEGEND: &str = "\
Pieces: U Ubar, Q Ubara, T Tarnsman, S Scribe, B Builder, I Initiate,
P Spearman, R Rider, A Assassin, H Home Stone (upper case Yellow, lower case Red)";

impl Position {
    /// A printable board diagram: rank 10 at the top, upper case Yellow,
    /// lower case Red, `.` for an empty square, a legend of the piece
    /// letters, then who is to move.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let text = Position::start().diagram().to_string();
    /// assert!(text.starts_with("10 | i b s t q u t s b i"));
    /// assert!(text.contains("U Ubar"));
    /// assert!(text.ends_with("yellow to move, turn 1; Home Stones in hand: yellow, red"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram(self)
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        for rank in (0..10u8).rev() {
            write!(f, "{:>2} |", rank + 1)?;
            for file in 0..10u8 {
                let c = pos.squares[(rank * 10 + file) as usize].map_or('.', Piece::letter);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   +--------------------")?;
        writeln!(f, "     a b c d e f g h i j")?;
        writeln!(f, "{LEGEND}")?;
        write!(
            f,
            "{} to move, turn {}; Home Stones in hand: ",
            pos.to_move, pos.turn
        )?;
        match (
            pos.stone_in_hand(Side::Yellow),
            pos.stone_in_hand(Side::Red),
        ) {
            (true, true) => f.write_str("yellow, red"),
            (true, false) => f.write_str("yellow"),
            (false, true) => f.write_str("red"),
            (false, false) => f.write_str("none"),
        }
    }
}
