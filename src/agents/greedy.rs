//! The greedy player: the best immediate capture.

use crate::game::Actor;
use crate::random::{RandomSource, SplitMix64};

use super::{Agent, AgentGame, Limit, Thought};

/// The agent's name, its spec.
const NAME: &str = "greedy";

/// Plays the action that captures the most, by
/// [`AgentGame::capture_value`] (Kaissa: the values of
/// [`piece_value`](super::piece_value), a Home Stone above all;
/// Chaturaji: the Ludii scores, pawn 1 to raja 5, a winning move above
/// all), choosing at random among equally good ones (so among all moves
/// when nothing can be captured). It looks no further: it does not see
/// what the opponent takes back.
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, GreedyAgent};
/// use kaissa_chaturaji::game::Kaissa;
/// use kaissa_chaturaji::kaissa::Position;
/// // The Builder on a2 can take a Spearman on a5 or the Red Home Stone on j2.
/// let pos: Position = "10/10/10/10/10/p9/10/10/B8h/4H5 y 20 -".parse()?;
/// let mv = GreedyAgent::new(1).choose(&Kaissa::new(pos)).unwrap();
/// assert_eq!(mv.to_string(), "a2j2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct GreedyAgent {
    rng: SplitMix64,
}

impl GreedyAgent {
    /// A greedy player seeded with `seed` (for its choice among equals).
    #[must_use]
    pub fn new(seed: u64) -> GreedyAgent {
        GreedyAgent {
            rng: SplitMix64::new(seed),
        }
    }
}

impl<G: AgentGame> Agent<G> for GreedyAgent {
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

impl GreedyAgent {
    /// One of `game`'s legal actions, or `None` away from a player node.
    fn pick<G: AgentGame>(&mut self, game: &G) -> Option<G::Action> {
        if !matches!(game.actor(), Actor::Player(_)) {
            return None;
        }
        let actions = game.legal_actions();
        let mut best = f64::NEG_INFINITY;
        let mut chosen = None;
        // Reservoir sampling among the best: each of the `ties` equally
        // good actions is kept with probability 1/ties.
        let mut ties = 0u64;
        for &action in actions.as_ref() {
            let value = game.capture_value(action);
            if value > best {
                best = value;
                chosen = Some(action);
                ties = 1;
            } else if value == best {
                ties += 1;
                if self.rng.below(ties) == 0 {
                    chosen = Some(action);
                }
            }
        }
        chosen
    }
}
