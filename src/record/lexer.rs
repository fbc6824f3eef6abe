//! Cutting lines into the format's pieces: tag pairs (`[Name "value"]`)
//! and movetext lexemes (words and `{comments}`), with the line and column
//! of each. Nothing here allocates per piece: tag names and values go into
//! the caller's text buffer, words are slices of the line, and comments
//! are gathered in a buffer that is reused.

use core::ops::Range;

use super::error::{RecordError, RecordErrorKind};
use super::lines::{is_space, stray_character, Line};
use super::tags::MAX_TEXT;
use crate::error::excerpt;

/// A tag pair as read: where its name and unescaped value are in the
/// header's text buffer, and where they are in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TagSpan {
    pub(crate) name: Range<usize>,
    pub(crate) value: Range<usize>,
    pub(crate) line: usize,
    pub(crate) name_column: usize,
    pub(crate) value_column: usize,
}

impl TagSpan {
    /// An error about this tag's value.
    pub(crate) fn error(&self, kind: RecordErrorKind) -> RecordError {
        RecordError::new(self.line, self.value_column, kind)
    }
}

/// The characters of a line with their byte offsets and 1-based columns.
struct Cursor<'a> {
    text: &'a str,
    at: usize,
    column: usize,
    line: usize,
}

impl<'a> Cursor<'a> {
    fn new(line: &'a Line) -> Cursor<'a> {
        Cursor {
            text: &line.text,
            at: 0,
            column: 1,
            line: line.number,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        self.column += 1;
        Some(c)
    }

    /// Skips spaces and tabs; how many there were.
    fn skip_space(&mut self) -> usize {
        let mut n = 0;
        while self.peek().is_some_and(is_space) {
            self.bump();
            n += 1;
        }
        n
    }

    /// An error for a stray character (other white space, a control
    /// character) where the cursor stands, if there is one.
    fn stray(&self, what: &'static str) -> Result<(), RecordError> {
        match self.peek().and_then(|c| stray_character(c, what)) {
            Some(kind) => Err(self.error(self.column, kind)),
            None => Ok(()),
        }
    }

    /// Skips spaces and tabs, then refuses a stray character; how many
    /// spaces and tabs there were.
    fn skip_space_checked(&mut self, what: &'static str) -> Result<usize, RecordError> {
        let n = self.skip_space();
        self.stray(what)?;
        Ok(n)
    }

    fn error(&self, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError::new(self.line, column, kind)
    }

    fn malformed(&self, reason: &str) -> RecordError {
        self.error(
            self.column,
            RecordErrorKind::MalformedTag {
                reason: reason.to_string(),
            },
        )
    }
}

/// Where a character ends a word or a tag name: white space of any kind, a
/// control character, or one of `stops`.
fn ends_word(c: char, stops: &[char]) -> bool {
    c.is_whitespace() || c.is_control() || stops.contains(&c)
}

/// Reads one tag pair line: spaces or tabs, `[`, the name, spaces or tabs,
/// the quoted value (`\\` and `\"` escapes), `]`, spaces or tabs. The name
/// and the unescaped value are appended to `text`.
pub(crate) fn parse_tag_line(line: &Line, text: &mut String) -> Result<TagSpan, RecordError> {
    const WHAT: &str = "a tag pair line";
    let mut cur = Cursor::new(line);
    cur.skip_space_checked(WHAT)?;
    if cur.peek() != Some('[') {
        return Err(cur.malformed("a tag pair starts with '['"));
    }
    cur.bump();
    cur.skip_space_checked(WHAT)?;
    let name_column = cur.column;
    let name_start = cur.at;
    while cur.peek().is_some_and(|c| !ends_word(c, &['"', ']'])) {
        cur.bump();
    }
    let name = &cur.text[name_start..cur.at];
    if super::tags::check_tag_name(name).is_err() {
        return Err(cur.error(
            name_column,
            RecordErrorKind::MalformedTag {
                reason: format!(
                    "\"{}\" is not a tag name (a letter, then letters, digits or _; at most 64)",
                    excerpt(name)
                ),
            },
        ));
    }
    let name_range = text.len()..text.len() + name.len();
    text.push_str(name);
    if cur.skip_space_checked(WHAT)? == 0 {
        return Err(cur.malformed("a space must separate the tag name from its value"));
    }
    if cur.peek() != Some('"') {
        return Err(cur.malformed("the tag value must be in double quotes"));
    }
    cur.bump();
    let value_column = cur.column;
    let value_start = text.len();
    loop {
        let column = cur.column;
        match cur.bump() {
            None => return Err(cur.malformed("the tag value has no closing '\"'")),
            Some('"') => break,
            Some('\\') => match cur.bump() {
                Some(c @ ('\\' | '"')) => text.push(c),
                Some(found) => return Err(cur.error(column, RecordErrorKind::BadEscape { found })),
                None => return Err(cur.malformed("the tag value has no closing '\"'")),
            },
            Some(c) if c.is_control() && c != '\t' => {
                return Err(cur.error(
                    column,
                    RecordErrorKind::ControlCharacter {
                        found: c,
                        what: "a tag value",
                    },
                ))
            }
            Some(c) => text.push(c),
        }
    }
    cur.skip_space_checked(WHAT)?;
    if cur.peek() != Some(']') {
        return Err(cur.malformed("the tag pair must end with ']' after its value"));
    }
    cur.bump();
    cur.skip_space_checked(WHAT)?;
    if cur.peek().is_some() {
        return Err(cur.malformed("one tag pair per line: text after ']'"));
    }
    if text.len() - value_start > MAX_TEXT {
        return Err(cur.error(
            value_column,
            RecordErrorKind::BadTagValue {
                name: name.to_string(),
                reason: format!("longer than {MAX_TEXT} bytes"),
            },
        ));
    }
    Ok(TagSpan {
        name: name_range,
        value: value_start..text.len(),
        line: line.number,
        name_column,
        value_column,
    })
}

/// A piece of movetext, borrowed from the line or the comment buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lexeme<'a> {
    /// A run of characters other than white space, control characters
    /// and braces: a move number, an action, a result, or something wrong.
    Word {
        text: &'a str,
        line: usize,
        column: usize,
    },
    /// A comment's text, unescaped; where its `{` is.
    Comment {
        text: &'a str,
        line: usize,
        column: usize,
    },
}

/// The state of movetext scanning between lines: the comment still open
/// at the end of a line, and the buffer a comment's text is gathered in
/// (reused from comment to comment).
#[derive(Debug, Default)]
pub(crate) struct Scanner {
    /// Where the open comment's `{` is: line and column.
    open: Option<(usize, usize)>,
    /// Bytes on the current line of the open comment.
    line_len: usize,
    text: String,
}

impl Scanner {
    /// Forgets an open comment (a new record begins).
    pub(crate) fn reset(&mut self) {
        self.open = None;
        self.text.clear();
    }

