//! Short algebraic notation (SAN) for Merchant Kaissa, as chess players
//! know it: the piece letter (none for a Spearman), just enough of the
//! from-square to tell pieces apart, `x` for a capture, the target square,
//! and `#` for the capture of the Home Stone (which wins). Placements are
//! `H@c1`, as in the move text.
//!
//! Disambiguation as in chess: when another piece of the same kind can go
//! to the same square, the from-file is added if it tells them apart, else
//! the from-rank, else both; a Spearman's capture always names its file
//! (`dxe5`).
//!
//! Parsing accepts the canonical form and also a `P` before a Spearman's
//! move, a missing `x` on a capture, a missing `#`, and more
//! disambiguation than needed (`e2e5`, `Td1f4`).

use super::{Move, Outcome, PieceKind, Position, Side, Square, WinReason};
use crate::error::{escaped_char, excerpt, IllegalMoveError};
use crate::readable::{malformed, ReadableMoveError};

/// The file letter of a file index.
fn file_letter(file: u8) -> char {
    char::from(b'a' + file)
}

impl Position {
    /// The move in short algebraic notation, if it is legal here (else the
    /// error says why).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let pos = Position::start();
    /// assert_eq!(pos.readable("d1f4".parse()?)?, "Tf4");
    /// assert_eq!(pos.readable("e2e5".parse()?)?, "e5");
    /// assert!(pos.readable("e2e6".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn readable(&self, mv: Move) -> Result<String, IllegalMoveError> {
        let mut after = self.clone();
        after.play(mv)?;
        let (from, to) = match mv {
            Move::Place { to } => return Ok(format!("H@{to}")),
            Move::Normal { from, to } => (from, to),
        };
        let Some(piece) = self.piece_at(from) else {
            return Ok(mv.to_string());
        };
        let captured = self.piece_at(to);
        let mut text = String::with_capacity(8);
        if piece.kind != PieceKind::Spearman {
            text.push(piece.kind.letter());
        }
        let rivals: Vec<Square> = self
            .legal_moves()
            .iter()
            .filter_map(|m| match *m {
                Move::Normal { from: f, to: t } if t == to && f != from => Some(f),
                _ => None,
            })
            .filter(|&f| self.piece_at(f).is_some_and(|p| p.kind == piece.kind))
            .collect();
        let file_needed =
            !rivals.is_empty() || (piece.kind == PieceKind::Spearman && captured.is_some());
        let file_tells = rivals.iter().all(|f| f.file() != from.file());
        let rank_tells = rivals.iter().all(|f| f.rank() != from.rank());
        if file_needed {
            if file_tells || !rank_tells || piece.kind == PieceKind::Spearman {
                text.push(file_letter(from.file()));
            }
            if !file_tells {
                text.push_str(&(from.rank() + 1).to_string());
            }
        }
        if captured.is_some() {
            text.push('x');
        }
        text.push_str(&to.to_string());
        if wins_by_stone(&after, captured.map(|p| p.kind)) {
            text.push('#');
        }
        Ok(text)
    }

    /// Reads a move in short algebraic notation (see [`Position::readable`];
    /// also accepted: `P` before a Spearman's move, a missing `x` or `#`,
    /// extra disambiguation). Ambiguous, illegal or malformed input gives
    /// a [`ReadableMoveError`] saying why.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let pos = Position::start();
    /// assert_eq!(pos.parse_readable("e5")?.to_string(), "e2e5");
    /// assert_eq!(pos.parse_readable("Pe5")?.to_string(), "e2e5");
    /// assert_eq!(pos.parse_readable("Td1f4")?.to_string(), "d1f4");
    /// assert!(pos.parse_readable("Txf4").is_err()); // nothing to capture
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_readable(&self, text: &str) -> Result<Move, ReadableMoveError> {
        if text.is_empty() {
            return Err(malformed(0, "empty move"));
        }
        if let Some((at, c)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
            return Err(malformed(
                at,
                format!("unexpected character '{}'", escaped_char(c)),
            ));
        }
        if let Some(square) = text.strip_prefix("H@") {
            let to = square
                .parse::<Square>()
                .map_err(|_| malformed(2, "expected a square a1..j10 after H@"))?;
            let mv = Move::Place { to };
            self.clone().play(mv)?;
            return Ok(mv);
        }
        let parsed = parse_text(text)?;
        if self.is_over() {
            return Err(ReadableMoveError::GameOver);
        }
        let candidates: Vec<Move> = self
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| match *m {
                Move::Normal { from, to } => {
                    to == parsed.to
                        && self.piece_at(from).is_some_and(|p| p.kind == parsed.kind)
                        && parsed.file.is_none_or(|f| f == from.file())
                        && parsed.rank.is_none_or(|r| r == from.rank())
                }
                Move::Place { .. } => false,
            })
            .collect();
        let mv = match candidates.as_slice() {
            [] => return Err(self.no_match(&parsed)),
            [mv] => *mv,
            several => {
                let candidates = several
                    .iter()
                    .map(|&m| self.readable(m).unwrap_or_else(|_| m.to_string()))
                    .collect();
                return Err(ReadableMoveError::Ambiguous { candidates });
            }
        };
        let captured = self.piece_at(parsed.to);
        if parsed.capture && captured.is_none() {
            return Err(ReadableMoveError::WrongMarker {
                reason: format!("x marks a capture, but {} is empty", parsed.to),
            });
        }
        if parsed.wins {
            let mut after = self.clone();
            after.play_unchecked(mv);
            if !wins_by_stone(&after, captured.map(|p| p.kind)) {
                return Err(ReadableMoveError::WrongMarker {
                    reason: "# marks the capture of the Home Stone, and this move captures none"
                        .into(),
                });
            }
        }
        Ok(mv)
    }

    /// Why no legal move fits `parsed`.
    fn no_match(&self, parsed: &ParsedSan) -> ReadableMoveError {
        let side = self.to_move();
        let moves = self.legal_moves();
        let reason = if !moves.is_empty() && moves.iter().all(|m| m.from().is_none()) {
            format!(
                "{} must place the Home Stone on this turn (H@<square>)",
                side_name(side)
            )
        } else if (self.pieces_of(side) & self.pieces_of_kind(parsed.kind)).is_empty() {
            format!("{} has no {}", side_name(side), parsed.kind.name())
        } else {
            let from = match (parsed.file, parsed.rank) {
                (Some(f), Some(r)) => Square::from_coords(f, r)
                    .map(|s| format!(" from {s}"))
                    .unwrap_or_default(),
                (Some(f), None) => format!(" from the {}-file", file_letter(f)),
                (None, Some(r)) => format!(" from rank {}", r + 1),
                (None, None) => String::new(),
            };
            format!(
                "no {} {}{from} can move to {}",
                side_name(side),
                parsed.kind.name(),
                parsed.to
            )
        };
        ReadableMoveError::NoMatch { reason }
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Yellow => "Yellow",
        Side::Red => "Red",
    }
}

