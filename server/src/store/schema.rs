//! The schema's one home: the versioned migrations of
//! `server/migrations/` (`sqlx::migrate!`, embedded in the binary), applied
//! when a server opens its database.
//!
//! Everything a starting server changes in the schema, and the archive's
//! backfill after it, runs under the database's lock (PostgreSQL's
//! advisory lock of the migrator, held by one connection): servers started
//! together on a new database take turns, the first creating the tables
//! and the others finding them made, so that all of them come up. SQLite
//! has no such lock, but each migration is one transaction and SQLite has
//! one writer at a time: a start that loses the race (another wrote the
//! migration's record first) rolls back and tries again, [`SQLITE_TRIES`]
//! times at most, then finds it applied.
//!
//! The first migration is the schema as it was before migrations, every
//! statement `IF NOT EXISTS`: a database made then opens with its rows,
//! and the migration is recorded as applied. A migration once released is
//! never edited (its checksum is stored): a change of the schema is a new
//! file, numbered after the last.

use std::time::Duration;

use sqlx::migrate::{Migrate, MigrateError, Migrator};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool};

use crate::store::rows::StoreError;

/// How many times SQLite's migrations are tried when a migration fails
/// (another process applying it at the same time).
pub const SQLITE_TRIES: u32 = 5;

/// Why applying failed.
enum Failure {
    /// A migration failed.
    Migrate(MigrateError),
    /// The backfill after them failed.
    Store(StoreError),
}

impl From<MigrateError> for Failure {
    fn from(e: MigrateError) -> Failure {
        Failure::Migrate(e)
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        Failure::Store(e)
    }
}

impl From<sqlx::Error> for Failure {
    fn from(e: sqlx::Error) -> Failure {
        Failure::Store(e.into())
    }
}

impl From<Failure> for StoreError {
    fn from(e: Failure) -> StoreError {
        match e {
            Failure::Migrate(e) => migrate_error(e),
            Failure::Store(e) => e,
        }
    }
}

/// The migrations, read from `server/migrations/` at build time. Their
/// applying takes no lock of its own: [`apply`] holds it.
#[must_use]
pub fn migrator() -> Migrator {
    let mut migrator = sqlx::migrate!("./migrations");
    migrator.set_locking(false);
    migrator
}

/// The highest migration version this build knows.
#[must_use]
pub fn latest_version() -> i64 {
    migrator()
        .iter()
        .map(|migration| migration.version)
        .max()
        .unwrap_or(0)
}

/// Takes the database's lock, applies the migrations not applied yet,
/// archives the finished games the archive lacks, and lets the lock go.
/// `sqlite` says the database is SQLite (see [`SQLITE_TRIES`]).
///
/// # Errors
///
/// A database failure, or a database whose applied migrations this build
/// does not know (made by a newer server) or whose checksums differ.
pub async fn apply(pool: &AnyPool, sqlite: bool) -> Result<(), StoreError> {
    let mut tries = 1;
    loop {
        match apply_once(pool).await {
            Err(Failure::Migrate(MigrateError::Execute(_))) if sqlite && tries < SQLITE_TRIES => {
                tokio::time::sleep(Duration::from_millis(20) * tries).await;
                tries += 1;
            }
            other => return other.map_err(StoreError::from),
        }
    }
}

/// One try of [`apply`].
async fn apply_once(pool: &AnyPool) -> Result<(), Failure> {
    let mut conn = pool.acquire().await?;
    conn.lock().await?;
    match locked(pool, &mut conn).await {
        Ok(()) => {
            conn.unlock().await?;
            Ok(())
        }
        Err(e) => {
            // Closing the session lets its lock go whatever failed.
            let _ = conn.close().await;
            Err(e)
        }
    }
}

/// [`apply`]'s work while `conn` holds the lock.
async fn locked(pool: &AnyPool, conn: &mut PoolConnection<Any>) -> Result<(), Failure> {
    migrator().run_direct(&mut **conn).await?;
    crate::store::archive::backfill(pool).await?;
    Ok(())
}

/// A migration failure as a storage error, saying what to do when the
/// database is ahead of this build.
fn migrate_error(e: MigrateError) -> StoreError {
    match e {
        MigrateError::VersionMissing(version) => StoreError(format!(
            "the database has migration {version}, which this kc-server does not know \
             (made by a newer kc-server: run that one)"
        )),
        other => StoreError(format!("migrations: {other}")),
    }
}
