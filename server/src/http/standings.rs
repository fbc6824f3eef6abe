//! The leaderboard: `GET /api/leaderboard?pool=<pool>` (JSON) and the
//! page `/leaderboard` (one table per pool, rendered on the server).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use crate::http::error::ApiError;
use crate::live::app::App;
use crate::rating::skill::Pool;

/// The page's frame; the tables replace the marker `<!-- standings -->`.
const PAGE: &str = include_str!("../../static/leaderboard.html");

/// The pool named by a query's `pool`, or a 400 that lists the pools.
fn pool_of(query: &HashMap<String, String>) -> Result<Pool, ApiError> {
    let words: Vec<&str> = Pool::ALL.iter().map(|p| p.word()).collect();
    query
        .get("pool")
        .and_then(|word| Pool::from_word(word))
        .ok_or_else(|| ApiError::bad_request(format!("pool must be one of {}", words.join(", "))))
}

/// `GET /api/leaderboard?pool=<pool>`: `{"players": [{"name", "rating",
/// "games"}, ...]}`, best first, at most
/// [`LEADERBOARD_SIZE`](crate::rating::store::LEADERBOARD_SIZE) players.
///
/// # Errors
///
/// 400 for a missing or unknown pool; 500 for storage.
pub async fn leaderboard(
    State(app): State<Arc<App>>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let pool = pool_of(&query)?;
    let players: Vec<Value> = app
        .store
        .leaderboard(pool)
        .await?
        .into_iter()
        .map(|(name, rating, games)| json!({ "name": name, "rating": rating, "games": games }))
        .collect();
    Ok(Json(json!({ "players": players })))
}

/// `GET /leaderboard`: one table per pool, names linking to `/@/<name>`.
pub async fn page(State(app): State<Arc<App>>) -> Response {
    let mut tables = String::new();
    for pool in Pool::ALL {
        let players = match app.store.leaderboard(pool).await {
            Ok(players) => players,
            Err(e) => return ApiError::internal(e.to_string()).into_response(),
        };
        tables.push_str(&table(pool, &players));
    }
    Html(PAGE.replace("<!-- standings -->", &tables)).into_response()
}

/// A pool's title on the page.
fn title(pool: Pool) -> &'static str {
    match pool {
        Pool::Kaissa => "Merchant Kaissa",
        Pool::ChaturajiAlliances => "Chaturaji, alliances (sheet and opposite)",
        Pool::ChaturajiLudii => "Chaturaji, Ludii ruleset (every colour for itself)",
    }
}

/// One pool's heading and table.
fn table(pool: Pool, players: &[(String, i64, i64)]) -> String {
    let mut out = format!("<h2>{}</h2>\n", title(pool));
    if players.is_empty() {
        let _ = writeln!(
            out,
            "<p data-pool=\"{}\" data-empty>No rated game yet.</p>",
            pool.word()
        );
        return out;
    }
    let _ = writeln!(
        out,
        "<table class=\"standings\" data-pool=\"{}\">\n<tr><th>#</th><th>Player</th><th>Rating</th><th>Games</th></tr>",
        pool.word()
    );
    for (i, (name, rating, games)) in players.iter().enumerate() {
        let _ = writeln!(
            out,
            "<tr data-player=\"{shown}\"><td class=\"number\">{}</td><td><a href=\"/@/{}\">{shown}</a></td><td class=\"number\" data-rating>{rating}</td><td class=\"number\" data-games>{games}</td></tr>",
            i + 1,
            path_segment(name),
            shown = escape(name),
        );
    }
    out.push_str("</table>\n");
    out
}

/// `text` with HTML's special characters escaped.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// `text` as one percent-encoded URL path segment (every byte but
/// letters, digits and `-._~` encoded).
#[must_use]
pub fn path_segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_and_encoded() {
        assert_eq!(escape("<a&'\">"), "&lt;a&amp;&#39;&quot;&gt;");
        assert_eq!(path_segment("Ann Lee/é"), "Ann%20Lee%2F%C3%A9");
        let html = table(Pool::Kaissa, &[("<b>".into(), 1510, 3)]);
        assert!(html.contains("href=\"/@/%3Cb%3E\""), "{html}");
        assert!(html.contains(">&lt;b&gt;</a>"), "{html}");
        assert!(!html.contains("<b>"), "{html}");
        assert!(table(Pool::ChaturajiLudii, &[]).contains("data-empty"));
    }

    #[test]
    fn pools_are_named_in_the_query() {
        let query = |pool: &str| HashMap::from([("pool".to_string(), pool.to_string())]);
        assert_eq!(pool_of(&query("kaissa")).unwrap(), Pool::Kaissa);
        assert_eq!(
            pool_of(&query("chaturaji-ludii")).unwrap(),
            Pool::ChaturajiLudii
        );
        let e = pool_of(&query("chess")).unwrap_err();
        assert_eq!(e.status.as_u16(), 400);
        assert!(pool_of(&HashMap::new()).is_err());
    }
}
