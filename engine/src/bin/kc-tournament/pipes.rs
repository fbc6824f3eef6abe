//! An engine's process and its pipes (unix).
//!
//! The engine runs in a process group of its own, so that stopping it
//! stops whatever it started too: the whole group is killed and the
//! engine reaped when it forfeits, when it is dropped, and whenever the
//! runner is done with it. Its pipes are non-blocking and every read and
//! write waits with poll(2) until a deadline, on the runner's own
//! thread: an engine that stops reading its input, or keeps its output
//! open through a child, can hold neither the runner nor a thread.

use std::collections::VecDeque;
use std::io::{self, ErrorKind, Read, Write};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use kaissa_chaturaji_engine::quote_arg;
use kaissa_chaturaji_engine::uci::{Exchange, Heard as Line, LineBuffer, MAX_LINE, QUIT};

/// The most lines read ahead while writing: past them the runner stops
/// reading (and the engine waits on its full pipe) until it writes less.
const QUEUE: usize = 64;
/// How much is read at a time.
const CHUNK: usize = 8192;
/// How long a dropped engine has to quit before its group is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// A deadline and the time it allowed, for the messages.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    /// When the time is up.
    pub at: Instant,
    /// The time allowed.
    pub allowed: Duration,
}

impl Deadline {
    /// `allowed` from now.
    pub fn after(allowed: Duration) -> Deadline {
        Deadline {
            at: Instant::now() + allowed,
            allowed,
        }
    }
}

/// What was heard from the engine: a line, or why reading stopped.
type Heard = Result<String, String>;

/// A running engine: its process (leader of its own group), its input,
/// and its output cut into bounded lines.
pub struct Process {
    child: Child,
    /// `None` once closed.
    stdin: Option<ChildStdin>,
    /// `None` at the end of the output (or once reading stopped).
    stdout: Option<ChildStdout>,
    buffer: LineBuffer,
    heard: VecDeque<Heard>,
    /// Set when the group has been killed and the leader reaped.
    ended: Option<Option<ExitStatus>>,
}

/// Makes `fd` non-blocking.
fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor this process owns, with integer
    // arguments only.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above.
    if unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Waits until one of `fds` is ready or `deadline` passes; `false` when
/// the time is up (or a signal interrupted the wait).
fn poll(fds: &mut [libc::pollfd], deadline: Instant) -> io::Result<bool> {
    let left = deadline.saturating_duration_since(Instant::now());
    let ms = i32::try_from(left.as_micros().div_ceil(1000)).unwrap_or(i32::MAX);
    // SAFETY: `fds` is a valid, exclusively borrowed array of pollfd of
    // the length given.
    let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
    if n < 0 {
        let e = io::Error::last_os_error();
        return if e.kind() == ErrorKind::Interrupted {
            Ok(false)
        } else {
            Err(e)
        };
    }
    Ok(n > 0)
}

/// A pollfd for `fd` waiting for `events`.
fn pollfd(fd: RawFd, events: libc::c_short) -> libc::pollfd {
    libc::pollfd {
        fd,
        events,
        revents: 0,
    }
}

