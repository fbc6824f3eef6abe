//! The archive's pages: `/archive` (a search of finished games) and
//! `/@/<name>` (a player: ratings, recent games, all their records), and
//! their scripts, embedded in the binary and served by
//! [`crate::http::pages::file`] from [`FILES`].

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use crate::live::app::App;

/// The archive's static files: name, content type, contents.
pub const FILES: [(&str, &str, &str); 3] = [
    (
        "archive.js",
        "text/javascript",
        include_str!("../../static/archive.js"),
    ),
    (
        "player.js",
        "text/javascript",
        include_str!("../../static/player.js"),
    ),
    (
        "replay.js",
        "text/javascript",
        include_str!("../../static/replay.js"),
    ),
];

/// The archive page.
const ARCHIVE: &str = include_str!("../../static/archive.html");

/// The player page.
const PLAYER: &str = include_str!("../../static/player.html");

/// `GET /archive`.
pub async fn archive() -> Html<&'static str> {
    Html(ARCHIVE)
}

/// `GET /@/<name>`: the player page of an existing account, else 404.
pub async fn player(State(app): State<Arc<App>>, Path(name): Path<String>) -> Response {
    match app.store.account_by_name(&name).await {
        Ok(Some(_)) => Html(PLAYER).into_response(),
        Ok(None) => not_found(StatusCode::NOT_FOUND),
        Err(_) => not_found(StatusCode::INTERNAL_SERVER_ERROR),
    }
}

/// A short page for an error status.
fn not_found(status: StatusCode) -> Response {
    (
        status,
        Html(format!(
            "<!doctype html><title>kc-server</title><p>{status}</p><p><a href=\"/archive\">archive</a></p>"
        )),
    )
        .into_response()
}
