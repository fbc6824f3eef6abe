//! Attack tables and the target sets of every piece kind.
//!
//! Sliders use the classical ray method: the ray from the square in one
//! direction, cut after its first occupied square (found with a bit scan whose
//! direction depends on whether the ray runs towards higher or lower
//! indices). Range-limited sliders then keep the squares within their range.
//! Every table is built at compile time from [`crate::geometry`].

use super::{Bitboard, PieceKind, Side, Square};
use crate::geometry::{leaper_mask, offset, ray_mask, within_mask, DIRECTIONS};

const W: u8 = 10;
const H: u8 = 10;

/// The Tarnsman's (3,2) leaps.
pub const TARNSMAN_LEAPS: [(i8, i8); 8] = [
    (3, 2),
    (2, 3),
    (-2, 3),
    (-3, 2),
    (-3, -2),
    (-2, -3),
    (2, -3),
    (3, -2),
];

/// Direction indices into [`DIRECTIONS`] that run towards higher indices
/// (N, NE, E, NW); the others run towards lower ones.
const RUNS_UP: [bool; 8] = [true, true, true, false, false, false, false, true];
const ORTHOGONAL_DIRS: [usize; 4] = [0, 2, 4, 6];
const DIAGONAL_DIRS: [usize; 4] = [1, 3, 5, 7];

const fn build_rays() -> [[u128; 8]; 100] {
    let mut table = [[0u128; 8]; 100];
    let mut sq = 0;
    while sq < 100 {
        let mut d = 0;
        while d < 8 {
            table[sq][d] = ray_mask(W, H, sq as u8, DIRECTIONS[d].0, DIRECTIONS[d].1);
            d += 1;
        }
        sq += 1;
    }
    table
}

const fn build_leaps(leaps: &[(i8, i8)]) -> [u128; 100] {
    let mut table = [0u128; 100];
    let mut sq = 0;
    while sq < 100 {
        table[sq] = leaper_mask(W, H, sq as u8, leaps);
        sq += 1;
    }
    table
}

const fn build_within(range: u8) -> [u128; 100] {
    let mut table = [0u128; 100];
    let mut sq = 0;
    while sq < 100 {
        table[sq] = within_mask(W, H, sq as u8, range);
        sq += 1;
    }
    table
}

const fn build_spearman_captures() -> [[u128; 100]; 2] {
    let mut table = [[0u128; 100]; 2];
    let mut sq = 0;
    while sq < 100 {
        table[0][sq] = leaper_mask(W, H, sq as u8, &[(1, 1), (-1, 1)]);
        table[1][sq] = leaper_mask(W, H, sq as u8, &[(1, -1), (-1, -1)]);
        sq += 1;
    }
    table
}

static RAYS: [[u128; 8]; 100] = build_rays();
static TARNSMAN: [u128; 100] = build_leaps(&TARNSMAN_LEAPS);
static STEP: [u128; 100] = build_leaps(&DIRECTIONS);
static WITHIN_2: [u128; 100] = build_within(2);
static WITHIN_3: [u128; 100] = build_within(3);
static WITHIN_5: [u128; 100] = build_within(5);
static SPEARMAN_CAPTURES: [[u128; 100]; 2] = build_spearman_captures();

/// The squares a slider on `square` reaches in direction `dir` (an index
/// into [`DIRECTIONS`]), up to and including the first occupied square.
#[inline(always)]
fn ray(square: usize, dir: usize, occupied: u128) -> u128 {
    let ray = RAYS[square][dir];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if RUNS_UP[dir] {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    ray ^ RAYS[first as usize][dir]
}

#[inline(always)]
fn rays(square: usize, dirs: &[usize], occupied: u128) -> u128 {
    let mut set = 0;
    for &dir in dirs {
        set |= ray(square, dir, occupied);
    }
    set
}

#[inline(always)]
fn all_rays(square: usize, occupied: u128) -> u128 {
    let mut set = 0;
    let mut dir = 0;
    while dir < 8 {
        set |= ray(square, dir, occupied);
        dir += 1;
    }
    set
}

/// The squares a piece of `kind` on `square` attacks given the occupied
/// squares: every square it could move to if that square held an enemy piece.
/// For a Spearman these are its diagonal capture squares (towards `side`'s
/// forward); for the Home Stone its eight neighbours (it moves there only when
/// empty, and never captures).
#[inline]
pub fn attacks(kind: PieceKind, side: Side, square: Square, occupied: Bitboard) -> Bitboard {
    let sq = square.index() as usize;
    let occ = occupied.0;
    Bitboard(match kind {
        PieceKind::Ubar => all_rays(sq, occ),
        PieceKind::Ubara => all_rays(sq, occ) & WITHIN_3[sq],
        PieceKind::Assassin => all_rays(sq, occ) & WITHIN_2[sq],
        PieceKind::Builder => rays(sq, &ORTHOGONAL_DIRS, occ),
        PieceKind::Initiate => rays(sq, &DIAGONAL_DIRS, occ),
        PieceKind::Scribe => rays(sq, &DIAGONAL_DIRS, occ) & WITHIN_5[sq],
        PieceKind::Tarnsman => TARNSMAN[sq],
        PieceKind::Rider | PieceKind::HomeStone => STEP[sq],
        PieceKind::Spearman => SPEARMAN_CAPTURES[side.index()][sq],
    })
}

/// The squares a Spearman of `side` on `square` may move straight to: one
/// step forward, or from its start rank two or three, through empty squares
/// only. Straight moves never capture.
#[inline]
pub fn spearman_pushes(side: Side, square: Square, occupied: Bitboard) -> Bitboard {
    let forward: i8 = match side {
        Side::Yellow => 1,
        Side::Red => -1,
    };
    let max_steps = if square.rank() == side.spearman_rank() {
        3
    } else {
        1
    };
    let mut set = 0u128;
    let mut steps = 1;
    while steps <= max_steps {
        match offset(W, H, square.index(), 0, forward, steps) {
            Some(to) if occupied.0 >> to & 1 == 0 => set |= 1u128 << to,
            _ => break,
        }
        steps += 1;
    }
    Bitboard(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn ranges_on_an_empty_board() {
        let empty = Bitboard::EMPTY;
        let e5 = sq("e5");
        let count = |k| attacks(k, Side::Yellow, e5, empty).count();
        assert_eq!(count(PieceKind::Ubar), 35);
        assert_eq!(count(PieceKind::Ubara), 24);
        assert_eq!(count(PieceKind::Assassin), 16);
        assert_eq!(count(PieceKind::Builder), 18);
        assert_eq!(count(PieceKind::Initiate), 17);
        // Scribe on e5: NE reaches j10 (5), NW a9 (4), SE i1 (4), SW a1 (4).
        assert_eq!(count(PieceKind::Scribe), 17);
        assert_eq!(count(PieceKind::Tarnsman), 8);
        assert_eq!(count(PieceKind::Rider), 8);
        assert_eq!(
            attacks(PieceKind::Tarnsman, Side::Red, sq("a1"), empty).count(),
            2
        );
    }

    #[test]
    fn blockers_stop_rays_in_both_scan_directions() {
        let occ = Bitboard::from_square(sq("e8")) | Bitboard::from_square(sq("b5"));
        let set = attacks(PieceKind::Ubar, Side::Yellow, sq("e5"), occ);
        assert!(set.contains(sq("e8")));
        assert!(!set.contains(sq("e9")));
        assert!(set.contains(sq("b5")));
        assert!(!set.contains(sq("a5")));
    }
}
