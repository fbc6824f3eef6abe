//! [`Thought`]: what an agent found about a move, as it thinks and at the
//! end.

use std::time::Duration;

use arrayvec::ArrayVec;

/// The most moves a [`Thought`]'s principal variation holds.
pub const MAX_LINE: usize = 32;

/// What an agent found: the best action so far, its score, how deep and
/// how wide it searched, how long it took and the line it expects.
/// [`Agent::think`](super::Agent::think) hands one to its progress
/// callback after each iteration it completes, and returns the last.
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, AlphaBeta, Limit, Thought};
/// use kaissa_chaturaji::game::{self, Game};
/// let game = game::kaissa();
/// let mut agent = AlphaBeta::default();
/// let mut depths = Vec::new();
/// let t = agent.think(&game, &Limit::depth(3), &mut |t: &Thought<_>| depths.push(t.depth));
/// assert_eq!(depths, [1, 2, 3]);
/// assert_eq!(t.pv.first().copied(), t.best);
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Thought<A> {
    /// The best action found (`None` when the game is not at a player
    /// node).
    pub best: Option<A>,
    /// Its score in centipawns for the player to move. Alpha-beta: a won
    /// game `n` plies ahead is [`MATE`](super::MATE)` - n`, a lost one
    /// the negative. MCTS: its win rate `p` as `400 log10(p / (1 - p))`.
    /// The agents that do not score say 0.
    pub score: i32,
    /// The deepest iteration completed (plies; 0 for a move chosen
    /// without a search, such as a forced one).
    pub depth: u32,
    /// Nodes searched (MCTS: iterations run).
    pub nodes: u64,
    /// The time spent thinking.
    pub elapsed: Duration,
    /// The principal variation: the best action, then the replies
    /// expected (empty when the agent does not know one).
    pub pv: ArrayVec<A, MAX_LINE>,
}

/// Two thoughts are equal when they found the same (best action, score,
/// depth, nodes, line): the time they took is not compared, so that a
/// search repeated for a depth or a node count compares equal.
impl<A: PartialEq> PartialEq for Thought<A> {
    fn eq(&self, other: &Thought<A>) -> bool {
        self.best == other.best
            && self.score == other.score
            && self.depth == other.depth
            && self.nodes == other.nodes
            && self.pv == other.pv
    }
}

impl<A> Default for Thought<A> {
    fn default() -> Thought<A> {
        Thought {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: ArrayVec::new(),
        }
    }
}

impl<A: Copy> Thought<A> {
    /// A thought with just a choice: no search behind it.
    #[must_use]
    pub fn chosen(best: Option<A>) -> Thought<A> {
        let mut pv = ArrayVec::new();
        pv.extend(best);
        Thought {
            best,
            pv,
            ..Thought::default()
        }
    }

    /// The thought of an agent that chooses at once, without a search
    /// (random, greedy): `choose` runs, its choice is reported to
    /// `progress` (when there is one) and returned, with the time taken.
    pub(super) fn at_once(
        choose: impl FnOnce() -> Option<A>,
        progress: &mut dyn FnMut(&Thought<A>),
    ) -> Thought<A> {
        let start = super::clock::Instant::now();
        let mut thought = Thought::chosen(choose());
        thought.elapsed = start.elapsed();
        if thought.best.is_some() {
            progress(&thought);
        }
        thought
    }

    /// The same thought with its actions mapped by `f` (an agent of one
    /// game reporting as an agent of [`AnyGame`](crate::game::AnyGame)).
    #[must_use]
    pub fn map<B>(&self, f: impl Fn(A) -> B) -> Thought<B> {
        Thought {
            best: self.best.map(&f),
            score: self.score,
            depth: self.depth,
            nodes: self.nodes,
            elapsed: self.elapsed,
            pv: self.pv.iter().map(|&a| f(a)).collect(),
        }
    }
}

/// A win rate `p` (in `0..=1`) as a score in centipawns:
/// `400 log10(p / (1 - p))`, the logistic rating scale (a rate of 0.64 is
/// about 100).
pub(super) fn win_rate_score(p: f64) -> i32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    (400.0 * (p / (1.0 - p)).log10()).round() as i32
}
