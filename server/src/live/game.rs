//! A game as the server holds it in memory: the table, the seats, the
//! clock, the dice, and how each action changes them into events.
//!
//! Nothing here touches storage: [`Live::act`] changes the game and says
//! which events that made; the caller writes them (and the new tokens)
//! durably before anyone is told.

use std::collections::VecDeque;

use kaissa_chaturaji::chaturaji::Colour;
use kaissa_chaturaji::game::Variant;
use kaissa_chaturaji::kaissa::Side;
use kaissa_chaturaji::record::GameResult;
use serde::{Deserialize, Serialize};

use crate::accounts::account::Account;
use crate::accounts::names::GuestName;
use crate::live::event::{GameEvent, Happening};
use crate::live::refusal::Refusal;
use crate::table::clock::{ClockConfig, ClockState};
use crate::table::dice;
use crate::table::ending::Ending;
use crate::table::exchange::ExchangeOffer;
use crate::table::game::{seat_colours, Table};
use crate::table::seats::{hash_secret, Seat, SeatKind};
use crate::table::status::Status;

/// The longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// How many chat messages a seat may send within [`CHAT_WINDOW_MS`].
pub const CHAT_BURST: usize = 5;
/// The window of the chat rate limit, in milliseconds.
pub const CHAT_WINDOW_MS: i64 = 10_000;

/// The most tokens a game at this server plays: past them it is drawn
/// (termination `turn-limit`). Chaturaji's rules end every game well
/// before it (at most 200 quiet plies between captures; 5,000 rolled plies
/// under Ludii); Merchant Kaissa's have no such bound, and a server must
/// not keep, replay and send an endless game.
pub const MAX_TOKENS: usize = 10_000;

/// Other stored state of a game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extra {
    /// Listed in the lobby or not.
    pub private: bool,
    /// Counts for the ratings (an account at every human seat).
    #[serde(default)]
    pub rated: bool,
    /// The seats offering a draw now.
    pub draw_offers: Vec<usize>,
    /// A raja exchange the seat to move offers, until a seat of the other
    /// alliance accepts it or a move is made.
    #[serde(default)]
    pub exchange_offer: Option<ExchangeOffer>,
    /// How many moves each seat has made itself, in seat order (the
    /// server's forced moves and raja exchanges not counted): a rated game
    /// the players end early does not count (see [`crate::rating::verdict`]).
    #[serde(default)]
    pub seat_moves: Vec<u32>,
    /// The seat that resigned or ran out of time, when the game ended so.
    #[serde(default)]
    pub gave_up: Option<usize>,
}

/// What a seat (or the server) does to a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Take a seat.
    Join {
        /// The seat.
        seat: usize,
        /// Its join secret.
        secret: String,
        /// The shown name.
        name: Option<String>,
        /// The seat's die seed (hex), if it brings one.
        client_seed: Option<String>,
        /// The account joining (logged in, or a bot's API token).
        account: Option<Account>,
    },
    /// Start a game whose seats are all bots.
    Start,
    /// Play a move.
    Move {
        /// The seat moving.
        seat: usize,
        /// The move text.
        text: String,
        /// The version the seat saw.
        version: i64,
    },
    /// Resign.
    Resign {
        /// The seat resigning.
        seat: usize,
    },
    /// Offer a draw, or accept the offers made: the game is drawn when
    /// every seat offers it between two moves (a table with a bot cannot
    /// be drawn by agreement: a bot never offers).
    Draw {
        /// The seat offering.
        seat: usize,
    },
    /// Abort the game (before the seat's first move).
    Abort {
        /// The seat aborting.
        seat: usize,
    },
    /// Say something.
    Chat {
        /// The seat speaking.
        seat: usize,
        /// What it says.
        text: String,
    },
    /// The server's check of the clock.
    Flag,
}

