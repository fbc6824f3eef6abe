//! `chaturaji.Move`: one Chaturaji move, immutable and hashable, and the
//! arguments that name rolls and colours.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

use kaissa_chaturaji::chaturaji::{self, Colour, PieceKind, Roll};

use crate::errors;

/// A Chaturaji move: ``h1f3`` (the piece on h1 goes to f3), ``g7g8K`` (a
/// special promotion, the pawn becomes a raja; also ``E``, ``H``, ``B``),
/// ``pass`` (the only move when the roll allows none), and under the Ludii
/// ruleset a promotion decision ``=K``, ``=E``, ``=H`` or ``=B``.
/// ``str(move)`` is the move text; ``Move(text)`` parses it (a
/// ``NotationError`` when it is not one). Moves are immutable, compare by
/// value and can be dictionary keys.
///
/// >>> Move("h1f3").from_square
/// 'h1'
/// >>> Move("pass").is_pass
/// True
#[pyclass(frozen, eq, hash, module = "kaissa_chaturaji.chaturaji", name = "Move")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(pub chaturaji::Move);

#[pymethods]
impl Move {
    /// Parses move text: ``h1f3``, ``g7g8K``, ``pass``, ``=K``.
    #[new]
    fn new(text: &str) -> PyResult<Move> {
        parse(text).map(Move)
    }

    /// The square moved from (``None`` for a pass or a decision).
    #[getter(from_square)]
    fn square_from(&self) -> Option<String> {
        self.0.from().map(|square| square.to_string())
    }

    /// The square moved to (``None`` for a pass or a decision).
    #[getter(to_square)]
    fn square_to(&self) -> Option<String> {
        self.0.to().map(|square| square.to_string())
    }

    /// The letter of the kind a special promotion or a Ludii decision
    /// makes (``"K"``, ``"E"``, ``"H"``, ``"B"``), else ``None`` (a normal
    /// promotion happens by itself and is not written).
    #[getter]
    fn promotion(&self) -> Option<String> {
        match self.0 {
            chaturaji::Move::Promotion { kind, .. } | chaturaji::Move::Decision { kind } => {
                Some(kind.letter().to_string())
            }
            _ => None,
        }
    }

    /// Whether this is ``pass``.
    #[getter]
    fn is_pass(&self) -> bool {
        self.0 == chaturaji::Move::Pass
    }

    /// Whether this is a Ludii promotion decision (``=K`` ...).
    #[getter]
    fn is_decision(&self) -> bool {
        matches!(self.0, chaturaji::Move::Decision { .. })
    }

    /// The move text.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// ``Move('h1f3')``.
    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    /// Pickles as the move text.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_string(),)))
    }
}

/// One `Move` object per common move (from-to pairs, `pass`, the four
/// Ludii decisions), made once: listing moves then only hands out
/// references. Moves are immutable, so sharing them is invisible (they
/// compare by value). Special promotions are made when listed.
static INTERNED: PyOnceLock<Vec<Py<Move>>> = PyOnceLock::new();

/// The decisions' kinds, in their slots' order after `pass`.
const DECISIONS: [PieceKind; 4] = PieceKind::SPECIAL_PROMOTION;

/// The slot of `mv` in [`INTERNED`], if it has one.
fn interned_index(mv: chaturaji::Move) -> Option<usize> {
    match mv {
        chaturaji::Move::Normal { from, to } => Some(from.index() * 64 + to.index()),
        chaturaji::Move::Pass => Some(64 * 64),
        chaturaji::Move::Decision { kind } => DECISIONS
            .iter()
            .position(|&k| k == kind)
            .map(|i| 64 * 64 + 1 + i),
        _ => None,
    }
}

/// Makes the shared objects (a move from a square to itself never occurs:
/// its slot holds `pass`).
fn make_interned(py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
    let mut table = Vec::with_capacity(64 * 64 + 5);
    for from in chaturaji::Square::all() {
        for to in chaturaji::Square::all() {
            let mv = if from == to {
                chaturaji::Move::Pass
            } else {
                chaturaji::Move::Normal { from, to }
            };
            table.push(Py::new(py, Move(mv))?);
        }
    }
    table.push(Py::new(py, Move(chaturaji::Move::Pass))?);
    for kind in DECISIONS {
        table.push(Py::new(py, Move(chaturaji::Move::Decision { kind }))?);
    }
    Ok(table)
}

/// `mv` as a Python object: the shared one when it has one.
pub fn to_object<'py>(py: Python<'py>, mv: chaturaji::Move) -> PyResult<Bound<'py, Move>> {
    let table = INTERNED.get_or_try_init(py, || make_interned(py))?;
    match interned_index(mv) {
        Some(i) => Ok(table[i].bind(py).clone()),
        None => Bound::new(py, Move(mv)),
    }
}

/// Parses move text into a move.
pub fn parse(text: &str) -> PyResult<chaturaji::Move> {
    chaturaji::Move::parse(text).map_err(errors::notation)
}

/// A move given as a `Move` or as its text.
pub fn argument(arg: &Bound<'_, PyAny>) -> PyResult<chaturaji::Move> {
    if let Ok(mv) = arg.cast::<Move>() {
        return Ok(mv.get().0);
    }
    if let Ok(text) = arg.cast::<PyString>() {
        return parse(&text.to_cow()?);
    }
    Err(PyTypeError::new_err(
        "expected a chaturaji.Move or move text such as 'h1f3', 'pass' or '=K'",
    ))
}

/// A die face: 2, 3, 4 or 5.
pub fn roll(face: i64) -> PyResult<Roll> {
    u8::try_from(face).ok().and_then(Roll::new).ok_or_else(|| {
        PyValueError::new_err(format!("a roll is a die face 2, 3, 4 or 5, not {face}"))
    })
}

/// A colour named by its word or letter: `red`/`r`, `black`/`b`,
/// `yellow`/`y`, `green`/`g`.
pub fn colour(name: &str) -> PyResult<Colour> {
    let colour = match name {
        "red" | "r" => Some(Colour::Red),
        "black" | "b" => Some(Colour::Black),
        "yellow" | "y" => Some(Colour::Yellow),
        "green" | "g" => Some(Colour::Green),
        _ => None,
    };
    colour.ok_or_else(|| {
        PyValueError::new_err(format!(
            "a colour is 'red', 'black', 'yellow' or 'green', not {:?}",
            name.chars().take(24).collect::<String>()
        ))
    })
}
