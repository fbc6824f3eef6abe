//! Durable storage on SQLite or PostgreSQL, through one schema and plain
//! runtime queries (`sqlx::query`, placeholders `$1`, `$2`, … in order).
//!
//! The schema is `server/migrations/` (see [`crate::store::schema`]). Three
//! tables of games: `games` (one row a game: its seats, clock, status,
//! version and dice), `moves` (the tokens played, in order) and `events`
//! (every change, numbered by the game's version). A change is written
//! in one transaction that first moves the game's version on with a
//! compare-and-set (`UPDATE games … WHERE id = $ AND version = $`): two
//! writers of one game cannot both succeed, and nothing is answered
//! before the commit. Writes go through [`crate::store::writer`], which commits
//! the writes waiting together (one transaction, one flush).

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};

use crate::store::rows::{Changes, GameRow, MoveRow, PlayerRow, StoreError};
use crate::store::writer::{Write, Writer};

/// How many writer tasks share PostgreSQL's writes (SQLite has one: it
/// takes one writer at a time).
pub const POSTGRES_WRITERS: usize = 4;

/// How often SQLite's log is copied into the database file.
pub const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The database.
#[derive(Debug, Clone)]
pub struct Store {
    pub(crate) pool: AnyPool,
    writer: Writer,
    url: String,
}

