//! `kc-server backup FILE`: a copy of the SQLite database taken while a
//! server plays moves opens on a new server with its games, and passes
//! SQLite's integrity check; an existing file and PostgreSQL are refused.

mod common;

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::*;
use kaissa_chaturaji_server::config::Config;
use sqlx::{Connection, Row};

/// Runs `kc-server backup` with `args`; its exit status and output.
fn backup(args: &[&str]) -> (bool, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kc-server"))
        .arg("backup")
        .args(args)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

/// A server's configuration on the SQLite file `file`.
fn on_file(file: &Path) -> Config {
    Config {
        listen: "127.0.0.1:0".into(),
        database: format!("sqlite://{}?mode=rwc", file.display()),
        data: file.parent().map(Path::to_path_buf),
        create_per_minute: None,
        ..Config::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_backup_taken_while_moves_are_played_opens_with_its_games() {
    // The file `--data DIR` names.
    let dir = temp_dir("backup");
    let config = on_file(&dir.join("kc-server.sqlite3"));
    let address = start(&config).await;
    let (game, tokens) = create_seated::<2>(address, "kaissa").await;
    let (over, over_tokens) = create_seated::<2>(address, "kaissa").await;
    let resigned = post(
        address,
        &format!("/api/games/{}/resign", over.id),
        Some(&over_tokens[1]),
        serde_json::json!({}),
    )
    .await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);

    // Moves go on while the copy is taken.
    let stop = Arc::new(AtomicBool::new(false));
    let played = Arc::new(AtomicUsize::new(0));
    let mover = {
        let (stop, played, id) = (stop.clone(), played.clone(), game.id.clone());
        tokio::spawn(async move {
            let mut back = None;
            while !stop.load(Ordering::SeqCst) {
                let view = state(address, &id).await;
                let legal: Vec<String> = serde_json::from_value(view["legal"].clone()).unwrap();
                let text = shuffle(&legal, &mut back);
                let version = view["version"].as_i64().unwrap();
                let seat = view["to_move"].as_u64().unwrap() as usize;
                let reply = send_move(address, &id, &tokens[seat], &text, version).await;
                assert_eq!(reply.status, 200, "{}", reply.body);
                played.fetch_add(1, Ordering::SeqCst);
            }
        })
    };
    while played.load(Ordering::SeqCst) < 10 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let copy_dir = temp_dir("backup-copy");
    let copy = copy_dir.join("kc-server.sqlite3");
    let copy_text = copy.to_str().unwrap();
    let data = dir.to_str().unwrap();
    let (ok, text) = backup(&[copy_text, "--data", data]);
    let during = played.load(Ordering::SeqCst);
    assert!(ok, "{text}");
    assert!(
        text.contains("integrity ok") && text.contains("2 games"),
        "{text}"
    );
    while played.load(Ordering::SeqCst) < during + 10 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    stop.store(true, Ordering::SeqCst);
    mover.await.unwrap();

    // The copy is whole, and a server opens on it with the games.
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{copy_text}"))
        .await
        .unwrap();
    let verdict: String = sqlx::query("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap()
        .get(0);
    assert_eq!(verdict, "ok");
    conn.close().await.unwrap();
    let restored = start(&on_file(&copy)).await;
    let copied = state(restored, &game.id).await;
    let live = state(address, &game.id).await;
    let plies = copied["moves"].as_array().unwrap().len();
    assert!(plies >= 10, "{copied}");
    assert!(plies < live["moves"].as_array().unwrap().len(), "{copied}");
    assert_eq!(
        copied["moves"].as_array().unwrap()[..],
        live["moves"].as_array().unwrap()[..plies]
    );
    assert_eq!(state(restored, &over.id).await["status"], "over");

    // A file already there is refused, and left as it is.
    let before = std::fs::read(&copy).unwrap();
    let (ok, text) = backup(&[copy_text, "--data", data]);
    assert!(!ok && text.contains("already exists"), "{text}");
    assert_eq!(std::fs::read(&copy).unwrap(), before);
    // No database there: refused, nothing made.
    let empty = temp_dir("backup-none");
    let target = empty.join("copy.sqlite3");
    let (ok, text) = backup(&[target.to_str().unwrap(), "--data", empty.to_str().unwrap()]);
    assert!(!ok && text.contains("no database"), "{text}");
    assert!(!target.exists());
    assert!(!empty.join("kc-server.sqlite3").exists());
}

#[test]
fn postgres_is_sent_to_pg_dump() {
    let target = temp_dir("backup-pg").join("copy");
    let (ok, text) = backup(&[
        target.to_str().unwrap(),
        "--database",
        "postgres://kc@127.0.0.1:1/none",
    ]);
    assert!(!ok && text.contains("pg_dump"), "{text}");
    assert!(!target.exists());
}
