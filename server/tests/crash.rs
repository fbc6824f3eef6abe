//! A crash: the built `kc-server` is killed (SIGKILL) in the middle of a
//! game while moves stream in, then started again on the same storage:
//! every move it had acknowledged is there, and the game goes on.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn every_acknowledged_move_survives_a_kill() {
    for config in backends("crash") {
        let address = free_address();
        let mut server = spawn(&config, address).await;
        let (created, tokens) = create_seated::<4>(address, "chaturaji").await;
        // A client plays as fast as it can and notes each acknowledged move
        // as the token the server stores (face and move text).
        let acked: Arc<Mutex<Vec<(i64, String)>>> = Arc::default();
        let player = {
            let acked = acked.clone();
            let id = created.id.clone();
            let tokens = tokens.clone();
            tokio::spawn(async move {
                loop {
                    let now = raw(address, "GET", &format!("/api/games/{id}"), None, b"").await;
                    let now = now.json();
                    if now["status"] != "playing" {
                        return;
                    }
                    let seat = now["to_move"].as_u64().unwrap() as usize;
                    let text = now["legal"][0].as_str().unwrap().to_string();
                    let version = now["version"].as_i64().unwrap();
                    let token = match now["roll"].as_u64() {
                        Some(face) if !text.starts_with("exchange:") => format!("{face}:{text}"),
                        _ => text.clone(),
                    };
                    let reply = send_move(address, &id, &tokens[seat], &text, version).await;
                    assert_eq!(reply.status, 200, "{}", reply.body);
                    acked.lock().unwrap().push((version + 1, token));
                }
            })
        };
        // Kill the server mid-stream.
        while acked.lock().unwrap().len() < 25 {
            assert!(!player.is_finished(), "the game ended before the crash");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        server.kill().expect("SIGKILL");
        server.wait().unwrap();
        let _ = player.await; // fails once the server is gone
        let acked = acked.lock().unwrap().clone();

        let mut server = spawn(&config, address).await;
        let after = state(address, &created.id).await;
        let stored: Vec<String> = after["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect();
        assert!(after["version"].as_i64().unwrap() >= acked.last().unwrap().0);
        // The acknowledged tokens appear in order among the stored ones
        // (which also hold the server's forced passes).
        let mut rest = stored.iter();
        for (version, token) in &acked {
            assert!(
                rest.any(|t| t == token),
                "acknowledged move {token} (version {version}) lost; stored {stored:?}"
            );
        }
        // The game goes on where it stopped.
        let seat = after["to_move"].as_u64().unwrap() as usize;
        let text = after["legal"][0].as_str().unwrap();
        let version = after["version"].as_i64().unwrap();
        let reply = send_move(address, &created.id, &tokens[seat], text, version).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        server.kill().unwrap();
        server.wait().unwrap();
    }
}

/// A restart resumes the clocks from their stored times: the time the
/// server was down is charged to nobody (on PostgreSQL too: a starting
/// server resumes its games so).
#[tokio::test(flavor = "multi_thread")]
async fn clocks_resume_after_a_restart() {
    for config in backends("clock-restart") {
        let address = free_address();
        let mut server = spawn(&config, address).await;
        let created = create(
        address,
        json!({"game": "kaissa", "seats": ["human", "human"], "clock": {"initial_ms": 60000, "increment_ms": 0}}),
    )
    .await;
        let yellow = join(address, &created, 0, None).await;
        join(address, &created, 1, None).await;
        let reply = send_move(address, &created.id, &yellow, "e2e5", 2).await;
        assert_eq!(reply.status, 200);
        // Red's time runs from here; the stored value is its full minute.
        server.kill().unwrap();
        server.wait().unwrap();
        tokio::time::sleep(Duration::from_millis(2500)).await;
        let mut server = spawn(&config, address).await;
        let after = state(address, &created.id).await;
        let red = after["clock"]["remaining_ms"][1].as_i64().unwrap();
        let yellow_left = after["clock"]["remaining_ms"][0].as_i64().unwrap();
        assert_eq!(after["clock"]["running"], 1);
        assert!(red > 59_000, "red was charged the downtime: {red} ms left");
        assert!(
            yellow_left <= 60_000 && yellow_left > 50_000,
            "{yellow_left}"
        );
        server.kill().unwrap();
        server.wait().unwrap();
    }
}
