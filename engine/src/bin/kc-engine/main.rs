//! kc-engine: a UCI engine, the Fairy-Stockfish way: GUIs and match
//! runners drive the agents through `UCI_Variant` and the usual commands.
//!
//! ```text
//! cargo install --path engine    # then: kc-engine
//! cargo run --release -p kaissa-chaturaji-engine --bin kc-engine
//! ```
//!
//! Commands (one a line on standard input; answers on standard output;
//! words are separated by ASCII spaces and tabs only):
//!
//! - `uci`: `id name`, `id author`, the options, then `uciok`. Options:
//!   `UCI_Variant` (`kaissa`, `chaturaji`, `chaturaji-opposite`,
//!   `chaturaji-ludii`), `Agent` (`alphabeta`, `mcts`, `expectimax`,
//!   `greedy`, `random`, or any agent spec such as `mcts:2000`, whose
//!   budget a bare `go` uses; by default the variant's strongest:
//!   alpha-beta for Kaissa, MCTS for Chaturaji), `Seed`, `Hash` (MB:
//!   alpha-beta's transposition table, MCTS's tree). The agent and its
//!   tables are made when an option changes, and cleared by
//!   `ucinewgame`; a `go` never resizes them.
//! - `isready` → `readyok` (also while thinking); `ucinewgame`;
//!   `setoption name <N> value <V>`; `quit`.
//! - `position startpos [moves <T> ...]`, `position fen <position text>
//!   [moves <T> ...]`, with the apply example's tokens: Kaissa `e2e5`,
//!   `H@c1`; Chaturaji `2:h1f3`, `4:pass`, `=K`, `exchange:rh4,be8`.
//!   While a search runs it sets the position of the next `go`.
//! - `go movetime <ms>`, `go nodes <n>` (MCTS: iterations), `go depth <d>`,
//!   `go wtime <ms> btime <ms> [winc <ms>] [binc <ms>] [movestogo <n>]`,
//!   `go infinite` (until `stop`); every bound given applies. A bare `go`
//!   thinks within the agent's budget (its spec's, else one second). In
//!   Chaturaji the face rolled comes first: `go roll 3 movetime 100`
//!   (without a roll while a Ludii promotion decision is pending). A clock
//!   is the mover's: Kaissa's Yellow uses `wtime`, Red `btime`; in
//!   Chaturaji Red and Yellow (first and third to move) use `wtime`, Black
//!   and Green `btime`; a move gets the library's share of it
//!   (`agents::Clock::move_time`). A bound the agent cannot honour is an
//!   error: a depth for MCTS, a depth over 3 for expectimax in Kaissa
//!   (over 8 in Chaturaji). The search runs on its own thread: `stop`,
//!   `isready`, `position` and `quit` are answered while it thinks.
//! - It answers `info depth <d> score cp <s> nodes <n> nps <r> time <ms>
//!   pv <move> ...` for each iteration the agent completes and for the
//!   result, then `bestmove <move text>` (no face); `bestmove (none)` when
//!   the game is over.
//! - `d`: `info string position <position text>`.
//!
//! A malformed or illegal command prints one `info string error: <reason>`
//! line and changes nothing; so does a `go`, `setoption` or `ucinewgame`
//! while a search runs (send `stop` first, or wait for its `bestmove`).
//! Lines are at most 1 MiB. The engine runs until `quit` or the end of
//! its input, where it stops a search under way and exits after its
//! `bestmove`; when its output is closed (a write fails), it stops a
//! search under way and exits quietly (status 0) at its next command.

use std::io::{self, Write};

use kaissa_chaturaji::agents::{Agent, StopFlag};
use kaissa_chaturaji::game::{Actor, AnyGame, Game};
use kaissa_chaturaji_engine::quote;

mod go;
mod input;
mod options;
mod output;
mod position;
mod search;

use go::Go;
use input::{words, Line};
use options::{EngineAgent, Settings};
use search::Search;

pub use output::say;

/// The engine's state between commands.
struct Engine {
    settings: Settings,
    /// The position `go` searches.
    game: AnyGame,
    /// The agent, when no search holds it (`None` too if a search
    /// failed: a new one is made at the next `go`).
    agent: Option<EngineAgent>,
    search: Option<Search>,
}

