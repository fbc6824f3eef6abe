//! Engines as players: a UCI engine (kc-engine's protocol, or
//! Fairy-Stockfish's) run as a child process, each of its moves refereed
//! by our rules.
//!
//! Nothing an engine does can stall the runner or fill its memory: its
//! output is read on a thread of its own, in lines of at most
//! [`MAX_LINE`] bytes, through a queue of at most [`QUEUE`] lines, and
//! every wait has a deadline. An engine that misses one, writes a longer
//! line, closes its output or answers nonsense is stopped (killed if it
//! does not quit), and its seat forfeits the game.

use std::io::{ErrorKind, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use kaissa_chaturaji::game::{AnyAction, AnyGame, Game};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji_engine::quote;

/// How long the handshake and each `isready` may take.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// The longest line an engine may write (64 KiB); a longer one forfeits.
pub const MAX_LINE: usize = 64 << 10;
/// The most lines read ahead of the runner: the reader thread waits (and
/// the engine with it, on its full pipe) until the runner takes them.
const QUEUE: usize = 64;
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

/// What the reader thread hands over: a line (without its ending), or
/// why reading stopped.
type Heard = Result<String, String>;

/// Reads `output` into lines of at most [`MAX_LINE`] bytes, sending each
/// to `lines`; stops at the end of the output, a read error, a longer
/// line (reported), or when the receiver is gone.
fn read_lines(mut output: impl Read, lines: SyncSender<Heard>) {
    let mut chunk = [0u8; 8192];
    let mut line = Vec::new();
    loop {
        let n = match output.read(&mut chunk) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        for part in chunk[..n].split_inclusive(|&b| b == b'\n') {
            let (text, ended) = match part.split_last() {
                Some((b'\n', text)) => (text, true),
                _ => (part, false),
            };
            if line.len() + text.len() > MAX_LINE {
                let _ = lines.send(Err(format!(
                    "the engine wrote a line longer than {MAX_LINE} bytes"
                )));
                return;
            }
            line.extend_from_slice(text);
            if ended {
                let heard = String::from_utf8_lossy(&line).trim_end().to_string();
                line.clear();
                if lines.send(Ok(heard)).is_err() {
                    return;
                }
            }
        }
    }
}

/// A running engine: its process, input, and output lines.
struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Heard>,
}

