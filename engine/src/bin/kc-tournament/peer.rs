//! Engines as players: a UCI engine (kc-engine's protocol, or
//! Fairy-Stockfish's) run as a child process, each of its moves refereed
//! by our rules.
//!
//! Nothing an engine does can stall the runner or fill its memory: its
//! output is read in lines of at most 64 KiB, and every read and write
//! has a deadline (see [`crate::pipes`]). An engine that misses one,
//! writes a longer line, closes its output or answers nonsense is
//! stopped, with every process it started, and its seat forfeits the
//! game.

use std::time::Duration;

use kaissa_chaturaji::game::{AnyAction, AnyGame, Game};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji_engine::{quote, uci};

use crate::pipes::{Deadline, Process};

/// How long the handshake and each `isready` may take.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// The least time an engine is given beyond its move time.
const MIN_MARGIN: Duration = Duration::from_secs(1);

/// How an engine reads positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// Our position texts (kc-engine).
    Ours,
    /// Fairy-Stockfish's FEN for Kaissa after the Home Stone window
    /// (`scripts/fairy/kaissa.ini`): the board as ours, `w`/`b` for
    /// Yellow/Red, no castling or en passant, the turn as the fullmove
    /// number. Moves are the same text.
    Fairy,
}

/// An engine declared with `--engine NAME=COMMAND`, and its options.
#[derive(Debug, Clone)]
pub struct EngineSpec {
    /// Its name in `--seats engine:NAME`.
    pub name: String,
    /// The program to run.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// `setoption` pairs sent after `uci`, before `UCI_Variant`.
    pub options: Vec<(String, String)>,
    /// How it reads positions.
    pub notation: Notation,
}

/// An engine seat's process, started on first use and restarted for the
/// game after one it failed.
pub struct Engine {
    spec: EngineSpec,
    /// The `UCI_Variant` value.
    variant: &'static str,
    running: Option<Process>,
    /// Why it could not be started or readied, for the forfeit.
    failure: Option<String>,
}

impl Engine {
    /// An engine not started yet, to play `variant`.
    pub fn new(spec: EngineSpec, variant: &'static str) -> Engine {
        Engine {
            spec,
            variant,
            running: None,
            failure: None,
        }
    }

    /// The engine's name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// Starts the engine if it is not running, and readies it for a new
    /// game; a failure is kept for the forfeit at its first move.
    pub fn new_game(&mut self) {
        self.failure = None;
        if self.running.is_none() {
            match self.start() {
                Ok(running) => self.running = Some(running),
                Err(reason) => {
                    self.failure = Some(reason);
                    return;
                }
            }
        }
        if let Err(reason) = self.ready_for_game() {
            self.stop();
            self.failure = Some(reason);
        }
    }

    /// Stops the engine at once: its process group is killed and it is
    /// reaped (it is started afresh for the next game).
    fn stop(&mut self) {
        if let Some(mut running) = self.running.take() {
            running.end();
        }
    }

    fn ready_for_game(&mut self) -> Result<(), String> {
        let running = self.running.as_mut().ok_or("not running")?;
        running
            .exchange(&uci::new_game(), Deadline::after(HANDSHAKE))
            .map(|_| ())
    }

    /// Starts the process: `uci`, then the options, the variant and
    /// `isready`, each exchange within [`HANDSHAKE`].
    fn start(&self) -> Result<Process, String> {
        let setup = uci::setup(self.variant, &self.spec.options)?;
        let mut running = Process::spawn(&self.spec.program, &self.spec.args)?;
        let handshake = running
            .exchange(&uci::hello(), Deadline::after(HANDSHAKE))
            .and_then(|_| running.exchange(&setup, Deadline::after(HANDSHAKE)));
        if let Err(reason) = handshake {
            running.end();
            return Err(reason);
        }
        Ok(running)
    }

    /// The engine's move for `game` (at a player node) in `movetime`
    /// milliseconds: `position fen <text>`, `go [roll R] movetime MS`,
    /// and a legal `bestmove` within the move time plus a margin (as much
    /// again, at least a second). Any failure is the reason its seat
    /// forfeits; the engine is then stopped, to be started afresh for the
    /// next game.
    pub fn choose(&mut self, game: &AnyGame, movetime: u64) -> Result<AnyAction, String> {
        let answer = self.ask(game, movetime);
        if answer.is_err() {
            self.stop();
        }
        answer
    }

    fn ask(&mut self, game: &AnyGame, movetime: u64) -> Result<AnyAction, String> {
        let Some(running) = self.running.as_mut() else {
            return Err(match &self.failure {
                Some(reason) => format!("the engine is not ready: {reason}"),
                None => "the engine is not running".into(),
            });
        };
        let text = match (self.spec.notation, game.as_kaissa()) {
            (Notation::Fairy, Some(kaissa)) => fairy_fen(kaissa.position())?,
            (Notation::Fairy, None) => return Err("the fairy notation is Kaissa's only".into()),
            (Notation::Ours, _) => game.to_string(),
        };
        let roll = game
            .as_chaturaji()
            .and_then(|game| game.pending_roll())
            .map(|roll| roll.face());
        let time = Duration::from_millis(movetime);
        let think = uci::think(&text, &uci::go_args(roll, movetime))?;
        let line = running.exchange(&think, Deadline::after(time + time.max(MIN_MARGIN)))?;
        let best = uci::best_move(&line)?;
        let action = game
            .parse_action(best)
            .map_err(|e| format!("malformed move \"{}\": {e}", quote(best)))?;
        if !game.legal_actions().as_ref().contains(&action) {
            return Err(format!("illegal move {}", quote(best)));
        }
        Ok(action)
    }
}

/// Our Kaissa text in Fairy-Stockfish's FEN (see [`Notation::Fairy`]).
pub fn fairy_fen(pos: &kaissa::Position) -> Result<String, String> {
    let text = pos.to_string();
    let fields: Vec<&str> = text.split(' ').collect();
    let [board, side, turn, hand] = fields[..] else {
        return Err(format!("unexpected position text {text:?}"));
    };
    if hand != "-" {
        return Err(format!(
            "the fairy notation has no Home Stone in hand: {text:?} (start from openings after turn 10)"
        ));
    }
    let side = if side == "y" { "w" } else { "b" };
    Ok(format!("{board} {side} - - 0 {turn}"))
}
