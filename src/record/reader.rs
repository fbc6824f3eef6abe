//! Reading records from text: [`Reader`], an iterator over the records of
//! any [`BufRead`], one record in memory at a time.

use std::io::BufRead;

use super::any::Record;
use super::chaturaji::ChaturajiGame;
use super::error::{RecordError, RecordErrorKind, ResultError};
use super::game::{move_number_len, Game};
use super::game_record::{check_result, GameRecord};
use super::kaissa::KaissaGame;
use super::lexer::{parse_tag_line, scan_line, Lexeme, OpenComment, RawTag};
use super::lines::{Line, Lines};
use super::ludii::parse_scores;
use super::result::{GameResult, Termination};
use super::tags::RESERVED_TAGS;
use crate::error::excerpt;

/// Reads the records of a text one after the other: an iterator of
/// `Result<Record, RecordError>`. Only the record being read is held in
/// memory, so files of any size stream through it.
///
/// Every action is checked against the rules, and the result against the
/// final position. After an error the reader skips to the next line that
/// starts with `[` beyond the faulty record and goes on from there (an I/O
/// error ends the iteration).
///
/// ```
/// use kaissa_chaturaji::record::{Reader, Record};
/// let text = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e2e5 *\n\n\
///             [Game \"chaturaji\"]\n[Result \"*\"]\n[Termination \"abandoned\"]\n\n1. 2:h1f3 *\n";
/// let records: Vec<Record> = Reader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[1].game(), "chaturaji");
/// # Ok::<(), kaissa_chaturaji::record::RecordError>(())
/// ```
pub struct Reader<R> {
    lines: Lines<R>,
    resync: Resync,
}

/// What to skip after an error before the next record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Resync {
    /// Nothing: the faulty record was read to its end.
    None,
    /// The rest of the tag pairs, then the movetext.
    Tags,
    /// The rest of the movetext.
    Body,
}

type Failure = (RecordError, Resync);

impl<R: BufRead> Reader<R> {
    /// A reader of the records in `input`.
    ///
    /// ```
    /// use kaissa_chaturaji::record::Reader;
    /// assert!(Reader::new(&b""[..]).next().is_none());
    /// ```
    pub fn new(input: R) -> Reader<R> {
        Reader {
            lines: Lines::new(input),
            resync: Resync::None,
        }
    }

    /// Skips input after an error, to the first line of the next record.
    fn skip(&mut self, resync: Resync) {
        let mut in_tags = resync == Resync::Tags;
        if resync == Resync::None {
            return;
        }
        loop {
            let tag = match self.lines.peek() {
                Ok(None) => return,
                Ok(Some(line)) => line.is_tag(),
                Err(_) => {
                    if self.lines.done() {
                        return;
                    }
                    continue;
                }
            };
            if tag && !in_tags {
                return;
            }
            in_tags = in_tags && tag;
            let _ = self.lines.next_line();
        }
    }

    /// Skips blank lines; `false` at the end of the input.
    fn skip_blank(&mut self) -> Result<bool, Failure> {
        loop {
            match self.lines.peek().map_err(|e| (e, Resync::Body))? {
                None => return Ok(false),
                Some(line) if line.is_blank() => {
                    self.lines.next_line().map_err(|e| (e, Resync::Body))?;
                }
                Some(_) => return Ok(true),
            }
        }
    }

    /// Reads the tag pairs of a record (the first line is not blank).
    fn read_header(&mut self) -> Result<Header, Failure> {
        let first = match self.lines.next_line().map_err(|e| (e, Resync::Body))? {
            Some(line) => line,
            None => {
                return Err((
                    RecordError::new(1, 1, RecordErrorKind::NoRecord),
                    Resync::None,
                ))
            }
        };
        if !first.is_tag() {
            let column = first.text.chars().take_while(|c| c.is_whitespace()).count() + 1;
            let error = RecordError::new(first.number, column, RecordErrorKind::ExpectedTags);
            return Err((error, Resync::Body));
        }
        let mut header = Header {
            first_line: first.number,
            tags: Vec::new(),
        };
        let mut next = Some(first);
        while let Some(line) = next {
            let tag = parse_tag_line(&line).map_err(|e| (e, Resync::Tags))?;
            if header.tags.iter().any(|t| t.name == tag.name) {
                let error = RecordError::new(
                    tag.line,
                    tag.name_column,
                    RecordErrorKind::DuplicateTag { name: tag.name },
                );
                return Err((error, Resync::Tags));
            }
            header.tags.push(tag);
            next = match self.lines.peek().map_err(|e| (e, Resync::Tags))? {
                Some(line) if line.is_tag() => {
                    self.lines.next_line().map_err(|e| (e, Resync::Tags))?
                }
                _ => None,
            };
        }
        Ok(header)
    }

