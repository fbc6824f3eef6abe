//! `kc-server bot` backs off when a server keeps failing: against a
//! stand-in server whose join always fails, the game is tried again at
//! growing intervals; against one whose listing fails after the first,
//! the listings come at growing intervals too (not one every poll).

mod common;

use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

/// When the stand-in server was asked for what.
#[derive(Default)]
struct Calls {
    started: Option<Instant>,
    lists: Vec<Duration>,
    joins: Vec<Duration>,
    list_fails: bool,
}

type Shared = Arc<Mutex<Calls>>;

/// The time since the first call.
fn stamp(calls: &mut Calls) -> Duration {
    calls.started.get_or_insert_with(Instant::now).elapsed()
}

const GAME: &str = "0123456789abcdef";

/// Starts the stand-in server: one waiting game with a seat kept for the
/// account, whose join fails with a 500; the listing fails after the
/// first one when `list_fails`.
async fn stand_in(list_fails: bool) -> (SocketAddr, Shared) {
    let calls: Shared = Arc::new(Mutex::new(Calls {
        list_fails,
        ..Calls::default()
    }));
    let app = Router::new()
        .route(
            "/api/account/games",
            get(|State(calls): State<Shared>| async move {
                let mut calls = calls.lock().unwrap();
                let at = stamp(&mut calls);
                calls.lists.push(at);
                if calls.list_fails && calls.lists.len() > 1 {
                    return (
                        StatusCode::INTERNAL_SERVER_ERROR,
                        Json(json!({ "error": "down" })),
                    );
                }
                let games = if calls.list_fails {
                    json!([])
                } else {
                    json!([{ "id": GAME, "seat": 1, "status": "waiting" }])
                };
                (StatusCode::OK, Json(json!({ "games": games })))
            }),
        )
        .route(
            "/api/games/{id}",
            get(|| async {
                Json(json!({
                    "id": GAME, "game": "kaissa", "status": "waiting", "version": 0,
                    "seats": [{ "taken": true }, { "taken": false }],
                }))
            }),
        )
        .route(
            "/api/games/{id}/join",
            post(|State(calls): State<Shared>| async move {
                let mut calls = calls.lock().unwrap();
                let at = stamp(&mut calls);
                calls.joins.push(at);
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    Json::<Value>(json!({ "error": "broken" })),
                )
            }),
        )
        .with_state(calls.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (address, calls)
}

/// Runs `kc-server bot` against `address` for `time`.
async fn run_bot(address: SocketAddr, time: Duration) {
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_kc-server"))
        .args(["bot", "--engine", "true", "--token", "t", "--server"])
        .arg(format!("http://{address}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    tokio::time::sleep(time).await;
    child.kill().await.unwrap();
}

/// The gaps between the times of `calls`.
fn gaps(calls: &[Duration]) -> Vec<f64> {
    calls
        .windows(2)
        .map(|w| (w[1] - w[0]).as_secs_f64())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_that_fails_to_join_is_tried_again_with_back_off() {
    let (address, calls) = stand_in(false).await;
    run_bot(address, Duration::from_secs(13)).await;
    let calls = calls.lock().unwrap();
    let gaps = gaps(&calls.joins);
    // One poll (1.5 s) apart would be 8 or 9 joins; doubling waits, 4 or 5.
    assert!(
        (4..=5).contains(&calls.joins.len()),
        "joins at {:?}",
        calls.joins
    );
    assert!(
        gaps.last().unwrap() >= &(gaps[0] * 1.9),
        "the waits did not grow: {gaps:?}"
    );
    // The listing goes on every poll meanwhile.
    assert!(calls.lists.len() >= 7, "{:?}", calls.lists);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_failing_listing_is_tried_again_with_back_off() {
    let (address, calls) = stand_in(true).await;
    run_bot(address, Duration::from_secs(13)).await;
    let calls = calls.lock().unwrap();
    let gaps = gaps(&calls.lists);
    assert!(
        (3..=6).contains(&calls.lists.len()),
        "listings at {:?}",
        calls.lists
    );
    assert!(
        gaps.last().unwrap() >= &(gaps[0] * 1.9),
        "the waits did not grow: {gaps:?}"
    );
}
