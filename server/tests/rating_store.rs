//! The ratings' storage on SQLite and PostgreSQL, through the store's own
//! API: a finished rated game settles once, two games of one player
//! settled at once both count, and a game left unsettled (a crash after
//! its end) is settled at the next start.

mod common;

use common::*;
use kaissa_chaturaji_server::rating::skill::{rate, Pool, Skill};
use kaissa_chaturaji_server::rating::store::Settled;
use kaissa_chaturaji_server::store::database::Store;
use kaissa_chaturaji_server::store::rows::GameRow;
use serde_json::json;

/// A fresh id of 16 hex digits (games) or a fresh account id.
fn fresh_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let n = COUNT.fetch_add(1, Ordering::SeqCst);
    format!(
        "{:016x}",
        nanos ^ (u64::from(std::process::id()) << 40) ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    )
}

/// A finished rated Kaissa game between `yellow` and `red` (account ids)
/// that ended with `outcome` and `termination`, each seat having made
/// `moves` moves.
fn kaissa_row(yellow: &str, red: &str, outcome: &str, termination: &str, moves: u32) -> GameRow {
    let seat = |account: &str| {
        json!({ "kind": "human", "join_hash": null, "token_hash": "x", "name": account,
                "moved": moves > 0, "account": account })
    };
    GameRow {
        id: fresh_id(),
        game: "kaissa".into(),
        rules: "sheet".into(),
        seats: json!([seat(yellow), seat(red)]).to_string(),
        clock: "null".into(),
        clock_state: "{}".into(),
        status: "over".into(),
        result: json!({ "outcome": outcome, "termination": termination }).to_string(),
        version: 10,
        seeds: "[]".into(),
        commitment: String::new(),
        server_seed: String::new(),
        extra: json!({ "private": false, "draw_offers": [], "rated": true,
                       "seat_moves": [moves, moves] })
        .to_string(),
        created_ms: 0,
    }
}

/// Held by each test: a start's settlement (`settle_pending`) settles
/// every finished game of the database, other tests' games included, so
/// the tests of this file run one at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The stores to test.
async fn stores(tag: &str) -> Vec<Store> {
    let mut stores = Vec::new();
    for config in backends(tag) {
        if let Some(dir) = &config.data {
            std::fs::create_dir_all(dir).unwrap();
        }
        stores.push(Store::open(&config.database).await.expect("store opens"));
    }
    stores
}

/// An account's `(rating, games)` in `pool`, if it has one.
async fn rating(store: &Store, account: &str, pool: Pool) -> Option<(i64, i64)> {
    store
        .ratings_of(account)
        .await
        .unwrap()
        .into_iter()
        .find(|(p, _, _)| p == pool.word())
        .map(|(_, rating, games)| (rating, games))
}

#[tokio::test]
async fn a_game_settles_once() {
    let _turn = ONE_AT_A_TIME.lock().await;
    for store in stores("settle-once").await {
        let (a, b) = (fresh_id(), fresh_id());
        let row = kaissa_row(&a, &b, "yellow-wins", "resignation", 2);
        store.create_game(&row, &[]).await.unwrap();
        let Settled::Rated(changes) = store.settle(&row).await.unwrap() else {
            panic!("not rated");
        };
        assert_eq!(changes.len(), 2);
        assert!(changes[0].2 > changes[0].1 && changes[1].2 < changes[1].1);
        let after_a = rating(&store, &a, Pool::Kaissa).await.unwrap();
        let after_b = rating(&store, &b, Pool::Kaissa).await.unwrap();
        assert!(
            after_a.0 > 1500 && after_b.0 < 1500,
            "{after_a:?} {after_b:?}"
        );
        assert_eq!((after_a.1, after_b.1), (1, 1));
        // Again, and at a start: nothing more.
        assert_eq!(store.settle(&row).await.unwrap(), Settled::Already);
        store.settle_pending().await.unwrap();
        assert_eq!(rating(&store, &a, Pool::Kaissa).await.unwrap(), after_a);
        let json = store.ratings_json(&a).await.unwrap();
        assert_eq!(json["kaissa"]["games"], 1);
        assert_eq!(
            json["chaturaji-ludii"],
            serde_json::json!({ "rating": 1500, "games": 0 })
        );
    }
}

#[tokio::test]
async fn early_and_casual_games_change_nothing() {
    let _turn = ONE_AT_A_TIME.lock().await;
    for store in stores("settle-early").await {
        let (a, b) = (fresh_id(), fresh_id());
        let early = kaissa_row(&a, &b, "yellow-wins", "resignation", 1);
        store.create_game(&early, &[]).await.unwrap();
        assert!(matches!(
            store.settle(&early).await.unwrap(),
            Settled::Unrated(_)
        ));
        let mut casual = kaissa_row(&a, &b, "red-wins", "resignation", 5);
        casual.extra = json!({ "private": false, "draw_offers": [] }).to_string();
        store.create_game(&casual, &[]).await.unwrap();
        assert_eq!(store.settle(&casual).await.unwrap(), Settled::NotRated);
        assert_eq!(rating(&store, &a, Pool::Kaissa).await, None);
        assert!(store.ratings_of(&b).await.unwrap().is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn games_of_one_player_settled_at_once_all_count() {
    let _turn = ONE_AT_A_TIME.lock().await;
    for store in stores("settle-race").await {
        // A beats ten new players; the ten games are settled at once.
        let a = fresh_id();
        let mut settling = Vec::new();
        for _ in 0..10 {
            let row = kaissa_row(&a, &fresh_id(), "yellow-wins", "resignation", 3);
            store.create_game(&row, &[]).await.unwrap();
            let store = store.clone();
            settling.push(tokio::spawn(async move { store.settle(&row).await }));
        }
        for task in settling {
            assert!(matches!(task.await.unwrap().unwrap(), Settled::Rated(_)));
        }
        let (shown, games) = rating(&store, &a, Pool::Kaissa).await.unwrap();
        assert_eq!(games, 10);
        // Ten wins against new players, in whatever order: one rating.
        let new = Skill::initial(Pool::Kaissa);
        let mut expected = new;
        for _ in 0..10 {
            expected = pair(rate(Pool::Kaissa, &[vec![expected], vec![new]], &[1, 2]).unwrap()).0;
        }
        assert_eq!(shown, expected.shown().round() as i64);
    }
}

/// The two ratings of a one-against-one game's result.
fn pair(teams: Vec<Vec<Skill>>) -> (Skill, Skill) {
    (teams[0][0], teams[1][0])
}

#[tokio::test]
async fn a_game_left_unsettled_is_settled_at_start() {
    let _turn = ONE_AT_A_TIME.lock().await;
    for store in stores("settle-pending").await {
        let (a, b) = (fresh_id(), fresh_id());
        let row = kaissa_row(&a, &b, "red-wins", "home-stone-captured", 20);
        store.create_game(&row, &[]).await.unwrap();
        assert!(store.settle_pending().await.unwrap() >= 1);
        assert_eq!(store.settle_pending().await.unwrap(), 0);
        assert_eq!(rating(&store, &b, Pool::Kaissa).await.unwrap().1, 1);
        assert!(rating(&store, &b, Pool::Kaissa).await.unwrap().0 > 1500);
        assert_eq!(store.settle(&row).await.unwrap(), Settled::Already);
    }
}
