//! python-chess's engine words: `Limit` (how long a move may think),
//! `PlayResult` (the move and what the search found) and the info dict.

use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use kaissa_chaturaji::agents::{self, Thought};
use kaissa_chaturaji::game::{AnyAction, ChaturajiStep};

use crate::chaturaji::moves as chaturaji_moves;
use crate::kaissa::moves as kaissa_moves;

/// How long an agent may think about one move, in python-chess's words:
/// ``time`` (seconds), ``depth`` (plies; expectimax: moves) and ``nodes``
/// (MCTS: iterations). Every bound given applies, the first reached ends
/// the search; ``Limit()`` gives none, leaving it to the agent's spec
/// (``"mcts:500"``: 500 iterations; a bare kind such as ``"alphabeta"``:
/// one second). A bound the agent cannot honour (a depth for MCTS)
/// raises ``LimitError`` when it is asked to think; a time, depth or node
/// count that is not positive raises ``ValueError`` here.
///
/// >>> Limit(time=0.1)
/// Limit(time=0.1)
/// >>> Limit(depth=3, nodes=10000).depth
/// 3
/// >>> Limit() == Limit(time=None)
/// True
#[pyclass(frozen, eq, module = "kaissa_chaturaji.agents", name = "Limit")]
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Limit {
    time: Option<f64>,
    depth: Option<u32>,
    nodes: Option<u64>,
}

/// A limit's bounds as its constructor takes them: time, depth, nodes.
type Bounds = (Option<f64>, Option<u32>, Option<u64>);

/// A bound that must be a positive whole number.
fn positive<T: TryFrom<i64>>(name: &str, value: Option<i64>) -> PyResult<Option<T>> {
    value
        .map(|n| {
            T::try_from(n).ok().filter(|_| n > 0).ok_or_else(|| {
                PyValueError::new_err(format!("{name} must be a positive whole number, not {n}"))
            })
        })
        .transpose()
}

#[pymethods]
impl Limit {
    /// ``Limit(time=None, depth=None, nodes=None)``.
    #[new]
    #[pyo3(signature = (time = None, depth = None, nodes = None))]
    fn new(time: Option<f64>, depth: Option<i64>, nodes: Option<i64>) -> PyResult<Limit> {
        if let Some(seconds) = time {
            if !(seconds > 0.0 && Duration::try_from_secs_f64(seconds).is_ok()) {
                return Err(PyValueError::new_err(format!(
                    "time must be a positive number of seconds, not {seconds:?}"
                )));
            }
        }
        Ok(Limit {
            time,
            depth: positive("depth", depth)?,
            nodes: positive("nodes", nodes)?,
        })
    }

    /// The most seconds of wall-clock time, or ``None``.
    #[getter]
    fn time(&self) -> Option<f64> {
        self.time
    }

    /// The deepest iteration in plies (expectimax: moves), or ``None``.
    #[getter]
    fn depth(&self) -> Option<u32> {
        self.depth
    }

    /// The most nodes searched (MCTS: iterations), or ``None``.
    #[getter]
    fn nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// ``Limit(time=0.5, depth=4)``: the bounds given.
    fn __repr__(&self) -> String {
        let mut parts = Vec::new();
        if let Some(time) = self.time {
            parts.push(format!("time={time:?}"));
        }
        if let Some(depth) = self.depth {
            parts.push(format!("depth={depth}"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("nodes={nodes}"));
        }
        format!("Limit({})", parts.join(", "))
    }

    /// Pickles as ``Limit(time, depth, nodes)``.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, Bounds) {
        let limit = slf.get();
        (
            slf.get_type().into_any(),
            (limit.time, limit.depth, limit.nodes),
        )
    }
}

impl Limit {
    /// The library's limit with these bounds.
    pub fn to_agents(self) -> agents::Limit {
        let mut limit = agents::Limit::default();
        if let Some(time) = self.time.and_then(|t| Duration::try_from_secs_f64(t).ok()) {
            limit = limit.with_time(time);
        }
        if let Some(depth) = self.depth {
            limit = limit.with_depth(depth);
        }
        if let Some(nodes) = self.nodes {
            limit = limit.with_nodes(nodes);
        }
        limit
    }
}

