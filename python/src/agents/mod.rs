//! The `kaissa_chaturaji.agents` module: the library's computer players
//! (`agents::AgentSpec`), thinking within python-chess's `Limit`, with the
//! interpreter released while they think and Ctrl-C stopping them.

mod limit;
mod stoppable;

use std::sync::{Mutex, MutexGuard};

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use kaissa_chaturaji::agents::{self, AgentKind, AgentSpec, Thought};
use kaissa_chaturaji::game::{self, AnyAction, AnyGame};

use crate::chaturaji::moves as chaturaji_moves;
use crate::errors;

pub use limit::{Limit, PlayResult};

/// An agent of the library, made for the game it last played.
struct Seat {
    /// Whether it plays Merchant Kaissa (else Chaturaji).
    kaissa: bool,
    /// The agent.
    agent: Box<dyn agents::Agent<AnyGame> + Send>,
}

/// A computer player of either game, named by a spec as the tournament's:
/// ``"random"``, ``"greedy"``, ``"mcts"``, ``"alphabeta"`` (Merchant
/// Kaissa only) or ``"expectimax"``, the last three with an optional
/// budget: ``"mcts:<iterations>"``, ``"alphabeta:<depth>"``,
/// ``"alphabeta:<n>nodes"``, ``"expectimax:<depth>"`` or
/// ``"<kind>:<ms>ms"``. The budget is what the agent thinks when not told
/// otherwise (a bare kind: one second). A spec it does not know raises a
/// ``ValueError``.
///
/// ``choose(pos)`` (a ``kaissa.Position``) or ``choose(pos, roll)`` (a
/// ``chaturaji.Position`` and the face rolled, 2 to 5; ``None`` while a
/// Ludii promotion decision is pending) returns a legal move and leaves
/// ``pos`` as it was. In python-chess's words, ``play(pos, limit)``
/// returns a ``PlayResult`` (the move and the search's info dict) and
/// ``analyse(pos, limit)`` the info dict, thinking within a ``Limit``.
///
/// While an agent thinks the interpreter is released (other Python
/// threads run), and Ctrl-C stops the search and raises
/// ``KeyboardInterrupt`` within a few hundredths of a second; the agent
/// is then ready for the next call. With a seed and a count budget
/// (iterations, a depth, nodes) the same calls give the same moves. An
/// agent plays one game at a time: a position of the other game makes it
/// anew, as seeded. It is used by one thread at a time (another thread's
/// call meanwhile raises ``RuntimeError``).
///
/// >>> import kaissa_chaturaji as kc
/// >>> agent = Agent("alphabeta:2")
/// >>> pos = kc.kaissa.Position()
/// >>> agent.choose(pos) in pos.legal_moves
/// True
/// >>> agent.analyse(pos, Limit(depth=3))["depth"]
/// 3
#[pyclass(module = "kaissa_chaturaji.agents", name = "Agent")]
pub struct Agent {
    spec: AgentSpec,
    seed: u64,
    seat: Mutex<Option<Seat>>,
}

#[pymethods]
impl Agent {
    /// The agent of ``spec``, seeded with ``seed``.
    #[new]
    #[pyo3(signature = (spec, seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<Agent> {
        let spec = spec.parse::<AgentSpec>().map_err(value_error)?;
        Ok(Agent {
            spec,
            seed,
            seat: Mutex::new(None),
        })
    }

    /// The spec, written back (``"mcts:500"``).
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// A legal move for ``pos``, chosen within the agent's own budget: a
    /// ``kaissa.Move`` for a Kaissa position, a ``chaturaji.Move`` for a
    /// Chaturaji position and ``roll``. A game that is over raises a
    /// ``ValueError``; so does a Chaturaji position without a roll
    /// (unless a Ludii decision is pending) or with one while a decision
    /// is pending, and ``alphabeta`` asked to play Chaturaji. A roll for
    /// a Kaissa position raises ``TypeError``.
    #[pyo3(signature = (pos, roll = None))]
    fn choose<'py>(
        &self,
        pos: &Bound<'py, PyAny>,
        roll: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let thought = self.think(pos, Limit::default(), roll)?;
        best(pos.py(), &thought)
    }

    /// The move for ``pos`` (and ``roll``, for Chaturaji) thought within
    /// ``limit``, as python-chess's ``PlayResult``: ``.move`` and
    /// ``.info`` (the dict ``analyse`` returns). ``Limit()`` leaves the
    /// budget to the agent's spec. A bound the agent cannot honour (a
    /// depth for MCTS) raises ``LimitError``, a ``ValueError``; the
    /// position's errors are ``choose``'s.
    ///
    /// >>> import kaissa_chaturaji as kc
    /// >>> pos = kc.chaturaji.Position()
    /// >>> result = Agent("mcts", seed=1).play(pos, Limit(nodes=300), 5)
    /// >>> result.move in pos.legal_moves(5), result.info["nodes"]
    /// (True, 300)
    #[pyo3(signature = (pos, limit, roll = None))]
    fn play<'py>(
        &self,
        pos: &Bound<'py, PyAny>,
        limit: &Bound<'py, Limit>,
        roll: Option<i64>,
    ) -> PyResult<PlayResult> {
        let py = pos.py();
        let thought = self.think(pos, *limit.get(), roll)?;
        Ok(PlayResult::new(
            best(py, &thought)?,
            limit::info(py, &thought)?,
        ))
    }

    /// What the agent finds about ``pos`` (and ``roll``, for Chaturaji)
    /// within ``limit``, as python-chess's info dict: ``"depth"`` (the
    /// deepest iteration completed: plies for alpha-beta, moves for
    /// expectimax, the line's length for MCTS; 0 without a search),
    /// ``"score"`` (an int in centipawns for the player to move;
    /// alpha-beta's ``MATE - n`` for a win ``n`` plies ahead, MCTS and
    /// expectimax a win rate ``p`` as ``400 log10(p / (1 - p))``, random
    /// and greedy 0), ``"nodes"`` (MCTS: iterations), ``"time"``
    /// (seconds) and ``"pv"`` (the best move, then the moves expected, up
    /// to the next die roll). Errors are ``play``'s.
    ///
    /// >>> import kaissa_chaturaji as kc
    /// >>> info = Agent("alphabeta").analyse(kc.kaissa.Position(), Limit(depth=4))
    /// >>> info["depth"], len(info["pv"]) >= 1, info["nodes"] > 0
    /// (4, True, True)
    #[pyo3(signature = (pos, limit, roll = None))]
    fn analyse<'py>(
        &self,
        pos: &Bound<'py, PyAny>,
        limit: &Bound<'py, Limit>,
        roll: Option<i64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let thought = self.think(pos, *limit.get(), roll)?;
        limit::info(pos.py(), &thought)
    }

    /// Forgets what the agent kept between moves (search trees, tables),
    /// as before a new game; its random stream goes on.
    fn reset(&self) -> PyResult<()> {
        if let Some(seat) = self.lock()?.as_mut() {
            seat.agent.reset();
        }
        Ok(())
    }

    /// ``Agent('mcts:500', seed=0)``.
    fn __repr__(&self) -> String {
        format!("Agent('{}', seed={})", self.spec, self.seed)
    }
}

