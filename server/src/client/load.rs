//! `kc-server load`: a measurement. It starts K servers on loopback in
//! this process (one by default; more share one PostgreSQL database),
//! then N tables of scripted clients play over WebSocket at once, each
//! until it has made M moves (starting a new Kaissa game when one ends);
//! the clock starts once every table has its first game. Each seat of a
//! table has a socket of its own, seat s on server s mod K (with two
//! servers, each move crosses from one to the other). Each move is timed
//! from its sending on the mover's socket to the sight of its event on
//! the opponent's; the report gives moves per second and the median and
//! 99th-percentile latency.
//!
//! Without a rate each table moves again as soon as it sees its event (a
//! closed loop: the throughput it can reach). With a rate of R moves a
//! second, each of the N tables moves every N/R seconds, the tables'
//! first moves spread over that interval, as people who think between
//! moves would (an open loop: the latency at that throughput).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Barrier;
use tokio_tungstenite::tungstenite::Message;

use crate::config::Config;

/// What a load run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Moves made in all.
    pub moves: usize,
    /// Wall time, in seconds.
    pub seconds: f64,
    /// Median latency, in milliseconds.
    pub p50_ms: f64,
    /// 99th-percentile latency, in milliseconds.
    pub p99_ms: f64,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "moves {} seconds {:.2} moves_per_second {:.0} p50_ms {:.2} p99_ms {:.2}",
            self.moves,
            self.seconds,
            self.moves as f64 / self.seconds.max(1e-9),
            self.p50_ms,
            self.p99_ms
        )
    }
}

/// One HTTP POST with a JSON body; the reply's JSON.
async fn post(address: SocketAddr, path: &str, body: &Value) -> Result<Value, String> {
    let body = body.to_string();
    let mut stream = TcpStream::connect(address)
        .await
        .map_err(|e| e.to_string())?;
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut reply = Vec::new();
    stream
        .read_to_end(&mut reply)
        .await
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&reply);
    let (_, body) = text.split_once("\r\n\r\n").ok_or("no HTTP reply")?;
    serde_json::from_str(body).map_err(|e| format!("{path}: {e}: {body}"))
}

/// Creates a two-person Kaissa game and takes both seats: its id and
/// the two tokens.
async fn new_game(address: SocketAddr) -> Result<(String, Vec<String>), String> {
    let created = post(
        address,
        "/api/games",
        &json!({"game": "kaissa", "seats": ["human", "human"]}),
    )
    .await?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let mut tokens = Vec::new();
    for seat in 0..2 {
        let secret = created["seats"][seat]["join"].clone();
        let joined = post(
            address,
            &format!("/api/games/{id}/join"),
            &json!({"seat": seat, "secret": secret}),
        )
        .await?;
        tokens.push(joined["token"].as_str().ok_or("no token")?.to_string());
    }
    Ok((id, tokens))
}

/// A client's socket.
type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A new game with both seats taken (made through the first server),
/// each seat's socket (seat s on server s mod K), and the start event.
async fn set_up(addresses: &[SocketAddr]) -> Result<(Vec<String>, Vec<Socket>, Value), String> {
    let (id, tokens) = new_game(addresses[0]).await?;
    let mut sockets = Vec::new();
    let mut start = Value::Null;
    for seat in 0..2 {
        let address = addresses[seat % addresses.len()];
        let url = format!("ws://{address}/api/games/{id}/socket?since=0&seated=1");
        let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
            .await
            .map_err(|e| e.to_string())?;
        // The players' own sockets (not spectators'); catch up to the
        // start (two joins).
        start = until(&mut socket, 2).await?;
        sockets.push(socket);
    }
    Ok((tokens, sockets, start))
}

/// Reads `socket` up to the event of `version` (a refusal is an error).
async fn until(socket: &mut Socket, version: i64) -> Result<Value, String> {
    loop {
        let event = next_event(socket).await?;
        if event["type"] == "error" {
            return Err(format!("move refused: {event}"));
        }
        if event["version"].as_i64() == Some(version) {
            return Ok(event);
        }
    }
}

/// One table: sets its first game up, waits at `ready` for every table,
/// then plays `moves` moves (random legal ones, seeded by `seed`), the
/// first `offset` later and then one every `every` when given; returns
/// each move's latency.
async fn table(
    addresses: Vec<SocketAddr>,
    moves: usize,
    mut seed: u64,
    ready: Arc<Barrier>,
    offset: Duration,
    every: Option<Duration>,
) -> Result<Vec<Duration>, String> {
    let first = set_up(&addresses).await;
    ready.wait().await;
    let mut due = Instant::now() + offset;
    let mut next = Some(first?);
    let mut latencies = Vec::with_capacity(moves);
    while latencies.len() < moves {
        let (tokens, mut sockets, start) = match next.take() {
            Some(game) => game,
            None => set_up(&addresses).await?,
        };
        let mut state = start;
        while state["status"] == "playing" && latencies.len() < moves {
            let legal = state["legal"].as_array().ok_or("no legal list")?;
            let seat = state["to_move"].as_u64().ok_or("no seat to move")? as usize;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let text = legal[(seed % legal.len() as u64) as usize].clone();
            let version = state["version"].as_i64().ok_or("no version")?;
            if let Some(every) = every {
                tokio::time::sleep_until(due.into()).await;
                // A table that fell behind moves at once, without a burst.
                due = (due + every).max(Instant::now());
            }
            let sent = Instant::now();
            let action =
                json!({"type": "move", "token": tokens[seat], "move": text, "version": version});
            sockets[seat]
                .send(Message::Text(action.to_string().into()))
                .await
                .map_err(|e| e.to_string())?;
            state = until(&mut sockets[1 - seat], version + 1).await?;
            latencies.push(sent.elapsed());
            until(&mut sockets[seat], version + 1).await?;
        }
        for mut socket in sockets {
            let _ = socket.close(None).await;
        }
    }
    Ok(latencies)
}

