//! Engines as players: a UCI engine (the `engine` example's protocol, or
//! Fairy-Stockfish's) run as a child process, each of its moves refereed
//! by our rules.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use kaissa_chaturaji::chaturaji::{Alliances, Move as ChaturajiMove, Rules};
use kaissa_chaturaji::game::{Chaturaji, ChaturajiStep, Game, Kaissa};
use kaissa_chaturaji::kaissa;

use super::games::Mover;

/// How long the handshake and `isready` may take.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// The longest line kept from an engine (the rest is cut).
const MAX_LINE: usize = 4096;

/// How an engine reads positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// Our position texts (the `engine` example).
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
    pub name: String,
    pub program: String,
    pub args: Vec<String>,
    /// `setoption` pairs sent after `uci`, before `UCI_Variant`.
    pub options: Vec<(String, String)>,
    pub notation: Notation,
}

/// Splits a command line into words as a shell would for plain
/// commands: blanks separate words, single quotes keep everything,
/// double quotes keep all but `\"` and `\\`, a backslash escapes the next
/// character. No variables, globs or other shell syntax.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(format!("unclosed ' in the command {text:?}")),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err(format!("unclosed \" in the command {text:?}")),
                        },
                        Some(c) => w.push(c),
                        None => return Err(format!("unclosed \" in the command {text:?}")),
                    }
                }
            }
            '\\' => {
                let next = chars
                    .next()
                    .ok_or_else(|| format!("a trailing \\ in the command {text:?}"))?;
                word.get_or_insert_with(String::new).push(next);
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    if words.is_empty() {
        return Err("an empty engine command".into());
    }
    Ok(words)
}

/// A running engine: its process, input, and output lines.
pub struct Engine {
    spec: EngineSpec,
    /// The `UCI_Variant` value.
    variant: String,
    running: Option<Running>,
    /// Why it could not be started or readied, for the forfeit.
    failure: Option<String>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Running {
    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("the engine's input is closed ({e})"))
    }

    /// Reads lines until one starting with `prefix`, within `patience`;
    /// returns it.
    fn until(&mut self, prefix: &str, patience: Duration) -> Result<String, String> {
        let deadline = Instant::now() + patience;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "no '{}' within {} ms",
                        prefix.trim_end(),
                        patience.as_millis()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.try_wait().ok().flatten();
                    return Err(match status {
                        Some(status) => format!("the engine exited ({status})"),
                        None => "the engine closed its output".into(),
                    });
                }
            }
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `UCI_Variant` of a game (`rules`: Chaturaji's).
pub fn variant_name(rules: Option<Rules>) -> &'static str {
    match rules {
        None => "kaissa",
        Some(rules) if rules.is_ludii() => "chaturaji-ludii",
        Some(rules) if rules.alliances == Alliances::Opposite => "chaturaji-opposite",
        Some(_) => "chaturaji",
    }
}

