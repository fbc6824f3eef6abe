//! kc-server behind Debian's nginx with the example configuration
//! `server/deploy/nginx.conf` (its ports moved to the loopback, its
//! certificate one of an authority made here, its files in a temporary
//! prefix): a game is created, joined and played to its end over HTTPS
//! through nginx while a WebSocket through nginx follows it; the session
//! cookie comes back Secure, and plain HTTP is sent to HTTPS. Without
//! nginx the test is skipped, and fails under `CI=true`.

mod common;
mod tls_common;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use common::*;
use serde_json::{json, Value};
use tls_common::*;
use tokio::process::{Child, Command};

/// The nginx program, if installed.
fn nginx() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    dirs.extend(["/usr/sbin", "/usr/local/sbin"].map(PathBuf::from));
    dirs.into_iter()
        .map(|dir| dir.join("nginx"))
        .find(|file| file.is_file())
}

/// The example configuration with its ports, upstream and certificate
/// moved here.
fn site(backend: SocketAddr, http: u16, https: u16, pki: &Pki) -> String {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/nginx.conf"))
            .unwrap();
    let mut out = text.clone();
    for (from, to) in [
        ("server 127.0.0.1:8080;", format!("server {backend};")),
        ("listen 80;", format!("listen 127.0.0.1:{http};")),
        ("listen 443 ssl;", format!("listen 127.0.0.1:{https} ssl;")),
        (
            "/etc/letsencrypt/live/kc.example.org/fullchain.pem",
            pki.cert_file.display().to_string(),
        ),
        (
            "/etc/letsencrypt/live/kc.example.org/privkey.pem",
            pki.key_file.display().to_string(),
        ),
    ] {
        assert!(out.contains(from), "deploy/nginx.conf lost {from:?}");
        out = out.replace(from, &to);
    }
    out
}

/// Starts nginx on `site` with every file under `prefix`; waits until
/// it answers on `port`.
async fn start_nginx(program: &Path, prefix: &Path, site: &str, port: u16) -> Child {
    let p = prefix.display();
    std::fs::write(prefix.join("site.conf"), site).unwrap();
    // SAFETY: geteuid reads the process's user id and cannot fail.
    let root = unsafe { libc::geteuid() } == 0;
    let main = format!(
        "{user}pid {p}/nginx.pid;
error_log {p}/error.log info;
worker_processes 1;
events {{ worker_connections 256; }}
http {{
    access_log {p}/access.log;
    client_body_temp_path {p}/body;
    proxy_temp_path {p}/proxy;
    fastcgi_temp_path {p}/fastcgi;
    uwsgi_temp_path {p}/uwsgi;
    scgi_temp_path {p}/scgi;
    include {p}/site.conf;
}}
",
        user = if root { "user root;\n" } else { "" }
    );
    std::fs::write(prefix.join("nginx.conf"), main).unwrap();
    let mut child = Command::new(program)
        .arg("-p")
        .arg(prefix)
        .arg("-c")
        .arg(prefix.join("nginx.conf"))
        // The log of the start itself, before the configuration is read.
        .arg("-e")
        .arg(prefix.join("start.log"))
        .args(["-g", "daemon off;"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("nginx starts");
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return child;
        }
        if let Ok(Some(status)) = child.try_wait() {
            let log = std::fs::read_to_string(prefix.join("error.log")).unwrap_or_default();
            panic!("nginx exited ({status}):\n{log}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("nginx did not listen on {port}");
}

/// A free loopback port.
fn free_port() -> u16 {
    free_address().port()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_is_played_through_nginx() {
    let Some(program) = nginx() else {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("nginx is not installed under CI=true (Debian: nginx-light)");
        }
        eprintln!("skipping: nginx is not installed (Debian: nginx-light)");
        return;
    };
    let config = sqlite("nginx");
    let backend = start(&config).await;
    let prefix = temp_dir("nginx");
    let pki = make_pki(&prefix, "kc-server test authority");
    let (http, https_port) = (free_port(), free_port());
    let _nginx = start_nginx(
        &program,
        &prefix,
        &site(backend, http, https_port, &pki),
        https_port,
    )
    .await;
    let front: SocketAddr = ([127, 0, 0, 1], https_port).into();
    // Every write says where it comes from, as a browser's does: the
    // site's own origin, which nginx passes on with its Host.
    let origin = format!("https://localhost:{https_port}");
    let call = |method: &'static str, path: String, token: Option<String>, body: Value| {
        let pki = &pki;
        let origin = origin.clone();
        async move {
            let mut headers: Vec<(&str, String)> = token
                .map(|t| ("Authorization", format!("Bearer {t}")))
                .into_iter()
                .collect();
            headers.push(("Origin", origin));
            https(
                pki,
                front,
                method,
                &path,
                &headers,
                body.to_string().as_bytes(),
            )
            .await
        }
    };

    // Plain HTTP is sent to the HTTPS site.
    let plain = get(([127, 0, 0, 1], http).into(), "/").await;
    assert_eq!(plain.status, 301, "{}", plain.head);
    assert!(plain.head.contains("Location: https://"), "{}", plain.head);

    // Through TLS, the session cookie is Secure (X-Forwarded-Proto).
    let name = format!("nginx{}", std::process::id());
    let registered = call(
        "POST",
        "/api/accounts".into(),
        None,
        json!({ "name": name, "password": "a long password" }),
    )
    .await;
    assert_eq!(registered.status, 201, "{}", registered.body);
    let cookie = registered.set_cookie().unwrap();
    assert!(cookie.contains("; Secure"), "{cookie}");

    // Create, join and follow a game through nginx.
    let created = call(
        "POST",
        "/api/games".into(),
        None,
        json!({ "game": "kaissa", "seats": ["human", "human"] }),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let created = created.json();
    let id = created["id"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for seat in 0..2 {
        let joined = call(
            "POST",
            format!("/api/games/{id}/join"),
            None,
            json!({ "seat": seat, "secret": created["seats"][seat]["join"] }),
        )
        .await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        tokens.push(joined.json()["token"].as_str().unwrap().to_string());
    }
    let mut socket = wss(&pki, front, &format!("/api/games/{id}/socket?since=0")).await;
    let mut back = None;
    for ply in 0..6 {
        let view = call("GET", format!("/api/games/{id}"), None, json!(null)).await;
        assert_eq!(view.status, 200, "{}", view.body);
        let view = view.json();
        let legal: Vec<String> = serde_json::from_value(view["legal"].clone()).unwrap();
        let text = shuffle(&legal, &mut back);
        let moved = call(
            "POST",
            format!("/api/games/{id}/move"),
            Some(tokens[ply % 2].clone()),
            json!({ "move": text, "version": view["version"] }),
        )
        .await;
        assert_eq!(moved.status, 200, "ply {ply}: {}", moved.body);
    }
    let resigned = call(
        "POST",
        format!("/api/games/{id}/resign"),
        Some(tokens[0].clone()),
        json!({}),
    )
    .await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);

    // The socket through nginx saw every move and the end.
    let mut moves = 0;
    loop {
        let event = next_text(&mut socket).await;
        if event["type"] == "move" {
            moves += 1;
        }
        if event["status"] == "over" {
            assert!(
                event["outcome"].as_str().unwrap().starts_with("red"),
                "{event}"
            );
            break;
        }
    }
    assert_eq!(moves, 6);
    let view = state(backend, &id).await;
    assert_eq!(view["status"], "over");
    assert_eq!(view["moves"].as_array().unwrap().len(), 6);
}
