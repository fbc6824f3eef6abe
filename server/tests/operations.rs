//! Operating the server: health and readiness, the metrics, the logs and
//! what they keep out, the command line's environment, and stopping on
//! SIGTERM (sockets closed with 1012, every acknowledged move kept).

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::*;
use futures_util::{SinkExt, StreamExt};
use kaissa_chaturaji_server::config::Config;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// The value of the sample `name` (with its labels, as written) in
/// Prometheus text; panics when it is missing.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|line| {
            let (key, value) = line.rsplit_once(' ')?;
            (key == name).then(|| value.parse().unwrap())
        })
        .unwrap_or_else(|| panic!("no {name} in\n{text}"))
}

/// `GET /metrics`'s text.
async fn metrics(address: SocketAddr) -> String {
    let reply = get(address, "/metrics").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(reply.head.contains("text/plain"), "{}", reply.head);
    reply.body
}

/// Waits (at most ten seconds) until `/metrics` shows `want` for `name`.
async fn wait_for_sample(address: SocketAddr, name: &str, want: f64) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let text = metrics(address).await;
        if sample(&text, name) == want {
            return;
        }
        assert!(Instant::now() < deadline, "{name} is not {want}:\n{text}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Plays `count` Kaissa moves over HTTP that keep the game going; the
/// texts played.
async fn play(address: SocketAddr, id: &str, tokens: &[String; 2], count: usize) -> Vec<String> {
    let mut back = None;
    let mut played = Vec::new();
    for _ in 0..count {
        let now = state(address, id).await;
        let legal: Vec<String> = serde_json::from_value(now["legal"].clone()).unwrap();
        let text = shuffle(&legal, &mut back);
        let seat = now["to_move"].as_u64().unwrap() as usize;
        let version = now["version"].as_i64().unwrap();
        let reply = send_move(address, id, &tokens[seat], &text, version).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        played.push(text);
    }
    played
}

/// Opens an event stream (SSE) of game `id`; the connection, its head
/// read.
async fn open_sse(address: SocketAddr, id: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!(
        "GET /api/games/{id}/events?since=0 HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = [0u8; 15];
    stream.read_exact(&mut head).await.unwrap();
    assert_eq!(&head[..], b"HTTP/1.1 200 OK");
    stream
}

#[tokio::test(flavor = "multi_thread")]
async fn health_readiness_and_metrics() {
    // A database of its own on PostgreSQL: the shared one holds other
    // tests' games, which this server would resume and count as live.
    let mut configs = vec![sqlite("ops-metrics")];
    let fresh = match postgres_url() {
        Some(base) => Some((fresh_postgres(&base, "metrics").await, base)),
        None => None,
    };
    if let Some(((url, _), _)) = &fresh {
        let url = url.clone();
        configs.push(Config {
            listen: "127.0.0.1:0".into(),
            database: url,
            data: None,
            create_per_minute: Some(30),
            ..Config::default()
        });
    }
    for config in configs {
        let (app, address) = start_app(&config).await;
        let health = get(address, "/healthz").await;
        assert_eq!((health.status, health.body.as_str()), (200, "ok"));
        assert_eq!(get(address, "/readyz").await.status, 200);

        let before = metrics(address).await;
        for name in [
            "kc_moves_total",
            "kc_move_commit_seconds_count",
            "kc_games_live",
            "kc_sockets_open",
        ] {
            assert_eq!(sample(&before, name), 0.0, "{before}");
        }
        assert!(
            before.contains("# TYPE kc_move_commit_seconds histogram"),
            "{before}"
        );

        let (created, tokens) = create_seated::<2>(address, "kaissa").await;
        let played = play(address, &created.id, &tokens, 7).await;
        // A refused move is not counted.
        let refused = send_move(address, &created.id, &tokens[0], "a1a1", 0).await;
        assert_eq!(refused.status, 409, "{}", refused.body);
        assert_eq!(get(address, "/nowhere").await.status, 404);

        let text = metrics(address).await;
        assert_eq!(
            sample(&text, "kc_moves_total"),
            played.len() as f64,
            "{text}"
        );
        assert_eq!(
            sample(&text, "kc_move_commit_seconds_count"),
            played.len() as f64,
            "{text}"
        );
        assert!(sample(&text, "kc_move_commit_seconds_sum") > 0.0, "{text}");
        assert_eq!(
            sample(&text, "kc_move_commit_seconds_bucket{le=\"+Inf\"}"),
            played.len() as f64
        );
        assert_eq!(sample(&text, "kc_games_live"), 1.0, "{text}");
        // 1 create + 2 joins + 7 × (state + move) + the metrics before.
        assert!(
            sample(&text, "kc_http_requests_total{class=\"2xx\"}") >= 18.0,
            "{text}"
        );
        assert_eq!(
            sample(&text, "kc_http_requests_total{class=\"4xx\"}"),
            2.0,
            "{text}"
        );

        // Open sockets and streams are counted while open.
        let url = format!("ws://{address}/api/games/{}/socket?since=0", created.id);
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        next_text(&mut socket).await;
        wait_for_sample(address, "kc_sockets_open", 1.0).await;
        let sse = open_sse(address, &created.id).await;
        wait_for_sample(address, "kc_sockets_open", 2.0).await;
        socket.close(None).await.unwrap();
        wait_for_sample(address, "kc_sockets_open", 1.0).await;
        drop(sse);
        wait_for_sample(address, "kc_sockets_open", 0.0).await;
        let text = metrics(address).await;
        assert_eq!(
            sample(&text, "kc_http_requests_total{class=\"1xx\"}"),
            1.0,
            "{text}"
        );

        // Storage that does not answer: not ready, still alive.
        app.store.close().await;
        let ready = get(address, "/readyz").await;
        assert_eq!(ready.status, 503, "{}", ready.body);
        assert_eq!(get(address, "/healthz").await.status, 200);
    }
    if let Some(((_, name), base)) = fresh {
        drop_postgres(&base, &name).await;
    }
}

/// Each server in one process counts its own.
#[tokio::test(flavor = "multi_thread")]
async fn servers_in_one_process_count_apart() {
    let (_a, first) = start_app(&sqlite("ops-apart-a")).await;
    let (_b, second) = start_app(&sqlite("ops-apart-b")).await;
    let (created, tokens) = create_seated::<2>(first, "kaissa").await;
    play(first, &created.id, &tokens, 3).await;
    assert_eq!(sample(&metrics(first).await, "kc_moves_total"), 3.0);
    assert_eq!(sample(&metrics(second).await, "kc_moves_total"), 0.0);
}

/// A PostgreSQL database made for one test: its URL and name.
async fn fresh_postgres(base: &str, tag: &str) -> (String, String) {
    let name = format!(
        "kc_test_{tag}_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    );
    sqlx::any::install_default_drivers();
    let mut admin = <sqlx::AnyConnection as sqlx::Connection>::connect(base)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap();
    let (prefix, _) = base.rsplit_once('/').expect("a database URL");
    (format!("{prefix}/{name}"), name)
}

/// Drops the database `name` (made by [`fresh_postgres`]), its
/// connections ended.
async fn drop_postgres(base: &str, name: &str) {
    let mut admin = <sqlx::AnyConnection as sqlx::Connection>::connect(base)
        .await
        .unwrap();
    sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn readiness_fails_when_the_database_is_gone() {
    let Some(base) = postgres_url() else { return };
    let (url, name) = fresh_postgres(&base, "ready").await;
    let config = Config {
        listen: "127.0.0.1:0".into(),
        database: url,
        data: None,
        create_per_minute: None,
        ..Config::default()
    };
    let (_app, address) = start_app(&config).await;
    assert_eq!(get(address, "/readyz").await.status, 200);
    drop_postgres(&base, &name).await;
    let started = Instant::now();
    let ready = get(address, "/readyz").await;
    assert_eq!(ready.status, 503, "{}", ready.body);
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(!ready.body.contains(&name), "{}", ready.body);
    assert_eq!(get(address, "/healthz").await.status, 200);
}

/// Starts the binary with `args` and `envs` (and no `PORT`, `KC_*` or
/// `RUST_LOG` of the test's own), its standard error into `log`.
fn start_binary(args: &[&str], envs: &[(&str, String)], log: &Path) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kc-server"));
    command.args(args);
    for (name, _) in std::env::vars() {
        if name == "PORT" || name == "RUST_LOG" || name.starts_with("KC_") {
            command.env_remove(name);
        }
    }
    command.envs(envs.iter().map(|(k, v)| (k, v)));
    command
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .expect("kc-server starts")
}

/// Waits until `address` takes connections.
async fn wait_listening(child: &mut Child, address: SocketAddr) {
    for _ in 0..200 {
        if TcpStream::connect(address).await.is_ok() {
            return;
        }
        assert!(child.try_wait().unwrap().is_none(), "kc-server exited");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = child.kill();
    panic!("kc-server did not listen on {address}");
}

/// Sends SIGTERM to `child`.
fn terminate(child: &Child) {
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: kill(2) on the pid of a child this test started and has not
    // reaped, so the pid names that process.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
}

/// Waits at most `within` for `child` to exit; its status.
async fn exit_within(child: &mut Child, within: Duration) -> ExitStatus {
    let deadline = Instant::now() + within;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("kc-server did not exit within {within:?}");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn request_and_event_lines_keep_secrets_out() {
    let dir = temp_dir("ops-logs");
    let log = dir.join("stderr.log");
    let address = free_address();
    let mut server = start_binary(
        &["--log-format", "json"],
        &[
            ("KC_LISTEN", address.to_string()),
            ("KC_DATA", dir.display().to_string()),
            ("RUST_LOG", "info".into()),
        ],
        &log,
    );
    wait_listening(&mut server, address).await;
    let created = create(
        address,
        json!({ "game": "kaissa", "seats": ["human", "human"] }),
    )
    .await;
    let id = created.id.clone();
    let secrets: Vec<String> = created.joins.iter().flatten().cloned().collect();
    // A page with the join secret in its query, and secrets in queries
    // of the API.
    let page = get(address, &format!("/g/{id}?join={}", secrets[0])).await;
    assert_eq!(page.status, 200);
    get(
        address,
        &format!("/api/games/{id}?secret={}&token=tok3n-in-query", secrets[1]),
    )
    .await;
    let tokens = [
        join(address, &created, 0, None).await,
        join(address, &created, 1, None).await,
    ];
    let played = play(address, &id, &tokens, 2).await;
    let password = "a-password-never-logged";
    let reply = post(
        address,
        "/api/accounts",
        None,
        json!({ "name": "logged-in", "password": password }),
    )
    .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let cookie = reply.cookie();
    get_with_cookie(address, "/api/account", &cookie).await;
    terminate(&server);
    assert!(exit_within(&mut server, Duration::from_secs(10))
        .await
        .success());

    let text = std::fs::read_to_string(&log).unwrap();
    let secret_texts = secrets.iter().chain(&tokens).map(String::as_str).chain([
        "tok3n-in-query",
        password,
        cookie.split('=').nth(1).unwrap(),
    ]);
    for secret in secret_texts {
        assert!(!text.contains(secret), "{secret:?} is in the log:\n{text}");
    }
    let lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let requests: Vec<&Value> = lines
        .iter()
        .filter(|line| line["message"] == "answered")
        .collect();
    let find = |method: &str, path: String, status: u64| {
        requests.iter().any(|line| {
            line["span"]["method"] == method
                && line["span"]["path"] == path
                && line["status"] == status
                && line["latency_ms"].is_number()
                && line["level"] == "INFO"
        })
    };
    assert!(find("POST", "/api/games".into(), 201), "{text}");
    assert!(find("GET", format!("/g/{id}"), 200), "{text}");
    assert!(find("POST", format!("/api/games/{id}/join"), 200), "{text}");
    assert!(find("POST", format!("/api/games/{id}/move"), 200), "{text}");
    // One line a request.
    assert_eq!(
        requests
            .iter()
            .filter(|line| line["span"]["path"] == format!("/api/games/{id}/join"))
            .count(),
        2
    );
    // One line a game event: joins, then the moves.
    let events: Vec<(i64, String)> = lines
        .iter()
        .filter(|line| line["message"] == "event" && line["game"] == id.as_str())
        .map(|line| {
            (
                line["version"].as_i64().unwrap(),
                line["type"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut expected = vec![(1, "join".to_string()), (2, "join".to_string())];
    expected.extend((0..played.len()).map(|i| (3 + i as i64, "move".to_string())));
    assert_eq!(events, expected, "{text}");
    assert!(
        lines.iter().any(|line| line["message"] == "serving"),
        "{text}"
    );
    assert!(
        lines.iter().any(|line| line["message"] == "stopped"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_environment_sets_the_flags() {
    // KC_DATA and PORT, with RUST_LOG at warn: no request lines.
    let dir = temp_dir("ops-env");
    let log = dir.join("stderr.log");
    let address = free_address();
    let mut server = start_binary(
        &[],
        &[
            ("PORT", address.port().to_string()),
            ("KC_DATA", dir.join("data").display().to_string()),
            ("RUST_LOG", "warn".into()),
        ],
        &log,
    );
    wait_listening(&mut server, address).await;
    assert_eq!(get(address, "/healthz").await.status, 200);
    assert!(dir.join("data").join("kc-server.sqlite3").exists());
    terminate(&server);
    assert!(exit_within(&mut server, Duration::from_secs(10))
        .await
        .success());
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(!text.contains("answered"), "{text}");

    // KC_LISTEN wins over PORT, and a flag over its variable; text lines.
    let other = free_address();
    let mut server = start_binary(
        &[
            "--listen",
            &other.to_string(),
            "--data",
            &dir.display().to_string(),
        ],
        &[
            ("PORT", address.port().to_string()),
            ("KC_LISTEN", address.to_string()),
            ("RUST_LOG", "info".into()),
        ],
        &log,
    );
    wait_listening(&mut server, other).await;
    assert_eq!(get(other, "/healthz").await.status, 200);
    terminate(&server);
    assert!(exit_within(&mut server, Duration::from_secs(10))
        .await
        .success());
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.lines()
            .any(|line| line.contains("answered") && line.contains("path=/healthz")),
        "{text}"
    );
    assert!(dir.join("kc-server.sqlite3").exists());

    // A bad variable is a usage error, as a bad flag is.
    let mut bad = start_binary(&[], &[("KC_DATABASE", "mysql://x".into())], &log);
    assert_eq!(bad.wait().unwrap().code(), Some(2));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("postgres://"), "{text}");
    let mut bad = start_binary(&["--bogus"], &[], &log);
    assert_eq!(bad.wait().unwrap().code(), Some(2));
    let output = Command::new(env!("CARGO_BIN_EXE_kc-server"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(output.status.success());
    let version = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        version.trim(),
        format!("kc-server {}", env!("CARGO_PKG_VERSION"))
    );
}

/// A Kaissa move sent over `socket` for the seat to move in `now` (the
/// last state seen); the text.
async fn send_over<S>(
    socket: &mut S,
    now: &Value,
    tokens: &[String; 2],
    back: &mut Option<String>,
) -> String
where
    S: futures_util::Sink<Message> + Unpin,
    S::Error: std::fmt::Debug,
{
    let legal: Vec<String> = serde_json::from_value(now["legal"].clone()).unwrap();
    let text = shuffle(&legal, back);
    let seat = now["to_move"].as_u64().unwrap() as usize;
    let message = json!({
        "type": "move", "token": tokens[seat], "move": text, "version": now["version"],
    });
    socket
        .send(Message::text(message.to_string()))
        .await
        .unwrap();
    text
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_closes_sockets_with_1012_and_keeps_what_was_acknowledged() {
    for config in backends("ops-stop") {
        let address = free_address();
        let mut server = spawn(&config, address).await;
        let (created, tokens) = create_seated::<2>(address, "kaissa").await;
        let id = created.id.clone();
        let mut sse = open_sse(address, &id).await;
        // Another table plays over HTTP meanwhile: a request in flight at
        // the stop is answered, or the connection refused.
        let (other, other_tokens) = create_seated::<2>(address, "kaissa").await;
        let http_acked: Arc<Mutex<Vec<String>>> = Arc::default();
        let refusal: Arc<Mutex<Option<u16>>> = Arc::default();
        let http_player = {
            let (id, acked, refusal) = (other.id.clone(), http_acked.clone(), refusal.clone());
            let other_tokens = other_tokens.clone();
            tokio::spawn(async move {
                let mut back = None;
                loop {
                    // Panics (ending the task) once nothing listens.
                    let now = state(address, &id).await;
                    let legal: Vec<String> = serde_json::from_value(now["legal"].clone()).unwrap();
                    let text = shuffle(&legal, &mut back);
                    let seat = now["to_move"].as_u64().unwrap() as usize;
                    let version = now["version"].as_i64().unwrap();
                    let reply = send_move(address, &id, &other_tokens[seat], &text, version).await;
                    if reply.status != 200 {
                        *refusal.lock().unwrap() = Some(reply.status);
                        return;
                    }
                    acked.lock().unwrap().push(text);
                }
            })
        };
        let url = format!("ws://{address}/api/games/{id}/socket?since=0&seated=1");
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        // A client that never finishes its request does not hold the stop.
        let mut stalled = TcpStream::connect(address).await.unwrap();
        stalled
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            .await
            .unwrap();

        // Moves as fast as acknowledged over the socket; SIGTERM after the
        // tenth, moves still being sent until the socket closes.
        let mut now = state(address, &id).await;
        let mut back = None;
        let mut acked = Vec::new();
        let mut sent = send_over(&mut socket, &now, &tokens, &mut back).await;
        let mut waiting_for = None;
        let mut terminated = None;
        let close = loop {
            let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
                .await
                .expect("a message in time")
                .expect("a close frame before the end")
                .unwrap();
            let value: Value = match message {
                Message::Text(text) => serde_json::from_str(&text).unwrap(),
                Message::Close(frame) => break frame,
                _ => continue,
            };
            match value["type"].as_str().unwrap() {
                "ack" => {
                    acked.push(sent.clone());
                    waiting_for = value["version"].as_i64();
                    if acked.len() == 10 {
                        terminate(&server);
                        terminated = Some(Instant::now());
                    }
                }
                "error" => panic!("refused: {value}"),
                "watchers" => continue,
                _ => {
                    if value["version"].as_i64() > now["version"].as_i64() {
                        now = value;
                    }
                }
            }
            // The next move once the last acknowledged one's event is seen.
            if waiting_for.is_some() && now["version"].as_i64() >= waiting_for {
                waiting_for = None;
                sent = send_over(&mut socket, &now, &tokens, &mut back).await;
            }
        };
        let frame = close.expect("a close frame with a code");
        assert_eq!(u16::from(frame.code), 1012, "{frame:?}");
        let terminated = terminated.expect("SIGTERM was sent");
        // The event stream ends too.
        let mut rest = Vec::new();
        tokio::time::timeout(Duration::from_secs(10), sse.read_to_end(&mut rest))
            .await
            .expect("the event stream ends")
            .unwrap();
        let status = exit_within(&mut server, Duration::from_secs(10)).await;
        assert!(status.success(), "{status:?}");
        drop(stalled);
        let _ = http_player.await;
        let refused = *refusal.lock().unwrap();
        assert!(
            refused.is_none_or(|status| status < 500),
            "an answer in flight failed: {refused:?}"
        );
        assert!(terminated.elapsed() < Duration::from_secs(10));
        assert!(
            TcpStream::connect(address).await.is_err(),
            "nothing listens any more"
        );

        let mut server = spawn(&config, address).await;
        let after = state(address, &id).await;
        let stored: Vec<String> = serde_json::from_value(after["moves"].clone()).unwrap();
        assert_eq!(stored, acked, "every acknowledged move, and only those");
        assert_eq!(after["status"], "playing");
        let http_acked = http_acked.lock().unwrap().clone();
        assert!(!http_acked.is_empty());
        let stored: Vec<String> =
            serde_json::from_value(state(address, &other.id).await["moves"].clone()).unwrap();
        assert_eq!(
            stored, http_acked,
            "every move answered over HTTP, and only those"
        );
        // Over: a later server on this database has nothing to resume.
        for (game, token) in [(&id, &tokens[0]), (&other.id, &other_tokens[0])] {
            let path = format!("/api/games/{game}/resign");
            assert_eq!(
                post(address, &path, Some(token), json!({})).await.status,
                200
            );
        }
        server.kill().unwrap();
        server.wait().unwrap();
    }
}
