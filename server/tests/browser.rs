//! The pages in a real browser: `e2e/table.mjs` (Node, playwright-core
//! from web/node_modules, Debian's Chromium) creates a table in the lobby,
//! takes both seats through their links and plays two moves by clicking.
//! Without those tools the test is skipped with the reason, except under
//! `CI=true`, where it fails.

mod common;

use std::path::Path;
use std::process::Command;

use common::*;

/// Why the browser test cannot run here, if it cannot.
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

#[tokio::test(flavor = "multi_thread")]
async fn lobby_and_table_in_a_browser() {
    if let Some(reason) = missing() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "the browser test cannot run under CI=true: {reason}"
        );
        eprintln!("skipping the browser test: {reason}");
        return;
    }
    let address = start(&sqlite("browser")).await;
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e/table.mjs");
    let output = tokio::process::Command::new("node")
        .arg(script)
        .arg(format!("http://{address}/"))
        .output()
        .await
        .expect("node runs");
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
