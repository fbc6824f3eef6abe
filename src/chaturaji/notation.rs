//! The position text of the rules reference (§3.3, and §3.5 for the Ludii
//! ruleset): parsing (canonical text only, with consistency checks) and
//! formatting. `from_text` reads under given rules options; `FromStr` picks
//! them by the text's shape ([`Rules::for_text`]: the Ludii options for five
//! fields or a comma in the third, the default options otherwise). A text
//! that fails is tried under the other ruleset or alliance pairing, on the
//! error path only, so that the error can name the options that read it.

use core::fmt;

use arrayvec::ArrayVec;

use crate::error::{escaped_char, excerpt, Field, NotationError, NotationErrorKind};
use crate::geometry::split_fields;

use super::piece::{Colour, PieceKind};
use super::position::{Position, State};
use super::rules::{Alliances, Rules};
use super::validate::{check_consistency, Spot};
use super::{Bitboard, Square};

/// The fields of a position text, in text order (what
/// [`NotationError::field`] names for a problem inside one of them).
///
/// ```
/// use kaissa_chaturaji::chaturaji::FIELDS;
/// use kaissa_chaturaji::error::Field;
/// assert_eq!(FIELDS[2], Field::Command);
/// assert_eq!(FIELDS.map(|f| f.name()).join(" "),
///     "board to-move command lost-pawn captured-rajas quiet ply");
/// ```
pub const FIELDS: [Field; 7] = [
    Field::Board,
    Field::ToMove,
    Field::Command,
    Field::LostPawn,
    Field::CapturedRajas,
    Field::Quiet,
    Field::Ply,
];

/// The fields of a position text under the Ludii ruleset (the rules reference,
/// §3.5), in text order.
///
/// ```
/// use kaissa_chaturaji::chaturaji::LUDII_FIELDS;
/// assert_eq!(LUDII_FIELDS.map(|f| f.name()).join(" "),
///     "board to-move scores decision turns");
/// ```
pub const LUDII_FIELDS: [Field; 5] = [
    Field::Board,
    Field::ToMove,
    Field::Scores,
    Field::Decision,
    Field::Turns,
];

/// The start position's text.
pub const START_TEXT: &str = "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0";

/// The start position's text under the Ludii ruleset: the same board,
/// Green to move, every score 0, no decision pending, no turn played.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Position, Rules, LUDII_START_TEXT};
/// assert_eq!(Position::from_text(LUDII_START_TEXT, Rules::ludii()), Ok(Position::start(Rules::ludii())));
/// ```
pub const LUDII_START_TEXT: &str = "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB g 0,0,0,0 - 0";

pub(super) fn err(
    field: Field,
    at: usize,
    kind: NotationErrorKind,
    reason: impl Into<String>,
) -> NotationError {
    NotationError::at(field, at, kind, reason)
}

/// The kind of error for a character where a letter of a known set was
/// expected: an unknown letter, or something that is no letter at all.
pub(super) fn letter_kind(c: char) -> NotationErrorKind {
    if c.is_ascii_alphabetic() {
        NotationErrorKind::UnknownPiece
    } else {
        NotationErrorKind::UnexpectedCharacter
    }
}

/// The field at index `index` of a position text with fields `names`
/// (`Field::Text` past the last).
fn field_at(names: &[Field], index: usize) -> Field {
    names.get(index).copied().unwrap_or(Field::Text)
}

/// Parses a canonical decimal count (no sign, no leading zero).
pub(super) fn parse_count(text: &str, field: Field, at: usize) -> Result<u32, NotationError> {
    if text.is_empty() {
        return Err(err(
            field,
            at,
            NotationErrorKind::Empty,
            format!("the {field} field is empty"),
        ));
    }
    if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(err(
            field,
            at + i,
            NotationErrorKind::UnexpectedCharacter,
            format!(
                "'{}' in \"{}\": the {field} field is a decimal number",
                escaped_char(c),
                excerpt(text)
            ),
        ));
    }
    if text.len() > 1 && text.starts_with('0') {
        return Err(err(
            field,
            at,
            NotationErrorKind::NotCanonical,
            format!("\"{}\" has a leading zero", excerpt(text)),
        ));
    }
    text.parse().map_err(|_| {
        err(
            field,
            at,
            NotationErrorKind::OutOfRange,
            format!("\"{}\" is too large (at most 4294967295)", excerpt(text)),
        )
    })
}

