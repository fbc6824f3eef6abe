//! `kc-server bot`: a UCI engine of the engine protocol as an online
//! player, for a bot account.
//!
//! Every [`POLL`] it asks the server for the account's games not over
//! (`GET /api/account/games`) and plays each in a task of its own, up to
//! `--max-games` at once: it takes the seats kept for the account, then
//! follows the game's events on its WebSocket (resuming after the last
//! version seen when the connection drops). When a seat of the account
//! is to move it reads the game (`GET /api/games/<id>`), asks the game's
//! engine for a move (`position fen <position text>`, then `go` with the
//! seat's clock, the face rolled first in Chaturaji), and sends it with
//! the version it read. The account's API token is the bearer for its
//! seats, so a restarted client plays on in the games it had joined.
//!
//! Failures back off ([`crate::client::backoff`]): a failing listing, a game
//! whose task keeps failing (a seat it cannot join), a server away, a
//! socket that will not open and a move the server does not take are
//! each tried again at doubling intervals up to a cap, never in a loop.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use kaissa_chaturaji::game::Variant;
use serde_json::{json, Value};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

use crate::client::backoff::Backoff;
use crate::client::engine::{self, Engine};
use crate::client::http::{Reply, Server, Socket};

/// How often the account's games are listed.
pub const POLL: Duration = Duration::from_millis(1500);

/// The least time given to a move, in milliseconds.
pub const MIN_MOVETIME_MS: u64 = 50;

/// The default of `--max-movetime`, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 5000;

/// The default of `--max-games`.
pub const MAX_GAMES: usize = 8;

/// How long a game waits for an event before it reads the game again
/// anyway.
const QUIET: Duration = Duration::from_secs(20);

/// The time an engine is given beyond its budget before it counts as
/// stuck.
const MARGIN: Duration = Duration::from_secs(5);

/// How long a game is read again (with back-off) while the server is
/// away, before its task gives up (a later poll starts it again).
const AWAY_TIME: Duration = Duration::from_secs(120);

/// The longest wait between two listings of the games while listing
/// fails.
pub const MAX_LIST_WAIT: Duration = Duration::from_secs(30);

/// The longest wait before a game whose task keeps failing (a seat it
/// cannot join, a game it cannot read) is tried again.
pub const MAX_GAME_WAIT: Duration = Duration::from_secs(120);

/// The longest wait between two reads of a game while the server is
/// away, or between two tries of its socket.
pub const MAX_AWAY_WAIT: Duration = Duration::from_secs(5);

/// The largest event message taken from the server's socket.
const MAX_EVENT: usize = 1 << 20;

/// What `kc-server bot` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotConfig {
    /// The engine's command line (split as a shell would).
    pub engine: String,
    /// The bot account's API token.
    pub token: String,
    /// The server, `http://HOST[:PORT]` or `https://HOST[:PORT]`.
    pub server: String,
    /// The most games played at once.
    pub max_games: usize,
    /// The longest time per move when the engine is given a move time,
    /// in milliseconds.
    pub max_movetime_ms: u64,
}

/// What every game's task shares.
struct Context {
    server: Server,
    token: String,
    engine: Vec<String>,
    max_movetime_ms: u64,
}

