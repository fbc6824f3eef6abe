//! The position text of RULES.md Part III: parsing (canonical text only,
//! with consistency checks) and formatting.

use core::fmt;

use crate::error::{excerpt, NotationError};
use crate::geometry::split_fields;

use super::position::{Position, State};
use super::rules::{Alliances, Rules};
use super::square::{Bitboard, Square};
use super::tables::PROMOTION_SQUARES;
use super::types::{Colour, PieceKind};

/// The field names used in [`NotationError::field`], in text order.
pub const FIELDS: [&str; 7] = [
    "board",
    "to-move",
    "command",
    "lost-pawn",
    "captured-rajas",
    "quiet",
    "ply",
];

/// The start position's text.
pub const START_TEXT: &str = "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0";

fn err(field: &'static str, column: usize, reason: impl Into<String>) -> NotationError {
    NotationError::new(field, column, reason)
}

/// Parses a canonical decimal count (no sign, no leading zero).
fn parse_count(text: &str, field: &'static str, at: usize) -> Result<u32, NotationError> {
    if text.is_empty() {
        return Err(err(field, at, format!("the {field} field is empty")));
    }
    if let Some(i) = text.bytes().position(|b| !b.is_ascii_digit()) {
        return Err(err(
            field,
            at + i,
            format!("{:?} is not a decimal number", excerpt(text)),
        ));
    }
    if text.len() > 1 && text.starts_with('0') {
        return Err(err(
            field,
            at,
            format!("{:?} has a leading zero", excerpt(text)),
        ));
    }
    text.parse()
        .map_err(|_| err(field, at, format!("{:?} is too large", excerpt(text))))
}

/// Parses a board field; returns the state's bitboards and the column of
/// each square's token (for precise consistency errors).
fn parse_board(
    text: &str,
    at: usize,
    state: &mut State,
    columns: &mut [usize; 64],
) -> Result<(), NotationError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        let col = if ranks.len() > 8 {
            at + ranks[..8].iter().map(|r| r.len() + 1).sum::<usize>() - 1
        } else {
            at + text.len()
        };
        return Err(err(
            "board",
            col,
            format!(
                "the board has {} ranks, expected 8 separated by '/'",
                ranks.len()
            ),
        ));
    }
    let mut start = at;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as i8;
        let mut file: i8 = 0;
        let mut col = start;
        let mut last_was_count = false;
        if rank_text.is_empty() {
            return Err(err("board", col, format!("rank {} is empty", rank + 1)));
        }
        for item in rank_text.split(',') {
            if item.is_empty() {
                return Err(err(
                    "board",
                    col,
                    "empty item in a rank (two commas in a row, or a comma at an end)",
                ));
            }
            if file >= 8 {
                return Err(err(
                    "board",
                    col,
                    format!("rank {} covers more than 8 squares", rank + 1),
                ));
            }
            let first = item.as_bytes()[0];
            if first.is_ascii_digit() {
                if last_was_count {
                    return Err(err("board", col, "two counts of empty squares in a row"));
                }
                if first == b'0' {
                    return Err(err(
                        "board",
                        col,
                        "a count of empty squares must be 1..8 without leading zero",
                    ));
                }
                if let Some(j) = item.bytes().position(|b| !b.is_ascii_digit()) {
                    return Err(err(
                        "board",
                        col + j,
                        format!("{item:?} is neither a count nor a piece"),
                    ));
                }
                let n: i8 = match item.parse() {
                    Ok(n) if n <= 8 => n,
                    _ => return Err(err("board", col, format!("count {item} is larger than 8"))),
                };
                if file + n > 8 {
                    return Err(err(
                        "board",
                        col,
                        format!("rank {} covers more than 8 squares", rank + 1),
                    ));
                }
                file += n;
                last_was_count = true;
            } else {
                let mut chars = item.chars();
                let colour = chars.next().and_then(Colour::from_letter).ok_or_else(|| {
                    err(
                        "board",
                        col,
                        format!("{item:?}: a piece starts with a colour letter r, b, y or g"),
                    )
                })?;
                let kind = chars.next().and_then(PieceKind::from_letter).ok_or_else(|| {
                    err("board", col + 1, format!("{item:?}: expected a piece letter K, E, H, B or P after the colour"))
                })?;
                if chars.next().is_some() {
                    return Err(err(
                        "board",
                        col + 2,
                        format!("{item:?} is not a piece (two letters such as gK)"),
                    ));
                }
                let sq = Square::from_coords(file, rank).expect("file checked above");
                state.colours[colour.index()] |= sq.bitboard();
                state.kinds[kind.index()] |= sq.bitboard();
                columns[sq.index()] = col;
                file += 1;
                last_was_count = false;
            }
            col += item.len() + 1;
        }
        if file != 8 {
            return Err(err(
                "board",
                start + rank_text.len(),
                format!("rank {} covers {} squares, expected 8", rank + 1, file),
            ));
        }
        start += rank_text.len() + 1;
    }
    Ok(())
}

