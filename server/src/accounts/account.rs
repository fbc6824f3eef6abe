//! Accounts: names that last, passwords kept as argon2id hashes, sessions
//! (a cookie for people) and API tokens (for bot accounts).
//!
//! Secrets never reach the database in clear: a password is stored as its
//! argon2id hash (a PHC string with its own salt), a session or API token
//! as its SHA-256 (tokens are 32 random bytes, so a fast hash suffices).

use sqlx::any::AnyRow;
use sqlx::Row;

use crate::accounts::names::AccountName;
use crate::store::database::Store;
use crate::store::rows::StoreError;
use crate::table::dice;
use crate::table::seats::hash_secret;

pub use crate::accounts::password::{HashError, Hasher, HASHES_AT_ONCE};

/// How long a session lasts, in milliseconds (30 days).
pub const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "kc_session";

/// The fewest characters in a password.
pub const MIN_PASSWORD_CHARS: usize = 8;

/// The most bytes in a password (hashing work stays bounded).
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// What an account is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountKind {
    /// A person, who logs in with a password.
    Player,
    /// A program (an engine), which acts with an API token.
    Bot,
}

impl AccountKind {
    /// The stored word: `player` or `bot`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            AccountKind::Player => "player",
            AccountKind::Bot => "bot",
        }
    }

    fn from_word(word: &str) -> Result<AccountKind, StoreError> {
        match word {
            "player" => Ok(AccountKind::Player),
            "bot" => Ok(AccountKind::Bot),
            other => Err(StoreError(format!("an account of unknown kind {other:?}"))),
        }
    }
}

/// An account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// Its id (16 lowercase hex digits).
    pub id: String,
    /// Its name as shown.
    pub name: String,
    /// A person or a bot.
    pub kind: AccountKind,
}

/// Why an account could not be made.
#[derive(Debug)]
pub enum CreateError {
    /// The name, or one that reads the same, has an account.
    Taken,
    /// The database failed.
    Store(StoreError),
}

impl From<StoreError> for CreateError {
    fn from(e: StoreError) -> CreateError {
        CreateError::Store(e)
    }
}

impl From<sqlx::Error> for CreateError {
    fn from(e: sqlx::Error) -> CreateError {
        if let sqlx::Error::Database(db) = &e {
            if db.is_unique_violation() {
                return CreateError::Taken;
            }
        }
        CreateError::Store(e.into())
    }
}

/// Checks a password's length: a message when it is too short or long.
///
/// # Errors
///
/// The message.
pub fn check_password(password: &str) -> Result<(), String> {
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(format!("a password has at most {MAX_PASSWORD_BYTES} bytes"));
    }
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return Err(format!(
            "a password has at least {MIN_PASSWORD_CHARS} characters"
        ));
    }
    Ok(())
}

/// Reads an `accounts` row of `id, name, kind`.
fn account_row(row: &AnyRow) -> Result<Account, StoreError> {
    let kind: String = row.try_get(2)?;
    Ok(Account {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        kind: AccountKind::from_word(&kind)?,
    })
}

impl Store {
    /// Makes an account named `name` with the password hash
    /// `password_hash` (a person) or the API token hash `token_hash` (a
    /// bot; its password hash is empty).
    ///
    /// # Errors
    ///
    /// [`CreateError::Taken`] when the name (or one reading the same) has
    /// an account.
    pub async fn create_account(
        &self,
        name: &AccountName,
        kind: AccountKind,
        password_hash: &str,
        token_hash: Option<&str>,
    ) -> Result<Account, CreateError> {
        let id = dice::random_hex(8).map_err(|e| StoreError(format!("randomness: {e}")))?;
        sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password_hash, kind, token_hash, created_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&id)
        .bind(name.shown())
        .bind(name.key())
        .bind(password_hash)
        .bind(kind.word())
        .bind(token_hash)
        .bind(crate::table::clock::now_ms())
        .execute(self.pool())
        .await?;
        Ok(Account {
            id,
            name: name.shown().to_string(),
            kind,
        })
    }

    /// The account named `name` (or a name reading the same), if any.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn account_by_name(&self, name: &str) -> Result<Option<Account>, StoreError> {
        Ok(self.login_of(name).await?.map(|(account, _)| account))
    }

    /// The account named `name` and its password hash, if any.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn login_of(&self, name: &str) -> Result<Option<(Account, String)>, StoreError> {
        let Ok(name) = AccountName::parse(name) else {
            return Ok(None);
        };
        let row =
            sqlx::query("SELECT id, name, kind, password_hash FROM accounts WHERE name_key = $1")
                .bind(name.key())
                .fetch_optional(self.pool())
                .await?;
        row.map(|row| Ok((account_row(&row)?, row.try_get(3)?)))
            .transpose()
    }

    /// The account whose name key is `key` (see
    /// [`crate::accounts::names::name_key`]), if any.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn account_by_key(&self, key: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT id, name, kind FROM accounts WHERE name_key = $1")
            .bind(key)
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(account_row).transpose()
    }

    /// The account with id `id`, if any.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn account_by_id(&self, id: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT id, name, kind FROM accounts WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(account_row).transpose()
    }

    /// The bot account whose API token is `token`, if any.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn account_by_token(&self, token: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query("SELECT id, name, kind FROM accounts WHERE token_hash = $1")
            .bind(hash_secret(token))
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(account_row).transpose()
    }

    /// Opens a session for `account_id`; its token (to send as the
    /// cookie). Expired sessions are swept on the way.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn create_session(&self, account_id: &str) -> Result<String, StoreError> {
        let now = crate::table::clock::now_ms();
        sqlx::query("DELETE FROM sessions WHERE expires_ms < $1")
            .bind(now)
            .execute(self.pool())
            .await?;
        let token = dice::random_hex(32).map_err(|e| StoreError(format!("randomness: {e}")))?;
        sqlx::query(
            "INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(hash_secret(&token))
        .bind(account_id)
        .bind(now)
        .bind(now + SESSION_MS)
        .execute(self.pool())
        .await?;
        Ok(token)
    }

    /// The account of the session `token`, when it exists and has not
    /// expired.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn session_account(&self, token: &str) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query(
            "SELECT a.id, a.name, a.kind FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.token_hash = $1 AND s.expires_ms > $2",
        )
        .bind(hash_secret(token))
        .bind(crate::table::clock::now_ms())
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(account_row).transpose()
    }

    /// Ends the session `token`.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn delete_session(&self, token: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(hash_secret(token))
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// The games not over where `account_id` holds a seat or has one
    /// kept for it, newest first (at most 100): `(id, seat, status)`.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn open_games_of(
        &self,
        account_id: &str,
    ) -> Result<Vec<(String, i64, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id, p.seat, g.status FROM game_players p JOIN games g ON g.id = p.game_id
             WHERE p.account_id = $1 AND g.status <> $2 ORDER BY g.created_ms DESC LIMIT 100",
        )
        .bind(account_id)
        .bind("over")
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_bounded() {
        assert!(check_password("short").is_err());
        assert!(check_password("long enough").is_ok());
        assert!(check_password(&"x".repeat(MAX_PASSWORD_BYTES + 1)).is_err());
    }
}
