//! Reading records from text: [`Reader`], an iterator over the records of
//! any [`BufRead`] (one record in memory at a time), and
//! [`Reader::visit`], which streams a record's parts to a
//! [`RecordVisitor`] without building it.
//!
//! Both share one reading path: the tag pairs go into a text buffer that
//! is reused from record to record (duplicate names are found through a
//! hash of each name, so a record with any number of tags reads in linear
//! time), the movetext is cut into words and comments that borrow the
//! line, and each action is played on one position, which a sink (the
//! record builder or the visitor) is shown.

use core::str::FromStr;
use std::io::BufRead;

use super::any::Record;
use super::ending::{check_result, complete, Incomplete};
use super::ending_places::EndingPlaces;
use super::error::{ActionError, RecordError, RecordErrorKind};
use super::game::{move_number_len, ReadableFailure, RecordedGame};
use super::game_record::GameRecord;
use super::header::Header;
use super::lexer::{Lexeme, Scanner};
use super::lines::{Lines, Place};
use super::result::{GameResult, Termination};
use super::tags::RESERVED_TAGS;
use super::visitor::RecordVisitor;
use crate::error::excerpt;
use crate::game::{Chaturaji, Kaissa};

/// Reads the records of a text one after the other: an iterator of
/// `Result<Record, RecordError>`. Only the record being read is held in
/// memory, so files of any size stream through it; [`Reader::visit`]
/// reads a record without building it at all.
///
/// Every action is checked against the rules, and the result against the
/// final position. After an error the reader skips to the next line that
/// starts with `[` beyond the faulty record and goes on from there (an I/O
/// error ends the iteration).
///
/// Actions may be written as move text (`e2e5`, `2:h1f3`) or as readable
/// moves (`e5`, `Tf4`, `2:rHh1-f3`; docs/records.md, section 3). Only
/// spaces and tabs separate the parts of a record: other white space
/// (U+00A0, U+3000, a vertical tab, …) is an error at its line and column.
///
/// ```
/// use kaissa_chaturaji::record::{Reader, Record};
/// let text = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e5 e6 2. Tf4 *\n\n\
///             [Game \"chaturaji\"]\n[Result \"*\"]\n[Termination \"abandoned\"]\n\n1. 2:h1f3 *\n";
/// let records: Vec<Record> = Reader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[0].action_text(2).as_deref(), Some("d1f4"));
/// assert_eq!(records[1].game(), "chaturaji");
/// # Ok::<(), kaissa_chaturaji::record::RecordError>(())
/// ```
pub struct Reader<R> {
    lines: Lines<R>,
    resync: Resync,
    lenient: bool,
    header: Header,
    scanner: Scanner,
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

fn body(error: RecordError) -> Failure {
    (error, Resync::Body)
}

/// What reading a record tells its receiver: the builder of a
/// [`GameRecord`] or a [`RecordVisitor`]. It is told only of records
/// whose tag pairs are right; an error later in the record stops the
/// telling.
trait Sink<G: RecordedGame> {
    type Output;
    /// The tag pairs (all right) and the start position.
    fn begin(&mut self, header: &Header, start: &G::Position);
    /// A legal action, and the position after it.
    fn action(&mut self, action: G::MovetextAction, after: &G::Position);
    /// A comment (unescaped).
    fn comment(&mut self, text: &str);
    /// The end of a right record.
    fn end(&mut self, result: GameResult, termination: Termination, last: &G) -> Self::Output;
}

/// Builds the [`GameRecord`] the iterator yields.
struct Builder<G: RecordedGame> {
    record: Option<GameRecord<G>>,
}

impl<G: RecordedGame> Builder<G> {
    fn new() -> Builder<G> {
        Builder { record: None }
    }
}

impl<G: RecordedGame> Sink<G> for Builder<G> {
    type Output = GameRecord<G>;

