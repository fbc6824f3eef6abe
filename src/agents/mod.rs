//! Computer players for both games (feature `agents`): [`RandomAgent`],
//! [`GreedyAgent`], [`Mcts`] (UCT with chance nodes for the die),
//! [`AlphaBeta`] (Merchant Kaissa) and [`Expectimax`] (chance nodes
//! averaged, meant for Chaturaji), behind one [`Agent`] trait.
//!
//! The algorithms that do not depend on the game are written once, over
//! [`Game`] (the OpenSpiel-shaped trait of [`crate::game`]) plus the few
//! things an agent needs beyond the rules, gathered in [`AgentGame`]: the
//! value of what an action captures, a fast random playout, and a
//! heuristic value of an unfinished position. Both games implement it.
//!
//! | agent | games | limits it honours | deterministic |
//! |---|---|---|---|
//! | [`RandomAgent`] | both | any (it chooses at once) | for a seed |
//! | [`GreedyAgent`] | both | any (it chooses at once) | for a seed |
//! | [`Mcts`] | both | nodes (iterations), time, clock, infinite | for a seed and a node limit |
//! | [`AlphaBeta`] | Kaissa | depth, nodes, time, clock, infinite | for a depth or node limit |
//! | [`Expectimax`] | both (meant for Chaturaji) | depth, nodes, time, clock, infinite | for a seed and a depth |
//!
//! # One way to think
//! [`Agent::think`] thinks about a game within a [`Limit`] (a depth, a
//! node count, a time, a [`Clock`], infinite, and a [`StopFlag`] to end
//! it from another thread), calls a progress callback with each completed
//! iteration's [`Thought`] (best action, score, depth, nodes, time,
//! principal variation) and returns the last. [`Agent::check`] refuses a
//! bound an agent cannot honour (MCTS has no depth) rather than ignore
//! it. [`Agent::choose`] is `think` within the agent's own budget.
//!
//! An agent chooses at player nodes only: at a chance node (Chaturaji's
//! die) and when the game is over, it returns no action; the application
//! rolls the die (a [`DiceRoller`](crate::chaturaji::DiceRoller) or a
//! physical one). [`AnyGame::ready_to_choose`](crate::game::AnyGame::ready_to_choose)
//! applies a face rolled to a position given as text.
//!
//! Agents are built from a spec string ([`AgentSpec`]): a kind
//! (`random`, `greedy`, `mcts`, `alphabeta` for Kaissa, `expectimax`)
//! and, for the searching kinds, an optional budget that becomes the
//! agent's default limit: `mcts:<iterations>`, `alphabeta:<depth>`,
//! `expectimax:<depth>` (Kaissa: 3 at most), `<kind>:<ms>ms`,
//! `alphabeta:<n>nodes`. For a game of either kind,
//! [`AgentSpec::any_agent`] makes an `Agent<AnyGame>`.
//!
//! ```
//! use kaissa_chaturaji::agents::{Agent, AgentSpec, Limit, Thought};
//! use kaissa_chaturaji::game::{AnyGame, Game};
//!
//! let game = AnyGame::kaissa();
//! let mut agent = "alphabeta".parse::<AgentSpec>()?.any_agent(&game, 1)?;
//! let mut seen = 0;
//! let t = agent.think(&game, &Limit::depth(3), &mut |_: &Thought<_>| seen += 1);
//! assert!(game.legal_actions().contains(&t.best.unwrap()) && seen >= 1 && t.depth >= 3);
//!
//! // A spec's budget is the agent's own: `choose` thinks within it.
//! let mut two_plies = "alphabeta:2".parse::<AgentSpec>()?.any_agent(&game, 7)?;
//! let mut game = game;
//! let mv = two_plies.choose(&game).expect("the start has moves");
//! game.apply(mv)?;
//! assert!("mcts:0".parse::<AgentSpec>().is_err());
//! assert!("alphabeta:3".parse::<AgentSpec>()?.chaturaji_agent(1).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Threads
//! Every agent is `Send`: a GUI runs one in a worker thread and keeps its
//! window responsive, raising the limit's [`StopFlag`] to end a search.
//! An agent is not shared between threads while it thinks (`think` takes
//! `&mut self`).

use crate::game::Game;

mod agent_game;
mod alphabeta;
mod any_agent;
mod chaturaji_eval;
mod clock;
mod expectimax;
mod greedy;
mod greedy_rollout;
mod kaissa_eval;
mod limit;
mod mcts;
mod random;
mod spec;
mod stop;
mod thought;

