//! The protocol's side that drives an engine, without any input or
//! output of its own: how an engine's command line is split into words,
//! the exchanges of a session (the lines sent, the answer awaited), how
//! a `bestmove` line is read, and how the engine's output is cut into
//! bounded lines. The match runner (`kc-tournament`, blocking pipes) and
//! `kc-server bot` (tokio) are each a thin transport over these.
//!
//! A session: [`hello`] (`uci`, answered by `uciok`), [`setup`] (the
//! options and the variant, then `isready`), for each game [`new_game`],
//! for each move [`think`] (`position` and `go`, answered by
//! `bestmove`, whose move [`best_move`] reads), and last [`QUIT`].
//!
//! ```
//! use kaissa_chaturaji_engine::uci::{self, Heard};
//! let hello = uci::hello();
//! assert_eq!(hello.text(), "uci\n");
//! assert_eq!(hello.hear("id name x"), Heard::Other);
//! assert_eq!(hello.hear("uciok"), Heard::Answer("uciok"));
//! let move_ = uci::think("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh", &uci::go_args(None, 100))?;
//! assert!(move_.text().ends_with("\ngo movetime 100\n"));
//! assert_eq!(uci::best_move("bestmove e2e5 ponder e9e7")?, "e2e5");
//! # Ok::<(), String>(())
//! ```

use std::collections::VecDeque;

use crate::quote_arg;

/// The last line sent to an engine: it should then exit.
pub const QUIT: &str = "quit";

/// One exchange with an engine: lines to send, then the answer to wait
/// for, the first line whose first word is [`Exchange::answer`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// The lines to send, without line breaks.
    pub send: Vec<String>,
    /// The first word of the awaited answer.
    pub answer: &'static str,
}

/// What a line heard during an [`Exchange`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heard<'a> {
    /// The awaited answer (the whole line).
    Answer(&'a str),
    /// An `info string` message: its text, for a log.
    Says(&'a str),
    /// Anything else (progress reports, ids, options): skipped.
    Other,
}

impl Exchange {
    /// The lines to send as one text, each ended by a line break.
    pub fn text(&self) -> String {
        self.send.iter().map(|line| format!("{line}\n")).collect()
    }

    /// What `line`, heard while waiting for the answer, is.
    pub fn hear<'a>(&self, line: &'a str) -> Heard<'a> {
        let mut words = line.split_ascii_whitespace();
        match words.next() {
            Some(first) if first == self.answer => Heard::Answer(line),
            Some("info") if words.next() == Some("string") => {
                let text = line.trim_start()["info".len()..].trim_start();
                Heard::Says(text["string".len()..].trim_start())
            }
            _ => Heard::Other,
        }
    }
}

/// Refuses a line break in `text`, which would make it more than one
/// command.
fn one_line<'a>(what: &str, text: &'a str) -> Result<&'a str, String> {
    if text.contains(['\n', '\r']) {
        return Err(format!("{what} with a line break: \"{}\"", quote_arg(text)));
    }
    Ok(text)
}

/// `uci`, answered by `uciok`.
pub fn hello() -> Exchange {
    Exchange {
        send: vec!["uci".into()],
        answer: "uciok",
    }
}

/// The engine's `options` (name, value), then `UCI_Variant` as
/// `variant`, then `isready`, answered by `readyok`. `Err` for a name or
/// value with a line break.
pub fn setup(variant: &str, options: &[(String, String)]) -> Result<Exchange, String> {
    let mut send = Vec::new();
    for (name, value) in options {
        let name = one_line("an option name", name)?;
        let value = one_line("an option value", value)?;
        send.push(format!("setoption name {name} value {value}"));
    }
    let variant = one_line("a variant", variant)?;
    send.push(format!("setoption name UCI_Variant value {variant}"));
    send.push("isready".into());
    Ok(Exchange {
        send,
        answer: "readyok",
    })
}

