//! A game's events as types: what happened ([`Happening`], its `type` and
//! its own fields) and the game's [`State`] after it. An event is
//! serialised once, when it is committed, and that text goes to every
//! listener and into storage.

use serde::Serialize;

use crate::table::board::BoardView;
use crate::table::clock::ClockConfig;
use crate::table::exchange::ExchangeOffer;
use crate::table::game::{Squares, Target};
use crate::table::status::Status;

/// What happened to a game; serialised with its `type`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Happening {
    /// A seat was taken.
    Join {
        /// The seat.
        seat: usize,
        /// Its shown name.
        name: Option<String>,
        /// Whether the game started with it.
        started: bool,
    },
    /// The game started (every seat a bot's).
    Start,
    /// A move was played, then the server's own plays (rolls' forced
    /// passes, the next roll).
    Move {
        /// The seat that moved.
        seat: usize,
        /// The token stored (`e2e5`, `2:h1f3`, `exchange:rh4,be8`).
        #[serde(rename = "move")]
        token: String,
        /// The server's plays after it, in order.
        auto: Vec<String>,
    },
    /// A seat resigned.
    Resign {
        /// The seat.
        seat: usize,
    },
    /// A seat offered (or accepted) a draw.
    Draw {
        /// The seat.
        seat: usize,
        /// The seats offering a draw now.
        offers: Vec<usize>,
        /// Whether every seat agreed (the game is drawn).
        agreed: bool,
    },
    /// A seat aborted the game.
    Abort {
        /// The seat.
        seat: usize,
    },
    /// A seat's chat line.
    Chat {
        /// The seat.
        seat: usize,
        /// Its shown name.
        name: Option<String>,
        /// The line.
        text: String,
    },
    /// A seat ran out of time.
    Flag {
        /// The seat.
        seat: usize,
    },
    /// The seat to move offered a raja exchange.
    ExchangeOffer {
        /// The seat.
        seat: usize,
        /// The exchange's token.
        exchange: String,
    },
}

impl Happening {
    /// Its `type` word: `join`, `start`, `move`, `resign`, `draw`,
    /// `abort`, `chat`, `flag` or `exchange-offer`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Happening::Join { .. } => "join",
            Happening::Start => "start",
            Happening::Move { .. } => "move",
            Happening::Resign { .. } => "resign",
            Happening::Draw { .. } => "draw",
            Happening::Abort { .. } => "abort",
            Happening::Chat { .. } => "chat",
            Happening::Flag { .. } => "flag",
            Happening::ExchangeOffer { .. } => "exchange-offer",
        }
    }

    /// Whether it may change whose turn it is (and so what a bot or a
    /// clock does next).
    #[must_use]
    pub fn turns(&self) -> bool {
        matches!(
            self,
            Happening::Move { .. } | Happening::Start | Happening::Join { .. }
        )
    }
}

/// The clock as shown: settings, each seat's time now, the running seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// The clock's settings.
    pub settings: ClockConfig,
    /// Each seat's time left, in milliseconds.
    pub remaining_ms: Vec<i64>,
    /// The seat whose time runs.
    pub running: Option<usize>,
}

/// The state every event carries and `GET /api/games/<id>` shows (never
/// a secret: the server seed only once the game is over).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct State {
    /// Waiting, playing or over.
    pub status: Status,
    /// The position text.
    pub position: String,
    /// The pieces as the page draws them.
    pub board: BoardView,
    /// The seat to move.
    pub to_move: Option<usize>,
    /// The face the die shows for it (Chaturaji).
    pub roll: Option<u8>,
    /// The texts the seat to move may send now.
    pub legal: Vec<String>,
    /// The squares of each of them that moves on the board, in the same
    /// order (`[from, to]`, or null).
    pub targets: Vec<Option<Target>>,
    /// The squares of the last move on the board.
    pub last_move: Option<Squares>,
    /// The outcome word.
    pub outcome: String,
    /// How it ended, once over.
    pub termination: Option<String>,
    /// The result in words, once over ("Yellow wins by resignation").
    pub result_text: Option<String>,
    /// The readable text of the tokens this event added (its move, then
    /// the server's plays), aligned with them; `GET /api/games/<id>`
    /// gives the whole list, aligned with `moves`.
    pub readable: Vec<String>,
    /// The clock.
    pub clock: Option<ClockView>,
    /// The four colours' scores under the Ludii ruleset.
    pub scores: Option<[u32; 4]>,
    /// The seats offering a draw.
    pub draw_offers: Vec<usize>,
    /// The raja exchange offered.
    pub exchange_offer: Option<ExchangeOffer>,
    /// The server seed, once the game is over.
    pub server_seed: Option<String>,
}

/// One event of a game: its version, what happened, and the state after.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameEvent {
    /// The game's version after it (set when it is committed).
    pub version: i64,
    /// What happened.
    #[serde(flatten)]
    pub happening: Happening,
    /// The game after it.
    #[serde(flatten)]
    pub state: State,
}

impl GameEvent {
    /// The event as JSON text, as it is stored and sent.
    ///
    /// # Errors
    ///
    /// Never for these types; a message if serialisation fails.
    pub fn to_json(&self) -> Result<String, String> {
        serde_json::to_string(self).map_err(|e| e.to_string())
    }
}
