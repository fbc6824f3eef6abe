//! The JSON API against SQLite, and against PostgreSQL when
//! `KC_TEST_POSTGRES` is set: whole games, the die, races, hostile input,
//! seat actions, bots and clocks.

mod common;

use std::time::Duration;

use common::*;
use hmac::{Hmac, Mac};
use kaissa_chaturaji::agents::{Agent, AgentSpec};
use kaissa_chaturaji::game::{AnyGame, Game};
use serde_json::json;
use sha2::{Digest, Sha256};

/// A whole Kaissa game: greedy agents of the library choose the moves
/// offline; the API plays them and must end where the library ends.
#[tokio::test(flavor = "multi_thread")]
async fn whole_kaissa_game() {
    // A finished game, found with the library alone.
    let mut line = Vec::new();
    let mut game = AnyGame::kaissa();
    let mut agents: Vec<_> = (0..2)
        .map(|seed| {
            "greedy"
                .parse::<AgentSpec>()
                .unwrap()
                .any_agent(&game, seed)
                .unwrap()
        })
        .collect();
    while !game.outcome().is_over() && line.len() < 2000 {
        let seat = line.len() % 2;
        let action = agents[seat].choose(&game).unwrap();
        line.push(action.to_string());
        game.apply(action).unwrap();
    }
    assert!(
        game.outcome().is_over(),
        "greedy self-play ended within 2000 plies"
    );
    for config in backends("kaissa") {
        let address = start(&config).await;
        let (created, tokens) = create_seated::<2>(address, "kaissa").await;
        let mut version = state(address, &created.id).await["version"]
            .as_i64()
            .unwrap();
        for (ply, text) in line.iter().enumerate() {
            let reply = send_move(address, &created.id, &tokens[ply % 2], text, version).await;
            assert_eq!(reply.status, 200, "ply {ply} {text}: {}", reply.body);
            assert_eq!(reply.json()["version"].as_i64(), Some(version + 1));
            version += 1;
        }
        let end = state(address, &created.id).await;
        assert_eq!(end["status"], "over");
        assert_eq!(end["outcome"], game.outcome().word());
        assert_eq!(end["position"], game.to_string());
        assert_eq!(end["moves"].as_array().unwrap().len(), line.len());
        assert!(end["dice"]["server_seed"].is_string());
        let record = get(address, &format!("/api/games/{}/record", created.id)).await;
        assert_eq!(record.status, 200);
        let parsed: kaissa_chaturaji::record::Record =
            record.body.parse().expect("the record reads back");
        assert_eq!(parsed.final_position_text(), game.to_string());
        assert_eq!(parsed.result().to_string(), game.outcome().word());
        // A move after the end is refused.
        let late = send_move(address, &created.id, &tokens[0], &line[0], version).await;
        assert_eq!(late.status, 409, "{}", late.body);
    }
}

/// The k-th roll, computed here from the published values.
fn roll(server_seed: &[u8], id: &str, k: u64, seeds: &[&str]) -> u8 {
    let mut mac = Hmac::<Sha256>::new_from_slice(server_seed).unwrap();
    mac.update(format!("{id}:{k}:{}", seeds.join(":")).as_bytes());
    2 + mac.finalize().into_bytes()[0] % 4
}

