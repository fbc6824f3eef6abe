//! Agents named by a spec string: a kind (`random`, `greedy`, `mcts`,
//! `alphabeta`, `expectimax`) and, for the searching kinds, an optional
//! budget that becomes the agent's default [`Limit`]: `mcts:<iterations>`,
//! `alphabeta:<depth>`, `expectimax:<depth>`, time budgets `<kind>:<ms>ms`,
//! and the node budget `alphabeta:<n>nodes`.
//!
//! The bounds here are the bounds of every way to make an agent (the C
//! ABI's `kc_agent_new` goes through this parser too), and an error
//! message quotes what it was given through the library's excerpt rule (a
//! few characters, control characters escaped), however long the spec.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use crate::error::excerpt;
use crate::game::{AnyGame, Chaturaji, Kaissa};

use super::any_agent::OnAnyGame;
use super::expectimax::MAX_EXPECTIMAX_DEPTH;
use super::{
    Agent, AgentGame, AlphaBeta, AlphaBetaConfig, Expectimax, GreedyAgent, Limit, Mcts, MctsConfig,
    RandomAgent,
};

/// The most MCTS iterations a spec may ask for per move.
const MAX_ITERATIONS: u64 = MAX_NODES;
/// The most alpha-beta nodes a spec may ask for per move.
const MAX_NODES: u64 = super::MAX_NODES;
/// The deepest alpha-beta search a spec may ask for.
const MAX_DEPTH: u64 = super::MAX_DEPTH as u64;
/// The deepest expectimax search of Merchant Kaissa: it does not prune,
/// and Kaissa's 40 to 100 moves a ply make each ply cost that much more
/// (BENCHMARKS.md, "Expectimax depth in Kaissa").
const MAX_KAISSA_EXPECTIMAX_DEPTH: u32 = 3;
/// The longest time budget a spec may ask for: one hour.
const MAX_MILLIS: u64 = super::MAX_MOVE_TIME.as_secs() * 1000;

/// What went wrong with an agent spec. Its text says what was expected.
///
/// ```
/// use kaissa_chaturaji::agents::{AgentSpec, SpecError};
/// let err = "mcts:lots".parse::<AgentSpec>().unwrap_err();
/// assert!(matches!(err, SpecError::BadBudget { .. }));
/// assert!(err.to_string().contains("mcts:<iterations>"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The spec is empty.
    #[error("empty agent spec: expected {EXPECTED}")]
    Empty,
    /// The part before `:` names no agent.
    #[error("unknown agent '{}': expected {EXPECTED}", excerpt(.kind))]
    UnknownKind {
        /// The name given.
        kind: String,
    },
    /// An agent without a budget was given one.
    #[error("'{kind}' takes no budget (got ':{}')", excerpt(.budget))]
    UnexpectedBudget {
        /// The agent's name.
        kind: String,
        /// The budget given.
        budget: String,
    },
    /// The budget is not a number in range (or `<ms>ms`).
    #[error("bad budget '{}' for {kind}: {usage}", excerpt(.budget))]
    BadBudget {
        /// The agent's name.
        kind: String,
        /// The budget given.
        budget: String,
        /// What is accepted.
        usage: &'static str,
    },
    /// The agent does not play this game.
    #[error("'{spec}' does not play {game}: {reason}")]
    NotForGame {
        /// The spec.
        spec: String,
        /// The game's name.
        game: &'static str,
        /// Why.
        reason: &'static str,
    },
}

/// The agents a spec may name, for error messages.
const EXPECTED: &str = "random, greedy, mcts, alphabeta or expectimax, the last three with an \
                        optional budget (mcts:<iterations>, alphabeta:<depth>, \
                        expectimax:<depth>, <kind>:<ms>ms, alphabeta:<n>nodes)";
const MCTS_USAGE: &str = "mcts, mcts:<iterations> (1 to 1000000000) or mcts:<ms>ms (1 to 3600000)";
const ALPHABETA_USAGE: &str = "alphabeta, alphabeta:<depth> (1 to 95), alphabeta:<ms>ms \
                               (1 to 3600000) or alphabeta:<n>nodes (1 to 1000000000)";
const EXPECTIMAX_USAGE: &str = "expectimax, expectimax:<depth> (1 to 8; 1 to 3 for Merchant \
                                Kaissa) or expectimax:<ms>ms (1 to 3600000)";

