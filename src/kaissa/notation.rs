//! The position text of the rules reference (§3, notation) and a board diagram.
//!
//! `<board> <side> <turn> <hand>`, e.g. the start:
//! `ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh`.
//! Only the canonical form parses, so formatting a parsed text gives it back.

use core::fmt;
use core::str::FromStr;

use super::setup::{check_setup, TextOffsets};
use super::{Piece, Position, Setup, Side, Square};
use crate::error::{escaped_char, excerpt, Field, NotationError, NotationErrorKind as Kind};
use crate::geometry::split_fields;

/// The largest turn number the text may carry (nine digits).
pub const MAX_TURN: u32 = 999_999_999;

const FIELDS: [Field; 4] = [Field::Board, Field::Side, Field::Turn, Field::Hand];

fn error(field: Field, offset: usize, kind: Kind, reason: impl Into<String>) -> NotationError {
    NotationError::at(field, offset, kind, reason)
}

/// Parses the board field (which starts at byte `base` of the text) into
/// `setup`, noting the offset of every piece letter in `offsets`: ten ranks
/// separated by '/', rank 10 first (the rules reference, §3.1).
fn parse_board(
    text: &str,
    base: usize,
    setup: &mut Setup,
    offsets: &mut TextOffsets,
) -> Result<(), NotationError> {
    let mut rank_start = base;
    let mut ranks = text.split('/');
    for rank in (0..10u8).rev() {
        let Some(rank_text) = ranks.next() else {
            return Err(error(
                Field::Board,
                base + text.len(),
                Kind::BoardSize,
                format!("only {} ranks; expected 10 separated by '/'", 9 - rank),
            ));
        };
        parse_rank(rank_text, rank, rank_start, setup, offsets)?;
        rank_start += rank_text.len() + 1;
    }
    if ranks.next().is_some() {
        return Err(error(
            Field::Board,
            rank_start - 1,
            Kind::BoardSize,
            "more than 10 ranks",
        ));
    }
    Ok(())
}

/// Parses one rank of the board field (`rank` counts from 0, its text
/// starts at byte `start` of the text): piece letters and counts of empty
/// squares covering exactly ten squares.
fn parse_rank(
    rank_text: &str,
    rank: u8,
    start: usize,
    setup: &mut Setup,
    offsets: &mut TextOffsets,
) -> Result<(), NotationError> {
    let mut file = 0u8;
    let mut i = 0;
    while i < rank_text.len() {
        let offset = start + i;
        if rank_text.as_bytes()[i].is_ascii_digit() {
            let (count, run) = parse_empty_count(&rank_text[i..], rank, file, offset)?;
            file += count;
            i += run;
            continue;
        }
        let piece = parse_piece_letter(&rank_text[i..], offset)?;
        if file >= 10 {
            return Err(error(
                Field::Board,
                offset,
                Kind::BoardSize,
                format!("rank {} holds more than 10 squares", rank + 1),
            ));
        }
        let square = Square::new_unchecked(rank * 10 + file);
        setup.put(square, piece);
        offsets.squares[square.index() as usize] = offset;
        file += 1;
        i += 1;
    }
    if file < 10 {
        return Err(error(
            Field::Board,
            start + rank_text.len(),
            Kind::BoardSize,
            format!("rank {} covers {file} squares, not 10", rank + 1),
        ));
    }
    Ok(())
}

