//! The engine's options: what `uci` lists and `setoption` changes, and
//! the agent they make.

use kaissa_chaturaji::agents::{Agent, AgentSpec};
use kaissa_chaturaji::game::AnyGame;
use kaissa_chaturaji::game::Variant;
use kaissa_chaturaji_engine::quote;

/// The name and author `uci` announces.
pub const NAME: &str = concat!("kaissa-chaturaji ", env!("CARGO_PKG_VERSION"));
/// The author line.
pub const AUTHOR: &str = "the kaissa-chaturaji authors";

/// The largest seed (what a GUI's 32-bit spin box holds).
pub const MAX_SEED: u64 = i32::MAX as u64;
/// The smallest hash size, in MB.
pub const MIN_HASH: u64 = 1;
/// The largest hash size, in MB.
pub const MAX_HASH: u64 = 1024;
/// The default hash size, in MB.
pub const DEFAULT_HASH: u64 = 16;

/// An agent of the engine: alpha-beta, MCTS, expectimax, greedy, random.
pub type EngineAgent = Box<dyn Agent<AnyGame> + Send>;

/// The options' current values.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The variant played.
    pub variant: Variant,
    /// The agent chosen (a kind, perhaps with a budget for a bare `go`),
    /// or `None` for the variant's strongest.
    pub agent: Option<AgentSpec>,
    /// The agents' seed.
    pub seed: u64,
    /// The transposition table's (or search tree's) size, in MB.
    pub hash_mb: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            variant: Variant::Kaissa,
            agent: None,
            seed: 0,
            hash_mb: DEFAULT_HASH,
        }
    }
}

/// The strongest agent of a variant: alpha-beta for Kaissa, MCTS for
/// Chaturaji (alpha-beta does not play a game of chance).
fn strongest(variant: Variant) -> &'static str {
    if variant == Variant::Kaissa {
        "alphabeta"
    } else {
        "mcts"
    }
}

impl Settings {
    /// The start position of the variant.
    pub fn start(&self) -> AnyGame {
        self.variant.start()
    }

    /// The agent of these settings, for games like `game`: its tables
    /// sized by `Hash`, seeded by `Seed`.
    pub fn agent(&self, game: &AnyGame) -> Result<EngineAgent, String> {
        self.agent_in(game, self.hash_mb << 20)
    }

    /// Whether the agent of these settings plays `game`, found with
    /// small tables.
    pub fn check(&self, game: &AnyGame) -> Result<(), String> {
        self.agent_in(game, MIN_HASH << 20).map(drop)
    }

    /// The agent of these settings with tables of about `bytes`.
    fn agent_in(&self, game: &AnyGame, bytes: u64) -> Result<EngineAgent, String> {
        let spec = match &self.agent {
            Some(spec) => spec.clone(),
            None => strongest(self.variant)
                .parse()
                .map_err(|e| format!("{e}"))?,
        };
        spec.with_memory(bytes)
            .any_agent(game, self.seed)
            .map_err(|e| e.to_string())
    }

    /// The lines `uci` answers, `uciok` last.
    pub fn uci_lines() -> Vec<String> {
        let vars: Vec<String> = Variant::ALL.iter().map(|v| format!("var {v}")).collect();
        vec![
            format!("id name {NAME}"),
            format!("id author {AUTHOR}"),
            format!(
                "option name UCI_Variant type combo default {} {}",
                Variant::Kaissa,
                vars.join(" ")
            ),
            format!(
                "option name Agent type string default {}",
                strongest(Variant::Kaissa)
            ),
            format!("option name Seed type spin default 0 min 0 max {MAX_SEED}"),
            format!(
                "option name Hash type spin default {DEFAULT_HASH} min {MIN_HASH} max {MAX_HASH}"
            ),
            "uciok".to_string(),
        ]
    }

    /// Applies `setoption <args>` (`name <N> value <V>`; option names are
    /// matched without regard to case, as GUIs differ) and returns the
    /// new settings; the old ones stand on an error.
    pub fn set(&self, args: &[&str]) -> Result<Settings, String> {
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
                next.variant = value
                    .parse()
                    .map_err(|e| format!("setoption UCI_Variant: {e}"))?;
            }
            "agent" => {
                let spec: AgentSpec = value.parse().map_err(|e| format!("setoption Agent: {e}"))?;
                next.agent = Some(spec);
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
        Ok(next)
    }
}
