//! A game as it is shown: the state every event carries, and the whole
//! game as `GET /api/games/<id>` answers it (never a secret: no token or
//! join secret, and the server seed only once the game is over).

use serde_json::{json, Value};

use crate::live::event::{ClockView, State};
use crate::live::game::Live;
use crate::table::board::BoardView;
use crate::table::game::seat_colours;
use crate::table::result_text::result_text;
use crate::table::status::Status;

impl Live {
    /// The state every event carries and `GET /api/games/<id>` shows.
    #[must_use]
    pub fn state(&self, now_ms: i64) -> State {
        let over = self.status == Status::Over;
        let to_move = self.to_move();
        let legal = self.legal();
        // Aligned with `legal`: the table's actions come first, and the
        // exchanges after them (the one text `legal` may leave out is an
        // exchange) move nothing on the board.
        let mut targets = if to_move.is_some() {
            self.table.targets()
        } else {
            Vec::new()
        };
        targets.resize(legal.len(), None);
        State {
            status: self.status,
            position: self.table.game().to_string(),
            board: BoardView(self.table.game().clone()),
            to_move,
            roll: if to_move.is_some() {
                self.table.pending_roll()
            } else {
                None
            },
            legal,
            targets,
            last_move: self.table.last_move().cloned(),
            outcome: self.outcome_word(),
            termination: self.ending.as_ref().map(|e| e.termination.clone()),
            result_text: result_text(
                &self.outcome_word(),
                self.ending.as_ref().map(|e| e.termination.as_str()),
            ),
            readable: Vec::new(),
            clock: self.clock_view(now_ms),
            scores: self.scores(),
            draw_offers: self.extra.draw_offers.clone(),
            exchange_offer: self.extra.exchange_offer.clone(),
            server_seed: over.then(|| self.server_seed.clone()),
        }
    }

    /// The texts the seat to move may send now: the table's legal list,
    /// less the raja exchange that seat offers itself while the offer is
    /// pending (only a seat of the other alliance may send it then);
    /// empty when no seat is to move.
    #[must_use]
    pub fn legal(&self) -> Vec<String> {
        if self.to_move().is_none() {
            return Vec::new();
        }
        let mut legal = self.table.legal();
        if let Some(offer) = &self.extra.exchange_offer {
            if Some(offer.seat) == self.to_move() {
                legal.retain(|text| *text != offer.exchange);
            }
        }
        legal
    }

    /// The four colours' scores (Red, Black, Yellow, Green), the
    /// library's, under the Ludii ruleset; `None` otherwise.
    #[must_use]
    pub fn scores(&self) -> Option<[u32; 4]> {
        let game = self.table.game().as_chaturaji()?;
        game.rules().is_ludii().then(|| game.position().scores())
    }

    /// The clock as shown: settings, each seat's time now, the running seat.
    fn clock_view(&self, now_ms: i64) -> Option<ClockView> {
        let settings = self.clock?;
        Some(ClockView {
            settings,
            remaining_ms: (0..self.seats.len())
                .map(|seat| self.clock_state.remaining_at(seat, now_ms).max(0))
                .collect(),
            running: self.clock_state.running,
        })
    }

    /// The whole game as `GET /api/games/<id>` answers it.
    #[must_use]
    pub fn view(&self, now_ms: i64) -> Value {
        let variant = self.variant();
        let colours = seat_colours(variant);
        let seats: Vec<Value> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                json!({
                    "seat": i,
                    "colour": colours[i],
                    "kind": seat.kind,
                    "name": seat.name.clone().or_else(|| seat.bot_spec().map(|s| format!("bot {s}"))),
                    "taken": seat.taken(),
                    "moved": seat.moved,
                })
            })
            .collect();
        let mut view = json!({
            "id": self.id,
            "game": variant.game_name(),
            "rules": variant.rules_name(),
            "moves": self.table.tokens(),
            "seats": seats,
            "version": self.version,
            "private": self.extra.private,
            "rated": self.extra.rated,
        });
        let state = serde_json::to_value(self.state(now_ms)).unwrap_or(Value::Null);
        if let (Value::Object(target), Value::Object(state)) = (&mut view, state) {
            let server_seed = state.get("server_seed").cloned().unwrap_or(Value::Null);
            target.extend(state.into_iter().filter(|(k, _)| k != "server_seed"));
            target.insert("readable".into(), json!(self.table.readable()));
            target.insert(
                "dice".into(),
                json!({ "commitment": self.commitment, "seeds": self.seeds, "server_seed": server_seed }),
            );
        }
        view
    }
}