/// A game in memory.
#[derive(Debug, Clone)]
pub struct Live {
    /// The id.
    pub id: String,
    /// The seats.
    pub seats: Vec<Seat>,
    /// The clock's settings.
    pub clock: Option<ClockConfig>,
    /// The clock's times.
    pub clock_state: ClockState,
    /// Waiting, playing or over.
    pub status: Status,
    /// How it ended, once over.
    pub ending: Option<Ending>,
    /// How many events the game has had.
    pub version: i64,
    /// Each seat's die seed (hex), once known.
    pub seeds: Vec<Option<String>>,
    /// hex(SHA-256(server seed)).
    pub commitment: String,
    /// The server seed, hex: never shown before the game is over.
    pub server_seed: String,
    /// Other state.
    pub extra: Extra,
    /// When the game was created (ms since 1970).
    pub created_ms: i64,
    /// The rules side.
    pub table: Table,
    /// Recent chat times per seat (not stored).
    pub chat_times: Vec<VecDeque<i64>>,
}

/// What an action did: its events (without versions) and, for a join,
/// the seat's token.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The events, in order.
    pub events: Vec<GameEvent>,
    /// A new seat token.
    pub token: Option<String>,
}

impl Live {
    /// The game and ruleset played: the table's.
    #[must_use]
    pub fn variant(&self) -> Variant {
        Variant::of(self.table.game())
    }

    /// The seat whose token hashes to `token`'s hash.
    #[must_use]
    pub fn seat_of_token(&self, token: &str) -> Option<usize> {
        let hash = hash_secret(token);
        self.seats
            .iter()
            .position(|seat| seat.token_hash.as_deref() == Some(hash.as_str()))
    }

    /// The die seeds in seat order, as the roll message takes them.
    fn seed_list(&self) -> Vec<String> {
        self.seeds
            .iter()
            .map(|s| s.clone().unwrap_or_default())
            .collect()
    }

    /// Lets the server play its part (the die, forced moves) and returns
    /// the tokens it played.
    fn advance(&mut self) -> Vec<String> {
        let key = dice::from_hex(&self.server_seed).unwrap_or_default();
        let seeds = self.seed_list();
        let id = self.id.clone();
        self.table.advance(|k| dice::roll(&key, &id, k, &seeds))
    }

    /// Replays a stored token (loading the game).
    ///
    /// # Errors
    ///
    /// When the token is not legal there.
    pub fn replay(&mut self, token: &str) -> Result<(), String> {
        let key = dice::from_hex(&self.server_seed).unwrap_or_default();
        let seeds = self.seed_list();
        let id = self.id.clone();
        self.table
            .replay(token, |k| dice::roll(&key, &id, k, &seeds))
    }

    /// After loading: rolls the die when due, as the live game had (no
    /// token may come of it), and restarts the clock without charging the
    /// time the server was down.
    ///
    /// # Errors
    ///
    /// When resuming would play a move the store does not have.
    pub fn resume(&mut self, now_ms: i64) -> Result<(), String> {
        if self.status == Status::Playing {
            let played = self.advance();
            if !played.is_empty() {
                return Err(format!("stored game lacks the server's moves {played:?}"));
            }
            self.clock_state.resume(now_ms);
        }
        Ok(())
    }

    /// The seat to move while the game is played.
    #[must_use]
    pub fn to_move(&self) -> Option<usize> {
        if self.status == Status::Playing {
            self.table.to_move()
        } else {
            None
        }
    }

    /// The outcome word: the ending's, else the position's.
    #[must_use]
    pub fn outcome_word(&self) -> String {
        match &self.ending {
            Some(ending) => ending.outcome.clone(),
            None => self.table.outcome_word().to_string(),
        }
    }

