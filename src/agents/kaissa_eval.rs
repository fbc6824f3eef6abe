//! Merchant Kaissa piece values and the static evaluation of the
//! alpha-beta search (also the value of MCTS's capped rollouts).
//!
//! # Piece values (our choice)
//! The rules give no values: the game is won by capturing the Home Stone
//! alone (the rules reference, §1.7), and every other capture only helps
//! towards it. These values, in centipawns (a Spearman is 100), weigh the
//! pieces by how far and how freely they move on the 10x10 board:
//!
//! | piece | value | why |
//! |---|---|---|
//! | Ubar `U` | 900 | slides any distance in 8 directions (a chess queen) |
//! | Ubara `Q` | 600 | the same, at most 3 squares |
//! | Builder `B` | 500 | slides orthogonally (a rook) |
//! | Assassin `A` | 400 | 8 directions, at most 2 squares |
//! | Initiate `I` | 350 | slides diagonally (a bishop) |
//! | Scribe `S` | 300 | diagonally, at most 5 squares |
//! | Tarnsman `T` | 300 | a (3,2) leaper: 8 squares, jumps |
//! | Rider `R` | 250 | one step in 8 directions |
//! | Spearman `P` | 100 | forward only, no promotion |
//! | Home Stone `H` | 10,000 | decisive: its capture wins the game |
//!
//! The Home Stone's value only ranks captures (greedy play, move
//! ordering); the evaluation does not count it as material, since a
//! position without it is over.

use crate::kaissa::{attacks, attacks_inline, Bitboard, PieceKind, Position, Side, Square};

/// The score of a won game in centipawns, less the plies it takes: the
/// alpha-beta search scores a Home Stone capture `n` plies ahead as
/// `MATE - n`.
pub const MATE: i32 = 30_000;

/// The value of a piece of `kind` in centipawns (see the module docs):
/// the Home Stone 10,000 (decisive), the Ubar 900 down to the Spearman's
/// 100.
///
/// ```
/// use kaissa_chaturaji::agents::piece_value;
/// use kaissa_chaturaji::kaissa::PieceKind;
/// assert_eq!(piece_value(PieceKind::Spearman), 100);
/// assert!(piece_value(PieceKind::HomeStone) > 8 * piece_value(PieceKind::Ubar));
/// ```
#[must_use]
pub const fn piece_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Ubar => 900,
        PieceKind::Ubara => 600,
        PieceKind::Builder => 500,
        PieceKind::Assassin => 400,
        PieceKind::Initiate => 350,
        PieceKind::Scribe | PieceKind::Tarnsman => 300,
        PieceKind::Rider => 250,
        PieceKind::Spearman => 100,
        PieceKind::HomeStone => 10_000,
    }
}

/// Centipawns per square a piece of the kind attacks (mobility), by
/// [`PieceKind::index`].
const MOBILITY: [i32; 10] = [2, 3, 4, 3, 3, 3, 0, 4, 4, 0];

/// Centipawns for each enemy piece that attacks the Home Stone's square or
/// a square next to it, and for each square of that zone it attacks.
const ZONE_ATTACKER: i32 = 24;
const ZONE_SQUARE: i32 = 8;
/// Centipawns when the Home Stone itself is attacked.
const STONE_ATTACKED: i32 = 120;
/// Centipawns for each own piece guarding the zone (at most four count).
const ZONE_DEFENDER: i32 = 10;
/// Centipawns per step a piece stands closer to the enemy Home Stone
/// (Chebyshev distance), so that pieces head for it.
const TROPISM: i32 = 3;
/// Centipawns for a stone still in hand from turn 8 with its back rank
/// full, or with one empty square left: the default loss of turn 10 is
/// near.
const FULL_BACK_RANK: i32 = 400;
const ONE_SQUARE_LEFT: i32 = 80;
/// Centipawns for the side to move.
const TEMPO: i32 = 10;

/// The eight neighbours of `square` with the square itself.
#[inline]
fn zone(square: Square) -> Bitboard {
    attacks(PieceKind::HomeStone, Side::Yellow, square, Bitboard::EMPTY)
        | Bitboard::from_square(square)
}

/// The Chebyshev distance between two squares.
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let file = (i32::from(a.file()) - i32::from(b.file())).abs();
    let rank = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    file.max(rank)
}

/// The side's next turn number (its current one when it is to move).
fn next_turn(pos: &Position, side: Side) -> u32 {
    if side == pos.to_move() || side == Side::Red {
        pos.turn()
    } else {
        pos.turn().saturating_add(1)
    }
}

/// The back rank of `side`.
fn back_rank(side: Side) -> Bitboard {
    match side {
        Side::Yellow => Bitboard::RANK_1,
        Side::Red => Bitboard::RANK_10,
    }
}