/// What ``Agent.play`` returns, as python-chess's ``PlayResult``: the
/// ``move`` chosen and the ``info`` dict of the search (the one
/// ``Agent.analyse`` returns).
///
/// >>> import kaissa_chaturaji as kc
/// >>> result = Agent("alphabeta").play(kc.kaissa.Position(), Limit(depth=2))
/// >>> result.info["depth"], result.move == result.info["pv"][0]
/// (2, True)
#[pyclass(frozen, module = "kaissa_chaturaji.agents", name = "PlayResult")]
pub struct PlayResult {
    mv: Py<PyAny>,
    info: Py<PyDict>,
}

#[pymethods]
impl PlayResult {
    /// The move chosen: a ``kaissa.Move`` or a ``chaturaji.Move``.
    #[getter(r#move)]
    fn mv(&self, py: Python<'_>) -> Py<PyAny> {
        self.mv.clone_ref(py)
    }

    /// What the search found: ``depth``, ``score``, ``nodes``, ``time``
    /// and ``pv`` (see ``Agent.analyse``).
    #[getter]
    fn info(&self, py: Python<'_>) -> Py<PyDict> {
        self.info.clone_ref(py)
    }

    /// ``PlayResult(move=e2e5, info={...})``.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "PlayResult(move={}, info={})",
            self.mv.bind(py).repr()?,
            self.info.bind(py).repr()?
        ))
    }
}

impl PlayResult {
    /// The result of a thought whose best move is `mv`.
    pub fn new(mv: Bound<'_, PyAny>, info: Bound<'_, PyDict>) -> PlayResult {
        PlayResult {
            mv: mv.unbind(),
            info: info.unbind(),
        }
    }
}

/// `action` as a Python move (`None` for a die face, which no agent
/// chooses).
pub fn action_object(py: Python<'_>, action: AnyAction) -> PyResult<Option<Bound<'_, PyAny>>> {
    Ok(match action {
        AnyAction::Kaissa(mv) => {
            let table = kaissa_moves::interned(py)?;
            Some(kaissa_moves::shared(py, table, mv).clone().into_any())
        }
        AnyAction::Chaturaji(ChaturajiStep::Move(mv)) => {
            Some(chaturaji_moves::to_object(py, mv)?.into_any())
        }
        AnyAction::Chaturaji(ChaturajiStep::Roll(_)) => None,
    })
}

/// The info dict of `thought`: ``depth``, ``score`` (centipawns for the
/// player to move), ``nodes``, ``time`` (seconds) and ``pv`` (the moves
/// of the principal variation, up to the next die roll).
pub fn info<'py>(py: Python<'py>, thought: &Thought<AnyAction>) -> PyResult<Bound<'py, PyDict>> {
    let pv = PyList::empty(py);
    for &action in &thought.pv {
        match action_object(py, action)? {
            Some(mv) => pv.append(mv)?,
            None => break,
        }
    }
    let info = PyDict::new(py);
    info.set_item("depth", thought.depth)?;
    info.set_item("score", thought.score)?;
    info.set_item("nodes", thought.nodes)?;
    info.set_item("time", thought.elapsed.as_secs_f64())?;
    info.set_item("pv", pv)?;
    Ok(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_become_the_library_limit() {
        let limit = Limit::new(Some(0.25), Some(4), Some(1000)).expect("a valid limit");
        let expected = agents::Limit::depth(4)
            .with_nodes(1000)
            .with_time(Duration::from_millis(250));
        assert_eq!(limit.to_agents(), expected);
        let none = Limit::new(None, None, None).expect("no bound");
        assert!(none.to_agents().is_unbounded());
    }

    #[test]
    fn bounds_that_are_not_positive_are_refused() {
        for time in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e300] {
            assert!(Limit::new(Some(time), None, None).is_err(), "{time}");
        }
        assert!(Limit::new(None, Some(0), None).is_err());
        assert!(Limit::new(None, Some(1 << 40), None).is_err());
        assert!(Limit::new(None, None, Some(-1)).is_err());
        assert_eq!(
            Limit::new(None, Some(7), None).ok().map(|l| l.depth),
            Some(Some(7))
        );
    }
}
