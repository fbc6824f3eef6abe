//! Shared test helpers: servers on SQLite (always) and PostgreSQL (when
//! `KC_TEST_POSTGRES` names a database), and a small HTTP client.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};

use std::time::Duration;

use futures_util::{Stream, StreamExt};
use kaissa_chaturaji_server::config::Config;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::{self, Message};

/// A fresh directory under Cargo's directory for test files
/// (`target/tmp`), so that nothing is left in the system's `/tmp`.
pub fn temp_dir(tag: &str) -> PathBuf {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let n = COUNT.fetch_add(1, Ordering::SeqCst);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "kc-server-test-{tag}-{}-{n}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The PostgreSQL URL to test against: `KC_TEST_POSTGRES`. Under
/// `CI=true` its absence fails the test; elsewhere the PostgreSQL half is
/// skipped with a printed reason.
pub fn postgres_url() -> Option<String> {
    match std::env::var("KC_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            if std::env::var("CI").as_deref() == Ok("true") {
                panic!(
                    "KC_TEST_POSTGRES is not set under CI=true: the PostgreSQL tests cannot run"
                );
            }
            eprintln!("skipping the PostgreSQL half: KC_TEST_POSTGRES is not set");
            None
        }
    }
}

/// SQLite in a fresh temporary directory.
pub fn sqlite(tag: &str) -> Config {
    let dir = temp_dir(tag);
    Config {
        listen: "127.0.0.1:0".into(),
        database: format!("sqlite://{}?mode=rwc", dir.join("kc.sqlite3").display()),
        data: Some(dir),
        create_per_minute: Some(30),
        ..Config::default()
    }
}

/// The configurations to test: SQLite in a temporary directory, then
/// PostgreSQL when available.
pub fn backends(tag: &str) -> Vec<Config> {
    let mut configs = vec![sqlite(tag)];
    if let Some(url) = postgres_url() {
        configs.push(Config {
            listen: "127.0.0.1:0".into(),
            database: url,
            data: None,
            create_per_minute: Some(30),
            ..Config::default()
        });
    }
    configs
}

/// Starts a server in this process; returns its address.
pub async fn start(config: &Config) -> SocketAddr {
    start_app(config).await.1
}

/// Starts a server in this process; returns its state and address.
pub async fn start_app(
    config: &Config,
) -> (
    std::sync::Arc<kaissa_chaturaji_server::live::app::App>,
    SocketAddr,
) {
    let app = kaissa_chaturaji_server::open(config)
        .await
        .expect("server opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(kaissa_chaturaji_server::serve(app.clone(), listener));
    (app, address)
}

/// Starts a server in this process whose connections have a send buffer
/// of `bytes` (so that a client that does not read blocks it soon).
pub async fn start_small_buffers(config: &Config, bytes: u32) -> SocketAddr {
    let app = kaissa_chaturaji_server::open(config)
        .await
        .expect("server opens");
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_send_buffer_size(bytes).unwrap();
    socket.bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let listener = socket.listen(64).unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(kaissa_chaturaji_server::serve(app, listener));
    address
}

/// An HTTP response: status and body.
#[derive(Debug, Clone)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The status line and headers.
    pub head: String,
    /// The body.
    pub body: String,
}

impl Reply {
    /// The value of the `Set-Cookie` header, if any.
    pub fn set_cookie(&self) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("set-cookie")
                .then(|| value.trim().to_string())
        })
    }

    /// The `name=value` part of the `Set-Cookie` header, to send back.
    pub fn cookie(&self) -> String {
        let set = self.set_cookie().expect("a Set-Cookie header");
        set.split(';').next().unwrap().to_string()
    }

    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }
}

/// Sends one HTTP/1.1 request (`Connection: close`) with a raw body.
pub async fn raw(
    address: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &[u8],
) -> Reply {
    let headers: Vec<(&str, String)> = token
        .map(|token| ("Authorization", format!("Bearer {token}")))
        .into_iter()
        .collect();
    request(address, method, path, &headers, body).await
}

/// Sends one HTTP/1.1 request (`Connection: close`) with extra headers
/// and a raw body.
pub async fn request(
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: &[u8],
) -> Reply {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    // A server may answer (413) before reading a large body.
    let _ = stream.write_all(body).await;
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes).await;
    let text = String::from_utf8_lossy(&bytes).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Reply {
        status,
        head: head.to_string(),
        body,
    }
}

/// The body of a chunked response.
fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        text = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// GET `path`.
pub async fn get(address: SocketAddr, path: &str) -> Reply {
    raw(address, "GET", path, None, b"").await
}

/// POST JSON `body` to `path`, with a bearer token when given.
pub async fn post(address: SocketAddr, path: &str, token: Option<&str>, body: Value) -> Reply {
    raw(address, "POST", path, token, body.to_string().as_bytes()).await
}

/// A created game: its id and each seat's join secret.
pub struct Created {
    /// The id.
    pub id: String,
    /// Join secrets (None for bots).
    pub joins: Vec<Option<String>>,
}

