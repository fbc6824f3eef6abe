//! Agents named by a spec string: `random`, `greedy`, `mcts:<iterations>`,
//! `alphabeta:<depth>`, `expectimax:<depth>`, time budgets `mcts:<ms>ms`,
//! `alphabeta:<ms>ms`, and the node budget `alphabeta:<n>nodes`.
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
use super::{
    Agent, AgentGame, AlphaBeta, AlphaBetaConfig, Expectimax, GreedyAgent, Mcts, MctsConfig,
    RandomAgent,
};

/// The most MCTS iterations a spec may ask for per move.
const MAX_ITERATIONS: u64 = 1_000_000_000;
/// The most alpha-beta nodes a spec may ask for per move.
const MAX_NODES: u64 = 1_000_000_000;
/// The deepest alpha-beta search a spec may ask for.
const MAX_DEPTH: u64 = 95;
/// The deepest expectimax search a spec may ask for (it does not prune).
const MAX_EXPECTIMAX_DEPTH: u64 = 8;
/// The deepest expectimax search of Merchant Kaissa: it does not prune,
/// and Kaissa's 40 to 100 moves a ply make each ply cost that much more
/// (BENCHMARKS.md, "Expectimax depth in Kaissa").
const MAX_KAISSA_EXPECTIMAX_DEPTH: u32 = 3;
/// The longest time budget a spec may ask for: one hour.
const MAX_MILLIS: u64 = 3_600_000;

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
    /// An agent that needs a budget was given none.
    #[error("'{kind}' needs a budget: {usage}")]
    MissingBudget {
        /// The agent's name.
        kind: String,
        /// How to give it.
        usage: &'static str,
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
const EXPECTED: &str = "random, greedy, mcts:<iterations>, alphabeta:<depth> or \
                        expectimax:<depth> (a time budget: mcts:<ms>ms, alphabeta:<ms>ms; \
                        a node budget: alphabeta:<n>nodes)";
const MCTS_USAGE: &str = "mcts:<iterations> (1 to 1000000000) or mcts:<ms>ms (1 to 3600000)";
const ALPHABETA_USAGE: &str = "alphabeta:<depth> (1 to 95), alphabeta:<ms>ms (1 to 3600000) \
                               or alphabeta:<n>nodes (1 to 1000000000)";
const EXPECTIMAX_USAGE: &str = "expectimax:<depth> (1 to 8; 1 to 3 for Merchant Kaissa)";

/// An agent and its budget, as a spec string names it:
///
/// | spec | agent |
/// |---|---|
/// | `random` | [`RandomAgent`] |
/// | `greedy` | [`GreedyAgent`] |
/// | `mcts:<iterations>`, `mcts:<ms>ms` | [`Mcts`] with that many iterations, or that much time, per move |
/// | `alphabeta:<depth>`, `alphabeta:<ms>ms`, `alphabeta:<n>nodes` | [`AlphaBeta`] to that depth, or for that time or that many nodes, per move (Kaissa only) |
/// | `expectimax:<depth>` | [`Expectimax`] to that depth (1 to 8; Kaissa: 1 to 3) |
///
/// `Display` writes the spec back.
///
/// ```
/// use kaissa_chaturaji::agents::AgentSpec;
/// let spec: AgentSpec = "mcts:500".parse()?;
/// assert_eq!(spec.to_string(), "mcts:500");
/// assert_eq!("alphabeta:250ms".parse::<AgentSpec>()?.to_string(), "alphabeta:250ms");
/// assert!("alphabeta".parse::<AgentSpec>().is_err());
/// assert!("random:3".parse::<AgentSpec>().is_err());
/// # Ok::<(), kaissa_chaturaji::agents::SpecError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum AgentSpec {
    /// `random`.
    Random,
    /// `greedy`.
    Greedy,
    /// `mcts:<iterations>` or `mcts:<ms>ms`.
    Mcts(MctsConfig),
    /// `alphabeta:<depth>` or `alphabeta:<ms>ms`.
    AlphaBeta(AlphaBetaConfig),
    /// `expectimax:<depth>`.
    Expectimax(u32),
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

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<AgentSpec, SpecError> {
        if text.is_empty() {
            return Err(SpecError::Empty);
        }
        let (kind, budget_text) = match text.split_once(':') {
            Some((kind, budget)) => (kind, Some(budget)),
            None => (text, None),
        };
        let no_budget = |spec: AgentSpec| match budget_text {
            None => Ok(spec),
            Some(budget) => Err(SpecError::UnexpectedBudget {
                kind: kind.to_string(),
                budget: budget.to_string(),
            }),
        };
        let needs_budget = |usage| {
            budget_text.ok_or_else(|| SpecError::MissingBudget {
                kind: kind.to_string(),
                usage,
            })
        };
        match kind {
            "random" => no_budget(AgentSpec::Random),
            "greedy" => no_budget(AgentSpec::Greedy),
            "mcts" => {
                let text = needs_budget(MCTS_USAGE)?;
                match budget(kind, text, MAX_ITERATIONS, false, MCTS_USAGE)? {
                    Budget::Count(n) => Ok(AgentSpec::Mcts(MctsConfig::iterations(n))),
                    Budget::Millis(ms) => {
                        Ok(AgentSpec::Mcts(MctsConfig::time(Duration::from_millis(ms))))
                    }
                    Budget::Nodes(_) => Err(SpecError::BadBudget {
                        kind: kind.to_string(),
                        budget: text.to_string(),
                        usage: MCTS_USAGE,
                    }),
                }
            }
            "alphabeta" => {
                let text = needs_budget(ALPHABETA_USAGE)?;
                Ok(AgentSpec::AlphaBeta(
                    match budget(kind, text, MAX_DEPTH, true, ALPHABETA_USAGE)? {
                        Budget::Count(depth) => AlphaBetaConfig::depth(depth as u32),
                        Budget::Millis(ms) => AlphaBetaConfig::time(Duration::from_millis(ms)),
                        Budget::Nodes(nodes) => AlphaBetaConfig::nodes(nodes),
                    },
                ))
            }
            "expectimax" => {
                let text = needs_budget(EXPECTIMAX_USAGE)?;
                match budget(kind, text, MAX_EXPECTIMAX_DEPTH, false, EXPECTIMAX_USAGE)? {
                    Budget::Count(depth) => Ok(AgentSpec::Expectimax(depth as u32)),
                    Budget::Millis(_) | Budget::Nodes(_) => Err(SpecError::BadBudget {
                        kind: kind.to_string(),
                        budget: text.to_string(),
                        usage: EXPECTIMAX_USAGE,
                    }),
                }
            }
            _ => Err(SpecError::UnknownKind {
                kind: kind.to_string(),
            }),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::Mcts(config) => f.write_str(&config.spec()),
            AgentSpec::AlphaBeta(config) => f.write_str(&config.spec()),
            AgentSpec::Expectimax(depth) => write!(f, "expectimax:{depth}"),
        }
    }
}