/// Parses a board field into the state's bitboards, and the offset of each
/// square's token (for precise consistency errors): eight ranks separated
/// by '/', rank 8 first (the rules reference, §3.3).
fn parse_board(
    text: &str,
    at: usize,
    state: &mut State,
    offsets: &mut [usize; 64],
) -> Result<(), NotationError> {
    let ranks: ArrayVec<&str, 9> = text.split('/').take(9).collect();
    if ranks.len() != 8 {
        return Err(rank_count_error(text, at, &ranks));
    }
    let mut start = at;
    for (i, rank_text) in ranks.iter().enumerate() {
        parse_rank(rank_text, 7 - i as i8, start, state, offsets)?;
        start += rank_text.len() + 1;
    }
    Ok(())
}

/// The error for a board field (at byte `at`) that does not split into
/// eight ranks (`ranks`: its first nine at most).
fn rank_count_error(text: &str, at: usize, ranks: &[&str]) -> NotationError {
    let (offset, count) = if ranks.len() > 8 {
        (
            at + ranks[..8].iter().map(|r| r.len() + 1).sum::<usize>() - 1,
            "more than 8".to_string(),
        )
    } else {
        (at + text.len(), ranks.len().to_string())
    };
    err(
        Field::Board,
        offset,
        NotationErrorKind::BoardSize,
        format!("the board has {count} ranks, expected 8 separated by '/'"),
    )
}

/// Parses one rank of the board field (`rank` counts from 0, its text
/// starts at byte `start` of the text): comma-separated pieces and counts
/// of empty squares covering exactly eight squares.
fn parse_rank(
    rank_text: &str,
    rank: i8,
    start: usize,
    state: &mut State,
    offsets: &mut [usize; 64],
) -> Result<(), NotationError> {
    let mut file: i8 = 0;
    let mut col = start;
    let mut last_was_count = false;
    if rank_text.is_empty() {
        return Err(err(
            Field::Board,
            col,
            NotationErrorKind::BoardSize,
            format!("rank {} is empty", rank + 1),
        ));
    }
    for item in rank_text.split(',') {
        if item.is_empty() {
            return Err(err(
                Field::Board,
                col,
                NotationErrorKind::UnexpectedCharacter,
                "empty item in a rank (two commas in a row, or a comma at an end)",
            ));
        }
        if file >= 8 {
            return Err(rank_too_long(col, rank));
        }
        if item.as_bytes()[0].is_ascii_digit() {
            if last_was_count {
                return Err(err(
                    Field::Board,
                    col,
                    NotationErrorKind::NotCanonical,
                    "two counts of empty squares in a row",
                ));
            }
            file += parse_empty_count(item, col, rank, file)?;
            last_was_count = true;
        } else {
            let (colour, kind) = parse_piece_token(item, col)?;
            let Some(sq) = Square::from_coords(file, rank) else {
                // Unreachable: `file < 8` was checked above.
                return Err(rank_too_long(col, rank));
            };
            state.colours[colour.index()] |= sq.bitboard();
            state.kinds[kind.index()] |= sq.bitboard();
            offsets[sq.index()] = col;
            file += 1;
            last_was_count = false;
        }
        col += item.len() + 1;
    }
    if file != 8 {
        return Err(err(
            Field::Board,
            start + rank_text.len(),
            NotationErrorKind::BoardSize,
            format!("rank {} covers {} squares, expected 8", rank + 1, file),
        ));
    }
    Ok(())
}