    /// Reads the next record of any game.
    fn read_record(&mut self) -> Result<Option<Record>, Failure> {
        if !self.skip_blank()? {
            return Ok(None);
        }
        let header = self.read_header()?;
        let game = header.required("Game").map_err(|e| (e, Resync::Body))?;
        let record = match game.value.as_str() {
            KaissaGame::NAME => Record::Kaissa(self.read_game::<KaissaGame>(&header)?),
            ChaturajiGame::NAME => Record::Chaturaji(self.read_game::<ChaturajiGame>(&header)?),
            other => {
                let error = game.error(RecordErrorKind::BadTagValue {
                    name: "Game".into(),
                    reason: format!("\"{}\" is not kaissa or chaturaji", excerpt(other)),
                });
                return Err((error, Resync::Body));
            }
        };
        Ok(Some(record))
    }

    /// Reads the record of a game of `G` whose tag pairs are `header`.
    fn read_game<G: Game>(&mut self, header: &Header) -> Result<GameRecord<G>, Failure> {
        let tags = header.game_tags::<G>().map_err(|e| (e, Resync::Body))?;
        let mut record = GameRecord::new(tags.start);
        for tag in header
            .tags
            .iter()
            .filter(|t| !RESERVED_TAGS.contains(&t.name.as_str()))
        {
            record
                .tags_mut()
                .set(&tag.name, &tag.value)
                .map_err(|err| {
                    let kind = RecordErrorKind::BadTagValue {
                        name: tag.name.clone(),
                        reason: err.to_string(),
                    };
                    (tag.error(kind), Resync::Body)
                })?;
        }
        let (result, line, column) = self.read_movetext(&mut record)?;
        let plies = record.actions().len();
        let at = |line, column, kind| {
            (
                RecordError::new(line, column, kind).with_ply(plies),
                Resync::None,
            )
        };
        if result != tags.result {
            let kind = RecordErrorKind::ResultMismatch {
                tag: tags.result,
                movetext: result,
            };
            return Err(at(line, column, kind));
        }
        if let (Some((claimed, tag)), Some(actual)) =
            (tags.scores, G::scores(record.final_position()))
        {
            if claimed != actual {
                let kind = RecordErrorKind::ScoresMismatch {
                    tag: claimed,
                    actual,
                };
                return Err(at(tag.line, tag.value_column, kind));
            }
        }
        if let Err(err) = check_result::<G>(record.final_position(), result, tags.termination) {
            let blame_result = match err {
                ResultError::ResultNotForGame { .. } => true,
                ResultError::Contradicted {
                    claimed_termination,
                    actual_termination,
                    ..
                } => claimed_termination == actual_termination,
                _ => false,
            };
            let tag = if blame_result {
                tags.result_tag
            } else {
                tags.termination_tag
            };
            return Err(at(
                tag.line,
                tag.value_column,
                RecordErrorKind::WrongResult(err),
            ));
        }
        record
            .set_result(result, tags.termination)
            .map_err(|err| at(line, column, RecordErrorKind::WrongResult(err)))?;
        Ok(record)
    }

    /// Reads movetext into `record` up to its result; returns the result
    /// and where it stands.
    fn read_movetext<G: Game>(
        &mut self,
        record: &mut GameRecord<G>,
    ) -> Result<(GameResult, usize, usize), Failure> {
        let body = |e| (e, Resync::Body);
        let mut open: Option<OpenComment> = None;
        let mut lexemes = Vec::new();
        let mut last_line = Line {
            number: self.lines.number(),
            text: String::new(),
        };
        loop {
            match self.lines.peek().map_err(body)? {
                None => {
                    let error = match &open {
                        Some(comment) => {
                            comment.unterminated().with_ply(record.actions().len() + 1)
                        }
                        None => RecordError::new(
                            last_line.number.max(1),
                            last_line.text.chars().count() + 1,
                            RecordErrorKind::MissingResult,
                        )
                        .with_ply(record.actions().len()),
                    };
                    return Err((error, Resync::None));
                }
                Some(line) if open.is_none() && line.is_tag() => {
                    let column = line.text.chars().take_while(|c| c.is_whitespace()).count() + 1;
                    let error =
                        RecordError::new(line.number, column, RecordErrorKind::TagInMovetext);
                    return Err((error, Resync::None));
                }
                Some(_) => {}
            }
            let Some(line) = self.lines.next_line().map_err(body)? else {
                continue;
            };
            // The lexemes before a faulty character are used first: an
            // error among them comes earlier in the text.
            let scanned = scan_line(&line, &mut open, &mut lexemes);
            let mut end = None;
            for lexeme in lexemes.drain(..) {
                let (line_no, column) = match &lexeme {
                    Lexeme::Word { line, column, .. } | Lexeme::Comment { line, column, .. } => {
                        (*line, *column)
                    }
                };
                if end.is_some() {
                    let error = RecordError::new(line_no, column, RecordErrorKind::TextAfterResult);
                    return Err((error, Resync::None));
                }
                match lexeme {
                    Lexeme::Comment { text, .. } => record.push_comment(text),
                    Lexeme::Word { text, line, column } => {
                        end = read_word(record, &text, line, column).map_err(body)?;
                    }
                }
            }
            if let Err(error) = scanned {
                if end.is_some() {
                    let kind = RecordErrorKind::TextAfterResult;
                    let error = RecordError::new(error.line(), error.column(), kind);
                    return Err((error, Resync::None));
                }
                return Err((error.with_ply(record.actions().len() + 1), Resync::Body));
            }
            if let Some(result) = end {
                if let Some(comment) = &open {
                    let (line, column) = comment.position();
                    let error = RecordError::new(line, column, RecordErrorKind::TextAfterResult);
                    return Err((error, Resync::None));
                }
                return Ok(result);
            }
            last_line = line;
        }
    }
}

