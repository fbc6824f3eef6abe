//! The archive's routes: `GET /api/games?…` (a search of finished
//! games), `GET /api/players/<name>/records` (a player's records as one
//! file, streamed a page at a time) and `GET /api/games/<id>/positions`
//! (each ply's position, for the replay).
//!
//! Every parameter is checked before any query: an unknown parameter or
//! value, a bad cursor or date, a page size past [`MAX_LIMIT`] answer 400
//! with the reason.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use crate::accounts::names::AccountName;
use crate::http::error::ApiError;
use crate::live::app::App;
use crate::store::archive::{
    self, parse_cursor, Search, DEFAULT_LIMIT, MAX_LIMIT, OUTCOME_WORDS, RESULT_WORDS,
};
use crate::table::game::Table;
use kaissa_chaturaji::game::RULES_NAMES;

/// The parameters of a search, as `(name, value)` pairs.
pub type Params = Vec<(String, String)>;

/// The parameters read, or 400.
pub fn params(query: Result<Query<Params>, QueryRejection>) -> Result<Params, ApiError> {
    query
        .map(|Query(pairs)| pairs)
        .map_err(|e| ApiError::bad_request(format!("bad query: {}", e.body_text())))
}

/// Milliseconds since 1970 of a date: `YYYY-MM-DD` (its midnight, UTC),
/// `YYYY-MM-DDTHH:MM:SSZ`, or a number of milliseconds.
///
/// # Errors
///
/// Any other text, as a message.
pub fn parse_time(text: &str) -> Result<i64, String> {
    let bad = || {
        format!("bad date {text:?}: expected YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or milliseconds since 1970")
    };
    if !text.is_empty() && text.len() <= 15 && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().map_err(|_| bad());
    }
    let (date, time) = match text.split_once('T') {
        Some((date, time)) => (date, Some(time.strip_suffix('Z').ok_or_else(bad)?)),
        None => (text, None),
    };
    let number = |s: &str, len: usize, max: i64| -> Result<i64, String> {
        if s.len() != len || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let n: i64 = s.parse().map_err(|_| bad())?;
        if n > max {
            return Err(bad());
        }
        Ok(n)
    };
    let parts: Vec<&str> = date.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    let (y, m, d) = (number(y, 4, 9999)?, number(m, 2, 12)?, number(d, 2, 31)?);
    if m == 0 || d == 0 {
        return Err(bad());
    }
    let mut seconds = days_from_civil(y, m, d) * 86_400;
    if let Some(time) = time {
        let parts: Vec<&str> = time.split(':').collect();
        let [h, mi, s] = parts.as_slice() else {
            return Err(bad());
        };
        seconds += number(h, 2, 23)? * 3600 + number(mi, 2, 59)? * 60 + number(s, 2, 59)?;
    }
    Ok(seconds * 1000)
}

