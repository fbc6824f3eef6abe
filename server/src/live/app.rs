//! The server's state and its one way to change a game: load it (replay
//! its stored tokens), apply an action to a copy, write the copy's
//! change durably behind the version compare-and-set, then publish the
//! events and schedule what follows (a bot's move, a clock's flag).

use std::collections::HashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::Mutex;
use tokio::task::AbortHandle;

use kaissa_chaturaji::game::{Variant, RULES_NAMES};

use crate::accounts::account::Hasher;
use crate::live::events::{Event, Hub};
use crate::live::game::{Action, Extra, Live};
use crate::live::metrics::Metrics;
use crate::live::refusal::Refusal;
use crate::live::shutdown::Shutdown;
use crate::live::watchers::Watchers;
use crate::store::database::Store;
use crate::store::rows::{GameRow, MoveRow, PlayerRow};
use crate::table::clock::now_ms;
use crate::table::clock::{ClockConfig, ClockState};
use crate::table::dice;
use crate::table::game::{seat_colours, Table};
use crate::table::id::valid_id;
use crate::table::seats::{check_bot_spec, hash_secret, Seat, SeatKind};
use crate::table::status::Status;

/// `POST /api/games`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// `kaissa` or `chaturaji`.
    pub game: String,
    /// `sheet`, `opposite` or `ludii` (Chaturaji; default `sheet`).
    pub rules: Option<String>,
    /// `human` or `bot:<spec>` per seat, in seat order.
    pub seats: Vec<String>,
    /// The clock, or none.
    pub clock: Option<ClockConfig>,
    /// Kept out of the lobby.
    #[serde(default)]
    pub private: bool,
    /// Rated: every human seat needs an account (checked as it joins).
    #[serde(default)]
    pub rated: bool,
}

/// The server: storage, live events, and the games in memory.
#[derive(Debug)]
pub struct App {
    /// The database.
    pub store: Store,
    /// Live event channels.
    pub hub: Hub,
    /// Spectator counts.
    pub watchers: Arc<Watchers>,
    /// The most games one address may create per minute (`None`: no
    /// limit), for the web's rate limits.
    pub create_per_minute: Option<usize>,
    /// Password hashing.
    pub hasher: Hasher,
    /// The metrics `GET /metrics` shows.
    pub metrics: Metrics,
    /// The stop signal and the count of open streams.
    pub shutdown: Shutdown,
    pub(crate) games: Mutex<HashMap<String, Arc<Mutex<Live>>>>,
    timers: StdMutex<HashMap<String, AbortHandle>>,
    /// Set while [`App::resume_all`] loads the games being played.
    starting: AtomicBool,
}

impl App {
    /// A server over `store`; one address may create at most
    /// `create_per_minute` games a minute (`None`: no limit).
    ///
    /// # Errors
    ///
    /// When no randomness is available.
    pub fn new(store: Store, create_per_minute: Option<usize>) -> Result<Arc<App>, String> {
        let metrics = Metrics::new();
        Ok(Arc::new(App {
            shutdown: Shutdown::new(metrics.sockets_open.clone()),
            metrics,
            store,
            hub: Hub::default(),
            watchers: Arc::default(),
            create_per_minute,
            hasher: Hasher::new()?,
            games: Mutex::new(HashMap::new()),
            timers: StdMutex::new(HashMap::new()),
            starting: AtomicBool::new(false),
        }))
    }

    /// Loads the games being played, so that their clocks and bots run
    /// again after a restart.
    ///
    /// # Errors
    ///
    /// A storage failure or a game that does not replay.
    pub async fn resume_all(self: &Arc<Self>) -> Result<usize, Refusal> {
        self.starting.store(true, Ordering::SeqCst);
        let ids = self.store.playing_ids().await;
        let resumed = async {
            for id in ids.as_ref().map_err(|e| Refusal::internal(e.to_string()))? {
                self.game(id).await?;
            }
            Ok::<usize, Refusal>(ids.as_ref().map_or(0, Vec::len))
        }
        .await;
        self.starting.store(false, Ordering::SeqCst);
        resumed
    }