/// Creates a game; panics unless 201.
pub async fn create(address: SocketAddr, body: Value) -> Created {
    let reply = post(address, "/api/games", None, body).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    let json = reply.json();
    Created {
        id: json["id"].as_str().unwrap().to_string(),
        joins: json["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["join"].as_str().map(str::to_string))
            .collect(),
    }
}

/// Joins seat `seat` (with an optional client seed); returns the token.
pub async fn join(address: SocketAddr, game: &Created, seat: usize, seed: Option<&str>) -> String {
    let mut body = json!({ "seat": seat, "secret": game.joins[seat].clone().unwrap(), "name": format!("player {seat}") });
    if let Some(seed) = seed {
        body["client_seed"] = json!(seed);
    }
    let reply = post(address, &format!("/api/games/{}/join", game.id), None, body).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["token"].as_str().unwrap().to_string()
}

/// Creates a game of `game` (`"kaissa"` or `"chaturaji"`) with `N` human
/// seats and joins each seat in order, without a client seed; returns the
/// game and the seats' tokens.
pub async fn create_seated<const N: usize>(
    address: SocketAddr,
    game: &str,
) -> (Created, [String; N]) {
    let seats = vec!["human"; N];
    let created = create(address, json!({ "game": game, "seats": seats })).await;
    let mut tokens = Vec::with_capacity(N);
    for seat in 0..N {
        tokens.push(join(address, &created, seat, None).await);
    }
    let tokens = tokens.try_into().expect("one token per seat");
    (created, tokens)
}

/// The game's state.
pub async fn state(address: SocketAddr, id: &str) -> Value {
    let reply = get(address, &format!("/api/games/{id}")).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

/// Sends a move; returns the reply.
pub async fn send_move(
    address: SocketAddr,
    id: &str,
    token: &str,
    text: &str,
    version: i64,
) -> Reply {
    post(
        address,
        &format!("/api/games/{id}/move"),
        Some(token),
        json!({ "move": text, "version": version }),
    )
    .await
}

/// The next text message of a WebSocket, as JSON; other frames are
/// passed over. Panics after ten seconds without a message, or if the
/// socket ends.
pub async fn next_text<S>(socket: &mut S) -> Value
where
    S: Stream<Item = Result<Message, tungstenite::Error>> + Unpin,
{
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message in time")
            .expect("the socket stays open")
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// Starts the binary on `config`'s storage at `address`; waits until it
/// answers.
pub async fn spawn(config: &Config, address: SocketAddr) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kc-server"));
    command.arg("--listen").arg(address.to_string());
    // Its warnings and errors only, unless the test's RUST_LOG says more.
    command.env(
        "RUST_LOG",
        std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
    );
    match &config.data {
        Some(dir) => command.arg("--data").arg(dir),
        None => command.arg("--database").arg(&config.database),
    };
    let mut child = command
        .stdout(Stdio::null())
        .spawn()
        .expect("kc-server starts");
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(address).await.is_ok() {
            return child;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("kc-server did not listen on {address}");
}

/// A free loopback port.
pub fn free_address() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap()
}

/// Sends JSON `body` to `path` with a `Cookie` header.
pub async fn post_with_cookie(address: SocketAddr, path: &str, cookie: &str, body: Value) -> Reply {
    request(
        address,
        "POST",
        path,
        &[("Cookie", cookie.to_string())],
        body.to_string().as_bytes(),
    )
    .await
}

/// GET `path` with a `Cookie` header.
pub async fn get_with_cookie(address: SocketAddr, path: &str, cookie: &str) -> Reply {
    request(address, "GET", path, &[("Cookie", cookie.to_string())], b"").await
}

/// Registers `name` with `password`; returns the session cookie
/// (`kc_session=...`). Panics unless 201.
pub async fn register(address: SocketAddr, name: &str, password: &str) -> String {
    let reply = post(
        address,
        "/api/accounts",
        None,
        json!({ "name": name, "password": password }),
    )
    .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    reply.cookie()
}

/// A Kaissa move that keeps the game going: the Home Stone's placement
/// when it may be placed, else the way back of the side's last move, else
/// a move of a home-rank piece (freeing a square for the stone), whose
/// way back is kept in `back`.
pub fn shuffle(legal: &[String], back: &mut Option<String>) -> String {
    if let Some(placement) = legal.iter().find(|t| t.starts_with("H@")) {
        return placement.clone();
    }
    if let Some(text) = back.take().filter(|t| legal.contains(t)) {
        return text;
    }
    // `<from><to>`, squares `a1` to `j10`.
    let split = |t: &str| {
        let at = t[1..].find(|c: char| c.is_ascii_lowercase())? + 1;
        let (from, to) = t.split_at(at);
        to.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            .then(|| (from.to_string(), to.to_string()))
    };
    let moves: Vec<(String, String)> = legal.iter().filter_map(|t| split(t)).collect();
    let (from, to) = moves
        .iter()
        .find(|(from, _)| matches!(&from[1..], "1" | "10"))
        .or(moves.first())
        .cloned()
        .expect("a plain move");
    *back = Some(format!("{to}{from}"));
    format!("{from}{to}")
}