impl Engine {
    fn new() -> Result<Engine, String> {
        let settings = Settings::default();
        let game = settings.start();
        let agent = settings.agent(&game)?;
        Ok(Engine {
            settings,
            game,
            agent: Some(agent),
            search: None,
        })
    }

    /// Makes sure no search holds the agent: a search that was stopped or
    /// has answered is waited for (briefly); one still thinking is an
    /// error for `command`.
    fn idle(&mut self, command: &str) -> Result<(), String> {
        match &self.search {
            Some(search) if !search.is_ending() => Err(format!(
                "{command}: a search is running (send stop first, or wait for its bestmove)"
            )),
            _ => {
                self.finish();
                Ok(())
            }
        }
    }

    /// Waits for the search under way, if any, and takes the agent back.
    fn finish(&mut self) {
        if let Some(search) = self.search.take() {
            self.agent = search.join();
        }
    }

    /// Stops the search under way, if any, and waits for its `bestmove`.
    fn stop_and_finish(&mut self) {
        if let Some(search) = &self.search {
            search.stop();
        }
        self.finish();
    }

    /// The agent, made afresh if a failed search lost it.
    fn agent(&mut self) -> Result<&mut EngineAgent, String> {
        if self.agent.is_none() {
            self.agent = Some(self.settings.agent(&self.game)?);
        }
        self.agent.as_mut().ok_or_else(|| "no agent".into())
    }

    /// `setoption`: the new settings' agent is made now (its tables
    /// sized), for the same position when the variant stays.
    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        self.idle("setoption")?;
        let next = self.settings.set(args)?;
        if next == self.settings {
            return Ok(());
        }
        let game = if next.variant == self.settings.variant {
            self.game.clone()
        } else {
            next.start()
        };
        // Whether the agent plays the game, before the old agent's tables
        // are let go (so that the two are never held at once).
        next.check(&game).map_err(|e| format!("setoption: {e}"))?;
        self.agent = None;
        self.agent = Some(next.agent(&game)?);
        self.settings = next;
        self.game = game;
        Ok(())
    }

    /// `go`: the search starts on its own thread.
    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        self.idle("go")?;
        let request = Go::parse(args)?;
        if self.game.actor() == Actor::Over {
            say(&format!(
                "info string the game is over: {}",
                self.game.outcome().word()
            ));
            say("bestmove (none)");
            return Ok(());
        }
        let game = position::to_move(&self.game, request.roll)?;
        let stop = StopFlag::new();
        let limit = request
            .limit(position::clock_of(&game))
            .with_stop(stop.clone());
        let agent = self.agent()?;
        agent.check(&limit).map_err(|e| format!("go: {e}"))?;
        let agent = self.agent.take().ok_or("no agent")?;
        self.search = Some(Search::start(agent, game, limit, stop)?);
        Ok(())
    }

    /// Runs one command line; `Ok(false)` for `quit`.
    fn command(&mut self, line: &str) -> Result<bool, String> {
        let words = words(line);
        let Some((&name, args)) = words.split_first() else {
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
                self.stop_and_finish();
                return Ok(false);
            }
            "stop" => {
                if let Some(search) = &self.search {
                    search.stop();
                }
            }
            "ucinewgame" => {
                self.idle(name)?;
                self.game = self.settings.start();
                self.agent()?.reset();
            }
            "setoption" => self.set_option(args)?,
            "position" => self.game = position::read(&self.settings.start(), args)?,
            "go" => self.go(args)?,
            "d" => say(&format!("info string position {}", self.game)),
            _ => {
                return Err(format!(
                    "unknown command \"{}\" (uci, isready, ucinewgame, setoption, position, go, stop, quit)",
                    quote(name)
                ))
            }
        }
        Ok(true)
    }
}

fn main() {
    let mut engine = match Engine::new() {
        Ok(engine) => engine,
        Err(reason) => {
            let _ = writeln!(io::stderr(), "kc-engine: {reason}");
            std::process::exit(1);
        }
    };
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
        if output::is_gone() {
            // No one reads the answers any more: stop quietly.
            break;
        }
    }
    // The end of the input: a search under way is stopped and answers.
    engine.stop_and_finish();
}