impl Engine {
    /// An engine not started yet.
    pub fn new(spec: EngineSpec, variant: &str) -> Engine {
        Engine {
            spec,
            variant: variant.to_string(),
            running: None,
            failure: None,
        }
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
            self.running = None;
            self.failure = Some(reason);
        }
    }

    fn ready_for_game(&mut self) -> Result<(), String> {
        let running = self.running.as_mut().ok_or("not running")?;
        running.send("ucinewgame")?;
        running.send("isready")?;
        running.until("readyok", HANDSHAKE).map(|_| ())
    }

    fn start(&self) -> Result<Running, String> {
        let mut child = Command::new(&self.spec.program)
            .args(&self.spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {:?}: {e}", self.spec.program))?;
        let stdout = child.stdout.take().ok_or("no output pipe")?;
        let stdin = child.stdin.take().ok_or("no input pipe")?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match reader.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                buffer.truncate(MAX_LINE);
                let line = String::from_utf8_lossy(&buffer).trim_end().to_string();
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        let mut running = Running {
            child,
            stdin,
            lines,
        };
        running.send("uci")?;
        running.until("uciok", HANDSHAKE)?;
        for (name, value) in &self.spec.options {
            running.send(&format!("setoption name {name} value {value}"))?;
        }
        running.send(&format!(
            "setoption name UCI_Variant value {}",
            self.variant
        ))?;
        running.send("isready")?;
        running.until("readyok", HANDSHAKE)?;
        Ok(running)
    }

    /// Asks for a move: `position fen <text>` then `go <go>`; returns the
    /// `bestmove` argument, or why there is none (the engine is then
    /// stopped, to be started afresh for the next game).
    fn best_move(&mut self, text: &str, go: &str, patience: Duration) -> Result<String, String> {
        let Some(running) = self.running.as_mut() else {
            return Err(match &self.failure {
                Some(reason) => format!("the engine is not ready: {reason}"),
                None => "the engine is not running".into(),
            });
        };
        let answer = running
            .send(&format!("position fen {text}"))
            .and_then(|()| running.send(&format!("go {go}")))
            .and_then(|()| running.until("bestmove", patience));
        match answer {
            Ok(line) => Ok(line
                .split_whitespace()
                .nth(1)
                .unwrap_or_default()
                .to_string()),
            Err(reason) => {
                self.running = None;
                Err(reason)
            }
        }
    }
}

/// At most 32 characters of what an engine wrote, for a message.
fn excerpt(text: &str) -> String {
    let mut out: String = text.chars().take(32).flat_map(char::escape_debug).collect();
    if text.chars().count() > 32 {
        out.push('…');
    }
    out
}

/// What a game needs to be played by an engine.
pub trait UciGame: Game {
    /// The position text for `position fen`.
    fn fen(&self, notation: Notation) -> Result<String, String>;
    /// What comes before the time limit of `go` (Chaturaji's roll).
    fn go_prefix(&self) -> String;
    /// The action a `bestmove` names.
    fn parse_best(&self, text: &str) -> Result<Self::Action, String>;
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

impl UciGame for Kaissa {
    fn fen(&self, notation: Notation) -> Result<String, String> {
        match notation {
            Notation::Ours => Ok(self.position().to_string()),
            Notation::Fairy => fairy_fen(self.position()),
        }
    }

    fn go_prefix(&self) -> String {
        String::new()
    }

    fn parse_best(&self, text: &str) -> Result<kaissa::Move, String> {
        text.parse()
            .map_err(|e| format!("malformed move \"{}\": {e}", excerpt(text)))
    }
}

impl UciGame for Chaturaji {
    fn fen(&self, notation: Notation) -> Result<String, String> {
        match notation {
            Notation::Ours => Ok(self.position().to_string()),
            Notation::Fairy => Err("the fairy notation is for Kaissa only".into()),
        }
    }

    fn go_prefix(&self) -> String {
        match self.pending_roll() {
            Some(roll) => format!("roll {} ", roll.face()),
            None => String::new(),
        }
    }

    fn parse_best(&self, text: &str) -> Result<ChaturajiStep, String> {
        ChaturajiMove::parse(text)
            .map(ChaturajiStep::Move)
            .map_err(|e| format!("malformed move \"{}\": {e}", excerpt(text)))
    }
}

/// An engine moving for its seats: `go movetime`, a move late by more
/// than ten times that plus a second forfeits, as does an illegal or
/// malformed one.
pub struct EngineMover<'a> {
    pub engine: &'a mut Engine,
    pub movetime: u64,
}

impl<G: UciGame> Mover<G> for EngineMover<'_> {
    fn choose(&mut self, game: &G) -> Result<G::Action, String> {
        let text = game.fen(self.engine.spec.notation)?;
        let go = format!("{}movetime {}", game.go_prefix(), self.movetime);
        let patience = Duration::from_millis(self.movetime.saturating_mul(10) + 1000);
        let best = self.engine.best_move(&text, &go, patience)?;
        let action = game.parse_best(&best)?;
        if !game.legal_actions().as_ref().contains(&action) {
            return Err(format!("illegal move {}", excerpt(&best)));
        }
        Ok(action)
    }
}