impl Running {
    /// Starts `spec`'s program and its reader thread.
    fn spawn(spec: &EngineSpec) -> Result<Running, String> {
        let mut child = Command::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {:?}: {e}", spec.program))?;
        let stdout = child.stdout.take().ok_or("no output pipe")?;
        let stdin = child.stdin.take().ok_or("no input pipe")?;
        let (sender, lines) = mpsc::sync_channel(QUEUE);
        std::thread::Builder::new()
            .name("engine-output".into())
            .spawn(move || read_lines(stdout, sender))
            .map_err(|e| format!("no thread to read the engine: {e}"))?;
        Ok(Running {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("the engine's input is closed ({e})"))
    }

    /// Reads lines until one whose first word is `word`, within
    /// `patience`; returns it.
    fn until(&mut self, word: &str, patience: Duration) -> Result<String, String> {
        match wait_for(&self.lines, word, Instant::now() + patience) {
            Ok(line) => Ok(line),
            Err(Waited::Timeout) => Err(format!("no '{word}' within {} ms", patience.as_millis())),
            Err(Waited::Failed(reason)) => Err(reason),
            Err(Waited::Closed) => {
                let status = self.child.try_wait().ok().flatten();
                Err(match status {
                    Some(status) => format!("the engine exited ({status})"),
                    None => "the engine closed its output".into(),
                })
            }
        }
    }
}

/// Why [`wait_for`] found no line.
#[derive(Debug, PartialEq)]
enum Waited {
    /// The deadline passed.
    Timeout,
    /// The reader stopped with this reason.
    Failed(String),
    /// The output ended.
    Closed,
}

/// Takes lines from `lines` until one whose first word is `word`, and
/// returns it; gives up at `deadline` even while lines keep coming.
fn wait_for(lines: &Receiver<Heard>, word: &str, deadline: Instant) -> Result<String, Waited> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Waited::Timeout);
        }
        match lines.recv_timeout(left) {
            Ok(Ok(line)) if line.split_ascii_whitespace().next() == Some(word) => return Ok(line),
            Ok(Ok(_)) => {}
            Ok(Err(reason)) => return Err(Waited::Failed(reason)),
            Err(RecvTimeoutError::Timeout) => return Err(Waited::Timeout),
            Err(RecvTimeoutError::Disconnected) => return Err(Waited::Closed),
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

/// An engine seat's process, started on first use and restarted for the
/// game after one it failed.
pub struct Engine {
    spec: EngineSpec,
    /// The `UCI_Variant` value.
    variant: &'static str,
    running: Option<Running>,
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
        let mut running = Running::spawn(&self.spec)?;
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

    /// The engine's move for `game` (at a player node) in `movetime`
    /// milliseconds: `position fen <text>`, `go [roll R] movetime MS`,
    /// and a legal `bestmove` within the move time plus a margin (as much
    /// again, at least a second). Any failure is the reason its seat
    /// forfeits; the engine is then stopped, to be started afresh for the
    /// next game.
    pub fn choose(&mut self, game: &AnyGame, movetime: u64) -> Result<AnyAction, String> {
        let answer = self.ask(game, movetime);
        if answer.is_err() {
            self.running = None;
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
            .map(|roll| format!("roll {} ", roll.face()))
            .unwrap_or_default();
        let time = Duration::from_millis(movetime);
        let patience = time + time.max(MIN_MARGIN);
        running.send(&format!("position fen {text}"))?;
        running.send(&format!("go {roll}movetime {movetime}"))?;
        let line = running.until("bestmove", patience)?;
        let best = line.split_ascii_whitespace().nth(1).unwrap_or_default();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line the reader hands over, and how it stopped.
    fn heard(bytes: &[u8]) -> Vec<Heard> {
        let (sender, receiver) = mpsc::sync_channel(QUEUE);
        let bytes = bytes.to_vec();
        std::thread::spawn(move || read_lines(&bytes[..], sender));
        receiver.iter().collect()
    }

    #[test]
    fn lines_are_split_and_bounded() {
        assert_eq!(
            heard(b"uciok\r\nreadyok\nbestmove e2e5"),
            [Ok("uciok".to_string()), Ok("readyok".to_string())]
        );
        let mut long = vec![b'x'; MAX_LINE];
        long.push(b'\n');
        assert_eq!(heard(&long).len(), 1);
        long.insert(0, b'x');
        let got = heard(&long);
        assert_eq!(got.len(), 1);
        assert!(got[0].as_ref().is_err_and(|e| e.contains("longer than")));
    }

    #[test]
    fn a_deadline_holds_while_lines_keep_coming() {
        let (sender, receiver) = mpsc::sync_channel(QUEUE);
        for _ in 0..QUEUE {
            sender.send(Ok("y".to_string())).unwrap();
        }
        // Lines are waiting, none the one wanted, and the time is up:
        // nothing more is read.
        let waited = wait_for(&receiver, "uciok", Instant::now());
        assert_eq!(waited, Err(Waited::Timeout));
        assert_eq!(receiver.try_iter().count(), QUEUE);
        // An engine that never stops writing: the wait ends on time.
        std::thread::spawn(move || while sender.send(Ok("y".to_string())).is_ok() {});
        let started = Instant::now();
        let waited = wait_for(&receiver, "uciok", started + Duration::from_millis(50));
        assert_eq!(waited, Err(Waited::Timeout));
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn commands_split_as_a_shell_would() {
        assert_eq!(
            split_command(r#"sh -c 'echo "a b"' "x\"y" z\ w"#).unwrap(),
            ["sh", "-c", "echo \"a b\"", "x\"y", "z w"]
        );
        assert!(split_command("'open").is_err());
        assert!(split_command("  ").is_err());
    }
}
