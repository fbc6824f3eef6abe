//! `kc-server backup FILE`: a consistent copy of the SQLite database,
//! taken while the server serves.
//!
//! The copy is SQLite's `VACUUM INTO`, run through a connection of its
//! own to the server's file: it reads one snapshot (in WAL mode a reader
//! waits for no writer, and the server's writes go on meanwhile) and
//! writes it, compacted, into a new file, which is then checked with
//! `PRAGMA integrity_check`. A file already there is refused, never
//! overwritten. PostgreSQL is refused: `pg_dump` is its tool.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{ConnectOptions, Connection, Row};

use crate::config::Config;

/// How long the copy waits for a lock held by the server.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// What a backup wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copied {
    /// The games in the copy.
    pub games: i64,
    /// The copy's size in bytes.
    pub bytes: u64,
}

/// Copies the SQLite database of `config` into the new file `file`.
///
/// # Errors
///
/// A message when the database is PostgreSQL (use `pg_dump`), `file`
/// exists already, the database file is missing, or the copy fails or
/// does not check out (a failed copy is removed).
pub async fn run(config: &Config, file: &Path) -> Result<Copied, String> {
    if !config.database.starts_with("sqlite:") {
        return Err(
            "kc-server backup copies an SQLite database; for PostgreSQL use pg_dump \
             (e.g. `pg_dump --format=custom --file FILE postgres://...`)"
                .into(),
        );
    }
    let shown = file.display();
    if file.symlink_metadata().is_ok() {
        return Err(format!(
            "{shown} already exists: a backup goes into a new file"
        ));
    }
    let target = file
        .to_str()
        .ok_or_else(|| format!("{shown}: a file name that is not UTF-8"))?;
    let options = SqliteConnectOptions::from_str(&config.database)
        .map_err(|e| format!("{}: {e}", config.database))?
        .create_if_missing(false)
        .busy_timeout(BUSY_TIMEOUT);
    let source = options.get_filename().to_path_buf();
    if !source.is_file() {
        return Err(format!("no database at {}", source.display()));
    }
    let mut conn = options
        .connect()
        .await
        .map_err(|e| format!("{}: {e}", source.display()))?;
    let copied = sqlx::query("VACUUM INTO ?1")
        .bind(target)
        .execute(&mut conn)
        .await;
    let _ = conn.close().await;
    if let Err(e) = copied {
        if file.exists() {
            let _ = std::fs::remove_file(file);
        }
        return Err(format!("copying {} into {shown}: {e}", source.display()));
    }
    match check(file).await {
        Ok(games) => {
            let bytes = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
            Ok(Copied { games, bytes })
        }
        Err(e) => {
            let _ = std::fs::remove_file(file);
            Err(format!(
                "{shown}: the copy does not check out ({e}); removed"
            ))
        }
    }
}

/// Opens the copy read-only: `PRAGMA integrity_check` must answer `ok`;
/// the number of games in it.
async fn check(file: &Path) -> Result<i64, String> {
    let mut conn: SqliteConnection = SqliteConnectOptions::new()
        .filename(file)
        .read_only(true)
        .connect()
        .await
        .map_err(|e| e.to_string())?;
    let verdict: String = sqlx::query("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .and_then(|row| row.try_get(0))
        .map_err(|e| e.to_string())?;
    if verdict != "ok" {
        return Err(format!("integrity_check: {verdict}"));
    }
    let games: i64 = sqlx::query("SELECT COUNT(*) FROM games")
        .fetch_one(&mut conn)
        .await
        .and_then(|row| row.try_get(0))
        .map_err(|e| e.to_string())?;
    let _ = conn.close().await;
    Ok(games)
}
