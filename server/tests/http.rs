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
