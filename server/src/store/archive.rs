//! The archive of finished games: two tables written in the same
//! transaction as the change that ends a game, and the searches over them.
//!
//! `finished` has one row a finished game (its game, rules, outcome,
//! termination, players as shown and end time); `finished_players` one
//! row a seat held by an account, with the same columns copied beside the
//! seat's own result (`won`, `lost`, `drawn`, or `none` for an aborted
//! game), so that a player's search walks one index,
//! `(account_id, ended_ms, game_id)`. Every search is newest first by
//! `(ended_ms, game_id)`, a page at a time from an opaque keyset cursor,
//! with every value bound. Private games are kept out of the archive.

use kaissa_chaturaji::game::Variant;
use serde_json::{json, Value};
use sqlx::{AnyConnection, AnyPool, Row};

use crate::store::rows::{GameRow, StoreError};
use crate::table::ending::Ending;
use crate::table::game::seat_colours;
use crate::table::seats::Seat;

/// The default page size of a search.
pub const DEFAULT_LIMIT: i64 = 20;

/// The largest page size of a search.
pub const MAX_LIMIT: i64 = 100;

/// The result words relative to a player.
pub const RESULT_WORDS: [&str; 3] = ["won", "lost", "drawn"];

/// The outcome words a finished game may have (`ongoing`: aborted).
pub const OUTCOME_WORDS: [&str; 10] = [
    "draw",
    "ongoing",
    "yellow-wins",
    "red-wins",
    "black-wins",
    "green-wins",
    "rg-wins",
    "by-wins",
    "ry-wins",
    "bg-wins",
];

/// What seat `colour` made of `outcome`: `won`, `lost`, `drawn`, or
/// `none` (an aborted game, outcome `ongoing`).
#[must_use]
pub fn seat_result(outcome: &str, colour: &str) -> &'static str {
    match outcome {
        "draw" => "drawn",
        "ongoing" => "none",
        _ => {
            let winner = outcome.strip_suffix("-wins").unwrap_or("");
            let won = if winner.len() == 2 {
                // An alliance: the initials of its two colours.
                winner.contains(colour.chars().next().unwrap_or('?'))
            } else {
                winner == colour
            };
            if won {
                "won"
            } else {
                "lost"
            }
        }
    }
}

/// A decoding failure inside a write, as the database error the writer
/// rolls back on.
fn decode(what: &str, e: &dyn std::fmt::Display) -> sqlx::Error {
    sqlx::Error::Protocol(format!("archive: column {what}: {e}"))
}

