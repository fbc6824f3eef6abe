//! The HTTP layer's defences: event streams that leave keep nothing,
//! connection limits, cross-site writes refused, and the pages' security
//! headers.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use common::*;
use kaissa_chaturaji_server::app::App;
use kaissa_chaturaji_server::config::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Starts a server in this process; returns its state and address.
async fn start_app(config: &Config) -> (Arc<App>, SocketAddr) {
    let app = kaissa_chaturaji_server::open(config)
        .await
        .expect("server opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(kaissa_chaturaji_server::serve(app.clone(), listener));
    (app, address)
}

/// Opens game `id`'s event stream and waits for its first event.
async fn open_events(address: SocketAddr, id: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!(
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut seen = String::new();
    while !seen.contains("\"version\"") {
        let mut chunk = [0u8; 4096];
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut chunk))
            .await
            .expect("an event in time")
            .unwrap();
        assert!(n > 0, "the stream ended early");
        seen.push_str(&String::from_utf8_lossy(&chunk[..n]));
    }
    stream
}

/// Waits until game `id` has `count` listeners.
async fn listeners_become(app: &App, id: &str, count: usize) {
    for _ in 0..100 {
        if app.hub.listeners(id) == count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "game {id} kept {} listeners, expected {count}",
        app.hub.listeners(id)
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn closed_event_streams_keep_nothing() {
    for config in backends("http-sse") {
        let (app, address) = start_app(&config).await;
        let (over, [yellow, _]) = create_seated(address, "kaissa").await;
        let resigned = raw(
            address,
            "POST",
            &format!("/api/games/{}/resign", over.id),
            Some(&yellow),
            b"",
        )
        .await;
        assert_eq!(resigned.status, 200, "{}", resigned.body);
        assert_eq!(state(address, &over.id).await["status"], "over");
        let (playing, _) = create_seated::<2>(address, "kaissa").await;
        for id in [&over.id, &playing.id] {
            for _ in 0..3 {
                let mut streams = Vec::new();
                for _ in 0..20 {
                    streams.push(open_events(address, id).await);
                }
                listeners_become(&app, id, 20).await;
                drop(streams);
                // Nothing happens at the game: the streams still go.
                listeners_become(&app, id, 0).await;
            }
        }
    }
}

/// Reads `stream` until the server closes it; panics if that takes
/// longer than `within`. Answers what was read.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> String {
    let mut bytes = Vec::new();
    let read = tokio::time::timeout(within, async {
        let mut chunk = [0u8; 4096];
        loop {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            }
        }
    })
    .await;
    assert!(
        read.is_ok(),
        "the connection is still open after {within:?}"
    );
    String::from_utf8_lossy(&bytes).to_string()
}

/// Connects to `address` from the loopback address `from`.
async fn connect_from(from: &str, address: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(address).await.unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn slow_and_idle_connections_are_closed() {
    for config in backends("http-slow") {
        let address = start(&config).await;
        let started = tokio::time::Instant::now();
        // Half a request header, and nothing more.
        let mut slow = TcpStream::connect(address).await.unwrap();
        slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            .await
            .unwrap();
        // One request answered, then the connection kept alive, idle.
        let mut idle = TcpStream::connect(address).await.unwrap();
        idle.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut answer = [0u8; 64];
        let n = idle.read(&mut answer).await.unwrap();
        assert!(String::from_utf8_lossy(&answer[..n]).starts_with("HTTP/1.1 200"));
        let within = Duration::from_secs(13);
        let (slow_read, _) = tokio::join!(
            closed_within(&mut slow, within),
            closed_within(&mut idle, within)
        );
        assert!(!slow_read.contains("200 OK"), "{slow_read}");
        assert!(
            started.elapsed() >= Duration::from_secs(9),
            "not before 10 s"
        );
        // Other connections are served all along.
        assert_eq!(get(address, "/api/games").await.status, 200);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_holds_a_bounded_number_of_connections() {
    for config in backends("http-cap") {
        let address = start(&config).await;
        let mut held = Vec::new();
        for _ in 0..256 {
            held.push(connect_from("127.0.0.1", address).await);
        }
        // Each is being served: a request on the last one is answered.
        let last = held.last_mut().unwrap();
        last.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut answer = [0u8; 64];
        let n = last.read(&mut answer).await.unwrap();
        assert!(String::from_utf8_lossy(&answer[..n]).starts_with("HTTP/1.1 200"));
        // One more from the same address is closed at once, unanswered.
        let mut refused = connect_from("127.0.0.1", address).await;
        let _ = refused
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            .await;
        let read = closed_within(&mut refused, Duration::from_secs(2)).await;
        assert!(read.is_empty(), "answered over the limit: {read}");
        // Another address is served.
        let mut other = connect_from("127.0.0.2", address).await;
        other
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let read = closed_within(&mut other, Duration::from_secs(5)).await;
        assert!(read.starts_with("HTTP/1.1 200"), "{read}");
        // A connection that closes makes room for the next.
        drop(held.pop());
        tokio::time::sleep(Duration::from_millis(200)).await;
        let mut again = connect_from("127.0.0.1", address).await;
        again
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let read = closed_within(&mut again, Duration::from_secs(5)).await;
        assert!(read.starts_with("HTTP/1.1 200"), "{read}");
    }
}
