//! Who sits at a table: people (joined with a secret, acting with a
//! token) and bots (an agent spec of the library).

use kaissa_chaturaji::agents::AgentSpec;
use kaissa_chaturaji::game::AnyGame;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::table::dice::to_hex;

/// Who may take a seat, written `human`, `player:<name>` or
/// `bot:<agent spec>` in the API and in storage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum SeatKind {
    /// Anyone with the seat's join secret.
    Human,
    /// Kept for the account of this name.
    Player(String),
    /// Played by the server's bot of this agent spec.
    Bot(String),
}

impl std::fmt::Display for SeatKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatKind::Human => f.write_str("human"),
            SeatKind::Player(name) => write!(f, "player:{name}"),
            SeatKind::Bot(spec) => write!(f, "bot:{spec}"),
        }
    }
}

impl std::str::FromStr for SeatKind {
    type Err = String;

    /// Reads `human`, `player:<name>` or `bot:<agent spec>` (the name and
    /// the spec are checked where the seat is made).
    fn from_str(text: &str) -> Result<SeatKind, String> {
        if text == "human" {
            Ok(SeatKind::Human)
        } else if let Some(name) = text.strip_prefix("player:") {
            Ok(SeatKind::Player(name.to_string()))
        } else if let Some(spec) = text.strip_prefix("bot:") {
            Ok(SeatKind::Bot(spec.to_string()))
        } else {
            let shown: String = text.chars().take(40).collect();
            Err(format!(
                "seat {shown:?}: expected \"human\", \"player:<name>\" or \"bot:<agent spec>\""
            ))
        }
    }
}

impl TryFrom<String> for SeatKind {
    type Error = String;

    fn try_from(text: String) -> Result<SeatKind, String> {
        text.parse()
    }
}

impl From<SeatKind> for String {
    fn from(kind: SeatKind) -> String {
        kind.to_string()
    }
}

/// One seat: its kind, the hashes of its join secret and token, its shown
/// name, its account, and whether it has moved yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Who may take it.
    pub kind: SeatKind,
    /// SHA-256 of the join secret (people's seats).
    pub join_hash: Option<String>,
    /// SHA-256 of the seat token, once the seat is taken.
    pub token_hash: Option<String>,
    /// The shown name.
    pub name: Option<String>,
    /// Whether the seat made a move of its own (an abort is allowed
    /// before it).
    pub moved: bool,
    /// The id of the account holding the seat (or the one it is kept
    /// for); its name is then the account's.
    #[serde(default)]
    pub account: Option<String>,
}

impl Seat {
    /// The bot's agent spec, for a bot's seat.
    #[must_use]
    pub fn bot_spec(&self) -> Option<&str> {
        match &self.kind {
            SeatKind::Bot(spec) => Some(spec),
            _ => None,
        }
    }

    /// Whether the seat is taken (a bot's always is).
    #[must_use]
    pub fn taken(&self) -> bool {
        self.bot_spec().is_some() || self.token_hash.is_some()
    }
}

/// hex(SHA-256(text)): how secrets and tokens are stored.
#[must_use]
pub fn hash_secret(text: &str) -> String {
    to_hex(&Sha256::digest(text.as_bytes()))
}

/// Checks a bot's agent spec for `game`: the library must accept it, and
/// its budget must stay within what a server can afford per move (at
/// most 10 s, 200,000 MCTS iterations, alpha-beta depth 6 or 2,000,000
/// nodes, expectimax depth 3).
///
/// # Errors
///
/// The library's message, or which bound the budget passes.
pub fn check_bot_spec(spec: &str, game: &AnyGame) -> Result<(), String> {
    let parsed: AgentSpec = spec
        .parse()
        .map_err(|e: kaissa_chaturaji::agents::SpecError| e.to_string())?;
    parsed.any_agent(game, 0).map_err(|e| e.to_string())?;
    let (kind, budget) = spec.split_once(':').unwrap_or((spec, ""));
    let number = |text: &str| text.parse::<u64>().unwrap_or(u64::MAX);
    let ok = if let Some(ms) = budget.strip_suffix("ms") {
        number(ms) <= 10_000
    } else if let Some(nodes) = budget.strip_suffix("nodes") {
        number(nodes) <= 2_000_000
    } else {
        match kind {
            "mcts" => number(budget) <= 200_000,
            "alphabeta" => number(budget) <= 6,
            "expectimax" => number(budget) <= 3,
            _ => true,
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "bot {spec:?} thinks too long for this server: at most 10000ms, mcts:200000, alphabeta:6, alphabeta:2000000nodes or expectimax:3"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_specs_are_bounded() {
        let kaissa = AnyGame::kaissa();
        assert!(check_bot_spec("random", &kaissa).is_ok());
        assert!(check_bot_spec("alphabeta:3", &kaissa).is_ok());
        assert!(check_bot_spec("alphabeta:40", &kaissa).is_err());
        assert!(check_bot_spec("mcts:100ms", &kaissa).is_ok());
        assert!(check_bot_spec("mcts:100000ms", &kaissa).is_err());
        assert!(check_bot_spec("nonsense", &kaissa).is_err());
        let chaturaji = AnyGame::chaturaji(Default::default());
        assert!(check_bot_spec("alphabeta:2", &chaturaji).is_err());
    }
}
