//! Spectator counts: every event stream opened without `seated=1` counts
//! as a spectator while it is open; each stream is sent the count as a
//! `watchers` message when it changes, and `GET /api/games/<id>` shows it.
//! The same holds for WebSockets.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Opens `/events?<query>` of game `id`.
async fn open(address: std::net::SocketAddr, id: &str, query: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request =
        format!("GET /api/games/{id}/events?{query} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    stream
}

/// Reads `stream` until a `watchers` message says `count`.
async fn until_count(stream: &mut TcpStream, buffer: &mut String, count: u64) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        while let Some(start) = buffer.find("event: watchers\ndata: ") {
            let rest = &buffer[start + 22..];
            let Some(end) = rest.find('\n') else { break };
            let message: Value = serde_json::from_str(&rest[..end]).unwrap();
            assert_eq!(message["type"], "watchers");
            let seen = message["watchers"].as_u64().unwrap();
            buffer.drain(..start + 22 + end);
            if seen == count {
                return;
            }
        }
        let mut chunk = [0u8; 8192];
        let n = tokio::time::timeout_at(deadline, stream.read(&mut chunk))
            .await
            .unwrap_or_else(|_| panic!("no count of {count} in time"))
            .unwrap();
        assert!(n > 0, "the stream ended early");
        buffer.push_str(&String::from_utf8_lossy(&chunk[..n]));
    }
}

/// The count `GET /api/games/<id>` shows, once it equals `count`.
async fn shown(address: std::net::SocketAddr, id: &str, count: u64) {
    for _ in 0..100 {
        if get(address, &format!("/api/games/{id}")).await.json()["watchers"] == count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the game never showed {count} watchers");
}

#[tokio::test(flavor = "multi_thread")]
async fn spectators_are_counted_and_told() {
    let address = start(&sqlite("watchers")).await;
    let created = create(
        address,
        json!({"game": "kaissa", "seats": ["human", "human"]}),
    )
    .await;
    shown(address, &created.id, 0).await;
    // A seat's page listens without being counted.
    let mut seated = open(address, &created.id, "since=0&seated=1").await;
    let mut seated_buffer = String::new();
    until_count(&mut seated, &mut seated_buffer, 0).await;
    let mut first = open(address, &created.id, "since=0").await;
    let mut first_buffer = String::new();
    until_count(&mut first, &mut first_buffer, 1).await;
    until_count(&mut seated, &mut seated_buffer, 1).await;
    let second = open(address, &created.id, "since=0").await;
    until_count(&mut seated, &mut seated_buffer, 2).await;
    until_count(&mut first, &mut first_buffer, 2).await;
    shown(address, &created.id, 2).await;
    // A spectator who leaves is no longer counted.
    drop(second);
    until_count(&mut seated, &mut seated_buffer, 1).await;
    shown(address, &created.id, 1).await;
    drop(first);
    until_count(&mut seated, &mut seated_buffer, 0).await;
    // A WebSocket counts too (unless seated), and is told the count.
    let url = format!("ws://{address}/api/games/{}/socket?since=0", created.id);
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    until_count(&mut seated, &mut seated_buffer, 1).await;
    let told = loop {
        let value = next_text(&mut socket).await;
        if value["type"] == "watchers" {
            break value;
        }
    };
    assert_eq!(told["watchers"], 1);
    let url = format!(
        "ws://{address}/api/games/{}/socket?since=0&seated=1",
        created.id
    );
    let (seated_socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    shown(address, &created.id, 1).await;
    drop(socket);
    until_count(&mut seated, &mut seated_buffer, 0).await;
    drop(seated_socket);
    // Another game's count is its own.
    let other = create(
        address,
        json!({"game": "kaissa", "seats": ["human", "human"]}),
    )
    .await;
    shown(address, &other.id, 0).await;
}
