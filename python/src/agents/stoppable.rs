//! A search the interpreter can interrupt: it runs on a thread of its own
//! while the calling thread, the interpreter released, looks for signals
//! (Ctrl-C) and, on one, raises the search's stop flag and waits the
//! moment it takes to stop.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use kaissa_chaturaji::agents::{Agent, Limit, StopFlag, Thought};
use kaissa_chaturaji::game::{AnyAction, AnyGame};

/// How often a waiting call looks for Ctrl-C (and other signals).
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// The agent's thought about `game` within `limit`, the interpreter
/// released. With `quick` (agents that do not search: random, greedy) it
/// runs here; otherwise on a scoped thread, stopped through a
/// [`StopFlag`] added to `limit` when a signal handler raises (Ctrl-C:
/// `KeyboardInterrupt`), which is then raised here once the search has
/// ended, so the agent is free again at once.
pub fn think(
    py: Python<'_>,
    agent: &mut (dyn Agent<AnyGame> + Send),
    game: &AnyGame,
    limit: Limit,
    quick: bool,
) -> PyResult<Thought<AnyAction>> {
    if quick {
        return Ok(py.detach(|| agent.think(game, &limit, &mut |_| {})));
    }
    let stop = StopFlag::new();
    let limit = limit.with_stop(stop.clone());
    std::thread::scope(|scope| {
        let (sender, mut receiver) = mpsc::channel();
        let limit = &limit;
        let search = std::thread::Builder::new()
            .name("kaissa-chaturaji agent".into())
            .spawn_scoped(scope, move || {
                let thought = agent.think(game, limit, &mut |_| {});
                // The receiver is gone only once the caller stopped waiting.
                let _ = sender.send(thought);
            })
            .map_err(|err| {
                PyRuntimeError::new_err(format!("cannot start the search thread: {err}"))
            })?;
        let mut interrupted = None;
        let answer = loop {
            let (back, answer) = py.detach(move || {
                let answer = receiver.recv_timeout(SIGNAL_POLL);
                (receiver, answer)
            });
            receiver = back;
            match answer {
                Ok(thought) => break Some(thought),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(err) = py.check_signals() {
                        stop.raise();
                        interrupted = Some(err);
                        break None;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break None,
            }
        };
        // Answered, told to stop, or dead: its thread ends now.
        let joined = py.detach(move || search.join());
        if let Some(err) = interrupted {
            return Err(err);
        }
        match (answer, joined) {
            (Some(thought), Ok(())) => Ok(thought),
            _ => Err(PyRuntimeError::new_err(
                "the search failed (its thread ended without an answer)",
            )),
        }
    })
}