/// The error for an item (at byte `col`) past the eighth square of `rank`.
fn rank_too_long(col: usize, rank: i8) -> NotationError {
    err(
        Field::Board,
        col,
        NotationErrorKind::BoardSize,
        format!("rank {} covers more than 8 squares", rank + 1),
    )
}

/// Parses a rank item that starts with a digit (at byte `col`): a count of
/// empty squares, 1 to 8 without a leading zero, that fits after the `file`
/// squares of `rank` already covered.
fn parse_empty_count(item: &str, col: usize, rank: i8, file: i8) -> Result<i8, NotationError> {
    if item.starts_with('0') {
        return Err(err(
            Field::Board,
            col,
            NotationErrorKind::NotCanonical,
            "a count of empty squares must be 1..8 without leading zero",
        ));
    }
    if let Some((j, c)) = item.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(err(
            Field::Board,
            col + j,
            NotationErrorKind::UnexpectedCharacter,
            format!(
                "'{}' in \"{}\": an item is a count or a piece",
                escaped_char(c),
                excerpt(item)
            ),
        ));
    }
    let n: i8 = match item.parse() {
        Ok(n) if n <= 8 => n,
        _ => {
            return Err(err(
                Field::Board,
                col,
                NotationErrorKind::OutOfRange,
                format!("count {} is larger than 8", excerpt(item)),
            ))
        }
    };
    if file + n > 8 {
        return Err(rank_too_long(col, rank));
    }
    Ok(n)
}

/// Parses a piece token (at byte `col`): a colour letter and a kind
/// letter, such as `gK`.
fn parse_piece_token(item: &str, col: usize) -> Result<(Colour, PieceKind), NotationError> {
    let mut chars = item.chars();
    let c = chars.next().unwrap_or(' ');
    let colour = Colour::from_letter(c).ok_or_else(|| {
        err(
            Field::Board,
            col,
            letter_kind(c),
            format!(
                "\"{}\": a piece starts with a colour letter r, b, y or g",
                excerpt(item)
            ),
        )
    })?;
    let k = chars.next();
    let kind = k.and_then(PieceKind::from_letter).ok_or_else(|| {
        err(
            Field::Board,
            col + 1,
            k.map_or(NotationErrorKind::UnknownPiece, letter_kind),
            format!(
                "\"{}\": expected a piece letter K, E, H, B or P after the colour",
                excerpt(item)
            ),
        )
    })?;
    if let Some(c) = chars.next() {
        return Err(err(
            Field::Board,
            col + 2,
            NotationErrorKind::UnexpectedCharacter,
            format!(
                "'{}' after \"{}{}\": a piece is two letters such as gK",
                escaped_char(c),
                colour.letter(),
                kind.letter()
            ),
        ));
    }
    Ok((colour, kind))
}

/// Parses a set of colour letters in `rbyg` order; with `repeat`, a letter
/// may be repeated. Returns counts per colour.
fn parse_colour_set(
    text: &str,
    field: Field,
    at: usize,
    repeat: bool,
) -> Result<[u8; 4], NotationError> {
    let mut counts = [0u8; 4];
    if text == "-" {
        return Ok(counts);
    }
    if text.is_empty() {
        return Err(err(
            field,
            at,
            NotationErrorKind::Empty,
            format!("the {field} field is empty (write - for none)"),
        ));
    }
    let mut last: Option<Colour> = None;
    for (i, ch) in text.char_indices() {
        let c = Colour::from_letter(ch).ok_or_else(|| {
            err(
                field,
                at + i,
                letter_kind(ch),
                format!(
                    "'{}' is not a colour letter (r, b, y, g) or a lone -",
                    escaped_char(ch)
                ),
            )
        })?;
        if let Some(l) = last {
            if c < l || (c == l && !repeat) {
                let why = if c == l {
                    "repeated"
                } else {
                    "out of the order rbyg"
                };
                return Err(err(
                    field,
                    at + i,
                    NotationErrorKind::NotCanonical,
                    format!("colour '{ch}' is {why}"),
                ));
            }
        }
        let n = &mut counts[c.index()];
        *n = n.checked_add(1).ok_or_else(|| {
            err(
                field,
                at + i,
                NotationErrorKind::OutOfRange,
                "more than 255 rajas of one colour",
            )
        })?;
        last = Some(c);
    }
    Ok(counts)
}

