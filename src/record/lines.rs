//! Reading input line by line with a length limit, counting lines, and
//! turning bytes into text (UTF-8, a leading byte-order mark skipped,
//! `\n` or `\r\n` line ends).

use std::io::{BufRead, Read};

use super::error::{RecordError, RecordErrorKind};

/// The longest line the reader accepts, in bytes (without its line end).
pub const MAX_LINE: usize = 1 << 20;

/// One line of input: its number (from 1) and its text without the line
/// end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Line {
    pub(crate) number: usize,
    pub(crate) text: String,
}

impl Line {
    /// Whether the line holds only white space.
    pub(crate) fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// Whether the line starts (after white space) with `[`: a tag pair.
    pub(crate) fn is_tag(&self) -> bool {
        self.text.trim_start().starts_with('[')
    }
}

/// Lines from a [`BufRead`], one at a time, with one line of look-ahead.
pub(crate) struct Lines<R> {
    input: R,
    number: usize,
    peeked: Option<Line>,
    buffer: Vec<u8>,
    /// Set after an I/O error or the end of the input: no more lines.
    done: bool,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R) -> Lines<R> {
        Lines {
            input,
            number: 0,
            peeked: None,
            buffer: Vec::new(),
            done: false,
        }
    }

    /// The number of the last line read (0 before the first).
    pub(crate) fn number(&self) -> usize {
        self.number
    }

    /// Whether an I/O error stopped the input.
    pub(crate) fn done(&self) -> bool {
        self.done && self.peeked.is_none()
    }

    /// The next line without consuming it.
    pub(crate) fn peek(&mut self) -> Result<Option<&Line>, RecordError> {
        if self.peeked.is_none() {
            self.peeked = self.read()?;
        }
        Ok(self.peeked.as_ref())
    }

    /// The next line.
    pub(crate) fn next_line(&mut self) -> Result<Option<Line>, RecordError> {
        match self.peeked.take() {
            Some(line) => Ok(Some(line)),
            None => self.read(),
        }
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

    fn read(&mut self) -> Result<Option<Line>, RecordError> {
        if self.done {
            return Ok(None);
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
                return Ok(None);
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
        let mut bytes = core::mem::take(&mut self.buffer);
        if self.number == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes.drain(..3);
        }
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Some(Line {
                number: self.number,
                text,
            })),
            Err(err) => {
                let valid = err.utf8_error().valid_up_to();
                let bytes = err.into_bytes();
                let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                self.buffer = bytes;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Result<String, (usize, usize)>> {
        let mut lines = Lines::new(input);
        let mut out = Vec::new();
        loop {
            match lines.next_line() {
                Ok(Some(line)) => out.push(Ok(line.text)),
                Ok(None) => break,
                Err(err) => out.push(Err((err.line(), err.column()))),
            }
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
