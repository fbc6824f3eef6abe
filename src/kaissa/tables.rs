//! Attack tables and the target sets of every piece kind.
//!
//! Sliders use the classical ray method: the ray from the square in one
//! direction, cut after its first occupied square (found with a bit scan whose
//! direction depends on whether the ray runs towards higher or lower
//! indices). Range-limited sliders then keep the squares within their range.
//! Every table is built at compile time from [`crate::geometry`].

use super::{Bitboard, PieceKind, Side, Square};
use crate::geometry::{leaper_mask, ray_mask, within_mask, DIRECTIONS};

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

/// Ray table with 128 rows: rows 100..128 are empty, so that the sentinel
/// bit 127 (used when a ray running up has no blocker) cuts nothing.
const fn build_rays() -> [[u128; 8]; 128] {
    let mut table = [[0u128; 8]; 128];
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

static RAYS: [[u128; 8]; 128] = build_rays();
pub(crate) static TARNSMAN: [u128; 100] = build_leaps(&TARNSMAN_LEAPS);
pub(crate) static STEP: [u128; 100] = build_leaps(&DIRECTIONS);
pub(crate) static WITHIN_2: [u128; 100] = build_within(2);
pub(crate) static WITHIN_3: [u128; 100] = build_within(3);
pub(crate) static WITHIN_5: [u128; 100] = build_within(5);
static SPEARMAN_CAPTURES: [[u128; 100]; 2] = build_spearman_captures();

/// The squares a slider on `square` reaches in direction `dir` (an index
/// into [`DIRECTIONS`]), up to and including the first occupied square.
/// Branchless: a sentinel bit stands for "no blocker" (bit 127 for rays
/// running up, whose table row is empty; bit 0 for rays running down, and
/// no downward ray leaves a1).
#[inline(always)]
fn ray(square: usize, dir: usize, occupied: u128) -> u128 {
    let ray = RAYS[square][dir];
    let blockers = ray & occupied;
    let first = if RUNS_UP[dir] {
        (blockers | 1u128 << 127).trailing_zeros()
    } else {
        127 - (blockers | 1).leading_zeros()
    };
    ray ^ RAYS[first as usize][dir]
}

/// Orthogonal and diagonal rays together (the Ubar's reach).
#[inline(always)]
pub(crate) fn all_rays(square: usize, occupied: u128) -> u128 {
    orthogonal_rays(square, occupied) | diagonal_rays(square, occupied)
}

/// The four orthogonal rays (the Builder's reach).
#[inline(always)]
pub(crate) fn orthogonal_rays(square: usize, occupied: u128) -> u128 {
    ray(square, 0, occupied)
        | ray(square, 2, occupied)
        | ray(square, 4, occupied)
        | ray(square, 6, occupied)
}

/// The four diagonal rays (the Initiate's reach).
#[inline(always)]
pub(crate) fn diagonal_rays(square: usize, occupied: u128) -> u128 {
    ray(square, 1, occupied)
        | ray(square, 3, occupied)
        | ray(square, 5, occupied)
        | ray(square, 7, occupied)
}

/// The squares a piece of `kind` on `square` attacks given the occupied
/// squares: every square it could move to if that square held an enemy piece.
/// For a Spearman these are its diagonal capture squares (towards `side`'s
/// forward); for the Home Stone its eight neighbours (it moves there only when
/// empty, and never captures).
#[inline]
pub fn attacks(kind: PieceKind, side: Side, square: Square, occupied: Bitboard) -> Bitboard {
    attacks_inline(kind, side, square, occupied)
}

/// [`attacks`], always inlined: for hot loops compiled with other
/// instructions than their callers' (the evaluation's bit-instruction
/// build), where a call would run the baseline build.
#[inline(always)]
pub(crate) fn attacks_inline(
    kind: PieceKind,
    side: Side,
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    let sq = square.index() as usize;
    let occ = occupied.0;
    Bitboard(match kind {
        PieceKind::Ubar => all_rays(sq, occ),
        PieceKind::Ubara => all_rays(sq, occ) & WITHIN_3[sq],
        PieceKind::Assassin => all_rays(sq, occ) & WITHIN_2[sq],
        PieceKind::Builder => orthogonal_rays(sq, occ),
        PieceKind::Initiate => diagonal_rays(sq, occ),
        PieceKind::Scribe => diagonal_rays(sq, occ) & WITHIN_5[sq],
        PieceKind::Tarnsman => TARNSMAN[sq],
        PieceKind::Rider | PieceKind::HomeStone => STEP[sq],
        PieceKind::Spearman => SPEARMAN_CAPTURES[side.index()][sq],
    })
}

/// The pieces of `side` that attack `square` when `occupied` are the
/// occupied squares, `pieces(kind)` giving `side`'s pieces of each kind
/// (the Home Stone, which attacks nothing, is not asked for). Every reach is
/// symmetric but the Spearman's, so a piece of a kind attacks `square`
/// exactly when the same kind would attack it from `square` (a Spearman
/// looking the other side's way). The two sets of rays are traced once
/// for all the sliders.
#[inline(always)]
pub(crate) fn attackers_of(
    side: Side,
    square: Square,
    occupied: Bitboard,
    pieces: impl Fn(PieceKind) -> Bitboard,
) -> Bitboard {
    let sq = square.index() as usize;
    let orthogonal = orthogonal_rays(sq, occupied.0);
    let diagonal = diagonal_rays(sq, occupied.0);
    let both = orthogonal | diagonal;
    let found = (both & pieces(PieceKind::Ubar).0)
        | (both & WITHIN_3[sq] & pieces(PieceKind::Ubara).0)
        | (both & WITHIN_2[sq] & pieces(PieceKind::Assassin).0)
        | (orthogonal & pieces(PieceKind::Builder).0)
        | (diagonal & pieces(PieceKind::Initiate).0)
        | (diagonal & WITHIN_5[sq] & pieces(PieceKind::Scribe).0)
        | (TARNSMAN[sq] & pieces(PieceKind::Tarnsman).0)
        | (STEP[sq] & pieces(PieceKind::Rider).0)
        | (SPEARMAN_CAPTURES[side.other().index()][sq] & pieces(PieceKind::Spearman).0);
    Bitboard(found)
}

/// The squares a Spearman of `side` on `square` may move straight to: one
/// step forward, or from its start rank two or three, through empty squares
/// only. Straight moves never capture.
#[inline]
pub fn spearman_pushes(side: Side, square: Square, occupied: Bitboard) -> Bitboard {
    let empty = !occupied.0 & FULL;
    Bitboard(spearmen_pushes(side, 1u128 << square.index(), empty))
}

const FULL: u128 = (1u128 << 100) - 1;
const FILE_A: u128 = {
    let mut bb = 0u128;
    let mut rank = 0;
    while rank < 10 {
        bb |= 1u128 << (rank * 10);
        rank += 1;
    }
    bb
};
const FILE_J: u128 = FILE_A << 9;
const SPEARMAN_RANKS: [u128; 2] = [0x3ff << 10, 0x3ff << 80];

/// One step forward for `side` (towards rank 10 for Yellow, rank 1 for
/// Red), off the board dropped.
#[inline(always)]
fn forward(side: Side, set: u128) -> u128 {
    match side {
        Side::Yellow => (set << 10) & FULL,
        Side::Red => set >> 10,
    }
}

/// The union of the straight moves of `side`'s Spearmen on `spearmen`
/// (`empty` = the empty squares): for a single Spearman, its pushes.
#[inline(always)]
pub(crate) fn spearmen_pushes(side: Side, spearmen: u128, empty: u128) -> u128 {
    let one = forward(side, spearmen) & empty;
    let two = forward(
        side,
        one & forward(side, spearmen & SPEARMAN_RANKS[side.index()]),
    ) & empty;
    let three = forward(side, two) & empty;
    one | two | three
}

/// The number of straight moves of all `side`'s Spearmen on `spearmen`.
#[inline(always)]
pub(crate) fn count_spearmen_pushes(side: Side, spearmen: u128, empty: u128) -> u32 {
    let one = forward(side, spearmen) & empty;
    let two = forward(
        side,
        one & forward(side, spearmen & SPEARMAN_RANKS[side.index()]),
    ) & empty;
    let three = forward(side, two) & empty;
    one.count_ones() + two.count_ones() + three.count_ones()
}

/// The number of diagonal captures of all `side`'s Spearmen on `spearmen`
/// onto `enemy` (counted per Spearman: two may take the same square).
#[inline(always)]
pub(crate) fn count_spearmen_captures(side: Side, spearmen: u128, enemy: u128) -> u32 {
    let (east, west) = match side {
        Side::Yellow => ((spearmen & !FILE_J) << 11, (spearmen & !FILE_A) << 9),
        Side::Red => ((spearmen & !FILE_J) >> 9, (spearmen & !FILE_A) >> 11),
    };
    (east & enemy).count_ones() + (west & enemy).count_ones()
}

/// The diagonal capture squares of a `side` Spearman on `square`.
#[inline(always)]
pub(crate) fn spearman_captures(side: Side, square: usize) -> u128 {
    SPEARMAN_CAPTURES[side.index()][square]
}

/// For a step `(file, rank)` of -9..=9 each (index `(rank + 9) * 19 + file +
/// 9`): the index into [`DIRECTIONS`] of the line it runs along, or 8 when
/// the two squares share no rank, file or diagonal (or are the same).
const LINE_DIRECTION: [u8; 19 * 19] = {
    let mut table = [8u8; 19 * 19];
    let mut dir = 0;
    while dir < 8 {
        let (df, dr) = DIRECTIONS[dir];
        let mut steps = 1;
        while steps < 10 {
            let index = (dr as i32 * steps + 9) * 19 + df as i32 * steps + 9;
            table[index as usize] = dir as u8;
            steps += 1;
        }
        dir += 1;
    }
    table
};

/// Whether a `piece` on `from` may move to `to` (`from != to`) given the
/// squares of its own side (`own`) and of the enemy (`enemy`): the same
/// answer as the piece's target set, checked for this one move in constant
/// time (a slider looks only at the squares between the two).
#[inline]
pub(crate) fn reaches(
    piece: super::Piece,
    from: Square,
    to: Square,
    own: u128,
    enemy: u128,
) -> bool {
    let (f, t) = (from.index() as usize, to.index() as usize);
    let target = 1u128 << t;
    if own & target != 0 {
        return false;
    }
    let occupied = own | enemy;
    let slide = |orthogonal: bool, diagonal: bool, range: i32| {
        let df = t as i32 % 10 - f as i32 % 10;
        let dr = t as i32 / 10 - f as i32 / 10;
        let dir = LINE_DIRECTION[((dr + 9) * 19 + df + 9) as usize] as usize;
        if dir >= 8 {
            return false;
        }
        let kind_ok = if dir % 2 == 0 { orthogonal } else { diagonal };
        let between = RAYS[f][dir] ^ RAYS[t][dir] ^ target;
        kind_ok && df.abs().max(dr.abs()) <= range && between & occupied == 0
    };
    match piece.kind {
        PieceKind::Ubar => slide(true, true, 9),
        PieceKind::Ubara => slide(true, true, 3),
        PieceKind::Assassin => slide(true, true, 2),
        PieceKind::Builder => slide(true, false, 9),
        PieceKind::Initiate => slide(false, true, 9),
        PieceKind::Scribe => slide(false, true, 5),
        PieceKind::Tarnsman => TARNSMAN[f] & target != 0,
        PieceKind::Rider => STEP[f] & target != 0,
        PieceKind::HomeStone => STEP[f] & target & !occupied != 0,
        PieceKind::Spearman => {
            let empty = !occupied & FULL;
            (SPEARMAN_CAPTURES[piece.side.index()][f] & enemy & target != 0)
                || spearmen_pushes(piece.side, 1u128 << f, empty) & target != 0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `reaches` agrees with the target sets for every piece on every square
    /// towards every square, on a few crowded and sparse boards.
    #[test]
    fn reaches_agrees_with_the_target_sets() {
        use crate::random::{RandomSource, SplitMix64};
        let mut rng = SplitMix64::new(11);
        for round in 0..60 {
            let density = [3, 10, 30, 60][round % 4];
            let (mut own, mut enemy) = (0u128, 0u128);
            for sq in 0..100 {
                match rng.below(100) {
                    x if x < density / 2 => own |= 1 << sq,
                    x if x < density => enemy |= 1 << sq,
                    _ => {}
                }
            }
            for kind in PieceKind::ALL {
                for side in Side::ALL {
                    let piece = super::super::Piece { side, kind };
                    for f in 0..100u8 {
                        let (own, enemy) = (own | 1 << f, enemy & !(1 << f));
                        let from = Square::new(f).unwrap();
                        let occ = Bitboard(own | enemy);
                        let open = !own & FULL;
                        let targets = match kind {
                            PieceKind::HomeStone => STEP[f as usize] & !(own | enemy),
                            PieceKind::Spearman => {
                                (SPEARMAN_CAPTURES[side.index()][f as usize] & enemy)
                                    | spearmen_pushes(side, 1 << f, !(own | enemy) & FULL)
                            }
                            _ => attacks(kind, side, from, occ).0 & open,
                        };
                        for t in 0..100u8 {
                            if t != f {
                                let to = Square::new(t).unwrap();
                                assert_eq!(
                                    reaches(piece, from, to, own, enemy),
                                    targets >> t & 1 != 0,
                                    "{kind:?} {side:?} {from} {to}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

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