/// Whether `after` is a win by the capture of a Home Stone that the move
/// (capturing `captured`) made.
fn wins_by_stone(after: &Position, captured: Option<PieceKind>) -> bool {
    captured == Some(PieceKind::HomeStone)
        && matches!(
            after.outcome(),
            Outcome::Win {
                reason: WinReason::HomeStoneCaptured,
                ..
            }
        )
}

/// What a SAN text (not a placement) says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ParsedSan {
    kind: PieceKind,
    file: Option<u8>,
    rank: Option<u8>,
    capture: bool,
    wins: bool,
    to: Square,
}

/// Reads `[piece][file][rank][x]<square>[#]` (ASCII text, not empty).
fn parse_text(text: &str) -> Result<ParsedSan, ReadableMoveError> {
    let bytes = text.as_bytes();
    let (body, wins) = match text.strip_suffix('#') {
        Some(body) => (body, true),
        None => (text, false),
    };
    let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
    let square_start = body.len().saturating_sub(digits + 1);
    if digits == 0 || body.len() < digits + 1 {
        return Err(malformed(
            body.len(),
            "expected the target square (a1..j10) at the end",
        ));
    }
    let to = body[square_start..].parse::<Square>().map_err(|_| {
        malformed(
            square_start,
            format!(
                "\"{}\" is not a square a1..j10",
                excerpt(&body[square_start..])
            ),
        )
    })?;
    let mut rest = &body[..square_start];
    let capture = rest.ends_with('x');
    if capture {
        rest = &rest[..rest.len() - 1];
    }
    let mut at = 0;
    let kind = match bytes.first() {
        Some(c) if c.is_ascii_uppercase() => {
            at = 1;
            PieceKind::from_letter(char::from(*c)).ok_or_else(|| {
                malformed(
                    0,
                    format!(
                        "'{}' is not a piece letter (U, Q, T, S, B, I, P, R, A or H)",
                        char::from(*c)
                    ),
                )
            })?
        }
        _ => PieceKind::Spearman,
    };
    if at > rest.len() {
        return Err(malformed(0, "expected a piece letter and a target square"));
    }
    let mut file = None;
    let mut rank = None;
    let dis = &rest[at..];
    let mut chars = dis.char_indices().peekable();
    if let Some(&(_, c @ 'a'..='j')) = chars.peek() {
        file = Some(c as u8 - b'a');
        chars.next();
    }
    let rank_text = &dis[chars.peek().map_or(dis.len(), |&(i, _)| i)..];
    if !rank_text.is_empty() {
        let offset = at + dis.len() - rank_text.len();
        let value = match rank_text.parse::<u8>() {
            Ok(r @ 1..=10) if !rank_text.starts_with('0') => r,
            _ => {
                return Err(malformed(
                    offset,
                    format!(
                        "\"{}\" is not a from-file a..j and rank 1..10 before the target",
                        excerpt(dis)
                    ),
                ))
            }
        };
        rank = Some(value - 1);
    }
    Ok(ParsedSan {
        kind,
        file,
        rank,
        capture,
        wins,
        to,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_texts_point_at_the_fault() {
        let pos = Position::start();
        let offset = |text: &str| match pos.parse_readable(text) {
            Err(ReadableMoveError::Malformed { offset, .. }) => offset,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(offset(""), 0);
        assert_eq!(offset("T"), 1);
        assert_eq!(offset("Tk4"), 1);
        assert_eq!(offset("Zf4"), 0);
        assert_eq!(offset("T0f4"), 1);
        assert_eq!(offset("Tfff4"), 2);
        assert_eq!(offset("H@k1"), 2);
        assert_eq!(offset("e2é5"), 2);
        assert_eq!(offset("f11"), 0);
        assert_eq!(offset("x"), 1);
    }

    #[test]
    fn huge_inputs_give_short_escaped_messages() {
        const MIB16: usize = 16 << 20;
        let pos = Position::start();
        let controls = "\u{1b}\0\n".repeat(MIB16 / 3);
        let inputs = [
            format!("T{controls}f4"),
            format!("f{}", "1".repeat(MIB16)),
            format!("{}f4", "x".repeat(MIB16)),
            format!("e{controls}e5"),
            format!("Z{controls}"),
            controls.clone(),
            format!("H@{controls}"),
        ];
        for (i, text) in inputs.iter().enumerate() {
            let message = pos.parse_readable(text).unwrap_err().to_string();
            assert!(message.len() < 200, "input {i}: {} bytes", message.len());
            assert!(
                !message.chars().any(char::is_control),
                "input {i}: {message:?}"
            );
        }
        let message = pos.parse_readable("T\u{1b}2f4").unwrap_err().to_string();
        assert!(message.contains("\\u{1b}2"), "{message}");
    }
}
