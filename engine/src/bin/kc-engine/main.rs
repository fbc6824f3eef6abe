//! A UCI engine, the Fairy-Stockfish way: GUIs and match runners drive
//! the agents through `UCI_Variant` and the usual commands.
//!
//! ```text
//! cargo run --release --example engine
//! ```
//!
//! Commands (one a line on standard input; answers on standard output):
//!
//! - `uci`: `id name`, `id author`, the options, then `uciok`. Options:
//!   `UCI_Variant` (`kaissa`, `chaturaji`, `chaturaji-opposite`,
//!   `chaturaji-ludii`), `Agent` (`alphabeta`, `mcts`, `expectimax`,
//!   `greedy`, `random`; by default the variant's strongest: alpha-beta
//!   for Kaissa, MCTS for Chaturaji), `Seed`, `Hash` (MB: alpha-beta's
//!   transposition table, MCTS's tree).
//! - `isready` → `readyok` (also while thinking); `ucinewgame`;
//!   `setoption name <N> value <V>`; `quit`.
//! - `position startpos [moves <T> ...]`, `position fen <position text>
//!   [moves <T> ...]`, with the apply example's tokens: Kaissa `e2e5`,
//!   `H@c1`; Chaturaji `2:h1f3`, `4:pass`, `=K`, `exchange:rh4,be8`.
//! - `go movetime <ms>`, `go nodes <n>` (MCTS: iterations), `go depth <d>`,
//!   `go wtime <ms> btime <ms> [winc <ms>] [binc <ms>] [movestogo <n>]`,
//!   `go infinite` (until `stop`); a bare `go` thinks one second. In
//!   Chaturaji the face rolled comes first: `go roll 3 movetime 100`
//!   (without a roll while a Ludii promotion decision is pending). A clock
//!   is the mover's: Kaissa's Yellow uses `wtime`, Red `btime`; in
//!   Chaturaji Red and Yellow (first and third to move) use `wtime`, Black
//!   and Green `btime`. A move gets the time left divided by `movestogo`
//!   (else 30) plus three quarters of the increment. `depth` bounds
//!   alpha-beta and expectimax (MCTS, which has none, then thinks a
//!   second); `nodes` bounds alpha-beta and MCTS (expectimax then searches
//!   3 plies). The search runs on its own thread: `stop`, `isready` and
//!   `quit` are answered while it thinks.
//! - It answers `info depth <d> score cp <s> nodes <n> nps <r> time <ms>
//!   pv <move> ...` and then `bestmove <move text>` (no face); `bestmove
//!   (none)` when the game is over. Alpha-beta and expectimax also print
//!   such a line as each depth completes, while they think; alpha-beta's
//!   `pv` is its principal variation (the best move, then the replies its
//!   table holds, up to the depth), the others' the best move alone.
//! - `d`: `info string position <position text>`.
//!
//! A malformed or illegal command prints one `info string error: <reason>`
//! line and changes nothing. A command that needs the search to be over
//! (`position`, `go`, `setoption`, `ucinewgame`) waits for a finite one
//! to end, and is such an error during `go infinite`. Lines are at most 1 MiB. The engine runs until `quit` or the end
//! of its input (where it finishes a search under way, or stops an
//! infinite one).

use std::io;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use kaissa_chaturaji::agents::StopFlag;
use kaissa_chaturaji::game::{Chaturaji, Kaissa};

#[path = "support/chaturaji.rs"]
mod chaturaji_cli;

#[path = "engine_support"]
mod engine_support {
    pub mod board;
    pub mod input;
    pub mod limits;
    pub mod settings;
    pub mod thinkers;
}

use engine_support::board::{Board, Session};
use engine_support::input::{self as input, quote, Line};
use engine_support::limits::Limits;
use engine_support::settings::Settings;

/// A search under way on the worker thread.
struct Search {
    thread: JoinHandle<()>,
    /// Raised by `stop`, `quit` or the end of the input.
    stop: StopFlag,
    /// Raised by the worker just before it writes `bestmove`.
    done: StopFlag,
    /// `go infinite`: it waits for `stop`.
    infinite: bool,
}

/// The engine's state between commands.
struct Engine {
    settings: Settings,
    session: Box<dyn Session>,
    search: Option<Search>,
}

/// Prints one answer line (standard output is flushed at each line).
fn say(line: &str) {
    println!("{line}");
}

