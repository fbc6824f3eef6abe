//! Squares and bitboards of the 8x8 board.

use core::fmt;

use super::Bitboard;
use crate::geometry;

/// One of the 64 squares, numbered `rank * 8 + file` (a1 = 0, h8 = 63).
///
/// ```
/// use kaissa_chaturaji::chaturaji::Square;
/// let sq = Square::parse("h4").unwrap();
/// assert_eq!((sq.file(), sq.rank(), sq.index()), (7, 3, 31));
/// assert_eq!(sq.to_string(), "h4");
/// assert_eq!(Square::parse("i1"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(super) u8);

impl Square {
    /// The square with index `index` (0..64), or `None`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with index `index`; panics when `index >= 64`.
    #[must_use]
    pub const fn from_index(index: u8) -> Square {
        assert!(index < 64, "square index out of range");
        Square(index)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), or `None` off
    /// the board.
    #[must_use]
    pub const fn from_coords(file: i8, rank: i8) -> Option<Square> {
        if file < 0 || rank < 0 || file > 7 || rank > 7 {
            None
        } else {
            Some(Square((rank * 8 + file) as u8))
        }
    }

    /// The index, 0..64.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file index, 0 (a) to 7 (h).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank index, 0 (rank 1) to 7 (rank 8).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The one-square bitboard of this square.
    #[must_use]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1u64 << self.0)
    }

    /// All 64 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// Parses a square name `a1`..`h8` (canonical form only).
    #[must_use]
    pub fn parse(text: &str) -> Option<Square> {
        geometry::parse_square(text, 8, 8).map(Square)
    }
}

impl core::str::FromStr for Square {
    type Err = crate::error::NotationError;

    /// Parses a square name, `a1` to `h8` (lower-case file). Errors name
    /// [`Field::Square`](crate::error::Field::Square).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Square;
    /// use kaissa_chaturaji::error::{Field, NotationErrorKind};
    /// assert_eq!("h8".parse::<Square>()?, Square::parse("h8").unwrap());
    /// let err = "i1".parse::<Square>().unwrap_err();
    /// assert_eq!((err.field(), err.kind()), (Field::Square, NotationErrorKind::BadSquare));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    fn from_str(text: &str) -> Result<Square, Self::Err> {
        geometry::square_from_text(text, 8, 8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        geometry::write_square(f, self.0, 8)
    }
}