/// Runs the bot until it is stopped.
///
/// # Errors
///
/// A bad engine command or server URL, an unreachable server or a token
/// the server refuses at the start, as a message.
pub async fn run(config: BotConfig) -> Result<(), String> {
    let context = Arc::new(Context {
        server: Server::parse(&config.server)?,
        engine: engine::split_command(&config.engine)?,
        token: config.token.trim().to_string(),
        max_movetime_ms: config.max_movetime_ms,
    });
    let mut games = list_games(&context).await.map_err(|e| match e {
        Listing::Refused(message) => {
            format!("the server refused the API token ({message}): make one with `kc-server admin bot NAME`")
        }
        Listing::Failed(message) => format!("{}: {message}", config.server),
    })?;
    log(&format!(
        "playing for this account on {} with {:?}",
        config.server, context.engine
    ));
    // Each game's task, answering its outcome and when it ended.
    let mut tasks: HashMap<String, GameTask> = HashMap::new();
    // The games whose task failed: their back-off and the next try.
    let mut retries: HashMap<String, (Backoff, Instant)> = HashMap::new();
    let mut listing = Backoff::new(POLL, MAX_LIST_WAIT);
    let mut listed = true;
    loop {
        let done: Vec<String> = tasks
            .iter()
            .filter(|(_, task)| task.is_finished())
            .map(|(id, _)| id.clone())
            .collect();
        for id in done {
            let Some(task) = tasks.remove(&id) else {
                continue;
            };
            match task.await {
                Ok((Ok(outcome), _)) => {
                    retries.remove(&id);
                    log(&format!("game {id}: over ({outcome})"));
                }
                Ok((Err(e), ended)) => {
                    let wait = failed_again(&mut retries, &id, ended);
                    log(&format!(
                        "game {id}: {e} (tried again in {:.1} s)",
                        wait.as_secs_f64()
                    ));
                }
                Err(e) => {
                    let wait = failed_again(&mut retries, &id, Instant::now());
                    log(&format!(
                        "game {id}: its task failed ({e}; tried again in {:.1} s)",
                        wait.as_secs_f64()
                    ));
                }
            }
        }
        if listed {
            // A game no longer listed (over, or no longer the account's)
            // is forgotten.
            retries.retain(|id, _| games.contains_key(id) || tasks.contains_key(id));
        }
        let now = Instant::now();
        for (id, seats) in games {
            if tasks.len() >= config.max_games {
                break;
            }
            if tasks.contains_key(&id) || retries.get(&id).is_some_and(|(_, at)| *at > now) {
                continue;
            }
            let context = context.clone();
            let key = id.clone();
            tasks.insert(
                key,
                tokio::spawn(async move {
                    let result = play(&context, &id, &seats).await;
                    (result, Instant::now())
                }),
            );
        }
        let pause = if listed { POLL } else { listing.fail() };
        tokio::time::sleep(pause).await;
        (games, listed) = match list_games(&context).await {
            Ok(games) => {
                listing.reset();
                (games, true)
            }
            Err(Listing::Refused(e) | Listing::Failed(e)) => {
                let step = listing.step(listing.failures() + 1);
                log(&format!(
                    "listing the games: {e} (trying again within {:.1} s)",
                    step.as_secs_f64()
                ));
                (BTreeMap::new(), false)
            }
        };
    }
}

/// A game's task: it answers the game's outcome, or why it stopped, and
/// when it ended.
type GameTask = JoinHandle<(Result<String, String>, Instant)>;

/// Counts a failure of game `id`'s task, which ended at `ended`; how
/// long from then until it is tried again.
fn failed_again(
    retries: &mut HashMap<String, (Backoff, Instant)>,
    id: &str,
    ended: Instant,
) -> Duration {
    let (backoff, at) = retries
        .entry(id.to_string())
        .or_insert_with(|| (Backoff::new(POLL, MAX_GAME_WAIT), ended));
    let wait = backoff.fail();
    *at = ended + wait;
    wait
}

/// Why the games could not be listed.
enum Listing {
    /// The server refused the token.
    Refused(String),
    /// The server could not be reached or answered otherwise.
    Failed(String),
}

/// The account's games not over, oldest id first: each game's id and the
/// account's seats there.
async fn list_games(context: &Context) -> Result<BTreeMap<String, Vec<usize>>, Listing> {
    let reply = context
        .server
        .get("/api/account/games", Some(&context.token))
        .await
        .map_err(Listing::Failed)?;
    match reply.status {
        200 => {}
        401 | 403 => return Err(Listing::Refused(reply.error())),
        _ => return Err(Listing::Failed(reply.error())),
    }
    let mut games: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for game in reply.body["games"].as_array().into_iter().flatten() {
        if let (Some(id), Some(seat)) = (game["id"].as_str(), game["seat"].as_u64()) {
            if crate::table::id::valid_id(id) {
                games.entry(id.to_string()).or_default().push(seat as usize);
            }
        }
    }
    Ok(games)
}

/// Writes a log line on standard error.
fn log(text: &str) {
    eprintln!("kc-server bot: {text}");
}