/// Handles one word of movetext: a result (returned with its place), a
/// move number, an action, or a move number glued to an action.
fn read_word<G: Game>(
    record: &mut GameRecord<G>,
    text: &str,
    line: usize,
    column: usize,
) -> Result<Option<(GameResult, usize, usize)>, RecordError> {
    let ply = record.actions().len() + 1;
    let error = |column, kind| RecordError::new(line, column, kind).with_ply(ply);
    if let Some(result) = G::parse_result(text) {
        return Ok(Some((result, line, column)));
    }
    if text.ends_with("-wins") || ["1-0", "0-1", "1/2-1/2", "draws"].contains(&text) {
        let kind = RecordErrorKind::BadToken {
            token: excerpt(text),
            reason: format!(
                "not a result of a {} record ({})",
                G::NAME,
                G::result_words()
            ),
        };
        return Err(error(column, kind));
    }
    let mut action_text = text;
    let mut action_column = column;
    if let Some(len) = move_number_len(text) {
        let (number, _) = G::move_number(record.final_position());
        let expected = number.to_string();
        if text[..len] != expected {
            let kind = RecordErrorKind::MoveNumber {
                found: excerpt(&text[..len]),
                expected,
            };
            return Err(error(column, kind));
        }
        action_text = &text[len..];
        action_column = column + len;
        if action_text.is_empty() {
            return Ok(None);
        }
    }
    let action = G::parse_action(action_text).map_err(|err| {
        let offset = err.offset().unwrap_or(0);
        let chars = action_text.get(..offset).map_or(0, |s| s.chars().count());
        let kind = RecordErrorKind::BadToken {
            token: excerpt(action_text),
            reason: err.reason().to_string(),
        };
        error(action_column + chars, kind)
    })?;
    record.play(action).map_err(|err| {
        let kind = RecordErrorKind::IllegalAction {
            token: excerpt(action_text),
            error: err,
        };
        error(action_column, kind)
    })?;
    Ok(None)
}

/// The tag pairs of a record as read.
struct Header {
    first_line: usize,
    tags: Vec<RawTag>,
}

/// What the reserved tags of a record of `G` say.
struct GameTags<'h, G: Game> {
    start: G::Position,
    result: GameResult,
    termination: Termination,
    result_tag: &'h RawTag,
    termination_tag: &'h RawTag,
    /// The `Scores` tag's scores, with the tag.
    scores: Option<([u32; 4], &'h RawTag)>,
}

impl Header {
    fn get(&self, name: &str) -> Option<&RawTag> {
        self.tags.iter().find(|t| t.name == name)
    }

    fn required(&self, name: &'static str) -> Result<&RawTag, RecordError> {
        self.get(name).ok_or_else(|| {
            RecordError::new(self.first_line, 1, RecordErrorKind::MissingTag { name })
        })
    }

