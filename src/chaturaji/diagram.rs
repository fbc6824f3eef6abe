//! A text drawing of the board.

use core::fmt;

use super::piece::Colour;
use super::position::Position;
use super::square::Square;

/// Draws a position: ranks 8 to 1 with labels, each piece as its two-letter
/// code (`gK`, `rP`, …), `.` for an empty square and `*` for an empty marked
/// square, a legend of the letters ([`LEGEND`]), then the seat to move,
/// command and the counters (under the Ludii ruleset: the scores, a pending
/// promotion decision and the turns). Made by [`Position::diagram`].
#[derive(Debug, Clone, Copy)]
pub struct Diagram<'a>(&'a Position);

/// The piece legend printed under every diagram: what the letters of a
/// two-letter piece code mean (colour first, then kind) and what `*` marks.
///
/// ```
/// use kaissa_chaturaji::chaturaji::LEGEND;
/// assert!(LEGEND.contains("K raja"));
/// assert!(LEGEND.contains("g green"));
/// ```
pub const LEGEND: &str = "legend: a piece is its colour and its kind, e.g. gK = green raja\n\
     colours: r red (east), b black (north), y yellow (west), g green (south)\n\
     kinds: K raja (moves on a 5), E elephant (4), H horse (3), B boat (2), P pawn (5)\n\
     * empty marked square, . empty square";

impl Position {
    /// A drawing of the board that implements `Display`, with the piece
    /// legend ([`LEGEND`]) under it.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules, LEGEND};
    /// let text = Position::start(Rules::default()).diagram().to_string();
    /// assert!(text.starts_with("8 yB yP  .  * bK bE bH bB"));
    /// assert!(text.contains(LEGEND));
    /// ```
    #[must_use]
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
                let sq = Square::from_index(rank * 8 + file);
                match pos.piece_at(sq) {
                    Some(p) => write!(f, " {p}")?,
                    None if super::tables::MARKED.contains(sq) => f.write_str("  *")?,
                    None => f.write_str("  .")?,
                }
            }
            writeln!(f)?;
        }
        writeln!(f, "    a  b  c  d  e  f  g  h")?;
        writeln!(f, "{LEGEND}")?;
        if pos.rules().is_ludii() {
            write!(f, "to move: {}; scores:", pos.to_move())?;
            for c in Colour::ALL {
                write!(f, " {c}={}", pos.score(c))?;
            }
            if let Some(square) = pos.pending_promotion() {
                write!(f, "; promotion of {square} to decide")?;
            }
            return write!(f, "; turns {}; {}", pos.ply(), pos.outcome());
        }
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
