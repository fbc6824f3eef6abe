//! [`Limit`]: how long an agent may think about one move.

use std::time::Duration;

use thiserror::Error;

use super::StopFlag;

/// The longest a move may think, however much a clock holds: one hour
/// (the bound of a spec's `<ms>ms` and of every front end's time limit).
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(3600);

/// The deepest search a spec or a front end's limit may ask for: 95 plies
/// (alpha-beta's deepest; expectimax refuses more than its own bound).
pub const MAX_DEPTH: u32 = 95;

/// The most nodes (MCTS: iterations) a spec or a front end's limit may
/// ask for a move.
pub const MAX_NODES: u64 = 1_000_000_000;

/// What a move thinks when neither the caller's [`Limit`] nor the agent's
/// spec gives a bound: one second.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);

/// Moves still to play when a [`Clock`] gives no `moves_to_go`.
const DEFAULT_MOVES_TO_GO: u32 = 30;

/// Time kept back from a clock for the reply to travel.
const OVERHEAD: Duration = Duration::from_millis(30);

/// The clock of the player to move: the time it has left, what each move
/// adds, and the moves to play before the next time control, if any.
///
/// ```
/// use std::time::Duration;
/// use kaissa_chaturaji::agents::{Clock, Limit};
/// let clock = Clock::new(Duration::from_secs(60), Duration::from_secs(1));
/// // A share of the time left (30 moves to go) plus most of the increment.
/// assert_eq!(Limit::clock(clock).move_time(), Some(Duration::from_millis(2750)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Clock {
    /// The time the player has left.
    pub remaining: Duration,
    /// What each move adds to it.
    pub increment: Duration,
    /// The moves to play before the next time control (`movestogo`), if
    /// the clock has one.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// A clock with `remaining` left and `increment` a move.
    #[must_use]
    pub fn new(remaining: Duration, increment: Duration) -> Clock {
        Clock {
            remaining,
            increment,
            moves_to_go: None,
        }
    }

    /// The same clock with `moves` to play before the next time control
    /// (at least 1).
    #[must_use]
    pub fn with_moves_to_go(mut self, moves: u32) -> Clock {
        self.moves_to_go = Some(moves.max(1));
        self
    }

    /// The time one move may take on this clock: its share of the time
    /// left (`moves_to_go`, else 30 moves) plus three quarters of the
    /// increment, never more than the time left less a margin for the
    /// reply (30 ms, or half the time left when less remains), and at
    /// least a millisecond.
    #[must_use]
    pub fn move_time(&self) -> Duration {
        let moves = self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
        let share = self.remaining / moves + self.increment * 3 / 4;
        let most = self
            .remaining
            .saturating_sub(OVERHEAD.min(self.remaining / 2));
        share.min(most).max(Duration::from_millis(1))
    }
}

/// How long an agent may think about one move: a depth, a node count
/// (MCTS: iterations), a time, a [`Clock`], or until stopped; and a
/// [`StopFlag`] that ends the search early from another thread. Every
/// bound given applies: the first reached stops the search.
///
/// A limit with no bound at all ([`Limit::default`], [`Limit::is_unbounded`])
/// leaves the choice to the agent: its spec's budget (`alphabeta:300ms`,
/// `mcts:2000`), or [`DEFAULT_MOVE_TIME`] for a bare kind (`alphabeta`).
/// An agent refuses, through [`Agent::check`](super::Agent::check), a
/// bound it cannot honour (a depth for MCTS) rather than ignore it.
///
/// ```
/// use std::time::Duration;
/// use kaissa_chaturaji::agents::{Limit, StopFlag};
/// let limit = Limit::depth(6).with_time(Duration::from_millis(500));
/// assert_eq!((limit.depth, limit.time), (Some(6), Some(Duration::from_millis(500))));
/// assert!(Limit::default().is_unbounded());
/// let stop = StopFlag::new();
/// let infinite = Limit::infinite().with_stop(stop.clone());
/// assert!(!infinite.is_unbounded() && infinite.move_time().is_none());
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct Limit {
    /// The deepest iteration, in plies (expectimax: moves).
    pub depth: Option<u32>,
    /// The most nodes searched (MCTS: iterations).
    pub nodes: Option<u64>,
    /// The most wall-clock time.
    pub time: Option<Duration>,
    /// The mover's clock: a move takes [`Clock::move_time`].
    pub clock: Option<Clock>,
    /// Think until the [`StopFlag`] is raised (or another bound given is
    /// reached).
    pub infinite: bool,
    /// Raised from another thread to end the search at once; the agent
    /// then answers with the best it has.
    pub stop: Option<StopFlag>,
}