/// Reads the count of empty squares that `rest` (the rest of a rank, from
/// byte `offset` of the text) starts with, where `file` squares of the rank
/// are already covered: returns the count (1 to 10, fitting the rank) and
/// the number of its digits.
fn parse_empty_count(
    rest: &str,
    rank: u8,
    file: u8,
    offset: usize,
) -> Result<(u8, usize), NotationError> {
    if rest.starts_with('0') {
        return Err(error(
            Field::Board,
            offset,
            Kind::NotCanonical,
            "a count of empty squares is 1 to 10 and has no leading zero",
        ));
    }
    let run = rest.bytes().take_while(u8::is_ascii_digit).count();
    let digits = &rest[..run];
    let count: u32 = if run > 2 {
        u32::MAX
    } else {
        digits.parse().unwrap_or(u32::MAX)
    };
    if count > 10 {
        return Err(error(
            Field::Board,
            offset,
            Kind::OutOfRange,
            format!(
                "\"{}\" is not a count of empty squares: 1 to 10, written once \
                 (no two counts in a row)",
                excerpt(digits)
            ),
        ));
    }
    if count > u32::from(10 - file) {
        return Err(error(
            Field::Board,
            offset,
            Kind::BoardSize,
            format!(
                "{count} empty squares do not fit: rank {} has {} squares left",
                rank + 1,
                10 - file
            ),
        ));
    }
    Ok((count as u8, run))
}

/// Reads the piece letter that `rest` (the rest of a rank, from byte
/// `offset` of the text) starts with.
fn parse_piece_letter(rest: &str, offset: usize) -> Result<Piece, NotationError> {
    let letter = rest.chars().next().unwrap_or('?');
    Piece::from_letter(letter).ok_or_else(|| {
        let kind = if letter.is_alphabetic() {
            Kind::UnknownPiece
        } else {
            Kind::UnexpectedCharacter
        };
        error(
            Field::Board,
            offset,
            kind,
            format!(
                "'{}' is not a piece letter (UQTSBIPRAH, lower case for Red) or a count",
                escaped_char(letter)
            ),
        )
    })
}

fn parse_side(text: &str, offset: usize) -> Result<Side, NotationError> {
    match text {
        "y" => Ok(Side::Yellow),
        "r" => Ok(Side::Red),
        _ => Err(error(
            Field::Side,
            offset,
            Kind::UnexpectedCharacter,
            format!("\"{}\" is not a side: y or r", excerpt(text)),
        )),
    }
}

fn parse_turn(text: &str, offset: usize) -> Result<u32, NotationError> {
    if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(error(
            Field::Turn,
            offset + i,
            Kind::UnexpectedCharacter,
            format!("'{}' is not a digit", escaped_char(c)),
        ));
    }
    if text == "0" {
        return Err(error(
            Field::Turn,
            offset,
            Kind::OutOfRange,
            "the turn number starts at 1",
        ));
    }
    if text.starts_with('0') {
        return Err(error(
            Field::Turn,
            offset,
            Kind::NotCanonical,
            "the turn number has no leading zero",
        ));
    }
    if text.len() > 9 {
        return Err(error(
            Field::Turn,
            offset,
            Kind::OutOfRange,
            format!("turn number above {MAX_TURN}"),
        ));
    }
    text.parse().map_err(|_| {
        error(
            Field::Turn,
            offset,
            Kind::UnexpectedCharacter,
            "not a turn number",
        )
    })
}

fn parse_hand(text: &str, offset: usize) -> Result<[bool; 2], NotationError> {
    match text {
        "-" => Ok([false, false]),
        "H" => Ok([true, false]),
        "h" => Ok([false, true]),
        "Hh" => Ok([true, true]),
        "hH" => Err(error(
            Field::Hand,
            offset,
            Kind::NotCanonical,
            "Yellow's stone comes first: \"Hh\"",
        )),
        _ => Err(error(
            Field::Hand,
            offset,
            Kind::UnexpectedCharacter,
            format!("\"{}\" is not one of H, h, Hh, -", excerpt(text)),
        )),
    }
}

impl Position {
    /// Reads a position text: the same as `text.parse()` (Kaissa has no
    /// rules options), named as Chaturaji's reader is.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, START_TEXT};
    /// assert_eq!(Position::from_text(START_TEXT)?, Position::start());
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    pub fn from_text(text: &str) -> Result<Position, NotationError> {
        text.parse()
    }
}

impl FromStr for Position {
    type Err = NotationError;

