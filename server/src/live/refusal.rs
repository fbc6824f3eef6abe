//! Why the server refuses an action on a game, in the game's own terms:
//! the web answers each kind with its status ([`crate::http::error`]).

/// The kind of a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The request is malformed.
    BadRequest,
    /// It needs an account, or its name and password do not match.
    Unauthorized,
    /// The token does not allow this.
    Forbidden,
    /// No such game.
    NotFound,
    /// The game's state does not allow this now (or the version is stale).
    Conflict,
    /// An illegal move.
    Unprocessable,
    /// Too many requests.
    TooMany,
    /// The server failed (storage, randomness).
    Internal,
}

/// An action refused: its kind and what went wrong, for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The kind.
    pub kind: Kind,
    /// What went wrong, for people.
    pub message: String,
    /// Seconds to wait before trying again, when it says (too many
    /// requests).
    pub retry_after: Option<u64>,
}

impl Refusal {
    /// A refusal of this kind with this message.
    pub fn new(kind: Kind, message: impl Into<String>) -> Refusal {
        Refusal {
            kind,
            message: message.into(),
            retry_after: None,
        }
    }

    /// The same refusal, telling the client to wait `seconds` (at least
    /// one) before trying again.
    #[must_use]
    pub fn retry_after(mut self, seconds: u64) -> Refusal {
        self.retry_after = Some(seconds.max(1));
        self
    }

    /// The request is malformed.
    pub fn bad_request(message: impl Into<String>) -> Refusal {
        Refusal::new(Kind::BadRequest, message)
    }

    /// It needs an account, or its name and password do not match.
    pub fn unauthorized(message: impl Into<String>) -> Refusal {
        Refusal::new(Kind::Unauthorized, message)
    }

    /// The token does not allow this.
    pub fn forbidden(message: impl Into<String>) -> Refusal {
        Refusal::new(Kind::Forbidden, message)
    }

    /// No such game.
    pub fn not_found() -> Refusal {
        Refusal::new(Kind::NotFound, "no such game")
    }

    /// The game's state does not allow this now.
    pub fn conflict(message: impl Into<String>) -> Refusal {
        Refusal::new(Kind::Conflict, message)
    }

    /// An illegal move.
    pub fn unprocessable(message: impl Into<String>) -> Refusal {
        Refusal::new(Kind::Unprocessable, message)
    }

    /// Too many requests.
    pub fn too_many(message: impl Into<String>) -> Refusal {
        Refusal::new(Kind::TooMany, message)
    }

    /// The server failed (storage, randomness).
    pub fn internal(message: impl Into<String>) -> Refusal {
        Refusal::new(Kind::Internal, message)
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.message)
    }
}

impl std::error::Error for Refusal {}

impl From<crate::store::rows::StoreError> for Refusal {
    fn from(e: crate::store::rows::StoreError) -> Refusal {
        Refusal::internal(e.to_string())
    }
}
