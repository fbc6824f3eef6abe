//! Reading input line by line with a length limit, counting lines, and
//! turning bytes into text (UTF-8, a leading byte-order mark skipped,
//! `\n` or `\r\n` line ends). One line is held at a time, in buffers that
//! are reused from line to line.

use std::io::{BufRead, Read};

use super::error::{RecordError, RecordErrorKind};

/// The longest line the reader accepts, in bytes (without its line end).
pub const MAX_LINE: usize = 1 << 20;

/// Whether `c` is white space of the format: a space or a tab (the only
/// characters that separate the parts of a record; docs/records.md,
/// section 1).
pub(crate) fn is_space(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// The error for a character that is not allowed where a space, a tab or
/// the next part of a record may stand: other white space (U+00A0,
/// U+3000, U+2028, vertical tab, form feed, …) or a control character;
/// `None` for any other character.
pub(crate) fn stray_character(c: char, what: &'static str) -> Option<RecordErrorKind> {
    if c.is_whitespace() && !is_space(c) {
        Some(RecordErrorKind::NotSpaceOrTab { found: c })
    } else if c.is_control() && !is_space(c) {
        Some(RecordErrorKind::ControlCharacter { found: c, what })
    } else {
        None
    }
}

/// One line of input: its number (from 1) and its text without the line
/// end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Line {
    pub(crate) number: usize,
    pub(crate) text: String,
}

impl Line {
    /// Whether the line holds only spaces and tabs.
    pub(crate) fn is_blank(&self) -> bool {
        self.text.chars().all(is_space)
    }

    /// Whether the line starts (after spaces and tabs) with `[`: a tag
    /// pair.
    pub(crate) fn is_tag(&self) -> bool {
        self.text.trim_start_matches(is_space).starts_with('[')
    }

    /// Whether the line starts with `[` after any white space or control
    /// characters: a tag pair, or one that strays white space other than
    /// spaces and tabs before its `[` (an error the tag pair's reader
    /// reports where it is).
    pub(crate) fn looks_like_tag(&self) -> bool {
        self.text
            .trim_start_matches(|c: char| c.is_whitespace() || c.is_control())
            .starts_with('[')
    }

    /// The column of the first character that is not a space or a tab,
    /// and that character (`None` on a blank line).
    pub(crate) fn first_content(&self) -> (usize, Option<char>) {
        let mut column = 1;
        for c in self.text.chars() {
            if !is_space(c) {
                return (column, Some(c));
            }
            column += 1;
        }
        (column, None)
    }

    /// The error for a line that is not where it stands (`kind`), or for
    /// the stray character it starts with (after spaces and tabs), which
    /// is the more precise fault.
    pub(crate) fn misplaced(&self, kind: RecordErrorKind) -> RecordError {
        let (column, first) = self.first_content();
        let kind = first
            .and_then(|c| stray_character(c, "the text between records"))
            .unwrap_or(kind);
        RecordError::new(self.number, column, kind)
    }
}

