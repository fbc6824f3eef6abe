//! Chaturaji material and the heuristic value of an unfinished game.
//!
//! Pieces are valued by the Ludii ruleset's capture scores, which are also
//! a fair measure of their strength under the sheet's rules: pawn 1, boat
//! 2, horse 3, elephant 4, raja 5 ([`PieceKind::value`]).

use crate::chaturaji::{Colour, PieceKind, Position, Roll};
use crate::game::Returns;

/// The value of `colour`'s pieces on the board, by [`PieceKind::value`]
/// (a full army: 4 pawns, boat, horse, elephant and raja, is 18).
///
/// ```
/// use kaissa_chaturaji::agents::chaturaji_material;
/// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules};
/// let start = Position::start(Rules::default());
/// assert_eq!(chaturaji_material(&start, Colour::Green), 18);
/// ```
#[must_use]
pub fn chaturaji_material(pos: &Position, colour: Colour) -> u32 {
    PieceKind::ALL
        .iter()
        .map(|&kind| kind.value() * pos.pieces(colour, kind).count())
        .sum()
}

/// Whether `a` and `b` play on the same side in `pos`'s rules: the same
/// colour, or allies under the sheet's rules (the Ludii ruleset has no
/// alliances).
pub(crate) fn friends(pos: &Position, a: Colour, b: Colour) -> bool {
    pos.rules().friends(a, b)
}

/// How much a lead of one Ludii score point is worth in the heuristic.
const LUDII_SCORE_SCALE: f64 = 8.0;

/// The returns of a Ludii winner and of a loser ([`Game::returns`]).
///
/// [`Game::returns`]: crate::game::Game::returns
const LUDII_WIN: f64 = 1.0;
const LUDII_LOSS: f64 = -1.0 / 3.0;

/// A guess of the returns of an unfinished game, one value per colour.
///
/// * Sheet's rules: the material balance of the alliances,
///   `(mine - theirs) / (mine + theirs)`, for both colours of each.
/// * Ludii ruleset: the return to expect if each colour wins with the
///   chance `(1 + tanh(lead / 8)) / 2`, its lead being over the best other
///   score (the top score wins): `p * 1 + (1 - p) * (-1/3)`, on the scale
///   of the returns of a finished game (a win 1, a loss -1/3). So a hopeless
///   game is worth a loss, never less: no colour prefers ending the game
///   behind to playing on.
pub(crate) fn heuristic(pos: &Position) -> Returns {
    let mut values: Returns = [0.0; 4].into_iter().collect();
    if pos.rules().is_ludii() {
        let scores = pos.scores().map(f64::from);
        return ludii_values(&scores);
    }
    let material = Colour::ALL.map(|colour| f64::from(chaturaji_material(pos, colour)));
    for colour in Colour::ALL {
        let (mut mine, mut theirs) = (0.0, 0.0);
        for other in Colour::ALL {
            if friends(pos, colour, other) {
                mine += material[other.index()];
            } else {
                theirs += material[other.index()];
            }
        }
        let total = mine + theirs;
        if total > 0.0 {
            values[colour.index()] = (mine - theirs) / total;
        }
    }
    values
}

/// How much of what the colour to move could take next is counted in a
/// Ludii leaf's value ([`ludii_leaf`]), and how much of what each other
/// colour could take on its coming turn.
const NEXT_THREAT: f64 = 1.0;
/// See [`NEXT_THREAT`].
const LATER_THREAT: f64 = 0.5;

/// The value of a Ludii leaf for MCTS: the [`heuristic`] with the next
/// captures foreseen. Each colour's score is raised by what it could
/// expect to take if it rolled now ([`takes_by_face`], averaged over the
/// faces, or the face `roll` already shown for the colour to move): in
/// full for the colour to move, at half for the others, whose pieces
/// may have moved by their turn. A promotion choice waiting counts the
/// colour to move as one of the others.
pub(crate) fn ludii_leaf(pos: &Position, roll: Option<Roll>) -> Returns {
    let mut scores = pos.scores().map(f64::from);
    for colour in Colour::ALL {
        let takes = takes_by_face(pos, colour);
        let mean = f64::from(takes.iter().sum::<u32>()) / 4.0;
        let gain = if colour != pos.to_move() || pos.pending_promotion().is_some() {
            LATER_THREAT * mean
        } else if let Some(roll) = roll {
            let face = usize::from(roll.face() - Roll::ALL[0].face());
            NEXT_THREAT * f64::from(takes[face])
        } else {
            NEXT_THREAT * mean
        };
        scores[colour.index()] += gain;
    }
    ludii_values(&scores)
}

/// For each face of the die ([`Roll::ALL`] order), the value of the most
/// valuable enemy piece that a piece of `colour` the face lets move
/// attacks ([`Position::attackers`]): what `colour` could take if it
/// rolled that face now. Under the Ludii ruleset every piece may take
/// every enemy piece, so these are the best captures its moves would
/// offer. Nothing is allocated.
pub(crate) fn takes_by_face(pos: &Position, colour: Colour) -> [u32; 4] {
    let mut best = [0; 4];
    let mine = Roll::ALL.map(|face| {
        face.kinds()
            .iter()
            .fold(0u64, |bits, &kind| bits | pos.pieces(colour, kind).0)
    });
    for square in pos.occupied().iter() {
        let Some(victim) = pos.piece_at(square) else {
            continue;
        };
        if friends(pos, colour, victim.colour) {
            continue;
        }
        let value = victim.kind.value();
        if best.iter().all(|&b| b >= value) {
            continue;
        }
        let attackers = pos.attackers(colour, square).0;
        for (slot, bits) in best.iter_mut().zip(mine) {
            if value > *slot && attackers & bits != 0 {
                *slot = value;
            }
        }
    }
    best
}

