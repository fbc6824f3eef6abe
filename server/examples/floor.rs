//! The floor of a server's cost per move: an axum server that answers
//! the routes `kc-server load` plays through (create a game, take its
//! seats, a WebSocket per seat that takes moves) and does nothing else.
//! It knows no rules and stores nothing: a move is acknowledged and an
//! event of the size of a real one (the state of a Kaissa game at its
//! start) is sent to both seats. What `kc-server` spends per move beyond
//! this is the game's own cost: rules, storage, events.
//!
//! ```sh
//! cargo run --release -p kaissa-chaturaji-server --example floor -- 127.0.0.1:9100
//! ```
//! `scripts/server-cpu` runs it beside `kc-server` under the same load.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::broadcast;

/// One game: its version and the channel of its events.
struct Game {
    version: Mutex<i64>,
    events: broadcast::Sender<Arc<str>>,
}

/// The floor's state: the games by id.
#[derive(Default)]
struct Floor {
    games: Mutex<HashMap<String, Arc<Game>>>,
    next: AtomicU64,
}

/// An event of the size of a real one: the legal moves and pieces of a
/// Kaissa start, made once; each event only writes its version and seat.
fn state(version: i64, to_move: usize) -> String {
    static REST: OnceLock<String> = OnceLock::new();
    let rest = REST.get_or_init(|| {
        let game = kaissa_chaturaji::game::AnyGame::kaissa();
        let legal: Vec<String> = kaissa_chaturaji::game::Game::legal_actions(&game)
            .iter()
            .map(ToString::to_string)
            .collect();
        let pieces: serde_json::Map<String, Value> = game
            .to_string()
            .split('/')
            .enumerate()
            .map(|(i, row)| (format!("r{i}"), json!(row)))
            .collect();
        let body = json!({
            "type": "move", "move": legal[0], "auto": [],
            "status": "playing", "position": game.to_string(), "board": {"pieces": pieces},
            "roll": null, "legal": legal, "outcome": "ongoing",
            "termination": null, "clock": null, "scores": null, "draw_offers": [],
            "exchange_offer": null, "server_seed": null,
        })
        .to_string();
        body[1..].to_string()
    });
    format!(
        "{{\"version\":{version},\"seat\":{},\"to_move\":{to_move},{rest}",
        1 - to_move
    )
}

async fn create(State(floor): State<Arc<Floor>>) -> (axum::http::StatusCode, Json<Value>) {
    let id = format!("{:016x}", floor.next.fetch_add(1, Ordering::Relaxed));
    let game = Arc::new(Game {
        version: Mutex::new(2),
        events: broadcast::channel(64).0,
    });
    floor
        .games
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(id.clone(), game);
    (
        axum::http::StatusCode::CREATED,
        Json(json!({"id": id, "url": format!("/g/{id}"),
            "seats": [{"seat": 0, "join": "a"}, {"seat": 1, "join": "b"}]})),
    )
}

async fn join(Json(body): Json<Value>) -> Json<Value> {
    Json(json!({"token": format!("t{}", body["seat"])}))
}

async fn socket(
    State(floor): State<Arc<Floor>>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let game = floor
        .games
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&id)
        .cloned();
    // The same socket settings as kc-server's.
    let upgrade = upgrade
        .max_message_size(kaissa_chaturaji_server::http::stream::MAX_SOCKET_MESSAGE)
        .read_buffer_size(kaissa_chaturaji_server::http::stream::SOCKET_READ_BUFFER);
    upgrade.on_upgrade(move |ws| async move {
        if let Some(game) = game {
            play(game, ws).await;
        }
    })
}

/// A seat's socket: the start, then an ack and an event per move.
async fn play(game: Arc<Game>, ws: WebSocket) {
    let (mut sink, mut stream) = ws.split();
    let mut events = game.events.subscribe();
    if sink.send(Message::Text(state(2, 0).into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            message = stream.next() => {
                let Some(Ok(Message::Text(text))) = message else { return };
                let Ok(action) = serde_json::from_str::<Value>(&text) else { return };
                let version = {
                    let mut version = game.version.lock().unwrap_or_else(|e| e.into_inner());
                    *version += 1;
                    *version
                };
                let seat = action["token"].as_str().map_or(0, |t| usize::from(t == "t1"));
                let ack = json!({"type": "ack", "version": version}).to_string();
                if sink.send(Message::Text(ack.into())).await.is_err() {
                    return;
                }
                let _ = game.events.send(state(version, 1 - seat).into());
            }
            event = events.recv() => {
                let Ok(event) = event else { return };
                if sink.send(Message::Text(event.to_string().into())).await.is_err() {
                    return;
                }
            }
        }
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let address = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:9100".into());
    let app = Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/socket", get(socket))
        .with_state(Arc::new(Floor::default()));
    let listener = tokio::net::TcpListener::bind(&address).await?;
    println!("floor: serving http://{}/", listener.local_addr()?);
    axum::serve(listener, app).await
}