    /// Creates a game; answers `POST /api/games`.
    ///
    /// # Errors
    ///
    /// 400 for a bad request, 429 past the creation limit, 500 for
    /// storage.
    pub async fn create(
        self: &Arc<Self>,
        request: CreateRequest,
        admit: impl FnOnce() -> Result<(), Refusal>,
    ) -> Result<Value, Refusal> {
        let variant = Variant::from_game_and_rules(&request.game, request.rules.as_deref())
            .map_err(|e| Refusal::bad_request(e.to_string()))?;
        let table = Table::new(variant);
        let players = variant.players();
        if request.seats.len() != players {
            return Err(Refusal::bad_request(format!(
                "{} takes {players} seats, not {}",
                variant.game_name(),
                request.seats.len()
            )));
        }

        if let Some(clock) = &request.clock {
            clock.check().map_err(Refusal::bad_request)?;
        }
        let mut seats = Vec::new();
        let mut joins = Vec::new();
        let mut seeds = Vec::new();
        let mut kept = Vec::new();
        for word in &request.seats {
            let kind: SeatKind = word.parse().map_err(Refusal::bad_request)?;
            if kind == SeatKind::Human {
                let secret = random_hex(16)?;
                seats.push(Seat {
                    kind,
                    join_hash: Some(hash_secret(&secret)),
                    token_hash: None,
                    name: None,
                    moved: false,
                    account: None,
                });
                joins.push(Some(secret));
                seeds.push(None);
            } else if let SeatKind::Player(name) = &kind {
                let account = self.store.account_by_name(name).await?.ok_or_else(|| {
                    Refusal::bad_request(format!("seat {word:?}: no player is named {name:?}"))
                })?;
                if seats
                    .iter()
                    .any(|s: &Seat| s.account.as_ref() == Some(&account.id))
                {
                    return Err(Refusal::bad_request(format!(
                        "{} is kept two seats: an account takes one seat",
                        account.name
                    )));
                }
                kept.push(PlayerRow {
                    seat: seats.len() as i64,
                    account_id: account.id.clone(),
                });
                seats.push(Seat {
                    kind: SeatKind::Player(account.name.clone()),
                    join_hash: None,
                    token_hash: None,
                    name: Some(account.name),
                    moved: false,
                    account: Some(account.id),
                });
                joins.push(None);
                seeds.push(None);
            } else if let SeatKind::Bot(spec) = &kind {
                if request.rated {
                    return Err(Refusal::bad_request(
                        "a rated game seats people and bot accounts only (\"human\" or \"player:<name>\"), not the server's bots",
                    ));
                }
                check_bot_spec(spec, table.game())
                    .map_err(|e| Refusal::bad_request(format!("seat {word:?}: {e}")))?;
                seats.push(Seat {
                    kind,
                    join_hash: None,
                    token_hash: None,
                    name: None,
                    moved: false,
                    account: None,
                });
                joins.push(None);
                seeds.push(Some(random_hex(dice::SEAT_SEED_BYTES)?));
            }
        }
        admit()?;
        let server_seed = random_hex(dice::SERVER_SEED_BYTES)?;
        let key = dice::from_hex(&server_seed).unwrap_or_default();
        let id = random_hex(8)?;
        let clock_state = request
            .clock
            .map(|c| ClockState::new(&c, players))
            .unwrap_or_default();
        let live = Live {
            id: id.clone(),
            chat_times: vec![VecDeque::new(); players],
            seats,
            clock: request.clock,
            clock_state,
            status: Status::Waiting,
            ending: None,
            version: 0,
            seeds,
            commitment: dice::commitment(&key),
            server_seed,
            extra: Extra {
                private: request.private,
                rated: request.rated,
                ..Extra::default()
            },
            created_ms: now_ms(),
            table,
        };
        let all_bots = live.seats.iter().all(|seat| seat.bot_spec().is_some());
        self.store.create_game(&to_row(&live)?, &kept).await?;
        cache(
            &mut *self.games.lock().await,
            &id,
            Arc::new(Mutex::new(live)),
        );
        if all_bots {
            self.act(&id, Action::Start).await?;
        }
        let colours = seat_colours(variant);
        let seats: Vec<Value> = request
            .seats
            .iter()
            .zip(joins)
            .enumerate()
            .map(|(i, (kind, join))| {
                json!({ "seat": i, "colour": colours[i], "kind": kind, "join": join })
            })
            .collect();
        Ok(json!({ "id": id, "url": format!("/g/{id}"), "seats": seats }))
    }

    /// The game `id`, loaded from storage when not in memory.
    ///
    /// # Errors
    ///
    /// 404 for an unknown id; 500 for storage or a game that does not
    /// replay.
    pub async fn game(self: &Arc<Self>, id: &str) -> Result<Arc<Mutex<Live>>, Refusal> {
        if !valid_id(id) {
            return Err(Refusal::not_found());
        }
        if let Some(live) = self.games.lock().await.get(id) {
            return Ok(live.clone());
        }
        // Loaded without holding the map: other games go on meanwhile.
        let live = self.load(id).await?;
        let mut games = self.games.lock().await;
        if let Some(live) = games.get(id) {
            return Ok(live.clone());
        }
        let keep = live.status != Status::Over;
        let cell = Arc::new(Mutex::new(live));
        if keep {
            cache(&mut games, id, cell.clone());
            let live = cell.lock().await;
            self.schedule(&live, true);
        }
        Ok(cell)
    }