    fn begin(&mut self, header: &Header, start: &G::Position) {
        let mut record = GameRecord::new(start.clone());
        for tag in &header.tags {
            let name = header.name(tag);
            if !RESERVED_TAGS.contains(&name) {
                // Names are unique and values checked by the reader.
                record.tags_mut().push_unique(name, header.value(tag));
            }
        }
        self.record = Some(record);
    }

    fn action(&mut self, action: G::MovetextAction, _after: &G::Position) {
        if let Some(record) = &mut self.record {
            record.push_checked(action);
        }
    }

    fn comment(&mut self, text: &str) {
        if let Some(record) = &mut self.record {
            record.push_comment(text.to_string());
        }
    }

    fn end(&mut self, result: GameResult, termination: Termination, last: &G) -> GameRecord<G> {
        let mut record = self
            .record
            .take()
            .unwrap_or_else(|| GameRecord::new(last.position().clone()));
        record.finish(last.clone(), result, termination);
        record
    }
}

/// Tells a [`RecordVisitor`] what is read.
struct Visit<'v, V>(&'v mut V);

impl<G: RecordedGame, V: RecordVisitor> Sink<G> for Visit<'_, V> {
    type Output = V::Output;

    fn begin(&mut self, header: &Header, start: &G::Position) {
        self.0.begin_record();
        for tag in &header.tags {
            self.0.tag(header.name(tag), header.value(tag));
        }
        self.0.begin_movetext(G::visited_position(start));
    }

    fn action(&mut self, action: G::MovetextAction, after: &G::Position) {
        self.0
            .action(G::visited_action(action), G::visited_position(after));
    }

    fn comment(&mut self, text: &str) {
        self.0.comment(text);
    }

    fn end(&mut self, result: GameResult, termination: Termination, last: &G) -> V::Output {
        self.0
            .end_record(result, termination, G::visited_position(last.position()))
    }
}

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
            lenient: false,
            header: Header::default(),
            scanner: Scanner::default(),
        }
    }

    /// The same reader in **lenient** mode, for hand-written records
    /// (docs/records.md, section 5): a record may lack its `Result` tag,
    /// its `Termination` tag and the result that ends its movetext (its
    /// movetext then ends at the next line that starts with `[`, or at
    /// the end of the input). What is missing is what the game says:
    /// the rules' result and termination when the final position is over
    /// by the rules; otherwise `*` and `unfinished`, or, for a stated
    /// result, `resignation` (a win), `agreement` (a draw) or
    /// `unfinished` (`*`). Everything else is checked as in strict mode,
    /// and the records read are the same as strict ones: written back,
    /// they carry the tags they lacked.
    ///
    /// ```
    /// use kaissa_chaturaji::record::{GameResult, Reader, Termination};
    /// let text = "[Game \"kaissa\"]\n[Event \"Hand-written\"]\n\n1. e5 e6 2. Tf4\n\n[Game \"kaissa\"]\n[Result \"draw\"]\n\n1. e2e5\n";
    /// assert!(Reader::new(text.as_bytes()).next().unwrap().is_err());
    /// let records: Vec<_> = Reader::new(text.as_bytes()).lenient().collect::<Result<_, _>>()?;
    /// assert_eq!(records.len(), 2);
    /// assert_eq!((records[0].result(), records[0].termination()), (GameResult::Unfinished, Termination::Unfinished));
    /// assert_eq!(records[0].action_count(), 3);
    /// assert_eq!(records[1].termination(), Termination::Agreement);
    /// assert!(records[0].to_string().contains("[Result \"*\"]\n[Termination \"unfinished\"]\n"));
    /// # Ok::<(), kaissa_chaturaji::record::RecordError>(())
    /// ```
    #[must_use]
    pub fn lenient(mut self) -> Reader<R> {
        self.lenient = true;
        self
    }

    /// Reads the next record and tells `visitor` its parts as they are
    /// read, without building it: `None` at the end of the input, else
    /// the visitor's [`end_record`](RecordVisitor::end_record) output or
    /// the record's error. A visit checks exactly what the iterator
    /// checks (every action against the rules, the result against the
    /// final position; and the same in [lenient](Reader::lenient) mode),
    /// so a record that the iterator refuses fails here with the same
    /// error; a visitor is told nothing of a record whose tag pairs are
    /// wrong, and told a faulty record's parts up to its error. After an
    /// error, the next visit goes on with the next record.
    ///
    /// The reader reuses its buffers: reading a record whose actions are
    /// written as move text allocates nothing per action (readable moves
    /// are resolved by the positions' readable parsers, which may), and,
    /// once its buffers have grown, a record that starts from the start
    /// position allocates nothing at all (`tests/no_alloc/records.rs`).
    ///
    /// ```
    /// use kaissa_chaturaji::record::{GameResult, Reader, RecordAction, RecordPosition, RecordVisitor, Termination};
    /// /// Counts the records and actions, and the records Yellow won.
    /// #[derive(Default)]
    /// struct Count { records: usize, actions: usize, yellow: usize }
    /// impl RecordVisitor for Count {
    ///     type Output = ();
    ///     fn action(&mut self, _action: RecordAction, _after: RecordPosition<'_>) {
    ///         self.actions += 1;
    ///     }
    ///     fn end_record(&mut self, result: GameResult, _: Termination, _: RecordPosition<'_>) {
    ///         self.records += 1;
    ///         self.yellow += usize::from(result.to_string() == "yellow-wins");
    ///     }
    /// }
    /// let text = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e2e5 e9e6 *\n";
    /// let mut reader = Reader::new(text.as_bytes());
    /// let mut count = Count::default();
    /// while let Some(record) = reader.visit(&mut count) {
    ///     record?;
    /// }
    /// assert_eq!((count.records, count.actions, count.yellow), (1, 2, 0));
    /// # Ok::<(), kaissa_chaturaji::record::RecordError>(())
    /// ```
    pub fn visit<V: RecordVisitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, RecordError>> {
        if self.lines.done() {
            return None;
        }
        let resync = core::mem::replace(&mut self.resync, Resync::None);
        self.skip(resync);
        let read = match self.next_header() {
            Ok(None) => return None,
            Ok(Some(Kaissa::NAME)) => self.read_game::<Kaissa, _>(&mut Visit(visitor)),
            Ok(Some(_)) => self.read_game::<Chaturaji, _>(&mut Visit(visitor)),
            Err(failure) => Err(failure),
        };
        Some(read.map_err(|(error, resync)| {
            self.resync = resync;
            error
        }))
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
            self.lines.consume();
        }
    }

    /// Skips blank lines; `false` at the end of the input.
    fn skip_blank(&mut self) -> Result<bool, Failure> {
        loop {
            match self.lines.peek().map_err(body)? {
                None => return Ok(false),
                Some(line) if line.is_blank() => self.lines.consume(),
                Some(_) => return Ok(true),
            }
        }
    }

    /// Reads the tag pairs of the next record into `self.header`, and
    /// the name of its game ([`RecordedGame::NAME`]); `None` at the end of
    /// the input.
    fn next_header(&mut self) -> Result<Option<&'static str>, Failure> {
        if !self.skip_blank()? {
            return Ok(None);
        }
        self.read_header()?;
        let game = self.header.required("Game").map_err(body)?;
        match self.header.value(game) {
            Kaissa::NAME => Ok(Some(Kaissa::NAME)),
            Chaturaji::NAME => Ok(Some(Chaturaji::NAME)),
            other => {
                let error = game.error(RecordErrorKind::BadTagValue {
                    name: "Game".into(),
                    reason: format!("\"{}\" is not kaissa or chaturaji", excerpt(other)),
                });
                Err(body(error))
            }
        }
    }

    /// Reads the tag pairs of a record (its first line is not blank) into
    /// `self.header`.
    fn read_header(&mut self) -> Result<(), Failure> {
        let Some(first) = self.lines.peek().map_err(body)? else {
            let error = RecordError::new(1, 1, RecordErrorKind::NoRecord);
            return Err((error, Resync::None));
        };
        if !first.is_tag() {
            let error = first.misplaced(RecordErrorKind::ExpectedTags);
            self.lines.consume();
            return Err(body(error));
        }
        self.header.clear(first.number);
        loop {
            let pushed = match self.lines.peek() {
                Ok(Some(line)) if line.looks_like_tag() => self.header.push(line),
                Ok(_) => return Ok(()),
                Err(error) => Err(error),
            };
            self.lines.consume();
            pushed.map_err(|error| (error, Resync::Tags))?;
        }
    }

    /// Reads the record of a game of `G` whose tag pairs are in
    /// `self.header`, telling `sink`.
    fn read_game<G: RecordedGame, S: Sink<G>>(
        &mut self,
        sink: &mut S,
    ) -> Result<S::Output, Failure> {
        let tags = self.header.game_tags::<G>(self.lenient).map_err(body)?;
        self.header.check_free_tags().map_err(body)?;
        sink.begin(&self.header, &tags.start);
        let mut game = G::from_position(tags.start);
        let movetext = self.read_movetext::<G, S>(&mut game, sink)?;
        let position = game.position();
        let plies = movetext.actions;
        let at = |(line, column): Place, kind| {
            (
                RecordError::new(line, column, kind).with_ply(plies),
                Resync::None,
            )
        };
        if let (Some((tag, _)), Some((text, place))) = (tags.result, movetext.result) {
            if tag != text {
                let kind = RecordErrorKind::ResultMismatch {
                    tag,
                    movetext: text,
                };
                return Err(at(place, kind));
            }
        }
        if let (Some((claimed, place)), Some(actual)) = (tags.scores, G::scores(position)) {
            if claimed != actual {
                let kind = RecordErrorKind::ScoresMismatch {
                    tag: claimed,
                    actual,
                };
                return Err(at(place, kind));
            }
        }
        let places = EndingPlaces::new(
            self.header.first_line,
            tags.result.map(|(_, place)| place),
            tags.termination.map(|(_, place)| place),
            movetext.result.map(|(_, place)| place),
        );
        let claimed_result = tags.result.or(movetext.result).map(|(r, _)| r);
        let claimed_termination = tags.termination.map(|(t, _)| t);
        let (result, termination) =
            match complete::<G>(position, claimed_result, claimed_termination) {
                Ok(ending) => ending,
                Err(Incomplete::Result) => {
                    let kind = RecordErrorKind::MissingTag { name: "Result" };
                    return Err(at(places.record, kind));
                }
                Err(Incomplete::Wrong(err)) => {
                    return Err(at(places.termination, RecordErrorKind::WrongResult(err)))
                }
            };
        if let Err(err) = check_result::<G>(position, result, termination) {
            return Err(at(places.of(&err), RecordErrorKind::WrongResult(err)));
        }
        Ok(sink.end(result, termination, &game))
    }

    /// Reads movetext up to its result, playing each action on `game`
    /// and telling `sink`.
    fn read_movetext<G: RecordedGame, S: Sink<G>>(
        &mut self,
        game: &mut G,
        sink: &mut S,
    ) -> Result<Movetext, Failure> {
        self.scanner.reset();
        let mut actions = 0usize;
        let mut last_end: Place = (self.lines.number().max(1), 1);
        loop {
            let Some(line) = self.lines.peek().map_err(body)? else {
                if let Some(error) = self.scanner.unterminated() {
                    return Err((error.with_ply(actions + 1), Resync::None));
                }
                if self.lenient {
                    return Ok(Movetext {
                        result: None,
                        actions,
                    });
                }
                let error =
                    RecordError::new(last_end.0, last_end.1, RecordErrorKind::MissingResult)
                        .with_ply(actions);
                return Err((error, Resync::None));
            };
            if self.scanner.open_at().is_none() && line.is_tag() {
                if self.lenient {
                    // The line stays: it starts the next record.
                    return Ok(Movetext {
                        result: None,
                        actions,
                    });
                }
                let (column, _) = line.first_content();
                let error = RecordError::new(line.number, column, RecordErrorKind::TagInMovetext);
                return Err((error, Resync::None));
            }
            // The lexemes before a faulty character are used first: an
            // error among them comes earlier in the text.
            let mut end: Option<(GameResult, Place)> = None;
            let mut lexeme_failed: Option<Resync> = None;
            let scanned = self.scanner.scan_line(line, |lexeme| {
                let (line_no, column) = match lexeme {
                    Lexeme::Word { line, column, .. } | Lexeme::Comment { line, column, .. } => {
                        (line, column)
                    }
                };
                if end.is_some() {
                    lexeme_failed = Some(Resync::None);
                    return Err(RecordError::new(
                        line_no,
                        column,
                        RecordErrorKind::TextAfterResult,
                    ));
                }
                lexeme_failed = Some(Resync::Body);
                match lexeme {
                    Lexeme::Comment { text, .. } => sink.comment(text),
                    Lexeme::Word { text, line, column } => {
                        end = read_word::<G, S>(game, sink, &mut actions, text, line, column)?;
                    }
                }
                lexeme_failed = None;
                Ok(())
            });
            let line_end: Place = (line.number, line.text.chars().count() + 1);
            self.lines.consume();
            if let Err(error) = scanned {
                if let Some(resync) = lexeme_failed {
                    return Err((error, resync));
                }
                if end.is_some() {
                    if matches!(
                        error.kind(),
                        RecordErrorKind::NotSpaceOrTab { .. }
                            | RecordErrorKind::ControlCharacter { .. }
                    ) {
                        return Err((error, Resync::None));
                    }
                    let kind = RecordErrorKind::TextAfterResult;
                    let error = RecordError::new(error.line(), error.column(), kind);
                    return Err((error, Resync::None));
                }
                return Err((error.with_ply(actions + 1), Resync::Body));
            }
            if let Some((result, place)) = end {
                if let Some((line, column)) = self.scanner.open_at() {
                    let error = RecordError::new(line, column, RecordErrorKind::TextAfterResult);
                    return Err((error, Resync::None));
                }
                return Ok(Movetext {
                    result: Some((result, place)),
                    actions,
                });
            }
            last_end = line_end;
        }
    }
}

