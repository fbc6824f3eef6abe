//! The schema's migrations, on SQLite and on fresh PostgreSQL databases
//! (made here from `KC_TEST_POSTGRES`): a database made before there were
//! migrations opens with its games and gets them recorded, and servers
//! started together on a new database all come up.

mod common;

use common::*;
use kaissa_chaturaji_server::config::Config;
use serde_json::json;
use sqlx::{Connection, Executor, Row};

/// The statements the server ran at every start before it had
/// migrations, as it ran them.
const BEFORE_MIGRATIONS: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,
     seats TEXT NOT NULL, clock TEXT NOT NULL, clock_state TEXT NOT NULL, status TEXT NOT NULL,
     result TEXT NOT NULL, version BIGINT NOT NULL, seeds TEXT NOT NULL, commitment TEXT NOT NULL,
     server_seed TEXT NOT NULL, extra TEXT NOT NULL, created_ms BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS moves (game_id TEXT NOT NULL, ply BIGINT NOT NULL,
     version BIGINT NOT NULL, token TEXT NOT NULL, at_ms BIGINT NOT NULL,
     PRIMARY KEY (game_id, ply))",
    "CREATE TABLE IF NOT EXISTS events (game_id TEXT NOT NULL, version BIGINT NOT NULL,
     body TEXT NOT NULL, PRIMARY KEY (game_id, version))",
    "CREATE INDEX IF NOT EXISTS games_status ON games (status)",
    "CREATE TABLE IF NOT EXISTS game_players (game_id TEXT NOT NULL, seat BIGINT NOT NULL,
     account_id TEXT NOT NULL, PRIMARY KEY (game_id, seat))",
    "CREATE INDEX IF NOT EXISTS game_players_account ON game_players (account_id, game_id)",
    "CREATE TABLE IF NOT EXISTS ratings (account_id TEXT NOT NULL, pool TEXT NOT NULL,
     rating DOUBLE PRECISION NOT NULL, skill TEXT NOT NULL, games BIGINT NOT NULL,
     updated_ms BIGINT NOT NULL, PRIMARY KEY (account_id, pool))",
    "CREATE INDEX IF NOT EXISTS ratings_board ON ratings (pool, rating, account_id)",
    "CREATE TABLE IF NOT EXISTS rated_games (game_id TEXT PRIMARY KEY, pool TEXT NOT NULL,
     counted BIGINT NOT NULL, reason TEXT NOT NULL, changes TEXT NOT NULL,
     settled_ms BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL,
     name_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL, kind TEXT NOT NULL,
     token_hash TEXT, created_ms BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL,
     created_ms BIGINT NOT NULL, expires_ms BIGINT NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS accounts_token ON accounts (token_hash)",
    "CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_ms)",
    "CREATE TABLE IF NOT EXISTS finished (game_id TEXT PRIMARY KEY, game TEXT NOT NULL,
     rules TEXT NOT NULL, outcome TEXT NOT NULL, termination TEXT NOT NULL, players TEXT NOT NULL,
     private BIGINT NOT NULL, ended_ms BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS finished_ended ON finished (private, ended_ms, game_id)",
    "CREATE INDEX IF NOT EXISTS finished_game ON finished (game, private, ended_ms, game_id)",
    "CREATE TABLE IF NOT EXISTS finished_players (game_id TEXT NOT NULL, seat BIGINT NOT NULL,
     account_id TEXT NOT NULL, result TEXT NOT NULL, game TEXT NOT NULL, rules TEXT NOT NULL,
     outcome TEXT NOT NULL, private BIGINT NOT NULL, ended_ms BIGINT NOT NULL,
     PRIMARY KEY (game_id, seat))",
    "CREATE INDEX IF NOT EXISTS finished_players_account
     ON finished_players (account_id, ended_ms, game_id)",
];