impl AgentSpec {
    /// The agents written once for every [`AgentGame`]; `None` for the
    /// game-specific ones.
    fn generic<G>(&self, seed: u64) -> Option<Box<dyn Agent<G> + Send>>
    where
        G: AgentGame + Send + 'static,
        G::Action: Send,
    {
        Some(match *self {
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
            AgentSpec::Greedy => Box::new(GreedyAgent::new(seed)),
            AgentSpec::Mcts(config) => Box::new(Mcts::<G>::new(config, seed)),
            AgentSpec::Expectimax(depth) => Box::new(Expectimax::new(depth, seed)),
            AgentSpec::AlphaBeta(_) => return None,
        })
    }

    /// The agent for Merchant Kaissa, seeded with `seed`. Every kind
    /// plays Kaissa; expectimax only to depth 3, as it does not prune
    /// (deeper, one move would take minutes to days).
    ///
    /// ```
    /// use kaissa_chaturaji::agents::{AgentSpec, SpecError};
    /// let agent = "greedy".parse::<AgentSpec>()?.kaissa_agent(1)?;
    /// assert_eq!(agent.name(), "greedy");
    /// let err = "expectimax:8".parse::<AgentSpec>()?.kaissa_agent(1).err().unwrap();
    /// assert!(matches!(err, SpecError::NotForGame { .. }));
    /// # Ok::<(), SpecError>(())
    /// ```
    pub fn kaissa_agent(&self, seed: u64) -> Result<Box<dyn Agent<Kaissa> + Send>, SpecError> {
        match *self {
            AgentSpec::AlphaBeta(config) => return Ok(Box::new(AlphaBeta::new(config))),
            AgentSpec::Expectimax(depth) if depth > MAX_KAISSA_EXPECTIMAX_DEPTH => {
                return Err(SpecError::NotForGame {
                    spec: self.to_string(),
                    game: "kaissa",
                    reason: "expectimax searches Merchant Kaissa to depth 3 at most \
                             (it does not prune: use alphabeta for deeper searches)",
                });
            }
            _ => {}
        }
        self.generic(seed).ok_or_else(|| SpecError::NotForGame {
            spec: self.to_string(),
            game: "kaissa",
            reason: "no such agent",
        })
    }

    /// The agent for Chaturaji, seeded with `seed`; alpha-beta is not one
    /// (the die makes it a game of chance: use `mcts` or `expectimax`).
    ///
    /// ```
    /// use kaissa_chaturaji::agents::{AgentSpec, SpecError};
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
        self.generic(seed).ok_or_else(|| SpecError::NotForGame {
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
