//! The Chaturaji board: plain squares, the 16 marked squares with their
//! diagonals, each throne framed in its owner's colour (not under the
//! Ludii ruleset, which has no thrones), and the four armies as discs in
//! their colours with the kind letter.

use super::canvas::Canvas;
use super::SvgOptions;
use crate::chaturaji::{Colour, Move, Position, Square, MARKED_SQUARES};

/// Fill, outline and letter colours of an army.
fn colours(colour: Colour) -> (&'static str, &'static str, &'static str) {
    match colour {
        Colour::Red => ("#c62828", "#4a0f0f", "#ffffff"),
        Colour::Black => ("#262626", "#000000", "#ffffff"),
        Colour::Yellow => ("#f9c80e", "#6b5200", "#222222"),
        Colour::Green => ("#2e7d32", "#0f2e11", "#ffffff"),
    }
}

/// The position as an SVG picture (a complete document), with `last_move`
/// highlighted when given (a pass highlights nothing).
///
/// ```
/// use kaissa_chaturaji::chaturaji::Position;
/// use kaissa_chaturaji::svg::{chaturaji, SvgOptions};
/// let picture = chaturaji(&Position::default(), Some("h1f3".parse()?), &SvgOptions::default());
/// assert_eq!(picture.matches("<circle").count(), 32);
/// assert_eq!(picture.matches("<path").count(), 16); // the marked squares
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn chaturaji(position: &Position, last_move: Option<Move>, options: &SvgOptions) -> String {
    let mut canvas = Canvas::new(8, 8, options, &position.to_string());
    for square in Square::all() {
        let fill = if (square.file() + square.rank()) % 2 == 0 {
            "#e8dcc0"
        } else {
            "#f3ead6"
        };
        canvas.square(square.file(), square.rank(), fill, " stroke=\"#b9a98a\"");
    }
    for square in MARKED_SQUARES {
        canvas.diagonals(square.file(), square.rank(), "#8a7a5c");
    }
    let inset = canvas.size() / 16.0;
    // The Ludii ruleset has no thrones (no conquest, no exchange).
    let thrones = if position.rules().is_ludii() {
        &[][..]
    } else {
        &Colour::ALL[..]
    };
    for &colour in thrones {
        let throne = colour.throne();
        let (fill, _, _) = colours(colour);
        canvas.frame(throne.file(), throne.rank(), fill, inset, inset);
    }
    let width = canvas.size() / 12.0;
    if let (Some(from), Some(to)) = (last_move.and_then(Move::from), last_move.and_then(Move::to)) {
        for square in [from, to] {
            canvas.frame(square.file(), square.rank(), "#1f5fd0", width / 2.0, width);
        }
        canvas.arrow(
            (from.file(), from.rank()),
            (to.file(), to.rank()),
            "#1d4fa8",
        );
    }
    canvas.border();
    for square in Square::all() {
        let Some(piece) = position.piece_at(square) else {
            continue;
        };
        let (fill, stroke, ink) = colours(piece.colour);
        canvas.piece(
            square.file(),
            square.rank(),
            piece.kind.letter(),
            fill,
            stroke,
            ink,
            false,
        );
    }
    canvas.coordinates();
    canvas.finish()
}
