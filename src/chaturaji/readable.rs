//! Readable Chaturaji moves for display and input: the piece with its
//! colour, then its from- and to-squares, as four-player chess notation
//! writes moves: `gH b1-c3`, `rE h3xh7` (a capture), `gP b7-b8=H` (the
//! pawn became a horse), `gP h3-h4=K` (a special promotion), `pass`.
//!
//! Why this form: four armies share the board and one seat may command two
//! of them, so the colour says whose piece moved; the die already names
//! the kind, so the letter confirms it; and from-to squares are found on
//! the board at a glance, where a short form (`gHc3`) makes the reader
//! search for the piece among four armies.
//!
//! Parsing accepts the canonical form and shorter ones: without the
//! colour or the whole prefix (`b1-c3`, `H b1c3`), without the separator
//! or with `x` left out, the coordinate move text (`g7g8K`), and the short
//! form `[colour]<kind>[x]<to>[=<kind>]` (`gHc3`, `Pxd5`), which must name
//! one legal move for the roll.

use super::{Colour, Move, PieceKind, Position, Roll, Square};
use crate::error::{escaped_char, IllegalMoveError};
use crate::readable::{malformed, ReadableMoveError};

impl Position {
    /// The move in readable notation, if it is legal for `roll` here (else
    /// the error says why).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Roll};
    /// let pos = Position::default();
    /// let three = Roll::new(3).unwrap();
    /// assert_eq!(pos.readable(three, "h2f3".parse()?)?, "rH h2-f3");
    /// assert_eq!(pos.readable(Roll::new(4).unwrap(), "pass".parse()?)?, "pass");
    /// assert!(pos.readable(three, "h1f3".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn readable(&self, roll: Roll, mv: Move) -> Result<String, IllegalMoveError> {
        let mut after = self.clone();
        after.play(roll, mv)?;
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            // `pass`, or a Ludii promotion decision as its move text (`=H`).
            return Ok(mv.to_string());
        };
        let Some(piece) = self.piece_at(from) else {
            return Ok(mv.to_string());
        };
        let separator = if self.piece_at(to).is_some() {
            'x'
        } else {
            '-'
        };
        let mut text = format!("{piece} {from}{separator}{to}");
        if let Some(now) = after.piece_at(to) {
            if now.kind != piece.kind {
                text.push('=');
                text.push(now.kind.letter());
            }
        }
        Ok(text)
    }

    /// Reads a move in readable notation for `roll` (see
    /// [`Position::readable`] and the shorter forms in the
    /// [module docs](crate::readable)). Ambiguous, illegal or malformed
    /// input gives a [`ReadableMoveError`] saying why.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Roll};
    /// use kaissa_chaturaji::readable::ReadableMoveError;
    /// let pos = Position::default();
    /// let three = Roll::new(3).unwrap();
    /// for text in ["rH h2-f3", "h2f3", "H h2f3", "Hf3", "rHf3"] {
    ///     assert_eq!(pos.parse_readable(three, text)?.to_string(), "h2f3");
    /// }
    /// let err = pos.parse_readable(Roll::new(5).unwrap(), "rK h4-g4").unwrap_err();
    /// assert!(matches!(err, ReadableMoveError::Illegal(_)));
    /// let err = pos.parse_readable(Roll::new(2).unwrap(), "gB b1-c3").unwrap_err();
    /// assert!(matches!(err, ReadableMoveError::NoMatch { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_readable(&self, roll: Roll, text: &str) -> Result<Move, ReadableMoveError> {
        if text == "pass" || text.starts_with('=') {
            // `pass`, or a Ludii promotion decision (`=H`): its move text.
            let mv =
                Move::parse(text).map_err(|e| malformed(e.offset().unwrap_or(0), e.reason()))?;
            self.clone().play(roll, mv)?;
            return Ok(mv);
        }
        let parsed = parse_text(text)?;
        if self.is_over() {
            return Err(ReadableMoveError::GameOver);
        }
        if let Some(from) = parsed.from {
            if let Some(reason) = self.prefix_mismatch(&parsed, from) {
                return Err(ReadableMoveError::NoMatch { reason });
            }
        }
        let candidates: Vec<Move> = self
            .legal_moves(roll)
            .iter()
            .copied()
            .filter(|&m| self.fits(&parsed, m))
            .collect();
        let mv = match candidates.as_slice() {
            [mv] => *mv,
            [] => return Err(self.no_match(roll, &parsed)),
            several => {
                let candidates = several
                    .iter()
                    .map(|&m| self.readable(roll, m).unwrap_or_else(|_| m.to_string()))
                    .collect();
                return Err(ReadableMoveError::Ambiguous { candidates });
            }
        };
        if parsed.capture && self.piece_at(parsed.to).is_none() {
            return Err(ReadableMoveError::WrongMarker {
                reason: format!("x marks a capture, but {} is empty", parsed.to),
            });
        }
        Ok(mv)
    }

    /// Why the piece on `from` is not the one the text's prefix names.
    fn prefix_mismatch(&self, parsed: &ParsedReadable, from: Square) -> Option<String> {
        let Some(piece) = self.piece_at(from) else {
            return Some(format!("{from} is empty"));
        };
        let wrong_colour = parsed.colour.is_some_and(|c| c != piece.colour);
        let wrong_kind = parsed.kind.is_some_and(|k| k != piece.kind);
        (wrong_colour || wrong_kind).then(|| {
            let named: String = parsed
                .colour
                .map(Colour::letter)
                .into_iter()
                .chain(parsed.kind.map(PieceKind::letter))
                .collect();
            format!("{from} holds {piece}, not {named}")
        })
    }

    /// Whether the legal move `mv` is one the text describes.
    fn fits(&self, parsed: &ParsedReadable, mv: Move) -> bool {
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            return false;
        };
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        if to != parsed.to
            || parsed.from.is_some_and(|f| f != from)
            || parsed.colour.is_some_and(|c| c != piece.colour)
            || parsed.kind.is_some_and(|k| k != piece.kind)
        {
            return false;
        }
        match (parsed.promotion, mv) {
            (None, _) => true,
            (Some(kind), Move::Promotion { kind: chosen, .. }) => kind == chosen,
            (Some(kind), _) => {
                let mut after = self.clone();
                after.play_unchecked(mv);
                after
                    .piece_at(to)
                    .is_some_and(|p| p.kind == kind && p.kind != piece.kind)
            }
        }
    }

    /// Why no legal move for `roll` fits the text.
    fn no_match(&self, roll: Roll, parsed: &ParsedReadable) -> ReadableMoveError {
        if let Some(from) = parsed.from {
            let normal = Move::Normal {
                from,
                to: parsed.to,
            };
            if self.is_legal(roll, normal) {
                let kind = parsed.promotion.map_or('?', PieceKind::letter);
                return ReadableMoveError::WrongMarker {
                    reason: format!(
                        "the piece moving {from}-{} does not become {kind}",
                        parsed.to
                    ),
                };
            }
            let mv = match parsed.promotion {
                Some(kind) => Move::Promotion {
                    from,
                    to: parsed.to,
                    kind,
                },
                None => normal,
            };
            return match self.clone().play(roll, mv) {
                Err(err) => ReadableMoveError::Illegal(err),
                Ok(_) => ReadableMoveError::NoMatch {
                    reason: format!("{mv} does not fit the text"),
                },
            };
        }
        let what: String = parsed
            .colour
            .map(Colour::letter)
            .into_iter()
            .chain(parsed.kind.map(PieceKind::letter))
            .collect();
        let promotion = parsed
            .promotion
            .map(|k| format!(" becoming {}", k.letter()))
            .unwrap_or_default();
        ReadableMoveError::NoMatch {
            reason: format!(
                "no {what} commanded by {} can move to {}{promotion} with a {roll}",
                self.to_move().name(),
                parsed.to
            ),
        }
    }
}

