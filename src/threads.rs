//! The work sharing of threaded perft ([`crate::game::perft_threaded`]) and the
//! playouts.
//!
//! The work is cut into tasks ahead of time (the subtrees below the root's
//! moves, cut a level deeper at a time while there are too few for the
//! threads), and the threads take tasks one at a time from a shared counter
//! until none is left, so a thread that drew short tasks takes more of them. Results are
//! added up (perft) or put back in task order (divide), so they are the
//! same as the single-threaded ones whatever the number of threads and
//! however the tasks fell.
//!
//! Threads are `std::thread::scope` threads (no dependency); the calling
//! thread works too. A thread the system refuses to start is not an error:
//! the others (at least the calling thread) do its share.
//!
//! ```
//! use kaissa_chaturaji::chaturaji::Rules;
//! use kaissa_chaturaji::{game, kaissa};
//! let start = kaissa::Position::start();
//! assert_eq!(game::perft_threaded(&game::kaissa(), 3, 2), kaissa::perft(&start, 3));
//! assert_eq!(game::perft_threaded(&game::chaturaji(Rules::default()), 4, 0), 10_000);
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};

/// The most threads any function here starts, whatever it is asked for.
pub const MAX_THREADS: usize = 1024;

/// The number of threads `requested` stands for: `0` means every core the
/// system offers (`std::thread::available_parallelism`, 1 if unknown);
/// other values are kept, up to [`MAX_THREADS`].
///
/// ```
/// use kaissa_chaturaji::threads::{resolve, MAX_THREADS};
/// assert_eq!(resolve(3), 3);
/// assert!(resolve(0) >= 1);
/// assert_eq!(resolve(usize::MAX), MAX_THREADS);
/// ```
#[must_use]
pub fn resolve(requested: usize) -> usize {
    let n = if requested == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        requested
    };
    n.clamp(1, MAX_THREADS)
}

/// Runs `worker` on `threads` threads at once (the calling thread being
/// one of them; `threads` as [`resolve`] reads it) and returns what each
/// returned, the calling thread's first. A thread that cannot be started
/// is skipped: the work is shared by pulling, so the others do its part.
pub(crate) fn run_workers<T: Send>(threads: usize, worker: impl Fn() -> T + Sync) -> Vec<T> {
    let threads = resolve(threads);
    if threads == 1 {
        return vec![worker()];
    }
    let worker = &worker;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, worker).ok())
            .collect();
        let mut results = vec![worker()];
        for handle in handles {
            match handle.join() {
                Ok(result) => results.push(result),
                // A worker panicked: a broken invariant; pass it on.
                Err(payload) => std::panic::resume_unwind(payload),
            }
        }
        results
    })
}

/// Runs `task(i)` for every `i` in `0..count` on `threads` threads (tasks
/// taken one at a time from a shared counter) and returns the results in
/// task order.
pub(crate) fn map_tasks<T: Send>(
    count: usize,
    threads: usize,
    task: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let per_worker = run_workers(resolve(threads).min(count.max(1)), || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                return done;
            }
            done.push((i, task(i)));
        }
    });
    let mut all: Vec<(usize, T)> = per_worker.into_iter().flatten().collect();
    all.sort_unstable_by_key(|&(i, _)| i);
    all.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_come_back_in_order() {
        for threads in [1, 2, 5] {
            let got = map_tasks(100, threads, |i| i * i);
            assert_eq!(got, (0..100).map(|i| i * i).collect::<Vec<_>>());
        }
        assert!(map_tasks(0, 3, |i| i).is_empty());
    }
}