    /// Reads the rules options, start position, result and termination.
    fn game_tags<G: Game>(&self) -> Result<GameTags<'_, G>, RecordError> {
        let rules = self.get("Rules");
        let draw_limit = self.get("DrawLimit");
        let options = G::options_from_tags(
            rules.map(|t| t.value.as_str()),
            draw_limit.map(|t| t.value.as_str()),
        )
        .map_err(|(name, reason)| {
            let tag = if name == "Rules" { rules } else { draw_limit };
            let (line, column) = tag.map_or((self.first_line, 1), |t| (t.line, t.value_column));
            RecordError::new(
                line,
                column,
                RecordErrorKind::BadTagValue {
                    name: name.into(),
                    reason,
                },
            )
        })?;
        let scores = match self.get("Scores") {
            None => None,
            Some(tag) if !G::has_scores(options) => {
                return Err(tag.error(RecordErrorKind::BadTagValue {
                    name: "Scores".into(),
                    reason: "only a chaturaji record under the ludii rules has scores".into(),
                }))
            }
            Some(tag) => {
                let claimed = parse_scores(&tag.value).map_err(|(offset, reason)| {
                    let chars = tag.value.get(..offset).map_or(0, |s| s.chars().count());
                    RecordError::new(
                        tag.line,
                        tag.value_column + chars,
                        RecordErrorKind::BadTagValue {
                            name: "Scores".into(),
                            reason,
                        },
                    )
                })?;
                Some((claimed, tag))
            }
        };
        let start = match self.get("Position") {
            None => G::start(options),
            Some(tag) => G::parse_position(&tag.value, options).map_err(|err| {
                let offset = err.offset().unwrap_or(0);
                let chars = tag.value.get(..offset).map_or(0, |s| s.chars().count());
                RecordError::new(
                    tag.line,
                    tag.value_column + chars,
                    RecordErrorKind::BadPosition(err),
                )
            })?,
        };
        let result_tag = self.required("Result")?;
        let result = G::parse_result(&result_tag.value).ok_or_else(|| {
            result_tag.error(RecordErrorKind::BadTagValue {
                name: "Result".into(),
                reason: format!(
                    "\"{}\" is not a result of a {} record ({})",
                    excerpt(&result_tag.value),
                    G::NAME,
                    G::result_words()
                ),
            })
        })?;
        let termination_tag = self.required("Termination")?;
        let terminations = G::terminations(options);
        let termination = Termination::from_word(&termination_tag.value)
            .filter(|t| terminations.contains(t))
            .ok_or_else(|| {
                let words: Vec<&str> = terminations.iter().map(|t| t.word()).collect();
                termination_tag.error(RecordErrorKind::BadTagValue {
                    name: "Termination".into(),
                    reason: format!(
                        "\"{}\" does not end a {} game ({})",
                        excerpt(&termination_tag.value),
                        G::NAME,
                        words.join(", ")
                    ),
                })
            })?;
        Ok(GameTags {
            start,
            result,
            termination,
            result_tag,
            termination_tag,
            scores,
        })
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Result<Record, RecordError>> {
        if self.lines.done() {
            return None;
        }
        let resync = core::mem::replace(&mut self.resync, Resync::None);
        self.skip(resync);
        match self.read_record() {
            Ok(record) => record.map(Ok),
            Err((error, resync)) => {
                self.resync = resync;
                Some(Err(error))
            }
        }
    }
}

/// Reads the one record in `text`, which must be of `G`.
pub(crate) fn read_one<G: Game>(text: &str) -> Result<GameRecord<G>, RecordError> {
    let mut reader = Reader::new(text.as_bytes());
    let only = |e: Failure| e.0;
    if !reader.skip_blank().map_err(only)? {
        return Err(RecordError::new(1, 1, RecordErrorKind::NoRecord));
    }
    let header = reader.read_header().map_err(only)?;
    let game = header.required("Game")?;
    if game.value != G::NAME {
        let found = match game.value.as_str() {
            KaissaGame::NAME => KaissaGame::NAME,
            ChaturajiGame::NAME => ChaturajiGame::NAME,
            other => {
                return Err(game.error(RecordErrorKind::BadTagValue {
                    name: "Game".into(),
                    reason: format!("\"{}\" is not kaissa or chaturaji", excerpt(other)),
                }))
            }
        };
        return Err(game.error(RecordErrorKind::WrongGame {
            expected: G::NAME,
            found,
        }));
    }
    let record = reader.read_game::<G>(&header).map_err(only)?;
    reader.expect_end()?;
    Ok(record)
}

/// Reads the one record in `text`, of either game.
pub(crate) fn read_any(text: &str) -> Result<Record, RecordError> {
    let mut reader = Reader::new(text.as_bytes());
    match reader.read_record() {
        Ok(Some(record)) => {
            reader.expect_end()?;
            Ok(record)
        }
        Ok(None) => Err(RecordError::new(1, 1, RecordErrorKind::NoRecord)),
        Err((error, _)) => Err(error),
    }
}

impl<R: BufRead> Reader<R> {
    /// Checks that only blank lines are left.
    fn expect_end(&mut self) -> Result<(), RecordError> {
        if self.skip_blank().map_err(|e| e.0)? {
            let (number, column) = self.lines.peek()?.map_or((1, 1), |l| {
                let column = l.text.chars().take_while(|c| c.is_whitespace()).count() + 1;
                (l.number, column)
            });
            return Err(RecordError::new(number, column, RecordErrorKind::ExtraText));
        }
        Ok(())
    }
}
