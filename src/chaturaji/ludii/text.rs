//! The position text of the Ludii ruleset (the rules reference, §3.5):
//! `<board> <to-move> <scores> <decision> <turns>`. The board and the
//! to-move letter are read by `notation.rs` (shared with §3.3); this
//! file reads and writes the last three fields.

use core::fmt;

use crate::error::{escaped_char, excerpt, Field, NotationError, NotationErrorKind};

use super::super::notation::{err, parse_count};
use super::super::piece::Colour;
use super::super::position::{Position, State};
use super::super::rules::Rules;
use super::super::square::Square;
use super::super::validate::{check_consistency, Spot};

/// Parses the scores field: four canonical decimal numbers separated by
/// commas, Red, Black, Yellow, Green; `at` is the field's offset in the
/// whole text. Records read their `Scores` tag with it too.
pub(crate) fn parse_scores(text: &str, at: usize) -> Result<[u32; 4], NotationError> {
    let mut scores = [0u32; 4];
    let mut offset = at;
    let mut count = 0;
    for item in text.split(',') {
        if count == 4 {
            return Err(err(
                Field::Scores,
                offset - 1,
                NotationErrorKind::UnexpectedCharacter,
                "more than four scores (Red, Black, Yellow, Green separated by commas)",
            ));
        }
        if item.is_empty() {
            return Err(err(
                Field::Scores,
                offset,
                NotationErrorKind::Empty,
                "a score is missing (four numbers separated by single commas)",
            ));
        }
        scores[count] = parse_count(item, Field::Scores, offset)?;
        offset += item.len() + 1;
        count += 1;
    }
    if count < 4 {
        return Err(err(
            Field::Scores,
            at + text.len(),
            NotationErrorKind::FieldCount,
            format!(
                "{count} scores, expected four (Red, Black, Yellow, Green) separated by commas"
            ),
        ));
    }
    Ok(scores)
}

/// Parses the decision field: `-` or a square name.
fn parse_decision(text: &str, at: usize) -> Result<Option<Square>, NotationError> {
    if text == "-" {
        return Ok(None);
    }
    Square::parse(text).map(Some).ok_or_else(|| {
        let kind = match text.chars().next() {
            Some(c) if c.is_ascii_alphanumeric() => NotationErrorKind::BadSquare,
            _ => NotationErrorKind::UnexpectedCharacter,
        };
        let shown = match text.chars().next() {
            Some(c) if text.len() == 1 => format!("'{}'", escaped_char(c)),
            _ => format!("\"{}\"", excerpt(text)),
        };
        err(
            Field::Decision,
            at,
            kind,
            format!("{shown} is neither - nor a square a1..h8"),
        )
    })
}

/// Reads the scores, decision and turns fields of a Ludii position text
/// (`fields` holds all five, already split; `state` has the board and the
/// colour to move), checks the position and makes it.
pub(in crate::chaturaji) fn parse_ludii_fields(
    mut state: State,
    rules: Rules,
    fields: &[(usize, &str)],
    offsets: &[usize; 64],
    side_at: usize,
) -> Result<Position, NotationError> {
    let (scores_at, scores) = fields[2];
    state.scores = parse_scores(scores, scores_at)?;
    let (decision_at, decision) = fields[3];
    state.decision = parse_decision(decision, decision_at)?;
    let (turns_at, turns) = fields[4];
    state.ply = parse_count(turns, Field::Turns, turns_at)?;
    derive_fields(&mut state);
    check_consistency(&state, rules).map_err(|problem| {
        let offset = match problem.spot {
            Spot::Square(sq) => offsets[sq.index()],
            Spot::Command(_) | Spot::Field => match problem.field {
                Field::ToMove => side_at,
                Field::Scores => scores_at,
                Field::Decision => decision_at,
                Field::Turns => turns_at,
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

/// Sets the fields a Ludii position derives from its board or keeps fixed:
/// each colour commands itself while it has pieces (`x` otherwise), no lost
/// pawns, no captured rajas, quiet 0.
pub(in crate::chaturaji) fn derive_fields(state: &mut State) {
    for colour in Colour::ALL {
        let present = !state.colours[colour.index()].is_empty();
        state.command[colour.index()] = present.then_some(colour);
    }
    state.lost_pawn = [false; 4];
    state.captured_rajas = [0; 4];
    state.quiet = 0;
}

/// Writes ` <to-move> <scores> <decision> <turns>` after the board.
pub(in crate::chaturaji) fn write_ludii_fields(
    pos: &Position,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let s = &pos.state;
    let [r, b, y, g] = s.scores;
    write!(f, " {} {r},{b},{y},{g} ", s.to_move.letter())?;
    match s.decision {
        Some(square) => write!(f, "{square}")?,
        None => f.write_str("-")?,
    }
    write!(f, " {}", s.ply)
}
