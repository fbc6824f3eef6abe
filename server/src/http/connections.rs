//! Accepting connections: a listener with a deep backlog, a bound on how
//! many connections one address holds, and HTTP/1.1 connections that are
//! closed when they are slow to send a request's header or sit idle.
//!
//! A connection over its address's bound is closed as soon as it is
//! accepted, before anything is read from it; other addresses are still
//! served. A connection counts until it closes, an upgraded one (a
//! WebSocket) included. The header read timeout also bounds how long a
//! kept-alive connection may wait for its next request. At a stop, no
//! connection is accepted any more and those open close once they have
//! answered the request under way.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::watch;
use tower::Service;

/// How long a client may take to send a request's header (or, kept
/// alive, to start its next request) before its connection is closed.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How many connections wait to be accepted before the system refuses
/// more.
pub const BACKLOG: u32 = 4096;

/// What a server allows its connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// The most connections one address holds at once.
    pub per_address: usize,
    /// How long a request's header may take to arrive, and how long a
    /// kept-alive connection may wait for its next request.
    pub header_read_timeout: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            per_address: crate::config::MAX_CONNECTIONS_PER_ADDRESS,
            header_read_timeout: HEADER_READ_TIMEOUT,
        }
    }
}

/// Listens on `address` (`HOST:PORT`, the first address it names) with
/// a backlog of [`BACKLOG`].
///
/// # Errors
///
/// When the address does not resolve or cannot be listened on.
pub async fn bind(address: &str) -> io::Result<TcpListener> {
    let mut last = io::Error::new(io::ErrorKind::NotFound, "the address names no host");
    for resolved in tokio::net::lookup_host(address).await? {
        match listen(resolved) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// Listens on `address` with a backlog of [`BACKLOG`].
fn listen(address: SocketAddr) -> io::Result<TcpListener> {
    let socket = if address.is_ipv4() {
        TcpSocket::new_v4()?
    } else {
        TcpSocket::new_v6()?
    };
    // As the standard library does on Unix: a restarted server may
    // listen again while the old one's connections linger.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(BACKLOG)
}

/// How many connections each address holds.
#[derive(Debug, Default)]
struct Counts {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection of an address: it stops counting when dropped.
#[derive(Debug)]
struct Held {
    counts: Arc<Counts>,
    address: IpAddr,
}

impl Counts {
    /// Counts a connection of `address`, unless it holds `limit` already.
    fn enter(self: &Arc<Self>, address: IpAddr, limit: usize) -> Option<Held> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(address).or_insert(0);
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(Held {
            counts: Arc::clone(self),
            address,
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// A connection's stream with its place in its address's count, so that
/// an upgraded connection still counts.
struct Counted {
    stream: TcpStream,
    _held: Held,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Serves `router` on `listener` within `limits` until the process ends.
/// Each request carries its peer's [`ConnectInfo<SocketAddr>`];
/// connections send without delay (`TCP_NODELAY`).
///
/// # Errors
///
/// Never, in practice: a failed accept (out of file descriptors, say) is
/// retried after a pause.
pub async fn serve(
    router: Router,
    listener: TcpListener,
    limits: ConnectionLimits,
    stop: impl Future<Output = ()>,
) -> io::Result<()> {
    let counts = Arc::new(Counts::default());
    // Every connection's task holds a receiver: the stop is told through
    // it, and the sender sees when the last task has ended.
    let (stopping, stopped) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) if aborted(&e) => continue,
            Err(e) => {
                tracing::warn!("accepting a connection: {e}");
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        let Some(held) = counts.enter(peer.ip().to_canonical(), limits.per_address) else {
            // Refused at once: dropping the stream closes it.
            continue;
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Counted {
            stream,
            _held: held,
        });
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            router.clone().call(request)
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_read_timeout)
            .serve_connection(io, service)
            .with_upgrades();
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            // A connection's end (the peer gone, a timeout) is no error
            // of the server's.
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = stopped.wait_for(|stop| *stop) => {}
            }
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
    }
    // Stopping: no connection is taken any more; those open finish the
    // request they are answering and close (an upgraded socket is the
    // stop's to close, not this loop's).
    drop(listener);
    drop(stopped);
    let _ = stopping.send(true);
    stopping.closed().await;
    Ok(())
}

/// Whether an accept error concerns that connection alone.
fn aborted(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_up_to_its_limit() {
        let counts = Arc::new(Counts::default());
        let one: IpAddr = "127.0.0.1".parse().unwrap();
        let two: IpAddr = "127.0.0.2".parse().unwrap();
        let first = counts.enter(one, 2).unwrap();
        let _second = counts.enter(one, 2).unwrap();
        assert!(counts.enter(one, 2).is_none());
        let _other = counts.enter(two, 2).unwrap();
        drop(first);
        let _third = counts.enter(one, 2).unwrap();
        assert!(counts.enter(one, 2).is_none());
    }

    #[test]
    fn counts_are_forgotten_when_connections_close() {
        let counts = Arc::new(Counts::default());
        let held = counts.enter("::1".parse().unwrap(), 1).unwrap();
        drop(held);
        assert!(counts.open.lock().unwrap().is_empty());
    }
}
