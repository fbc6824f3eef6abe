//! A flag that stops a search from another thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shared "stop now" signal: an engine's input thread raises it, and an
/// agent searching in another thread ([`AlphaBeta`](super::AlphaBeta),
/// [`Mcts`](super::Mcts), [`Expectimax`](super::Expectimax)) sees it
/// where it checks its time budget and returns the best move found so
/// far. Clones share one flag.
///
/// ```
/// use kaissa_chaturaji::agents::StopFlag;
/// let flag = StopFlag::new();
/// let seen_by_search = flag.clone();
/// assert!(!seen_by_search.is_raised());
/// flag.raise();
/// assert!(seen_by_search.is_raised());
/// ```
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

/// Two flags are equal when they are the same flag (clones of one
/// another), whether raised or not.
impl PartialEq for StopFlag {
    fn eq(&self, other: &StopFlag) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl StopFlag {
    /// A flag not raised.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks every search that holds this flag to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    #[must_use]
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
