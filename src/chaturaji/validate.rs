//! The consistency rules every position keeps (the rules reference, §3, notation), shared
//! by the text parser, the [`Setup`](super::Setup) builder and
//! [`Position::validate`].

use crate::error::{Field, NotationError, NotationErrorKind};

use super::piece::{Colour, PieceKind};
use super::position::{Position, State};
use super::rules::{Alliances, Rules};
use super::tables::{FAR_EDGE, PROMOTION_SQUARES};
use super::{Bitboard, Square};

/// Where in a text an inconsistency lies, for the parser to turn into a
/// byte offset (a set-up has no text and ignores it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spot {
    /// The start of the field.
    Field,
    /// The token of the piece on this square (board field).
    Square(Square),
    /// The letter of this colour (command field).
    Command(Colour),
}

/// A well-formed position that the rules exclude: the field, where in it,
/// why, and the kind ([`NotationErrorKind::Inconsistent`], or
/// [`NotationErrorKind::WrongRules`] when the other alliance pairing
/// accepts the position).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Inconsistency {
    pub(crate) field: Field,
    pub(crate) spot: Spot,
    pub(crate) kind: NotationErrorKind,
    pub(crate) reason: String,
}

impl Inconsistency {
    fn new(field: Field, spot: Spot, reason: String) -> Self {
        Inconsistency {
            field,
            spot,
            kind: NotationErrorKind::Inconsistent,
            reason,
        }
    }

    /// The error for a position without a text (a set-up).
    pub(crate) fn without_offset(self) -> NotationError {
        NotationError::without_offset(self.field, self.kind, self.reason)
    }
}

/// The name of an alliance pairing in messages, with its pairs.
fn alliances_name(alliances: Alliances) -> (&'static str, &'static str) {
    match alliances {
        Alliances::Sheet => ("sheet", "red with green, black with yellow"),
        Alliances::Opposite => ("opposite", "red with yellow, black with green"),
    }
}

/// The name of an alliance option as a program writes it.
fn alliances_path(alliances: Alliances) -> &'static str {
    match alliances {
        Alliances::Sheet => "Alliances::Sheet",
        Alliances::Opposite => "Alliances::Opposite",
    }
}

/// [`first_inconsistency`], and on its error path (so at no cost for a
/// consistent position) a second check under the other alliance pairing:
/// when that one accepts the position, the problem is the pairing, and the
/// error says which pairing the position needs (kind
/// [`NotationErrorKind::WrongRules`]). The text parser and the set-up
/// builder both check with this function, so they agree on the kind too.
pub(crate) fn check_consistency(state: &State, rules: Rules) -> Result<(), Inconsistency> {
    first_inconsistency(state, rules).map_err(|mut problem| {
        if rules.is_ludii() {
            return problem;
        }
        let other = match rules.alliances {
            Alliances::Sheet => Alliances::Opposite,
            Alliances::Opposite => Alliances::Sheet,
        };
        if first_inconsistency(state, rules.with_alliances(other)).is_ok() {
            let (name, pairs) = alliances_name(other);
            problem.kind = NotationErrorKind::WrongRules;
            problem.reason = format!(
                "{}; the position needs the {name} alliances ({pairs}): read it with {}",
                problem.reason,
                alliances_path(other)
            );
        }
        problem
    })
}

/// The one consistency check of the text parser and the set-up builder
/// (through [`check_consistency`]): the rules reference's §3 list (a pawn on its promotion square after its
/// colour lost a pawn, `x` exactly for colours without pieces, a colour
/// commanded only by itself or by an ally that commands itself, quiet not
/// above ply) and the crate's Decisions (some piece on the board, the seat
/// to move in play). `state`'s bitboards must be disjoint (the parser and
/// the builder make them so); its hash is not looked at. Checks in the
/// order of the text's fields, so the first problem is reported.
fn first_inconsistency(state: &State, rules: Rules) -> Result<(), Inconsistency> {
    let occupied = state.colours.iter().fold(Bitboard::EMPTY, |a, &b| a | b);
    if occupied.is_empty() {
        return Err(Inconsistency::new(
            Field::Board,
            Spot::Field,
            "no piece on the board".into(),
        ));
    }
    if rules.is_ludii() {
        return check_ludii(state);
    }
    let pawns = state.kinds[PieceKind::Pawn.index()];
    for colour in Colour::ALL {
        let i = colour.index();
        if state.lost_pawn[i] {
            if let Some(sq) = (state.colours[i] & pawns & PROMOTION_SQUARES[i]).first() {
                return Err(Inconsistency::new(
                    Field::Board,
                    Spot::Square(sq),
                    format!(
                        "a {colour} pawn on {sq} would have been promoted: {colour} has lost a pawn"
                    ),
                ));
            }
        }
    }
    let (alliance_name, _) = alliances_name(rules.alliances);
    for colour in Colour::ALL {
        let i = colour.index();
        let has_pieces = !state.colours[i].is_empty();
        let fail =
            |reason: String| Inconsistency::new(Field::Command, Spot::Command(colour), reason);
        match state.command[i] {
            None if has_pieces => {
                return Err(fail(format!(
                    "{colour} has pieces on the board, so its command cannot be x"
                )));
            }
            Some(_) if !has_pieces => {
                return Err(fail(format!(
                    "{colour} has no piece on the board, so its command must be x"
                )));
            }
            Some(seat) if seat != colour => {
                let ally = rules.ally(colour);
                if seat != ally {
                    return Err(fail(format!(
                        "{colour} can be commanded only by itself or by its ally {ally} ({alliance_name} alliances)"
                    )));
                }
                if matches!(state.command[ally.index()], Some(s) if s != ally) {
                    return Err(fail(format!(
                        "{colour} is commanded by {ally}, which does not command itself"
                    )));
                }
            }
            _ => {}
        }
    }
    if state.quiet > state.ply {
        return Err(Inconsistency::new(
            Field::Quiet,
            Spot::Field,
            format!(
                "{} quiet plies exceed the {} plies played",
                state.quiet, state.ply
            ),
        ));
    }
    // Even after the game has ended the seat to move is the one that would
    // be next: the next seat in play after the mover.
    if !state.command.contains(&Some(state.to_move)) {
        return Err(Inconsistency::new(
            Field::ToMove,
            Spot::Field,
            format!(
                "seat {} commands no piece, so it cannot be to move",
                state.to_move
            ),
        ));
    }
    Ok(())
}