pub use agent_game::AgentGame;
pub use alphabeta::{AlphaBeta, AlphaBetaConfig};
pub use chaturaji_eval::chaturaji_material;
#[cfg(target_arch = "wasm32")]
pub use clock::set_clock;
pub use expectimax::{Expectimax, MAX_EXPECTIMAX_DEPTH};
pub use greedy::GreedyAgent;
pub use kaissa_eval::{evaluate, piece_value, MATE};
pub use limit::{Clock, Limit, LimitError, DEFAULT_MOVE_TIME, MAX_DEPTH, MAX_MOVE_TIME, MAX_NODES};
pub use mcts::{Mcts, MctsConfig};
pub use random::RandomAgent;
pub use spec::{AgentKind, AgentSpec, SpecError};
pub use stop::StopFlag;
pub use thought::{Thought, MAX_LINE};

/// A player: given a game at a player node, thinks within a [`Limit`] and
/// chooses one of its legal actions.
///
/// [`Agent::think`] is the one way to think: it reports each completed
/// iteration to `progress` and returns the last [`Thought`];
/// [`Agent::choose`] is `think` with the agent's own budget.
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, AgentSpec, Limit, Thought};
/// use kaissa_chaturaji::game::{AnyGame, Game};
/// let game = AnyGame::kaissa();
/// let mut agent = "alphabeta".parse::<AgentSpec>()?.any_agent(&game, 1)?;
/// let mut seen = 0;
/// let t = agent.think(&game, &Limit::depth(3), &mut |_: &Thought<_>| seen += 1);
/// assert!(game.legal_actions().contains(&t.best.unwrap()) && seen >= 1 && t.depth >= 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// At a chance node (Chaturaji's die) and when the game is over an agent
/// chooses nothing:
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, RandomAgent};
/// use kaissa_chaturaji::chaturaji::{Roll, Rules};
/// use kaissa_chaturaji::game::{self, ChaturajiStep, Game};
///
/// let mut agent = RandomAgent::new(3);
/// let mut game = game::chaturaji(Rules::default());
/// assert_eq!(agent.choose(&game), None); // the die is not the agent's
/// game.apply(ChaturajiStep::Roll(Roll::new(5).unwrap()))?;
/// let step = agent.choose(&game).expect("a move for the 5");
/// assert!(game.legal_actions().contains(&step));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Agent<G: Game> {
    /// Thinks about `game` within `limit` (or, when `limit` gives no
    /// bound, the agent's own budget: [`Limit::or`]), calls `progress`
    /// with each completed iteration's [`Thought`], and returns the last
    /// one, whose `best` is one of `game`'s legal actions; `best` is
    /// `None` when `game` is not at a player node. A bound the agent
    /// cannot honour ([`Agent::check`]) is left out; the others apply.
    fn think(
        &mut self,
        game: &G,
        limit: &Limit,
        progress: &mut dyn FnMut(&Thought<G::Action>),
    ) -> Thought<G::Action>;

    /// Whether the agent honours every bound of `limit`: an error names
    /// the one it cannot (MCTS has no depth; expectimax counts no nodes).
    ///
    /// # Errors
    /// [`LimitError`] naming the agent and the bound.
    fn check(&self, limit: &Limit) -> Result<(), LimitError> {
        let _ = limit;
        Ok(())
    }

    /// One of `game`'s legal actions, chosen within the agent's own
    /// budget, or `None` when `game` is not at a player node (a chance
    /// node, or the game is over).
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        self.think(game, &Limit::default(), &mut |_| {}).best
    }

    /// The agent's spec (`random`, `mcts:500`, …): its kind and budget.
    fn name(&self) -> &str;

    /// Forgets what the agent kept between moves (a search tree, a
    /// transposition table), as before a new game. Its random stream goes
    /// on (so a new game is not a replay of the last).
    fn reset(&mut self) {}
}

impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for Box<A> {
    fn think(
        &mut self,
        game: &G,
        limit: &Limit,
        progress: &mut dyn FnMut(&Thought<G::Action>),
    ) -> Thought<G::Action> {
        (**self).think(game, limit, progress)
    }

    fn check(&self, limit: &Limit) -> Result<(), LimitError> {
        (**self).check(limit)
    }

    fn choose(&mut self, game: &G) -> Option<G::Action> {
        (**self).choose(game)
    }

    fn name(&self) -> &str {
        (**self).name()
    }

    fn reset(&mut self) {
        (**self).reset();
    }
}
