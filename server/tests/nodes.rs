//! Several servers on one PostgreSQL database serve the same tables: a
//! move made through one is seen on the others' streams, in order and
//! once; a server behind the stored game retries an action against it;
//! a clock is flagged once and a bot moves once; and a server killed
//! mid-game loses nothing. PostgreSQL only (SQLite has one server).

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use futures_util::SinkExt;
use kaissa_chaturaji_server::config::Config;
use kaissa_chaturaji_server::live::app::App;
use kaissa_chaturaji_server::live::game::Action;
use kaissa_chaturaji_server::store::database::Store;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// The PostgreSQL configuration, or `None` (skipped with a reason, or a
/// failure under CI=true).
fn postgres() -> Option<Config> {
    postgres_url().map(|url| Config {
        listen: "127.0.0.1:0".into(),
        database: url,
        data: None,
        create_per_minute: None,
        ..Config::default()
    })
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A client's socket on one server, and the last version it saw.
struct Client {
    socket: Socket,
    last: i64,
    acked: Vec<i64>,
}

impl Client {
    /// Opens game `id`'s socket at `address` from version `since`.
    async fn open(address: SocketAddr, id: &str, since: i64) -> Client {
        let url = format!("ws://{address}/api/games/{id}/socket?since={since}&seated=1");
        let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Client {
            socket,
            last: since,
            acked: Vec::new(),
        }
    }

    /// Sends an action.
    async fn send(&mut self, action: Value) {
        self.socket
            .send(Message::Text(action.to_string().into()))
            .await
            .unwrap();
    }

    /// Reads until the event of `version`, checking that every event
    /// comes once and in order; notes the acknowledgements.
    async fn until(&mut self, version: i64) -> Value {
        loop {
            let message = next_text(&mut self.socket).await;
            match message["type"].as_str() {
                Some("ack") => self.acked.push(message["version"].as_i64().unwrap()),
                Some("error") => panic!("refused: {message}"),
                _ => {}
            }
            let Some(v) = message["version"].as_i64() else {
                continue;
            };
            if message["type"] == "ack" {
                continue;
            }
            assert_eq!(v, self.last + 1, "events out of order or twice: {message}");
            self.last = v;
            if v == version {
                return message;
            }
        }
    }
}

/// A move of the event's legal ones, from a xorshift generator.
fn pick(state: &Value, seed: &mut u64) -> String {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    let legal = state["legal"].as_array().expect("a legal list");
    legal[(*seed % legal.len() as u64) as usize]
        .as_str()
        .unwrap()
        .to_string()
}

/// The 99th percentile of `times`, in milliseconds.
fn p99(times: &mut [Duration]) -> f64 {
    times.sort_unstable();
    let index = ((times.len() as f64 - 1.0) * 0.99).round() as usize;
    times[index].as_secs_f64() * 1000.0
}

#[tokio::test(flavor = "multi_thread")]
async fn a_move_through_one_node_is_seen_on_the_other() {
    let Some(config) = postgres() else { return };
    let (_, a) = start_app(&config).await;
    let (_, b) = start_app(&config).await;
    let (created, tokens) = create_seated::<2>(a, "kaissa").await;
    let id = &created.id;
    let mut on = [Client::open(a, id, 0).await, Client::open(b, id, 0).await];
    let mut state = on[0].until(2).await;
    on[1].until(2).await;
    let mut seed = 7;
    let mut times = Vec::new();
    // Moves go through each server in turn; the other one's stream is timed.
    while state["status"] == "playing" && times.len() < 60 {
        let seat = state["to_move"].as_u64().unwrap() as usize;
        let version = state["version"].as_i64().unwrap();
        let through = times.len() % 2;
        let text = pick(&state, &mut seed);
        let sent = Instant::now();
        let reply = send_move([a, b][through], id, &tokens[seat], &text, version).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        state = on[1 - through].until(version + 1).await;
        times.push(sent.elapsed());
        on[through].until(version + 1).await;
    }
    let p99 = p99(&mut times);
    println!("{} moves, across servers p99 {p99:.1} ms", times.len());
    // The goal is 50 ms; a loaded machine shared by several builds gets
    // some room here (the load tool measures it).
    assert!(p99 < 500.0, "p99 {p99:.1} ms");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_node_behind_the_store_retries_once() {
    let Some(config) = postgres() else { return };
    let (a, address) = start_app(&config).await;
    // A server that hears no announcements: its copy is always behind.
    let b = App::new(Store::open(&config.database).await.unwrap(), None).unwrap();
    let (created, tokens) = create_seated::<2>(address, "kaissa").await;
    let id = &created.id;
    let seat_of = |app: &Arc<App>, token: &str| {
        let app = app.clone();
        let token = token.to_string();
        let id = id.clone();
        async move { app.seat_of(&id, &token).await.unwrap() }
    };
    assert_eq!(seat_of(&b, &tokens[0]).await, 0);
    let mv = |seat: usize, text: &str, version: i64| Action::Move {
        seat,
        text: text.into(),
        version,
    };
    // Through A, then through B, which still has version 2: the client
    // saw version 3, and B takes its move after reading the store.
    let (v, _) = a.act(id, mv(0, "e2e5", 2)).await.unwrap();
    assert_eq!(v, 3);
    let legal = a.view(id).await.unwrap()["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    let (v, _) = b.act(id, mv(1, &legal, 3)).await.unwrap();
    assert_eq!(v, 4);
    // A client behind the game is still refused by the action's check.
    let stale = b.act(id, mv(0, "e2e5", 3)).await.unwrap_err();
    assert_eq!(
        stale.kind,
        kaissa_chaturaji_server::live::refusal::Kind::Conflict,
        "{}",
        stale.message
    );
    // A write from B's old copy loses the compare-and-set, and is made
    // again on the stored game.
    let legal = a.view(id).await.unwrap()["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(a.act(id, mv(0, &legal, 4)).await.unwrap().0, 5);
    let chat = Action::Chat {
        seat: 1,
        text: "hello".into(),
    };
    assert_eq!(b.act(id, chat).await.unwrap().0, 6);
    let events = b.store.events_since(id, 0, 100).await.unwrap();
    let versions: Vec<i64> = events.iter().map(|e| e.0).collect();
    assert_eq!(versions, (1..=6).collect::<Vec<_>>());
}

/// The stored events of game `id` of `kind`.
async fn stored(app: &App, id: &str, kind: &str) -> Vec<Value> {
    let events = app.store.events_since(id, 0, 10_000).await.unwrap();
    for (i, (version, _)) in events.iter().enumerate() {
        assert_eq!(*version, i as i64 + 1, "a gap or a twice-stored version");
    }
    events
        .iter()
        .map(|(_, body)| serde_json::from_str::<Value>(body).unwrap())
        .filter(|e| e["type"] == kind)
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_clock_is_flagged_once_by_two_nodes() {
    let Some(config) = postgres() else { return };
    let (a, address) = start_app(&config).await;
    let (b, _) = start_app(&config).await;
    let mut games = Vec::new();
    for _ in 0..4 {
        let created = create(
            address,
            json!({"game": "kaissa", "seats": ["human", "human"], "clock": {"initial_ms": 700, "increment_ms": 0}}),
        )
        .await;
        join(address, &created, 0, None).await;
        join(address, &created, 1, None).await;
        // Both servers hold the game, and both run its flag timer.
        b.game(&created.id).await.unwrap();
        games.push(created.id);
    }
    tokio::time::sleep(Duration::from_millis(2500)).await;
    for id in &games {
        let flags = stored(&a, id, "flag").await;
        assert_eq!(flags.len(), 1, "game {id}: {flags:?}");
        assert_eq!(b.view(id).await.unwrap()["status"], "over");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bot_moves_once_with_two_nodes() {
    let Some(config) = postgres() else { return };
    let (a, address_a) = start_app(&config).await;
    let (b, address_b) = start_app(&config).await;
    let created = create(
        address_a,
        json!({"game": "kaissa", "seats": ["human", "bot:random"]}),
    )
    .await;
    let token = join(address_a, &created, 0, None).await;
    let id = &created.id;
    b.game(id).await.unwrap();
    let mut watch = Client::open(address_b, id, 0).await;
    let mut state = watch.until(1).await;
    let mut seed = 11;
    for ply in 0..12 {
        if state["status"] != "playing" {
            break;
        }
        let version = state["version"].as_i64().unwrap();
        let text = pick(&state, &mut seed);
        let through = [address_a, address_b][ply % 2];
        let reply = send_move(through, id, &token, &text, version).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        // The human's move, then the bot's.
        watch.until(version + 1).await;
        state = watch.until(version + 2).await;
        assert_eq!(state["type"], "move", "{state}");
        assert_eq!(state["seat"], 1, "{state}");
    }
    // Let both servers' bot tasks end: still one bot move a turn.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let moves = stored(&a, id, "move").await;
    for (i, mv) in moves.iter().enumerate() {
        assert_eq!(mv["seat"], i % 2, "{mv}");
    }
    assert_eq!(
        a.view(id).await.unwrap()["version"],
        b.view(id).await.unwrap()["version"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_listener_comes_back_after_its_connection_is_cut() {
    let Some(config) = postgres() else { return };
    let (_, a) = start_app(&config).await;
    let (_, b) = start_app(&config).await;
    let (created, tokens) = create_seated::<2>(a, "kaissa").await;
    let id = &created.id;
    let mut watch = Client::open(b, id, 0).await;
    let state = watch.until(2).await;
    // Cut every listening connection of this database (other tests'
    // servers listen again too).
    let pool = sqlx::PgPool::connect(&config.database).await.unwrap();
    let cut = sqlx::query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = $1 AND datname = current_database()",
    )
    .bind(kaissa_chaturaji_server::live::nodes::LISTENER_NAME)
    .execute(&pool)
    .await
    .unwrap();
    assert!(cut.rows_affected() >= 2, "both servers listen");
    // A move made while B may not listen yet reaches B's stream.
    let text = state["legal"][0].as_str().unwrap();
    let reply = send_move(a, id, &tokens[0], text, 2).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let seen = watch.until(3).await;
    assert_eq!(seen["type"], "move");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_node_killed_mid_game_loses_nothing() {
    let Some(config) = postgres() else { return };
    let (address_a, address_b) = (free_address(), free_address());
    let mut server_a = Server(spawn(&config, address_a).await);
    let _server_b = Server(spawn(&config, address_b).await);
    let (created, tokens) = create_seated::<2>(address_a, "kaissa").await;
    let id = &created.id;
    // Seat 0's client on A, seat 1's on B.
    let mut clients = [
        Client::open(address_a, id, 0).await,
        Client::open(address_b, id, 0).await,
    ];
    let mut state = clients[0].until(2).await;
    clients[1].until(2).await;
    let mut seed = 0x2545_f491_4f6c_dd1d;
    let mut played = Vec::new();
    let mut sent_at = std::collections::HashMap::new();
    let mut killed = false;
    while state["status"] == "playing" {
        let seat = state["to_move"].as_u64().unwrap() as usize;
        let version = state["version"].as_i64().unwrap();
        let action = if played.len() >= 400 {
            json!({"type": "resign", "token": tokens[seat]})
        } else {
            let text = pick(&state, &mut seed);
            played.push(text.clone());
            sent_at.insert(version + 1, text.clone());
            json!({"type": "move", "token": tokens[seat], "move": text, "version": version})
        };
        clients[seat].send(action.clone()).await;
        if !killed && seat == 0 && played.len() >= 20 {
            // A dies with this move in flight; its client goes to B.
            server_a.0.kill().expect("SIGKILL");
            server_a.0.wait().unwrap();
            killed = true;
            let last = clients[0].last;
            let acked = std::mem::take(&mut clients[0].acked);
            clients[0] = Client::open(address_b, id, last).await;
            clients[0].acked = acked;
            let committed = common::state(address_b, id).await["version"] != version;
            if !committed {
                clients[0].send(action).await;
            }
            println!(
                "killed A at ply {}: the move in flight was committed: {committed}",
                played.len()
            );
        }
        state = clients[seat].until(version + 1).await;
        clients[1 - seat].until(version + 1).await;
    }
    assert!(killed, "the game ended before the kill");
    println!(
        "the game ended after {} moves: {}",
        played.len(),
        state["type"]
    );
    let end = common::state(address_b, id).await;
    let stored: Vec<String> = end["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    assert_eq!(stored, played, "the stored moves are those played");
    // Every acknowledged move is stored at its version (a move event a
    // version, from 3 on), the one in flight at the kill aside.
    let acked: Vec<i64> = clients.iter().flat_map(|c| c.acked.clone()).collect();
    assert!(acked.len() + 2 >= played.len(), "acks: {acked:?}");
    for version in acked {
        let Some(text) = sent_at.get(&version) else {
            continue; // the resignation
        };
        assert_eq!(&stored[version as usize - 3], text, "version {version}");
    }
}

/// A spawned server, killed when the test ends (a failing one too).
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
