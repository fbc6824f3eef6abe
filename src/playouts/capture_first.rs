//! The capture-first policy: a capture whenever there is one.

use super::{Candidates, Choice, Policy};
use crate::chaturaji;
use crate::game::{Chaturaji, ChaturajiStep, Kaissa};
use crate::kaissa;
use crate::random::RandomSource;

/// A capture whenever there is one (chosen uniformly at random among the
/// captures), otherwise any move uniformly at random: the simplest policy
/// that plays better than chance, drawing only from the game's random
/// source (so the same seed gives the same games).
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::playouts::{CaptureFirst, Playouts};
/// let kaissa = Playouts::kaissa(7).with_policy(CaptureFirst).with_max_plies(2_000);
/// assert_eq!(kaissa.games(4), kaissa.games(4)); // the same games for the same seed
/// // Captures end Chaturaji games sooner than uniform moves do.
/// let greedy = Playouts::chaturaji(Rules::default(), 7).with_policy(CaptureFirst).games(20);
/// let uniform = Playouts::chaturaji(Rules::default(), 7).games(20);
/// assert!(greedy.plies < uniform.plies);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CaptureFirst;

impl Policy<Kaissa> for CaptureFirst {
    fn choose<'a>(
        &self,
        game: &Kaissa,
        moves: Candidates<'a, kaissa::Move>,
        rng: &mut dyn RandomSource,
    ) -> Choice<'a> {
        let captures = |mv: &kaissa::Move| game.position().piece_at(mv.to()).is_some();
        moves
            .uniform_where(captures, rng)
            .unwrap_or_else(|| moves.uniform(rng))
    }
}

impl Policy<Chaturaji> for CaptureFirst {
    fn choose<'a>(
        &self,
        game: &Chaturaji,
        moves: Candidates<'a, ChaturajiStep>,
        rng: &mut dyn RandomSource,
    ) -> Choice<'a> {
        let captures = |step: &ChaturajiStep| match *step {
            ChaturajiStep::Move(
                chaturaji::Move::Normal { to, .. } | chaturaji::Move::Promotion { to, .. },
            ) => game.position().piece_at(to).is_some(),
            _ => false,
        };
        moves
            .uniform_where(captures, rng)
            .unwrap_or_else(|| moves.uniform(rng))
    }
}
