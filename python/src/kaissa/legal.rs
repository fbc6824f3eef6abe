//! `kaissa.LegalMoves`: the live view `pos.legal_moves`, in the manner of
//! python-chess's `LegalMoveGenerator`.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use super::moves::{self, Move};
use super::position::Position;

/// The legal moves of a position, as python-chess's ``board.legal_moves``:
/// ``len()``, iteration, ``move in pos.legal_moves`` (a ``Move`` or move
/// text; anything else is not in it), ``count()`` and truth. It is a view:
/// it always answers for the position as it is now, after pushes and pops.
/// Calling it, ``pos.legal_moves()``, returns the moves as a list (the
/// older spelling).
///
/// >>> pos = Position()
/// >>> len(pos.legal_moves), pos.legal_moves.count()
/// (40, 40)
/// >>> "e2e5" in pos.legal_moves
/// True
/// >>> pos.legal_moves()[0]
/// Move('d1a3')
#[pyclass(frozen, module = "kaissa_chaturaji.kaissa", name = "LegalMoves")]
pub struct LegalMoves {
    /// The position viewed.
    position: Py<Position>,
}

impl LegalMoves {
    /// The view of `position`'s legal moves.
    pub fn new(position: Py<Position>) -> LegalMoves {
        LegalMoves { position }
    }

    /// The legal moves now, as a list of the shared `Move` objects.
    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let table = moves::interned(py)?;
        let pos = self.position.bind(py).try_borrow()?;
        PyList::new(
            py,
            pos.pos
                .legal_moves()
                .iter()
                .map(|&mv| moves::shared(py, table, mv)),
        )
    }
}

#[pymethods]
impl LegalMoves {
    /// The legal moves as a list.
    fn __call__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.list(py)
    }

    /// The number of legal moves (without making the list).
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.position.bind(py).try_borrow()?.pos.count_legal_moves())
    }

    /// The number of legal moves, as python-chess's ``count()``.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    /// Whether there is a legal move.
    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.position.bind(py).try_borrow()?.pos.has_legal_move())
    }

    /// The legal moves, in generation order (a snapshot taken when the
    /// iteration starts).
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.list(py)?.into_any().try_iter().map(Bound::into_any)
    }

    /// Whether ``move`` (a ``Move`` or move text) is legal now. Anything
    /// else, malformed text included, is not.
    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = if let Ok(mv) = r#move.cast::<Move>() {
            mv.get().0
        } else if let Ok(text) = r#move.cast::<PyString>() {
            match text.to_cow()?.parse() {
                Ok(mv) => mv,
                Err(_) => return Ok(false),
            }
        } else {
            return Ok(false);
        };
        Ok(self.position.bind(py).try_borrow()?.pos.is_legal(mv))
    }

    /// ``<LegalMoves (e2e5, ...)>``, python-chess's style.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let pos = self.position.bind(py).try_borrow()?;
        let texts: Vec<String> = pos
            .pos
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        Ok(format!("<LegalMoves ({})>", texts.join(", ")))
    }
}
