//! The Merchant Kaissa evaluation as a weighted sum of terms, for tuning
//! its weights: [`eval_terms`] counts them, [`evaluate_with`] weighs them.
//! With [`EvalWeights::HAND_SET`] it is [`evaluate`](super::evaluate)
//! exactly; the terms that weigh 0 by hand (centralisation, advancement,
//! the Home Stone's defenders, shelter and room, undefended pieces) are
//! there for a tuning to weigh (`benches/examples/texel.rs`).

use crate::kaissa::{attacks, Bitboard, PieceKind, Position, Side, Square};

use super::kaissa_eval as hand;
use super::kaissa_eval::{back_rank, distance, next_turn};

/// The number of terms of the evaluation ([`eval_terms`],
/// [`EVAL_TERM_NAMES`]).
pub const EVAL_TERMS: usize = 58;

// Where each group of terms starts. The per-kind groups are indexed by
// `PieceKind::index` (the Home Stone, index 9, left out), except the
// advancement group (see `advance_term`).
const MATERIAL: usize = 0;
const MOBILITY: usize = 9;
const CENTRE: usize = 18;
const ADVANCE: usize = 27;
const SPEARMAN_RANK: usize = 36;
const ZONE_ATTACKERS: usize = 44;
const ZONE_SQUARES: usize = 45;
const STONE_ATTACKED: usize = 46;
const STONE_ATTACKERS: usize = 47;
const ZONE_GUARDS: usize = 48;
const STONE_DEFENDERS: usize = 49;
const STONE_SHELTER: usize = 50;
const STONE_ROOM: usize = 51;
const TROPISM: usize = 52;
const FULL_BACK_RANK: usize = 53;
const ONE_SQUARE_LEFT: usize = 54;
const HANGING_OFFICERS: usize = 55;
const HANGING_SPEARMEN: usize = 56;
const TEMPO: usize = 57;

/// What each term of [`eval_terms`] counts, by index. Each is counted for
/// both sides and the other side's count is subtracted from the side to
/// move's (but the tempo, which is 1).
pub const EVAL_TERM_NAMES: [&str; EVAL_TERMS] = [
    "material Ubar",
    "material Ubara",
    "material Tarnsman",
    "material Scribe",
    "material Builder",
    "material Initiate",
    "material Spearman",
    "material Rider",
    "material Assassin",
    "mobility Ubar (squares attacked, not own)",
    "mobility Ubara",
    "mobility Tarnsman",
    "mobility Scribe",
    "mobility Builder",
    "mobility Initiate",
    "mobility Spearman",
    "mobility Rider",
    "mobility Assassin",
    "centre Ubar (4 less its ring from the centre, 0 to 4)",
    "centre Ubara",
    "centre Tarnsman",
    "centre Scribe",
    "centre Builder",
    "centre Initiate",
    "centre Spearman",
    "centre Rider",
    "centre Assassin",
    "advance Ubar (ranks from its back rank)",
    "advance Ubara",
    "advance Tarnsman",
    "advance Scribe",
    "advance Builder",
    "advance Initiate",
    "advance Rider",
    "advance Assassin",
    "advance Home Stone",
    "Spearman 2 ranks forward of its start",
    "Spearman 3 ranks forward",
    "Spearman 4 ranks forward",
    "Spearman 5 ranks forward",
    "Spearman 6 ranks forward",
    "Spearman 7 ranks forward",
    "Spearman 8 ranks forward",
    "Spearman 9 ranks forward (on the far rank, stuck)",
    "enemy pieces attacking the Home Stone's zone (its square and neighbours)",
    "zone squares they attack, summed",
    "Home Stone attacked",
    "enemy pieces attacking the Home Stone",
    "own pieces guarding the zone (at most 4)",
    "own pieces defending the Home Stone's square (at most 3)",
    "own pieces next to the Home Stone",
    "empty squares next to the Home Stone",
    "closeness to the enemy Home Stone (9 less the distance, summed)",
    "stone in hand from turn 8, back rank full",
    "stone in hand from turn 8, one back-rank square empty",
    "pieces but Spearmen attacked and not defended",
    "Spearmen attacked and not defended",
    "tempo (the side to move)",
];

/// The weight of each term of the evaluation, in centipawns per unit of
/// the term ([`EVAL_TERM_NAMES`]); [`evaluate_with`] is their sum.
///
/// ```
/// use kaissa_chaturaji::agents::{evaluate, evaluate_with, EvalWeights};
/// use kaissa_chaturaji::kaissa::Position;
/// let pos = Position::start();
/// assert_eq!(evaluate_with(&pos, &EvalWeights::HAND_SET), evaluate(&pos));
/// // Only the tempo is not level at the start: 10 centipawns.
/// assert_eq!(evaluate_with(&pos, &EvalWeights::HAND_SET), 10);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EvalWeights {
    /// One weight per term, in the order of [`EVAL_TERM_NAMES`].
    pub terms: [i32; EVAL_TERMS],
}

