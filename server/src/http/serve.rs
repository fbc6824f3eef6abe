//! Serving the router on a listener, until a stop.

use std::future::Future;
use std::sync::Arc;

use tokio::net::TcpListener;

use crate::http::connections::{self, ConnectionLimits};
use crate::http::router::router;
use crate::live::app::App;
use crate::live::shutdown;

/// Serves `app` on `listener` until the process ends, within the default
/// [`ConnectionLimits`]. Connections send without delay (`TCP_NODELAY`):
/// an event is small and must not wait for the peer's acknowledgement of
/// the previous one.
///
/// # Errors
///
/// When serving fails.
pub async fn serve(app: Arc<App>, listener: TcpListener) -> std::io::Result<()> {
    serve_within(
        app,
        listener,
        ConnectionLimits::default(),
        std::future::pending(),
    )
    .await
}

/// [`serve`] within `limits` (see [`crate::http::connections`]).
///
/// # Errors
///
/// When serving fails.
pub async fn serve_with(
    app: Arc<App>,
    listener: TcpListener,
    limits: ConnectionLimits,
) -> std::io::Result<()> {
    serve_within(app, listener, limits, std::future::pending()).await
}

/// [`serve`] until `stop` resolves.
///
/// # Errors
///
/// When serving fails.
pub async fn serve_until(
    app: Arc<App>,
    listener: TcpListener,
    stop: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_within(app, listener, ConnectionLimits::default(), stop).await
}

/// Serves `app` on `listener` within `limits` until `stop` resolves, then
/// stops in order (see [`crate::live::shutdown`]): no new connection is
/// taken, the requests in flight get [`shutdown::REQUESTS_GRACE`] to be
/// answered, every WebSocket is closed with code 1012 and every event
/// stream ended, and the storage is closed once the writes under way have
/// committed.
///
/// # Errors
///
/// When serving fails.
pub async fn serve_within(
    app: Arc<App>,
    listener: TcpListener,
    limits: ConnectionLimits,
    stop: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let signalled = {
        let app = app.clone();
        async move {
            stop.await;
            app.shutdown.begin();
        }
    };
    let server = connections::serve(router(app.clone()), listener, limits, signalled);
    let stopping = app.shutdown.stopping();
    tokio::select! {
        served = server => served?,
        () = async {
            stopping.await;
            tokio::time::sleep(shutdown::REQUESTS_GRACE).await;
        } => tracing::warn!("stopping: requests still in flight after {:?} are cut", shutdown::REQUESTS_GRACE),
    }
    finish(&app).await;
    Ok(())
}

/// The end of a stop, once no request is in flight: waits (at most
/// [`shutdown::SOCKETS_GRACE`]) for the streams to close, then closes the storage
/// (at most [`shutdown::STORE_GRACE`]).
async fn finish(app: &App) {
    if !app.shutdown.streams_closed(shutdown::SOCKETS_GRACE).await {
        tracing::warn!(
            open = app.shutdown.streams_open(),
            "stopping: streams still open are cut"
        );
    }
    if tokio::time::timeout(shutdown::STORE_GRACE, app.store.close())
        .await
        .is_err()
    {
        tracing::warn!("stopping: the storage did not close in time");
    }
    tracing::info!("stopped");
}