/// `ucinewgame` and `isready`, answered by `readyok`.
pub fn new_game() -> Exchange {
    Exchange {
        send: vec!["ucinewgame".into(), "isready".into()],
        answer: "readyok",
    }
}

/// `position fen <position>` and `go <go>`, answered by `bestmove`.
/// `Err` for a text with a line break.
pub fn think(position: &str, go: &str) -> Result<Exchange, String> {
    let position = one_line("a position text", position)?;
    let go = one_line("a go command", go)?;
    Ok(Exchange {
        send: vec![format!("position fen {position}"), format!("go {go}")],
        answer: "bestmove",
    })
}

/// The words of `go` for a move in `movetime` milliseconds, the face
/// rolled first in Chaturaji.
///
/// ```
/// use kaissa_chaturaji_engine::uci::go_args;
/// assert_eq!(go_args(Some(3), 100), "roll 3 movetime 100");
/// assert_eq!(go_args(None, 50), "movetime 50");
/// ```
pub fn go_args(roll: Option<u8>, movetime: u64) -> String {
    match roll {
        Some(face) => format!("roll {face} movetime {movetime}"),
        None => format!("movetime {movetime}"),
    }
}

/// The move of a `bestmove <move> [ponder <move>]` line. `Err` for a
/// line without one.
pub fn best_move(line: &str) -> Result<&str, String> {
    let mut words = line.split_ascii_whitespace();
    match (words.next(), words.next()) {
        (Some("bestmove"), Some(best)) => Ok(best),
        _ => Err(format!(
            "a bestmove line without a move: \"{}\"",
            crate::quote(line)
        )),
    }
}

/// The longest line an engine may write (64 KiB).
pub const MAX_LINE: usize = 64 << 10;

/// Splits a command line into words as a shell would for plain
/// commands: blanks (spaces, tabs, line breaks) separate words, single
/// quotes keep everything, double quotes keep all but `\"` and `\\`, a
/// backslash escapes the next character. No variables, globs or other
/// shell syntax. Errors quote the command bounded.
///
/// ```
/// use kaissa_chaturaji_engine::uci::split_command;
/// assert_eq!(split_command(r#"sh -c 'echo "a b"' z\ w"#)?, ["sh", "-c", "echo \"a b\"", "z w"]);
/// assert!(split_command("'open").is_err());
/// # Ok::<(), String>(())
/// ```
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    let unclosed = |q: char| format!("unclosed {q} in the command \"{}\"", quote_arg(text));
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
                let next = chars.next().ok_or_else(|| {
                    format!("a trailing \\ in the command \"{}\"", quote_arg(text))
                })?;
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

/// An engine's output cut into lines as it arrives, each at most
/// `max` bytes: feed it what was read, take the lines it completed.
/// A line longer than `max` is an error, and the buffer takes nothing
/// after it.
#[derive(Debug)]
pub struct LineBuffer {
    max: usize,
    partial: Vec<u8>,
    failed: bool,
}

/// Why a [`LineBuffer`] stopped: a line longer than its bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineTooLong(pub usize);

impl std::fmt::Display for LineTooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the engine wrote a line longer than {} bytes", self.0)
    }
}

impl LineBuffer {
    /// An empty buffer for lines of at most `max` bytes.
    pub fn new(max: usize) -> LineBuffer {
        LineBuffer {
            max,
            partial: Vec::new(),
            failed: false,
        }
    }