/// Days since 1970-01-01 of a date of the proleptic Gregorian calendar.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Reads a search from its parameters; `player` is the player of the
/// path (`/api/players/<name>/records`), if any.
///
/// # Errors
///
/// 400 for an unknown parameter or a bad value, 404 for an unknown
/// player.
pub async fn read_search(
    app: &App,
    pairs: &[(String, String)],
    player: Option<&str>,
) -> Result<Search, ApiError> {
    let mut search = Search {
        limit: DEFAULT_LIMIT,
        ..Search::default()
    };
    let mut name = player.map(str::to_string);
    let mut seen: Vec<&str> = Vec::new();
    for (key, value) in pairs {
        if seen.contains(&key.as_str()) {
            return Err(ApiError::bad_request(format!(
                "parameter {key:?} is given twice"
            )));
        }
        seen.push(key);
        let one_of = |words: &[&str]| -> Result<String, ApiError> {
            if words.contains(&value.as_str()) {
                Ok(value.clone())
            } else {
                Err(ApiError::bad_request(format!(
                    "bad {key} {:?}: expected one of {}",
                    excerpt(value),
                    words.join(", ")
                )))
            }
        };
        match key.as_str() {
            "status" => {
                one_of(&["finished"])?;
            }
            "player" if player.is_none() => name = Some(value.clone()),
            "game" => search.game = Some(one_of(&["kaissa", "chaturaji"])?),
            "rules" => search.rules = Some(one_of(&RULES_NAMES)?),
            "outcome" => search.outcome = Some(one_of(&OUTCOME_WORDS)?),
            "result" => search.result = Some(one_of(&RESULT_WORDS)?),
            "since" => search.since_ms = Some(parse_time(value).map_err(ApiError::bad_request)?),
            "until" => {
                let ms = parse_time(value).map_err(ApiError::bad_request)?;
                // A date alone takes in its whole day.
                let day = !value.contains('T') && value.contains('-');
                search.until_ms = Some(if day { ms + 86_400_000 } else { ms + 1 });
            }
            "cursor" => {
                search.cursor = Some(parse_cursor(value).map_err(ApiError::bad_request)?);
            }
            "limit" => {
                search.limit = value
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (1..=MAX_LIMIT).contains(n))
                    .ok_or_else(|| {
                        ApiError::bad_request(format!(
                            "bad limit {:?}: expected 1 to {MAX_LIMIT}",
                            excerpt(value)
                        ))
                    })?;
            }
            _ => {
                return Err(ApiError::bad_request(format!(
                    "unknown parameter {:?}: expected status, player, game, rules, outcome, result, since, until, cursor or limit",
                    excerpt(key)
                )))
            }
        }
    }
    if search.rules.is_some() && search.game.as_deref() == Some("kaissa") {
        return Err(ApiError::bad_request(
            "Merchant Kaissa has no rules options: rules go with game=chaturaji",
        ));
    }
    if let Some(name) = name {
        AccountName::parse(&name)
            .map_err(|e| ApiError::bad_request(format!("bad player name: {e}")))?;
        let account = app
            .store
            .account_by_name(&name)
            .await?
            .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such player"))?;
        search.player = Some((account.id, account.name));
    } else if search.result.is_some() {
        return Err(ApiError::bad_request(
            "result (won, lost, drawn) is relative to a player: give player too",
        ));
    }
    Ok(search)
}

/// At most 40 characters of a value, for an error message.
fn excerpt(text: &str) -> String {
    text.chars().take(40).collect()
}

/// `GET /api/games?status=finished&…`: a page of the archive.
///
/// # Errors
///
/// 400 for bad parameters, 404 for an unknown player, 500 for storage.
pub async fn games(app: &App, pairs: &[(String, String)]) -> Result<Value, ApiError> {
    let search = read_search(app, pairs, None).await?;
    let page = search_page(app, &search).await?;
    let games: Vec<Value> = page.items.into_iter().map(|item| item.json).collect();
    Ok(json!({ "games": games, "next": page.next }))
}

/// One page of `search`.
async fn search_page(app: &App, search: &Search) -> Result<crate::store::archive::Page, ApiError> {
    Ok(archive::search(app.store.pool(), search).await?)
}

/// How many games a page of the records stream reads at once.
pub const RECORDS_PAGE: i64 = 20;

/// `GET /api/players/<name>/records[?game=..&…]`: the player's finished
/// games as one file of records, newest first, streamed a page of
/// [`RECORDS_PAGE`] games at a time (never the whole file in memory).
///
/// # Errors
///
/// 400 for bad parameters, 404 for an unknown player; a failure once
/// the stream has begun cuts it short.
pub async fn records(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let pairs = params(query)?;
    if pairs
        .iter()
        .any(|(key, _)| key == "player" || key == "limit")
    {
        return Err(ApiError::bad_request(
            "the player is the path's; the records come all at once (no limit)",
        ));
    }
    let mut search = read_search(&app, &pairs, Some(&name)).await?;
    search.limit = RECORDS_PAGE;
    let shown = search
        .player
        .as_ref()
        .map(|(_, name)| name.clone())
        .unwrap_or_default();
    // Each step: one page of games, their records, the next cursor.
    let stream = futures_util::stream::unfold(
        (app, search, false, true),
        |(app, mut search, done, first)| async move {
            if done {
                return None;
            }
            let page = match search_page(&app, &search).await {
                Ok(page) => page,
                Err(e) => {
                    return Some((
                        Err(std::io::Error::other(e.message)),
                        (app, search, true, first),
                    ))
                }
            };
            let mut text = String::new();
            let mut first = first;
            for item in &page.items {
                let record = app
                    .stored(&item.id)
                    .await
                    .map_err(ApiError::from)
                    .and_then(|live| crate::live::record::build(&live).map_err(ApiError::internal));
                match record {
                    Ok(record) => {
                        if !first {
                            text.push('\n');
                        }
                        first = false;
                        text.push_str(&record);
                    }
                    Err(e) => {
                        return Some((
                            Err(std::io::Error::other(e.message)),
                            (app, search, true, first),
                        ))
                    }
                }
            }
            let done = page.next.is_none();
            search.cursor = page
                .items
                .last()
                .map(|last| (last.ended_ms, last.id.clone()));
            Some((Ok(Bytes::from(text)), (app, search, done, first)))
        },
    );
    let disposition = format!("attachment; filename=\"{}-games.txt\"", file_stem(&shown));
    let mut response = Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

/// A name's letters and digits for a file name (`games` when none).
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    if stem.is_empty() {
        "games".into()
    } else {
        stem
    }
}

