//! The ratings' storage: each account's rating per pool (`ratings`) and
//! the rated games already settled (`rated_games`), so that each finished
//! rated game changes the ratings exactly once.
//!
//! A game is settled in one transaction that first inserts its row in
//! `rated_games` (a conflict there means another settlement got there
//! first: nothing more is done), then takes the lock of each player's
//! rating row in the order of the account ids (an `UPDATE` of the row:
//! PostgreSQL locks that row until the commit, SQLite the whole database,
//! as it has one writer at a time), reads the ratings, and writes the new
//! ones. Two games of one player that end at once are thus settled one
//! after the other, neither losing the other's change. A crash between a
//! game's commit and its settlement leaves the game unsettled:
//! [`Store::settle_pending`] settles such games when the server starts.

use serde_json::json;
use sqlx::Row;

use crate::rating::skill::{rate, Pool, Skill};
use crate::rating::verdict::{judge, Finished, Verdict};
use crate::store::database::Store;
use crate::store::rows::{GameRow, StoreError};
use crate::table::clock::now_ms;

/// The most players a leaderboard lists.
pub const LEADERBOARD_SIZE: i64 = 100;

/// How many games [`Store::settle_pending`] reads at a time.
const PENDING_PAGE: i64 = 200;

/// What settling a game did.
#[derive(Debug, Clone, PartialEq)]
pub enum Settled {
    /// Not a rated game, or not over: nothing was written.
    NotRated,
    /// Settled before (by this server or another): nothing was written.
    Already,
    /// Settled now without changing a rating, for this reason.
    Unrated(String),
    /// Settled now: each seat's account and its shown rating before and
    /// after, in seat order.
    Rated(Vec<(String, f64, f64)>),
}

impl Store {
    /// Settles the ratings of the finished game stored as `row`, once: a
    /// game already settled, or one that is not rated, changes nothing.
    ///
    /// # Errors
    ///
    /// A database failure or a damaged row; nothing is written, and the
    /// game stays to be settled.
    pub async fn settle(&self, row: &GameRow) -> Result<Settled, StoreError> {
        self.settle_finished(&Finished::from(row)).await
    }

    /// [`Store::settle`] of the parts of a row the ratings read.
    async fn settle_finished(&self, game: &Finished) -> Result<Settled, StoreError> {
        let verdict = judge(game).map_err(StoreError)?;
        let (pool, reason) = match &verdict {
            Verdict::NotRated => return Ok(Settled::NotRated),
            Verdict::Unrated(reason) => (
                game.variant().map_or("", |v| Pool::of(v).word()),
                reason.as_str(),
            ),
            Verdict::Rated { pool, .. } => (pool.word(), ""),
        };
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        let marked = sqlx::query(
            "INSERT INTO rated_games (game_id, pool, counted, reason, changes, settled_ms)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(&game.id)
        .bind(pool)
        .bind(i64::from(matches!(verdict, Verdict::Rated { .. })))
        .bind(reason)
        .bind("[]")
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(Settled::Already);
        }
        let Verdict::Rated {
            pool,
            accounts,
            placing,
        } = verdict
        else {
            tx.commit().await?;
            return Ok(Settled::Unrated(reason.to_string()));
        };
        // Lock the players' rows in one order, so that two settlements
        // sharing players cannot wait for each other.
        let mut order: Vec<usize> = (0..accounts.len()).collect();
        order.sort_by(|&a, &b| accounts[a].cmp(&accounts[b]));
        let mut before: Vec<Option<(Skill, i64)>> = vec![None; accounts.len()];
        for seat in order {
            let account = &accounts[seat];
            let initial = Skill::initial(pool);
            sqlx::query(
                "INSERT INTO ratings (account_id, pool, rating, skill, games, updated_ms)
                 VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (account_id, pool) DO NOTHING",
            )
            .bind(account)
            .bind(pool.word())
            .bind(initial.shown())
            .bind(initial.to_json())
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query("UPDATE ratings SET games = games WHERE account_id = $1 AND pool = $2")
                .bind(account)
                .bind(pool.word())
                .execute(&mut *tx)
                .await?;
            let row =
                sqlx::query("SELECT skill, games FROM ratings WHERE account_id = $1 AND pool = $2")
                    .bind(account)
                    .bind(pool.word())
                    .fetch_one(&mut *tx)
                    .await?;
            let skill: String = row.try_get(0)?;
            let games: i64 = row.try_get(1)?;
            before[seat] = Some((Skill::from_json(pool, &skill).map_err(StoreError)?, games));
        }
        let before: Vec<(Skill, i64)> = before.into_iter().flatten().collect();
        let teams: Vec<Vec<Skill>> = placing
            .teams
            .iter()
            .map(|team| team.iter().map(|&seat| before[seat].0).collect())
            .collect();
        let after_teams = rate(pool, &teams, &placing.ranks).map_err(StoreError)?;
        let mut after: Vec<Skill> = before.iter().map(|(skill, _)| *skill).collect();
        for (team, skills) in placing.teams.iter().zip(after_teams) {
            for (&seat, skill) in team.iter().zip(skills) {
                after[seat] = skill;
            }
        }
        let mut changes = Vec::new();
        for (seat, account) in accounts.iter().enumerate() {
            let (old, games) = before[seat];
            let new = after[seat];
            sqlx::query(
                "UPDATE ratings SET rating = $1, skill = $2, games = $3, updated_ms = $4
                 WHERE account_id = $5 AND pool = $6",
            )
            .bind(new.shown())
            .bind(new.to_json())
            .bind(games + 1)
            .bind(now)
            .bind(account)
            .bind(pool.word())
            .execute(&mut *tx)
            .await?;
            changes.push((account.clone(), old.shown(), new.shown()));
        }
        let changes_json: Vec<_> = changes
            .iter()
            .map(|(account, old, new)| json!({ "account": account, "before": old, "after": new }))
            .collect();
        sqlx::query("UPDATE rated_games SET changes = $1 WHERE game_id = $2")
            .bind(json!(changes_json).to_string())
            .bind(&game.id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Settled::Rated(changes))
    }

