//! What the storage reads and writes: a game's row, its moves, its
//! players, a game's changes, and the storage's error.

/// A storage failure, as a message (the server answers 500 with it).
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "storage: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// A game's row: the fixed columns and the mutable ones (JSON texts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// `kaissa` or `chaturaji`.
    pub game: String,
    /// The rules word.
    pub rules: String,
    /// The seats, as JSON.
    pub seats: String,
    /// The clock's settings, as JSON (`null` for none).
    pub clock: String,
    /// The clock's times, as JSON.
    pub clock_state: String,
    /// `waiting`, `playing` or `over`.
    pub status: String,
    /// The result, as JSON.
    pub result: String,
    /// The game's version: how many events it has.
    pub version: i64,
    /// The seats' die seeds, as JSON.
    pub seeds: String,
    /// hex(SHA-256(server seed)).
    pub commitment: String,
    /// The server seed, hex.
    pub server_seed: String,
    /// Other state (draw offers, flags), as JSON.
    pub extra: String,
    /// When the game was created, in milliseconds since 1970.
    pub created_ms: i64,
}

/// One stored token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    /// Its index among the game's tokens (0, 1, 2, …).
    pub ply: i64,
    /// The version of the event that played it.
    pub version: i64,
    /// The token (`e2e5`, `2:h1f3`, …).
    pub token: String,
    /// When it was played, in milliseconds since 1970.
    pub at_ms: i64,
}

/// A game's changes since a copy of it: see `Store::changes_since` in [`crate::store::database`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changes {
    /// The game's row.
    pub row: GameRow,
    /// The tokens played since, in order.
    pub tokens: Vec<String>,
    /// The events since, `(version, body)` in order.
    pub events: Vec<(i64, String)>,
}

/// A seat bound to an account (taken by it, or kept for it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    /// The seat.
    pub seat: i64,
    /// The account's id.
    pub account_id: String,
}
