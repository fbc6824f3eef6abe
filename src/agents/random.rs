//! The random player: a legal action chosen uniformly.

use crate::game::{Actor, Game};
use crate::random::{RandomSource, SplitMix64};

use super::{Agent, Limit, Thought};

/// The agent's name, its spec.
const NAME: &str = "random";

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
    /// Honours every limit: it chooses at once.
    fn think(
        &mut self,
        game: &G,
        _limit: &Limit,
        progress: &mut dyn FnMut(&Thought<G::Action>),
    ) -> Thought<G::Action> {
        Thought::at_once(|| self.pick(game), progress)
    }

    fn name(&self) -> &str {
        NAME
    }
}

impl RandomAgent {
    /// One of `game`'s legal actions, or `None` away from a player node.
    fn pick<G: Game>(&mut self, game: &G) -> Option<G::Action> {
        if !matches!(game.actor(), Actor::Player(_)) {
            return None;
        }
        let actions = game.legal_actions();
        let actions = actions.as_ref();
        let index = self.rng.below(actions.len() as u64) as usize;
        actions.get(index).copied()
    }
}