    /// Game `id` read from storage and replayed, apart from the games in
    /// memory (no lock on them is held, nothing is scheduled): for the
    /// archive's reads of finished games.
    ///
    /// # Errors
    ///
    /// As [`App::game`].
    pub async fn stored(&self, id: &str) -> Result<Live, Refusal> {
        if !valid_id(id) {
            return Err(Refusal::not_found());
        }
        self.load(id).await
    }

    /// Reads game `id` from storage and replays it.
    async fn load(&self, id: &str) -> Result<Live, Refusal> {
        let (row, moves) = self
            .store
            .load_game(id)
            .await?
            .ok_or_else(Refusal::not_found)?;
        let mut live = from_row(row).map_err(Refusal::internal)?;
        for mv in &moves {
            live.replay(&mv.token)
                .map_err(|e| Refusal::internal(format!("game {id} does not replay: {e}")))?;
        }
        self.resume_loaded(&mut live)?;
        Ok(live)
    }

    /// After loading: rolls the die when due, and restarts the clock
    /// from its stored times (nobody is charged for the time the server
    /// was down) when the server is alone on its storage (SQLite) or is
    /// starting ([`App::resume_all`]). A running server that loads a game
    /// from a shared database (another server may be running it) keeps
    /// the stored time running.
    pub(crate) fn resume_loaded(&self, live: &mut Live) -> Result<(), Refusal> {
        let clock = live.clock_state.clone();
        live.resume(now_ms()).map_err(Refusal::internal)?;
        if self.store.shared() && !self.starting.load(Ordering::SeqCst) {
            live.clock_state = clock;
        }
        Ok(())
    }