/// Parses a set of colour letters in `rbyg` order; with `repeat`, a letter
/// may be repeated. Returns counts per colour.
fn parse_colour_set(
    text: &str,
    field: &'static str,
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
            format!("the {field} field is empty (write - for none)"),
        ));
    }
    let mut last: Option<Colour> = None;
    for (i, ch) in text.char_indices() {
        let c = Colour::from_letter(ch).ok_or_else(|| {
            err(
                field,
                at + i,
                format!("{ch:?} is not a colour letter (r, b, y, g) or a lone -"),
            )
        })?;
        if let Some(l) = last {
            if c < l || (c == l && !repeat) {
                let why = if c == l {
                    "repeated"
                } else {
                    "out of the order rbyg"
                };
                return Err(err(field, at + i, format!("colour {ch:?} is {why}")));
            }
        }
        let n = &mut counts[c.index()];
        *n = n
            .checked_add(1)
            .ok_or_else(|| err(field, at + i, "more than 255 rajas of one colour"))?;
        last = Some(c);
    }
    Ok(counts)
}

impl Position {
    /// Parses a position text under `rules`, rejecting anything malformed
    /// or inconsistent with a precise [`NotationError`].
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules, START_TEXT};
    /// let pos = Position::from_text(START_TEXT, Rules::default()).unwrap();
    /// assert_eq!(pos, Position::start(Rules::default()));
    /// let err = Position::from_text(&START_TEXT.replace(" r rbyg", " r rbyy"), Rules::default())
    ///     .unwrap_err();
    /// assert_eq!(err.field, "command");
    /// ```
    pub fn from_text(text: &str, rules: Rules) -> Result<Position, NotationError> {
        if let Some((column, byte)) = text
            .char_indices()
            .enumerate()
            .find(|(_, (_, ch))| !ch.is_ascii())
            .map(|(column, (byte, _))| (column, byte))
        {
            let index = text[..byte].matches(' ').count();
            let field = FIELDS.get(index).copied().unwrap_or("position");
            return Err(err(field, column, "unexpected non-ASCII character"));
        }
        let fields: Vec<(usize, &str)> = split_fields(text).collect();
        if let Some(&(column, _)) = fields.iter().find(|(_, f)| f.is_empty()) {
            let index = fields.iter().position(|&(c, _)| c == column).unwrap_or(0);
            let field = FIELDS.get(index).copied().unwrap_or("position");
            return Err(err(
                field,
                column,
                format!("the {field} field is empty (fields are separated by single spaces)"),
            ));
        }
        if fields.len() < 7 {
            let missing = FIELDS[fields.len()];
            return Err(err(
                missing,
                text.len(),
                format!("the {missing} field is missing (a position has 7 fields)"),
            ));
        }
        if fields.len() > 7 {
            return Err(err(
                "position",
                fields[7].0 - 1,
                "unexpected text after the ply field",
            ));
        }
        let mut state = State {
            colours: [Bitboard::EMPTY; 4],
            kinds: [Bitboard::EMPTY; 5],
            to_move: Colour::Red,
            command: [None; 4],
            lost_pawn: [false; 4],
            captured_rajas: [0; 4],
            quiet: 0,
            ply: 0,
            hash: 0,
        };
        let mut columns = [0usize; 64];
        let (at, board) = fields[0];
        parse_board(board, at, &mut state, &mut columns)?;

        let (at, side) = fields[1];
        state.to_move = match side.chars().next().and_then(Colour::from_letter) {
            Some(c) if side.len() == 1 => c,
            _ => {
                return Err(err(
                    "to-move",
                    at,
                    format!("{side:?} is not a seat letter r, b, y or g"),
                ))
            }
        };

        let (cmd_at, command) = fields[2];
        if command.chars().count() != 4 {
            return Err(err("command", cmd_at + command.len().min(4), "the command field needs four letters (r, b, y, g or x) for Red, Black, Yellow, Green"));
        }
        for (i, ch) in command.chars().enumerate() {
            state.command[i] = match ch {
                'x' => None,
                _ => Some(Colour::from_letter(ch).ok_or_else(|| {
                    err(
                        "command",
                        cmd_at + i,
                        format!("{ch:?} is not r, b, y, g or x"),
                    )
                })?),
            };
        }

        let (at, lost) = fields[3];
        let lost = parse_colour_set(lost, "lost-pawn", at, false)?;
        state.lost_pawn = lost.map(|n| n > 0);
        let (at, rajas) = fields[4];
        state.captured_rajas = parse_colour_set(rajas, "captured-rajas", at, true)?;
        let (quiet_at, quiet) = fields[5];
        state.quiet = parse_count(quiet, "quiet", quiet_at)?;
        let (at, ply) = fields[6];
        state.ply = parse_count(ply, "ply", at)?;

        // Consistency.
        let occupied = state.colours.iter().fold(Bitboard::EMPTY, |a, &b| a | b);
        if occupied.is_empty() {
            return Err(err("board", fields[0].0, "no piece on the board"));
        }
        let pawns = state.kinds[PieceKind::Pawn.index()];
        for colour in Colour::ALL {
            let mine = state.colours[colour.index()] & pawns;
            if state.lost_pawn[colour.index()] {
                if let Some(sq) = (mine & PROMOTION_SQUARES[colour.index()]).first() {
                    return Err(err("board", columns[sq.index()], format!("a {colour} pawn on {sq} would have been promoted: {colour} has lost a pawn")));
                }
            }
        }
        let alliance_name = match rules.alliances {
            Alliances::Sheet => "sheet",
            Alliances::Opposite => "opposite",
        };
        for colour in Colour::ALL {
            let i = colour.index();
            let has_pieces = !state.colours[i].is_empty();
            match state.command[i] {
                None if has_pieces => {
                    return Err(err(
                        "command",
                        cmd_at + i,
                        format!("{colour} has pieces on the board, so its command cannot be x"),
                    ));
                }
                Some(_) if !has_pieces => {
                    return Err(err(
                        "command",
                        cmd_at + i,
                        format!("{colour} has no piece on the board, so its command must be x"),
                    ));
                }
                Some(seat) if seat != colour => {
                    let ally = rules.ally(colour);
                    if seat != ally {
                        return Err(err("command", cmd_at + i, format!("{colour} can be commanded only by itself or by its ally {ally} ({alliance_name} alliances)")));
                    }
                    if matches!(state.command[ally.index()], Some(s) if s != ally) {
                        return Err(err(
                            "command",
                            cmd_at + i,
                            format!(
                                "{colour} is commanded by {ally}, which does not command itself"
                            ),
                        ));
                    }
                }
                _ => {}
            }
        }
        if state.quiet > state.ply {
            return Err(err(
                "quiet",
                quiet_at,
                format!(
                    "{} quiet plies exceed the {} plies played",
                    state.quiet, state.ply
                ),
            ));
        }
        let mut pos = Position { rules, state };
        // Even after the game has ended the seat to move is the one that
        // would be next: the next seat in play after the mover.
        if !pos.seat_in_play(pos.state.to_move) {
            return Err(err(
                "to-move",
                fields[1].0,
                format!(
                    "seat {} commands no piece, so it cannot be to move",
                    pos.state.to_move
                ),
            ));
        }
        pos.state.hash = pos.compute_hash();
        debug_assert_eq!(pos.validate(), Ok(()), "the parser let through {pos:?}");
        Ok(pos)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            let mut first = true;
            let mut sep = |f: &mut fmt::Formatter<'_>| {
                let r = if first { Ok(()) } else { f.write_str(",") };
                first = false;
                r
            };
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on the board");
                match self.piece_at(sq) {
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

impl core::str::FromStr for Position {
    type Err = NotationError;
    /// Parses under the default rules (the sheet's alliances, draw limit 200).
    fn from_str(text: &str) -> Result<Position, NotationError> {
        Position::from_text(text, Rules::default())
    }
}