    /// Parses the position text, rejecting anything malformed or
    /// inconsistent (the rules reference, §3, notation) with the field, the byte offset and
    /// the kind of error.
    ///
    /// ```
    /// use kaissa_chaturaji::error::{Field, NotationErrorKind};
    /// use kaissa_chaturaji::kaissa::Position;
    /// let err = "10/10/10/10/10/10/10/10/10/10 y 0 Hh".parse::<Position>().unwrap_err();
    /// assert_eq!((err.field(), err.offset()), (Field::Turn, Some(32)));
    /// assert_eq!(err.kind(), NotationErrorKind::OutOfRange);
    /// ```
    fn from_str(text: &str) -> Result<Position, NotationError> {
        let (setup, offsets) = parse_setup(text)?;
        check_setup(&setup, Some(&offsets))?;
        Ok(setup.build_trusted())
    }
}

/// Reads a position text into a set-up (not yet checked for consistency)
/// and the offsets of its parts.
pub(crate) fn parse_setup(text: &str) -> Result<(Setup, TextOffsets), NotationError> {
    let fields: arrayvec::ArrayVec<(usize, &str), 5> = split_fields(text).take(5).collect();
    for (i, &(offset, field)) in fields.iter().enumerate() {
        if field.is_empty() {
            let name = FIELDS.get(i).copied().unwrap_or(Field::Text);
            // Point at the superfluous space: the one before an empty
            // last field, else the one where the empty field stands.
            let offset = if offset == text.len() && offset > 0 {
                offset - 1
            } else {
                offset
            };
            return Err(error(
                name,
                offset,
                Kind::Empty,
                "empty field: fields are separated by single spaces, with none before or after",
            ));
        }
    }
    let field = |i: usize| {
        fields.get(i).copied().ok_or_else(|| {
            error(
                FIELDS[i],
                text.len(),
                Kind::FieldCount,
                format!(
                    "missing the {} field (a position has four: board, side, turn, hand)",
                    FIELDS[i]
                ),
            )
        })
    };
    let mut setup = Setup::empty();
    let mut offsets = TextOffsets::default();
    let (board_offset, board_text) = field(0)?;
    parse_board(board_text, board_offset, &mut setup, &mut offsets)?;
    let (side_offset, side_text) = field(1)?;
    setup.set_to_move(parse_side(side_text, side_offset)?);
    offsets.side = side_offset;
    let (turn_offset, turn_text) = field(2)?;
    setup.set_turn(parse_turn(turn_text, turn_offset)?);
    offsets.turn = turn_offset;
    let (hand_offset, hand_text) = field(3)?;
    let in_hand = parse_hand(hand_text, hand_offset)?;
    for side in Side::ALL {
        setup.set_stone_in_hand(side, in_hand[side.index()]);
    }
    offsets.hand = hand_offset;
    offsets.hand_letters = [
        hand_offset + hand_text.find('H').unwrap_or(0),
        hand_offset + hand_text.find('h').unwrap_or(0),
    ];
    if let Some(&(offset, _)) = fields.get(4) {
        return Err(error(
            Field::Text,
            offset - 1,
            Kind::FieldCount,
            "more than four fields separated by single spaces",
        ));
    }
    Ok((setup, offsets))
}

impl fmt::Display for Position {
    /// Writes the position text (the rules reference, §3, notation).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, START_TEXT};
    /// assert_eq!(Position::start().to_string(), START_TEXT);
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_text(f, &self.squares, self.to_move, self.turn, self.in_hand)
    }
}

/// Writes a position text from its parts (also for a [`Setup`], consistent
/// or not).
pub(crate) fn write_text(
    f: &mut fmt::Formatter<'_>,
    squares: &[Option<Piece>; 100],
    to_move: Side,
    turn: u32,
    in_hand: [bool; 2],
) -> fmt::Result {
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..10u8 {
            match squares[(rank * 10 + file) as usize] {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{}", piece.letter())?;
                }
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_str("/")?;
        }
    }
    let hand = match in_hand {
        [true, true] => "Hh",
        [true, false] => "H",
        [false, true] => "h",
        [false, false] => "-",
    };
    write!(f, " {} {} {}", to_move.letter(), turn, hand)
}