    /// Forgets game `id` (over): out of memory, its timer stopped.
    pub(crate) async fn forget(&self, id: &str) {
        self.games.lock().await.remove(id);
        if let Some(timer) = self
            .timers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id)
        {
            timer.abort();
        }
    }

    /// Game `id` as `GET /api/games/<id>` answers it; a rated game over
    /// carries its settlement as `ratings` (see [`Store::settlement`]).
    ///
    /// # Errors
    ///
    /// As [`App::game`].
    pub async fn view(self: &Arc<Self>, id: &str) -> Result<Value, Refusal> {
        let cell = self.game(id).await?;
        let (mut view, settled) = {
            let live = cell.lock().await;
            (
                live.view(now_ms()),
                live.extra.rated && live.status == Status::Over,
            )
        };
        if settled {
            view["ratings"] = self.store.settlement(id).await?.unwrap_or(Value::Null);
        }
        Ok(view)
    }

    /// Game `id`'s record text.
    ///
    /// # Errors
    ///
    /// As [`App::game`].
    pub async fn record(self: &Arc<Self>, id: &str) -> Result<String, Refusal> {
        let cell = self.game(id).await?;
        let live = cell.lock().await;
        crate::live::record::build(&live).map_err(Refusal::internal)
    }

    /// The seat of `token` in game `id`: the seat whose token it is, else
    /// (a bot account's API token) the seat that account holds there; of
    /// two seats held by one account (a casual game), the one to move,
    /// else the first.
    ///
    /// # Errors
    ///
    /// 404 for an unknown game, 403 for a token of no seat there, 500 for
    /// storage.
    pub async fn seat_of(self: &Arc<Self>, id: &str, token: &str) -> Result<usize, Refusal> {
        let cell = self.game(id).await?;
        if let Some(seat) = cell.lock().await.seat_of_token(token) {
            return Ok(seat);
        }
        let no_seat = || Refusal::forbidden("this token holds no seat at this game");
        let account = self
            .store
            .account_by_token(token)
            .await?
            .ok_or_else(no_seat)?;
        let live = cell.lock().await;
        let held: Vec<usize> = (0..live.seats.len())
            .filter(|&seat| {
                let place = &live.seats[seat];
                place.token_hash.is_some() && place.account.as_deref() == Some(account.id.as_str())
            })
            .collect();
        match live.to_move() {
            Some(seat) if held.contains(&seat) => Ok(seat),
            _ => held.first().copied().ok_or_else(no_seat),
        }
    }

    /// Applies `action` to game `id` and writes it durably before
    /// returning the new version (and a join's token). The work runs as a
    /// task of its own, so that a caller that goes away (a closed
    /// connection) cannot stop it between the commit and the update of
    /// the game in memory and its events.
    ///
    /// # Errors
    ///
    /// The action's own errors; 409 when another writer changed the game
    /// first; 500 for storage (nothing changes).
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        action: Action,
    ) -> Result<(i64, Option<String>), Refusal> {
        let app = self.clone();
        let id = id.to_string();
        tokio::spawn(async move { app.act_to_the_end(&id, action).await })
            .await
            .map_err(|e| Refusal::internal(format!("an action failed: {e}")))?
    }

    /// [`App::act`]'s work. When the action fails, or its write loses the
    /// compare-and-set, because another server moved the game on (a
    /// shared database), the game is brought up to date and the action
    /// tried once more against it: its own checks (the version the client
    /// saw) decide.
    async fn act_to_the_end(
        self: &Arc<Self>,
        id: &str,
        action: Action,
    ) -> Result<(i64, Option<String>), Refusal> {
        let cell = self.game(id).await?;
        let mut live = cell.lock().await;
        let mut again = true;
        let result = loop {
            let failure = match self.attempt(&mut live, action.clone()).await {
                Ok(Ok(token)) => break Ok((live.version, token)),
                Ok(Err(failure)) => failure,
                Err(e) => break Err(e),
            };
            match self.refresh(&mut live).await {
                Ok(true) if again => again = false,
                Ok(_) => break Err(failure),
                Err(e) => break Err(e),
            }
        };
        if live.status == Status::Over {
            drop(live);
            self.forget(id).await;
        }
        result
    }

    /// One try of `action` on `live`: applied to a copy, written behind
    /// the compare-and-set, then taken, published and scheduled. `Ok(Err)`
    /// for a failure that a game brought up to date might not have (the
    /// action refused on a shared database, the compare-and-set lost);
    /// `Err` for one it would have too.
    async fn attempt(
        self: &Arc<Self>,
        live: &mut Live,
        action: Action,
    ) -> Result<Result<Option<String>, Refusal>, Refusal> {
        let mut draft = live.clone();
        let now = now_ms();
        let outcome = match draft.act(action, now) {
            Ok(outcome) => outcome,
            Err(e) if self.store.shared() => return Ok(Err(e)),
            Err(e) => return Err(e),
        };
        let from = live.version;
        let mut events = Vec::new();
        let mut turn_changed = false;
        let mut kinds = Vec::new();
        for mut event in outcome.events {
            draft.version += 1;
            event.version = draft.version;
            turn_changed |= event.happening.turns();
            kinds.push(event.happening.kind());
            events.push((draft.version, event.to_json().map_err(Refusal::internal)?));
        }
        let old = live.table.tokens().len();
        let moves: Vec<MoveRow> = draft.table.tokens()[old..]
            .iter()
            .enumerate()
            .map(|(i, token)| MoveRow {
                ply: (old + i) as i64,
                version: draft.version,
                token: token.clone(),
                at_ms: now,
            })
            .collect();
        let players: Vec<PlayerRow> = draft
            .seats
            .iter()
            .zip(&live.seats)
            .enumerate()
            .filter(|(_, (new, old))| new.account.is_some() && new.account != old.account)
            .filter_map(|(seat, (new, _))| {
                Some(PlayerRow {
                    seat: seat as i64,
                    account_id: new.account.clone()?,
                })
            })
            .collect();
        let row = to_row(&draft)?;
        let started = std::time::Instant::now();
        if !self
            .store
            .commit(from, &row, &moves, &events, &players)
            .await?
        {
            // Another writer moved the game on.
            return Ok(Err(Refusal::conflict(
                "the game was changed by another writer: reload it",
            )));
        }
        let took = started.elapsed();
        for ((version, _), kind) in events.iter().zip(&kinds) {
            tracing::info!(game = %draft.id, version, "type" = %kind, "event");
            if *kind == "move" {
                self.metrics.move_committed(took);
            }
        }
        *live = draft;
        for (version, body) in events {
            self.hub.send(&live.id, Event { version, body });
        }
        self.schedule(live, turn_changed);
        if live.status == Status::Over {
            // The ratings, once the game's end is durable; a failure
            // leaves the game to `Store::settle_pending` at the next start.
            if let Err(e) = self.store.settle(&row).await {
                tracing::error!(game = %live.id, "ratings: {e}");
            }
        }
        Ok(Ok(outcome.token))
    }

    /// Schedules what follows a change: the clock's flag check at the
    /// running seat's deadline, and (when the turn changed) a bot's move.
    pub(crate) fn schedule(self: &Arc<Self>, live: &Live, turn_changed: bool) {
        if live.status != Status::Playing {
            return;
        }
        if let Some(deadline) = live.clock_state.deadline_ms() {
            let app = self.clone();
            let id = live.id.clone();
            let wait = (deadline - now_ms()).max(0) as u64 + 20;
            let task = tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(wait)).await;
                let _ = app.act(&id, Action::Flag).await;
            });
            let mut timers = self.timers.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(old) = timers.insert(live.id.clone(), task.abort_handle()) {
                old.abort();
            }
        }
        let Some(seat) = live.to_move() else { return };
        let Some(spec) = live.seats[seat].bot_spec() else {
            return;
        };
        if !turn_changed {
            return;
        }
        let app = self.clone();
        let id = live.id.clone();
        let spec = spec.to_string();
        let game = live.table.game().clone();
        let version = live.version;
        tokio::spawn(async move {
            match crate::live::bots::choose(&spec, game, version as u64).await {
                Ok(text) => {
                    let _ = app
                        .act(
                            &id,
                            Action::Move {
                                seat,
                                text,
                                version,
                            },
                        )
                        .await;
                }
                Err(e) => tracing::error!(game = %id, "bot {spec}: {e}"),
            }
        });
    }
}

