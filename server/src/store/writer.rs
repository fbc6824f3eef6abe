//! Group commit: every write of the server goes through writer tasks
//! that each take all the writes waiting, run them in one transaction
//! (one fsync for the lot) and only then answer each of them.
//!
//! A write keeps its own meaning inside a group: a change still moves
//! its game's version on with a compare-and-set, and one whose stored
//! version is not the expected one writes nothing and answers `false`,
//! while the others of the group go in. When a statement of the group
//! fails (an id already taken, a lost connection), the group is rolled
//! back and each write is tried again alone, so that one bad write
//! cannot sink the others. No write is answered before its transaction
//! has committed.

use std::sync::Arc;
use std::time::Duration;

use sqlx::{AnyConnection, AnyPool};
use tokio::sync::{mpsc, oneshot, Mutex};

use crate::store::rows::{GameRow, MoveRow, PlayerRow, StoreError};

/// The PostgreSQL channel on which every commit announces its changes
/// (`<game id>:<version>`), for the other nodes.
pub const CHANNEL: &str = "kc_events";

/// The most writes in one transaction.
pub const MAX_GROUP: usize = 512;

/// How many writes may wait for a writer before senders wait too.
pub const QUEUE: usize = 8192;

/// One write.
#[derive(Debug)]
pub enum Write {
    /// A new game's row and the accounts its seats are kept for.
    Create(GameRow, Vec<PlayerRow>),
    /// A change of a game at version `from`: its new row, new tokens and
    /// events `(version, body)`.
    Change {
        /// The version the change was made from.
        from: i64,
        /// The game's new row.
        row: GameRow,
        /// The tokens it played.
        moves: Vec<MoveRow>,
        /// Its events.
        events: Vec<(i64, String)>,
        /// Seats it bound to accounts.
        players: Vec<PlayerRow>,
    },
}

/// A write and where its answer goes: `true` when written, `false` when
/// the compare-and-set found another version (nothing written).
type Job = (Write, oneshot::Sender<Result<bool, StoreError>>);

/// The sending side of the writer tasks.
#[derive(Debug, Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl Writer {
    /// Starts `tasks` writer tasks on `pool` (one for SQLite, which has
    /// one writer at a time anyway; a few for PostgreSQL, whose round
    /// trips and flushes then overlap). With `checkpoint_every` (SQLite,
    /// its automatic checkpoints turned off), a task copies the log into
    /// the database file that often, beside the commits (a passive
    /// checkpoint waits for no one), so that no commit pays for a
    /// checkpoint. With `notify` (PostgreSQL), each transaction also
    /// announces its changes as `<game id>:<version>` on [`CHANNEL`]
    /// (`pg_notify`, delivered on commit only) for the other servers on
    /// the database. The tasks end when every [`Writer`] is dropped.
    #[must_use]
    pub fn start(
        pool: AnyPool,
        tasks: usize,
        checkpoint_every: Option<Duration>,
        notify: bool,
    ) -> Writer {
        let (jobs, receiver) = mpsc::channel(QUEUE);
        let receiver = Arc::new(Mutex::new(receiver));
        for _ in 0..tasks.max(1) {
            tokio::spawn(run(pool.clone(), receiver.clone(), notify));
        }
        if let Some(every) = checkpoint_every {
            tokio::spawn(checkpoints(pool, jobs.downgrade(), every));
        }
        Writer { jobs }
    }

    /// Writes `write` durably (with the writes waiting beside it) and
    /// answers once it is committed.
    ///
    /// # Errors
    ///
    /// A database failure (nothing of this write is stored), or the
    /// writers gone.
    pub async fn write(&self, write: Write) -> Result<bool, StoreError> {
        let (answer, wait) = oneshot::channel();
        self.jobs
            .send((write, answer))
            .await
            .map_err(|_| StoreError("the writer has stopped".into()))?;
        wait.await
            .map_err(|_| StoreError("the writer has stopped".into()))?
    }
}

/// SQLite's checkpoints, every `every` while the writer is in use and
/// the storage open.
async fn checkpoints(pool: AnyPool, writer: mpsc::WeakSender<Job>, every: Duration) {
    loop {
        tokio::time::sleep(every).await;
        if writer.upgrade().is_none() || pool.is_closed() {
            return;
        }
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            tracing::warn!("checkpoint: {e}");
        }
    }
}