/// `GET /api/games/<id>/record[?download=1]`: the record as text; with
/// `download=1` as an attachment (`kc-<id>.txt`).
///
/// # Errors
///
/// 400 for a bad parameter, 404 for an unknown game.
pub async fn record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Response, ApiError> {
    let mut download = false;
    for (key, value) in params(query)? {
        match (key.as_str(), value.as_str()) {
            ("download", "1" | "true") => download = true,
            ("download", "0" | "false") => download = false,
            _ => {
                return Err(ApiError::bad_request(
                    "the record takes one parameter: download=1",
                ))
            }
        }
    }
    let text = app.record(&id).await?;
    let mut response =
        ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response();
    if download {
        if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"kc-{id}.txt\"")) {
            response
                .headers_mut()
                .insert(header::CONTENT_DISPOSITION, value);
        }
    }
    Ok(response)
}

/// The most positions one `GET /api/games/<id>/positions` answers.
pub const POSITIONS_PAGE: usize = 200;

/// `GET /api/games/<id>/positions?from=N&count=M`: the positions after
/// plies `N` to `N + M - 1` (ply 0 is the start, ply k follows the k-th
/// token), at most [`POSITIONS_PAGE`] of them: `{"plies": <tokens in the
/// game>, "positions": [{"ply", "move" (the token that led there, null at
/// the start), "position" (position text), "board" (as the table page
/// draws it)}]}`. The server reads the game from storage and replays its
/// tokens; the page holds no rules.
///
/// # Errors
///
/// 400 for bad parameters, 404 for an unknown game.
pub async fn positions(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let mut from = 0usize;
    let mut count = POSITIONS_PAGE;
    for (key, value) in params(query)? {
        let n = value.parse::<usize>().ok();
        match (key.as_str(), n) {
            ("from", Some(n)) => from = n,
            ("count", Some(n)) if (1..=POSITIONS_PAGE).contains(&n) => count = n,
            _ => {
                return Err(ApiError::bad_request(format!(
                    "expected from=<ply> and count=<1 to {POSITIONS_PAGE}>"
                )))
            }
        }
    }
    let mut replay = app.stored(&id).await?;
    let tokens = replay.table.tokens().to_vec();
    replay.table = Table::new(replay.variant());
    let end = from.saturating_add(count).min(tokens.len() + 1);
    let mut positions = Vec::with_capacity(end.saturating_sub(from));
    for ply in 0..end {
        if ply > 0 {
            replay
                .replay(&tokens[ply - 1])
                .map_err(|e| ApiError::internal(format!("game {id} does not replay: {e}")))?;
        }
        if ply >= from {
            let game = replay.table.game();
            positions.push(json!({
                "ply": ply,
                "move": ply.checked_sub(1).map(|k| &tokens[k]),
                "position": game.to_string(),
                "board": crate::table::board::board(game),
                "last_move": replay.table.last_move(),
            }));
        }
    }
    Ok(Json(
        json!({ "plies": tokens.len(), "positions": positions }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(parse_time("1970-01-01"), Ok(0));
        assert_eq!(parse_time("1970-01-02T00:00:01Z"), Ok(86_401_000));
        assert_eq!(parse_time("2000-03-01"), Ok(951_868_800_000));
        assert_eq!(parse_time("1234"), Ok(1234));
        for bad in [
            "",
            "2020-13-01",
            "2020-1-01",
            "yesterday",
            "2020-01-01T25:00:00Z",
            "1' OR '1'='1",
            "99999999999999999999",
        ] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
    }
}