impl Process {
    /// Starts `program` with `args` in a process group of its own, its
    /// standard error discarded.
    pub fn spawn(program: &str, args: &[String]) -> Result<Process, String> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start \"{}\": {e}", quote_arg(program)))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let process = Process {
            child,
            stdin,
            stdout,
            buffer: LineBuffer::new(MAX_LINE),
            heard: VecDeque::new(),
            ended: None,
        };
        let (Some(stdin), Some(stdout)) = (&process.stdin, &process.stdout) else {
            return Err("no pipes to the engine".into());
        };
        for fd in [stdin.as_raw_fd(), stdout.as_raw_fd()] {
            set_nonblocking(fd).map_err(|e| format!("the engine's pipes: {e}"))?;
        }
        Ok(process)
    }

    /// Reads what the engine has written, if anything, into lines.
    fn read_some(&mut self) {
        let Some(stdout) = &mut self.stdout else {
            return;
        };
        let mut chunk = [0u8; CHUNK];
        match stdout.read(&mut chunk) {
            Ok(0) => self.stdout = None,
            Ok(n) => {
                let mut lines = VecDeque::new();
                let fed = self.buffer.feed(&chunk[..n], &mut lines);
                self.heard.extend(lines.into_iter().map(Ok));
                if let Err(too_long) = fed {
                    self.heard.push_back(Err(too_long.to_string()));
                    self.stdout = None;
                }
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {}
            Err(_) => self.stdout = None,
        }
    }

    /// Runs one exchange: sends its lines, then waits for its answer;
    /// returns the answer line. Every step ends by `deadline`.
    pub fn exchange(&mut self, exchange: &Exchange, deadline: Deadline) -> Result<String, String> {
        self.send(&exchange.text(), deadline)?;
        self.until(exchange, deadline)
    }

    /// Writes `text` before `deadline`, reading the engine's output
    /// meanwhile (so that an engine writing while it reads is never
    /// stuck).
    fn send(&mut self, text: &str, deadline: Deadline) -> Result<(), String> {
        let bytes = text.as_bytes();
        let mut written = 0;
        while written < bytes.len() {
            let Some(stdin) = &self.stdin else {
                return Err("the engine's input is closed".into());
            };
            let reading = self.heard.len() < QUEUE;
            let mut fds = vec![pollfd(stdin.as_raw_fd(), libc::POLLOUT)];
            if let (true, Some(stdout)) = (reading, &self.stdout) {
                fds.push(pollfd(stdout.as_raw_fd(), libc::POLLIN));
            }
            if !poll(&mut fds, deadline.at).map_err(|e| format!("poll: {e}"))?
                && Instant::now() >= deadline.at
            {
                return Err(format!(
                    "the engine did not read its input within {} ms",
                    deadline.allowed.as_millis()
                ));
            }
            if fds.get(1).is_some_and(|fd| fd.revents != 0) {
                self.read_some();
            }
            if fds[0].revents != 0 {
                let Some(stdin) = &mut self.stdin else {
                    continue;
                };
                match stdin.write(&bytes[written..]) {
                    Ok(n) => written += n,
                    Err(e)
                        if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {}
                    Err(e) => {
                        self.stdin = None;
                        return Err(format!("the engine's input is closed ({e})"));
                    }
                }
            }
        }
        Ok(())
    }

    /// Reads lines until `exchange`'s answer, before `deadline` (even
    /// while other lines keep coming); returns it.
    fn until(&mut self, exchange: &Exchange, deadline: Deadline) -> Result<String, String> {
        let word = exchange.answer;
        loop {
            while let Some(heard) = self.heard.pop_front() {
                let line = heard?;
                if let Line::Answer(_) = exchange.hear(&line) {
                    return Ok(line);
                }
            }
            let Some(stdout) = &self.stdout else {
                return Err(match self.end() {
                    Some(status) => format!("the engine closed its output ({status})"),
                    None => "the engine closed its output".into(),
                });
            };
            if Instant::now() >= deadline.at {
                return Err(format!(
                    "no '{word}' within {} ms",
                    deadline.allowed.as_millis()
                ));
            }
            let mut fds = [pollfd(stdout.as_raw_fd(), libc::POLLIN)];
            if poll(&mut fds, deadline.at).map_err(|e| format!("poll: {e}"))? {
                self.read_some();
            }
        }
    }

    /// Kills the engine's process group and reaps the engine, once; its
    /// exit status, if it could be had.
    pub fn end(&mut self) -> Option<ExitStatus> {
        if let Some(status) = self.ended {
            return status;
        }
        self.stdin = None;
        // The leader is not reaped yet, so its id still names its group.
        if let Ok(pgid) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: a plain system call on a process group this process
            // started; an error (the group is gone) is harmless.
            unsafe {
                libc::killpg(pgid, libc::SIGKILL);
            }
        }
        let status = self.child.wait().ok();
        self.stdout = None;
        self.heard.clear();
        self.ended = Some(status);
        status
    }
}

impl Drop for Process {
    /// Asks the engine to quit, gives it a moment to end its output, then
    /// kills what is left of its group and reaps it.
    fn drop(&mut self) {
        if self.ended.is_some() {
            return;
        }
        let grace = Deadline::after(QUIT_GRACE);
        if self.send(&format!("{QUIT}\n"), grace).is_ok() {
            self.stdin = None;
            while Instant::now() < grace.at {
                let Some(stdout) = &self.stdout else {
                    break;
                };
                let mut fds = [pollfd(stdout.as_raw_fd(), libc::POLLIN)];
                if poll(&mut fds, grace.at).unwrap_or(false) {
                    self.read_some();
                }
                self.heard.clear();
            }
        }
        self.end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_holds_while_lines_keep_coming() {
        // An engine that never stops writing: the wait ends on time.
        let mut process = Process::spawn("yes", &[]).expect("yes runs");
        let started = Instant::now();
        let waited = process.until(
            &kaissa_chaturaji_engine::uci::hello(),
            Deadline::after(Duration::from_millis(50)),
        );
        assert_eq!(waited, Err("no 'uciok' within 50 ms".to_string()));
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn a_write_the_engine_never_reads_times_out() {
        let mut process = Process::spawn("sleep", &["30".to_string()]).expect("sleep runs");
        let started = Instant::now();
        let line = "x".repeat(1 << 20);
        let sent = process.send(&line, Deadline::after(Duration::from_millis(100)));
        assert_eq!(
            sent,
            Err("the engine did not read its input within 100 ms".to_string())
        );
        assert!(started.elapsed() < Duration::from_secs(2));
        let status = process.end().expect("reaped");
        assert!(!status.success());
    }
}