/// A Chaturaji game of four people: the die is verified from the record
/// after the end (commitment, seeds, every roll), here and by
/// `kc-server record`.
#[tokio::test(flavor = "multi_thread")]
async fn chaturaji_die_verified_from_the_record() {
    for config in backends("chaturaji") {
        let address = start(&config).await;
        let created = create(
            address,
            json!({"game": "chaturaji", "rules": "sheet", "seats": ["human", "human", "human", "human"]}),
        )
        .await;
        let mut tokens = Vec::new();
        for seat in 0..4 {
            let seed = if seat % 2 == 0 { Some("C0FFEE") } else { None };
            tokens.push(join(address, &created, seat, seed).await);
        }
        let start_state = state(address, &created.id).await;
        assert_eq!(start_state["dice"]["seeds"][0], "c0ffee");
        assert!(start_state["dice"]["server_seed"].is_null());
        // Every seat plays its first legal move, for 120 versions or the end.
        for _ in 0..120 {
            let now = state(address, &created.id).await;
            if now["status"] != "playing" {
                break;
            }
            let seat = now["to_move"].as_u64().unwrap() as usize;
            let legal = now["legal"].as_array().unwrap();
            assert!(
                now["roll"].is_u64() || legal.iter().any(|t| t.as_str().unwrap().starts_with('='))
            );
            let text = legal[0].as_str().unwrap();
            let version = now["version"].as_i64().unwrap();
            let reply = send_move(address, &created.id, &tokens[seat], text, version).await;
            assert_eq!(reply.status, 200, "{text}: {}", reply.body);
        }
        // Red resigns if the game still runs: Black and Yellow win.
        let now = state(address, &created.id).await;
        if now["status"] == "playing" {
            let reply = post(
                address,
                &format!("/api/games/{}/resign", created.id),
                Some(&tokens[0]),
                json!({}),
            )
            .await;
            assert_eq!(reply.status, 200, "{}", reply.body);
            let end = state(address, &created.id).await;
            assert_eq!(end["outcome"], "by-wins");
            assert_eq!(end["termination"], "resignation");
        }
        let end = state(address, &created.id).await;
        let record = get(address, &format!("/api/games/{}/record", created.id))
            .await
            .body;
        let parsed: kaissa_chaturaji::record::Record =
            record.parse().expect("the record reads back");
        let tag = |name: &str| parsed.tags().get(name).unwrap().to_string();
        let server_seed = tag("ServerSeed");
        assert_eq!(
            end["dice"]["server_seed"].as_str(),
            Some(server_seed.as_str())
        );
        let key = kaissa_chaturaji_server::table::dice::from_hex(&server_seed).unwrap();
        let digest: String = Sha256::digest(&key)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(digest, tag("DiceCommitment"));
        assert_eq!(digest, start_state["dice"]["commitment"].as_str().unwrap());
        let seeds_tag = tag("DiceSeeds");
        let seeds: Vec<&str> = seeds_tag.split(',').collect();
        assert_eq!(seeds.len(), 4);
        let mut k = 0;
        for index in 0..parsed.action_count() {
            if let Some(face) = parsed.action(index).and_then(|a| a.roll()) {
                assert_eq!(face.face(), roll(&key, &created.id, k, &seeds), "roll {k}");
                k += 1;
            }
        }
        assert!(k >= 20, "only {k} rolls");
        // The verifier agrees, and catches a changed roll.
        let ok = kaissa_chaturaji_server::live::record::verify(record.as_bytes()).unwrap();
        assert_eq!(ok, [format!("{}: {k} rolls verified", created.id)]);
        let mut output = std::process::Command::new(env!("CARGO_BIN_EXE_kc-server"))
            .arg("record")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        output
            .stdin
            .take()
            .unwrap()
            .write_all(record.as_bytes())
            .unwrap();
        let output = output.wait_with_output().unwrap();
        assert!(output.status.success());
        assert!(String::from_utf8_lossy(&output.stdout).contains("rolls verified"));
        let tampered = record.replace(&server_seed, &"0".repeat(64));
        assert!(kaissa_chaturaji_server::live::record::verify(tampered.as_bytes()).is_err());
    }
}

/// Two moves sent at once for the same version: one 200, one 409.
#[tokio::test(flavor = "multi_thread")]
async fn racing_moves() {
    for config in backends("race") {
        let address = start(&config).await;
        for round in 0..5 {
            let (created, [token, _]) = create_seated(address, "kaissa").await;
            let version = state(address, &created.id).await["version"]
                .as_i64()
                .unwrap();
            let (a, b) = tokio::join!(
                send_move(address, &created.id, &token, "e2e5", version),
                send_move(address, &created.id, &token, "d2d4", version)
            );
            let mut statuses = [a.status, b.status];
            statuses.sort_unstable();
            assert_eq!(
                statuses,
                [200, 409],
                "round {round}: {} / {}",
                a.body,
                b.body
            );
            let moves = state(address, &created.id).await["moves"].clone();
            assert_eq!(moves.as_array().unwrap().len(), 1);
        }
    }
}

