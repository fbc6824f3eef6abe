//! What people show each other, against SQLite and PostgreSQL: guests'
//! names (checked like account names, never posing as an account) and
//! chat text (no control or format characters), over HTTP and over the
//! WebSocket.

mod common;

use common::*;
use futures_util::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

/// A name unique to this run (PostgreSQL's database outlives a test).
fn unique(stem: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("{stem}{}", nanos ^ std::process::id())
}

#[tokio::test(flavor = "multi_thread")]
async fn guests_do_not_pose_as_accounts() {
    for config in backends("guests") {
        let address = start(&config).await;
        let name = unique("ANNA");
        register(address, &name, "a long password").await;
        let game = create(
            address,
            json!({ "game": "kaissa", "seats": ["human", "human"] }),
        )
        .await;
        let path = format!("/api/games/{}/join", game.id);
        let as_guest = |seat: usize, name: serde_json::Value| json!({ "seat": seat, "secret": game.joins[seat].clone().unwrap(), "name": name });
        // The account's name, in other case, in Greek capitals, or with
        // a space for its digits' underscore: 409.
        let digits = &name[4..];
        for posing in [
            name.to_lowercase(),
            format!("\u{0391}\u{039D}\u{039D}\u{0391}{digits}"),
            format!(" Anna{digits} "),
        ] {
            let reply = post(address, &path, None, as_guest(0, json!(posing))).await;
            assert_eq!(reply.status, 409, "{posing:?}: {}", reply.body);
            assert!(reply.body.contains("registered"), "{}", reply.body);
        }
        // Bidi controls, invisible characters, controls and markup: 400.
        for bad in [
            "Bob\u{202E}gnp".to_string(),
            "B\u{200B}ob".to_string(),
            "Bob\u{2066}".to_string(),
            "Bob\u{0000}".to_string(),
            "\u{1b}[31mBob".to_string(),
            "<b>Bob</b>".to_string(),
            "x".repeat(41),
        ] {
            let reply = post(address, &path, None, as_guest(0, json!(bad))).await;
            assert_eq!(reply.status, 400, "{bad:?}: {}", reply.body);
        }
        // A blank name or none: the seat's label, as before.
        let blank = post(address, &path, None, as_guest(0, json!("  "))).await;
        assert_eq!(blank.status, 200, "{}", blank.body);
        let body = json!({ "seat": 1, "secret": game.joins[1].clone().unwrap() });
        let none = post(address, &path, None, body).await;
        assert_eq!(none.status, 200, "{}", none.body);
        let view = state(address, &game.id).await;
        assert_eq!(view["seats"][0]["name"], "yellow player");
        assert_eq!(view["seats"][1]["name"], "red player");
        // A guest's own name with words is fine.
        let other = create(
            address,
            json!({ "game": "kaissa", "seats": ["human", "human"] }),
        )
        .await;
        let reply = post(
            address,
            &format!("/api/games/{}/join", other.id),
            None,
            json!({ "seat": 0, "secret": other.joins[0].clone().unwrap(), "name": "Guest of Anna" }),
        )
        .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn chat_refuses_control_and_format_characters() {
    for config in backends("chat") {
        let address = start(&config).await;
        let (game, tokens) = create_seated::<2>(address, "kaissa").await;
        let path = format!("/api/games/{}/chat", game.id);
        let bad = [
            "nul \u{0000} inside",
            "\u{1b}[2J\u{1b}[31mcleared",
            "bell\u{0007}",
            "line\nbreak",
            "\u{202E}desrever",
            "zero\u{200B}width",
            "\u{FEFF}bom",
        ];
        for text in bad {
            let reply = post(address, &path, Some(&tokens[0]), json!({ "text": text })).await;
            assert_eq!(reply.status, 400, "{text:?}: {}", reply.body);
        }
        let fine = post(
            address,
            &path,
            Some(&tokens[0]),
            json!({ "text": "good luck! Удачи" }),
        )
        .await;
        assert_eq!(fine.status, 200, "{}", fine.body);

        // The same over the WebSocket.
        let version = state(address, &game.id).await["version"].as_i64().unwrap();
        let url = format!(
            "ws://{address}/api/games/{}/socket?since={version}",
            game.id
        );
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        for text in ["nul \u{0000} inside", "\u{1b}[31mred", "\u{2067}isolate"] {
            let action = json!({ "type": "chat", "token": tokens[1], "text": text });
            socket
                .send(Message::Text(action.to_string().into()))
                .await
                .unwrap();
            let answer = loop {
                let value = next_text(&mut socket).await;
                if value["type"] == "error" || value["type"] == "ack" {
                    break value;
                }
            };
            assert_eq!(answer["type"], "error", "{text:?}: {answer}");
            assert_eq!(answer["status"], 400, "{text:?}: {answer}");
        }
        let action = json!({ "type": "chat", "token": tokens[1], "text": "gg" });
        socket
            .send(Message::Text(action.to_string().into()))
            .await
            .unwrap();
        let answer = loop {
            let value = next_text(&mut socket).await;
            if value["type"] == "error" || value["type"] == "ack" {
                break value;
            }
        };
        assert_eq!(answer["type"], "ack", "{answer}");
    }
}
