//! Where a game stands: seats being taken, being played, or over.

use serde::{Deserialize, Serialize};

/// Where a game stands: seats being taken, being played, or over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Waiting for every seat to be taken.
    Waiting,
    /// Being played.
    Playing,
    /// Over (won, drawn or aborted).
    Over,
}

impl Status {
    /// The stored and sent word: `waiting`, `playing` or `over`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }

    /// The status of a stored word.
    ///
    /// # Errors
    ///
    /// A message for a word that is none of the three.
    pub fn from_word(word: &str) -> Result<Status, String> {
        match word {
            "waiting" => Ok(Status::Waiting),
            "playing" => Ok(Status::Playing),
            "over" => Ok(Status::Over),
            other => Err(format!("unknown game status {other:?}")),
        }
    }
}
