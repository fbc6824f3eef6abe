//! Cutting lines into the format's pieces: tag pairs (`[Name "value"]`)
//! and movetext lexemes (words and `{comments}`), with the line and column
//! of each.

use super::error::{RecordError, RecordErrorKind};
use super::lines::Line;
use super::tags::MAX_TEXT;
use crate::error::excerpt;

/// A tag pair as read: name, unescaped value, and where they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawTag {
    pub(crate) name: String,
    pub(crate) value: String,
    pub(crate) line: usize,
    pub(crate) name_column: usize,
    pub(crate) value_column: usize,
}

impl RawTag {
    /// An error about this tag's value.
    pub(crate) fn error(&self, kind: RecordErrorKind) -> RecordError {
        RecordError::new(self.line, self.value_column, kind)
    }
}

/// Characters of a line with their 1-based columns.
struct Cursor<'a> {
    chars: core::iter::Peekable<core::str::Chars<'a>>,
    column: usize,
    line: usize,
}

impl<'a> Cursor<'a> {
    fn new(line: &'a Line) -> Cursor<'a> {
        Cursor {
            chars: line.text.chars().peekable(),
            column: 1,
            line: line.number,
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.column += 1;
        Some(c)
    }

    fn skip_space(&mut self) -> usize {
        let mut n = 0;
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
            n += 1;
        }
        n
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

/// Reads one tag pair line: optional white space, `[`, the name, white
/// space, the quoted value (`\\` and `\"` escapes), `]`, optional white
/// space.
pub(crate) fn parse_tag_line(line: &Line) -> Result<RawTag, RecordError> {
    let mut cur = Cursor::new(line);
    cur.skip_space();
    if cur.peek() != Some('[') {
        return Err(cur.malformed("a tag pair starts with '['"));
    }
    cur.bump();
    cur.skip_space();
    let name_column = cur.column;
    let mut name = String::new();
    while let Some(c) = cur.peek() {
        if c.is_whitespace() || c == '"' || c == ']' {
            break;
        }
        name.push(c);
        cur.bump();
    }
    if super::tags::check_tag_name(&name).is_err() {
        return Err(cur.error(
            name_column,
            RecordErrorKind::MalformedTag {
                reason: format!(
                    "\"{}\" is not a tag name (a letter, then letters, digits or _; at most 64)",
                    excerpt(&name)
                ),
            },
        ));
    }
    if cur.skip_space() == 0 {
        return Err(cur.malformed("a space must separate the tag name from its value"));
    }
    if cur.peek() != Some('"') {
        return Err(cur.malformed("the tag value must be in double quotes"));
    }
    cur.bump();
    let value_column = cur.column;
    let mut value = String::new();
    loop {
        let column = cur.column;
        match cur.bump() {
            None => return Err(cur.malformed("the tag value has no closing '\"'")),
            Some('"') => break,
            Some('\\') => match cur.bump() {
                Some(c @ ('\\' | '"')) => value.push(c),
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
            Some(c) => value.push(c),
        }
    }
    cur.skip_space();
    if cur.peek() != Some(']') {
        return Err(cur.malformed("the tag pair must end with ']' after its value"));
    }
    cur.bump();
    cur.skip_space();
    if cur.peek().is_some() {
        return Err(cur.malformed("one tag pair per line: text after ']'"));
    }
    if value.len() > MAX_TEXT {
        return Err(cur.error(
            value_column,
            RecordErrorKind::BadTagValue {
                name,
                reason: format!("longer than {MAX_TEXT} bytes"),
            },
        ));
    }
    Ok(RawTag {
        name,
        value,
        line: line.number,
        name_column,
        value_column,
    })
}

/// A piece of movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Lexeme {
    /// A run of characters other than white space and braces: a move
    /// number, an action, a result, or something wrong.
    Word {
        text: String,
        line: usize,
        column: usize,
    },
    /// A comment's text, unescaped; where its `{` is.
    Comment {
        text: String,
        line: usize,
        column: usize,
    },
}

/// A comment still open at the end of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OpenComment {
    text: String,
    line: usize,
    column: usize,
    /// Bytes on the current line of the comment.
    line_len: usize,
}

impl OpenComment {
    /// Where its `{` is: line and column.
    pub(crate) fn position(&self) -> (usize, usize) {
        (self.line, self.column)
    }

    /// The error for a comment never closed.
    pub(crate) fn unterminated(&self) -> RecordError {
        RecordError::new(self.line, self.column, RecordErrorKind::UnterminatedComment)
    }
}

/// Cuts a movetext line into lexemes, continuing the comment `open` left
/// open by the line before (and leaving one open for the next line).
pub(crate) fn scan_line(
    line: &Line,
    open: &mut Option<OpenComment>,
    out: &mut Vec<Lexeme>,
) -> Result<(), RecordError> {
    let mut cur = Cursor::new(line);
    if let Some(comment) = open.as_mut() {
        comment.text.push('\n');
        comment.line_len = 0;
    }
    loop {
        if let Some(mut comment) = open.take() {
            if scan_comment(&mut cur, &mut comment)? {
                out.push(Lexeme::Comment {
                    text: comment.text,
                    line: comment.line,
                    column: comment.column,
                });
            } else {
                *open = Some(comment);
                return Ok(());
            }
        }
        cur.skip_space();
        let column = cur.column;
        match cur.peek() {
            None => return Ok(()),
            Some('{') => {
                cur.bump();
                *open = Some(OpenComment {
                    text: String::new(),
                    line: line.number,
                    column,
                    line_len: 0,
                });
            }
            Some('}') => return Err(cur.error(column, RecordErrorKind::UnexpectedBrace)),
            Some(_) => {
                let mut text = String::new();
                while let Some(c) = cur.peek() {
                    if c.is_whitespace() || c == '{' || c == '}' {
                        break;
                    }
                    text.push(c);
                    cur.bump();
                }
                out.push(Lexeme::Word {
                    text,
                    line: line.number,
                    column,
                });
            }
        }
    }
}

/// Reads comment text up to its `}` (true) or the end of the line (false).
fn scan_comment(cur: &mut Cursor<'_>, comment: &mut OpenComment) -> Result<bool, RecordError> {
    loop {
        let column = cur.column;
        let c = match cur.bump() {
            None => return Ok(false),
            Some('}') => return Ok(true),
            Some('\\') => match cur.bump() {
                Some(c @ ('\\' | '}')) => c,
                Some(found) => return Err(cur.error(column, RecordErrorKind::BadEscape { found })),
                None => return Err(cur.error(column, RecordErrorKind::BadEscape { found: '\n' })),
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
        comment.line_len += c.len_utf8();
        if comment.line_len > MAX_TEXT {
            return Err(cur.error(
                column,
                RecordErrorKind::BadToken {
                    token: "{…".into(),
                    reason: format!("a comment line is longer than {MAX_TEXT} bytes"),
                },
            ));
        }
        comment.text.push(c);
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
        let tag = parse_tag_line(&line(r#"  [Event "A \"big\" \\ day"]  "#)).unwrap();
        assert_eq!(tag.name, "Event");
        assert_eq!(tag.value, r#"A "big" \ day"#);
        assert_eq!((tag.line, tag.name_column, tag.value_column), (3, 4, 11));
        let column = |text: &str| parse_tag_line(&line(text)).unwrap_err().column();
        assert_eq!(column(r#"[Event"x"]"#), 7);
        assert_eq!(column(r#"[Event x]"#), 8);
        assert_eq!(column(r#"[Event "x\n"]"#), 10);
        assert_eq!(column(r#"[Event "x""#), 11);
        assert_eq!(column(r#"[Event "x"] [Site "y"]"#), 13);
        assert_eq!(column(r#"[1x "y"]"#), 2);
        assert_eq!(column("[Event \"a\u{7}\"]"), 10);
        assert_eq!(column(r#"[Event "x"#), 10);
    }

    #[test]
    fn words_and_comments() {
        let mut open = None;
        let mut out = Vec::new();
        scan_line(
            &line("1.e2e5 {a \\} b\\\\}e9e6 {multi"),
            &mut open,
            &mut out,
        )
        .unwrap();
        assert!(open.is_some());
        scan_line(&line("line} *"), &mut open, &mut out).unwrap();
        assert!(open.is_none());
        let texts: Vec<(String, usize, usize)> = out
            .into_iter()
            .map(|l| match l {
                Lexeme::Word { text, line, column } => (text, line, column),
                Lexeme::Comment { text, line, column } => (format!("{{{text}}}"), line, column),
            })
            .collect();
        assert_eq!(
            texts,
            [
                ("1.e2e5".to_string(), 3, 1),
                ("{a } b\\}".to_string(), 3, 8),
                ("e9e6".to_string(), 3, 18),
                ("{multi\nline}".to_string(), 3, 23),
                ("*".to_string(), 3, 7),
            ]
        );
        let mut open = None;
        let err = scan_line(&line("e2e5 }"), &mut open, &mut Vec::new()).unwrap_err();
        assert_eq!(
            (err.column(), err.kind()),
            (6, &RecordErrorKind::UnexpectedBrace)
        );
        let err = scan_line(&line("{a\\b}"), &mut None, &mut Vec::new()).unwrap_err();
        assert_eq!(err.column(), 3);
    }
}
