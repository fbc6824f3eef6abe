//! Board pictures as SVG text, for both games: no dependency, one string
//! out. Pieces are drawn as discs with their letter (Kaissa's Home Stone
//! as a rounded square), with file letters and rank numbers around the
//! board; Chaturaji's marked squares carry their diagonals and each throne
//! a frame in its owner's colour (under the sheet's rules: the Ludii
//! ruleset has no thrones); the last move, when given, is highlighted.
//!
//! ```
//! use kaissa_chaturaji::kaissa::Position;
//! use kaissa_chaturaji::svg::{self, SvgOptions};
//! let pos = Position::start();
//! let picture = svg::kaissa(&pos, Some("e2e5".parse()?), &SvgOptions::default());
//! assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(picture.trim_end().ends_with("</svg>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod canvas;
mod chaturaji;
mod kaissa;

pub use chaturaji::chaturaji;
pub use kaissa::kaissa;

/// How to draw a board. Build it from [`SvgOptions::default`] (48-pixel
/// squares, coordinates shown) with the `with_` methods; more options may
/// be added.
///
/// ```
/// use kaissa_chaturaji::svg::SvgOptions;
/// let options = SvgOptions::default().with_square_size(32).with_coordinates(false);
/// assert_eq!((options.square_size, options.coordinates), (32, false));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SvgOptions {
    /// The side of a square in pixels (at least 8; smaller values are
    /// taken as 8, larger than 1000 as 1000).
    pub square_size: u32,
    /// Whether file letters and rank numbers are drawn around the board.
    pub coordinates: bool,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            square_size: 48,
            coordinates: true,
        }
    }
}

impl SvgOptions {
    /// These options with squares of `pixels`.
    ///
    /// ```
    /// use kaissa_chaturaji::svg::SvgOptions;
    /// assert_eq!(SvgOptions::default().with_square_size(20).square_size, 20);
    /// ```
    #[must_use]
    pub const fn with_square_size(mut self, pixels: u32) -> SvgOptions {
        self.square_size = pixels;
        self
    }

    /// These options with coordinates drawn or not.
    ///
    /// ```
    /// use kaissa_chaturaji::svg::SvgOptions;
    /// assert!(!SvgOptions::default().with_coordinates(false).coordinates);
    /// ```
    #[must_use]
    pub const fn with_coordinates(mut self, coordinates: bool) -> SvgOptions {
        self.coordinates = coordinates;
        self
    }
}