impl Agent {
    /// The seat, for one call at a time.
    fn lock(&self) -> PyResult<MutexGuard<'_, Option<Seat>>> {
        self.seat
            .try_lock()
            .map_err(|_| PyRuntimeError::new_err("the agent is busy in another thread"))
    }

    /// The agent's thought about `pos` (and `roll`) within `limit`.
    fn think(
        &self,
        pos: &Bound<'_, PyAny>,
        limit: Limit,
        roll: Option<i64>,
    ) -> PyResult<Thought<AnyAction>> {
        let py = pos.py();
        let game = ready_game(pos, roll)?;
        let kaissa = matches!(game, AnyGame::Kaissa(_));
        let mut seat = self.lock()?;
        let seat = match &mut *seat {
            Some(seat) if seat.kaissa == kaissa => seat,
            slot => slot.insert(Seat {
                kaissa,
                agent: self.spec.any_agent(&game, self.seed).map_err(value_error)?,
            }),
        };
        let limit = limit.to_agents();
        seat.agent.check(&limit).map_err(errors::limit)?;
        let quick = matches!(self.spec.kind(), AgentKind::Random | AgentKind::Greedy);
        stoppable::think(py, seat.agent.as_mut(), &game, limit, quick)
    }
}

/// The game of `pos` at its player node: `roll` applied to a Chaturaji
/// position waiting for the die.
fn ready_game(pos: &Bound<'_, PyAny>, roll: Option<i64>) -> PyResult<AnyGame> {
    let (game, roll) = if let Ok(kaissa) = pos.cast::<crate::kaissa::Position>() {
        if roll.is_some() {
            return Err(PyTypeError::new_err(
                "a Merchant Kaissa position takes no roll: choose(pos)",
            ));
        }
        let game = game::Kaissa::new(kaissa.try_borrow()?.pos.clone());
        (AnyGame::from(game), None)
    } else if let Ok(chaturaji) = pos.cast::<crate::chaturaji::Position>() {
        let roll = roll.map(chaturaji_moves::roll).transpose()?;
        let game = game::Chaturaji::new(chaturaji.try_borrow()?.pos.clone());
        (AnyGame::from(game), roll)
    } else {
        return Err(PyTypeError::new_err(
            "an agent takes a kaissa.Position, or a chaturaji.Position and a roll",
        ));
    };
    game.ready_to_choose(roll).map_err(value_error)
}

/// The move a thought chose, as a Python move.
fn best<'py>(py: Python<'py>, thought: &Thought<AnyAction>) -> PyResult<Bound<'py, PyAny>> {
    thought
        .best
        .map(|action| limit::action_object(py, action))
        .transpose()?
        .flatten()
        .ok_or_else(|| PyRuntimeError::new_err("the agent chose no move"))
}

/// A refusal of the library (a spec, a game not ready), as a `ValueError`.
fn value_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// Builds the submodule.
pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "agents")?;
    m.add(
        "__doc__",
        "Computer players for both games: random, greedy, MCTS, alpha-beta \
         (Merchant Kaissa) and expectimax, named by a spec string, with \
         python-chess's Limit, play and analyse.",
    )?;
    m.add_class::<Agent>()?;
    m.add_class::<Limit>()?;
    m.add_class::<PlayResult>()?;
    m.add("LimitError", py.get_type::<errors::LimitError>())?;
    Ok(m)
}
