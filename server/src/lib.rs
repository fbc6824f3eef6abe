//! `kc-server`: online tables for Merchant Kaissa and four-player
//! Chaturaji on the `kaissa-chaturaji` rules library, with SQLite or
//! PostgreSQL storage, live events (Server-Sent Events and WebSocket), and
//! a die every player can verify.
//!
//! The library decides every rule; this crate stores games, orders the
//! seats' actions, rolls the die, runs clocks and bots, and serves the
//! pages. See the package's README for the API.

#![deny(missing_docs)]

pub mod account_api;
pub mod accounts;
pub mod admin;
pub mod api;
pub mod app;
pub mod archive;
pub mod archive_api;
pub mod archive_pages;
pub mod backoff;
pub mod backup;
pub mod board;
pub mod bot_client;
pub mod bot_engine;
pub mod bot_http;
pub mod bots;
pub mod clock;
pub mod config;
pub mod dice;
pub mod error;
pub mod events;
pub mod limits;
pub mod live;
pub mod load;
pub mod names;
pub mod nodes;
pub mod pages;
pub mod rated;
pub mod rating_store;
pub mod ratings;
pub mod record;
pub mod schema;
pub mod seats;
pub mod standings;
pub mod storage;
pub mod stream;
pub mod table;
pub mod view;
pub mod watchers;
pub mod writer;

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

use crate::app::App;
use crate::config::Config;
use crate::storage::Store;

/// The routes of the API and the pages over `app`.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(pages::lobby))
        .route("/g/{id}", get(pages::table))
        .route("/static/{name}", get(pages::file))
        .route("/archive", get(archive_pages::archive))
        .route("/@/{name}", get(archive_pages::player))
        .route("/leaderboard", get(standings::page))
        .route("/api/leaderboard", get(standings::leaderboard))
        .route("/api/accounts", post(account_api::register))
        .route("/api/login", post(account_api::login))
        .route("/api/logout", post(account_api::logout))
        .route("/api/account", get(account_api::me))
        .route("/api/account/games", get(account_api::my_games))
        .route("/api/players/{name}", get(account_api::player))
        .route("/api/players/{name}/records", get(archive_api::records))
        .route("/api/games", post(api::create).get(api::list))
        .route("/api/games/{id}", get(api::view))
        .route("/api/games/{id}/join", post(api::join))
        .route("/api/games/{id}/record", get(archive_api::record))
        .route("/api/games/{id}/positions", get(archive_api::positions))
        .route("/api/games/{id}/events", get(stream::sse))
        .route("/api/games/{id}/socket", get(stream::socket))
        .route("/api/games/{id}/{action}", post(api::seat_action))
        .fallback(|| async {
            error::ApiError::new(axum::http::StatusCode::NOT_FOUND, "no such page")
        })
        .layer(DefaultBodyLimit::max(api::BODY_LIMIT))
        .with_state(app)
}

/// Opens the storage of `config` (creating SQLite's directory), resumes
/// the games being played, and returns the server's state.
///
/// # Errors
///
/// A message when the directory, the database or a stored game fails.
pub async fn open(config: &Config) -> Result<Arc<App>, String> {
    if let Some(dir) = &config.data {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let store = Store::open(&config.database)
        .await
        .map_err(|e| e.to_string())?;
    let shared = store.shared();
    let app = App::new(store, config.create_per_minute)?;
    if shared {
        // Listening first: no change made while the games load is missed.
        nodes::listen(app.clone()).await?;
    }
    app.resume_all().await.map_err(|e| e.to_string())?;
    if let Err(e) = app.store.settle_pending().await {
        eprintln!("kc-server: ratings: {e} (retried at the next start)");
    }
    Ok(app)
}

/// Serves `app` on `listener` until the process ends. Connections send
/// without delay (`TCP_NODELAY`): an event is small and must not wait for
/// the peer's acknowledgement of the previous one.
///
/// # Errors
///
/// When serving fails.
pub async fn serve(app: Arc<App>, listener: tokio::net::TcpListener) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|stream| {
        let _ = stream.set_nodelay(true);
    });
    let service = router(app).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, service).await
}
