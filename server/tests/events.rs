//! Event streams: Server-Sent Events and the WebSocket, stored events
//! first, then live ones; actions over the WebSocket.

mod common;

use std::time::Duration;

use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// Reads SSE `data:` lines from `stream` until `count` events came.
async fn read_sse(
    stream: &mut tokio::net::TcpStream,
    buffer: &mut String,
    count: usize,
) -> Vec<Value> {
    let mut events = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        while let Some(start) = buffer.find("data: ") {
            let Some(end) = buffer[start..].find('\n') else {
                break;
            };
            let line = buffer[start + 6..start + end].trim().to_string();
            buffer.drain(..start + end);
            let event: Value = serde_json::from_str(&line).expect("an event is JSON");
            // Spectator counts come apart from the game's events.
            if event["type"] != "watchers" {
                events.push(event);
            }
        }
        if events.len() >= count {
            return events;
        }
        let mut chunk = [0u8; 8192];
        let n = tokio::time::timeout_at(deadline, stream.read(&mut chunk))
            .await
            .expect("events in time")
            .unwrap();
        assert!(n > 0, "the stream ended early");
        buffer.push_str(&String::from_utf8_lossy(&chunk[..n]));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sse_sends_stored_then_live_events() {
    for config in backends("sse") {
        let address = start(&config).await;
        let (created, [yellow, red]) = create_seated(address, "kaissa").await;
        assert_eq!(
            send_move(address, &created.id, &yellow, "e2e5", 2)
                .await
                .status,
            200
        );
        let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
        let request = format!(
            "GET /api/games/{}/events?since=1 HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n",
            created.id
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut buffer = String::new();
        let stored = read_sse(&mut stream, &mut buffer, 2).await;
        assert_eq!(stored[0]["version"], 2);
        assert_eq!(stored[0]["type"], "join");
        assert_eq!(stored[1]["version"], 3);
        assert_eq!(stored[1]["move"], "e2e5");
        // An event carries the readable text of its own tokens only.
        assert_eq!(stored[1]["readable"], serde_json::json!(["e5"]));
        assert_eq!(
            send_move(address, &created.id, &red, "e9e6", 3)
                .await
                .status,
            200
        );
        let live = read_sse(&mut stream, &mut buffer, 1).await;
        assert_eq!(live[0]["version"], 4);
        assert_eq!(live[0]["type"], "move");
        assert_eq!(live[0]["to_move"], 0);
        assert_eq!(live[0]["readable"], serde_json::json!(["e6"]));
        assert!(live[0]["legal"].as_array().unwrap().len() > 10);
        let missing = get(address, "/api/games/ffffffffffffffff/events").await;
        assert_eq!(missing.status, 404);
    }
}

/// The next text message of `socket`, as JSON.
async fn next_json<S>(socket: &mut S) -> Value
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let value = next_text(socket).await;
        // Spectator counts come apart from the game's events.
        if value["type"] != "watchers" {
            return value;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn websocket_events_and_actions() {
    for config in backends("socket") {
        let address = start(&config).await;
        let (created, [yellow, _]) = create_seated(address, "kaissa").await;
        let url = format!("ws://{address}/api/games/{}/socket?since=0", created.id);
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        assert_eq!(next_json(&mut socket).await["version"], 1);
        assert_eq!(next_json(&mut socket).await["version"], 2);
        let send = |value: Value| Message::Text(value.to_string().into());
        socket
            .send(send(
                json!({"type": "move", "token": yellow, "move": "e2e5", "version": 2}),
            ))
            .await
            .unwrap();
        socket
            .send(send(
                json!({"type": "move", "token": "nope", "move": "e9e6", "version": 3}),
            ))
            .await
            .unwrap();
        socket.send(Message::Text("{oops".into())).await.unwrap();
        // Four answers, whenever the watcher counts come among them.
        let mut seen = Vec::new();
        while seen.len() < 4 {
            let message = next_text(&mut socket).await;
            if message["type"] != "watchers" {
                seen.push(message);
            }
        }
        let kinds: Vec<&str> = seen.iter().map(|v| v["type"].as_str().unwrap()).collect();
        assert!(
            seen.iter().any(|v| v["type"] == "ack" && v["version"] == 3),
            "{kinds:?}"
        );
        assert!(
            seen.iter()
                .any(|v| v["type"] == "move" && v["move"] == "e2e5"),
            "{kinds:?}"
        );
        assert!(
            seen.iter()
                .any(|v| v["type"] == "error" && v["status"] == 403),
            "{kinds:?}"
        );
        assert!(
            seen.iter()
                .any(|v| v["type"] == "error" && v["status"] == 400),
            "{kinds:?}"
        );
        assert_eq!(state(address, &created.id).await["version"], 3);
    }
}

/// A WebSocket client that never reads is disconnected once its queue
/// is full; the game goes on.
#[tokio::test(flavor = "multi_thread")]
async fn a_socket_that_never_reads_is_dropped() {
    let config = sqlite("slow");
    let address = start_small_buffers(&config, 4096).await;
    let (created, tokens) = create_seated::<2>(address, "kaissa").await;
    // A client with a tiny receive buffer that reads nothing.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(2048).unwrap();
    let stream = socket.connect(address).await.unwrap();
    let url = format!("ws://{address}/api/games/{}/socket?since=0", created.id);
    let (mut client, _) = tokio_tungstenite::client_async(url, stream).await.unwrap();
    // Many events (about 2 kB each, with the state they carry): the
    // sides move pieces out and back, a game that never ends.
    let mut version = 0;
    let mut backs = [None, None];
    for _ in 0..150 {
        let now = state(address, &created.id).await;
        version = now["version"].as_i64().unwrap();
        if now["status"] != "playing" {
            break;
        }
        let seat = now["to_move"].as_u64().unwrap() as usize;
        let legal: Vec<String> = now["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect();
        let text = shuffle(&legal, &mut backs[seat]);
        let reply = send_move(address, &created.id, &tokens[seat], &text, version).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        version += 1;
    }
    assert!(version > 120, "only {version} events");
    // Now read: the stream must end before all the events arrive.
    let mut count = 0;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), client.next()).await {
            Ok(Some(Ok(Message::Text(_)))) => count += 1,
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(_)) | None) => break,
            Err(_) => panic!("the socket neither ended nor sent (after {count} events)"),
        }
    }
    eprintln!("the client got {count} of {version} events before it was dropped");
    assert!(
        (count as i64) < version,
        "a client that never read got all {count} events"
    );
    assert_eq!(state(address, &created.id).await["version"], version);
}
