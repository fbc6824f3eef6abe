//! A UCI engine of the engine protocol (`kc-engine`'s) run for one game
//! by `kc-server bot`: started on the game's first move, kept for the
//! game, started again when it dies or misbehaves.
//!
//! Nothing the engine does can stall the bot or fill its memory: its
//! lines are read up to [`MAX_LINE`] bytes each, and every wait has a
//! deadline; an engine that misses one, writes a longer line or closes
//! its output is killed (the next move starts a fresh one).

use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::Instant;

/// The longest line read from an engine (64 KiB).
pub const MAX_LINE: usize = 64 << 10;

/// How long `uci` and `isready` may take to be answered (at most: less
/// when the move has less time).
const HANDSHAKE: Duration = Duration::from_secs(10);

/// Splits an engine command line into words as a shell would for a plain
/// command: blanks separate words; single quotes keep everything; double
/// quotes keep all but `\"` and `\\`; a backslash escapes the next
/// character. No variables, globs or other shell syntax.
///
/// # Errors
///
/// An unclosed quote, a trailing backslash, or no words.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    let unclosed = |q: char| format!("unclosed {q} in the engine command {text:?}");
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(unclosed('\'')),
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
                            Some(c) => w.extend(['\\', c]),
                            None => return Err(unclosed('"')),
                        },
                        Some(c) => w.push(c),
                        None => return Err(unclosed('"')),
                    }
                }
            }
            '\\' => {
                let next = chars
                    .next()
                    .ok_or_else(|| format!("a trailing \\ in the engine command {text:?}"))?;
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

/// The `UCI_Variant` of a game (`kaissa` or `chaturaji`) under its rules
/// (`sheet`, `opposite`, `ludii`).
///
/// # Errors
///
/// A game or rules the engine protocol does not name.
pub fn variant(game: &str, rules: Option<&str>) -> Result<&'static str, String> {
    match (game, rules.unwrap_or("sheet")) {
        ("kaissa", _) => Ok("kaissa"),
        ("chaturaji", "sheet") => Ok("chaturaji"),
        ("chaturaji", "opposite") => Ok("chaturaji-opposite"),
        ("chaturaji", "ludii") => Ok("chaturaji-ludii"),
        (game, rules) => Err(format!("no engine variant for {game} under {rules} rules")),
    }
}

/// A running engine process.
struct Running {
    child: Child,
    stdin: ChildStdin,
    out: BufReader<ChildStdout>,
}

/// The engine of one game: its command, its variant, and its process
/// once started.
pub struct Engine {
    command: Vec<String>,
    variant: &'static str,
    label: String,
    running: Option<Running>,
}

impl Engine {
    /// An engine for `variant`, not started yet; `label` prefixes its log
    /// lines.
    #[must_use]
    pub fn new(command: Vec<String>, variant: &'static str, label: String) -> Engine {
        Engine {
            command,
            variant,
            label,
            running: None,
        }
    }

    /// Whether a process is running (started and not stopped since).
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The engine's move in `position` for the `go` command `go` (the
    /// words after `go`), waited for until `patience` has passed; starts
    /// the engine first if it is not running.
    ///
    /// # Errors
    ///
    /// The engine cannot start, misses a deadline, dies, or answers no
    /// `bestmove`; it is then stopped, and started afresh next time.
    pub async fn best_move(
        &mut self,
        position: &str,
        go: &str,
        patience: Duration,
    ) -> Result<String, String> {
        if self.running.is_none() {
            self.running = Some(self.start(HANDSHAKE.min(patience)).await?);
        }
        let result = self.think(position, go, patience).await;
        if result.is_err() {
            self.stop().await;
        }
        result
    }

    /// Sends `quit`, then kills the process if it has not ended within a
    /// second.
    pub async fn stop(&mut self) {
        let Some(mut running) = self.running.take() else {
            return;
        };
        let _ = send(&mut running.stdin, "quit").await;
        if tokio::time::timeout(Duration::from_secs(1), running.child.wait())
            .await
            .is_err()
        {
            let _ = running.child.kill().await;
        }
    }