impl State {
    /// An empty board, Red to move, every colour `x`, no flags, counters 0
    /// (hash not computed).
    pub(crate) const EMPTY: State = State {
        colours: [Bitboard::EMPTY; 4],
        kinds: [Bitboard::EMPTY; 5],
        to_move: Colour::Red,
        command: [None; 4],
        lost_pawn: [false; 4],
        captured_rajas: [0; 4],
        quiet: 0,
        ply: 0,
        hash: 0,
        scores: [0; 4],
        decision: None,
    };
}

impl Position {
    /// Parses a position text under `rules`, rejecting anything malformed
    /// or inconsistent with a precise [`NotationError`] (field, byte offset,
    /// kind). The text has the form of the ruleset in `rules` (the rules
    /// reference, §3.3 for the sheet's, §3.5 for Ludii's); the alliances
    /// and the draw limit are not written in it and come from `rules`.
    ///
    /// A text that is valid only under other options gets an error of kind
    /// [`NotationErrorKind::WrongRules`] whose message names them: a text of
    /// the other ruleset's form, or a command field that only the other
    /// alliance pairing allows. (These are tried only once the text has
    /// failed, so a valid text costs nothing extra.)
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Alliances, Position, Rules, LUDII_START_TEXT, START_TEXT};
    /// use kaissa_chaturaji::error::{Field, NotationErrorKind};
    /// let pos = Position::from_text(START_TEXT, Rules::default()).unwrap();
    /// assert_eq!(pos, Position::start(Rules::default()));
    /// let err = Position::from_text(&START_TEXT.replace(" r rbyg", " r rbyy"), Rules::default())
    ///     .unwrap_err();
    /// assert_eq!(err.field(), Field::Command);
    /// assert_eq!(err.kind(), NotationErrorKind::Inconsistent);
    ///
    /// // The other ruleset's form.
    /// let err = Position::from_text(LUDII_START_TEXT, Rules::default()).unwrap_err();
    /// assert_eq!(err.kind(), NotationErrorKind::WrongRules);
    /// assert_eq!(err.reason(), "a Ludii position text (5 fields); read it with Rules::ludii()");
    /// let err = Position::from_text(START_TEXT, Rules::ludii()).unwrap_err();
    /// assert_eq!(err.kind(), NotationErrorKind::WrongRules);
    ///
    /// // Green conquered by Red: allies only under the sheet's pairing.
    /// let conquest = START_TEXT.replace(" rbyg ", " rbyr ");
    /// let opposite = Rules::default().with_alliances(Alliances::Opposite);
    /// let err = Position::from_text(&conquest, opposite).unwrap_err();
    /// assert_eq!((err.field(), err.kind()), (Field::Command, NotationErrorKind::WrongRules));
    /// assert!(err.reason().ends_with("read it with Alliances::Sheet"));
    /// ```
    pub fn from_text(text: &str, rules: Rules) -> Result<Position, NotationError> {
        Position::parse_text(text, rules, true)
    }

    /// The parser of [`Position::from_text`]. With `other_forms`, a text
    /// with the field count of the other ruleset's form (so an error under
    /// `rules`) is tried under that ruleset, for a
    /// [`NotationErrorKind::WrongRules`] error.
    fn parse_text(text: &str, rules: Rules, other_forms: bool) -> Result<Position, NotationError> {
        let fields = split_text(text, rules, other_forms)?;
        let mut state = State::EMPTY;
        let mut offsets = [0usize; 64];
        let (board_at, board) = fields[0];
        parse_board(board, board_at, &mut state, &mut offsets)?;
        let (side_at, side) = fields[1];
        state.to_move = parse_to_move(side, side_at)?;
        if rules.is_ludii() {
            return super::ludii::text::parse_ludii_fields(
                state, rules, &fields, &offsets, side_at,
            );
        }
        parse_sheet_fields(state, rules, &fields, &offsets)
    }
}