impl EvalWeights {
    /// The weights set by hand, those of [`evaluate`](super::evaluate): the piece values
    /// of [`piece_value`](super::piece_value) as material, a few centipawns of mobility, the
    /// Home Stone's safety, and none for the terms there for tuning
    /// (centralisation, advancement, the stone's defenders, shelter and
    /// room, undefended pieces).
    pub const HAND_SET: EvalWeights = EvalWeights::hand_set();

    /// [`EvalWeights::HAND_SET`] from the evaluation's own constants.
    const fn hand_set() -> EvalWeights {
        let mut terms = [0; EVAL_TERMS];
        let mut k = 0;
        while k < 9 {
            terms[MATERIAL + k] = hand::piece_value(PieceKind::ALL[k]);
            terms[MOBILITY + k] = hand::MOBILITY[k];
            k += 1;
        }
        terms[ZONE_ATTACKERS] = -hand::ZONE_ATTACKER;
        terms[ZONE_SQUARES] = -hand::ZONE_SQUARE;
        terms[STONE_ATTACKED] = -hand::STONE_ATTACKED;
        terms[ZONE_GUARDS] = hand::ZONE_DEFENDER;
        terms[TROPISM] = hand::TROPISM;
        terms[FULL_BACK_RANK] = -hand::FULL_BACK_RANK;
        terms[ONE_SQUARE_LEFT] = -hand::ONE_SQUARE_LEFT;
        terms[TEMPO] = hand::TEMPO;
        EvalWeights { terms }
    }
}

impl Default for EvalWeights {
    /// [`EvalWeights::HAND_SET`].
    fn default() -> EvalWeights {
        EvalWeights::HAND_SET
    }
}

/// The eight neighbours of `square`.
fn neighbours(square: Square) -> Bitboard {
    attacks(PieceKind::HomeStone, Side::Yellow, square, Bitboard::EMPTY)
}

/// 4 on the four centre squares, down to 0 on the edge.
fn centre(square: Square) -> i32 {
    let ring = |x: u8| i32::from(x.abs_diff(4).min(x.abs_diff(5)));
    4 - ring(square.file()).max(ring(square.rank()))
}

/// The ranks `square` stands forward of `side`'s back rank (0 to 9).
fn advance(side: Side, square: Square) -> usize {
    usize::from(square.rank().abs_diff(side.back_rank()))
}

/// The advancement term of `kind` (the Spearman has its own ranks).
fn advance_term(kind: PieceKind) -> usize {
    let index = kind.index();
    ADVANCE
        + if index > PieceKind::Spearman.index() {
            index - 1
        } else {
            index
        }
}

/// The terms of the evaluation of `pos` ([`EVAL_TERM_NAMES`]): each
/// counted for both sides, the side to move's count less the other
/// side's; the tempo is 1. [`evaluate_with`] weighs them; a tuning fits
/// the weights to them.
///
/// ```
/// use kaissa_chaturaji::agents::{eval_terms, EVAL_TERM_NAMES};
/// use kaissa_chaturaji::kaissa::Position;
/// // Red has no Ubar.
/// let pos: Position = "ibstq1tsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh".parse()?;
/// let terms = eval_terms(&pos);
/// assert_eq!((EVAL_TERM_NAMES[0], terms[0]), ("material Ubar", 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn eval_terms(pos: &Position) -> [i32; EVAL_TERMS] {
    let occupied = pos.occupied();
    let stones = Side::ALL.map(|side| pos.stone_square(side));
    let zones = stones.map(|stone| {
        stone.map_or(Bitboard::EMPTY, |s| {
            neighbours(s) | Bitboard::from_square(s)
        })
    });
    let mut terms = [[0i32; EVAL_TERMS]; 2];
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut guards = [0i32; 2];
    let mut defenders = [0i32; 2];
    for side in Side::ALL {
        let s = side.index();
        let e = side.other().index();
        let own = pos.pieces_of(side);
        let own_stone = stones[s];
        let enemy_stone = stones[e];
        for kind in PieceKind::ALL {
            let k = kind.index();
            for square in pos.pieces(side, kind) {
                if kind == PieceKind::HomeStone {
                    terms[s][advance_term(kind)] += advance(side, square) as i32;
                    continue;
                }
                let reach = attacks(kind, side, square, occupied);
                attacked[s] |= reach;
                let t = &mut terms[s];
                t[MATERIAL + k] += 1;
                t[MOBILITY + k] += (reach & !own).count() as i32;
                t[CENTRE + k] += centre(square);
                if kind == PieceKind::Spearman {
                    let ahead = advance(side, square);
                    if ahead >= 3 {
                        t[SPEARMAN_RANK + ahead - 3] += 1;
                    }
                } else {
                    t[advance_term(kind)] += advance(side, square) as i32;
                }
                if let Some(target) = enemy_stone {
                    t[TROPISM] += 9 - distance(square, target);
                    // Pressure on the enemy's zone counts against it.
                    let hits = (reach & zones[e]).count() as i32;
                    if hits > 0 {
                        terms[e][ZONE_ATTACKERS] += 1;
                        terms[e][ZONE_SQUARES] += hits;
                    }
                    if reach.contains(target) {
                        terms[e][STONE_ATTACKED] = 1;
                        terms[e][STONE_ATTACKERS] += 1;
                    }
                }
                if let Some(stone) = own_stone {
                    if !(reach & zones[s]).is_empty() {
                        guards[s] += 1;
                    }
                    if reach.contains(stone) {
                        defenders[s] += 1;
                    }
                }
            }
        }
    }
    for side in Side::ALL {
        let s = side.index();
        let e = side.other().index();
        let t = &mut terms[s];
        if let Some(stone) = stones[s] {
            t[ZONE_GUARDS] = guards[s].min(4);
            t[STONE_DEFENDERS] = defenders[s].min(3);
            let around = neighbours(stone);
            t[STONE_SHELTER] = (around & pos.pieces_of(side)).count() as i32;
            t[STONE_ROOM] = (around & !occupied).count() as i32;
        } else if pos.stone_in_hand(side) && next_turn(pos, side) >= 8 {
            match (back_rank(side) & !occupied).count() {
                0 => t[FULL_BACK_RANK] = 1,
                1 => t[ONE_SQUARE_LEFT] = 1,
                _ => {}
            }
        }
        let hanging = pos.pieces_of(side) & attacked[e] & !attacked[s];
        let spearmen = hanging & pos.pieces_of_kind(PieceKind::Spearman);
        let stone = hanging & pos.pieces_of_kind(PieceKind::HomeStone);
        t[HANGING_SPEARMEN] = spearmen.count() as i32;
        t[HANGING_OFFICERS] = (hanging & !spearmen & !stone).count() as i32;
    }
    let me = pos.to_move().index();
    let mut out = [0i32; EVAL_TERMS];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = terms[me][i] - terms[1 - me][i];
    }
    out[TEMPO] = 1;
    out
}

