//! `kc-server bot` against a server behind TLS: a proxy of the test's
//! own terminates TLS with a certificate of an authority made at test
//! time, trusted through `SSL_CERT_FILE` only; the bot plays a game to
//! its end over `https://` and `wss://`, and the same proxy without that
//! authority is refused.

mod common;
mod engine_bin;
mod tls_common;

use std::process::Stdio;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use common::*;
use serde_json::json;
use tls_common::*;
use tokio::process::Command;

/// `kc-server bot` for `token` at `server`, trusting `ca_file`.
fn bot(server: &str, token: &str, ca_file: &std::path::Path, log: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kc-server"));
    command
        .args(["bot", "--engine"])
        .arg(engine_bin::kc_engine())
        .args([
            "--token",
            token,
            "--max-movetime",
            "100",
            "--server",
            server,
        ])
        .env("SSL_CERT_FILE", ca_file)
        .env_remove("SSL_CERT_DIR")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .kill_on_drop(true);
    command
}

#[tokio::test(flavor = "multi_thread")]
async fn the_bot_plays_over_https_and_wss_through_a_tls_proxy() {
    let config = sqlite("tls");
    let address = start(&config).await;
    let dir = temp_dir("tls-pki");
    let pki = make_pki(&dir, "kc-server test authority");
    let (proxy, seen) = start_proxy(&pki, address).await;
    let server = format!("https://localhost:{}", proxy.port());
    let name = format!("tlsbot{}", std::process::id());
    let token = kaissa_chaturaji_server::client::admin::make_bot(&config, &name)
        .await
        .unwrap();

    // Another authority's certificate file: the proxy's is not trusted.
    let stranger = make_pki(&temp_dir("tls-other"), "another authority");
    let log = dir.join("refused.log");
    let refused = bot(&server, &token, &stranger.ca_file, &log)
        .status()
        .await
        .unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!refused.success(), "{text}");
    assert!(
        text.contains("TLS refused") && text.contains("UnknownIssuer"),
        "{text}"
    );

    let log = dir.join("bot.log");
    let _client = bot(&server, &token, &pki.ca_file, &log).spawn().unwrap();
    let game = create(
        address,
        json!({
            "game": "chaturaji",
            "seats": ["bot:random", format!("player:{name}"), "bot:random", "bot:random"],
        }),
    )
    .await;
    let started = Instant::now();
    let view = loop {
        let view = state(address, &game.id).await;
        if view["status"] == "over" {
            break view;
        }
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the game did not end: {view}\n{}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("took seat 1"), "{text}");
    assert!(text.contains("started (chaturaji)"), "{text}");
    assert!(!text.contains("the engine failed"), "{text}");
    assert!(view["moves"].as_array().unwrap().len() > 8, "{view}");
    // The bot spoke through the proxy only (its requests on kept-alive
    // connections), the events over a WebSocket of its own.
    let (connections, sockets) = (
        seen.connections.load(Ordering::SeqCst),
        seen.sockets.load(Ordering::SeqCst),
    );
    eprintln!("through the proxy: {connections} connections, {sockets} sockets");
    assert!(sockets >= 1, "no wss:// socket");
    assert!(connections > sockets, "no https:// request");
}

#[tokio::test(flavor = "multi_thread")]
async fn plain_http_needs_no_roots() {
    let config = sqlite("tls-plain");
    let address = start(&config).await;
    // No root at all: an empty certificate file in place of the system's.
    let empty = temp_dir("tls-none").join("none.pem");
    std::fs::write(&empty, "").unwrap();
    let log = temp_dir("tls-none").join("bot.log");
    let status = bot(&format!("http://{address}"), "not-a-token", &empty, &log)
        .status()
        .await
        .unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!status.success());
    assert!(text.contains("refused the API token"), "{text}");
    // Over https the same emptiness is a clear failure.
    let tls = bot("https://localhost:1", "t", &empty, &log)
        .status()
        .await
        .unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!tls.success(), "{text}");
    assert!(text.contains("CA certificates"), "{text}");
}