/// Splits a position text into its fields (offset and text each), checking
/// the text as a whole first: ASCII, not empty, single spaces, and the
/// field count of the ruleset in `rules` (with `other_forms`, a text in the
/// other ruleset's form gets a [`NotationErrorKind::WrongRules`] error).
fn split_text(
    text: &str,
    rules: Rules,
    other_forms: bool,
) -> Result<ArrayVec<(usize, &str), 8>, NotationError> {
    let names: &[Field] = if rules.is_ludii() {
        &LUDII_FIELDS
    } else {
        &FIELDS
    };
    let count = names.len();
    if let Some((at, c)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
        let index = text[..at].matches(' ').count();
        return Err(err(
            field_at(names, index),
            at,
            NotationErrorKind::UnexpectedCharacter,
            format!("unexpected non-ASCII character '{}'", escaped_char(c)),
        ));
    }
    if text.is_empty() {
        return Err(err(
            Field::Board,
            0,
            NotationErrorKind::Empty,
            format!("empty text (a position has {count} fields separated by single spaces)"),
        ));
    }
    let fields: ArrayVec<(usize, &str), 8> = split_fields(text).take(8).collect();
    if let Some((index, &(at, _))) = fields.iter().enumerate().find(|(_, (_, f))| f.is_empty()) {
        let field = field_at(names, index);
        return Err(err(
            field,
            at,
            NotationErrorKind::FieldCount,
            format!("the {field} field is empty (fields are separated by single spaces)"),
        ));
    }
    if other_forms && fields.len() == FIELDS.len() + LUDII_FIELDS.len() - count {
        if let Some(wrong) = other_form(text, rules) {
            return Err(wrong);
        }
    }
    check_field_count(text, &fields, names)?;
    Ok(fields)
}

/// The text has exactly as many fields as `names` lists.
fn check_field_count(
    text: &str,
    fields: &[(usize, &str)],
    names: &[Field],
) -> Result<(), NotationError> {
    let count = names.len();
    if fields.len() < count {
        let missing = names[fields.len()];
        return Err(err(
            missing,
            text.len(),
            NotationErrorKind::FieldCount,
            format!("the {missing} field is missing (a position has {count} fields)"),
        ));
    }
    if fields.len() > count {
        return Err(err(
            Field::Text,
            fields[count].0 - 1,
            NotationErrorKind::FieldCount,
            format!(
                "unexpected text after the {} field (a position has {count} fields)",
                names[count - 1]
            ),
        ));
    }
    Ok(())
}

/// Parses the to-move field (at byte `at`): one seat letter.
fn parse_to_move(side: &str, at: usize) -> Result<Colour, NotationError> {
    let mut side_chars = side.chars();
    let first = side_chars.next().unwrap_or(' ');
    let colour = Colour::from_letter(first).ok_or_else(|| {
        err(
            Field::ToMove,
            at,
            letter_kind(first),
            format!(
                "'{}' is not a seat letter r, b, y or g",
                escaped_char(first)
            ),
        )
    })?;
    if let Some(c) = side_chars.next() {
        return Err(err(
            Field::ToMove,
            at + 1,
            NotationErrorKind::UnexpectedCharacter,
            format!(
                "'{}' after the seat letter: the to-move field is one letter",
                escaped_char(c)
            ),
        ));
    }
    Ok(colour)
}

