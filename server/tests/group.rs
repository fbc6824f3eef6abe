//! Group commit: many tables moving at once are all acknowledged and all
//! stored, a racing move at a stale version still gets 409 and changes
//! nothing, and inside one group a stale or failing write leaves the
//! others alone.

mod common;

use common::*;
use futures_util::future::join_all;
use kaissa_chaturaji_server::config::Config;
use kaissa_chaturaji_server::store::database::Store;
use kaissa_chaturaji_server::store::rows::{GameRow, MoveRow};
use serde_json::json;

/// How many tables move at once.
const TABLES: usize = 40;
/// How many moves each table makes.
const ROUNDS: usize = 4;

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_moves_on_many_tables_are_all_durable() {
    for config in backends("group") {
        let config = Config {
            create_per_minute: None,
            ..config
        };
        let address = start(&config).await;
        let games = join_all((0..TABLES).map(|_| async move {
            let (created, tokens) = create_seated::<2>(address, "kaissa").await;
            (created.id, tokens)
        }))
        .await;
        let mut played: Vec<Vec<String>> = vec![Vec::new(); TABLES];
        for _ in 0..ROUNDS {
            // Every table at once: the seat to move sends the same move
            // twice at the same version; one is taken, one is stale.
            let replies = join_all(games.iter().map(|(id, tokens)| async move {
                let now = state(address, id).await;
                let seat = now["to_move"].as_u64().unwrap() as usize;
                let version = now["version"].as_i64().unwrap();
                let text = now["legal"][0].as_str().unwrap().to_string();
                let token = &tokens[seat];
                let (a, b) = tokio::join!(
                    send_move(address, id, token, &text, version),
                    send_move(address, id, token, &text, version)
                );
                (text, version, a, b)
            }))
            .await;
            for (t, (text, version, a, b)) in replies.into_iter().enumerate() {
                let mut statuses = [a.status, b.status];
                statuses.sort_unstable();
                assert_eq!(statuses, [200, 409], "{} / {}", a.body, b.body);
                let ok = if a.status == 200 { &a } else { &b };
                assert_eq!(ok.json()["version"], json!(version + 1));
                played[t].push(text);
            }
        }
        // What was acknowledged is stored: read it back through a second
        // connection to the database.
        let store = Store::open(&config.database).await.unwrap();
        for ((id, _), moves) in games.iter().zip(&played) {
            let (row, stored) = store.load_game(id).await.unwrap().unwrap();
            let tokens: Vec<&str> = stored.iter().map(|m| m.token.as_str()).collect();
            assert_eq!(tokens, *moves, "game {id}");
            assert_eq!(row.version, 2 + ROUNDS as i64, "game {id}");
            let now = state(address, id).await;
            assert_eq!(now["version"], json!(2 + ROUNDS as i64));
        }
    }
}

/// A game's row at `version` (a finished game: only the storage reads
/// it).
fn row(id: &str, version: i64) -> GameRow {
    GameRow {
        id: id.into(),
        game: "kaissa".into(),
        rules: "sheet".into(),
        seats: "[]".into(),
        clock: "null".into(),
        clock_state: "{}".into(),
        // Over: a server opened on the same database later does not
        // try to resume it.
        status: "over".into(),
        result: "null".into(),
        version,
        seeds: "[]".into(),
        commitment: String::new(),
        server_seed: String::new(),
        extra: "{}".into(),
        created_ms: 0,
    }
}

/// A change of game `id` from `from`, playing `token`.
async fn change(store: &Store, id: &str, from: i64, token: &str) -> bool {
    let moves = [MoveRow {
        ply: from,
        version: from + 1,
        token: token.into(),
        at_ms: 0,
    }];
    let events = [(from + 1, format!("{{\"move\":\"{token}\"}}"))];
    store
        .commit(from, &row(id, from + 1), &moves, &events, &[])
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stale_or_failing_write_leaves_its_group_alone() {
    for config in backends("group-store") {
        let store = Store::open(&config.database).await.unwrap();
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let ids: Vec<String> = (0..16)
            .map(|i| format!("{:012x}{i:04x}", stamp % (1 << 48)))
            .collect();
        for id in &ids {
            store.create_game(&row(id, 0), &[]).await.unwrap();
        }
        // Two changes from version 0 of each game at once (and a game
        // created twice): one change of each game is written, the other
        // answers false; the second creation fails alone.
        let twice = row(&ids[0], 0);
        let (changes, again) = tokio::join!(
            join_all(
                ids.iter()
                    .flat_map(|id| ["e2e5", "a2a4"].map(|t| change(&store, id, 0, t)))
            ),
            store.create_game(&twice, &[]),
        );
        assert!(again.is_err(), "an id cannot be created twice");
        for (id, pair) in ids.iter().zip(changes.chunks(2)) {
            assert_eq!(pair.iter().filter(|&&written| written).count(), 1, "{id}");
            let winner = if pair[0] { "e2e5" } else { "a2a4" };
            let (stored_row, moves) = store.load_game(id).await.unwrap().unwrap();
            assert_eq!(stored_row.version, 1);
            assert_eq!(moves.len(), 1);
            assert_eq!(moves[0].token, winner);
            let events = store.events_since(id, 0, 10).await.unwrap();
            assert_eq!(events, [(1, format!("{{\"move\":\"{winner}\"}}"))]);
        }
        // A stale version writes nothing.
        assert!(!change(&store, &ids[1], 0, "b2b4").await);
        assert!(change(&store, &ids[1], 1, "b9b7").await);
        let (_, moves) = store.load_game(&ids[1]).await.unwrap().unwrap();
        assert_eq!(moves.len(), 2);
    }
}
