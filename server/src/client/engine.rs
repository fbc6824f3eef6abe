//! A UCI engine of the engine protocol (`kc-engine`'s) run for one game
//! by `kc-server bot`: started on the game's first move, kept for the
//! game, started again when it dies or misbehaves.
//!
//! The protocol itself (the command line's words, the exchanges of a
//! session, the `bestmove` line, the bounded lines of the engine's
//! output) is the engine package's `kaissa_chaturaji_engine::uci`, which
//! the match runner shares; this is its tokio transport. Nothing the
//! engine does can stall the bot or fill its memory: its lines are read
//! up to [`MAX_LINE`] bytes each, and every exchange has a deadline; an
//! engine that misses one, writes a longer line or closes its output is
//! killed, with every process it started on unix (it runs in a process
//! group of its own), and the next move starts a fresh one.

use std::collections::VecDeque;
use std::process::Stdio;
use std::time::Duration;

use kaissa_chaturaji::game::Variant;
use kaissa_chaturaji_engine::uci::{self, Exchange, Heard, LineBuffer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::Instant;

pub use kaissa_chaturaji_engine::uci::{split_command, MAX_LINE};

/// How long `uci` and `isready` may take to be answered (at most: less
/// when the move has less time).
const HANDSHAKE: Duration = Duration::from_secs(10);

/// How much of the engine's output is read at a time.
const CHUNK: usize = 8192;

/// A running engine process and its output cut into lines.
struct Running {
    child: Child,
    stdin: ChildStdin,
    out: ChildStdout,
    buffer: LineBuffer,
    lines: VecDeque<String>,
}

impl Running {
    /// The next line of the engine's output.
    async fn next_line(&mut self) -> Result<String, String> {
        loop {
            if let Some(line) = self.lines.pop_front() {
                return Ok(line);
            }
            let mut chunk = [0u8; CHUNK];
            let n = self
                .out
                .read(&mut chunk)
                .await
                .map_err(|e| format!("reading the engine: {e}"))?;
            if n == 0 {
                return Err("the engine closed its output (it ended)".into());
            }
            self.buffer
                .feed(&chunk[..n], &mut self.lines)
                .map_err(|e| e.to_string())?;
        }
    }

    /// Kills the engine's process group (unix) and the engine, and reaps
    /// it.
    async fn kill(&mut self) {
        #[cfg(unix)]
        if let Some(pgid) = self
            .child
            .id()
            .and_then(|id| libc::pid_t::try_from(id).ok())
        {
            // SAFETY: a plain system call on the process group this
            // process started; the leader is not reaped yet (its id is
            // known), so the id still names that group.
            unsafe {
                libc::killpg(pgid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill().await;
    }
}

/// The engine of one game: its command, its variant, and its process
/// once started.
pub struct Engine {
    command: Vec<String>,
    variant: Variant,
    label: String,
    running: Option<Running>,
}

impl Engine {
    /// An engine for `variant`, not started yet; `label` prefixes its log
    /// lines.
    #[must_use]
    pub fn new(command: Vec<String>, variant: Variant, label: String) -> Engine {
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
        let result = async {
            if self.running.is_none() {
                self.running = Some(self.start(HANDSHAKE.min(patience)).await?);
            }
            let think = uci::think(position, go)?;
            let line = self.exchange(&think, Instant::now() + patience).await?;
            uci::best_move(&line).map(str::to_string)
        }
        .await;
        if result.is_err() {
            self.stop().await;
        }
        result
    }

    /// Sends `quit`, gives the engine a second to end its output, then
    /// kills what is left of it (its process group on unix) and reaps it.
    pub async fn stop(&mut self) {
        let Some(mut running) = self.running.take() else {
            return;
        };
        let quit = async {
            send(&mut running.stdin, &format!("{}\n", uci::QUIT)).await?;
            while running.next_line().await.is_ok() {}
            Ok::<(), String>(())
        };
        let _ = tokio::time::timeout(Duration::from_secs(1), quit).await;
        running.kill().await;
    }

    /// Starts the process: `uci`, the variant, `ucinewgame` and
    /// `isready`, each answered within `patience`.
    async fn start(&self, patience: Duration) -> Result<Running, String> {
        let (program, args) = self.command.split_first().ok_or("no engine command")?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        #[cfg(unix)]
        command.process_group(0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start the engine {program:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no engine input pipe")?;
        let out = child.stdout.take().ok_or("no engine output pipe")?;
        let mut running = Running {
            child,
            stdin,
            out,
            buffer: LineBuffer::new(MAX_LINE),
            lines: VecDeque::new(),
        };
        let handshake = async {
            for exchange in [
                uci::hello(),
                uci::setup(self.variant.name(), &[])?,
                uci::new_game(),
            ] {
                run(
                    &mut running,
                    &exchange,
                    Instant::now() + patience,
                    &self.label,
                )
                .await?;
            }
            Ok::<(), String>(())
        }
        .await;
        if let Err(reason) = handshake {
            running.kill().await;
            return Err(reason);
        }
        eprintln!(
            "kc-server bot: {}: engine {program:?} started ({})",
            self.label, self.variant
        );
        Ok(running)
    }

    /// One exchange with the running engine, by `deadline`.
    async fn exchange(&mut self, exchange: &Exchange, deadline: Instant) -> Result<String, String> {
        let running = self.running.as_mut().ok_or("the engine is not running")?;
        run(running, exchange, deadline, &self.label).await
    }
}

/// Sends `exchange`'s lines and reads lines until its answer, before
/// `deadline`; logs the engine's `info string` lines on the way.
async fn run(
    running: &mut Running,
    exchange: &Exchange,
    deadline: Instant,
    label: &str,
) -> Result<String, String> {
    let word = exchange.answer;
    let late = || format!("the engine sent no {word} in time");
    tokio::time::timeout_at(deadline, send(&mut running.stdin, &exchange.text()))
        .await
        .map_err(|_| format!("the engine did not read its input in time (waiting for {word})"))??;
    loop {
        let line = tokio::time::timeout_at(deadline, running.next_line())
            .await
            .map_err(|_| late())??;
        match exchange.hear(&line) {
            Heard::Answer(_) => return Ok(line),
            Heard::Says(text) => eprintln!("kc-server bot: {label}: engine says: {text}"),
            Heard::Other => {}
        }
    }
}

/// Writes `text` to the engine, and flushes.
async fn send(stdin: &mut ChildStdin, text: &str) -> Result<(), String> {
    stdin
        .write_all(text.as_bytes())
        .await
        .and(stdin.flush().await)
        .map_err(|e| format!("the engine's input is closed ({e})"))
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

    /// Whether process `pid` is alive (not gone, not a zombie).
    #[cfg(target_os = "linux")]
    fn alive(pid: &str) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| Some(stat[stat.rfind(')')? + 1..].trim_start().starts_with('Z')))
            .is_some_and(|zombie| !zombie)
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn a_stopped_engine_leaves_nothing_it_started() {
        // An engine that starts a long-lived child and ignores `quit`.
        let dir = std::env::temp_dir().join(format!("kc-bot-engine-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let children = dir.join("children");
        let script = dir.join("engine.sh");
        std::fs::write(
            &script,
            format!(
                "sleep 600 &\necho $! > '{}'\nwhile read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) echo 'bestmove e2e5';; esac; done\n",
                children.display()
            ),
        )
        .unwrap();
        let command = vec!["sh".to_string(), script.display().to_string()];
        let mut engine = Engine::new(command, Variant::Kaissa, "test".into());
        let best = engine
            .best_move("position text", "movetime 10", Duration::from_secs(20))
            .await;
        engine.stop().await;
        let child = std::fs::read_to_string(&children).unwrap();
        let child = child.trim();
        // A killed process is gone once the kernel has delivered the
        // signal: give it a moment on a loaded machine.
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while alive(child) && std::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let survived = alive(child);
        if survived {
            let _ = std::process::Command::new("kill")
                .args(["-9", child])
                .status();
        }
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(best, Ok("e2e5".to_string()));
        assert!(!survived, "the engine's child survived it");
    }
}