/// Parses the fields after the to-move field of a text of the sheet's form
/// (the rules reference, §3.3) into `state` (board and seat to move already
/// read, `offsets` the board's token offsets), checks its consistency and
/// gives the position.
fn parse_sheet_fields(
    mut state: State,
    rules: Rules,
    fields: &[(usize, &str)],
    offsets: &[usize; 64],
) -> Result<Position, NotationError> {
    let (cmd_at, command) = fields[2];
    state.command = parse_command(command, cmd_at)?;
    let (at, lost) = fields[3];
    let lost = parse_colour_set(lost, Field::LostPawn, at, false)?;
    state.lost_pawn = lost.map(|n| n > 0);
    let (at, rajas) = fields[4];
    state.captured_rajas = parse_colour_set(rajas, Field::CapturedRajas, at, true)?;
    let (quiet_at, quiet) = fields[5];
    state.quiet = parse_count(quiet, Field::Quiet, quiet_at)?;
    let (ply_at, ply) = fields[6];
    state.ply = parse_count(ply, Field::Ply, ply_at)?;

    check_consistency(&state, rules).map_err(|problem| {
        let offset = match problem.spot {
            Spot::Square(sq) => offsets[sq.index()],
            Spot::Command(colour) => cmd_at + colour.index(),
            Spot::Field => match problem.field {
                Field::ToMove => fields[1].0,
                Field::Quiet => quiet_at,
                Field::Ply => ply_at,
                Field::Command => cmd_at,
                _ => fields[0].0,
            },
        };
        err(problem.field, offset, problem.kind, problem.reason)
    })?;
    let mut pos = Position { rules, state };
    pos.state.hash = pos.compute_hash();
    debug_assert_eq!(pos.validate(), Ok(()), "the parser let through {pos:?}");
    Ok(pos)
}

/// Parses the command field (at byte `at`; the rules reference, §3.3):
/// four letters, `r`, `b`, `y`, `g` or `x`, for Red, Black, Yellow, Green.
fn parse_command(command: &str, at: usize) -> Result<[Option<Colour>; 4], NotationError> {
    let mut commanders = [None; 4];
    for (i, ch) in command.char_indices() {
        if i == 4 {
            return Err(err(
                Field::Command,
                at + i,
                NotationErrorKind::UnexpectedCharacter,
                "the command field has four letters (r, b, y, g or x) for Red, Black, Yellow, Green",
            ));
        }
        commanders[i] = match ch {
            'x' => None,
            _ => Some(Colour::from_letter(ch).ok_or_else(|| {
                err(
                    Field::Command,
                    at + i,
                    letter_kind(ch),
                    format!("'{}' is not r, b, y, g or x", escaped_char(ch)),
                )
            })?),
        };
    }
    if command.len() < 4 {
        return Err(err(
            Field::Command,
            at + command.len(),
            NotationErrorKind::UnexpectedCharacter,
            format!(
                "the command field has {} letters, expected four (r, b, y, g or x) for Red, Black, Yellow, Green",
                command.len()
            ),
        ));
    }
    Ok(commanders)
}

/// The error for a text in the form of another ruleset (the Ludii form
/// read under the sheet's rules, or the other way round), when it reads
/// under that ruleset; `None` otherwise. Only called on the error path of
/// a field count that is the other form's.
fn other_form(text: &str, rules: Rules) -> Option<NotationError> {
    let (form, suggestion) = if rules.is_ludii() {
        let sheet = Rules::default();
        let opposite = sheet.with_alliances(Alliances::Opposite);
        let suggestion = if Position::parse_text(text, sheet, false).is_ok() {
            "Rules::default()"
        } else if Position::parse_text(text, opposite, false).is_ok() {
            "Rules::default().with_alliances(Alliances::Opposite)"
        } else {
            return None;
        };
        (
            "a position text of the sheet's rules (7 fields)",
            suggestion,
        )
    } else {
        Position::parse_text(text, Rules::ludii(), false).ok()?;
        ("a Ludii position text (5 fields)", "Rules::ludii()")
    };
    Some(err(
        Field::Text,
        0,
        NotationErrorKind::WrongRules,
        format!("{form}; read it with {suggestion}"),
    ))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(self, f)?;
        if self.rules.is_ludii() {
            return super::ludii::text::write_ludii_fields(self, f);
        }
        write!(f, " {} ", self.state.to_move.letter())?;
        for c in self.state.command {
            write!(f, "{}", c.map_or('x', Colour::letter))?;
        }
        f.write_str(" ")?;
        if self.state.lost_pawn.iter().any(|&b| b) {
            for c in Colour::ALL {
                if self.state.lost_pawn[c.index()] {
                    write!(f, "{}", c.letter())?;
                }
            }
        } else {
            f.write_str("-")?;
        }
        f.write_str(" ")?;
        if self.state.captured_rajas.iter().any(|&n| n > 0) {
            for c in Colour::ALL {
                for _ in 0..self.state.captured_rajas[c.index()] {
                    write!(f, "{}", c.letter())?;
                }
            }
        } else {
            f.write_str("-")?;
        }
        write!(f, " {} {}", self.state.quiet, self.state.ply)
    }
}

