//! Squares of the 10x10 board, `a1` to `j10`.

use core::fmt;
use core::str::FromStr;

use crate::error::NotationError;
use crate::geometry;

/// Files (and ranks) of the board.
pub const WIDTH: u8 = 10;
/// Ranks of the board.
pub const HEIGHT: u8 = 10;

/// One of the 100 squares, numbered `rank_index * 10 + file_index` (a1 = 0,
/// j10 = 99). Always valid once built.
///
/// ```
/// use kaissa_chaturaji::kaissa::Square;
/// let sq: Square = "e10".parse().unwrap();
/// assert_eq!(sq.index(), 94);
/// assert_eq!(sq.to_string(), "e10");
/// assert_eq!(Square::from_coords(4, 9), Some(sq));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 100;

    /// The square with this index, if `index < 100`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 100 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Caller guarantees `index < 100`.
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 100);
        Square(index)
    }

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < WIDTH && rank < HEIGHT {
            Some(Square(rank * WIDTH + file))
        } else {
            None
        }
    }

    /// The index, `0..100`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file index, 0 (a) to 9 (j).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % WIDTH
    }

    /// The rank index, 0 (rank 1) to 9 (rank 10).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / WIDTH
    }

    /// Whether the square is yellow (a1 is yellow; file + rank even).
    #[must_use]
    pub const fn is_yellow(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..100).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        geometry::write_square(f, self.0, WIDTH)
    }
}

impl FromStr for Square {
    type Err = NotationError;

    /// Parses a square name, `a1` to `j10` (lower-case file, no leading
    /// zero). Errors name [`Field::Square`](crate::error::Field::Square).
    ///
    /// ```
    /// use kaissa_chaturaji::error::{Field, NotationErrorKind};
    /// use kaissa_chaturaji::kaissa::Square;
    /// let err = "k1".parse::<Square>().unwrap_err();
    /// assert_eq!((err.field(), err.kind()), (Field::Square, NotationErrorKind::BadSquare));
    /// ```
    fn from_str(text: &str) -> Result<Square, NotationError> {
        geometry::square_from_text(text, WIDTH, HEIGHT).map(Square)
    }
}