/// The most games kept in memory; past it, games nobody is using (and
/// whose clock is not running) are dropped: they are loaded again from
/// storage when needed.
pub const MAX_CACHED_GAMES: usize = 10_000;

/// Keeps `cell` in memory as game `id`, first dropping games nobody holds
/// when the cache is full.
fn cache(games: &mut HashMap<String, Arc<Mutex<Live>>>, id: &str, cell: Arc<Mutex<Live>>) {
    if games.len() >= MAX_CACHED_GAMES {
        // A running clock stays: loading a game restarts its clock.
        games.retain(|_, cell| {
            Arc::strong_count(cell) > 1
                || cell.try_lock().map_or(true, |live| {
                    live.clock.is_some() && live.status == Status::Playing
                })
        });
    }
    games.insert(id.to_string(), cell);
}

/// Random hex, or a 500.
fn random_hex(bytes: usize) -> Result<String, Refusal> {
    dice::random_hex(bytes).map_err(|e| Refusal::internal(format!("randomness: {e}")))
}

/// JSON text of a value, or a 500.
fn json_text<T: serde::Serialize>(value: &T) -> Result<String, Refusal> {
    serde_json::to_string(value).map_err(|e| Refusal::internal(e.to_string()))
}

/// The row that stores `live`.
fn to_row(live: &Live) -> Result<GameRow, Refusal> {
    Ok(GameRow {
        id: live.id.clone(),
        game: live.variant().game_name().to_string(),
        rules: live
            .variant()
            .rules_name()
            .unwrap_or(RULES_NAMES[0])
            .to_string(),
        seats: json_text(&live.seats)?,
        clock: json_text(&live.clock)?,
        clock_state: json_text(&live.clock_state)?,
        status: live.status.word().to_string(),
        result: json_text(&live.ending)?,
        version: live.version,
        seeds: json_text(&live.seeds)?,
        commitment: live.commitment.clone(),
        server_seed: live.server_seed.clone(),
        extra: json_text(&live.extra)?,
        created_ms: live.created_ms,
    })
}

/// The game a row stores, before its tokens are replayed.
pub(crate) fn from_row(row: GameRow) -> Result<Live, String> {
    let field = |name: &str, e: serde_json::Error| format!("game {}: column {name}: {e}", row.id);
    let seats: Vec<Seat> = serde_json::from_str(&row.seats).map_err(|e| field("seats", e))?;
    let variant = Variant::from_game_and_rules(&row.game, Some(&row.rules))
        .map_err(|e| format!("game {}: {e}", row.id))?;
    let table = Table::new(variant);
    Ok(Live {
        chat_times: vec![VecDeque::new(); seats.len()],
        seats,
        clock: serde_json::from_str(&row.clock).map_err(|e| field("clock", e))?,
        clock_state: serde_json::from_str(&row.clock_state).map_err(|e| field("clock_state", e))?,
        ending: serde_json::from_str(&row.result).map_err(|e| field("result", e))?,
        seeds: serde_json::from_str(&row.seeds).map_err(|e| field("seeds", e))?,
        extra: serde_json::from_str(&row.extra).map_err(|e| field("extra", e))?,
        id: row.id,
        status: Status::from_word(&row.status)?,
        version: row.version,
        commitment: row.commitment,
        server_seed: row.server_seed,
        created_ms: row.created_ms,
        table,
    })
}