/// A writer task: takes the writes waiting (at most [`MAX_GROUP`]) and
/// writes them as one group, until the senders are gone.
async fn run(pool: AnyPool, receiver: Arc<Mutex<mpsc::Receiver<Job>>>, notify: bool) {
    loop {
        let mut group = Vec::new();
        {
            let mut receiver = receiver.lock().await;
            match receiver.recv().await {
                Some(job) => group.push(job),
                None => return,
            }
            while group.len() < MAX_GROUP {
                match receiver.try_recv() {
                    Ok(job) => group.push(job),
                    Err(_) => break,
                }
            }
        }
        write_group(&pool, group, notify).await;
    }
}

/// Writes a group in one transaction and answers each write; on a
/// failure, writes each alone.
async fn write_group(pool: &AnyPool, group: Vec<Job>, notify: bool) {
    let (writes, answers): (Vec<Write>, Vec<_>) = group.into_iter().unzip();
    match in_one_transaction(pool, &writes, notify).await {
        Ok(results) => {
            for (answer, result) in answers.into_iter().zip(results) {
                let _ = answer.send(Ok(result));
            }
        }
        Err(_) if writes.len() > 1 => {
            for (write, answer) in writes.into_iter().zip(answers) {
                let result = in_one_transaction(pool, std::slice::from_ref(&write), notify)
                    .await
                    .map(|results| results[0]);
                let _ = answer.send(result);
            }
        }
        Err(e) => {
            for answer in answers {
                let _ = answer.send(Err(StoreError(e.0.clone())));
            }
        }
    }
}

/// Runs `writes` in one transaction; each one's answer, once committed.
async fn in_one_transaction(
    pool: &AnyPool,
    writes: &[Write],
    notify: bool,
) -> Result<Vec<bool>, StoreError> {
    let mut tx = pool.begin().await?;
    match statements(&mut tx, writes, notify).await {
        Ok(results) => {
            tx.commit().await?;
            Ok(results)
        }
        Err(e) => {
            let _ = tx.rollback().await;
            Err(e.into())
        }
    }
}

/// The statements of `writes`: each creation and compare-and-set on its
/// own, then the tokens and events of the changes written, a few hundred
/// rows a statement, and with `notify` the announcements of the changes
/// written. Each write's answer.
async fn statements(
    conn: &mut AnyConnection,
    writes: &[Write],
    notify: bool,
) -> Result<Vec<bool>, sqlx::Error> {
    let mut results = Vec::with_capacity(writes.len());
    let mut moves = Vec::new();
    let mut events = Vec::new();
    let mut announcements = Vec::new();
    let mut players = Vec::new();
    for write in writes {
        let written = apply(conn, write).await?;
        if let (true, Write::Create(row, p)) = (written, write) {
            players.extend(p.iter().map(|player| (row.id.as_str(), player)));
        }
        if let (
            true,
            Write::Change {
                row,
                moves: m,
                events: e,
                players: p,
                ..
            },
        ) = (written, write)
        {
            announcements.push(format!("{}:{}", row.id, row.version));
            players.extend(p.iter().map(|player| (row.id.as_str(), player)));
            moves.extend(m.iter().map(|mv| (row.id.as_str(), mv)));
            events.extend(
                e.iter()
                    .map(|(version, body)| (row.id.as_str(), *version, body)),
            );
        }
        results.push(written);
    }
    for chunk in moves.chunks(ROWS_PER_INSERT) {
        let sql = insert_sql(
            "moves (game_id, ply, version, token, at_ms)",
            5,
            chunk.len(),
        );
        let mut query = sqlx::query(&sql);
        for (id, mv) in chunk {
            query = query
                .bind(*id)
                .bind(mv.ply)
                .bind(mv.version)
                .bind(mv.token.as_str())
                .bind(mv.at_ms);
        }
        query.execute(&mut *conn).await?;
    }
    for chunk in events.chunks(ROWS_PER_INSERT) {
        let sql = insert_sql("events (game_id, version, body)", 3, chunk.len());
        let mut query = sqlx::query(&sql);
        for (id, version, body) in chunk {
            query = query.bind(*id).bind(*version).bind(body.as_str());
        }
        query.execute(&mut *conn).await?;
    }
    for chunk in players.chunks(ROWS_PER_INSERT) {
        let sql = insert_sql("game_players (game_id, seat, account_id)", 3, chunk.len());
        let mut query = sqlx::query(&sql);
        for (id, player) in chunk {
            query = query
                .bind(*id)
                .bind(player.seat)
                .bind(player.account_id.as_str());
        }
        query.execute(&mut *conn).await?;
    }
    if notify {
        for chunk in announcements.chunks(ROWS_PER_INSERT) {
            let sql = notify_sql(chunk.len());
            let mut query = sqlx::query(&sql);
            for text in chunk {
                query = query.bind(text.as_str());
            }
            query.execute(&mut *conn).await?;
        }
    }
    Ok(results)
}

