//! `GET /api/games/<id>` carries `readable` (the library's readable move
//! of each entry of `moves`) and `result_text` (the result in words),
//! against SQLite and, when `KC_TEST_POSTGRES` is set, PostgreSQL.

mod common;

use std::net::SocketAddr;

use common::*;
use serde_json::{json, Value};

/// Posts a game action (`resign`, `draw`, `abort`) for a seat.
async fn act(address: SocketAddr, id: &str, token: &str, action: &str) -> Reply {
    post(
        address,
        &format!("/api/games/{id}/{action}"),
        Some(token),
        json!({}),
    )
    .await
}

#[tokio::test]
async fn readable_moves_and_result_in_words() {
    for config in backends("readable") {
        let address = start(&config).await;

        // Kaissa: readable aligned with moves, then a resignation.
        let (created, [yellow, red]) = create_seated(address, "kaissa").await;
        let id = created.id.clone();
        let fresh = state(address, &id).await;
        assert_eq!(fresh["readable"], json!([]));
        assert_eq!(fresh["result_text"], Value::Null);
        for (token, text) in [(&yellow, "d1f4"), (&red, "e9e6"), (&yellow, "e2e5")] {
            let version = state(address, &id).await["version"].as_i64().unwrap();
            let reply = send_move(address, &id, token, text, version).await;
            assert_eq!(reply.status, 200, "{}", reply.body);
        }
        let now = state(address, &id).await;
        assert_eq!(now["moves"], json!(["d1f4", "e9e6", "e2e5"]));
        assert_eq!(now["readable"], json!(["Tf4", "e6", "e5"]));
        assert_eq!(now["result_text"], Value::Null);
        assert_eq!(act(address, &id, &red, "resign").await.status, 200);
        let over = state(address, &id).await;
        assert_eq!(over["result_text"], "Yellow wins by resignation");

        // Agreement.
        let (created, [yellow, red]) = create_seated(address, "kaissa").await;
        assert_eq!(act(address, &created.id, &yellow, "draw").await.status, 200);
        assert_eq!(act(address, &created.id, &red, "draw").await.status, 200);
        let drawn = state(address, &created.id).await;
        assert_eq!(drawn["result_text"], "Drawn by agreement");

        // Abort.
        let (created, [yellow, _red]) = create_seated(address, "kaissa").await;
        assert_eq!(
            act(address, &created.id, &yellow, "abort").await.status,
            200
        );
        let aborted = state(address, &created.id).await;
        assert_eq!(aborted["result_text"], "Aborted");

        // Chaturaji: every token has its readable text, the face in front.
        let (created, tokens) = create_seated::<4>(address, "chaturaji").await;
        for _ in 0..6 {
            let now = state(address, &created.id).await;
            let Some(seat) = now["to_move"].as_u64() else {
                break;
            };
            let legal = now["legal"][0].as_str().unwrap().to_string();
            let version = now["version"].as_i64().unwrap();
            let reply = send_move(
                address,
                &created.id,
                &tokens[seat as usize],
                &legal,
                version,
            )
            .await;
            assert_eq!(reply.status, 200, "{}", reply.body);
        }
        let now = state(address, &created.id).await;
        let moves = now["moves"].as_array().unwrap();
        let readable = now["readable"].as_array().unwrap();
        assert_eq!(moves.len(), readable.len(), "{now}");
        for (token, text) in moves.iter().zip(readable) {
            let (token, text) = (token.as_str().unwrap(), text.as_str().unwrap());
            let face = &token[..2];
            assert!(text.starts_with(face), "{token} reads {text}");
            if !token.ends_with("pass") {
                assert!(text.contains(' '), "{token} reads {text}");
            }
        }
    }
}