/// A kind of agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AgentKind {
    /// [`RandomAgent`].
    Random,
    /// [`GreedyAgent`].
    Greedy,
    /// [`Mcts`].
    Mcts,
    /// [`AlphaBeta`] (Merchant Kaissa).
    AlphaBeta,
    /// [`Expectimax`].
    Expectimax,
}

impl AgentKind {
    /// The kind's word in a spec.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
            AgentKind::Greedy => "greedy",
            AgentKind::Mcts => "mcts",
            AgentKind::AlphaBeta => "alphabeta",
            AgentKind::Expectimax => "expectimax",
        }
    }
}

/// An agent kind and its budget, as a spec string names it:
///
/// | spec | agent |
/// |---|---|
/// | `random` | [`RandomAgent`] |
/// | `greedy` | [`GreedyAgent`] |
/// | `mcts`, `mcts:<iterations>`, `mcts:<ms>ms` | [`Mcts`] with that many iterations, or that much time, per move |
/// | `alphabeta`, `alphabeta:<depth>`, `alphabeta:<ms>ms`, `alphabeta:<n>nodes` | [`AlphaBeta`] to that depth, or for that time or that many nodes, per move (Kaissa only) |
/// | `expectimax`, `expectimax:<depth>`, `expectimax:<ms>ms` | [`Expectimax`] to that depth (1 to 8; Kaissa: 1 to 3), or deepening for that time |
///
/// The budget becomes the agent's default [`Limit`]: what
/// [`Agent::choose`] thinks within, and what [`Agent::think`] falls back
/// to when its caller's limit gives no bound. A bare kind has no budget:
/// the caller's limit decides (with none,
/// [`DEFAULT_MOVE_TIME`](super::DEFAULT_MOVE_TIME)). `Display` writes the
/// spec back.
///
/// ```
/// use kaissa_chaturaji::agents::{AgentKind, AgentSpec, Limit};
/// let spec: AgentSpec = "mcts:500".parse()?;
/// assert_eq!(spec.to_string(), "mcts:500");
/// assert_eq!((spec.kind(), spec.budget()), (AgentKind::Mcts, &Limit::nodes(500)));
/// assert_eq!("alphabeta:250ms".parse::<AgentSpec>()?.to_string(), "alphabeta:250ms");
/// assert!("alphabeta".parse::<AgentSpec>()?.budget().is_unbounded());
/// assert!("random:3".parse::<AgentSpec>().is_err());
/// # Ok::<(), kaissa_chaturaji::agents::SpecError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AgentSpec {
    kind: AgentKind,
    budget: Limit,
    memory: Option<u64>,
}

/// A budget: a count, milliseconds, or nodes.
enum Budget {
    Count(u64),
    Millis(u64),
    Nodes(u64),
}

/// Reads `<n>` (1 to `max_count`), `<ms>ms` (1 to an hour) or, where
/// `nodes` allows it, `<n>nodes` (1 to [`MAX_NODES`]).
fn budget(
    kind: &str,
    text: &str,
    max_count: u64,
    nodes: bool,
    usage: &'static str,
) -> Result<Budget, SpecError> {
    let bad = || SpecError::BadBudget {
        kind: kind.to_string(),
        budget: text.to_string(),
        usage,
    };
    let (digits, unit, max): (_, fn(u64) -> Budget, _) =
        if let Some(digits) = text.strip_suffix("nodes").filter(|_| nodes) {
            (digits, Budget::Nodes, MAX_NODES)
        } else if let Some(digits) = text.strip_suffix("ms") {
            (digits, Budget::Millis, MAX_MILLIS)
        } else {
            (text, Budget::Count, max_count)
        };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let value: u64 = digits.parse().map_err(|_| bad())?;
    if value == 0 || value > max {
        return Err(bad());
    }
    Ok(unit(value))
}

