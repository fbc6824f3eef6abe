//! Stopping in order (SIGTERM, Ctrl-C): the listener stops accepting,
//! the requests in flight are answered, every WebSocket is closed with
//! code 1012 (service restart: the page reconnects) and every event
//! stream ends, then the storage is closed once the writes under way have
//! committed. An action is acknowledged only after its commit, so nothing
//! acknowledged is lost; what was not answered was not done.

use std::future::Future;
use std::time::Duration;

use metrics::Gauge;
use tokio::sync::watch;

use crate::store::database::Store;

/// The WebSocket close code sent when the server stops (RFC 6455:
/// "service restart").
pub const CLOSE_RESTART: u16 = 1012;

/// How long the requests in flight get to be answered.
pub const REQUESTS_GRACE: Duration = Duration::from_secs(4);

/// How long the sockets get to take their close frame.
pub const SOCKETS_GRACE: Duration = Duration::from_secs(2);

/// How long closing the storage may take.
pub const STORE_GRACE: Duration = Duration::from_secs(2);

/// A server's stop signal and its count of open streams.
#[derive(Debug)]
pub struct Shutdown {
    stop: watch::Sender<bool>,
    open: watch::Sender<usize>,
    gauge: Gauge,
}

impl Shutdown {
    /// Not stopping, no stream open; `gauge` shows the open streams.
    #[must_use]
    pub fn new(gauge: Gauge) -> Shutdown {
        Shutdown {
            stop: watch::Sender::new(false),
            open: watch::Sender::new(0),
            gauge,
        }
    }

    /// Tells every stream to end and the readiness check to fail.
    pub fn begin(&self) {
        self.stop.send_replace(true);
    }

    /// Whether the server is stopping.
    #[must_use]
    pub fn is_stopping(&self) -> bool {
        *self.stop.borrow()
    }

    /// Resolves once the server is stopping.
    pub fn stopping(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut stop = self.stop.subscribe();
        async move {
            // An error: the server is gone, which is a stop too.
            let _ = stop.wait_for(|stopping| *stopping).await;
        }
    }

    /// Counts an open stream (WebSocket or event stream) until the guard
    /// is dropped.
    #[must_use]
    pub fn stream(&self) -> StreamGuard {
        self.open.send_modify(|n| *n += 1);
        self.gauge.set(*self.open.borrow() as f64);
        StreamGuard {
            open: self.open.clone(),
            gauge: self.gauge.clone(),
        }
    }

    /// How many streams are open.
    #[must_use]
    pub fn streams_open(&self) -> usize {
        *self.open.borrow()
    }

    /// Waits until no stream is open, at most `within`; whether none is.
    pub async fn streams_closed(&self, within: Duration) -> bool {
        let mut open = self.open.subscribe();
        let closed = tokio::time::timeout(within, open.wait_for(|n| *n == 0))
            .await
            .is_ok();
        closed
    }
}

/// An open stream, counted until dropped.
#[derive(Debug)]
pub struct StreamGuard {
    open: watch::Sender<usize>,
    gauge: Gauge,
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        self.open.send_modify(|n| *n = n.saturating_sub(1));
        self.gauge.set(*self.open.borrow() as f64);
    }
}

/// A future that resolves at SIGTERM or Ctrl-C (SIGINT), the handlers
/// installed at once (from then on neither signal ends the process by
/// itself). Call it inside the runtime.
///
/// # Errors
///
/// When the handlers cannot be installed.
pub fn signal() -> std::io::Result<impl Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate())?;
        let mut interrupt = signal(SignalKind::interrupt())?;
        Ok(async move {
            tokio::select! {
                _ = term.recv() => tracing::info!("SIGTERM: stopping"),
                _ = interrupt.recv() => tracing::info!("interrupted: stopping"),
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
            tracing::info!("interrupted: stopping");
        })
    }
}

impl Store {
    /// Closes the storage: waits for the transactions under way (a write
    /// being committed finishes; one not begun fails, unanswered as done),
    /// then closes every connection; SQLite first copies its log into the
    /// database file.
    pub async fn close(&self) {
        if !self.shared() {
            if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(&self.pool)
                .await
            {
                tracing::warn!("closing: checkpoint: {e}");
            }
        }
        self.pool.close().await;
    }
}
