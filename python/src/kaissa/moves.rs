//! `kaissa.Move`: one Merchant Kaissa move, immutable and hashable.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

use kaissa_chaturaji::kaissa;

use crate::errors;

/// A Merchant Kaissa move: ``e2e5`` (what stands on e2 goes to e5,
/// capturing what is there) or ``H@c1`` (the side to move places its Home
/// Stone on c1). ``str(move)`` is the move text; ``Move(text)`` parses it
/// (a ``NotationError`` when it is not one). Moves are immutable, compare
/// by value and can be dictionary keys.
///
/// >>> Move("e2e5").to_square
/// 'e5'
/// >>> Move("H@c1").from_square is None
/// True
#[pyclass(frozen, eq, hash, module = "kaissa_chaturaji.kaissa", name = "Move")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(pub kaissa::Move);

#[pymethods]
impl Move {
    /// Parses move text: ``<from><to>`` (``e2e5``, ``a10b9``) or
    /// ``H@<square>``.
    #[new]
    fn new(text: &str) -> PyResult<Move> {
        parse(text).map(Move)
    }

    /// Parses move text (python-chess's ``Move.from_uci``; the same as
    /// ``Move(text)``).
    #[staticmethod]
    fn from_uci(text: &str) -> PyResult<Move> {
        parse(text).map(Move)
    }

    /// The move text (python-chess's ``uci()``; the same as ``str(move)``).
    fn uci(&self) -> String {
        self.0.to_string()
    }

    /// The square moved from (``None`` for a Home Stone placement).
    #[getter(from_square)]
    fn square_from(&self) -> Option<String> {
        self.0.from().map(|square| square.to_string())
    }

    /// The square moved to (or where the Home Stone is placed).
    #[getter(to_square)]
    fn square_to(&self) -> String {
        self.0.to().to_string()
    }

    /// Whether the move places the Home Stone (``H@...``).
    #[getter]
    fn is_placement(&self) -> bool {
        matches!(self.0, kaissa::Move::Place { .. })
    }

    /// The move text.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// ``Move('e2e5')``.
    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    /// Pickles as the move text.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_string(),)))
    }
}

/// One `Move` object per possible move (from-to pairs, then placements),
/// made once: listing moves then only hands out references. Moves are
/// immutable, so sharing them is invisible (they compare by value).
static INTERNED: PyOnceLock<Vec<Py<Move>>> = PyOnceLock::new();

/// The number of squares.
const SQUARES: usize = kaissa::Square::COUNT;

/// The place of `mv` in [`INTERNED`].
fn interned_index(mv: kaissa::Move) -> usize {
    let to = usize::from(mv.to().index());
    match mv.from() {
        Some(from) => usize::from(from.index()) * SQUARES + to,
        None => SQUARES * SQUARES + to,
    }
}

/// Makes every possible move's object (a move from a square to itself
/// never occurs, its slot holds a placement).
fn make_interned(py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
    let mut table = Vec::with_capacity(SQUARES * SQUARES + SQUARES);
    for from in kaissa::Square::all() {
        for to in kaissa::Square::all() {
            let mv = if from == to {
                kaissa::Move::Place { to }
            } else {
                kaissa::Move::Normal { from, to }
            };
            table.push(Py::new(py, Move(mv))?);
        }
    }
    for to in kaissa::Square::all() {
        table.push(Py::new(py, Move(kaissa::Move::Place { to }))?);
    }
    Ok(table)
}

/// The shared objects of every possible move.
pub fn interned(py: Python<'_>) -> PyResult<&[Py<Move>]> {
    INTERNED
        .get_or_try_init(py, || make_interned(py))
        .map(Vec::as_slice)
}

/// The shared object of `mv`, from [`interned`].
#[inline]
pub fn shared<'a, 'py>(
    py: Python<'py>,
    table: &'a [Py<Move>],
    mv: kaissa::Move,
) -> &'a Bound<'py, Move> {
    table[interned_index(mv)].bind(py)
}

/// Parses move text into a move.
pub fn parse(text: &str) -> PyResult<kaissa::Move> {
    text.parse::<kaissa::Move>().map_err(errors::notation)
}

/// A move given as a `Move` or as its text.
pub fn argument(arg: &Bound<'_, PyAny>) -> PyResult<kaissa::Move> {
    if let Ok(mv) = arg.cast::<Move>() {
        return Ok(mv.get().0);
    }
    if let Ok(text) = arg.cast::<PyString>() {
        return parse(&text.to_cow()?);
    }
    Err(PyTypeError::new_err(
        "expected a kaissa.Move or move text such as 'e2e5' or 'H@c1'",
    ))
}