/// The static evaluation of `pos` in centipawns with `weights`, for the
/// side to move (positive: it stands better): the sum of
/// [`eval_terms`] weighed by `weights`.
///
/// It is meant for unfinished positions; a won or lost one is scored by
/// the search (a captured stone, [`MATE`](super::MATE)).
#[must_use]
pub fn evaluate_with(pos: &Position, weights: &EvalWeights) -> i32 {
    eval_terms(pos)
        .iter()
        .zip(&weights.terms)
        .map(|(term, weight)| term * weight)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terms_are_symmetric() {
        // The same position seen from either side, mirrored.
        let yellow: Position = "4h5/10/10/4b5/10/10/10/10/10/4H5 y 20 -".parse().unwrap();
        let red: Position = "4h5/10/10/10/10/10/4B5/10/10/4H5 r 20 -".parse().unwrap();
        assert_eq!(eval_terms(&yellow), eval_terms(&red));
    }

    #[test]
    fn an_attacked_stone_is_counted() {
        // Red to move; a Yellow Builder on j10 attacks Red's stone on e10,
        // on j3 it does not.
        let attacked: Position = "4h4B/10/10/10/10/10/10/10/10/4H5 r 20 -".parse().unwrap();
        let quiet: Position = "4h5/10/10/10/10/10/10/9B/10/4H5 r 20 -".parse().unwrap();
        assert_eq!(eval_terms(&attacked)[STONE_ATTACKED], 1);
        assert_eq!(eval_terms(&attacked)[STONE_ATTACKERS], 1);
        assert_eq!(eval_terms(&quiet)[STONE_ATTACKED], 0);
        // Red's stone on e10 has four empty neighbours, nothing beside it.
        assert_eq!(eval_terms(&quiet)[STONE_ROOM], 5 - 5);
    }

    #[test]
    fn the_hand_set_weights_are_the_old_evaluation() {
        // The evaluation before it was written as terms (commit 6824687's
        // `evaluate`) gave these scores.
        for (text, old) in [
            (
                "hb1tqut1bi/ar2ppp1sr/2p1s2p2/3p1t3a/10/10/1APPPP1A2/6P3/1R5PR1/HBSTQUTSBI r 12 -",
                254,
            ),
            (
                "ibstquhsb1/1r2pppp2/a1p7/4t1i2U/10/2p2P4/7P2/10/1RPPP1P1R1/IBSTQHTSBI y 11 -",
                -164,
            ),
            (
                "ihs1Tutsb1/2ppppp2a/r9/7p2/10/10/9A/1b8/1IPPPPPP1R/HBSTQt1S1I y 11 -",
                -506,
            ),
        ] {
            let pos: Position = text.parse().unwrap();
            assert_eq!(evaluate_with(&pos, &EvalWeights::HAND_SET), old, "{text}");
        }
    }
}