/// Writes the board field (the rules reference, §3.3; shared by both
/// rulesets).
fn write_board(pos: &Position, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in (0..8).rev() {
        let mut empty = 0;
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| {
            let r = if first { Ok(()) } else { f.write_str(",") };
            first = false;
            r
        };
        for file in 0..8 {
            let sq = Square::from_index((rank * 8 + file) as u8);
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        sep(f)?;
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    sep(f)?;
                    write!(f, "{p}")?;
                }
            }
        }
        if empty > 0 {
            sep(f)?;
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_str("/")?;
        }
    }
    Ok(())
}

impl Rules {
    /// The rules options `FromStr` for [`Position`] reads `text` under,
    /// picked by the text's shape alone (the text is not checked):
    /// [`Rules::ludii()`] when the text has the Ludii form's shape, that is
    /// exactly five fields separated by single spaces (four spaces), or a
    /// comma in its third field (the Ludii `scores`; the sheet's `command`
    /// field never has one); [`Rules::default()`] for any other text (the
    /// sheet's form has seven fields). The rules reference, §3.3 and §3.5,
    /// gives both forms.
    ///
    /// The alliances and the draw limit cannot be told from a text: a
    /// position played with partners opposite or another draw limit is read
    /// with [`Position::from_text`] and its options.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Rules, LUDII_START_TEXT, START_TEXT};
    /// assert_eq!(Rules::for_text(START_TEXT), Rules::default());
    /// assert_eq!(Rules::for_text(LUDII_START_TEXT), Rules::ludii());
    /// // A Ludii text missing its turns still has the Ludii shape.
    /// assert_eq!(Rules::for_text("8/8/8/8/8/8/8/3,gK,4 g 0,0,0,0 -"), Rules::ludii());
    /// assert_eq!(Rules::for_text("anything else"), Rules::default());
    /// ```
    #[must_use]
    pub fn for_text(text: &str) -> Rules {
        let spaces = text.bytes().filter(|&b| b == b' ').count();
        let scores_shape = text.split(' ').nth(2).is_some_and(|f| f.contains(','));
        if spaces == LUDII_FIELDS.len() - 1 || scores_shape {
            Rules::ludii()
        } else {
            Rules::default()
        }
    }
}

impl core::str::FromStr for Position {
    type Err = NotationError;
    /// Parses a position text of either form under the rules options
    /// [`Rules::for_text`] picks by its shape: the Ludii form
    /// (`<board> <to-move> <scores> <decision> <turns>`, five fields) under
    /// [`Rules::ludii()`], the sheet's form (seven fields) under
    /// [`Rules::default()`] (the sheet's alliances, draw limit 200). For
    /// other options (partners opposite, another draw limit) use
    /// [`Position::from_text`].
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules, LUDII_START_TEXT, START_TEXT};
    /// let sheet: Position = START_TEXT.parse()?;
    /// assert_eq!(sheet, Position::start(Rules::default()));
    /// let ludii: Position = LUDII_START_TEXT.parse()?;
    /// assert_eq!(ludii, Position::start(Rules::ludii()));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    fn from_str(text: &str) -> Result<Position, NotationError> {
        Position::from_text(text, Rules::for_text(text))
    }
}