    /// Starts the process: `uci`, the variant, `isready`, each answered
    /// within `patience`.
    async fn start(&self, patience: Duration) -> Result<Running, String> {
        let (program, args) = self.command.split_first().ok_or("no engine command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start the engine {program:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no engine input pipe")?;
        let out = BufReader::new(child.stdout.take().ok_or("no engine output pipe")?);
        let mut running = Running { child, stdin, out };
        send(&mut running.stdin, "uci").await?;
        self.until(&mut running, "uciok", Instant::now() + patience)
            .await?;
        let setup = format!(
            "setoption name UCI_Variant value {}\nucinewgame\nisready",
            self.variant
        );
        send(&mut running.stdin, &setup).await?;
        self.until(&mut running, "readyok", Instant::now() + patience)
            .await?;
        eprintln!(
            "kc-server bot: {}: engine {program:?} started ({})",
            self.label, self.variant
        );
        Ok(running)
    }

    /// `position fen ...`, `go ...`, then the `bestmove`.
    async fn think(
        &mut self,
        position: &str,
        go: &str,
        patience: Duration,
    ) -> Result<String, String> {
        let deadline = Instant::now() + patience;
        let mut running = self.running.take().ok_or("the engine is not running")?;
        let result = async {
            if position.contains('\n') {
                return Err("a position text with a line break".to_string());
            }
            send(
                &mut running.stdin,
                &format!("position fen {position}\ngo {go}"),
            )
            .await?;
            let line = self.until(&mut running, "bestmove", deadline).await?;
            line.split_whitespace()
                .nth(1)
                .map(str::to_string)
                .ok_or_else(|| format!("a bestmove line without a move: {line:?}"))
        }
        .await;
        self.running = Some(running);
        result
    }

    /// Reads lines until one whose first word is `word`, before
    /// `deadline`; logs the engine's `info string` lines on the way.
    async fn until(
        &self,
        running: &mut Running,
        word: &str,
        deadline: Instant,
    ) -> Result<String, String> {
        loop {
            let line = tokio::time::timeout_at(deadline, read_line(&mut running.out))
                .await
                .map_err(|_| format!("the engine sent no {word} in time"))??;
            let mut words = line.split_whitespace();
            match words.next() {
                Some(first) if first == word => return Ok(line),
                Some("info") if words.next() == Some("string") => {
                    eprintln!("kc-server bot: {}: engine says: {line}", self.label);
                }
                _ => {}
            }
        }
    }
}

/// Writes `text` and a line break to the engine, and flushes.
async fn send(stdin: &mut ChildStdin, text: &str) -> Result<(), String> {
    stdin
        .write_all(format!("{text}\n").as_bytes())
        .await
        .and(stdin.flush().await)
        .map_err(|e| format!("the engine's input is closed ({e})"))
}

/// One line of at most [`MAX_LINE`] bytes, without its line break.
async fn read_line(out: &mut BufReader<ChildStdout>) -> Result<String, String> {
    let mut line = Vec::new();
    let n = out
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut line)
        .await
        .map_err(|e| format!("reading the engine: {e}"))?;
    if n == 0 {
        return Err("the engine closed its output (it ended)".into());
    }
    if line.len() > MAX_LINE {
        return Err(format!(
            "the engine wrote a line longer than {MAX_LINE} bytes"
        ));
    }
    if line.last() != Some(&b'\n') {
        return Err("the engine closed its output in a line (it ended)".into());
    }
    Ok(String::from_utf8_lossy(&line).trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_as_a_shell_would() {
        assert_eq!(
            split_command(r#"kc-engine --x 'a b' "c \"d\"" e\ f"#).unwrap(),
            ["kc-engine", "--x", "a b", "c \"d\"", "e f"]
        );
        for bad in ["", "  ", "'open", "\"open", "trailing\\"] {
            assert!(split_command(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn variants() {
        assert_eq!(variant("kaissa", None), Ok("kaissa"));
        assert_eq!(variant("chaturaji", Some("sheet")), Ok("chaturaji"));
        assert_eq!(
            variant("chaturaji", Some("opposite")),
            Ok("chaturaji-opposite")
        );
        assert_eq!(variant("chaturaji", Some("ludii")), Ok("chaturaji-ludii"));
        assert!(variant("chess", None).is_err());
    }
}
