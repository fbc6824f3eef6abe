//! A text drawing of the board.

use core::fmt;

use super::position::Position;
use super::square::Square;
use super::types::Colour;

/// Draws a position: ranks 8 to 1 with labels, each piece as its two-letter
/// code (`gK`, `rP`, …), `.` for an empty square and `*` for an empty marked
/// square, followed by the seat to move, command and the counters. Made by
/// [`Position::diagram`].
#[derive(Debug, Clone, Copy)]
pub struct Diagram<'a>(&'a Position);

impl Position {
    /// A drawing of the board that implements `Display`.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules};
    /// let text = Position::start(Rules::default()).diagram().to_string();
    /// assert!(text.starts_with("8 yB yP  .  * bK bE bH bB"));
    /// ```
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram(self)
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        for rank in (0..8).rev() {
            write!(f, "{}", rank + 1)?;
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                match pos.piece_at(sq) {
                    Some(p) => write!(f, " {p}")?,
                    None if super::tables::MARKED.contains(sq) => f.write_str("  *")?,
                    None => f.write_str("  .")?,
                }
            }
            writeln!(f)?;
        }
        writeln!(f, "    a  b  c  d  e  f  g  h")?;
        write!(f, "to move: {}; command:", pos.to_move())?;
        for c in Colour::ALL {
            match pos.commander(c) {
                Some(s) => write!(f, " {c}={s}")?,
                None => write!(f, " {c}=out")?,
            }
        }
        write!(
            f,
            "; quiet {} ply {}; {}",
            pos.quiet_plies(),
            pos.ply(),
            pos.outcome()
        )
    }
}