/// The Ludii ruleset's consistency rules (the rules reference, §2.13) after the
/// board's: a decision square holds a pawn of the colour to move on its far
/// edge, and (a Decision of the crate) a decision is never pending when
/// that colour owns every piece left, as the pawn's move would have ended
/// the game. `state`'s command, lost-pawn, captured-raja and quiet fields
/// are not looked at (the Ludii text has none; the parser and the builder
/// derive them).
fn check_ludii(state: &State) -> Result<(), Inconsistency> {
    let Some(square) = state.decision else {
        return Ok(());
    };
    let colour = state.to_move;
    let c = colour.index();
    let fail = |reason: String| Inconsistency::new(Field::Decision, Spot::Field, reason);
    let pawn = state.colours[c] & state.kinds[PieceKind::Pawn.index()];
    if !pawn.contains(square) {
        return Err(fail(format!(
            "the decision square {square} does not hold a pawn of {colour}, the colour to move"
        )));
    }
    if !FAR_EDGE[c].contains(square) {
        return Err(fail(format!(
            "the {colour} pawn on {square} is not on {colour}'s far edge, so it has no promotion to decide"
        )));
    }
    if state.colours.iter().filter(|b| !b.is_empty()).count() <= 1 {
        return Err(fail(format!(
            "{colour} owns every piece left, so the pawn's move ended the game and no decision is pending"
        )));
    }
    Ok(())
}

/// The fields a Ludii position keeps fixed or derives from its board (not
/// part of its text): command from the board, no lost pawns, no captured
/// rajas, quiet 0; and the Ludii fields a sheet position keeps empty.
fn ruleset_fields_ok(state: &State, rules: Rules) -> bool {
    if rules.is_ludii() {
        Colour::ALL.into_iter().all(|colour| {
            let present = !state.colours[colour.index()].is_empty();
            state.command[colour.index()] == present.then_some(colour)
        }) && state.lost_pawn == [false; 4]
            && state.captured_rajas == [0; 4]
            && state.quiet == 0
    } else {
        state.scores == [0; 4] && state.decision.is_none()
    }
}

impl Position {
    /// Checks the invariants every position keeps: the consistency rules of
    /// the rules reference, §3.3, or §3.5 under the Ludii ruleset (exactly those the text parser and
    /// [`Setup::build`](super::Setup::build) apply: command and `x`, allies
    /// only, no colour commanding one that does not command itself, no
    /// unpromoted pawn after a lost pawn, quiet <= ply, the seat to move in
    /// play) and the agreement of the internal tables and hash. Positions
    /// built by the library always pass; this is for tests and for callers
    /// that want to double-check. The error has no offset. Does not
    /// allocate when the position is valid.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Position;
    /// assert_eq!(Position::default().validate(), Ok(()));
    /// ```
    pub fn validate(&self) -> Result<(), NotationError> {
        let s = &self.state;
        let internal = |reason: &str| {
            NotationError::without_offset(
                Field::Board,
                NotationErrorKind::Inconsistent,
                format!("internal tables: {reason}"),
            )
        };
        let mut by_colour = Bitboard::EMPTY;
        for &colour in &s.colours {
            if !(by_colour & colour).is_empty() {
                return Err(internal("a square holds pieces of two colours"));
            }
            by_colour |= colour;
        }
        let mut by_kind = Bitboard::EMPTY;
        for &kind in &s.kinds {
            if !(by_kind & kind).is_empty() {
                return Err(internal("a square holds pieces of two kinds"));
            }
            by_kind |= kind;
        }
        if by_colour != by_kind {
            return Err(internal("colours and kinds disagree"));
        }
        if !ruleset_fields_ok(s, self.rules) {
            return Err(internal("fields the ruleset does not use are set"));
        }
        first_inconsistency(s, self.rules).map_err(Inconsistency::without_offset)?;
        if s.hash != self.compute_hash() {
            return Err(NotationError::without_offset(
                Field::Text,
                NotationErrorKind::Inconsistent,
                "the hash does not match the position",
            ));
        }
        Ok(())
    }
}