/// The Ludii values of these scores (see [`heuristic`]).
fn ludii_values(scores: &[f64; 4]) -> Returns {
    let mut values: Returns = [0.0; 4].into_iter().collect();
    {
        for colour in Colour::ALL {
            let mine = scores[colour.index()];
            let best_other = Colour::ALL
                .iter()
                .filter(|&&other| other != colour)
                .map(|other| scores[other.index()])
                .fold(0.0, f64::max);
            let win = (1.0 + ((mine - best_other) / LUDII_SCORE_SCALE).tanh()) / 2.0;
            values[colour.index()] = win * LUDII_WIN + (1.0 - win) * LUDII_LOSS;
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaturaji::Rules;

    #[test]
    fn the_start_is_level() {
        let values = heuristic(&Position::start(Rules::default()));
        assert_eq!(values.as_slice(), &[0.0; 4]);
        // Under Ludii all four tie: each wins with chance 1/2 by the lead
        // (none), worth 1/2 - 1/6.
        let values = heuristic(&Position::start(Rules::ludii()));
        for value in &values {
            assert!((value - 1.0 / 3.0).abs() < 1e-12, "{values:?}");
        }
    }

    #[test]
    fn the_takes_by_face_are_the_best_captures_of_the_moves() {
        use crate::chaturaji::{play_seeded_game, Move};
        let mut checked = 0;
        for seed in 0..60 {
            let mut pos = Position::start(Rules::ludii());
            play_seeded_game(&mut pos, seed, (seed * 7 % 90) as u32 + 4, |_, _| {});
            if pos.is_over() || pos.pending_promotion().is_some() {
                continue;
            }
            let mover = pos.to_move();
            let takes = takes_by_face(&pos, mover);
            for (face, &take) in Roll::ALL.iter().zip(&takes) {
                let best = pos
                    .legal_moves(*face)
                    .iter()
                    .filter_map(|&mv| match mv {
                        Move::Normal { to, .. } | Move::Promotion { to, .. } => pos.piece_at(to),
                        _ => None,
                    })
                    .filter(|victim| victim.colour != mover)
                    .map(|victim| victim.kind.value())
                    .max()
                    .unwrap_or(0);
                assert_eq!(take, best, "seed {seed}, face {face}");
                checked += usize::from(best > 0);
            }
        }
        assert!(checked > 20, "only {checked} faces with a capture");
    }

    #[test]
    fn a_ludii_leaf_counts_the_capture_the_mover_is_offered() {
        // In a random game's position where the colour to move attacks
        // an enemy piece, the leaf values that colour above the plain
        // heuristic (which sees no score change yet), and more so when
        // the die already shows the face of its best capture.
        let mut pos = Position::start(Rules::ludii());
        let mut found = None;
        for seed in 0..400 {
            pos = Position::start(Rules::ludii());
            play_seeded_game_to_a_take(&mut pos, seed);
            let takes = takes_by_face(&pos, pos.to_move());
            if !pos.is_over() && pos.pending_promotion().is_none() && takes.iter().any(|&t| t > 0) {
                found = Some(takes);
                break;
            }
        }
        let takes = found.expect("a position with a capture on offer");
        let mover = pos.to_move().index();
        let plain = heuristic(&pos);
        let leaf = ludii_leaf(&pos, None);
        assert!(
            leaf[mover] > plain[mover],
            "{takes:?}: {leaf:?} against {plain:?}"
        );
        let best = *takes.iter().max().unwrap();
        let face = takes.iter().position(|&t| t == best).unwrap();
        let shown = ludii_leaf(&pos, Some(Roll::ALL[face]));
        assert!(shown[mover] > leaf[mover] || takes.iter().all(|&t| t == best));
    }

    /// Plays a seeded random game for a few dozen plies.
    fn play_seeded_game_to_a_take(pos: &mut Position, seed: u64) {
        crate::chaturaji::play_seeded_game(pos, seed, 20 + (seed % 40) as u32, |_, _| {});
    }

    #[test]
    fn a_ludii_game_far_behind_is_worth_a_loss() {
        // Green has taken 20 points, nobody else any: Green's value nears
        // a win's, the others' a loss's (-1/3), never below it.
        // Scores in the order Red, Black, Yellow, Green.
        let text = "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/\
                    6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB g 0,0,0,20 - 40";
        let pos = Position::from_text(text, Rules::ludii()).unwrap();
        let values = heuristic(&pos);
        for colour in Colour::ALL {
            let value = values[colour.index()];
            if colour == Colour::Green {
                assert!(value > 0.95, "{values:?}");
            } else {
                assert!((-1.0 / 3.0..-0.3).contains(&value), "{values:?}");
            }
        }
    }
}