    /// Changes the game by `action` at `now_ms`.
    ///
    /// # Errors
    ///
    /// What the action may not do (403, 409, 422, 429, 400); the game is
    /// then unchanged only if the caller drops this copy, which it does.
    pub fn act(&mut self, action: Action, now_ms: i64) -> Result<Outcome, Refusal> {
        let mut out = Outcome::default();
        match action {
            Action::Join {
                seat,
                secret,
                name,
                client_seed,
                account,
            } => {
                out.token = Some(self.join(seat, &secret, name, client_seed, account)?);
                let started = self.start_if_full(now_ms);
                let name = self.seats[seat].name.clone();
                out.events.push(self.event(
                    Happening::Join {
                        seat,
                        name,
                        started,
                    },
                    now_ms,
                ));
            }
            Action::Start => {
                if !self.start_if_full(now_ms) {
                    return Err(Refusal::conflict("the game cannot start now"));
                }
                out.events.push(self.event(Happening::Start, now_ms));
            }
            Action::Move {
                seat,
                text,
                version,
            } => {
                self.check_playing()?;
                if version != self.version {
                    return Err(Refusal::conflict(format!(
                        "stale version {version}: the game is at version {}",
                        self.version
                    )));
                }
                if text.starts_with("exchange:") {
                    let event = self.exchange(seat, &text, now_ms)?;
                    out.events.push(event);
                    return Ok(out);
                }
                if self.table.to_move() != Some(seat) {
                    return Err(Refusal::forbidden("it is not this seat's turn"));
                }
                if self.clock.is_some() && self.clock_state.flagged(now_ms) == Some(seat) {
                    return Err(Refusal::conflict("this seat's time has run out"));
                }
                let token = self.table.play(&text).map_err(Refusal::unprocessable)?;
                self.seats[seat].moved = true;
                self.extra.seat_moves.resize(self.seats.len(), 0);
                self.extra.seat_moves[seat] = self.extra.seat_moves[seat].saturating_add(1);
                self.extra.draw_offers.clear();
                self.extra.exchange_offer = None;
                let auto = self.advance();
                self.switch_clock(now_ms, true);
                self.end_by_rules();
                out.events
                    .push(self.event(Happening::Move { seat, token, auto }, now_ms));
            }
            Action::Resign { seat } => {
                self.check_playing()?;
                let winner = self
                    .winner_against(seat)
                    .ok_or_else(|| Refusal::internal("no result for a resignation here"))?;
                self.finish(winner.to_string(), "resignation", now_ms);
                self.extra.gave_up = Some(seat);
                out.events
                    .push(self.event(Happening::Resign { seat }, now_ms));
            }
            Action::Draw { seat } => {
                self.check_playing()?;
                if self.seats.iter().any(|s| s.bot_spec().is_some()) {
                    return Err(Refusal::conflict(
                        "a bot never agrees to a draw: this game cannot be drawn by agreement",
                    ));
                }
                if self.extra.draw_offers.contains(&seat) {
                    return Err(Refusal::conflict("this seat already offers a draw"));
                }
                self.extra.draw_offers.push(seat);
                self.extra.draw_offers.sort_unstable();
                let agreed = self.extra.draw_offers.len() == self.seats.len();
                if agreed {
                    self.finish("draw".into(), "agreement", now_ms);
                }
                let offers = self.extra.draw_offers.clone();
                out.events.push(self.event(
                    Happening::Draw {
                        seat,
                        offers,
                        agreed,
                    },
                    now_ms,
                ));
            }
            Action::Abort { seat } => {
                if self.status == Status::Over {
                    return Err(Refusal::conflict("the game is over"));
                }
                if self.seats[seat].moved {
                    return Err(Refusal::conflict(
                        "this seat has moved: the game can no longer be aborted by it (resign instead)",
                    ));
                }
                self.finish("ongoing".into(), "abandoned", now_ms);
                out.events
                    .push(self.event(Happening::Abort { seat }, now_ms));
            }
            Action::Chat { seat, text } => {
                let text = text.trim().to_string();
                let count = text.chars().count();
                if count == 0 || count > MAX_CHAT_CHARS {
                    return Err(Refusal::bad_request(format!(
                        "a chat message has 1 to {MAX_CHAT_CHARS} characters"
                    )));
                }
                crate::table::visible_text::check_visible(&text, "a chat message")
                    .map_err(Refusal::bad_request)?;
                let times = &mut self.chat_times[seat];
                while times.front().is_some_and(|&t| t <= now_ms - CHAT_WINDOW_MS) {
                    times.pop_front();
                }
                if times.len() >= CHAT_BURST {
                    return Err(Refusal::too_many(format!(
                        "at most {CHAT_BURST} chat messages in {} seconds",
                        CHAT_WINDOW_MS / 1000
                    )));
                }
                times.push_back(now_ms);
                let name = self.seats[seat].name.clone();
                out.events
                    .push(self.event(Happening::Chat { seat, name, text }, now_ms));
            }
            Action::Flag => {
                if self.status != Status::Playing {
                    return Err(Refusal::conflict("the game is not being played"));
                }
                let seat = self
                    .clock_state
                    .flagged(now_ms)
                    .ok_or_else(|| Refusal::conflict("no seat's time has run out"))?;
                let winner = self
                    .winner_against(seat)
                    .ok_or_else(|| Refusal::internal("no result for a time forfeit here"))?;
                self.finish(winner.to_string(), "time-forfeit", now_ms);
                self.extra.gave_up = Some(seat);
                out.events
                    .push(self.event(Happening::Flag { seat }, now_ms));
            }
        }
        Ok(out)
    }