/// `SELECT count(pg_notify(…)) FROM (VALUES ($1), …)`: one announcement
/// a value, in one statement (counted, so that the answer has a type
/// every driver reads).
fn notify_sql(values: usize) -> String {
    let mut sql = format!("SELECT count(pg_notify('{CHANNEL}', n.x)) FROM (VALUES ");
    for v in 0..values {
        if v > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!("(${})", v + 1));
    }
    sql.push_str(") AS n(x)");
    sql
}

/// The most rows one `INSERT` writes (far below both databases' limits
/// on bound values).
const ROWS_PER_INSERT: usize = 200;

/// `INSERT INTO <target> VALUES ($1, …), (…), …` for `rows` rows of
/// `columns` values.
fn insert_sql(target: &str, columns: usize, rows: usize) -> String {
    let mut sql = format!("INSERT INTO {target} VALUES ");
    for r in 0..rows {
        sql.push_str(if r == 0 { "(" } else { ", (" });
        for c in 0..columns {
            if c > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("${}", r * columns + c + 1));
        }
        sql.push(')');
    }
    sql
}

/// One write's creation or compare-and-set; `false` (and nothing
/// written) when the compare-and-set finds another version. A change's
/// tokens and events are left to [`statements`].
async fn apply(conn: &mut AnyConnection, write: &Write) -> Result<bool, sqlx::Error> {
    match write {
        Write::Create(row, _) => {
            sqlx::query(
                "INSERT INTO games (id, game, rules, seats, clock, clock_state, status, result,
                 version, seeds, commitment, server_seed, extra, created_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
            )
            .bind(&row.id)
            .bind(&row.game)
            .bind(&row.rules)
            .bind(&row.seats)
            .bind(&row.clock)
            .bind(&row.clock_state)
            .bind(&row.status)
            .bind(&row.result)
            .bind(row.version)
            .bind(&row.seeds)
            .bind(&row.commitment)
            .bind(&row.server_seed)
            .bind(&row.extra)
            .bind(row.created_ms)
            .execute(&mut *conn)
            .await?;
            Ok(true)
        }
        Write::Change { from, row, .. } => {
            let updated = sqlx::query(
                "UPDATE games SET version = $1, seats = $2, clock_state = $3, status = $4,
                 result = $5, seeds = $6, extra = $7 WHERE id = $8 AND version = $9",
            )
            .bind(row.version)
            .bind(&row.seats)
            .bind(&row.clock_state)
            .bind(&row.status)
            .bind(&row.result)
            .bind(&row.seeds)
            .bind(&row.extra)
            .bind(&row.id)
            .bind(*from)
            .execute(&mut *conn)
            .await?;
            let written = updated.rows_affected() == 1;
            if written && row.status == "over" {
                // The archive's rows, in the transaction that ends the game.
                crate::store::archive::write_finished(conn, row, crate::table::clock::now_ms())
                    .await?;
            }
            Ok(written)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{insert_sql, notify_sql};

    #[test]
    fn insert_statements_number_their_values() {
        assert_eq!(
            insert_sql("t (a, b)", 2, 2),
            "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)"
        );
        assert_eq!(
            notify_sql(2),
            "SELECT count(pg_notify('kc_events', n.x)) FROM (VALUES ($1), ($2)) AS n(x)"
        );
    }
}