/// What a movetext held: the result that ends it (absent only in lenient
/// mode) and how many actions.
struct Movetext {
    result: Option<(GameResult, Place)>,
    actions: usize,
}

/// Handles one word of movetext: a result (returned with its place), a
/// move number, an action (played on `game`, counted in `actions` and
/// told to `sink`), or a move number glued to an action.
fn read_word<G: RecordedGame, S: Sink<G>>(
    game: &mut G,
    sink: &mut S,
    actions: &mut usize,
    text: &str,
    line: usize,
    column: usize,
) -> Result<Option<(GameResult, Place)>, RecordError> {
    let ply = *actions + 1;
    let error = |column, kind| RecordError::new(line, column, kind).with_ply(ply);
    if let Some(result) = G::parse_result(text) {
        return Ok(Some((result, (line, column))));
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
        let (number, _) = G::move_number(game.position());
        if !number.is(&text[..len]) {
            let kind = RecordErrorKind::MoveNumber {
                found: excerpt(&text[..len]),
                expected: number.to_string(),
            };
            return Err(error(column, kind));
        }
        action_text = &text[len..];
        action_column = column + len;
        if action_text.is_empty() {
            return Ok(None);
        }
    }
    let at_offset =
        |offset: usize| action_column + action_text.get(..offset).map_or(0, |s| s.chars().count());
    let illegal = |err: ActionError| {
        error(
            action_column,
            RecordErrorKind::IllegalAction {
                token: excerpt(action_text),
                error: err,
            },
        )
    };
    let action = match action_text.parse::<G::MovetextAction>() {
        Ok(action) => action,
        // Not move text: perhaps a readable move. When it is neither, the
        // readable parser's reason is given for a token that has what
        // only readable moves have (a piece letter, `x`, `-`, `#`), the
        // move text's for any other.
        Err(notation) => {
            let notation_offset = notation.offset().unwrap_or(0);
            let bad_token = |offset: usize, reason: String| {
                error(
                    at_offset(offset),
                    RecordErrorKind::BadToken {
                        token: excerpt(action_text),
                        reason,
                    },
                )
            };
            match G::parse_readable(game.position(), action_text) {
                Some(Ok(action)) => action,
                Some(Err(ReadableFailure::Action(err))) => return Err(illegal(err)),
                Some(Err(ReadableFailure::Malformed { offset, reason }))
                    if looks_readable(action_text) =>
                {
                    return Err(bad_token(offset, reason))
                }
                _ => return Err(bad_token(notation_offset, notation.reason().to_string())),
            }
        }
    };
    game.play(action).map_err(illegal)?;
    *actions += 1;
    sink.action(action, game.position());
    Ok(None)
}