/// Bad JSON, an oversized body, missing and wrong tokens, stale versions,
/// illegal moves, unknown games: each its own status, nothing changes.
#[tokio::test(flavor = "multi_thread")]
async fn hostile_input() {
    for config in backends("hostile") {
        let address = start(&config).await;
        let bad = raw(address, "POST", "/api/games", None, b"{not json").await;
        assert_eq!(bad.status, 400);
        assert!(bad.json()["error"].is_string());
        let wrong_shape = post(
            address,
            "/api/games",
            None,
            json!({"game": "chess", "seats": []}),
        )
        .await;
        assert_eq!(wrong_shape.status, 400);
        let seats = post(
            address,
            "/api/games",
            None,
            json!({"game": "kaissa", "seats": ["human"]}),
        )
        .await;
        assert_eq!(seats.status, 400, "{}", seats.body);
        let bot = post(
            address,
            "/api/games",
            None,
            json!({"game": "kaissa", "seats": ["human", "bot:alphabeta:90"]}),
        )
        .await;
        assert_eq!(bot.status, 400, "{}", bot.body);
        let big = vec![b' '; 40_000];
        let huge = raw(address, "POST", "/api/games", None, &big).await;
        assert_eq!(huge.status, 413, "{}", huge.body);
        assert!(huge.json()["error"].is_string());

        let created = create(
            address,
            json!({"game": "kaissa", "seats": ["human", "human"]}),
        )
        .await;
        let path = format!("/api/games/{}/join", created.id);
        let wrong_secret = post(address, &path, None, json!({"seat": 0, "secret": "00"})).await;
        assert_eq!(wrong_secret.status, 403);
        let no_seat = post(address, &path, None, json!({"seat": 7, "secret": "00"})).await;
        assert_eq!(no_seat.status, 400);
        let bad_seed = post(
            address,
            &path,
            None,
            json!({"seat": 0, "secret": created.joins[0], "client_seed": "xyz"}),
        )
        .await;
        assert_eq!(bad_seed.status, 400);
        let token = join(address, &created, 0, None).await;
        let again = post(
            address,
            &path,
            None,
            json!({"seat": 0, "secret": created.joins[0]}),
        )
        .await;
        assert_eq!(again.status, 409);
        let early = send_move(address, &created.id, &token, "e2e5", 1).await;
        assert_eq!(early.status, 409, "not started: {}", early.body);
        let red = join(address, &created, 1, None).await;
        let version = state(address, &created.id).await["version"]
            .as_i64()
            .unwrap();

        let id = &created.id;
        let move_path = format!("/api/games/{id}/move");
        let missing = post(
            address,
            &move_path,
            None,
            json!({"move": "e2e5", "version": version}),
        )
        .await;
        assert_eq!(missing.status, 403);
        let wrong = send_move(address, id, "deadbeef", "e2e5", version).await;
        assert_eq!(wrong.status, 403);
        let not_turn = send_move(address, id, &red, "e9e6", version).await;
        assert_eq!(not_turn.status, 403);
        let stale = send_move(address, id, &token, "e2e5", version - 1).await;
        assert_eq!(stale.status, 409);
        let illegal = send_move(address, id, &token, "e2e9", version).await;
        assert_eq!(illegal.status, 422, "{}", illegal.body);
        let malformed = send_move(address, id, &token, "\u{0}\u{1}zz", version).await;
        assert_eq!(malformed.status, 422);
        let bad_body = raw(address, "POST", &move_path, Some(&token), b"[1,2").await;
        assert_eq!(bad_body.status, 400);
        let no_version = post(address, &move_path, Some(&token), json!({"move": "e2e5"})).await;
        assert_eq!(no_version.status, 400);
        let oversized = raw(
            address,
            "POST",
            &move_path,
            Some(&token),
            &vec![b'a'; 20_000],
        )
        .await;
        assert_eq!(oversized.status, 413);
        let after = state(address, id).await;
        assert_eq!(after["version"].as_i64(), Some(version));
        assert_eq!(after["moves"].as_array().unwrap().len(), 0);

        assert_eq!(
            get(address, "/api/games/0123456789abcdef").await.status,
            404
        );
        assert_eq!(get(address, "/api/games/..%2F..%2Fetc").await.status, 404);
        let unknown = send_move(address, "0123456789abcdef", &token, "e2e5", 0).await;
        assert_eq!(unknown.status, 404);
        let nowhere = get(address, "/api/nothing/here").await;
        assert_eq!(nowhere.status, 404);
        assert!(nowhere.json()["error"].is_string());
        let bad_since = get(address, &format!("/api/games/{id}/events?since=x")).await;
        assert_eq!(bad_since.status, 400);
        assert!(bad_since.json()["error"].is_string());
        let legal = send_move(address, id, &token, "e2e5", version).await;
        assert_eq!(legal.status, 200);
    }
}

