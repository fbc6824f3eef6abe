//! The Merchant Kaissa board: yellow and red squares (a1 yellow), Yellow's
//! pieces gold with dark letters, Red's crimson with white letters, the
//! Home Stones as rounded squares.

use super::canvas::Canvas;
use super::SvgOptions;
use crate::kaissa::{Move, PieceKind, Position, Side, Square, HEIGHT, WIDTH};

/// The position as an SVG picture (a complete document), with `last_move`
/// highlighted when given (its from- and to-squares framed, and a line between
/// them; a placement marks its square only).
///
/// ```
/// use kaissa_chaturaji::kaissa::Position;
/// use kaissa_chaturaji::svg::{kaissa, SvgOptions};
/// let picture = kaissa(&Position::start(), None, &SvgOptions::default());
/// assert_eq!(picture.matches("<circle").count(), 40);
/// assert!(picture.contains(">U</text>"));
/// ```
#[must_use]
pub fn kaissa(position: &Position, last_move: Option<Move>, options: &SvgOptions) -> String {
    let mut canvas = Canvas::new(WIDTH, HEIGHT, options, &position.to_string());
    for square in Square::all() {
        let fill = if square.is_yellow() {
            "#f3e2a0"
        } else {
            "#dc9d8b"
        };
        canvas.square(square.file(), square.rank(), fill, "");
    }
    let width = canvas.size() / 12.0;
    if let Some(mv) = last_move {
        let to = mv.to();
        for square in mv.from().into_iter().chain([to]) {
            canvas.frame(square.file(), square.rank(), "#1f5fd0", width / 2.0, width);
        }
        if let Some(from) = mv.from() {
            canvas.arrow(
                (from.file(), from.rank()),
                (to.file(), to.rank()),
                "#1d4fa8",
            );
        }
    }
    canvas.border();
    for square in Square::all() {
        let Some(piece) = position.piece_at(square) else {
            continue;
        };
        let (fill, stroke, ink) = match piece.side {
            Side::Yellow => ("#ffd43b", "#6b5200", "#3a2c00"),
            Side::Red => ("#b3261e", "#3d0c09", "#ffffff"),
        };
        canvas.piece(
            square.file(),
            square.rank(),
            piece.kind.letter(),
            fill,
            stroke,
            ink,
            piece.kind == PieceKind::HomeStone,
        );
    }
    canvas.coordinates();
    canvas.finish()
}