/// A new, empty PostgreSQL database on `KC_TEST_POSTGRES`'s server, made
/// for this test; its URL. `None` when PostgreSQL is not tested (see
/// [`postgres_url`]).
async fn fresh_postgres(tag: &str) -> Option<String> {
    let url = postgres_url()?;
    let (server, _) = url.rsplit_once('/').expect("a postgres://…/DATABASE URL");
    let name = format!(
        "kc_fresh_{tag}_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    );
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    admin
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .unwrap();
    admin.close().await.unwrap();
    Some(format!("{server}/{name}"))
}

/// Drops the database of `config` when it is one [`fresh_postgres`] made
/// (its servers' connections closed by force).
async fn drop_fresh(config: &Config) {
    let (Some(admin), None) = (postgres_url(), &config.data) else {
        return;
    };
    let Some((_, name)) = config.database.rsplit_once('/') else {
        return;
    };
    if name.starts_with("kc_fresh_") {
        let mut conn = sqlx::PgConnection::connect(&admin).await.unwrap();
        conn.execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
            .await
            .unwrap();
        conn.close().await.unwrap();
    }
}

/// A configuration on the PostgreSQL database `url`.
fn on_postgres(url: &str) -> Config {
    Config {
        listen: "127.0.0.1:0".into(),
        database: url.to_string(),
        data: None,
        create_per_minute: None,
        ..Config::default()
    }
}

/// A fresh SQLite configuration, and fresh PostgreSQL when tested.
async fn fresh_backends(tag: &str) -> Vec<Config> {
    let mut configs = vec![sqlite(tag)];
    if let Some(url) = fresh_postgres(tag).await {
        configs.push(on_postgres(&url));
    }
    configs
}

/// The versions recorded as applied, in order.
async fn applied(database: &str) -> Vec<i64> {
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(database).await.unwrap();
    let rows = sqlx::query("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    rows.iter().map(|row| row.get::<i64, _>(0)).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_database_from_before_migrations_opens_with_its_games() {
    let latest = kaissa_chaturaji_server::store::schema::latest_version();
    assert!(latest >= 1);
    for config in fresh_backends("before").await {
        // The schema as the server made it before migrations.
        sqlx::any::install_default_drivers();
        let mut conn = sqlx::AnyConnection::connect(&config.database)
            .await
            .unwrap();
        for statement in BEFORE_MIGRATIONS {
            conn.execute(*statement).await.unwrap();
        }
        conn.close().await.unwrap();
        let address = start(&config).await;
        let (game, tokens) = create_seated::<2>(address, "kaissa").await;
        let mut back = None;
        for ply in 0..4 {
            let view = state(address, &game.id).await;
            let legal: Vec<String> = serde_json::from_value(view["legal"].clone()).unwrap();
            let text = shuffle(&legal, &mut back);
            let version = view["version"].as_i64().unwrap();
            let reply = send_move(address, &game.id, &tokens[ply % 2], &text, version).await;
            assert_eq!(reply.status, 200, "{}", reply.body);
        }
        let before = state(address, &game.id).await;
        assert_eq!(applied(&config.database).await.last(), Some(&latest));

        // As a database left by the server before migrations: the same
        // tables, no record of migrations.
        let mut conn = sqlx::AnyConnection::connect(&config.database)
            .await
            .unwrap();
        conn.execute("DROP TABLE _sqlx_migrations").await.unwrap();
        conn.close().await.unwrap();
        let again = start(&config).await;
        let after = state(again, &game.id).await;
        assert_eq!(after["moves"], before["moves"], "{after}");
        assert_eq!(after["version"], before["version"]);
        assert_eq!(after["status"], "playing");
        let view = get(again, &format!("/api/games/{}", game.id)).await;
        assert_eq!(view.status, 200);
        let created = post(
            again,
            "/api/games",
            None,
            json!({ "game": "kaissa", "seats": ["human", "human"] }),
        )
        .await;
        assert_eq!(created.status, 201, "{}", created.body);
        let versions = applied(&config.database).await;
        assert_eq!(versions.last(), Some(&latest), "{versions:?}");
        assert_eq!(versions.first(), Some(&1));
        drop_fresh(&config).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn servers_started_together_on_a_new_database_all_come_up() {
    for config in fresh_backends("together").await {
        let open = || kaissa_chaturaji_server::open(&config);
        let (a, b, c, d) = tokio::join!(open(), open(), open(), open());
        let apps = [a, b, c, d];
        for (i, app) in apps.iter().enumerate() {
            assert!(app.is_ok(), "server {i}: {:?}", app.as_ref().err());
        }
        // Each of them serves the same games.
        let mut addresses = Vec::new();
        for app in apps {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            addresses.push(listener.local_addr().unwrap());
            tokio::spawn(kaissa_chaturaji_server::serve(app.unwrap(), listener));
        }
        let game = create(
            addresses[0],
            json!({ "game": "kaissa", "seats": ["human", "human"] }),
        )
        .await;
        for address in &addresses {
            assert_eq!(state(*address, &game.id).await["status"], "waiting");
        }
        assert_eq!(
            applied(&config.database).await.len() as i64,
            kaissa_chaturaji_server::store::schema::latest_version()
        );
        drop_fresh(&config).await;
    }
}