    /// A raja exchange: the seat to move offers it; a seat of the other
    /// alliance accepts it by sending the same exchange, and then it is
    /// played (see `docs/rules.md`: both alliances agree on it).
    fn exchange(&mut self, seat: usize, text: &str, now_ms: i64) -> Result<GameEvent, Refusal> {
        let mut probe = self.table.clone();
        let token = probe.play(text).map_err(Refusal::unprocessable)?;
        let rules = self
            .variant()
            .rules()
            .ok_or_else(|| Refusal::unprocessable("no raja exchange in this game"))?;
        match self.extra.exchange_offer.clone() {
            Some(offer) if offer.exchange == token => {
                if rules.friends(Colour::ALL[offer.seat], Colour::ALL[seat]) {
                    return Err(Refusal::forbidden(
                        "an exchange is accepted by a seat of the other alliance",
                    ));
                }
                self.table = probe;
                self.seats[seat].moved = true;
                if let Some(place) = self.seats.get_mut(offer.seat) {
                    place.moved = true;
                }
                self.extra.exchange_offer = None;
                self.extra.draw_offers.clear();
                let auto = self.advance();
                self.switch_clock(now_ms, false);
                self.end_by_rules();
                Ok(self.event(Happening::Move { seat, token, auto }, now_ms))
            }
            _ => {
                if self.table.to_move() != Some(seat) {
                    return Err(Refusal::forbidden(
                        "an exchange is offered by the seat to move (or accepted as offered)",
                    ));
                }
                self.extra.exchange_offer = Some(ExchangeOffer {
                    seat,
                    exchange: token.clone(),
                });
                Ok(self.event(
                    Happening::ExchangeOffer {
                        seat,
                        exchange: token,
                    },
                    now_ms,
                ))
            }
        }
    }

    /// 409 unless the game is being played.
    fn check_playing(&self) -> Result<(), Refusal> {
        match self.status {
            Status::Playing => Ok(()),
            Status::Waiting => Err(Refusal::conflict(
                "the game has not started: seats are free",
            )),
            Status::Over => Err(Refusal::conflict("the game is over")),
        }
    }

