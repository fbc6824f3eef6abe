//! Serving the router on a listener.

use std::sync::Arc;

use crate::http::router::router;
use crate::live::app::App;

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