/// Whether an action's text has what only readable moves have: a piece
/// letter (Kaissa's `H@` placement aside), a capture's `x`, the `-`
/// between squares or the `#` of a won game.
fn looks_readable(text: &str) -> bool {
    let text = text.strip_prefix("H@").unwrap_or(text);
    let text = text.split_once(':').map_or(text, |(_, rest)| rest);
    let bytes = text.as_bytes();
    bytes.iter().take(2).any(u8::is_ascii_uppercase)
        || bytes.iter().any(|b| matches!(b, b'x' | b'-' | b'#'))
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Result<Record, RecordError>> {
        if self.lines.done() {
            return None;
        }
        let resync = core::mem::replace(&mut self.resync, Resync::None);
        self.skip(resync);
        let read = match self.next_header() {
            Ok(None) => return None,
            Ok(Some(Kaissa::NAME)) => self
                .read_game::<Kaissa, _>(&mut Builder::new())
                .map(Record::from),
            Ok(Some(_)) => self
                .read_game::<Chaturaji, _>(&mut Builder::new())
                .map(Record::from),
            Err(failure) => Err(failure),
        };
        Some(read.map_err(|(error, resync)| {
            self.resync = resync;
            error
        }))
    }
}

/// Reads the one record in `text`, which must be of `G`.
pub(crate) fn read_one<G: RecordedGame>(text: &str) -> Result<GameRecord<G>, RecordError> {
    let mut reader = Reader::new(text.as_bytes());
    let only = |e: Failure| e.0;
    let name = reader.next_header().map_err(only)?;
    let Some(found) = name else {
        return Err(RecordError::new(1, 1, RecordErrorKind::NoRecord));
    };
    let game = reader.header.required("Game")?;
    if found != G::NAME {
        return Err(game.error(RecordErrorKind::WrongGame {
            expected: G::NAME,
            found,
        }));
    }
    let record = reader
        .read_game::<G, _>(&mut Builder::new())
        .map_err(only)?;
    reader.expect_end()?;
    Ok(record)
}

/// Reads the one record in `text`, of either game.
pub(crate) fn read_any(text: &str) -> Result<Record, RecordError> {
    let mut reader = Reader::new(text.as_bytes());
    match reader.next() {
        Some(Ok(record)) => {
            reader.expect_end()?;
            Ok(record)
        }
        Some(Err(error)) => Err(error),
        None => Err(RecordError::new(1, 1, RecordErrorKind::NoRecord)),
    }
}

impl<R: BufRead> Reader<R> {
    /// Checks that only blank lines are left.
    fn expect_end(&mut self) -> Result<(), RecordError> {
        if self.skip_blank().map_err(|e| e.0)? {
            if let Some(line) = self.lines.peek()? {
                return Err(line.misplaced(RecordErrorKind::ExtraText));
            }
        }
        Ok(())
    }
}

impl<G: RecordedGame> FromStr for GameRecord<G> {
    type Err = RecordError;

    /// Reads exactly one record of this game (blank lines around it are
    /// allowed).
    fn from_str(text: &str) -> Result<GameRecord<G>, RecordError> {
        read_one::<G>(text)
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        read_any(text)
    }
}