/// Lines from a [`BufRead`], one at a time, with one line of look-ahead:
/// [`Lines::peek`] reads the next line into the held buffer, and
/// [`Lines::consume`] lets it go.
pub(crate) struct Lines<R> {
    input: R,
    number: usize,
    /// The line read by the last `peek` (its text buffer is reused).
    line: Line,
    /// Whether `line` is read and not consumed yet.
    pending: bool,
    buffer: Vec<u8>,
    /// Set after an I/O error or the end of the input: no more lines.
    done: bool,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R) -> Lines<R> {
        Lines {
            input,
            number: 0,
            line: Line {
                number: 0,
                text: String::new(),
            },
            pending: false,
            buffer: Vec::new(),
            done: false,
        }
    }

    /// The number of the last line read (0 before the first).
    pub(crate) fn number(&self) -> usize {
        self.number
    }

    /// Whether the input is used up (or stopped by an I/O error).
    pub(crate) fn done(&self) -> bool {
        self.done && !self.pending
    }

    /// The next line without consuming it.
    pub(crate) fn peek(&mut self) -> Result<Option<&Line>, RecordError> {
        if !self.pending {
            if !self.read()? {
                return Ok(None);
            }
            self.pending = true;
        }
        Ok(Some(&self.line))
    }

    /// Lets the line returned by the last [`Lines::peek`] go.
    pub(crate) fn consume(&mut self) {
        self.pending = false;
    }

    fn io_error(&mut self, err: &std::io::Error) -> RecordError {
        self.done = true;
        RecordError::new(
            self.number.max(1),
            1,
            RecordErrorKind::Io {
                kind: err.kind(),
                message: err.to_string(),
            },
        )
    }

    /// Reads the next line into `self.line`; `false` at the end.
    fn read(&mut self) -> Result<bool, RecordError> {
        if self.done {
            return Ok(false);
        }
        self.buffer.clear();
        let limit = (MAX_LINE + 2) as u64;
        let read = (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.buffer);
        match read {
            Err(err) => return Err(self.io_error(&err)),
            Ok(0) => {
                self.done = true;
                return Ok(false);
            }
            Ok(_) => {}
        }
        self.number += 1;
        let ended = self.buffer.last() == Some(&b'\n');
        if ended {
            self.buffer.pop();
            if self.buffer.last() == Some(&b'\r') {
                self.buffer.pop();
            }
        }
        if self.buffer.len() > MAX_LINE {
            if !ended {
                self.skip_rest_of_line()?;
            }
            return Err(RecordError::new(
                self.number,
                MAX_LINE + 1,
                RecordErrorKind::LineTooLong { limit: MAX_LINE },
            ));
        }
        let mut bytes = &self.buffer[..];
        if self.number == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        match core::str::from_utf8(bytes) {
            Ok(text) => {
                self.line.number = self.number;
                self.line.text.clear();
                self.line.text.push_str(text);
                Ok(true)
            }
            Err(err) => {
                let valid = &bytes[..err.valid_up_to()];
                // The valid part is UTF-8: its characters are counted.
                let column = core::str::from_utf8(valid).map_or(1, |s| s.chars().count() + 1);
                Err(RecordError::new(
                    self.number,
                    column,
                    RecordErrorKind::InvalidUtf8,
                ))
            }
        }
    }

    /// Consumes input up to and including the next line end.
    fn skip_rest_of_line(&mut self) -> Result<(), RecordError> {
        loop {
            let (consumed, found) = match self.input.fill_buf() {
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(self.io_error(&err)),
                Ok([]) => return Ok(()),
                Ok(chunk) => match chunk.iter().position(|&b| b == b'\n') {
                    Some(at) => (at + 1, true),
                    None => (chunk.len(), false),
                },
            };
            self.input.consume(consumed);
            if found {
                return Ok(());
            }
        }
    }
}

/// A line and column of the input.
pub(super) type Place = (usize, usize);

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Result<String, (usize, usize)>> {
        let mut lines = Lines::new(input);
        let mut out = Vec::new();
        loop {
            match lines.peek() {
                Ok(Some(line)) => out.push(Ok(line.text.clone())),
                Ok(None) => break,
                Err(err) => out.push(Err((err.line(), err.column()))),
            }
            lines.consume();
        }
        out
    }

    #[test]
    fn line_ends_bom_and_bad_bytes() {
        assert_eq!(
            all(b"\xEF\xBB\xBFa\r\nb\n\nc"),
            [
                Ok("a".into()),
                Ok("b".into()),
                Ok("".into()),
                Ok("c".into())
            ]
        );
        assert_eq!(
            all(b"ok\n\xC3\xA9\xFFx\nz"),
            [Ok("ok".into()), Err((2, 2)), Ok("z".into())]
        );
    }

    #[test]
    fn long_lines_are_skipped_whole() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nnext\n");
        assert_eq!(all(&input), [Err((1, MAX_LINE + 1)), Ok("next".into())]);
        let exact = vec![b'y'; MAX_LINE];
        assert_eq!(all(&exact).len(), 1);
        assert!(all(&exact)[0].is_ok());
    }
}
