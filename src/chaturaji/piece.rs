//! Colours, piece kinds and pieces.

use core::fmt;

use super::square::Square;

/// One of the four armies, which is also the name of the seat that starts
/// out commanding it. The turn order is Red, Black, Yellow, Green (the same
/// cycle under the Ludii ruleset, which starts it with Green).
///
/// ```
/// use kaissa_chaturaji::chaturaji::Colour;
/// assert_eq!(Colour::Red.next(), Colour::Black);
/// assert_eq!(Colour::Green.next(), Colour::Red);
/// assert_eq!(Colour::from_letter('y'), Some(Colour::Yellow));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Colour {
    /// East seat, pawns march west; moves first.
    Red = 0,
    /// North seat, pawns march south.
    Black = 1,
    /// West seat, pawns march east.
    Yellow = 2,
    /// South seat, pawns march north.
    Green = 3,
}

impl Colour {
    /// The four colours in turn order.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Black, Colour::Yellow, Colour::Green];

    /// 0 for Red, 1 Black, 2 Yellow, 3 Green.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour with the given index, taken modulo 4.
    #[must_use]
    pub const fn from_index(index: usize) -> Colour {
        Colour::ALL[index & 3]
    }

    /// The next colour in turn order.
    #[must_use]
    pub const fn next(self) -> Colour {
        Colour::from_index(self.index() + 1)
    }

    /// The notation letter: `r`, `b`, `y` or `g`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Black => 'b',
            Colour::Yellow => 'y',
            Colour::Green => 'g',
        }
    }

    /// The colour of a notation letter.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Colour> {
        match letter {
            'r' => Some(Colour::Red),
            'b' => Some(Colour::Black),
            'y' => Some(Colour::Yellow),
            'g' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The English name, lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Black => "black",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
        }
    }

    /// The colour's throne: the square its raja starts on (h4, e8, a5, d1).
    #[must_use]
    pub const fn throne(self) -> Square {
        super::tables::THRONES[self.index()]
    }

    /// The direction of march of this colour's pawns as (file step, rank
    /// step): Red west, Black south, Yellow east, Green north.
    #[must_use]
    pub const fn pawn_direction(self) -> (i8, i8) {
        match self {
            Colour::Red => (-1, 0),
            Colour::Black => (0, -1),
            Colour::Yellow => (1, 0),
            Colour::Green => (0, 1),
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The five kinds of piece.
///
/// ```
/// use kaissa_chaturaji::chaturaji::PieceKind;
/// assert_eq!(PieceKind::from_letter('E'), Some(PieceKind::Elephant));
/// assert_eq!(PieceKind::Horse.letter(), 'H');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// The raja (`K`): one step in any direction; moves on a 5.
    Raja = 0,
    /// The elephant (`E`): a rook's slide; moves on a 4.
    Elephant = 1,
    /// The horse (`H`): a knight's leap; moves on a 3.
    Horse = 2,
    /// The boat (`B`): exactly two squares diagonally, jumping; moves on a 2.
    Boat = 3,
    /// The pawn (`P`): one step forward, captures diagonally forward; moves on a 5.
    Pawn = 4,
}

impl PieceKind {
    /// All kinds in index order.
    pub const ALL: [PieceKind; 5] = [
        PieceKind::Raja,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Boat,
        PieceKind::Pawn,
    ];

    /// The kinds a special promotion may choose, in the order moves are
    /// generated: raja, elephant, horse, boat.
    pub const SPECIAL_PROMOTION: [PieceKind; 4] = [
        PieceKind::Raja,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Boat,
    ];

    /// 0 raja, 1 elephant, 2 horse, 3 boat, 4 pawn.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation letter: `K`, `E`, `H`, `B` or `P`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Raja => 'K',
            PieceKind::Elephant => 'E',
            PieceKind::Horse => 'H',
            PieceKind::Boat => 'B',
            PieceKind::Pawn => 'P',
        }
    }

    /// The kind of a notation letter.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        match letter {
            'K' => Some(PieceKind::Raja),
            'E' => Some(PieceKind::Elephant),
            'H' => Some(PieceKind::Horse),
            'B' => Some(PieceKind::Boat),
            'P' => Some(PieceKind::Pawn),
            _ => None,
        }
    }

    /// The value of a captured piece of this kind in the Ludii ruleset's
    /// scores (the rules reference, §2.13): pawn 1, boat 2, horse 3, elephant 4,
    /// raja 5.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::PieceKind;
    /// assert_eq!(PieceKind::ALL.map(PieceKind::value), [5, 4, 3, 2, 1]);
    /// ```
    #[must_use]
    pub const fn value(self) -> u32 {
        match self {
            PieceKind::Raja => 5,
            PieceKind::Elephant => 4,
            PieceKind::Horse => 3,
            PieceKind::Boat => 2,
            PieceKind::Pawn => 1,
        }
    }

    /// The die face that lets this kind move (5 for raja and pawn).
    #[must_use]
    pub const fn face(self) -> u8 {
        match self {
            PieceKind::Raja | PieceKind::Pawn => 5,
            PieceKind::Elephant => 4,
            PieceKind::Horse => 3,
            PieceKind::Boat => 2,
        }
    }
}

/// A piece: a colour and a kind. Displays as its two-letter code (`gK`).
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Colour, Piece, PieceKind};
/// let p = Piece::new(Colour::Green, PieceKind::Raja);
/// assert_eq!(p.to_string(), "gK");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose army the piece belongs to.
    pub colour: Colour,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `colour` and `kind`.
    #[must_use]
    pub const fn new(colour: Colour, kind: PieceKind) -> Piece {
        Piece { colour, kind }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.letter(), self.kind.letter())
    }
}