/// One game being played: its id, the account's seats and their tokens,
/// its engine and its event socket.
struct Table<'a> {
    context: &'a Context,
    id: String,
    seats: Vec<usize>,
    tokens: HashMap<usize, String>,
    engine: Option<Engine>,
    socket: Option<Socket>,
    /// The socket's failures in a row (reset by an event).
    socket_backoff: Backoff,
    /// The failures in a row of sending a move (reset by a move taken).
    send_backoff: Backoff,
}

/// Plays game `id` at `seats` to its end; its outcome word.
async fn play(context: &Context, id: &str, seats: &[usize]) -> Result<String, String> {
    let mut table = Table {
        context,
        id: id.to_string(),
        seats: seats.to_vec(),
        tokens: HashMap::new(),
        engine: None,
        socket: None,
        socket_backoff: Backoff::new(Duration::from_millis(500), MAX_AWAY_WAIT),
        send_backoff: Backoff::new(Duration::from_secs(1), MAX_AWAY_WAIT),
    };
    let result = table.play().await;
    if let Some(engine) = &mut table.engine {
        engine.stop().await;
    }
    result
}

impl Table<'_> {
    /// The game loop: read the game, move when a seat of ours is to move,
    /// else wait for its next event.
    async fn play(&mut self) -> Result<String, String> {
        let mut view = self.view().await?;
        self.join(&view).await?;
        loop {
            view = self.view_again().await?;
            if view["status"] == "over" {
                return Ok(view["outcome"].as_str().unwrap_or("over").to_string());
            }
            let ours = view["to_move"]
                .as_u64()
                .map(|seat| seat as usize)
                .filter(|seat| self.seats.contains(seat));
            match ours {
                Some(seat) => self.move_at(seat, view).await?,
                None => self.wait(view["version"].as_i64().unwrap_or(0)).await,
            }
        }
    }

    /// `GET /api/games/<id>`.
    async fn view(&self) -> Result<Value, String> {
        let reply = self
            .context
            .server
            .get(&format!("/api/games/{}", self.id), None)
            .await?;
        if reply.status != 200 {
            return Err(format!("reading the game: {}", reply.error()));
        }
        Ok(reply.body)
    }

    /// The game read again: while the server cannot be reached or fails
    /// (a restart), it tries again with back-off (up to
    /// [`MAX_AWAY_WAIT`] apart) for [`AWAY_TIME`], keeping the game's
    /// engine.
    async fn view_again(&mut self) -> Result<Value, String> {
        let started = Instant::now();
        let mut backoff = Backoff::new(Duration::from_millis(250), MAX_AWAY_WAIT);
        loop {
            let failure = match self
                .context
                .server
                .get(&format!("/api/games/{}", self.id), None)
                .await
            {
                Ok(reply) if reply.status == 200 => return Ok(reply.body),
                Ok(reply) if reply.status < 500 => {
                    return Err(format!("reading the game: {}", reply.error()))
                }
                Ok(reply) => reply.error(),
                Err(e) => e,
            };
            if started.elapsed() > AWAY_TIME {
                return Err(format!("reading the game: {failure}"));
            }
            if backoff.failures() == 0 {
                log(&format!(
                    "game {}: {failure}; trying again with back-off",
                    self.id
                ));
            }
            self.socket = None;
            tokio::time::sleep(backoff.fail()).await;
        }
    }

    /// Takes the account's seats that are not taken yet.
    async fn join(&mut self, view: &Value) -> Result<(), String> {
        for &seat in &self.seats.clone() {
            if view["seats"][seat]["taken"] == true || view["status"] != "waiting" {
                continue;
            }
            let reply = self
                .context
                .server
                .post(
                    &format!("/api/games/{}/join", self.id),
                    Some(&self.context.token),
                    &json!({ "seat": seat }),
                )
                .await?;
            match (reply.status, reply.body["token"].as_str()) {
                (200, Some(token)) => {
                    log(&format!("game {}: took seat {seat}", self.id));
                    self.tokens.insert(seat, token.to_string());
                }
                // Taken meanwhile: by this account, the only one it is kept for.
                (409, _) => {}
                _ => return Err(format!("joining seat {seat}: {}", reply.error())),
            }
        }
        Ok(())
    }

    /// The bearer for `seat`: its seat token when this client took it,
    /// else the account's API token (which the server takes for the
    /// account's seats).
    fn bearer(&self, seat: usize) -> &str {
        self.tokens
            .get(&seat)
            .map_or(self.context.token.as_str(), String::as_str)
    }

    /// Waits for an event after `version` (or [`QUIET`]), through the
    /// socket, connecting it first when needed.
    async fn wait(&mut self, version: i64) {
        if self.socket.is_none() {
            let path = format!("/api/games/{}/socket?since={version}&seated=1", self.id);
            let config = WebSocketConfig::default()
                .max_message_size(Some(MAX_EVENT))
                .max_frame_size(Some(MAX_EVENT));
            match self.context.server.socket(&path, config).await {
                Ok(socket) => self.socket = Some(socket),
                Err(e) => {
                    let wait = self.socket_backoff.fail();
                    log(&format!(
                        "game {}: the event socket: {e} (trying again in {:.1} s)",
                        self.id,
                        wait.as_secs_f64()
                    ));
                    tokio::time::sleep(wait).await;
                    return;
                }
            }
        }
        let Some(socket) = &mut self.socket else {
            return;
        };
        match tokio::time::timeout(QUIET, next_event(socket)).await {
            Err(_) => {}
            Ok(Some(_)) => {
                self.socket_backoff.reset();
                // Take every event already here, then read the game once.
                while let Ok(Some(_)) =
                    tokio::time::timeout(Duration::ZERO, next_event(socket)).await
                {}
            }
            Ok(None) => {
                log(&format!(
                    "game {}: the event socket closed; connecting again",
                    self.id
                ));
                self.socket = None;
                tokio::time::sleep(self.socket_backoff.fail()).await;
            }
        }
    }

    /// Plays one move at `seat` in the game as `view` shows it.
    async fn move_at(&mut self, seat: usize, view: Value) -> Result<(), String> {
        let legal: Vec<String> = view["legal"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|m| m.as_str().map(str::to_string))
            .collect();
        let Some(first) = legal.first().cloned() else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            return Ok(());
        };
        let mut text = if legal.len() == 1 {
            first.clone()
        } else {
            self.think(seat, &view).await.unwrap_or_else(|e| {
                log(&format!(
                    "game {}: the engine failed ({e}); playing {first}",
                    self.id
                ));
                first.clone()
            })
        };
        let mut version = view["version"].as_i64().unwrap_or(0);
        for _ in 0..3 {
            let reply = self.send(seat, &text, version).await?;
            match reply.status {
                200 => {
                    self.send_backoff.reset();
                    return Ok(());
                }
                409 => {
                    // Stale: read the game again; send the same move when it
                    // is still ours to make and still legal.
                    let fresh = self.view().await?;
                    let still = fresh["to_move"].as_u64() == Some(seat as u64)
                        && fresh["legal"]
                            .as_array()
                            .is_some_and(|l| l.iter().any(|m| m == text.as_str()));
                    if !still {
                        return Ok(());
                    }
                    version = fresh["version"].as_i64().unwrap_or(version);
                }
                422 => {
                    log(&format!(
                        "game {}: the server refused {text} ({}); playing {first}",
                        self.id,
                        reply.error()
                    ));
                    text = first.clone();
                }
                _ => {
                    let wait = self.send_backoff.fail();
                    log(&format!(
                        "game {}: sending {text}: {} (trying again in {:.1} s)",
                        self.id,
                        reply.error(),
                        wait.as_secs_f64()
                    ));
                    tokio::time::sleep(wait).await;
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// `POST /api/games/<id>/move`.
    async fn send(&self, seat: usize, text: &str, version: i64) -> Result<Reply, String> {
        self.context
            .server
            .post(
                &format!("/api/games/{}/move", self.id),
                Some(self.bearer(seat)),
                &json!({ "move": text, "version": version }),
            )
            .await
    }

    /// The engine's move at `seat`, started for this game if needed.
    async fn think(&mut self, seat: usize, view: &Value) -> Result<String, String> {
        let position = view["position"].as_str().ok_or("a game with no position")?;
        let (go, budget) = go_command(view, seat, self.context.max_movetime_ms);
        if self.engine.is_none() {
            let variant = Variant::from_game_and_rules(
                view["game"].as_str().unwrap_or_default(),
                view["rules"].as_str(),
            )
            .map_err(|e| e.to_string())?;
            self.engine = Some(Engine::new(
                self.context.engine.clone(),
                variant,
                format!("game {}", self.id),
            ));
        }
        let engine = self.engine.as_mut().ok_or("no engine")?;
        engine.best_move(position, &go, budget + MARGIN).await
    }
}

/// The next event of the socket (`None` when it ends or fails).
async fn next_event(socket: &mut Socket) -> Option<Value> {
    loop {
        match socket.next().await? {
            Ok(Message::Text(text)) => return serde_json::from_str(&text).ok(),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// The words after `go` for `seat` in the game as `view` shows it, and
/// the time the engine may use: Kaissa on a live clock gives both clocks
/// (`wtime`, `btime`, `winc`, `binc`); otherwise a move time from the
/// seat's remaining time (a thirtieth of it plus the increment, from
/// [`MIN_MOVETIME_MS`] to `max_ms`; `max_ms` without a clock), with the
/// face rolled first when there is one.
#[must_use]
pub fn go_command(view: &Value, seat: usize, max_ms: u64) -> (String, Duration) {
    let clock = &view["clock"];
    let remaining = |s: usize| clock["remaining_ms"][s].as_u64().unwrap_or(0);
    let increment = clock["settings"]["increment_ms"].as_u64();
    if view["game"] == "kaissa" {
        if let Some(inc) = increment {
            let go = format!(
                "wtime {} btime {} winc {inc} binc {inc}",
                remaining(0),
                remaining(1)
            );
            return (go, Duration::from_millis(remaining(seat) + inc));
        }
    }
    let movetime = if clock["remaining_ms"][seat].is_u64() {
        (remaining(seat) / 30 + increment.unwrap_or(0))
            .clamp(MIN_MOVETIME_MS, max_ms.max(MIN_MOVETIME_MS))
    } else {
        max_ms.max(MIN_MOVETIME_MS)
    };
    let roll = view["roll"]
        .as_u64()
        .and_then(|face| u8::try_from(face).ok());
    let go = kaissa_chaturaji_engine::uci::go_args(roll, movetime);
    (go, Duration::from_millis(movetime))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_follows_the_clock() {
        let kaissa = json!({ "game": "kaissa", "clock": { "settings": { "initial_ms": 60000, "increment_ms": 500 }, "remaining_ms": [30000, 45000] } });
        let (go, budget) = go_command(&kaissa, 1, 5000);
        assert_eq!(go, "wtime 30000 btime 45000 winc 500 binc 500");
        assert_eq!(budget, Duration::from_millis(45500));
        let chaturaji = json!({ "game": "chaturaji", "roll": 3, "clock": { "settings": { "initial_ms": 60000, "increment_ms": 100 }, "remaining_ms": [30000, 3000, 0, 900000] } });
        assert_eq!(go_command(&chaturaji, 0, 5000).0, "roll 3 movetime 1100");
        assert_eq!(go_command(&chaturaji, 1, 5000).0, "roll 3 movetime 200");
        assert_eq!(go_command(&chaturaji, 3, 5000).0, "roll 3 movetime 5000");
        let no_clock = json!({ "game": "chaturaji", "roll": null, "clock": null });
        assert_eq!(go_command(&no_clock, 2, 300).0, "movetime 300");
        let days = json!({ "game": "kaissa", "clock": { "settings": { "days_per_move": 2 }, "remaining_ms": [172800000, 172800000] } });
        assert_eq!(go_command(&days, 0, 5000).0, "movetime 5000");
        let dead = json!({ "game": "chaturaji", "roll": 2, "clock": { "settings": { "initial_ms": 1000, "increment_ms": 0 }, "remaining_ms": [0, 0, 0, 0] } });
        assert_eq!(go_command(&dead, 0, 5000).0, "roll 2 movetime 50");
    }
}