/// The spec text of an agent of `kind` with this budget: the kind alone
/// when the budget gives no bound, else its first bound (depth, nodes,
/// time).
pub(super) fn spec_text(kind: &str, budget: &Limit) -> String {
    match (budget.depth, budget.nodes, budget.time) {
        (Some(depth), _, _) => format!("{kind}:{depth}"),
        (None, Some(nodes), _) if kind == "alphabeta" => format!("{kind}:{nodes}nodes"),
        (None, Some(nodes), _) => format!("{kind}:{nodes}"),
        (None, None, Some(time)) => format!("{kind}:{}ms", time.as_millis()),
        (None, None, None) => kind.to_string(),
    }
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<AgentSpec, SpecError> {
        if text.is_empty() {
            return Err(SpecError::Empty);
        }
        let (word, budget_text) = match text.split_once(':') {
            Some((word, budget)) => (word, Some(budget)),
            None => (text, None),
        };
        let (kind, max_count, nodes, usage) = match word {
            "random" => (AgentKind::Random, 0, false, ""),
            "greedy" => (AgentKind::Greedy, 0, false, ""),
            "mcts" => (AgentKind::Mcts, MAX_ITERATIONS, false, MCTS_USAGE),
            "alphabeta" => (AgentKind::AlphaBeta, MAX_DEPTH, true, ALPHABETA_USAGE),
            "expectimax" => (
                AgentKind::Expectimax,
                u64::from(MAX_EXPECTIMAX_DEPTH),
                false,
                EXPECTIMAX_USAGE,
            ),
            _ => {
                return Err(SpecError::UnknownKind {
                    kind: word.to_string(),
                })
            }
        };
        let budget = match budget_text {
            None => Limit::default(),
            Some(text) if usage.is_empty() => {
                return Err(SpecError::UnexpectedBudget {
                    kind: word.to_string(),
                    budget: text.to_string(),
                })
            }
            Some(text) => match budget(word, text, max_count, nodes, usage)? {
                Budget::Count(n) if kind == AgentKind::Mcts => Limit::nodes(n),
                Budget::Count(depth) => Limit::depth(depth as u32),
                Budget::Millis(ms) => Limit::time(Duration::from_millis(ms)),
                Budget::Nodes(n) => Limit::nodes(n),
            },
        };
        Ok(AgentSpec::new(kind, budget))
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&spec_text(self.kind.word(), &self.budget))
    }
}

impl AgentSpec {
    /// An agent of `kind` with `budget` as its default limit (its stop
    /// flag, if any, is not kept: give one to each [`Agent::think`]).
    #[must_use]
    pub fn new(kind: AgentKind, budget: Limit) -> AgentSpec {
        AgentSpec {
            kind,
            budget: Limit {
                stop: None,
                ..budget
            },
            memory: None,
        }
    }

    /// The kind of agent.
    #[must_use]
    pub fn kind(&self) -> AgentKind {
        self.kind
    }

    /// The budget: the agent's default limit.
    #[must_use]
    pub fn budget(&self) -> &Limit {
        &self.budget
    }

    /// The same spec whose agent keeps its tables in about `bytes` of
    /// memory: alpha-beta's transposition table, the MCTS tree (the
    /// engine's `Hash`). Without it, each agent's default.
    #[must_use]
    pub fn with_memory(mut self, bytes: u64) -> AgentSpec {
        self.memory = Some(bytes);
        self
    }

    /// The agents written once for every [`AgentGame`]; `None` for the
    /// game-specific ones.
    fn generic<G>(&self, seed: u64, max_depth: u32) -> Option<Box<dyn Agent<G> + Send>>
    where
        G: AgentGame + Send + 'static,
        G::Action: Send,
    {
        let budget = self.budget.clone();
        Some(match self.kind {
            AgentKind::Random => Box::new(RandomAgent::new(seed)),
            AgentKind::Greedy => Box::new(GreedyAgent::new(seed)),
            AgentKind::Mcts => {
                let mut config = MctsConfig::default();
                if let Some(bytes) = self.memory {
                    config = config.with_max_nodes(Mcts::<G>::nodes_in(bytes));
                }
                Box::new(Mcts::<G>::new(config, seed).with_budget(budget))
            }
            AgentKind::Expectimax => Box::new(
                Expectimax::new(seed)
                    .with_max_depth(max_depth)
                    .with_budget(budget),
            ),
            AgentKind::AlphaBeta => return None,
        })
    }