    /// Takes a seat; returns its new token.
    fn join(
        &mut self,
        seat: usize,
        secret: &str,
        name: Option<String>,
        client_seed: Option<String>,
        account: Option<Account>,
    ) -> Result<String, Refusal> {
        let n = self.seats.len();
        let place = self.seats.get(seat).ok_or_else(|| {
            Refusal::bad_request(format!("no seat {seat}: seats are 0 to {}", n - 1))
        })?;
        if place.taken() {
            return Err(Refusal::conflict(format!("seat {seat} is taken")));
        }
        if self.status != Status::Waiting {
            return Err(Refusal::conflict("the game is not open to join"));
        }
        if let SeatKind::Player(kept) = &place.kind {
            if account.as_ref().map(|a| &a.id) != place.account.as_ref() {
                return Err(Refusal::forbidden(format!(
                    "seat {seat} is kept for {kept}: log in as {kept} to take it"
                )));
            }
        } else if place.join_hash.as_deref() != Some(hash_secret(secret).as_str()) {
            return Err(Refusal::forbidden("wrong join secret for this seat"));
        }
        if self.extra.rated {
            let Some(account) = &account else {
                return Err(Refusal::unauthorized(
                    "a rated game needs an account at every seat: log in first",
                ));
            };
            if self
                .seats
                .iter()
                .enumerate()
                .any(|(i, s)| i != seat && s.taken() && s.account.as_ref() == Some(&account.id))
            {
                return Err(Refusal::conflict(
                    "an account takes one seat of a rated game: no one rates against themselves",
                ));
            }
        }
        let name = match (&account, name.filter(|n| !n.trim().is_empty())) {
            (Some(account), _) => account.name.clone(),
            (None, Some(name)) => GuestName::parse(&name)
                .map_err(Refusal::bad_request)?
                .shown()
                .to_string(),
            (None, None) => format!("{} player", seat_colours(self.variant())[seat]),
        };
        let seed = match client_seed {
            Some(text) => dice::normalize_client_seed(&text).ok_or_else(|| {
                Refusal::bad_request(format!(
                    "client_seed must be 2 to {} hex digits, an even count",
                    dice::MAX_CLIENT_SEED_HEX
                ))
            })?,
            None => random_hex(dice::SEAT_SEED_BYTES)?,
        };
        let token = random_hex(32)?;
        let place = &mut self.seats[seat];
        place.token_hash = Some(hash_secret(&token));
        place.name = Some(name);
        place.account = account.map(|a| a.id);
        self.seeds[seat] = Some(seed);
        Ok(token)
    }

    /// Starts the game when every seat is taken; whether it started.
    fn start_if_full(&mut self, now_ms: i64) -> bool {
        if self.status != Status::Waiting || !self.seats.iter().all(Seat::taken) {
            return false;
        }
        self.status = Status::Playing;
        self.advance();
        self.switch_clock(now_ms, false);
        self.end_by_rules();
        true
    }

    /// Hands the clock to the seat to move now.
    fn switch_clock(&mut self, now_ms: i64, moved: bool) {
        if let Some(config) = self.clock {
            let next = if self.table.is_over() {
                None
            } else {
                self.table.to_move()
            };
            self.clock_state.switch(&config, now_ms, moved, next);
        }
    }

    /// Ends the game when the rules did.
    fn end_by_rules(&mut self) {
        if self.status == Status::Playing && self.table.is_over() {
            let termination = crate::table::rules_record::rules_termination(&self.table);
            self.status = Status::Over;
            self.ending = Some(Ending {
                outcome: self.table.outcome_word().to_string(),
                termination,
            });
        } else if self.status == Status::Playing && self.table.tokens().len() >= MAX_TOKENS {
            self.status = Status::Over;
            self.ending = Some(Ending {
                outcome: "draw".into(),
                termination: "turn-limit".into(),
            });
        }
    }

    /// Ends the game as the players (or the clock) decided.
    fn finish(&mut self, outcome: String, termination: &str, now_ms: i64) {
        if let Some(config) = self.clock {
            self.clock_state.switch(&config, now_ms, false, None);
        }
        self.status = Status::Over;
        self.extra.draw_offers.clear();
        self.extra.exchange_offer = None;
        self.ending = Some(Ending {
            outcome,
            termination: termination.into(),
        });
    }

