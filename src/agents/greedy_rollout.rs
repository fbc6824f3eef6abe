//! Capture-biased rollouts for Chaturaji: at each move the best capture,
//! with some probability, else a uniform legal move. Random play gives
//! material away at every turn, so the values of uniform rollouts say
//! little about the position; playouts that take what they are offered
//! are closer to real games.

use crate::chaturaji::{self, Move, Position};
use crate::game::{Chaturaji, Game, Returns};
use crate::random::{RandomSource, SplitMix64};

use super::chaturaji_eval;

/// What `mv` takes in `pos`: the value of the piece on its target square
/// when an enemy of the mover stands there, else 0.
fn taken(pos: &Position, mv: Move) -> u32 {
    let (Move::Normal { to, .. } | Move::Promotion { to, .. }) = mv else {
        return 0;
    };
    let mover = pos.to_move();
    pos.piece_at(to)
        .filter(|victim| !pos.rules().friends(mover, victim.colour))
        .map_or(0, |victim| victim.kind.value())
}

/// Plays `game` on (a copy) for at most `max_plies` moves: every move the
/// best capture with probability `greed` when there is one, else a
/// uniform legal move; fair die rolls. Returns the returns at the end, or
/// the heuristic where the cap stopped it.
pub(super) fn chaturaji_rollout(
    game: &Chaturaji,
    rng: &mut SplitMix64,
    max_plies: u32,
    greed: f64,
) -> Returns {
    let mut pos = game.position().clone();
    let mut roll = game.pending_roll();
    // `greed` as a threshold on 32 random bits.
    let threshold = (greed.clamp(0.0, 1.0) * f64::from(u32::MAX)) as u64;
    for _ in 0..max_plies {
        if pos.is_over() {
            break;
        }
        // A Ludii promotion decision is made without a roll.
        let this_roll = match roll.take() {
            Some(roll) => roll,
            None if pos.pending_promotion().is_some() => chaturaji::Roll::ALL[0],
            None => chaturaji::roll_with(rng),
        };
        let moves = pos.legal_moves(this_roll);
        let Some(&first) = moves.first() else {
            break;
        };
        let mut best = first;
        let mut best_value = taken(&pos, first);
        for &mv in &moves[1..] {
            let value = taken(&pos, mv);
            if value > best_value {
                best = mv;
                best_value = value;
            }
        }
        let greedy = best_value > 0 && (rng.next_u64() >> 32) < threshold;
        let mv = if greedy {
            best
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        pos.play_unchecked(mv);
    }
    if pos.is_over() {
        Chaturaji::new(pos).returns()
    } else {
        chaturaji_eval::heuristic(&pos)
    }
}