impl Store {
    /// Connects to `url` (`sqlite://…` or `postgres://…`) and brings
    /// the schema up to date ([`crate::store::schema::apply`]). SQLite runs in WAL mode with full
    /// synchronisation: a committed transaction survives a crash.
    ///
    /// # Errors
    ///
    /// When the database cannot be reached or its migrations fail.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 16 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        // Checkpoints run apart from the commits: see
                        // `Writer::start`.
                        conn.execute("PRAGMA wal_autocheckpoint = 0").await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        crate::store::schema::apply(&pool, sqlite).await?;
        let writer = if sqlite {
            Writer::start(pool.clone(), 1, Some(CHECKPOINT_EVERY), false)
        } else {
            Writer::start(pool.clone(), POSTGRES_WRITERS, None, true)
        };
        Ok(Store {
            pool,
            writer,
            url: url.to_string(),
        })
    }

    /// Whether other servers may share this database (PostgreSQL): then
    /// every committed change is announced on [`crate::store::writer::CHANNEL`]
    /// and a game in memory may be behind the stored one.
    #[must_use]
    pub fn shared(&self) -> bool {
        !self.url.starts_with("sqlite:")
    }

    /// The database's URL.
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The connections, for the queries of other modules.
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Inserts a new game and the accounts its seats are kept for.
    ///
    /// # Errors
    ///
    /// A database failure (an id already taken included).
    pub async fn create_game(
        &self,
        row: &GameRow,
        players: &[PlayerRow],
    ) -> Result<(), StoreError> {
        self.writer
            .write(Write::Create(row.clone(), players.to_vec()))
            .await?;
        Ok(())
    }

    /// A game's row and its tokens in order, or `None` for an unknown id.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn load_game(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT id, game, rules, seats, clock, clock_state, status, result, version, seeds,
             commitment, server_seed, extra, created_ms FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let moves = sqlx::query(
            "SELECT ply, version, token, at_ms FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| {
            Ok(MoveRow {
                ply: row.try_get(0)?,
                version: row.try_get(1)?,
                token: row.try_get(2)?,
                at_ms: row.try_get(3)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(Some((game, moves)))
    }

    /// What changed in game `id` since a copy of it was made, read in one
    /// statement (one snapshot, one round trip): its row, the tokens from
    /// ply `first_ply` on and the events after version `after`; `None`
    /// for an unknown id.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn changes_since(
        &self,
        id: &str,
        first_ply: i64,
        after: i64,
    ) -> Result<Option<Changes>, StoreError> {
        let rows = sqlx::query(
            "SELECT CAST(0 AS BIGINT), version, id, game, rules, seats, clock, clock_state,
             status, result, seeds, commitment, server_seed, extra, created_ms
             FROM games WHERE id = $1
             UNION ALL SELECT CAST(1 AS BIGINT), ply, token, NULL, NULL, NULL, NULL, NULL, NULL,
             NULL, NULL, NULL, NULL, NULL, NULL FROM moves WHERE game_id = $1 AND ply >= $2
             UNION ALL SELECT CAST(2 AS BIGINT), version, body, NULL, NULL, NULL, NULL, NULL,
             NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM events
             WHERE game_id = $1 AND version > $3
             ORDER BY 1, 2",
        )
        .bind(id)
        .bind(first_ply)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        let mut changes: Option<Changes> = None;
        for row in &rows {
            let kind: i64 = row.try_get(0)?;
            let n: i64 = row.try_get(1)?;
            let text: String = row.try_get(2)?;
            match (kind, changes.as_mut()) {
                (0, _) => {
                    let column = |i: usize| row.try_get::<String, _>(i);
                    changes = Some(Changes {
                        row: GameRow {
                            id: text,
                            game: column(3)?,
                            rules: column(4)?,
                            seats: column(5)?,
                            clock: column(6)?,
                            clock_state: column(7)?,
                            status: column(8)?,
                            result: column(9)?,
                            version: n,
                            seeds: column(10)?,
                            commitment: column(11)?,
                            server_seed: column(12)?,
                            extra: column(13)?,
                            created_ms: row.try_get(14)?,
                        },
                        tokens: Vec::new(),
                        events: Vec::new(),
                    });
                }
                (1, Some(changes)) => changes.tokens.push(text),
                (2, Some(changes)) => changes.events.push((n, text)),
                _ => return Ok(None),
            }
        }
        Ok(changes)
    }

    /// Writes a change of a game at version `from`: its new row (whose
    /// version is `from` plus the number of `events`), new tokens, events
    /// `(version, body)` and seats newly bound to accounts, in one
    /// transaction behind a
    /// compare-and-set on the version. Returns `false`, writing nothing,
    /// when the stored version is not `from` any more.
    ///
    /// # Errors
    ///
    /// A database failure; nothing is written.
    pub async fn commit(
        &self,
        from: i64,
        row: &GameRow,
        moves: &[MoveRow],
        events: &[(i64, String)],
        players: &[PlayerRow],
    ) -> Result<bool, StoreError> {
        self.writer
            .write(Write::Change {
                from,
                row: row.clone(),
                moves: moves.to_vec(),
                events: events.to_vec(),
                players: players.to_vec(),
            })
            .await
    }

    /// The events of a game after version `since`, oldest first, at most
    /// `limit` of them.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn events_since(
        &self,
        id: &str,
        since: i64,
        limit: i64,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, body FROM events WHERE game_id = $1 AND version > $2
             ORDER BY version LIMIT $3",
        )
        .bind(id)
        .bind(since)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// The ids of the games being played (to resume their clocks and bots
    /// at start).
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn playing_ids(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE status = $1")
            .bind("playing")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| row.try_get(0))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// The most recent games that are open to join or being played (not
    /// private), newest first: `(id, game, rules, status)`.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn recent_games(&self, limit: i64) -> Result<Vec<[String; 4]>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, rules, status FROM games WHERE status <> $1 AND extra NOT LIKE $2
             ORDER BY created_ms DESC LIMIT $3",
        )
        .bind("over")
        .bind("%\"private\":true%")
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok([
                    row.try_get(0)?,
                    row.try_get(1)?,
                    row.try_get(2)?,
                    row.try_get(3)?,
                ])
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}

/// Reads a `games` row.
fn game_row(row: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: row.try_get(0)?,
        game: row.try_get(1)?,
        rules: row.try_get(2)?,
        seats: row.try_get(3)?,
        clock: row.try_get(4)?,
        clock_state: row.try_get(5)?,
        status: row.try_get(6)?,
        result: row.try_get(7)?,
        version: row.try_get(8)?,
        seeds: row.try_get(9)?,
        commitment: row.try_get(10)?,
        server_seed: row.try_get(11)?,
        extra: row.try_get(12)?,
        created_ms: row.try_get(13)?,
    })
}
