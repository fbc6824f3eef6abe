//! The routes of the API and the pages.

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::{Extension, Router};

use crate::http::limits::Limits;
use crate::http::{
    accounts as account_api, archive as archive_api, archive_pages, cross_site, error,
    games as api, health, page_headers, pages, rules_pages, standings, stream,
};
use crate::live::app::App;

/// The routes of the API and the pages over `app`.
pub fn router(app: Arc<App>) -> Router {
    let limits = Arc::new(Limits::new(app.create_per_minute));
    let router = Router::new()
        .route("/", get(pages::lobby))
        .route("/g/{id}", get(pages::table))
        .route("/static/{name}", get(pages::file))
        .route("/archive", get(archive_pages::archive))
        .route("/@/{name}", get(archive_pages::player))
        .route("/leaderboard", get(standings::page))
        .route("/rules/kaissa", get(rules_pages::kaissa_rules))
        .route("/rules/chaturaji", get(rules_pages::chaturaji_rules))
        .route("/about", get(rules_pages::about))
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
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(health::metrics))
        .fallback(|| async {
            error::ApiError::new(axum::http::StatusCode::NOT_FOUND, "no such page")
        })
        .layer(Extension(limits))
        .layer(DefaultBodyLimit::max(crate::http::extract::BODY_LIMIT))
        .layer(axum::middleware::from_fn(cross_site::guard));
    let router = page_headers::add(router);
    let metrics = app.metrics.clone();
    crate::http::logs::traced(router.with_state(app), metrics)
}
