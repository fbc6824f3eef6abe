//! Chaturaji material and the heuristic value of an unfinished game.
//!
//! Pieces are valued by the Ludii ruleset's capture scores, which are also
//! a fair measure of their strength under the sheet's rules: pawn 1, boat
//! 2, horse 3, elephant 4, raja 5 ([`PieceKind::value`]).

use crate::chaturaji::{Colour, PieceKind, Position};
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
