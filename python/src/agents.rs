//! The `kaissa_chaturaji.agents` module: the library's computer players
//! (`agents::AgentSpec`), with the interpreter released while they think
//! and Ctrl-C able to interrupt them.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use kaissa_chaturaji::agents::{Agent as _, AgentGame, AgentSpec, AlphaBeta, Mcts, StopFlag};
use kaissa_chaturaji::chaturaji::Roll;
use kaissa_chaturaji::game::{self, ChaturajiStep, Game};
use kaissa_chaturaji::kaissa;

use crate::chaturaji::moves as chaturaji_moves;
use crate::kaissa::moves as kaissa_moves;

/// How often a waiting `choose` looks for Ctrl-C (and other signals).
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// What the last search did: ``iterations`` (MCTS), ``depth`` (the
/// alpha-beta depth completed), ``nodes`` (tree nodes for MCTS, nodes
/// searched for alpha-beta), ``value`` (MCTS: the chosen move's mean value
/// for the player to move, 0 to 1) and ``score`` (alpha-beta: centipawns
/// for the side to move). A figure the agent does not keep is ``None``;
/// ``random``, ``greedy`` and ``expectimax`` keep none.
#[pyclass(
    frozen,
    get_all,
    module = "kaissa_chaturaji.agents",
    name = "SearchReport"
)]
#[derive(Debug, Clone, Copy, Default)]
pub struct SearchReport {
    /// MCTS iterations run by the search.
    iterations: Option<u64>,
    /// The alpha-beta depth completed.
    depth: Option<u32>,
    /// Nodes in the tree (MCTS) or searched (alpha-beta).
    nodes: Option<u64>,
    /// The chosen move's mean value for the player to move (MCTS).
    value: Option<f64>,
    /// The chosen move's score in centipawns (alpha-beta).
    score: Option<i32>,
}

