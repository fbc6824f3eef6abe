//! Fixed board data: marked squares, thrones, start squares and the move
//! tables, all computed at compile time.

use crate::geometry::{leaper_mask, ray_mask, DIRECTIONS, KNIGHT_LEAPS, ORTHOGONAL};

use super::piece::{Colour, PieceKind};
use super::{Bitboard, Square};

const fn sq(file: u8, rank: u8) -> Square {
    Square::from_index(rank * 8 + file)
}

/// The 16 marked squares (drawn with diagonals): a1 d1 e1 h1 a4 d4 e4 h4 a5
/// d5 e5 h5 a8 d8 e8 h8, in index order. The thrones are among them.
pub const MARKED_SQUARES: [Square; 16] = [
    sq(0, 0),
    sq(3, 0),
    sq(4, 0),
    sq(7, 0),
    sq(0, 3),
    sq(3, 3),
    sq(4, 3),
    sq(7, 3),
    sq(0, 4),
    sq(3, 4),
    sq(4, 4),
    sq(7, 4),
    sq(0, 7),
    sq(3, 7),
    sq(4, 7),
    sq(7, 7),
];

/// The marked squares as a bitboard.
pub const MARKED: Bitboard = {
    let mut bb = 0u64;
    let mut i = 0;
    while i < 16 {
        bb |= 1 << MARKED_SQUARES[i].index();
        i += 1;
    }
    Bitboard(bb)
};

/// The thrones by colour index (Red h4, Black e8, Yellow a5, Green d1): the
/// squares the rajas start on.
pub const THRONES: [Square; 4] = [sq(7, 3), sq(4, 7), sq(0, 4), sq(3, 0)];

/// The start squares by colour index: for each colour its boat, horse,
/// elephant, raja and four pawns (in that order) with their squares.
pub const START_SQUARES: [[(PieceKind, Square); 8]; 4] = {
    use PieceKind::*;
    [
        [
            (Boat, sq(7, 0)),
            (Horse, sq(7, 1)),
            (Elephant, sq(7, 2)),
            (Raja, sq(7, 3)),
            (Pawn, sq(6, 0)),
            (Pawn, sq(6, 1)),
            (Pawn, sq(6, 2)),
            (Pawn, sq(6, 3)),
        ],
        [
            (Boat, sq(7, 7)),
            (Horse, sq(6, 7)),
            (Elephant, sq(5, 7)),
            (Raja, sq(4, 7)),
            (Pawn, sq(4, 6)),
            (Pawn, sq(5, 6)),
            (Pawn, sq(6, 6)),
            (Pawn, sq(7, 6)),
        ],
        [
            (Boat, sq(0, 7)),
            (Horse, sq(0, 6)),
            (Elephant, sq(0, 5)),
            (Raja, sq(0, 4)),
            (Pawn, sq(1, 4)),
            (Pawn, sq(1, 5)),
            (Pawn, sq(1, 6)),
            (Pawn, sq(1, 7)),
        ],
        [
            (Boat, sq(0, 0)),
            (Horse, sq(1, 0)),
            (Elephant, sq(2, 0)),
            (Raja, sq(3, 0)),
            (Pawn, sq(0, 1)),
            (Pawn, sq(1, 1)),
            (Pawn, sq(2, 1)),
            (Pawn, sq(3, 1)),
        ],
    ]
};

/// The 16 squares where a raja, elephant, horse or boat stood at the start
/// (a1 b1 c1 d1, h1 h2 h3 h4, e8 f8 g8 h8, a5 a6 a7 a8): a pawn reaching
/// one of them may be specially promoted.
pub const SPECIAL_PROMOTION_SQUARES: Bitboard = {
    let mut bb = 0u64;
    let mut c = 0;
    while c < 4 {
        let mut i = 0;
        while i < 4 {
            bb |= 1 << START_SQUARES[c][i].1.index();
            i += 1;
        }
        c += 1;
    }
    Bitboard(bb)
};

