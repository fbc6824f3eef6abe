//! Expectimax to a fixed depth, one value per player (max^n): the
//! full-width search for games of chance.

use crate::game::{Actor, Returns};
use crate::random::{RandomSource, SplitMix64};

use super::clock::Instant;
use super::thought::win_rate_score;
use super::{Agent, AgentGame, Limit, LimitError, StopFlag, Thought};

/// The deepest search of any game: it does not prune.
pub const MAX_EXPECTIMAX_DEPTH: u32 = 8;

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
/// It honours a depth (at most its [`Expectimax::max_depth`]), nodes, a
/// time, a clock, infinite and a stop flag. Given a depth alone it searches
/// that depth at once (deterministic for a seed); given a node count, a
/// time or no depth, it deepens one move at a time while the budget lasts,
/// and a depth cut short is dropped (unless it is the first).
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, Expectimax, Limit};
/// use kaissa_chaturaji::chaturaji::{Roll, Rules};
/// use kaissa_chaturaji::game::{self, ChaturajiStep, Game};
/// let mut game = game::chaturaji(Rules::default());
/// game.apply(ChaturajiStep::Roll(Roll::new(5).unwrap()))?;
/// let mut agent = Expectimax::new(1);
/// let thought = agent.think(&game, &Limit::depth(2), &mut |_| {});
/// assert_eq!(thought.depth, 2);
/// assert!(game.legal_actions().contains(&thought.best.unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Expectimax {
    max_depth: u32,
    rng: SplitMix64,
    name: String,
    /// The budget of a move when the caller's [`Limit`] gives none.
    budget: Limit,
    /// The search under way: its stop flag, deadline, node limit, the
    /// nodes so far, and whether a bound cut it short.
    stop: Option<StopFlag>,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    nodes: u64,
    cut: bool,
}

impl Expectimax {
    /// A searcher seeded with `seed` for its choice among equals, to
    /// [`MAX_EXPECTIMAX_DEPTH`] moves at most.
    #[must_use]
    pub fn new(seed: u64) -> Expectimax {
        Expectimax {
            max_depth: MAX_EXPECTIMAX_DEPTH,
            rng: SplitMix64::new(seed),
            name: "expectimax".to_string(),
            budget: Limit::default(),
            stop: None,
            deadline: None,
            node_limit: None,
            nodes: 0,
            cut: false,
        }
    }

    /// The same searcher with `budget` as the limit of a move the caller
    /// gives no bound for ([`Limit::or`]); its name becomes the spec with
    /// that budget (`expectimax:3`).
    #[must_use]
    pub fn with_budget(mut self, budget: Limit) -> Expectimax {
        self.name = super::spec::spec_text("expectimax", &budget);
        self.budget = budget;
        self
    }

    /// The same searcher refusing depths beyond `depth` (at least 1, at
    /// most [`MAX_EXPECTIMAX_DEPTH`]): a game of many moves a ply makes
    /// each ply cost that much more.
    #[must_use]
    pub fn with_max_depth(mut self, depth: u32) -> Expectimax {
        self.max_depth = depth.clamp(1, MAX_EXPECTIMAX_DEPTH);
        self
    }

    /// The deepest search it accepts.
    #[must_use]
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Counts a node; true when a bound says stop (the lines not searched
    /// yet are then valued by the heuristic).
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if !self.cut {
            self.cut = self.node_limit.is_some_and(|most| self.nodes > most)
                || self.stop.as_ref().is_some_and(StopFlag::is_raised)
                || (self.nodes & 255 == 0
                    && self
                        .deadline
                        .is_some_and(|deadline| Instant::now() >= deadline));
        }
        self.cut
    }

    /// The values of `game` searched `depth` moves deep.
    fn value<G: AgentGame>(&mut self, game: &mut G, depth: u32) -> Returns {
        let cut = self.out_of_budget();
        match game.actor() {
            Actor::Over => game.returns(),
            _ if depth == 0 || cut => game.heuristic(),
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

    /// The root search of `game` (player `player` to move) to `depth`:
    /// the best action (equals drawn at random) and its value.
    fn root<G: AgentGame>(
        &mut self,
        game: &G,
        player: usize,
        actions: &[G::Action],
        depth: u32,
    ) -> (Option<G::Action>, f64) {
        let mut scratch = game.clone();
        let mut best = f64::NEG_INFINITY;
        let mut chosen = None;
        let mut ties = 0;
        for &action in actions {
            let undo = scratch.apply_unchecked(action);
            let values = self.value(&mut scratch, depth - 1);
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
        (chosen, best)
    }
}

impl<G: AgentGame> Agent<G> for Expectimax {
    fn think(
        &mut self,
        game: &G,
        limit: &Limit,
        progress: &mut dyn FnMut(&Thought<G::Action>),
    ) -> Thought<G::Action> {
        let start = Instant::now();
        let Actor::Player(player) = game.actor() else {
            return Thought::default();
        };
        let actions = game.legal_actions();
        if let [only] = actions.as_ref() {
            return Thought::chosen(Some(*only));
        }
        let limit = limit.or(&self.budget);
        self.stop.clone_from(&limit.stop);
        self.deadline = limit.move_time().map(|time| start + time);
        self.node_limit = limit.nodes;
        self.nodes = 0;
        self.cut = false;
        let last = limit
            .depth
            .map_or(self.max_depth, |depth| depth.clamp(1, self.max_depth));
        let first = if limit.depth.is_some() && self.deadline.is_none() && limit.nodes.is_none() {
            last
        } else {
            1
        };
        let mut thought = Thought::default();
        for depth in first..=last {
            let (choice, value) = self.root(game, player, actions.as_ref(), depth);
            if self.cut && thought.best.is_some() {
                break;
            }
            thought = Thought::chosen(choice);
            thought.score = win_rate_score((value + 1.0) / 2.0);
            thought.depth = depth;
            thought.nodes = self.nodes;
            thought.elapsed = start.elapsed();
            progress(&thought);
            if self.cut {
                break;
            }
        }
        thought.nodes = self.nodes;
        thought.elapsed = start.elapsed();
        thought
    }

    fn check(&self, limit: &Limit) -> Result<(), LimitError> {
        match limit.depth {
            Some(depth) if depth > self.max_depth => Err(LimitError {
                agent: self.name.clone(),
                reason: if self.max_depth < MAX_EXPECTIMAX_DEPTH {
                    "too deep for this game: expectimax does not prune (use alphabeta or a depth of 3 at most)"
                } else {
                    "expectimax searches 8 moves deep at most: it does not prune"
                },
            }),
            _ => Ok(()),
        }
    }

    fn name(&self) -> &str {
        &self.name
    }
}
