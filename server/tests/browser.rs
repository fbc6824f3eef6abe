//! The pages in a real browser: the scripts of `e2e/` (Node,
//! playwright-core from web/node_modules, Debian's Chromium) start the
//! built `kc-server` on a fresh data directory and drive its pages: the
//! lobby and a table (`table.mjs`), a whole Kaissa game by clicks across a
//! server restart, watched (`kaissa.mjs`), and four Chaturaji players
//! whose pages verify the dice (`chaturaji.mjs`), people who register,
//! play rated games and see the leaderboard move (`rated.mjs`), the abort
//! button and a correspondence clock (`actions.mjs`), the archive: a
//! game found, replayed ply by ply and downloaded (`archive.mjs`), and a
//! person who plays `kc-engine`, seated by `kc-server bot`, to the end
//! (`bot.mjs`), and the navigation to the rules and about pages
//! (`rules.mjs`).
//! Without those tools the tests are skipped with the reason, except
//! under `CI=true`, where they fail. They run one at a time (each starts
//! a browser).

mod common;
mod engine_bin;

use std::path::Path;
use std::process::Command;

use common::*;

/// Why the browser tests cannot run here, if they cannot.
fn missing() -> Option<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let chromium = std::env::var("KC_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return Some(format!("no Chromium at {chromium}"));
    }
    if !root.join("web/node_modules/playwright-core").exists() {
        return Some("playwright-core is not installed (npm --prefix web ci)".into());
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("no node".into());
    }
    None
}

/// One browser at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Runs `e2e/<script>` against a fresh `kc-server`; fails with its output.
async fn run(script: &str) {
    run_with(script, &[]).await;
}

/// [`run`] with more variables in the script's environment.
async fn run_with(script: &str, vars: &[(&str, std::ffi::OsString)]) {
    if let Some(reason) = missing() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "the browser tests cannot run under CI=true: {reason}"
        );
        eprintln!("skipping the browser test {script}: {reason}");
        return;
    }
    let _turn = ONE_AT_A_TIME.lock().await;
    let started = std::time::Instant::now();
    let output = tokio::process::Command::new("node")
        .arg(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("e2e")
                .join(script),
        )
        .env("KC_SERVER_BIN", env!("CARGO_BIN_EXE_kc-server"))
        .env("KC_DATA", temp_dir("browser"))
        .envs(vars.iter().map(|(name, value)| (name, value)))
        .output()
        .await
        .expect("node runs");
    eprintln!("{script}: {:.1} s", started.elapsed().as_secs_f64());
    assert!(
        output.status.success(),
        "{script} failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[tokio::test]
async fn lobby_and_table_in_a_browser() {
    run("table.mjs").await;
}

#[tokio::test]
async fn a_whole_kaissa_game_by_clicks_across_a_restart() {
    run("kaissa.mjs").await;
}

#[tokio::test]
async fn four_chaturaji_players_and_the_dice_verified() {
    run("chaturaji.mjs").await;
}

#[tokio::test]
async fn rated_games_move_the_leaderboard() {
    run("rated.mjs").await;
}

#[tokio::test]
async fn abort_and_a_correspondence_clock() {
    run("actions.mjs").await;
}

#[tokio::test]
async fn the_navigation_leads_to_the_rules_and_about_pages() {
    run("rules.mjs").await;
}

#[tokio::test]
async fn the_archive_finds_replays_and_downloads_a_game() {
    run("archive.mjs").await;
}

#[tokio::test]
async fn a_person_plays_kc_engine_seated_by_the_bot_client() {
    if missing().is_some() {
        return run("bot.mjs").await;
    }
    let engine = engine_bin::kc_engine();
    run_with("bot.mjs", &[("KC_ENGINE_BIN", engine.into_os_string())]).await;
}
