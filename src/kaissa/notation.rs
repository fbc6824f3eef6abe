//! The position text of RULES.md Part III and a board diagram.
//!
//! `<board> <side> <turn> <hand>`, e.g. the start:
//! `ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh`.
//! Only the canonical form parses, so formatting a parsed text gives it back.

use core::fmt;
use core::str::FromStr;

use super::home_stone::LAST_PLACEMENT_TURN;
use super::{Piece, PieceKind, Position, Side, Square};
use crate::error::{excerpt, NotationError};
use crate::geometry::split_fields;

/// The largest turn number the text may carry (nine digits).
pub const MAX_TURN: u32 = 999_999_999;

const FIELDS: [&str; 4] = ["board", "side", "turn", "hand"];

fn error(field: &'static str, column: usize, reason: impl Into<String>) -> NotationError {
    NotationError::new(field, column, reason)
}

/// The board field: pieces by square, plus the column of every letter (for
/// error messages about consistency).
struct Board {
    squares: [Option<(Piece, usize)>; 100],
}

fn parse_board(text: &str, base: usize) -> Result<Board, NotationError> {
    let mut board = Board {
        squares: [None; 100],
    };
    let mut rank_start = base;
    let mut ranks = text.split('/');
    for rank in (0..10u8).rev() {
        let Some(rank_text) = ranks.next() else {
            return Err(error(
                "board",
                base + text.len(),
                format!("only {} ranks; expected 10 separated by '/'", 9 - rank),
            ));
        };
        let mut file = 0u8;
        let bytes = rank_text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let column = rank_start + i;
            let c = bytes[i];
            if c.is_ascii_digit() {
                if c == b'0' {
                    return Err(error(
                        "board",
                        column,
                        "a count of empty squares is 1 to 10 and has no leading zero",
                    ));
                }
                let run = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                let count: u32 = if run > 2 {
                    u32::MAX
                } else {
                    rank_text[i..i + run].parse().unwrap_or(u32::MAX)
                };
                if count > u32::from(10 - file) {
                    return Err(error(
                        "board",
                        column,
                        format!(
                            "{} empty squares do not fit: rank {} has {} squares left",
                            &rank_text[i..i + run],
                            rank + 1,
                            10 - file
                        ),
                    ));
                }
                file += count as u8;
                i += run;
                continue;
            }
            let letter = rank_text[i..].chars().next().unwrap_or('?');
            let Some(piece) = Piece::from_letter(letter) else {
                return Err(error(
                    "board",
                    column,
                    format!("'{letter}' is not a piece letter (UQTSBIPRAH, lower case for Red) or a count"),
                ));
            };
            if file >= 10 {
                return Err(error(
                    "board",
                    column,
                    format!("rank {} holds more than 10 squares", rank + 1),
                ));
            }
            board.squares[(rank * 10 + file) as usize] = Some((piece, column));
            file += 1;
            i += 1;
        }
        if file < 10 {
            return Err(error(
                "board",
                rank_start + rank_text.len(),
                format!("rank {} covers {file} squares, not 10", rank + 1),
            ));
        }
        rank_start += rank_text.len() + 1;
    }
    if ranks.next().is_some() {
        return Err(error("board", rank_start - 1, "more than 10 ranks"));
    }
    Ok(board)
}

fn parse_turn(text: &str, column: usize) -> Result<u32, NotationError> {
    if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(error("turn", column + i, format!("'{c}' is not a digit")));
    }
    if text.starts_with('0') {
        return Err(error(
            "turn",
            column,
            "the turn number starts at 1 and has no leading zero",
        ));
    }
    if text.len() > 9 {
        return Err(error(
            "turn",
            column,
            format!("turn number above {MAX_TURN}"),
        ));
    }
    text.parse()
        .map_err(|_| error("turn", column, "not a turn number"))
}

fn parse_hand(text: &str, column: usize) -> Result<[bool; 2], NotationError> {
    match text {
        "-" => Ok([false, false]),
        "H" => Ok([true, false]),
        "h" => Ok([false, true]),
        "Hh" => Ok([true, true]),
        _ => Err(error(
            "hand",
            column,
            format!("'{}' is not one of H, h, Hh, -", excerpt(text)),
        )),
    }
}

impl FromStr for Position {
    type Err = NotationError;