/// Draw offers and acceptance, abort before a seat's first move, chat
/// with its limits.
#[tokio::test(flavor = "multi_thread")]
async fn seat_actions() {
    for config in backends("actions") {
        let address = start(&config).await;
        let act = |id: String, token: String, action: &'static str, body: serde_json::Value| async move {
            post(
                address,
                &format!("/api/games/{id}/{action}"),
                Some(&token),
                body,
            )
            .await
        };
        // Draw by agreement.
        let (created, [yellow, red]) = create_seated(address, "kaissa").await;
        let id = created.id.clone();
        assert_eq!(
            act(id.clone(), yellow.clone(), "draw", json!({}))
                .await
                .status,
            200
        );
        assert_eq!(state(address, &id).await["draw_offers"], json!([0]));
        assert_eq!(
            act(id.clone(), yellow.clone(), "draw", json!({}))
                .await
                .status,
            409
        );
        assert_eq!(
            act(id.clone(), red.clone(), "draw", json!({})).await.status,
            200
        );
        let end = state(address, &id).await;
        assert_eq!(
            (end["outcome"].as_str(), end["termination"].as_str()),
            (Some("draw"), Some("agreement"))
        );
        let record = get(address, &format!("/api/games/{id}/record")).await.body;
        assert!(
            record.contains("[Result \"draw\"]") && record.contains("[Termination \"agreement\"]"),
            "{record}"
        );

        // Abort: allowed before the seat's first move, not after.
        let (created, [yellow, red]) = create_seated(address, "kaissa").await;
        let id = created.id.clone();
        let version = state(address, &id).await["version"].as_i64().unwrap();
        assert_eq!(
            send_move(address, &id, &yellow, "e2e5", version)
                .await
                .status,
            200
        );
        let refused = act(id.clone(), yellow.clone(), "abort", json!({})).await;
        assert_eq!(refused.status, 409, "{}", refused.body);
        // Chat: limits.
        assert_eq!(
            act(id.clone(), red.clone(), "chat", json!({"text": ""}))
                .await
                .status,
            400
        );
        assert_eq!(
            act(
                id.clone(),
                red.clone(),
                "chat",
                json!({"text": "x".repeat(501)})
            )
            .await
            .status,
            400
        );
        for i in 0..5 {
            let reply = act(
                id.clone(),
                red.clone(),
                "chat",
                json!({"text": format!("hello {i}")}),
            )
            .await;
            assert_eq!(reply.status, 200, "{}", reply.body);
        }
        let flood = act(id.clone(), red.clone(), "chat", json!({"text": "again"})).await;
        assert_eq!(flood.status, 429);
        assert!(flood.json()["error"].is_string());
        assert_eq!(
            act(id.clone(), red.clone(), "abort", json!({}))
                .await
                .status,
            200
        );
        let end = state(address, &id).await;
        assert_eq!(
            (end["status"].as_str(), end["termination"].as_str()),
            (Some("over"), Some("abandoned"))
        );
        let unknown = act(id.clone(), red.clone(), "dance", json!({})).await;
        assert_eq!(unknown.status, 404);
    }
}