/// The session of the variant of `settings`, at its start.
fn session(settings: &Settings) -> Box<dyn Session> {
    match settings.rules() {
        None => Box::new(Board::<Kaissa>::new(settings)),
        Some(_) => Box::new(Board::<Chaturaji>::new(settings)),
    }
}

impl Engine {
    fn new() -> Engine {
        let settings = Settings::default();
        Engine {
            session: session(&settings),
            settings,
            search: None,
        }
    }

    /// Waits for the search under way to end (a finite one ends by
    /// itself); an error while an infinite one waits for `stop`.
    fn idle(&mut self, command: &str) -> Result<(), String> {
        match &self.search {
            Some(search) if search.infinite && !search.done.is_raised() => Err(format!(
                "{command}: an infinite search is running (send stop first)"
            )),
            _ => {
                self.finish();
                Ok(())
            }
        }
    }

    /// Joins the worker thread, if any.
    fn finish(&mut self) {
        if let Some(search) = self.search.take() {
            // The worker catches nothing: a panic there is a bug, and the
            // engine goes on without it.
            let _ = search.thread.join();
        }
    }

    /// Stops the search under way, if any, and waits for its `bestmove`.
    fn stop(&mut self) {
        if let Some(search) = &self.search {
            search.stop.raise();
        }
        self.finish();
    }

    /// Runs one command line; `Ok(false)` for `quit`.
    fn command(&mut self, line: &str) -> Result<bool, String> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, args)) = tokens.split_first() else {
            return Ok(true);
        };
        match name {
            "uci" => {
                for line in Settings::uci_lines() {
                    say(&line);
                }
            }
            "isready" => say("readyok"),
            "debug" => {}
            "quit" => {
                self.stop();
                return Ok(false);
            }
            "stop" => self.stop(),
            "ucinewgame" => {
                self.idle(name)?;
                self.session.new_game();
            }
            "setoption" => {
                self.idle(name)?;
                let before = self.settings.clone();
                self.settings.set(args)?;
                if self.settings != before {
                    let position = self.session.text();
                    self.session = session(&self.settings);
                    if self.settings.variant == before.variant {
                        // The agent changed, not the game: keep the position.
                        let fen: Vec<&str> = position.split_whitespace().collect();
                        let args: Vec<&str> = ["fen"].into_iter().chain(fen).collect();
                        self.session.set_position(&args)?;
                    }
                }
            }
            "position" => {
                self.idle(name)?;
                self.session.set_position(args)?;
            }
            "go" => {
                self.idle(name)?;
                let limits = Limits::parse(args)?;
                let stop = StopFlag::new();
                let job = self.session.go(&limits, stop.clone())?;
                let done = StopFlag::new();
                let infinite = limits.infinite;
                let (worker_stop, worker_done) = (stop.clone(), done.clone());
                let thread = thread::Builder::new()
                    .name("search".into())
                    .spawn(move || {
                        let (info, best) = job();
                        if let Some(info) = info {
                            say(&info);
                        }
                        // An infinite search answers only after `stop`.
                        while infinite && !worker_stop.is_raised() {
                            thread::sleep(Duration::from_millis(2));
                        }
                        worker_done.raise();
                        say(&format!("bestmove {best}"));
                    })
                    .map_err(|e| format!("go: no thread for the search: {e}"))?;
                self.search = Some(Search {
                    thread,
                    stop,
                    done,
                    infinite,
                });
            }
            "d" => say(&format!("info string position {}", self.session.text())),
            _ => {
                return Err(format!(
                    "unknown command \"{}\" (uci, isready, ucinewgame, setoption, position, go, stop, quit)",
                    quote(name)
                ))
            }
        }
        Ok(true)
    }

    /// The end of the input: a search under way finishes (an infinite one
    /// is stopped).
    fn end(&mut self) {
        if let Some(search) = &self.search {
            if search.infinite {
                search.stop.raise();
            }
        }
        self.finish();
    }
}

fn main() {
    let mut engine = Engine::new();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    loop {
        let line = match input::next_line(&mut input) {
            Line::Text(line) => line,
            Line::Bad(reason) => {
                say(&format!("info string error: {reason}"));
                continue;
            }
            Line::End => break,
        };
        match engine.command(&line) {
            Ok(true) => {}
            Ok(false) => return,
            Err(reason) => say(&format!("info string error: {reason}")),
        }
    }
    engine.end();
}