/// The next JSON text message of a socket (an ack is skipped).
async fn next_event<S>(socket: &mut S) -> Result<Value, String>
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .map_err(|_| "no event within 30 s".to_string())?
            .ok_or("the socket closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            if value["type"] != "ack" {
                return Ok(value);
            }
        }
    }
}

/// Runs the measurement: `nodes` servers on `config`'s storage (more
/// than one: PostgreSQL only) at loopback ports, `tables` tables of
/// `moves` moves each, `rate` moves a second in all (`None`: as fast as
/// the tables go); with `servers`, at those servers (already running)
/// instead of servers of its own.
///
/// # Errors
///
/// Several servers on SQLite; when a server cannot start, the process
/// may not open enough files for the tables' sockets, or a table fails.
pub async fn run(
    config: &Config,
    tables: usize,
    moves: usize,
    rate: Option<usize>,
    nodes: usize,
    servers: &[SocketAddr],
) -> Result<Report, String> {
    if servers.is_empty() && nodes > 1 && config.data.is_some() {
        return Err("several servers need a shared database: --database postgres://...".into());
    }
    raise_file_limit(FILES_PER_TABLE * tables as u64 + 256)?;
    let mut addresses = servers.to_vec();
    for _ in 0..if servers.is_empty() { nodes.max(1) } else { 0 } {
        let app = crate::open(config).await?;
        let listener = crate::http::connections::bind("127.0.0.1:0")
            .await
            .map_err(|e| e.to_string())?;
        addresses.push(listener.local_addr().map_err(|e| e.to_string())?);
        let limits = crate::http::connections::ConnectionLimits {
            per_address: config.max_connections_per_address,
            ..Default::default()
        };
        tokio::spawn(crate::serve_with(app, listener, limits));
    }
    let every = rate.map(|r| Duration::from_secs_f64(tables as f64 / r.max(1) as f64));
    let ready = Arc::new(Barrier::new(tables + 1));
    let runs: Vec<_> = (0..tables)
        .map(|t| {
            let offset = every.map_or(Duration::ZERO, |e| e.mul_f64(t as f64 / tables as f64));
            tokio::spawn(table(
                addresses.clone(),
                moves,
                0x9e37_79b9_7f4a_7c15 ^ (t as u64 + 1),
                ready.clone(),
                offset,
                every,
            ))
        })
        .collect();
    // The clock starts once every table has its first game.
    ready.wait().await;
    eprintln!("load: {tables} tables ready, moving");
    let start = Instant::now();
    let mut latencies = Vec::new();
    for run in runs {
        latencies.extend(run.await.map_err(|e| e.to_string())??);
    }
    let seconds = start.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let percentile = |p: f64| {
        let index = ((latencies.len() as f64 - 1.0) * p).round() as usize;
        latencies
            .get(index)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    Ok(Report {
        moves: latencies.len(),
        seconds,
        p50_ms: percentile(0.50),
        p99_ms: percentile(0.99),
    })
}

/// Open files a table needs: its two sockets' ends, and the two ends of
/// an HTTP request while it sets a game up.
const FILES_PER_TABLE: u64 = 6;

/// Raises the soft limit of open files to `needed` when it is lower (up
/// to the hard limit); an error naming both when the hard limit is lower.
#[cfg(unix)]
fn raise_file_limit(needed: u64) -> Result<(), String> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `getrlimit` and `setrlimit` read or write the one struct
    // passed, which lives for the call.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return Err(format!("getrlimit: {}", std::io::Error::last_os_error()));
    }
    let needed = needed as libc::rlim_t;
    if limit.rlim_cur >= needed {
        return Ok(());
    }
    if limit.rlim_max < needed {
        return Err(format!(
            "these tables need {needed} open files; the hard limit is {} (raise it: ulimit -Hn)",
            limit.rlim_max
        ));
    }
    limit.rlim_cur = needed;
    // SAFETY: as above.
    if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) } != 0 {
        return Err(format!("setrlimit: {}", std::io::Error::last_os_error()));
    }
    Ok(())
}

/// Elsewhere the limit is left as it is.
#[cfg(not(unix))]
fn raise_file_limit(_needed: u64) -> Result<(), String> {
    Ok(())
}