#[pymethods]
impl SearchReport {
    /// ``SearchReport(iterations=..., ...)``, the figures kept.
    fn __repr__(&self) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.iterations {
            parts.push(format!("iterations={n}"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some(v) = self.value {
            parts.push(format!("value={v:.4}"));
        }
        if let Some(s) = self.score {
            parts.push(format!("score={s}"));
        }
        format!("SearchReport({})", parts.join(", "))
    }
}

/// A player of one game: its choice and report for a game at a player
/// node, and its reset.
trait Thinker<G: Game>: Send {
    /// The choice for `game` (at a player node) and what the search did.
    fn think(&mut self, game: &G) -> (Option<G::Action>, SearchReport);
    /// Forgets what was kept between moves.
    fn forget(&mut self);
    /// Hands the search a flag that, raised, ends it early (Ctrl-C); the
    /// players that think briefly ignore it.
    fn watch(&mut self, _stop: StopFlag) {}
}

impl<G> Thinker<G> for Mcts<G>
where
    G: AgentGame + Send,
    G::Action: Send,
{
    fn think(&mut self, game: &G) -> (Option<G::Action>, SearchReport) {
        let r = self.search(game);
        let report = SearchReport {
            iterations: Some(r.iterations),
            nodes: Some(r.nodes as u64),
            value: Some(r.value),
            ..SearchReport::default()
        };
        (r.best, report)
    }

    fn forget(&mut self) {
        kaissa_chaturaji::agents::Agent::reset(self);
    }

    fn watch(&mut self, stop: StopFlag) {
        self.set_stop(stop);
    }
}

impl Thinker<game::Kaissa> for AlphaBeta {
    fn think(&mut self, game: &game::Kaissa) -> (Option<kaissa::Move>, SearchReport) {
        if game.is_over() {
            return (None, SearchReport::default());
        }
        let r = self.search(game.position());
        let report = SearchReport {
            depth: Some(r.depth),
            nodes: Some(r.nodes),
            score: Some(r.score),
            ..SearchReport::default()
        };
        (r.best, report)
    }

    fn forget(&mut self) {
        kaissa_chaturaji::agents::Agent::<game::Kaissa>::reset(self);
    }

    fn watch(&mut self, stop: StopFlag) {
        self.set_stop(stop);
    }
}

/// The players that report nothing (random, greedy, expectimax).
struct Plain<G>(Box<dyn kaissa_chaturaji::agents::Agent<G> + Send>);

impl<G: Game> Thinker<G> for Plain<G> {
    fn think(&mut self, game: &G) -> (Option<G::Action>, SearchReport) {
        (self.0.choose(game), SearchReport::default())
    }

    fn forget(&mut self) {
        self.0.reset();
    }
}

/// A player of one game.
type Player<G> = Box<dyn Thinker<G>>;

/// The player of `spec` for Merchant Kaissa.
fn kaissa_player(spec: &AgentSpec, seed: u64) -> PyResult<Player<game::Kaissa>> {
    Ok(match *spec {
        AgentSpec::Mcts(config) => Box::new(Mcts::<game::Kaissa>::new(config, seed)),
        AgentSpec::AlphaBeta(config) => Box::new(AlphaBeta::new(config)),
        _ => Box::new(Plain(spec.kaissa_agent(seed).map_err(spec_error)?)),
    })
}

/// The player of `spec` for Chaturaji.
fn chaturaji_player(spec: &AgentSpec, seed: u64) -> PyResult<Player<game::Chaturaji>> {
    Ok(match *spec {
        AgentSpec::Mcts(config) => Box::new(Mcts::<game::Chaturaji>::new(config, seed)),
        _ => Box::new(Plain(spec.chaturaji_agent(seed).map_err(spec_error)?)),
    })
}

/// A spec the library refuses, as a `ValueError`.
fn spec_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// A player, idle or thinking on its own thread (after an interrupted
/// `choose`, until that search ends).
enum Seat<G: Game> {
    /// Not made yet (the first `choose` for this game makes it).
    Empty,
    /// Ready.
    Idle(Player<G>),
    /// Thinking: the thread hands the player back with its answer; the
    /// flag, raised on Ctrl-C, ends that search early.
    Busy(Receiver<Answer<G>>, StopFlag),
}

/// A player handed back with its choice.
type Answer<G> = (Player<G>, Option<<G as Game>::Action>, SearchReport);

/// Waits for `receiver` with the interpreter released, looking for
/// signals meanwhile; on one (Ctrl-C: `KeyboardInterrupt`), returns its
/// error with the receiver, so that a later call can wait on.
fn wait<T: Send>(py: Python<'_>, mut receiver: Receiver<T>) -> Result<T, Waiting<T>> {
    loop {
        let (back, answer) = py.detach(move || {
            let answer = receiver.recv_timeout(SIGNAL_POLL);
            (receiver, answer)
        });
        receiver = back;
        match answer {
            Ok(answer) => return Ok(answer),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(err) = py.check_signals() {
                    return Err(Waiting::Interrupted(err, receiver));
                }
            }
            Err(RecvTimeoutError::Disconnected) => return Err(Waiting::Failed),
        }
    }
}

/// Why a wait ended without an answer.
enum Waiting<T> {
    /// A signal handler raised: its error, and the receiver still waited on.
    Interrupted(PyErr, Receiver<T>),
    /// The search thread ended without answering (it panicked).
    Failed,
}

/// Runs `player` on `game`: quick players inline, searches on a thread of
/// their own while this one waits with the interpreter released.
fn think<G>(
    py: Python<'_>,
    seat: &mut Seat<G>,
    make: impl FnOnce() -> PyResult<Player<G>>,
    game: G,
    inline: bool,
) -> PyResult<(Option<G::Action>, SearchReport)>
where
    G: Game + Send + 'static,
    G::Action: Send,
{
    let mut player = match std::mem::replace(seat, Seat::Empty) {
        Seat::Empty => make()?,
        Seat::Idle(player) => player,
        Seat::Busy(receiver, stop) => match wait(py, receiver) {
            // The interrupted search has ended; its answer is stale.
            Ok((player, _, _)) => player,
            Err(Waiting::Interrupted(err, receiver)) => {
                *seat = Seat::Busy(receiver, stop);
                return Err(err);
            }
            Err(Waiting::Failed) => return Err(failed()),
        },
    };
    if inline {
        let (choice, report) = player.think(&game);
        *seat = Seat::Idle(player);
        return Ok((choice, report));
    }
    let stop = StopFlag::new();
    player.watch(stop.clone());
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("kaissa-chaturaji agent".into())
        .spawn(move || {
            let (choice, report) = player.think(&game);
            // The receiver is gone only if the agent was dropped meanwhile.
            let _ = sender.send((player, choice, report));
        })
        .map_err(|err| PyRuntimeError::new_err(format!("cannot start the search thread: {err}")))?;
    match wait(py, receiver) {
        Ok((player, choice, report)) => {
            *seat = Seat::Idle(player);
            Ok((choice, report))
        }
        Err(Waiting::Interrupted(err, receiver)) => {
            // Ctrl-C: the search stops where it next checks its budget.
            stop.raise();
            *seat = Seat::Busy(receiver, stop);
            Err(err)
        }
        Err(Waiting::Failed) => Err(failed()),
    }
}

/// The error of a search thread that died.
fn failed() -> PyErr {
    PyRuntimeError::new_err("the search failed (its thread ended without an answer)")
}

/// What an agent keeps: a player per game, made on first use.
struct Players {
    kaissa: Seat<game::Kaissa>,
    chaturaji: Seat<game::Chaturaji>,
    report: Option<SearchReport>,
}

/// A computer player of either game, named by a spec as the tournament's:
/// ``"random"``, ``"greedy"``, ``"mcts:<iterations>"``, ``"mcts:<ms>ms"``,
/// ``"alphabeta:<depth>"``, ``"alphabeta:<ms>ms"`` (Merchant Kaissa only)
/// or ``"expectimax:<depth>"``. A spec it does not know raises a
/// ``ValueError``.
///
/// ``choose(pos)`` (a ``kaissa.Position``) or ``choose(pos, roll)`` (a
/// ``chaturaji.Position`` and the face rolled, 2 to 5; ``None`` while a
/// Ludii promotion decision is pending) returns a legal move and leaves
/// ``pos`` as it was. While an agent thinks the interpreter is released
/// (other Python threads run) and Ctrl-C raises ``KeyboardInterrupt`` at
/// once; the interrupted search (MCTS, alpha-beta) stops on its thread
/// where it next checks its budget, and the agent's next ``choose`` first
/// waits for that. With a seed and a
/// count budget (iterations, a depth) the same calls give the same moves.
/// ``report`` tells what the last search did. An agent is used by one
/// thread at a time.
///
/// >>> import kaissa_chaturaji as kc
/// >>> agent = Agent("alphabeta:2")
/// >>> pos = kc.kaissa.Position()
/// >>> agent.choose(pos) in pos.legal_moves
/// True
/// >>> agent.report.depth
/// 2
#[pyclass(module = "kaissa_chaturaji.agents", name = "Agent")]
pub struct Agent {
    spec: AgentSpec,
    seed: u64,
    players: Mutex<Players>,
}

#[pymethods]
impl Agent {
    /// The agent of ``spec``, seeded with ``seed``.
    #[new]
    #[pyo3(signature = (spec, seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<Agent> {
        let spec = spec.parse::<AgentSpec>().map_err(spec_error)?;
        Ok(Agent {
            spec,
            seed,
            players: Mutex::new(Players {
                kaissa: Seat::Empty,
                chaturaji: Seat::Empty,
                report: None,
            }),
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

    /// What the last ``choose`` searched (a ``SearchReport``), or ``None``
    /// before the first.
    #[getter]
    fn report(&self) -> PyResult<Option<SearchReport>> {
        Ok(self.lock()?.report)
    }

    /// A legal move for ``pos``: a ``kaissa.Move`` for a Kaissa position,
    /// a ``chaturaji.Move`` for a Chaturaji position and ``roll``. A game
    /// that is over raises a ``ValueError``; so does a Chaturaji position
    /// without a roll (unless a Ludii decision is pending), a roll given
    /// for a Kaissa position, and ``alphabeta`` asked to play Chaturaji.
    #[pyo3(signature = (pos, roll = None))]
    fn choose<'py>(
        &self,
        pos: &Bound<'py, PyAny>,
        roll: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = pos.py();
        let inline = matches!(self.spec, AgentSpec::Random | AgentSpec::Greedy);
        let (spec, seed) = (self.spec, self.seed);
        if let Ok(kaissa) = pos.cast::<crate::kaissa::Position>() {
            if roll.is_some() {
                return Err(PyTypeError::new_err(
                    "a Merchant Kaissa position takes no roll: choose(pos)",
                ));
            }
            let game = game::Kaissa::new(kaissa.try_borrow()?.pos.clone());
            if game.is_over() {
                return Err(over());
            }
            let mut players = self.lock()?;
            let make = || kaissa_player(&spec, seed);
            let (choice, report) = think(py, &mut players.kaissa, make, game, inline)?;
            players.report = Some(report);
            let mv = choice.ok_or_else(over)?;
            return Ok(Py::new(py, kaissa_moves::Move(mv))?
                .into_bound(py)
                .into_any());
        }
        if let Ok(chaturaji) = pos.cast::<crate::chaturaji::Position>() {
            let position = chaturaji.try_borrow()?.pos.clone();
            if position.is_over() {
                return Err(over());
            }
            let mut game = game::Chaturaji::new(position);
            if game.position().pending_promotion().is_none() {
                let face = roll.ok_or_else(|| {
                    PyValueError::new_err(
                        "a Chaturaji move needs the face rolled: choose(pos, roll)",
                    )
                })?;
                let roll: Roll = chaturaji_moves::roll(face)?;
                game.apply(ChaturajiStep::Roll(roll))
                    .map_err(|err| PyValueError::new_err(err.to_string()))?;
            }
            let mut players = self.lock()?;
            let make = || chaturaji_player(&spec, seed);
            let (choice, report) = think(py, &mut players.chaturaji, make, game, inline)?;
            players.report = Some(report);
            return match choice {
                Some(ChaturajiStep::Move(mv)) => Ok(chaturaji_moves::to_object(py, mv)?.into_any()),
                _ => Err(over()),
            };
        }
        Err(PyTypeError::new_err(
            "choose takes a kaissa.Position, or a chaturaji.Position and a roll",
        ))
    }

    /// Forgets what the agent kept between moves (search trees, tables),
    /// as before a new game; its random stream goes on.
    fn reset(&self, py: Python<'_>) -> PyResult<()> {
        let mut players = self.lock()?;
        reset_seat(py, &mut players.kaissa)?;
        reset_seat(py, &mut players.chaturaji)
    }

    /// ``Agent('mcts:500', seed=0)``.
    fn __repr__(&self) -> String {
        format!("Agent('{}', seed={})", self.spec, self.seed)
    }
}

/// Resets a seat's player (waiting for an interrupted search first).
fn reset_seat<G>(py: Python<'_>, seat: &mut Seat<G>) -> PyResult<()>
where
    G: Game,
    G::Action: Send,
{
    if let Seat::Busy(..) = seat {
        let Seat::Busy(receiver, stop) = std::mem::replace(seat, Seat::Empty) else {
            unreachable!("matched just above")
        };
        match wait(py, receiver) {
            Ok((player, _, _)) => *seat = Seat::Idle(player),
            Err(Waiting::Interrupted(err, receiver)) => {
                *seat = Seat::Busy(receiver, stop);
                return Err(err);
            }
            Err(Waiting::Failed) => {}
        }
    }
    if let Seat::Idle(player) = seat {
        player.forget();
    }
    Ok(())
}

impl Agent {
    /// The players, for one call at a time.
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Players>> {
        self.players
            .try_lock()
            .map_err(|_| PyRuntimeError::new_err("the agent is busy in another thread"))
    }
}

/// The error for a finished game.
fn over() -> PyErr {
    PyValueError::new_err("the game is over: there is no move to choose")
}

/// Builds the submodule.
pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "agents")?;
    m.add(
        "__doc__",
        "Computer players for both games: random, greedy, MCTS, alpha-beta \
         (Merchant Kaissa) and expectimax, named by a spec string.",
    )?;
    m.add_class::<Agent>()?;
    m.add_class::<SearchReport>()?;
    Ok(m)
}