    /// The result when `seat` gives up (resigns or runs out of time): the
    /// other side wins (Kaissa), or the other alliance (Chaturaji). Under
    /// the Ludii ruleset the game ends at once and the highest score among
    /// the three other colours wins, the library's scores of the position
    /// (`docs/rules.md` §2.13, §3.5); a tie for it is a draw. `None` only
    /// for an unknown rules word.
    #[must_use]
    pub fn winner_against(&self, seat: usize) -> Option<GameResult> {
        let Some(rules) = self.variant().rules() else {
            return Some(GameResult::SideWins(Side::ALL[1 - seat.min(1)]));
        };
        let loser = *Colour::ALL.get(seat)?;
        if rules.is_ludii() {
            let scores = self.scores()?;
            let others = || Colour::ALL.into_iter().filter(|&c| c != loser);
            let best = others().map(|c| scores[c.index()]).max()?;
            let mut top = others().filter(|c| scores[c.index()] == best);
            return Some(match (top.next(), top.next()) {
                (Some(winner), None) => GameResult::ColourWins(winner),
                _ => GameResult::Draw,
            });
        }
        let mut winners = Colour::ALL
            .into_iter()
            .filter(|&c| !rules.friends(c, loser));
        Some(GameResult::AllianceWins([winners.next()?, winners.next()?]))
    }

    /// An event of this game: what happened, and the state after it (its
    /// version is set when it is committed).
    fn event(&self, happening: Happening, now_ms: i64) -> GameEvent {
        let mut state = self.state(now_ms);
        // The tokens this event added: a move and the server's plays after
        // it, or the server's plays when the game started.
        let added = match &happening {
            Happening::Move { auto, .. } => auto.len() + 1,
            Happening::Start | Happening::Join { started: true, .. } => self.table.tokens().len(),
            _ => 0,
        };
        let readable = self.table.readable();
        state.readable = readable[readable.len().saturating_sub(added)..].to_vec();
        GameEvent {
            version: 0,
            happening,
            state,
        }
    }
}

