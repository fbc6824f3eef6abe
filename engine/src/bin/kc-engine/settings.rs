//! The engine's options: what `uci` lists and `setoption` changes.

use kaissa_chaturaji::chaturaji::{Alliances, Rules};

use super::input::quote;

/// The name and author `uci` announces.
pub const NAME: &str = concat!("kaissa-chaturaji ", env!("CARGO_PKG_VERSION"));
/// The author line.
pub const AUTHOR: &str = "the kaissa-chaturaji authors";

/// The variants `UCI_Variant` offers, in the order `uci` lists them.
pub const VARIANTS: [&str; 4] = [
    "kaissa",
    "chaturaji",
    "chaturaji-opposite",
    "chaturaji-ludii",
];

/// The largest seed (what a GUI's 32-bit spin box holds).
pub const MAX_SEED: u64 = i32::MAX as u64;
/// The hash size bounds and default, in MB.
pub const MIN_HASH: u64 = 1;
/// The largest hash size, in MB.
pub const MAX_HASH: u64 = 1024;
/// The default hash size, in MB.
pub const DEFAULT_HASH: u64 = 16;

/// An agent kind, as the `Agent` option names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentKind {
    /// Alpha-beta search (Kaissa only).
    AlphaBeta,
    /// Monte Carlo tree search.
    Mcts,
    /// Expectimax to a depth.
    Expectimax,
    /// The best immediate capture.
    Greedy,
    /// A uniformly random legal move.
    Random,
}

impl AgentKind {
    /// The kind named `name`.
    fn parse(name: &str) -> Option<AgentKind> {
        Some(match name {
            "alphabeta" => AgentKind::AlphaBeta,
            "mcts" => AgentKind::Mcts,
            "expectimax" => AgentKind::Expectimax,
            "greedy" => AgentKind::Greedy,
            "random" => AgentKind::Random,
            _ => return None,
        })
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::AlphaBeta => "alphabeta",
            AgentKind::Mcts => "mcts",
            AgentKind::Expectimax => "expectimax",
            AgentKind::Greedy => "greedy",
            AgentKind::Random => "random",
        }
    }
}

/// The options' current values.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// An index into [`VARIANTS`].
    pub variant: usize,
    /// The agent chosen, or `None` for the variant's strongest.
    pub agent: Option<AgentKind>,
    /// The agents' seed.
    pub seed: u64,
    /// The transposition table's (or search tree's) size, in MB.
    pub hash_mb: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            variant: 0,
            agent: None,
            seed: 0,
            hash_mb: DEFAULT_HASH,
        }
    }
}

/// The strongest agent of a variant: alpha-beta for Kaissa, MCTS for
/// Chaturaji (alpha-beta does not play a game of chance).
fn strongest(variant: usize) -> AgentKind {
    if variant == 0 {
        AgentKind::AlphaBeta
    } else {
        AgentKind::Mcts
    }
}

/// Whether `kind` plays `variant`.
fn plays(kind: AgentKind, variant: usize) -> bool {
    variant == 0 || kind != AgentKind::AlphaBeta
}

impl Settings {
    /// The Chaturaji rules of the variant (`None` for Kaissa).
    pub fn rules(&self) -> Option<Rules> {
        match self.variant {
            1 => Some(Rules::default()),
            2 => Some(Rules::default().with_alliances(Alliances::Opposite)),
            3 => Some(Rules::ludii()),
            _ => None,
        }
    }

    /// The agent that plays.
    pub fn agent(&self) -> AgentKind {
        self.agent.unwrap_or_else(|| strongest(self.variant))
    }

    /// The lines `uci` answers, `uciok` last.
    pub fn uci_lines() -> Vec<String> {
        let vars: Vec<String> = VARIANTS.iter().map(|v| format!("var {v}")).collect();
        vec![
            format!("id name {NAME}"),
            format!("id author {AUTHOR}"),
            format!(
                "option name UCI_Variant type combo default {} {}",
                VARIANTS[0],
                vars.join(" ")
            ),
            format!(
                "option name Agent type string default {}",
                strongest(0).name()
            ),
            format!("option name Seed type spin default 0 min 0 max {MAX_SEED}"),
            format!(
                "option name Hash type spin default {DEFAULT_HASH} min {MIN_HASH} max {MAX_HASH}"
            ),
            "uciok".to_string(),
        ]
    }

    /// Applies `setoption <args>` (`name <N> value <V>`; option names are
    /// matched without regard to case, as GUIs differ). Changes nothing
    /// on an error.
    pub fn set(&mut self, args: &[&str]) -> Result<(), String> {
        let ["name", rest @ ..] = args else {
            return Err("setoption: expected 'setoption name <option> value <value>'".into());
        };
        let split = rest.iter().position(|&t| t == "value");
        let (name, value) = match split {
            Some(at) => (rest[..at].join(" "), rest[at + 1..].join(" ")),
            None => (rest.join(" "), String::new()),
        };
        let value = value.as_str();
        let number = |min: u64, max: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| {
                    format!(
                        "setoption {name}: \"{}\" is not a whole number from {min} to {max}",
                        quote(value)
                    )
                })
        };
        let mut next = self.clone();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                next.variant = VARIANTS.iter().position(|&v| v == value).ok_or_else(|| {
                    format!(
                        "setoption UCI_Variant: unknown variant \"{}\" (expected {})",
                        quote(value),
                        VARIANTS.join(", ")
                    )
                })?;
            }
            "agent" => {
                let kind = AgentKind::parse(value).ok_or_else(|| {
                    format!(
                        "setoption Agent: unknown agent \"{}\" (expected alphabeta, mcts, expectimax, greedy or random)",
                        quote(value)
                    )
                })?;
                next.agent = Some(kind);
            }
            "seed" => next.seed = number(0, MAX_SEED)?,
            "hash" => next.hash_mb = number(MIN_HASH, MAX_HASH)?,
            "" => return Err("setoption: the option's name is missing".into()),
            _ => {
                return Err(format!(
                    "setoption: no option \"{}\" (UCI_Variant, Agent, Seed, Hash)",
                    quote(&name)
                ))
            }
        }
        if let Some(kind) = next.agent {
            if !plays(kind, next.variant) {
                return Err(format!(
                    "setoption {name}: Agent {} does not play {} (it plays Kaissa only)",
                    kind.name(),
                    VARIANTS[next.variant]
                ));
            }
        }
        *self = next;
        Ok(())
    }
}