    /// Where the open comment's `{` is, if one is open.
    pub(crate) fn open_at(&self) -> Option<(usize, usize)> {
        self.open
    }

    /// The error for a comment never closed, if one is open.
    pub(crate) fn unterminated(&self) -> Option<RecordError> {
        self.open.map(|(line, column)| {
            RecordError::new(line, column, RecordErrorKind::UnterminatedComment)
        })
    }

    /// Cuts a movetext line into lexemes, handing each to `found` in
    /// order, continuing the comment left open by the line before (and
    /// leaving one open for the next line). An error of `found` stops the
    /// scan and is returned.
    pub(crate) fn scan_line(
        &mut self,
        line: &Line,
        mut found: impl FnMut(Lexeme<'_>) -> Result<(), RecordError>,
    ) -> Result<(), RecordError> {
        let mut cur = Cursor::new(line);
        if self.open.is_some() {
            self.text.push('\n');
            self.line_len = 0;
        }
        loop {
            if let Some((line, column)) = self.open {
                if !self.scan_comment(&mut cur)? {
                    return Ok(());
                }
                self.open = None;
                found(Lexeme::Comment {
                    text: &self.text,
                    line,
                    column,
                })?;
            }
            cur.skip_space_checked("the movetext")?;
            let column = cur.column;
            match cur.peek() {
                None => return Ok(()),
                Some('{') => {
                    cur.bump();
                    self.open = Some((line.number, column));
                    self.text.clear();
                    self.line_len = 0;
                }
                Some('}') => return Err(cur.error(column, RecordErrorKind::UnexpectedBrace)),
                Some(_) => {
                    let start = cur.at;
                    while cur.peek().is_some_and(|c| !ends_word(c, &['{', '}'])) {
                        cur.bump();
                    }
                    found(Lexeme::Word {
                        text: &cur.text[start..cur.at],
                        line: line.number,
                        column,
                    })?;
                }
            }
        }
    }

    /// Reads comment text up to its `}` (true) or the end of the line
    /// (false).
    fn scan_comment(&mut self, cur: &mut Cursor<'_>) -> Result<bool, RecordError> {
        loop {
            let column = cur.column;
            let c = match cur.bump() {
                None => return Ok(false),
                Some('}') => return Ok(true),
                Some('\\') => match cur.bump() {
                    Some(c @ ('\\' | '}')) => c,
                    Some(found) => {
                        return Err(cur.error(column, RecordErrorKind::BadEscape { found }))
                    }
                    None => {
                        return Err(cur.error(column, RecordErrorKind::BadEscape { found: '\n' }))
                    }
                },
                Some(c) if c.is_control() && c != '\t' => {
                    return Err(cur.error(
                        column,
                        RecordErrorKind::ControlCharacter {
                            found: c,
                            what: "a comment",
                        },
                    ))
                }
                Some(c) => c,
            };
            self.line_len += c.len_utf8();
            if self.line_len > MAX_TEXT {
                return Err(cur.error(
                    column,
                    RecordErrorKind::BadToken {
                        token: "{…".into(),
                        reason: format!("a comment line is longer than {MAX_TEXT} bytes"),
                    },
                ));
            }
            self.text.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Line {
        Line {
            number: 3,
            text: text.into(),
        }
    }

    #[test]
    fn tag_pairs() {
        let mut text = String::new();
        let tag = parse_tag_line(&line(r#"  [Event "A \"big\" \\ day"]  "#), &mut text).unwrap();
        assert_eq!(&text[tag.name.clone()], "Event");
        assert_eq!(&text[tag.value.clone()], r#"A "big" \ day"#);
        assert_eq!((tag.line, tag.name_column, tag.value_column), (3, 4, 11));
        let column = |text: &str| {
            parse_tag_line(&line(text), &mut String::new())
                .unwrap_err()
                .column()
        };
        assert_eq!(column(r#"[Event"x"]"#), 7);
        assert_eq!(column(r#"[Event x]"#), 8);
        assert_eq!(column(r#"[Event "x\n"]"#), 10);
        assert_eq!(column(r#"[Event "x""#), 11);
        assert_eq!(column(r#"[Event "x"] [Site "y"]"#), 13);
        assert_eq!(column(r#"[1x "y"]"#), 2);
        assert_eq!(column("[Event \"a\u{7}\"]"), 10);
        assert_eq!(column(r#"[Event "x"#), 10);
        assert_eq!(column("[Event\u{a0}\"x\"]"), 7);
        assert_eq!(column("\u{3000}[Event \"x\"]"), 1);
        assert_eq!(column("[Event \"x\"]\u{b}"), 12);
    }

    #[test]
    fn words_and_comments() {
        let mut scanner = Scanner::default();
        let mut out: Vec<(String, usize, usize)> = Vec::new();
        let mut collect = |lexeme: Lexeme<'_>| {
            out.push(match lexeme {
                Lexeme::Word { text, line, column } => (text.to_string(), line, column),
                Lexeme::Comment { text, line, column } => (format!("{{{text}}}"), line, column),
            });
            Ok(())
        };
        scanner
            .scan_line(&line("1.e2e5 {a \\} b\\\\}e9e6 {multi"), &mut collect)
            .unwrap();
        assert!(scanner.open_at().is_some());
        scanner.scan_line(&line("line} *"), &mut collect).unwrap();
        assert!(scanner.open_at().is_none());
        assert_eq!(
            out,
            [
                ("1.e2e5".to_string(), 3, 1),
                ("{a } b\\}".to_string(), 3, 8),
                ("e9e6".to_string(), 3, 18),
                ("{multi\nline}".to_string(), 3, 23),
                ("*".to_string(), 3, 7),
            ]
        );
        let err = Scanner::default()
            .scan_line(&line("e2e5 }"), |_| Ok(()))
            .unwrap_err();
        assert_eq!(
            (err.column(), err.kind()),
            (6, &RecordErrorKind::UnexpectedBrace)
        );
        let err = Scanner::default()
            .scan_line(&line("{a\\b}"), |_| Ok(()))
            .unwrap_err();
        assert_eq!(err.column(), 3);
        let err = Scanner::default()
            .scan_line(&line("e2e5\u{2003}e9e6"), |_| Ok(()))
            .unwrap_err();
        assert_eq!(
            (err.column(), err.kind()),
            (5, &RecordErrorKind::NotSpaceOrTab { found: '\u{2003}' })
        );
    }
}