/// Random hex, or a 500.
fn random_hex(bytes: usize) -> Result<String, Refusal> {
    dice::random_hex(bytes).map_err(|e| Refusal::internal(format!("randomness: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaissa_chaturaji::game::Game;

    /// A sheet-rules game, played at random, at a point where the seat to
    /// move may offer a raja exchange.
    fn table_with_an_exchange() -> Table {
        for game in 0..400u64 {
            let mut table = Table::new(Variant::Chaturaji);
            let mut rng = 0x2545_f491_4f6c_dd1d_u64 ^ game;
            let mut next = move || {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                rng
            };
            for _ in 0..600 {
                table.advance(|_| 2 + (next() % 4) as u8);
                if table.is_over() {
                    break;
                }
                let legal = table.legal();
                if legal.iter().any(|t| t.starts_with("exchange:")) {
                    return table;
                }
                let text = legal[(next() % legal.len() as u64) as usize].clone();
                table.play(&text).unwrap();
            }
        }
        panic!("no random game reached a raja exchange");
    }

    fn live(table: Table) -> Live {
        let players = table.game().players();
        Live {
            id: "0123456789abcdef".into(),
            seats: (0..players)
                .map(|_| Seat {
                    kind: SeatKind::Human,
                    join_hash: None,
                    token_hash: Some("x".into()),
                    name: None,
                    moved: true,
                    account: None,
                })
                .collect(),
            clock: None,
            clock_state: ClockState::default(),
            status: Status::Playing,
            ending: None,
            version: 10,
            seeds: vec![Some("aa".into()); players],
            commitment: String::new(),
            server_seed: "00".into(),
            extra: Extra::default(),
            created_ms: 0,
            table,
            chat_times: vec![VecDeque::new(); players],
        }
    }

    /// The state's targets stand beside the legal texts they move: the
    /// squares of each board move, and none for a pass or an exchange.
    #[test]
    fn targets_are_aligned_with_the_legal_list() {
        for game in [
            live(Table::new(Variant::Kaissa)),
            live(table_with_an_exchange()),
        ] {
            let state = game.state(0);
            assert_eq!(state.targets.len(), state.legal.len());
            assert!(state.targets.iter().any(Option::is_some));
            let targets = serde_json::to_value(&state.targets).unwrap();
            for (text, squares) in state.legal.iter().zip(targets.as_array().unwrap()) {
                if text.starts_with("exchange:") || text == "pass" {
                    assert!(squares.is_null(), "{text}: {squares}");
                    continue;
                }
                let from = squares[0].as_str().unwrap_or("@");
                let to = squares[1].as_str().unwrap();
                assert!(text.contains(&format!("{from}{to}")), "{text}: {squares}");
            }
        }
    }

    #[test]
    fn who_wins_when_a_seat_gives_up() {
        let sheet = live(Table::new(Variant::Chaturaji));
        assert_eq!(
            sheet.winner_against(1),
            Some(GameResult::AllianceWins([Colour::Red, Colour::Green]))
        );
        let opposite = live(Table::new(Variant::ChaturajiOpposite));
        assert_eq!(
            opposite.winner_against(1),
            Some(GameResult::AllianceWins([Colour::Red, Colour::Yellow]))
        );
        // Ludii at the start: every score 0, a tie among the others.
        let ludii = live(Table::new(Variant::ChaturajiLudii));
        assert_eq!(ludii.scores(), Some([0; 4]));
        assert_eq!(ludii.winner_against(2), Some(GameResult::Draw));
        assert_eq!(sheet.scores(), None);
    }

    #[test]
    fn an_exchange_needs_both_alliances() {
        let mut game = live(table_with_an_exchange());
        let seat = game.to_move().unwrap();
        let exchange = game
            .table
            .legal()
            .into_iter()
            .find(|t| t.starts_with("exchange:"))
            .unwrap();
        let rules = Variant::Chaturaji.rules().unwrap();
        let ally = (0..4)
            .find(|&s| s != seat && rules.friends(Colour::ALL[s], Colour::ALL[seat]))
            .unwrap();
        let opponent = (0..4)
            .find(|&s| !rules.friends(Colour::ALL[s], Colour::ALL[seat]))
            .unwrap();
        let send = |game: &mut Live, seat: usize, text: &str| {
            let version = game.version;
            game.act(
                Action::Move {
                    seat,
                    text: text.into(),
                    version,
                },
                0,
            )
            .map(|out| {
                game.version += 1;
                out.events
            })
        };
        // Only the seat to move offers; the offer changes nothing yet.
        assert_eq!(
            send(&mut game, opponent, &exchange).unwrap_err().kind,
            crate::live::refusal::Kind::Forbidden
        );
        let tokens = game.table.tokens().len();
        assert!(game.legal().contains(&exchange));
        let offer = send(&mut game, seat, &exchange).unwrap();
        assert!(matches!(
            offer[0].happening,
            Happening::ExchangeOffer { .. }
        ));
        assert_eq!(game.table.tokens().len(), tokens);
        // While its offer is pending, the offering seat's `legal` is
        // exactly what it may send: its own offer is not in it.
        assert_eq!(game.to_move(), Some(seat));
        assert!(!game.legal().contains(&exchange));
        assert!(!game.state(0).legal.contains(&exchange));
        assert_eq!(
            send(&mut game, seat, &exchange).unwrap_err().kind,
            crate::live::refusal::Kind::Forbidden
        );
        for text in game.legal() {
            let mut probe = game.clone();
            let version = probe.version;
            let sent = probe.act(
                Action::Move {
                    seat,
                    text,
                    version,
                },
                0,
            );
            assert!(sent.is_ok(), "{sent:?}");
        }
        // The offering side cannot accept its own offer.
        assert_eq!(
            send(&mut game, ally, &exchange).unwrap_err().kind,
            crate::live::refusal::Kind::Forbidden
        );
        for place in &mut game.seats {
            place.moved = false;
        }
        let played = send(&mut game, opponent, &exchange).unwrap();
        assert!(matches!(played[0].happening, Happening::Move { .. }));
        // Both sides of the exchange have acted: neither may abort now.
        assert!(game.seats[seat].moved && game.seats[opponent].moved);
        assert!(!game.seats[ally].moved);
        assert_eq!(game.table.tokens()[tokens], exchange);
        assert!(game.extra.exchange_offer.is_none());
    }
}
