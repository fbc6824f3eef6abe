//! The board as text for `Position.unicode()`.

use kaissa_chaturaji::kaissa::{self, Square, HEIGHT, WIDTH};

/// The board, rank 10 at the top: a piece letter or `empty` a square,
/// separated by spaces; with `borders`, a frame with the file letters and
/// rank numbers.
pub fn unicode(pos: &kaissa::Position, empty: &str, borders: bool) -> String {
    let files: Vec<String> = (0..WIDTH)
        .map(|file| char::from(b'a' + file).to_string())
        .collect();
    let mut rows = Vec::with_capacity(usize::from(HEIGHT) + 3);
    if borders {
        rows.push(format!("    {}", files.join(" ")));
        rows.push(format!(
            "  \u{250c}{}\u{2510}",
            "\u{2500}".repeat(2 * usize::from(WIDTH) + 1)
        ));
    }
    for rank in (0..HEIGHT).rev() {
        let cells: Vec<String> = (0..WIDTH)
            .map(|file| {
                Square::new(rank * WIDTH + file)
                    .and_then(|square| pos.piece_at(square))
                    .map_or_else(|| empty.to_string(), |piece| piece.letter().to_string())
            })
            .collect();
        rows.push(if borders {
            format!("{:>2}\u{2502} {} \u{2502}", rank + 1, cells.join(" "))
        } else {
            cells.join(" ")
        });
    }
    if borders {
        rows.push(format!(
            "  \u{2514}{}\u{2518}",
            "\u{2500}".repeat(2 * usize::from(WIDTH) + 1)
        ));
    }
    rows.join("\n")
}
