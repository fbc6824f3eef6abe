//! A search on its own thread: the input loop goes on reading commands
//! (`isready`, `stop`, `quit`, `position`) while the agent thinks.

use std::thread::{self, JoinHandle};
use std::time::Duration;

use kaissa_chaturaji::agents::{Limit, StopFlag, Thought};
use kaissa_chaturaji::game::{AnyAction, AnyGame};

use super::options::EngineAgent;
use super::{output, say};

/// A search under way: the thread holds the agent and gives it back when
/// it ends.
pub struct Search {
    thread: JoinHandle<EngineAgent>,
    /// Raised by `stop`, `quit` or the end of the input.
    stop: StopFlag,
    /// Raised by the thread just before it writes `bestmove`.
    done: StopFlag,
}

/// The `info depth … pv …` line of `thought`; `None` when it found no
/// move.
fn info_line(thought: &Thought<AnyAction>) -> Option<String> {
    let best = thought.best?;
    let ms = thought.elapsed.as_millis() as u64;
    let nps = thought.nodes.saturating_mul(1000) / ms.max(1);
    let pv: Vec<String> = if thought.pv.is_empty() {
        vec![best.to_string()]
    } else {
        thought.pv.iter().map(ToString::to_string).collect()
    };
    Some(format!(
        "info depth {} score cp {} nodes {} nps {nps} time {ms} pv {}",
        thought.depth,
        thought.score,
        thought.nodes,
        pv.join(" ")
    ))
}

impl Search {
    /// Starts `agent` thinking about `game` (at a player node) within
    /// `limit`, stopped early by `stop` (also `limit`'s stop flag). It
    /// prints an `info` line for each iteration completed and for the
    /// result, then `bestmove`; an infinite search waits for `stop`
    /// before it answers. `Err` when no thread could be started (the
    /// agent is then dropped; the engine makes another).
    pub fn start(
        mut agent: EngineAgent,
        game: AnyGame,
        limit: Limit,
        stop: StopFlag,
    ) -> Result<Search, String> {
        let done = StopFlag::new();
        let (thread_stop, thread_done) = (stop.clone(), done.clone());
        let thread = thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let thought = agent.think(&game, &limit, &mut |thought| {
                    if let Some(line) = info_line(thought) {
                        say(&line);
                    }
                    // No one reads the answer: end the search early.
                    if output::is_gone() {
                        thread_stop.raise();
                    }
                });
                if let Some(line) = info_line(&thought) {
                    say(&line);
                }
                // An infinite search answers only after `stop`.
                while limit.infinite && !thread_stop.is_raised() && !output::is_gone() {
                    thread::sleep(Duration::from_millis(2));
                }
                thread_done.raise();
                match thought.best {
                    Some(best) => say(&format!("bestmove {best}")),
                    None => say("bestmove (none)"),
                }
                agent
            })
            .map_err(|e| format!("go: no thread for the search: {e}"))?;
        Ok(Search { thread, stop, done })
    }

    /// Asks the search to end at once (it answers with the best it has).
    pub fn stop(&self) {
        self.stop.raise();
    }

    /// Whether the search has been told to stop or has answered: waiting
    /// for it is then short.
    pub fn is_ending(&self) -> bool {
        self.stop.is_raised() || self.done.is_raised()
    }

    /// Waits for the search to end and takes the agent back (`None` if
    /// the search failed: a bug, reported on standard error by the
    /// panic).
    pub fn join(self) -> Option<EngineAgent> {
        self.thread.join().ok()
    }
}