/// Writes the archive rows of a game that is over (`row.status` is
/// `over`), ended at `ended_ms`, on the writer's connection (so in the
/// transaction of the change that ended it). A game already archived is
/// left as it is.
///
/// # Errors
///
/// A database failure, or a row whose JSON columns do not read.
pub async fn write_finished(
    conn: &mut AnyConnection,
    row: &GameRow,
    ended_ms: i64,
) -> Result<(), sqlx::Error> {
    let ending: Option<Ending> =
        serde_json::from_str(&row.result).map_err(|e| decode("result", &e))?;
    let seats: Vec<Seat> = serde_json::from_str(&row.seats).map_err(|e| decode("seats", &e))?;
    let extra: Value = serde_json::from_str(&row.extra).map_err(|e| decode("extra", &e))?;
    let (outcome, termination) = ending
        .map(|e| (e.outcome, e.termination))
        .unwrap_or_else(|| ("ongoing".into(), "abandoned".into()));
    let colours = seat_colours(
        Variant::from_game_and_rules(&row.game, Some(&row.rules))
            .map_err(|e| decode("game", &e))?,
    );
    let players: Vec<Value> = seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let name = seat
                .name
                .clone()
                .or_else(|| seat.bot_spec().map(|s| format!("bot {s}")));
            let mut player = json!({ "seat": i, "colour": colours.get(i), "name": name });
            if seat.account.is_some() {
                player["account"] = json!(seat.name);
            }
            player
        })
        .collect();
    let private = i64::from(extra.get("private").and_then(Value::as_bool) == Some(true));
    let inserted = sqlx::query(
        "INSERT INTO finished (game_id, game, rules, outcome, termination, players, private,
         ended_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(&row.id)
    .bind(&row.game)
    .bind(&row.rules)
    .bind(&outcome)
    .bind(&termination)
    .bind(Value::from(players).to_string())
    .bind(private)
    .bind(ended_ms)
    .execute(&mut *conn)
    .await?;
    if inserted.rows_affected() == 0 {
        return Ok(());
    }
    for (i, seat) in seats.iter().enumerate() {
        let Some(account) = &seat.account else {
            continue;
        };
        sqlx::query(
            "INSERT INTO finished_players (game_id, seat, account_id, result, game, rules,
             outcome, private, ended_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (game_id, seat) DO NOTHING",
        )
        .bind(&row.id)
        .bind(i as i64)
        .bind(account)
        .bind(seat_result(&outcome, colours.get(i).copied().unwrap_or("")))
        .bind(&row.game)
        .bind(&row.rules)
        .bind(&outcome)
        .bind(private)
        .bind(ended_ms)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Archives the games over that the archive lacks (a database from before
/// it existed), a batch at a time; their end time is their last move's,
/// else their creation's. Returns how many it archived.
///
/// # Errors
///
/// A database failure.
pub async fn backfill(pool: &AnyPool) -> Result<usize, StoreError> {
    let mut after = String::new();
    let mut count = 0;
    loop {
        let rows = sqlx::query(
            "SELECT g.id, g.game, g.rules, g.seats, g.result, g.extra, g.created_ms,
             (SELECT MAX(m.at_ms) FROM moves m WHERE m.game_id = g.id)
             FROM games g WHERE g.status = $1 AND g.id > $2
             AND NOT EXISTS (SELECT 1 FROM finished f WHERE f.game_id = g.id)
             ORDER BY g.id LIMIT 200",
        )
        .bind("over")
        .bind(&after)
        .fetch_all(pool)
        .await?;
        let Some(last) = rows.last() else {
            return Ok(count);
        };
        after = last.try_get(0)?;
        let mut conn = pool.acquire().await?;
        for r in &rows {
            let created: i64 = r.try_get(6)?;
            let last_move: Option<i64> = r.try_get(7)?;
            let row = GameRow {
                id: r.try_get(0)?,
                game: r.try_get(1)?,
                rules: r.try_get(2)?,
                seats: r.try_get(3)?,
                result: r.try_get(4)?,
                extra: r.try_get(5)?,
                status: "over".into(),
                clock: String::new(),
                clock_state: String::new(),
                version: 0,
                seeds: String::new(),
                commitment: String::new(),
                server_seed: String::new(),
                created_ms: created,
            };
            match write_finished(&mut conn, &row, last_move.unwrap_or(created)).await {
                Ok(()) => count += 1,
                Err(e) => tracing::error!(game = %row.id, "archive: {e}"),
            }
        }
    }
}

/// A search of the archive, its values checked.
#[derive(Debug, Clone, Default)]
pub struct Search {
    /// The player: account id and name.
    pub player: Option<(String, String)>,
    /// `kaissa` or `chaturaji`.
    pub game: Option<String>,
    /// A Chaturaji rules word.
    pub rules: Option<String>,
    /// An outcome word.
    pub outcome: Option<String>,
    /// `won`, `lost` or `drawn`, relative to the player.
    pub result: Option<String>,
    /// Ended at or after this time (ms).
    pub since_ms: Option<i64>,
    /// Ended before this time (ms).
    pub until_ms: Option<i64>,
    /// Older than this `(ended_ms, game_id)`.
    pub cursor: Option<(i64, String)>,
    /// The page size.
    pub limit: i64,
}

/// A value bound to a search's statement.
enum Bound {
    Text(String),
    Int(i64),
}

/// One archived game as a search lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The game's id.
    pub id: String,
    /// When it ended (ms).
    pub ended_ms: i64,
    /// The item as JSON.
    pub json: Value,
}

/// A page of a search: its items and the cursor of the next page.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// The games, newest first.
    pub items: Vec<Item>,
    /// The cursor of the next page, when there may be one.
    pub next: Option<String>,
}

/// The cursor after `(ended_ms, id)`: opaque to clients.
#[must_use]
pub fn cursor_text(ended_ms: i64, id: &str) -> String {
    format!("{ended_ms:x}.{id}")
}

/// Reads a cursor made by [`cursor_text`].
///
/// # Errors
///
/// A text no page gave, as a message.
pub fn parse_cursor(text: &str) -> Result<(i64, String), String> {
    let bad = || "bad cursor: pass the \"next\" of a previous page".to_string();
    let (ms, id) = text.split_once('.').ok_or_else(bad)?;
    if ms.is_empty() || ms.len() > 15 || !crate::table::id::valid_id(id) {
        return Err(bad());
    }
    let ms = i64::from_str_radix(ms, 16).map_err(|_| bad())?;
    Ok((ms, id.to_string()))
}

/// Runs `search`: one page, newest first.
///
/// # Errors
///
/// A database failure.
pub async fn search(pool: &AnyPool, search: &Search) -> Result<Page, StoreError> {
    let mut binds = Vec::new();
    let mut clauses = Vec::new();
    let mut bind = |clause: &str, value: Bound, binds: &mut Vec<Bound>| {
        binds.push(value);
        clauses.push(clause.replace('?', &format!("${}", binds.len())));
    };
    // `t` is the table searched (a player's rows, or every game's), `f`
    // the games' rows.
    let (from, f) = if let Some((account, _)) = &search.player {
        bind("t.account_id = ?", Bound::Text(account.clone()), &mut binds);
        (
            "finished_players t JOIN finished f ON f.game_id = t.game_id",
            "f",
        )
    } else {
        ("finished t", "t")
    };
    bind("t.private = ?", Bound::Int(0), &mut binds);
    if let Some(game) = &search.game {
        bind("t.game = ?", Bound::Text(game.clone()), &mut binds);
    }
    if let Some(rules) = &search.rules {
        bind("t.game = ?", Bound::Text("chaturaji".into()), &mut binds);
        bind("t.rules = ?", Bound::Text(rules.clone()), &mut binds);
    }
    if let Some(outcome) = &search.outcome {
        bind("t.outcome = ?", Bound::Text(outcome.clone()), &mut binds);
    }
    if let Some(result) = &search.result {
        bind("t.result = ?", Bound::Text(result.clone()), &mut binds);
    }
    if let Some(since) = search.since_ms {
        bind("t.ended_ms >= ?", Bound::Int(since), &mut binds);
    }
    if let Some(until) = search.until_ms {
        bind("t.ended_ms < ?", Bound::Int(until), &mut binds);
    }
    if let Some((ms, id)) = &search.cursor {
        binds.push(Bound::Int(*ms));
        binds.push(Bound::Int(*ms));
        binds.push(Bound::Text(id.clone()));
        let n = binds.len();
        // The bound on `ended_ms` alone lets the index seek to the cursor.
        clauses.push(format!(
            "t.ended_ms <= ${} AND (t.ended_ms < ${} OR t.game_id < ${})",
            n - 2,
            n - 1,
            n
        ));
    }
    let limit = search.limit.clamp(1, MAX_LIMIT);
    binds.push(Bound::Int(limit + 1));
    // Only fixed fragments and placeholders: every value is bound.
    let sql = format!(
        "SELECT {f}.game_id, {f}.game, {f}.rules, {f}.outcome, {f}.termination, {f}.players,
         {f}.ended_ms FROM {from} WHERE {} ORDER BY t.ended_ms DESC, t.game_id DESC LIMIT ${}",
        clauses.join(" AND "),
        binds.len()
    );
    let mut query = sqlx::query(&sql);
    for value in binds {
        query = match value {
            Bound::Text(text) => query.bind(text),
            Bound::Int(n) => query.bind(n),
        };
    }
    let rows = query.fetch_all(pool).await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in &rows {
        let id: String = row.try_get(0)?;
        let game: String = row.try_get(1)?;
        let rules: String = row.try_get(2)?;
        let players: String = row.try_get(5)?;
        let ended_ms: i64 = row.try_get(6)?;
        let players: Value = serde_json::from_str(&players)
            .map_err(|e| StoreError(format!("archive: game {id}: players: {e}")))?;
        let json = json!({
            "id": id,
            "game": game,
            "rules": (game == "chaturaji").then_some(rules),
            "outcome": row.try_get::<String, _>(3)?,
            "termination": row.try_get::<String, _>(4)?,
            "players": players,
            "ended": ended_ms,
            "url": format!("/g/{id}"),
        });
        items.push(Item { id, ended_ms, json });
    }
    let more = items.len() as i64 > limit;
    items.truncate(limit as usize);
    let next = if more {
        items
            .last()
            .map(|last| cursor_text(last.ended_ms, &last.id))
    } else {
        None
    };
    Ok(Page { items, next })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_of_seats() {
        assert_eq!(seat_result("yellow-wins", "yellow"), "won");
        assert_eq!(seat_result("yellow-wins", "red"), "lost");
        assert_eq!(seat_result("rg-wins", "green"), "won");
        assert_eq!(seat_result("rg-wins", "black"), "lost");
        assert_eq!(seat_result("by-wins", "yellow"), "won");
        assert_eq!(seat_result("draw", "red"), "drawn");
        assert_eq!(seat_result("ongoing", "red"), "none");
        assert_eq!(seat_result("green-wins", "green"), "won");
    }

    #[test]
    fn cursors_go_and_come_back() {
        let text = cursor_text(1_700_000_000_123, "0123456789abcdef");
        assert_eq!(
            parse_cursor(&text).unwrap(),
            (1_700_000_000_123, "0123456789abcdef".to_string())
        );
        for bad in [
            "",
            ".",
            "x.0123456789abcdef",
            "1.0123",
            "1;DROP TABLE games",
            "ffffffffffffffff.0123456789abcdef",
        ] {
            assert!(parse_cursor(bad).is_err(), "{bad}");
        }
    }
}