    /// Settles every finished rated game not settled yet (a crash between
    /// a game's end and its settlement); returns how many it settled. A
    /// game that fails is reported on standard error and left for the next
    /// start.
    ///
    /// # Errors
    ///
    /// A database failure while looking for the games.
    pub async fn settle_pending(&self) -> Result<usize, StoreError> {
        let mut after = String::new();
        let mut settled = 0;
        loop {
            let rows = sqlx::query(
                "SELECT g.id, g.game, g.rules, g.status, g.seats, g.result, g.extra FROM games g
                 WHERE g.status = $1 AND g.extra LIKE $2 AND g.id > $3
                 AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id)
                 ORDER BY g.id LIMIT $4",
            )
            .bind("over")
            .bind("%\"rated\":true%")
            .bind(&after)
            .bind(PENDING_PAGE)
            .fetch_all(&self.pool)
            .await?;
            for row in &rows {
                let game = Finished {
                    id: row.try_get(0)?,
                    game: row.try_get(1)?,
                    rules: row.try_get(2)?,
                    status: row.try_get(3)?,
                    seats: row.try_get(4)?,
                    result: row.try_get(5)?,
                    extra: row.try_get(6)?,
                };
                match self.settle_finished(&game).await {
                    Ok(Settled::Rated(_) | Settled::Unrated(_)) => settled += 1,
                    Ok(Settled::NotRated | Settled::Already) => {}
                    Err(e) => tracing::error!(game = %game.id, "ratings: {e}"),
                }
                after = game.id;
            }
            if (rows.len() as i64) < PENDING_PAGE {
                return Ok(settled);
            }
        }
    }

    /// An account's ratings: `(pool word, shown rating rounded, games)`
    /// for each pool it has played a counted game in, in [`Pool::ALL`]'s
    /// order.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn ratings_of(
        &self,
        account_id: &str,
    ) -> Result<Vec<(String, i64, i64)>, StoreError> {
        let rows = sqlx::query("SELECT pool, rating, games FROM ratings WHERE account_id = $1")
            .bind(account_id)
            .fetch_all(&self.pool)
            .await?;
        let mut out = Vec::new();
        for row in &rows {
            let pool: String = row.try_get(0)?;
            let rating: f64 = row.try_get(1)?;
            out.push((pool, rating.round() as i64, row.try_get::<i64, _>(2)?));
        }
        out.sort_by_key(|(pool, _, _)| {
            Pool::ALL
                .iter()
                .position(|p| p.word() == pool)
                .unwrap_or(usize::MAX)
        });
        Ok(out)
    }

    /// An account's ratings as `GET /api/players/<name>` shows them:
    /// How the finished rated game `game_id` was settled, once it is:
    /// `{"pool", "counted", "reason", "changes": [{"seat", "before",
    /// "after"}]}` (ratings rounded; `reason` says why a game did not
    /// count, and `changes` is then empty).
    ///
    /// # Errors
    ///
    /// A database failure, or a stored settlement that does not read.
    pub async fn settlement(&self, game_id: &str) -> Result<Option<serde_json::Value>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT pool, counted, reason, changes FROM rated_games WHERE game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let counted: i64 = row.try_get(1)?;
        let stored: String = row.try_get(3)?;
        let changes: Vec<serde_json::Value> = serde_json::from_str(&stored)
            .map_err(|e| StoreError(format!("rated game {game_id}: changes: {e}")))?;
        let changes: Vec<serde_json::Value> = changes
            .iter()
            .enumerate()
            .map(|(seat, change)| {
                let round = |key: &str| change[key].as_f64().map(|r| r.round() as i64);
                json!({ "seat": seat, "before": round("before"), "after": round("after") })
            })
            .collect();
        Ok(Some(json!({
            "pool": row.try_get::<String, _>(0)?,
            "counted": counted == 1,
            "reason": row.try_get::<String, _>(2)?,
            "changes": changes,
        })))
    }

    /// `{"<pool>": {"rating", "games"}}` for every pool, a pool not played
    /// yet showing a new player's rating and 0 games.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn ratings_json(&self, account_id: &str) -> Result<serde_json::Value, StoreError> {
        let played = self.ratings_of(account_id).await?;
        let mut map = serde_json::Map::new();
        for pool in Pool::ALL {
            let (rating, games) = played
                .iter()
                .find(|(word, _, _)| word == pool.word())
                .map_or(
                    (Skill::initial(pool).shown().round() as i64, 0),
                    |(_, r, g)| (*r, *g),
                );
            map.insert(
                pool.word().to_string(),
                json!({ "rating": rating, "games": games }),
            );
        }
        Ok(serde_json::Value::Object(map))
    }

    /// The best [`LEADERBOARD_SIZE`] players of `pool`, best first:
    /// `(name, shown rating rounded, games)`.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn leaderboard(&self, pool: Pool) -> Result<Vec<(String, i64, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT a.name, r.rating, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id
             WHERE r.pool = $1 ORDER BY r.rating DESC, r.account_id DESC LIMIT $2",
        )
        .bind(pool.word())
        .bind(LEADERBOARD_SIZE)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let rating: f64 = row.try_get(1)?;
                Ok((row.try_get(0)?, rating.round() as i64, row.try_get(2)?))
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}