const fn table(leaps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut t = [Bitboard(0); 64];
    let mut s = 0;
    while s < 64 {
        t[s] = Bitboard(leaper_mask(8, 8, s as u8, leaps) as u64);
        s += 1;
    }
    t
}

/// Raja steps from each square.
pub const RAJA_MOVES: [Bitboard; 64] = table(&DIRECTIONS);
/// Horse leaps from each square.
pub const HORSE_MOVES: [Bitboard; 64] = table(&KNIGHT_LEAPS);
/// Boat jumps (two squares diagonally) from each square.
pub const BOAT_MOVES: [Bitboard; 64] = table(&[(2, 2), (2, -2), (-2, -2), (-2, 2)]);

/// Orthogonal rays (N, E, S, W) from each square, the square excluded.
pub const RAYS: [[Bitboard; 64]; 4] = {
    let mut t = [[Bitboard(0); 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 64 {
            t[d][s] = Bitboard(ray_mask(8, 8, s as u8, ORTHOGONAL[d].0, ORTHOGONAL[d].1) as u64);
            s += 1;
        }
        d += 1;
    }
    t
};

const fn pawn_table(diagonal: bool) -> [[Bitboard; 64]; 4] {
    let mut t = [[Bitboard(0); 64]; 4];
    let mut c = 0;
    while c < 4 {
        let (df, dr) = Colour::ALL[c].pawn_direction();
        let leaps: [(i8, i8); 2] = if diagonal {
            if df == 0 {
                [(1, dr), (-1, dr)]
            } else {
                [(df, 1), (df, -1)]
            }
        } else {
            [(df, dr), (df, dr)]
        };
        t[c] = table(&leaps);
        c += 1;
    }
    t
}

/// A pawn's straight step forward, by colour index and square.
pub const PAWN_STEPS: [[Bitboard; 64]; 4] = pawn_table(false);
/// A pawn's diagonal captures forward, by colour index and square.
pub const PAWN_CAPTURES: [[Bitboard; 64]; 4] = pawn_table(true);

const FILE_A: u64 = 0x0101_0101_0101_0101;
const RANK_1: u64 = 0xFF;

/// Each colour's far edge: the edge its pawns march towards (file a for
/// Red, rank 1 Black, file h Yellow, rank 8 Green).
pub const FAR_EDGE: [Bitboard; 4] = [
    Bitboard(FILE_A),
    Bitboard(RANK_1),
    Bitboard(FILE_A << 7),
    Bitboard(RANK_1 << 56),
];

/// Each colour's own back edge (file h Red, rank 8 Black, file a Yellow,
/// rank 1 Green), where none of its pawns can ever stand.
pub const BACK_EDGE: [Bitboard; 4] = [FAR_EDGE[2], FAR_EDGE[3], FAR_EDGE[0], FAR_EDGE[1]];

/// The unmarked squares of each colour's far edge: where its pawns promote.
pub const PROMOTION_SQUARES: [Bitboard; 4] = [
    Bitboard(FAR_EDGE[0].0 & !MARKED.0),
    Bitboard(FAR_EDGE[1].0 & !MARKED.0),
    Bitboard(FAR_EDGE[2].0 & !MARKED.0),
    Bitboard(FAR_EDGE[3].0 & !MARKED.0),
];

/// The squares on the 2nd and 7th lines (files b and g, ranks 2 and 7), where
/// a promoting pawn becomes a horse; elsewhere on its far edge (unmarked: the
/// 3rd and 6th lines) it becomes an elephant.
pub const HORSE_LINES: Bitboard =
    Bitboard((FILE_A << 1) | (FILE_A << 6) | (RANK_1 << 8) | (RANK_1 << 48));

/// The kind a pawn becomes when it is promoted on `square` (an unmarked far
/// edge square): horse on the 2nd/7th line, elephant on the 3rd/6th.
#[must_use]
pub const fn promotion_kind(square: Square) -> PieceKind {
    if HORSE_LINES.contains(square) {
        PieceKind::Horse
    } else {
        PieceKind::Elephant
    }
}
