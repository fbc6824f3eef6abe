//! Expectimax to a fixed depth, one value per player (max^n): the
//! full-width search for games of chance.

use crate::game::{Actor, Returns};
use crate::random::{RandomSource, SplitMix64};

use super::{Agent, AgentGame, StopFlag};

/// Searches every line to `depth` moves (chance nodes, such as Chaturaji's
/// die, do not count): at a chance node the values of its outcomes are
/// averaged by their probabilities, at a player node the player takes the
/// child with the best value for itself (max^n: one value per player, so
/// four seats and alliances need nothing special), and at the depth the
/// game is valued by [`AgentGame::heuristic`]. Equally good moves at the
/// root are chosen between at random (seeded). No pruning: the cost grows
/// as the branching factor (moves times die faces) to the depth, so keep
/// the depth small (2 to 4 in Chaturaji).
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, Expectimax};
/// use kaissa_chaturaji::chaturaji::{Roll, Rules};
/// use kaissa_chaturaji::game::{self, ChaturajiStep, Game};
/// let mut game = game::chaturaji(Rules::default());
/// game.apply(ChaturajiStep::Roll(Roll::new(5).unwrap()))?;
/// let mut agent = Expectimax::new(2, 1);
/// let step = agent.choose(&game).unwrap();
/// assert!(game.legal_actions().contains(&step));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Expectimax {
    depth: u32,
    rng: SplitMix64,
    name: String,
    /// Raised from another thread to stop the search.
    stop: Option<StopFlag>,
}

impl Expectimax {
    /// A searcher to `depth` moves (at least 1), seeded with `seed` for
    /// its choice among equals.
    #[must_use]
    pub fn new(depth: u32, seed: u64) -> Expectimax {
        let depth = depth.max(1);
        Expectimax {
            depth,
            rng: SplitMix64::new(seed),
            name: format!("expectimax:{depth}"),
            stop: None,
        }
    }

    /// Cuts every later search short as soon as `stop` is raised: the
    /// lines not searched yet are valued by the heuristic, so a stopped
    /// search's choice is a rough one (search again, or to a smaller
    /// depth, for a sound one).
    pub fn set_stop(&mut self, stop: StopFlag) {
        self.stop = Some(stop);
    }

    /// Whether the search was asked to stop.
    fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(StopFlag::is_raised)
    }

    /// The values of `game` searched `depth` moves deep.
    fn value<G: AgentGame>(&self, game: &mut G, depth: u32) -> Returns {
        match game.actor() {
            Actor::Over => game.returns(),
            _ if depth == 0 || self.stopped() => game.heuristic(),
            Actor::Chance => {
                let mut total: Returns = (0..game.players()).map(|_| 0.0).collect();
                for (outcome, probability) in game.chance_outcomes() {
                    let undo = game.apply_unchecked(outcome);
                    let values = self.value(game, depth);
                    game.undo_unchecked(undo);
                    for (sum, value) in total.iter_mut().zip(&values) {
                        *sum += probability * value;
                    }
                }
                total
            }
            Actor::Player(player) => {
                let mut best: Option<Returns> = None;
                for action in game.legal_actions() {
                    let undo = game.apply_unchecked(action);
                    let values = self.value(game, depth - 1);
                    game.undo_unchecked(undo);
                    let better = best.as_ref().is_none_or(|best| {
                        values.get(player).copied().unwrap_or(0.0)
                            > best.get(player).copied().unwrap_or(0.0)
                    });
                    if better {
                        best = Some(values);
                    }
                }
                best.unwrap_or_else(|| game.heuristic())
            }
        }
    }
}

impl<G: AgentGame> Agent<G> for Expectimax {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let Actor::Player(player) = game.actor() else {
            return None;
        };
        let actions = game.legal_actions();
        if let [only] = actions.as_ref() {
            return Some(*only);
        }
        let mut scratch = game.clone();
        let mut best = f64::NEG_INFINITY;
        let mut chosen = None;
        let mut ties = 0;
        for &action in actions.as_ref() {
            let undo = scratch.apply_unchecked(action);
            let values = self.value(&mut scratch, self.depth - 1);
            scratch.undo_unchecked(undo);
            let value = values.get(player).copied().unwrap_or(0.0);
            if value > best + 1e-12 {
                best = value;
                chosen = Some(action);
                ties = 1;
            } else if (value - best).abs() <= 1e-12 {
                ties += 1;
                if self.rng.below(ties) == 0 {
                    chosen = Some(action);
                }
            }
        }
        chosen
    }

    fn name(&self) -> &str {
        &self.name
    }
}