    /// Parses the position text, rejecting anything malformed or
    /// inconsistent (RULES.md Part III) with the field and character.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let err = "10/10/10/10/10/10/10/10/10/10 y 0 Hh".parse::<Position>().unwrap_err();
    /// assert_eq!((err.field, err.column), ("turn", 32));
    /// ```
    fn from_str(text: &str) -> Result<Position, NotationError> {
        let fields: Vec<(usize, &str)> = split_fields(text).collect();
        for (i, &(column, field)) in fields.iter().enumerate() {
            if field.is_empty() {
                let name = FIELDS.get(i).copied().unwrap_or("text");
                // Point at the superfluous space: the one before an empty
                // last field, else the one where the empty field stands.
                let column = if column == text.len() && column > 0 {
                    column - 1
                } else {
                    column
                };
                return Err(error(
                    name,
                    column,
                    "empty field: fields are separated by single spaces, with none before or after",
                ));
            }
        }
        let field = |i: usize| {
            fields.get(i).copied().ok_or_else(|| {
                error(
                    FIELDS[i],
                    text.len(),
                    format!("missing the {} field", FIELDS[i]),
                )
            })
        };
        let (board_column, board_text) = field(0)?;
        let board = parse_board(board_text, board_column)?;
        let (side_column, side_text) = field(1)?;
        let side = match side_text {
            "y" => Side::Yellow,
            "r" => Side::Red,
            _ => {
                return Err(error(
                    "side",
                    side_column,
                    format!("'{}' is not a side: y or r", excerpt(side_text)),
                ))
            }
        };
        let (turn_column, turn_text) = field(2)?;
        let turn = parse_turn(turn_text, turn_column)?;
        let (hand_column, hand_text) = field(3)?;
        let in_hand = parse_hand(hand_text, hand_column)?;
        if let Some(&(column, _)) = fields.get(4) {
            return Err(error(
                "text",
                column - 1,
                "more than four fields separated by single spaces",
            ));
        }

        let mut pos = Position::empty(side, turn, in_hand);
        let mut stone_column: [Option<usize>; 2] = [None; 2];
        for (index, entry) in board.squares.iter().enumerate() {
            let Some((piece, column)) = *entry else {
                continue;
            };
            let square = Square::new_unchecked(index as u8);
            if piece.kind == PieceKind::Spearman && square.rank() == piece.side.back_rank() {
                return Err(error(
                    "board",
                    column,
                    format!(
                        "a {} Spearman cannot stand on its own back rank ({square})",
                        piece.side
                    ),
                ));
            }
            if piece.kind == PieceKind::HomeStone {
                if stone_column[piece.side.index()].is_some() {
                    return Err(error(
                        "board",
                        column,
                        format!("a second {} Home Stone", piece.side),
                    ));
                }
                stone_column[piece.side.index()] = Some(column);
            }
            pos.put(piece, square);
        }
        for s in Side::ALL {
            let letter_column = |hand_column: usize| {
                hand_column
                    + hand_text
                        .find(if s == Side::Yellow { 'H' } else { 'h' })
                        .unwrap_or(0)
            };
            if in_hand[s.index()] {
                if stone_column[s.index()].is_some() {
                    return Err(error(
                        "hand",
                        letter_column(hand_column),
                        format!("{s}'s Home Stone is both on the board and in hand"),
                    ));
                }
                // The turn the side is about to play (its current turn if to
                // move, else its next one): past 10 it can no longer hold it.
                let next_turn = if s == side || s == Side::Red {
                    turn
                } else {
                    turn + 1
                };
                if next_turn > LAST_PLACEMENT_TURN {
                    return Err(error(
                        "hand",
                        letter_column(hand_column),
                        format!("{s}'s Home Stone is still in hand after its 10th turn"),
                    ));
                }
            }
        }
        let captured = [
            pos.stone_captured(Side::Yellow),
            pos.stone_captured(Side::Red),
        ];
        if captured[0] && captured[1] {
            return Err(error(
                "hand",
                hand_column,
                "both Home Stones are gone (neither on the board nor in hand)",
            ));
        }
        if captured[side.other().index()] {
            return Err(error(
                "side",
                side_column,
                format!(
                    "{}'s Home Stone was captured, which ended the game: {} must be to move",
                    side.other(),
                    side.other()
                ),
            ));
        }
        Ok(pos)
    }
}

impl fmt::Display for Position {
    /// Writes the position text (RULES.md Part III).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..10u8 {
                match self.squares[(rank * 10 + file) as usize] {
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
        let hand = match self.in_hand {
            [true, true] => "Hh",
            [true, false] => "H",
            [false, true] => "h",
            [false, false] => "-",
        };
        write!(f, " {} {} {}", self.side_to_move.letter(), self.turn, hand)
    }
}

/// A board diagram of a [`Position`], from [`Position::diagram`].
#[derive(Debug, Clone, Copy)]
pub struct Diagram<'a>(&'a Position);

impl Position {
    /// A printable board diagram: rank 10 at the top, upper case Yellow,
    /// lower case Red, `.` for an empty square, then who is to move.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let text = Position::start().diagram().to_string();
    /// assert!(text.starts_with("10 | i b s t q u t s b i"));
    /// ```
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram(self)
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        for rank in (0..10u8).rev() {
            write!(f, "{:>2} |", rank + 1)?;
            for file in 0..10u8 {
                let c = pos.squares[(rank * 10 + file) as usize].map_or('.', Piece::letter);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   +--------------------")?;
        writeln!(f, "     a b c d e f g h i j")?;
        let hand: Vec<&str> = Side::ALL
            .iter()
            .filter(|s| pos.stone_in_hand(**s))
            .map(|s| s.name())
            .collect();
        write!(
            f,
            "{} to move, turn {}; Home Stones in hand: {}",
            pos.side_to_move,
            pos.turn,
            if hand.is_empty() {
                "none".to_string()
            } else {
                hand.join(", ")
            }
        )
    }
}
