//! Health checks and metrics: `GET /healthz` (the process serves), `GET
//! /metrics` (Prometheus text) and `GET /readyz`
//! (the storage answers, and the server is not stopping).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;

use crate::live::app::App;
use crate::store::database::Store;
use crate::store::rows::StoreError;
use crate::table::status::Status;

/// How long the storage gets to answer the readiness check.
pub const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// `GET /healthz`: 200 `ok` while the process serves.
pub async fn healthz() -> &'static str {
    "ok"
}

/// `GET /readyz`: 200 `ready` once the storage answers a query within
/// [`READY_TIMEOUT`]; 503 otherwise (the reason logged), and while
/// stopping.
pub async fn readyz(State(app): State<Arc<App>>) -> (StatusCode, String) {
    if app.shutdown.is_stopping() {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping".into());
    }
    match tokio::time::timeout(READY_TIMEOUT, app.store.ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ready".into()),
        Ok(Err(e)) => {
            tracing::warn!("readiness: {e}");
            // The reason stays in the log: it may name the database.
            (StatusCode::SERVICE_UNAVAILABLE, "not ready: storage".into())
        }
        Err(_) => {
            tracing::warn!("readiness: the storage did not answer in time");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "not ready: the storage did not answer in time".into(),
            )
        }
    }
}

impl Store {
    /// Asks the storage the cheapest question (`SELECT 1`).
    ///
    /// # Errors
    ///
    /// When the storage does not answer (closed, unreachable, gone).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }
}

/// `GET /metrics`: this server's metrics in Prometheus's text format.
pub async fn metrics(State(app): State<Arc<App>>) -> impl IntoResponse {
    let live = app
        .games
        .lock()
        .await
        .values()
        .filter(|cell| {
            // A game being changed right now is being played.
            cell.try_lock()
                .map_or(true, |live| live.status == Status::Playing)
        })
        .count();
    app.metrics.games_live.set(live as f64);
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        app.metrics.render(),
    )
}