/// The static evaluation of `pos` in centipawns, for the side to move
/// (positive: it stands better): material, mobility, Home Stone safety
/// (enemy pieces attacking the stone and the squares next to it, own
/// pieces guarding them, and for a stone still in hand from turn 8 the
/// room left on the back rank), the pieces' distance to the enemy stone,
/// and a small bonus for the move.
///
/// It is meant for unfinished positions; a won or lost one is scored by
/// the search (a captured stone, [`MATE`]).
///
/// ```
/// use kaissa_chaturaji::agents::evaluate;
/// use kaissa_chaturaji::kaissa::Position;
/// // The start is level but for the move.
/// assert_eq!(evaluate(&Position::start()), 10);
/// // Red has no Ubar.
/// let pos: Position = "ibstq1tsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh".parse()?;
/// assert!(evaluate(&pos) > 900);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if crate::kaissa::has_bit_instructions() {
        // SAFETY: the CPU has the instructions `evaluate_x86` is compiled
        // for.
        return unsafe { evaluate_x86(pos) };
    }
    evaluate_portable(pos)
}

/// [`evaluate`] compiled with the bit instructions (popcnt, lzcnt, tzcnt)
/// the baseline x86-64 target lacks: it counts and scans many bit sets
/// (the alpha-beta search makes about 45% more nodes a second with it).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1")]
unsafe fn evaluate_x86(pos: &Position) -> i32 {
    evaluate_portable(pos)
}

/// The body of [`evaluate`], inlined into each of its builds (so that
/// what it calls is inlined too, or compiled apart without the bit
/// instructions: hence no closures here).
#[inline(always)]
fn evaluate_portable(pos: &Position) -> i32 {
    let occupied = pos.occupied();
    let stones = [pos.stone_square(Side::Yellow), pos.stone_square(Side::Red)];
    let zones = [
        stones[0].map_or(Bitboard::EMPTY, zone),
        stones[1].map_or(Bitboard::EMPTY, zone),
    ];
    let mut score = [0i32; 2];
    // For each side: the pressure it puts on the enemy zone, and the
    // guards of its own.
    let mut pressure = [0i32; 2];
    let mut stone_hit = [false; 2];
    let mut guards = [0i32; 2];
    for side in Side::ALL {
        let s = side.index();
        let own = pos.pieces_of(side);
        let enemy_stone = stones[side.other().index()];
        let enemy_zone = zones[side.other().index()];
        for kind in PieceKind::ALL {
            if kind == PieceKind::HomeStone {
                continue;
            }
            for square in pos.pieces(side, kind) {
                score[s] += piece_value(kind);
                let reach = attacks_inline(kind, side, square, occupied);
                score[s] += MOBILITY[kind.index()] * (reach & !own).count() as i32;
                let hits = (reach & enemy_zone).count() as i32;
                if hits > 0 {
                    pressure[s] += ZONE_ATTACKER + ZONE_SQUARE * hits;
                }
                if let Some(target) = enemy_stone {
                    stone_hit[s] |= reach.contains(target);
                    score[s] += TROPISM * (9 - distance(square, target));
                }
                if !(reach & zones[s]).is_empty() {
                    guards[s] += 1;
                }
            }
        }
    }
    for side in Side::ALL {
        let (s, e) = (side.index(), side.other().index());
        if stones[s].is_some() {
            score[s] -= pressure[e];
            if stone_hit[e] {
                score[s] -= STONE_ATTACKED;
            }
            score[s] += ZONE_DEFENDER * guards[s].min(4);
        } else if pos.stone_in_hand(side) && next_turn(pos, side) >= 8 {
            match (back_rank(side) & !occupied).count() {
                0 => score[s] -= FULL_BACK_RANK,
                1 => score[s] -= ONE_SQUARE_LEFT,
                _ => {}
            }
        }
    }
    let me = pos.to_move().index();
    score[me] - score[1 - me] + TEMPO
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_evaluation_is_symmetric() {
        // The same position seen from either side, mirrored.
        let yellow: Position = "4h5/10/10/4b5/10/10/10/10/10/4H5 y 20 -".parse().unwrap();
        let red: Position = "4h5/10/10/10/10/10/4B5/10/10/4H5 r 20 -".parse().unwrap();
        assert_eq!(evaluate(&yellow), evaluate(&red));
    }

    #[test]
    fn every_build_of_the_evaluation_agrees() {
        use crate::random::{RandomSource, SplitMix64};
        // Positions of seeded random games, the placement turns included.
        let mut rng = SplitMix64::new(7);
        let mut checked = 0;
        for _ in 0..20 {
            let mut pos = Position::start();
            while !pos.is_over() && pos.turn() < 60 {
                // The baseline build, whatever the CPU.
                assert_eq!(evaluate_portable(&pos), evaluate(&pos), "{pos}");
                checked += 1;
                let moves = pos.legal_moves();
                let mv = moves[rng.below(moves.len() as u64) as usize];
                let _ = pos.play_unchecked(mv);
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn an_attacked_stone_costs() {
        // Red to move; a Yellow Builder on j10 attacks Red's stone on e10,
        // on j3 it does not.
        let attacked: Position = "4h4B/10/10/10/10/10/10/10/10/4H5 r 20 -".parse().unwrap();
        let quiet: Position = "4h5/10/10/10/10/10/10/9B/10/4H5 r 20 -".parse().unwrap();
        assert!(evaluate(&attacked) < evaluate(&quiet) - 100);
    }
}