    /// Takes `bytes` read from the engine and appends each line they
    /// complete to `lines` (without its ending or trailing blanks, any
    /// invalid UTF-8 replaced). A line longer than the bound is an error,
    /// now and for every later call.
    ///
    /// ```
    /// use std::collections::VecDeque;
    /// use kaissa_chaturaji_engine::uci::LineBuffer;
    /// let mut buffer = LineBuffer::new(8);
    /// let mut lines = VecDeque::new();
    /// buffer.feed(b"uciok\r\nready", &mut lines).unwrap();
    /// buffer.feed(b"ok\n", &mut lines).unwrap();
    /// assert_eq!(lines, ["uciok", "readyok"]);
    /// assert!(buffer.feed(b"123456789", &mut lines).is_err());
    /// ```
    pub fn feed(&mut self, bytes: &[u8], lines: &mut VecDeque<String>) -> Result<(), LineTooLong> {
        if self.failed {
            return Err(LineTooLong(self.max));
        }
        for part in bytes.split_inclusive(|&b| b == b'\n') {
            let (text, ended) = match part.split_last() {
                Some((b'\n', text)) => (text, true),
                _ => (part, false),
            };
            if self.partial.len() + text.len() > self.max {
                self.failed = true;
                self.partial = Vec::new();
                return Err(LineTooLong(self.max));
            }
            self.partial.extend_from_slice(text);
            if ended {
                let line = String::from_utf8_lossy(&self.partial)
                    .trim_end()
                    .to_string();
                self.partial.clear();
                lines.push_back(line);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_s_exchanges() {
        let options = [("Hash".to_string(), "16".to_string())];
        let setup = setup("chaturaji", &options).unwrap();
        assert_eq!(
            setup.text(),
            "setoption name Hash value 16\nsetoption name UCI_Variant value chaturaji\nisready\n"
        );
        assert_eq!(setup.hear("readyok"), Heard::Answer("readyok"));
        assert_eq!(setup.hear("readyokay"), Heard::Other);
        assert_eq!(
            setup.hear("info string hello there"),
            Heard::Says("hello there")
        );
        let sneaky = [("Hash".to_string(), "1\nquit".to_string())];
        assert!(setup_err(&sneaky).contains("line break"));
        assert_eq!(new_game().text(), "ucinewgame\nisready\n");
        assert!(think("a\nb", "movetime 1").is_err());
        assert!(think("a", "movetime 1\rquit").is_err());
        let go = think("x y", "roll 2 movetime 5").unwrap();
        assert_eq!(go.send, ["position fen x y", "go roll 2 movetime 5"]);
        assert_eq!(go.hear("bestmove 2:h1f3"), Heard::Answer("bestmove 2:h1f3"));
        assert_eq!(best_move("bestmove (none)"), Ok("(none)"));
        assert!(best_move("bestmove").is_err());
        assert!(best_move("info depth 1").is_err());
    }

    fn setup_err(options: &[(String, String)]) -> String {
        setup("kaissa", options).unwrap_err()
    }

    #[test]
    fn lines_are_split_and_bounded() {
        let mut lines = VecDeque::new();
        let mut buffer = LineBuffer::new(MAX_LINE);
        buffer
            .feed(b"uciok\r\nreadyok\nbestmove e2e5", &mut lines)
            .unwrap();
        assert_eq!(lines, ["uciok", "readyok"]);
        let mut buffer = LineBuffer::new(MAX_LINE);
        let mut long = vec![b'x'; MAX_LINE];
        long.push(b'\n');
        lines.clear();
        buffer.feed(&long, &mut lines).unwrap();
        assert_eq!(lines.len(), 1);
        let mut buffer = LineBuffer::new(MAX_LINE);
        buffer.feed(&long[..MAX_LINE], &mut lines).unwrap();
        let err = buffer.feed(b"x", &mut lines).unwrap_err();
        assert!(err.to_string().contains("longer than 65536 bytes"));
        assert!(buffer.feed(b"\n", &mut lines).is_err());
    }

    #[test]
    fn commands_split_as_a_shell_would() {
        assert_eq!(
            split_command(r#"sh -c 'echo "a b"' "x\"y" z\ w"#).unwrap(),
            ["sh", "-c", "echo \"a b\"", "x\"y", "z w"]
        );
        for bad in ["", "  ", "'open", "\"open", "trailing\\"] {
            assert!(split_command(bad).is_err(), "{bad}");
        }
        let long = format!("'{}", "\u{7}".repeat(100_000));
        let err = split_command(&long).unwrap_err();
        assert!(err.len() < 400 && !err.contains('\u{7}'), "{err}");
    }
}
