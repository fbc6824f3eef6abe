//! The random player: a legal action chosen uniformly.

use crate::game::{Actor, Game};
use crate::random::{RandomSource, SplitMix64};

use super::Agent;

/// Plays a legal action chosen uniformly at random: the baseline every
/// other agent is measured against. The same seed gives the same choices.
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, RandomAgent};
/// use kaissa_chaturaji::game::{self, Game};
/// let game = game::kaissa();
/// let a = RandomAgent::new(9).choose(&game);
/// assert_eq!(a, RandomAgent::new(9).choose(&game));
/// assert!(game.legal_actions().contains(&a.unwrap()));
/// ```
#[derive(Debug, Clone)]
pub struct RandomAgent {
    rng: SplitMix64,
}

impl RandomAgent {
    /// A random player seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: SplitMix64::new(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        if !matches!(game.actor(), Actor::Player(_)) {
            return None;
        }
        let actions = game.legal_actions();
        let actions = actions.as_ref();
        let index = self.rng.below(actions.len() as u64) as usize;
        actions.get(index).copied()
    }

    fn name(&self) -> &str {
        "random"
    }
}
