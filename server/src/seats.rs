//! Who sits at a table: people (joined with a secret, acting with a
//! token) and bots (an agent spec of the library).

use kaissa_chaturaji::agents::AgentSpec;
use kaissa_chaturaji::game::AnyGame;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::dice::to_hex;

/// The longest shown name, in characters.
pub const MAX_NAME_CHARS: usize = crate::names::MAX_GUEST_CHARS;

/// One seat: its kind (`human`, `player:<name>` or `bot:<spec>`), the
/// hashes of its join secret and token, its shown name, its account, and
/// whether it has moved yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// `human` (anyone with the join secret), `player:<name>` (kept for
    /// that account) or `bot:<agent spec>` (played by the server).
    pub kind: String,
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
        self.kind.strip_prefix("bot:")
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

/// A guest's shown name, checked as [`crate::names::GuestName`] does
/// (trimmed, 1 to [`MAX_NAME_CHARS`] characters, the account names'
/// characters and single spaces).
///
/// # Errors
///
/// A message saying what is wrong.
pub fn check_name(name: &str) -> Result<String, String> {
    crate::names::GuestName::parse(name).map(|guest| guest.shown().to_string())
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

    #[test]
    fn names() {
        assert_eq!(check_name("  Ann ").unwrap(), "Ann");
        assert!(check_name("").is_err());
        assert!(check_name("a\nb").is_err());
        assert!(check_name(&"x".repeat(41)).is_err());
    }
}
