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
//! | agent | games | strength knob | deterministic |
//! |---|---|---|---|
//! | [`RandomAgent`] | both | none | for a seed |
//! | [`GreedyAgent`] | both | none | for a seed |
//! | [`Mcts`] | both | iterations or time | for a seed and an iteration budget |
//! | [`AlphaBeta`] | Kaissa | depth, nodes or time | for a depth or node budget |
//! | [`Expectimax`] | both (meant for Chaturaji) | depth | for a seed |
//!
//! An agent chooses at player nodes only: at a chance node (Chaturaji's
//! die) and when the game is over, [`Agent::choose`] returns `None`; the
//! application rolls the die (a [`DiceRoller`](crate::chaturaji::DiceRoller)
//! or a physical one).
//!
//! Agents are built from a spec string ([`AgentSpec`]): `random`,
//! `greedy`, `mcts:<iterations>` (or `mcts:<ms>ms` for a time budget),
//! `alphabeta:<depth>` (or `alphabeta:<ms>ms`, `alphabeta:<n>nodes`,
//! Kaissa only), `expectimax:<depth>` (Kaissa: depth 3 at most). For a
//! game of either kind, [`AgentSpec::any_agent`] makes an
//! `Agent<AnyGame>`.
//!
//! ```
//! use kaissa_chaturaji::agents::{Agent, AgentSpec};
//! use kaissa_chaturaji::game::{self, Game};
//!
//! let spec: AgentSpec = "alphabeta:2".parse()?;
//! let mut agent = spec.kaissa_agent(7)?;
//! let mut game = game::kaissa();
//! let mv = agent.choose(&game).expect("the start has moves");
//! game.apply(mv)?;
//! assert!("mcts:0".parse::<AgentSpec>().is_err());
//! assert!("alphabeta:3".parse::<AgentSpec>()?.chaturaji_agent(1).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Threads
//! Every agent is `Send`: a GUI runs one in a worker thread and keeps its
//! window responsive. An agent is not shared between threads while it
//! thinks (`choose` takes `&mut self`).

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
mod kaissa_eval_terms;
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
pub use kaissa_eval_terms::{eval_terms, evaluate_with, EvalWeights, EVAL_TERMS, EVAL_TERM_NAMES};
pub use limit::{Clock, Limit, LimitError, DEFAULT_MOVE_TIME, MAX_MOVE_TIME};
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