    /// The agent for Merchant Kaissa, seeded with `seed`. Every kind
    /// plays Kaissa; expectimax only to depth 3, as it does not prune
    /// (deeper, one move would take minutes to days).
    ///
    /// # Errors
    /// [`SpecError::NotForGame`] for an expectimax budget deeper than 3.
    ///
    /// ```
    /// use kaissa_chaturaji::agents::{Agent, AgentSpec, SpecError};
    /// let agent = "greedy".parse::<AgentSpec>()?.kaissa_agent(1)?;
    /// assert_eq!(agent.name(), "greedy");
    /// let err = "expectimax:8".parse::<AgentSpec>()?.kaissa_agent(1).err().unwrap();
    /// assert!(matches!(err, SpecError::NotForGame { .. }));
    /// # Ok::<(), SpecError>(())
    /// ```
    pub fn kaissa_agent(&self, seed: u64) -> Result<Box<dyn Agent<Kaissa> + Send>, SpecError> {
        match self.kind {
            AgentKind::AlphaBeta => {
                let config = self
                    .memory
                    .map_or_else(AlphaBetaConfig::default, AlphaBetaConfig::for_memory);
                return Ok(Box::new(
                    AlphaBeta::new(config).with_budget(self.budget.clone()),
                ));
            }
            AgentKind::Expectimax
                if self
                    .budget
                    .depth
                    .is_some_and(|depth| depth > MAX_KAISSA_EXPECTIMAX_DEPTH) =>
            {
                return Err(SpecError::NotForGame {
                    spec: self.to_string(),
                    game: "kaissa",
                    reason: "expectimax searches Merchant Kaissa to depth 3 at most \
                             (it does not prune: use alphabeta for deeper searches)",
                });
            }
            _ => {}
        }
        self.generic(seed, MAX_KAISSA_EXPECTIMAX_DEPTH)
            .ok_or_else(|| SpecError::NotForGame {
                spec: self.to_string(),
                game: "kaissa",
                reason: "no such agent",
            })
    }

    /// The agent for Chaturaji, seeded with `seed`; alpha-beta is not one
    /// (the die makes it a game of chance: use `mcts` or `expectimax`).
    ///
    /// # Errors
    /// [`SpecError::NotForGame`] for alpha-beta.
    ///
    /// ```
    /// use kaissa_chaturaji::agents::{Agent, AgentSpec, SpecError};
    /// let agent = "mcts:100".parse::<AgentSpec>()?.chaturaji_agent(1)?;
    /// assert_eq!(agent.name(), "mcts:100");
    /// let err = "alphabeta:2".parse::<AgentSpec>()?.chaturaji_agent(1).err().unwrap();
    /// assert!(matches!(err, SpecError::NotForGame { .. }));
    /// # Ok::<(), SpecError>(())
    /// ```
    pub fn chaturaji_agent(
        &self,
        seed: u64,
    ) -> Result<Box<dyn Agent<Chaturaji> + Send>, SpecError> {
        self.generic(seed, MAX_EXPECTIMAX_DEPTH)
            .ok_or_else(|| SpecError::NotForGame {
                spec: self.to_string(),
                game: "chaturaji",
                reason: "alpha-beta plays Merchant Kaissa only \
                         (Chaturaji's die needs mcts or expectimax)",
            })
    }

    /// The agent for games of `game`'s kind (Merchant Kaissa or
    /// Chaturaji), as an agent of [`AnyGame`]: it dispatches once per move
    /// to [`AgentSpec::kaissa_agent`] or [`AgentSpec::chaturaji_agent`]'s
    /// agent, and chooses nothing in a game of the other kind.
    ///
    /// # Errors
    /// As [`AgentSpec::kaissa_agent`] and [`AgentSpec::chaturaji_agent`].
    ///
    /// ```
    /// use kaissa_chaturaji::agents::{Agent, AgentSpec};
    /// use kaissa_chaturaji::game::{AnyGame, Game};
    /// let game = AnyGame::kaissa();
    /// let mut agent = "alphabeta:2".parse::<AgentSpec>()?.any_agent(&game, 1)?;
    /// let action = agent.choose(&game).expect("the start has moves");
    /// assert!(game.legal_actions().contains(&action));
    /// let chaturaji = AnyGame::chaturaji(Default::default());
    /// assert!("alphabeta:2".parse::<AgentSpec>()?.any_agent(&chaturaji, 1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn any_agent(
        &self,
        game: &AnyGame,
        seed: u64,
    ) -> Result<Box<dyn Agent<AnyGame> + Send>, SpecError> {
        Ok(match game {
            AnyGame::Kaissa(_) => Box::new(OnAnyGame {
                agent: self.kaissa_agent(seed)?,
            }),
            AnyGame::Chaturaji(_) => Box::new(OnAnyGame {
                agent: self.chaturaji_agent(seed)?,
            }),
        })
    }
}
