//! The pages: the lobby (`/`), a table (`/g/<id>`, `?join=<secret>` takes
//! a seat) and their static files, all embedded in the binary. A static
//! file is looked up by its exact name in a fixed table: no path from a
//! request ever reaches the file system.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

use crate::http::error::ApiError;
use crate::live::app::App;

/// The static files: name, content type, contents. `board.js` and
/// `pieces.js` are the playable page's board (web/js).
const FILES: [(&str, &str, &str); 7] = [
    ("board.js", "text/javascript", include_str!("../../../web/js/board.js")),
    ("pieces.js", "text/javascript", include_str!("../../../web/js/pieces.js")),
    ("table.js", "text/javascript", include_str!("../../static/table.js")),
    ("dice.js", "text/javascript", include_str!("../../static/dice.js")),
    ("lobby.js", "text/javascript", include_str!("../../static/lobby.js")),
    ("style.css", "text/css", include_str!("../../static/style.css")),
    ("favicon.svg", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 2 2\"><rect width=\"1\" height=\"1\" fill=\"#5b4327\"/><rect x=\"1\" y=\"1\" width=\"1\" height=\"1\" fill=\"#5b4327\"/></svg>"),
];

/// The lobby page.
const LOBBY: &str = include_str!("../../static/lobby.html");

/// The table page.
const TABLE: &str = include_str!("../../static/table.html");

/// `GET /`.
pub async fn lobby() -> Html<&'static str> {
    Html(LOBBY)
}

/// `GET /g/<id>`: the table page of an existing game, else 404.
pub async fn table(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.game(&id).await.map_err(ApiError::from) {
        Ok(_) => Html(TABLE).into_response(),
        Err(e) => (
            e.status,
            Html(format!(
                "<!doctype html><title>kc-server</title><p>{}</p><p><a href=\"/\">lobby</a></p>",
                e.status
            )),
        )
            .into_response(),
    }
}

/// `GET /static/<name>`: one of the embedded files.
pub async fn file(Path(name): Path<String>) -> Response {
    let archive = crate::http::archive_pages::FILES.iter();
    match FILES
        .iter()
        .chain(archive)
        .find(|(file, _, _)| *file == name)
    {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
