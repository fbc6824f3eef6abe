//! The drawing both boards share: an SVG document on a square grid with
//! an optional margin for coordinates.

use core::fmt::Write;

use super::SvgOptions;

/// A board of `files` x `ranks` squares being drawn into SVG text. Rank 0
/// is at the bottom.
pub(crate) struct Canvas {
    out: String,
    size: f64,
    margin: f64,
    files: u8,
    ranks: u8,
}

/// `text` with the XML special characters escaped.
pub(crate) fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

impl Canvas {
    /// Starts a document for a board of `files` x `ranks` squares, with
    /// `title` (the position text) for readers and screen readers.
    pub(crate) fn new(files: u8, ranks: u8, options: &SvgOptions, title: &str) -> Canvas {
        let size = f64::from(options.square_size.clamp(8, 1000));
        let margin = if options.coordinates { size / 2.0 } else { 0.0 };
        let width = 2.0 * margin + size * f64::from(files);
        let height = 2.0 * margin + size * f64::from(ranks);
        let mut out = String::with_capacity(16 * 1024);
        let title = xml_escape(title);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{title}\" \
             font-family=\"DejaVu Sans, Arial, sans-serif\">\n<title>{title}</title>\n"
        );
        let _ = writeln!(
            out,
            "<rect width=\"{width}\" height=\"{height}\" fill=\"#fbf8f0\"/>"
        );
        Canvas {
            out,
            size,
            margin,
            files,
            ranks,
        }
    }

    /// The side of a square.
    pub(crate) fn size(&self) -> f64 {
        self.size
    }

    /// The top-left corner of the square at `file`, `rank`.
    pub(crate) fn corner(&self, file: u8, rank: u8) -> (f64, f64) {
        let x = self.margin + self.size * f64::from(file);
        let y = self.margin + self.size * f64::from(self.ranks - 1 - rank.min(self.ranks - 1));
        (x, y)
    }

    /// Fills the square at `file`, `rank`.
    pub(crate) fn square(&mut self, file: u8, rank: u8, fill: &str, extra: &str) {
        let (x, y) = self.corner(file, rank);
        let s = self.size;
        let _ = writeln!(
            self.out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"{fill}\"{extra}/>"
        );
    }

    /// Draws a frame inside the square at `file`, `rank`.
    pub(crate) fn frame(&mut self, file: u8, rank: u8, stroke: &str, inset: f64, width: f64) {
        let (x, y) = self.corner(file, rank);
        let side = self.size - 2.0 * inset;
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>",
            x + inset,
            y + inset
        );
    }

    /// Draws both diagonals of the square at `file`, `rank`.
    pub(crate) fn diagonals(&mut self, file: u8, rank: u8, stroke: &str) {
        let (x, y) = self.corner(file, rank);
        let (x2, y2) = (x + self.size, y + self.size);
        let _ = writeln!(
            self.out,
            "<path d=\"M{x} {y}L{x2} {y2}M{x2} {y}L{x} {y2}\" stroke=\"{stroke}\" stroke-width=\"1\"/>"
        );
    }

    /// A line between the centres of two squares (the last move).
    pub(crate) fn arrow(&mut self, from: (u8, u8), to: (u8, u8), stroke: &str) {
        let half = self.size / 2.0;
        let (x1, y1) = self.corner(from.0, from.1);
        let (x2, y2) = self.corner(to.0, to.1);
        let width = self.size / 12.0;
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\" stroke-width=\"{width}\" stroke-linecap=\"round\" opacity=\"0.6\"/>",
            x1 + half,
            y1 + half,
            x2 + half,
            y2 + half
        );
    }

    /// A piece: a disc (or a rounded square when `square_shape`) with a
    /// letter, at `file`, `rank`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn piece(
        &mut self,
        file: u8,
        rank: u8,
        letter: char,
        fill: &str,
        stroke: &str,
        ink: &str,
        square_shape: bool,
    ) {
        let (x, y) = self.corner(file, rank);
        let s = self.size;
        let (cx, cy) = (x + s / 2.0, y + s / 2.0);
        let r = s * 0.4;
        let stroke_width = (s / 24.0).max(1.0);
        if square_shape {
            let _ = writeln!(
                self.out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{stroke_width}\"/>",
                cx - r,
                cy - r,
                2.0 * r,
                2.0 * r,
                r / 3.0
            );
        } else {
            let _ = writeln!(
                self.out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{stroke_width}\"/>"
            );
        }
        let _ = writeln!(
            self.out,
            "<text x=\"{cx}\" y=\"{cy}\" font-size=\"{}\" font-weight=\"bold\" fill=\"{ink}\" text-anchor=\"middle\" dominant-baseline=\"central\">{letter}</text>",
            s * 0.45
        );
    }

    /// File letters below and rank numbers left of the board (nothing
    /// without a margin).
    pub(crate) fn coordinates(&mut self) {
        if self.margin == 0.0 {
            return;
        }
        let font = self.size * 0.3;
        let half = self.size / 2.0;
        let bottom = self.margin + self.size * f64::from(self.ranks) + self.margin / 2.0;
        for file in 0..self.files {
            let (x, _) = self.corner(file, 0);
            let letter = char::from(b'a' + file);
            let _ = writeln!(
                self.out,
                "<text x=\"{}\" y=\"{bottom}\" font-size=\"{font}\" fill=\"#444\" text-anchor=\"middle\" dominant-baseline=\"central\">{letter}</text>",
                x + half
            );
        }
        for rank in 0..self.ranks {
            let (_, y) = self.corner(0, rank);
            let _ = writeln!(
                self.out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{font}\" fill=\"#444\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
                self.margin / 2.0,
                y + half,
                rank + 1
            );
        }
    }

    /// A border around the board.
    pub(crate) fn border(&mut self) {
        let w = self.size * f64::from(self.files);
        let h = self.size * f64::from(self.ranks);
        let m = self.margin;
        let _ = writeln!(
            self.out,
            "<rect x=\"{m}\" y=\"{m}\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"#333\" stroke-width=\"2\"/>"
        );
    }

    /// Ends the document.
    pub(crate) fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}