/// What a readable text (not `pass`) says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ParsedReadable {
    colour: Option<Colour>,
    kind: Option<PieceKind>,
    from: Option<Square>,
    to: Square,
    capture: bool,
    promotion: Option<PieceKind>,
}

/// A square name at byte `at` of `text` (a file a..h and a rank 1..8).
fn square_at(text: &str, at: usize) -> Option<Square> {
    Square::parse(text.get(at..at + 2)?)
}

/// Reads `[[colour]kind][ ][from[-|x]]to[[=]kind]` or the short form.
fn parse_text(text: &str) -> Result<ParsedReadable, ReadableMoveError> {
    if text.is_empty() {
        return Err(malformed(0, "empty move"));
    }
    if let Some((at, c)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
        return Err(malformed(
            at,
            format!("unexpected character '{}'", escaped_char(c)),
        ));
    }
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut colour = None;
    let mut kind = None;
    let letter = |i: usize| bytes.get(i).map(|&b| char::from(b));
    if let (Some(c), Some(k)) = (letter(0).and_then(Colour::from_letter), letter(1)) {
        if k.is_ascii_uppercase() {
            colour = Some(c);
            at = 1;
        }
    }
    if let Some(k) = letter(at).filter(char::is_ascii_uppercase) {
        kind = Some(PieceKind::from_letter(k).ok_or_else(|| {
            malformed(at, format!("'{k}' is not a piece letter (K, E, H, B or P)"))
        })?);
        at += 1;
    } else if colour.is_some() {
        return Err(malformed(
            at,
            "a colour letter must be followed by a piece letter",
        ));
    }
    while letter(at) == Some(' ') {
        at += 1;
    }
    let mut capture = false;
    if letter(at) == Some('x') {
        capture = true;
        at += 1;
    }
    let first = square_at(text, at).ok_or_else(|| malformed(at, "expected a square a1..h8"))?;
    at += 2;
    let mut from = None;
    let mut to = first;
    if !capture {
        let separator = matches!(letter(at), Some('-' | 'x'));
        if separator {
            capture = letter(at) == Some('x');
            at += 1;
        }
        if separator || square_at(text, at).is_some() {
            from = Some(first);
            to = square_at(text, at)
                .ok_or_else(|| malformed(at, "expected the target square a1..h8"))?;
            at += 2;
        }
    }
    if from.is_none() && kind.is_none() {
        return Err(malformed(
            0,
            "name the piece (such as gH c3) or the from-square (such as b1-c3)",
        ));
    }
    if from == Some(to) {
        return Err(malformed(at - 2, "a move must go to another square"));
    }
    let mut promotion = None;
    if letter(at) == Some('=') {
        at += 1;
        if letter(at).is_none() {
            return Err(malformed(at, "expected the piece letter after ="));
        }
    }
    if let Some(k) = letter(at) {
        promotion = Some(
            PieceKind::from_letter(k)
                .filter(|&k| k != PieceKind::Pawn)
                .ok_or_else(|| {
                    malformed(
                        at,
                        format!("'{}' is not a promotion (K, E, H or B)", escaped_char(k)),
                    )
                })?,
        );
        at += 1;
    }
    if at < text.len() {
        return Err(malformed(at, "unexpected text after the move"));
    }
    Ok(ParsedReadable {
        colour,
        kind,
        from,
        to,
        capture,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_texts_point_at_the_fault() {
        let offset = |text: &str| match parse_text(text) {
            Err(ReadableMoveError::Malformed { offset, .. }) => offset,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(offset(""), 0);
        assert_eq!(offset("gX b1c3"), 1);
        assert_eq!(offset("g b1c3"), 0);
        assert_eq!(offset("gH b9c3"), 3);
        assert_eq!(offset("gH b1-c9"), 6);
        assert_eq!(offset("c3"), 0);
        assert_eq!(offset("gH b1-c3="), 9);
        assert_eq!(offset("gH b1-c3=P"), 9);
        assert_eq!(offset("gH b1-c3K!"), 9);
        assert_eq!(offset("b1b1"), 2);
        assert_eq!(offset("gH b1–c3"), 5);
    }

    #[test]
    fn forms() {
        let p = parse_text("gH b1xc3=K").unwrap();
        assert_eq!(p.colour, Some(Colour::Green));
        assert_eq!(p.kind, Some(PieceKind::Horse));
        assert_eq!(p.from.map(|s| s.to_string()).as_deref(), Some("b1"));
        assert_eq!(p.to.to_string(), "c3");
        assert!(p.capture);
        assert_eq!(p.promotion, Some(PieceKind::Raja));
        let p = parse_text("g7g8K").unwrap();
        assert_eq!(
            (p.colour, p.kind, p.promotion),
            (None, None, Some(PieceKind::Raja))
        );
        let p = parse_text("Pxd5").unwrap();
        assert_eq!((p.from, p.capture), (None, true));
    }
}
