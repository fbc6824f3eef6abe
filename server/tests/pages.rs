//! The pages and their embedded files: served by exact name only.

mod common;

use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn pages_and_files() {
    let config = sqlite("pages");
    let address = start(&config).await;
    let lobby = get(address, "/").await;
    assert_eq!(lobby.status, 200);
    assert!(lobby.body.contains("data-action=\"create-game\""));
    let created = create(
        address,
        json!({"game": "chaturaji", "seats": ["human", "bot:random", "bot:random", "bot:random"]}),
    )
    .await;
    let table = get(address, &format!("/g/{}", created.id)).await;
    assert_eq!(table.status, 200);
    assert!(table.body.contains("data-position") && table.body.contains("/static/table.js"));
    assert_eq!(get(address, "/g/0123456789abcdef").await.status, 404);
    assert_eq!(get(address, "/g/..").await.status, 404);
    let board = get(address, "/static/board.js").await;
    assert_eq!(board.status, 200);
    assert_eq!(board.body, include_str!("../../web/js/board.js"));
    let dice = get(address, "/static/dice.js").await;
    assert_eq!(dice.status, 200);
    assert!(dice.body.contains("export async function checkDice"));
    for path in [
        "/static/../Cargo.toml",
        "/static/%2e%2e%2fCargo.toml",
        "/static/",
        "/static/board.js.map",
        "/static/..%2f..%2fsrc%2flib.rs",
    ] {
        assert_eq!(get(address, path).await.status, 404, "{path}");
    }
    let list = get(address, "/api/games").await.json();
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == created.id.as_str()));
    assert_eq!(get(address, "/api/games?bogus=1").await.status, 400);
    // The state carries what the page draws: pieces and legal moves.
    let state = state(address, &created.id).await;
    assert_eq!(state["board"]["pieces"]["h4"], "rK");
}
