//! Sides, piece kinds and pieces.

use core::fmt;

/// One of the two sides. Yellow moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// Upper-case letters; starts on ranks 1-2 and moves first.
    Yellow = 0,
    /// Lower-case letters; starts on ranks 9-10.
    Red = 1,
}

impl Side {
    /// Both sides, Yellow first.
    pub const ALL: [Side; 2] = [Side::Yellow, Side::Red];

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Yellow => Side::Red,
            Side::Red => Side::Yellow,
        }
    }

    /// 0 for Yellow, 1 for Red.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's back rank index: 0 (rank 1) for Yellow, 9 (rank 10) for Red.
    #[must_use]
    pub const fn back_rank(self) -> u8 {
        match self {
            Side::Yellow => 0,
            Side::Red => 9,
        }
    }

    /// The rank index where the side's Spearmen start: 1 for Yellow, 8 for Red.
    #[must_use]
    pub const fn spearman_rank(self) -> u8 {
        match self {
            Side::Yellow => 1,
            Side::Red => 8,
        }
    }

    /// The side's letter in the position text: `y` or `r`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::Yellow => 'y',
            Side::Red => 'r',
        }
    }

    /// The side's name in lower case, as in outcome words: `yellow`, `red`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Yellow => "yellow",
            Side::Red => "red",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The ten kinds of piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceKind {
    /// `U`: slides any distance in 8 directions.
    Ubar = 0,
    /// `Q`: slides at most 3 squares in 8 directions.
    Ubara = 1,
    /// `T`: leaps (3,2), over anything.
    Tarnsman = 2,
    /// `S`: slides diagonally, at most 5 squares.
    Scribe = 3,
    /// `B`: slides orthogonally, any distance.
    Builder = 4,
    /// `I`: slides diagonally, any distance.
    Initiate = 5,
    /// `P`: steps forward, captures diagonally forward; 2-3 steps from its start rank.
    Spearman = 6,
    /// `R`: one step in 8 directions.
    Rider = 7,
    /// `A`: slides at most 2 squares in 8 directions.
    Assassin = 8,
    /// `H`: one step to an empty square; never captures. Placed from hand.
    HomeStone = 9,
}

impl PieceKind {
    /// Every kind, in the order of their values.
    pub const ALL: [PieceKind; 10] = [
        PieceKind::Ubar,
        PieceKind::Ubara,
        PieceKind::Tarnsman,
        PieceKind::Scribe,
        PieceKind::Builder,
        PieceKind::Initiate,
        PieceKind::Spearman,
        PieceKind::Rider,
        PieceKind::Assassin,
        PieceKind::HomeStone,
    ];

    /// 0..10, the value of the enum.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of the kind (`U`, `Q`, `T`, …).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Ubar => 'U',
            PieceKind::Ubara => 'Q',
            PieceKind::Tarnsman => 'T',
            PieceKind::Scribe => 'S',
            PieceKind::Builder => 'B',
            PieceKind::Initiate => 'I',
            PieceKind::Spearman => 'P',
            PieceKind::Rider => 'R',
            PieceKind::Assassin => 'A',
            PieceKind::HomeStone => 'H',
        }
    }

    /// The kind with this upper-case letter.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        Some(match letter {
            'U' => PieceKind::Ubar,
            'Q' => PieceKind::Ubara,
            'T' => PieceKind::Tarnsman,
            'S' => PieceKind::Scribe,
            'B' => PieceKind::Builder,
            'I' => PieceKind::Initiate,
            'P' => PieceKind::Spearman,
            'R' => PieceKind::Rider,
            'A' => PieceKind::Assassin,
            'H' => PieceKind::HomeStone,
            _ => return None,
        })
    }

    /// The English name (`"Ubar"`, `"Home Stone"`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Ubar => "Ubar",
            PieceKind::Ubara => "Ubara",
            PieceKind::Tarnsman => "Tarnsman",
            PieceKind::Scribe => "Scribe",
            PieceKind::Builder => "Builder",
            PieceKind::Initiate => "Initiate",
            PieceKind::Spearman => "Spearman",
            PieceKind::Rider => "Rider",
            PieceKind::Assassin => "Assassin",
            PieceKind::HomeStone => "Home Stone",
        }
    }
}

/// A piece: a kind and the side it belongs to.
///
/// ```
/// use kaissa_chaturaji::kaissa::{Piece, PieceKind, Side};
/// let p = Piece::from_letter('q').unwrap();
/// assert_eq!(p, Piece { side: Side::Red, kind: PieceKind::Ubara });
/// assert_eq!(p.letter(), 'q');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// The letter in the notation: upper case for Yellow, lower case for Red.
    #[must_use]
    pub const fn letter(self) -> char {
        let upper = self.kind.letter();
        match self.side {
            Side::Yellow => upper,
            Side::Red => upper.to_ascii_lowercase(),
        }
    }

    /// The piece with this notation letter.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Piece> {
        let side = if letter.is_ascii_uppercase() {
            Side::Yellow
        } else {
            Side::Red
        };
        match PieceKind::from_letter(letter.to_ascii_uppercase()) {
            Some(kind) => Some(Piece { side, kind }),
            None => None,
        }
    }
}
