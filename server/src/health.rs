//! Health checks: `GET /healthz` (the process serves) and `GET /readyz`
//! (the storage answers, and the server is not stopping).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;

use crate::app::App;
use crate::storage::{Store, StoreError};

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