impl Limit {
    /// At most `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Limit {
        Limit::default().with_depth(depth)
    }

    /// At most `nodes` nodes (MCTS: iterations).
    #[must_use]
    pub fn nodes(nodes: u64) -> Limit {
        Limit::default().with_nodes(nodes)
    }

    /// At most `time` of wall-clock time.
    #[must_use]
    pub fn time(time: Duration) -> Limit {
        Limit::default().with_time(time)
    }

    /// The time [`Clock::move_time`] gives a move on `clock`.
    #[must_use]
    pub fn clock(clock: Clock) -> Limit {
        Limit {
            clock: Some(clock),
            ..Limit::default()
        }
    }

    /// Until the [`StopFlag`] is raised.
    #[must_use]
    pub fn infinite() -> Limit {
        Limit {
            infinite: true,
            ..Limit::default()
        }
    }

    /// The same with at most `depth` plies.
    #[must_use]
    pub fn with_depth(mut self, depth: u32) -> Limit {
        self.depth = Some(depth);
        self
    }

    /// The same with at most `nodes` nodes.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Limit {
        self.nodes = Some(nodes);
        self
    }

    /// The same with at most `time`.
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Limit {
        self.time = Some(time);
        self
    }

    /// The same, stopped when `stop` is raised.
    #[must_use]
    pub fn with_stop(mut self, stop: StopFlag) -> Limit {
        self.stop = Some(stop);
        self
    }

    /// Whether no bound is given (nothing but, perhaps, a stop flag): the
    /// agent's own budget decides.
    #[must_use]
    pub fn is_unbounded(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.time.is_none()
            && self.clock.is_none()
            && !self.infinite
    }

    /// The wall-clock time the move may take: the least of
    /// [`Limit::time`] and the clock's [`Clock::move_time`], at most
    /// [`MAX_MOVE_TIME`]; `None` when neither is given.
    #[must_use]
    pub fn move_time(&self) -> Option<Duration> {
        let clock = self.clock.map(|clock| clock.move_time());
        let time = match (self.time, clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        time.map(|time| time.min(MAX_MOVE_TIME))
    }

    /// Whether the stop flag, if any, was raised.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(StopFlag::is_raised)
    }

    /// This limit if it gives a bound, else `default`'s bounds (with this
    /// limit's stop flag, if it has one); an agent thinks within the
    /// result. With neither, [`DEFAULT_MOVE_TIME`].
    #[must_use]
    pub fn or(&self, default: &Limit) -> Limit {
        let mut limit = if self.is_unbounded() {
            default.clone()
        } else {
            self.clone()
        };
        if limit.is_unbounded() {
            limit.time = Some(DEFAULT_MOVE_TIME);
        }
        if self.stop.is_some() {
            limit.stop.clone_from(&self.stop);
        }
        limit
    }
}

/// A limit an agent cannot honour, refused by
/// [`Agent::check`](super::Agent::check).
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, AgentSpec, Limit};
/// use kaissa_chaturaji::game::AnyGame;
/// let game = AnyGame::kaissa();
/// let agent = "mcts".parse::<AgentSpec>()?.any_agent(&game, 1)?;
/// let err = agent.check(&Limit::depth(4)).unwrap_err();
/// assert!(err.to_string().contains("depth"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{agent}: {reason}")]
pub struct LimitError {
    /// The agent's name (its spec).
    pub agent: String,
    /// Why the limit cannot be honoured.
    pub reason: &'static str,
}