/// Waits until `check` holds for the game's state (at most 20 s).
async fn wait_for(
    address: std::net::SocketAddr,
    id: &str,
    check: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    for _ in 0..400 {
        let now = state(address, id).await;
        if check(&now) {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "game {id} never reached the expected state: {}",
        state(address, id).await
    );
}

/// A bot answers a person's move; four bots play a Chaturaji game alone.
#[tokio::test(flavor = "multi_thread")]
async fn bots_play() {
    for config in backends("bots") {
        let address = start(&config).await;
        let created = create(
            address,
            json!({"game": "kaissa", "seats": ["human", "bot:greedy"]}),
        )
        .await;
        let yellow = join(address, &created, 0, None).await;
        let version = state(address, &created.id).await["version"]
            .as_i64()
            .unwrap();
        assert_eq!(
            send_move(address, &created.id, &yellow, "e2e5", version)
                .await
                .status,
            200
        );
        let answered = wait_for(address, &created.id, |s| {
            s["moves"].as_array().unwrap().len() == 2
        })
        .await;
        assert_eq!(answered["to_move"], 0);
        let created = create(
            address,
            json!({"game": "chaturaji", "rules": "opposite", "seats": ["bot:random", "bot:greedy", "bot:random", "bot:random"]}),
        )
        .await;
        wait_for(address, &created.id, |s| {
            s["moves"].as_array().unwrap().len() >= 30 || s["status"] == "over"
        })
        .await;
    }
}

/// A live clock: the server flags the seat whose time runs out; the
/// record says so.
#[tokio::test(flavor = "multi_thread")]
async fn clock_flags() {
    for config in backends("clock") {
        let address = start(&config).await;
        let created = create(
            address,
            json!({"game": "kaissa", "seats": ["human", "human"], "clock": {"initial_ms": 400, "increment_ms": 0}}),
        )
        .await;
        join(address, &created, 0, None).await;
        join(address, &created, 1, None).await;
        let end = wait_for(address, &created.id, |s| s["status"] == "over").await;
        assert_eq!(end["outcome"], "red-wins");
        assert_eq!(end["termination"], "time-forfeit");
        assert_eq!(end["clock"]["remaining_ms"][0], 0);
        let record = get(address, &format!("/api/games/{}/record", created.id))
            .await
            .body;
        assert!(
            record.contains("[Ending \"time-forfeit\"]")
                && record.contains("[Outcome \"red-wins\"]"),
            "{record}"
        );
    }
}

/// Two servers on one database: a server whose copy of a game is stale
/// cannot overwrite the other's move (the version compare-and-set), and
/// it reloads the game.
#[tokio::test(flavor = "multi_thread")]
async fn two_servers_cannot_overwrite_each_other() {
    for config in backends("two-servers") {
        let a = start(&config).await;
        let b = start(&config).await;
        let created = create(a, json!({"game": "kaissa", "seats": ["human", "human"]})).await;
        let yellow = join(a, &created, 0, None).await;
        let red = join(a, &created, 1, None).await;
        // B loads the game at version 2; A then moves it on.
        assert_eq!(state(b, &created.id).await["version"], 2);
        assert_eq!(
            send_move(a, &created.id, &yellow, "e2e5", 2).await.status,
            200
        );
        // B still holds version 2: Yellow's other move there must fail.
        let stale = send_move(b, &created.id, &yellow, "d2d4", 2).await;
        assert_eq!(stale.status, 409, "{}", stale.body);
        // B has reloaded: Red's move at version 3 goes through B.
        let reply = send_move(b, &created.id, &red, "e9e6", 3).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let moves = state(b, &created.id).await["moves"].clone();
        assert_eq!(moves, json!(["e2e5", "e9e6"]));
    }
}

/// One address creates at most so many games a minute (429 past it).
#[tokio::test(flavor = "multi_thread")]
async fn creation_is_rate_limited() {
    let mut config = sqlite("create-limit");
    config.create_per_minute = Some(3);
    let address = start(&config).await;
    let body = json!({"game": "kaissa", "seats": ["human", "human"]});
    for _ in 0..3 {
        assert_eq!(
            post(address, "/api/games", None, body.clone()).await.status,
            201
        );
    }
    let refused = post(address, "/api/games", None, body).await;
    assert_eq!(refused.status, 429);
    assert!(refused.json()["error"].is_string());
}
