//! The protocol's side that drives an engine, without any input or
//! output of its own: how an engine's command line is split into words,
//! and how its output is cut into bounded lines. The match runner
//! (`kc-tournament`) feeds these from its pipes.

use std::collections::VecDeque;

use crate::quote_arg;

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

/// Whether `line`'s first word is `word`.
///
/// ```
/// use kaissa_chaturaji_engine::uci::starts_with_word;
/// assert!(starts_with_word("bestmove e2e5", "bestmove"));
/// assert!(!starts_with_word("bestmoves", "bestmove"));
/// ```
pub fn starts_with_word(line: &str, word: &str) -> bool {
    line.split_ascii_whitespace().next() == Some(word)
}

#[cfg(test)]
mod tests {
    use super::*;

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
