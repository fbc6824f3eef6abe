//! Perft on every core, and the work sharing the playouts use.
//!
//! The work is cut into tasks ahead of time (the moves at the root, or one
//! or two plies deeper when the root has too few for the threads), and the
//! threads take tasks one at a time from a shared counter until none is
//! left, so a thread that drew short tasks takes more of them. Results are
//! added up (perft) or put back in task order (divide), so they are the
//! same as the single-threaded ones whatever the number of threads and
//! however the tasks fell.
//!
//! Threads are `std::thread::scope` threads (no dependency); the calling
//! thread works too. A thread the system refuses to start is not an error:
//! the others (at least the calling thread) do its share.
//!
//! ```
//! use kaissa_chaturaji::{chaturaji, kaissa, threads};
//! let start = kaissa::Position::start();
//! assert_eq!(threads::kaissa_perft(&start, 3, 2), kaissa::perft(&start, 3));
//! let start = chaturaji::Position::default();
//! assert_eq!(threads::chaturaji_perft(&start, 4, 0), 10_000);
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::{chaturaji, kaissa};

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

/// Tasks per thread the root is split into (when the tree allows it), so
/// that uneven subtrees even out.
const TASKS_PER_THREAD: usize = 8;

/// A subtree: the root move it belongs to, its position and the depth left.
struct Task<P> {
    root: usize,
    pos: P,
    depth: u32,
}

/// Splits the tree below `pos` into subtrees, each tagged with its root
/// move (in the order `children` gives them): first the root's children,
/// then every subtree one level deeper while there are fewer than
/// `wanted` of them and more than `min_depth` plies left in each.
fn split<P>(
    pos: &P,
    depth: u32,
    wanted: usize,
    min_depth: u32,
    children: impl Fn(&P) -> Vec<P>,
) -> Vec<Task<P>> {
    let mut tasks: Vec<Task<P>> = children(pos)
        .into_iter()
        .enumerate()
        .map(|(root, pos)| Task {
            root,
            pos,
            depth: depth - 1,
        })
        .collect();
    while !tasks.is_empty() && tasks.len() < wanted && tasks.iter().all(|t| t.depth > min_depth) {
        tasks = tasks
            .into_iter()
            .flat_map(|t| {
                let depth = t.depth - 1;
                let root = t.root;
                children(&t.pos)
                    .into_iter()
                    .map(move |pos| Task { root, pos, depth })
            })
            .collect();
    }
    tasks
}

/// The node counts below each root move, on `threads` threads.
fn divide_counts<P: Sync + Send>(
    pos: &P,
    depth: u32,
    threads: usize,
    roots: usize,
    children: impl Fn(&P) -> Vec<P>,
    perft: impl Fn(&P, u32) -> u64 + Sync,
) -> Vec<u64> {
    let threads = resolve(threads);
    let tasks = split(pos, depth, threads * TASKS_PER_THREAD, 2, children);
    let counts = map_tasks(tasks.len(), threads, |i| {
        perft(&tasks[i].pos, tasks[i].depth)
    });
    let mut by_root = vec![0u64; roots];
    for (task, nodes) in tasks.iter().zip(counts) {
        by_root[task.root] += nodes;
    }
    by_root
}

/// The Kaissa positions after each legal move of `pos`, in generation order.
fn kaissa_children(pos: &kaissa::Position) -> Vec<kaissa::Position> {
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            child
        })
        .collect()
}

/// [`kaissa::perft`] on `threads` threads (`0`: every core; see
/// [`resolve`]): the same count, for any number of threads.
///
/// ```
/// use kaissa_chaturaji::{kaissa, threads};
/// let pos = kaissa::Position::start();
/// assert_eq!(threads::kaissa_perft(&pos, 3, 4), 70_656);
/// ```
#[must_use]
pub fn kaissa_perft(pos: &kaissa::Position, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || resolve(threads) == 1 {
        return kaissa::perft(pos, depth);
    }
    let roots = pos.count_legal_moves();
    divide_counts(pos, depth, threads, roots, kaissa_children, kaissa::perft)
        .iter()
        .sum()
}

/// [`kaissa::perft_divide`] on `threads` threads: the same list in the same
/// order, for any number of threads.
///
/// ```
/// use kaissa_chaturaji::{kaissa, threads};
/// let pos = kaissa::Position::start();
/// assert_eq!(threads::kaissa_perft_divide(&pos, 3, 2), kaissa::perft_divide(&pos, 3));
/// ```
#[must_use]
pub fn kaissa_perft_divide(
    pos: &kaissa::Position,
    depth: u32,
    threads: usize,
) -> Vec<(kaissa::Move, u64)> {
    if depth <= 2 || resolve(threads) == 1 {
        return kaissa::perft_divide(pos, depth);
    }
    let moves = pos.legal_moves();
    let counts = divide_counts(
        pos,
        depth,
        threads,
        moves.len(),
        kaissa_children,
        kaissa::perft,
    );
    moves.iter().copied().zip(counts).collect()
}

/// The Chaturaji root moves of `pos`: every face and each of its legal
/// moves (the pass where there is none), or, while a Ludii promotion
/// decision is pending, its choices without a face; in the order of
/// [`chaturaji::perft_divide`].
fn chaturaji_moves(pos: &chaturaji::Position) -> Vec<(Option<chaturaji::Roll>, chaturaji::Move)> {
    if pos.pending_promotion().is_some() {
        // The choices do not depend on the roll.
        return pos
            .legal_moves(chaturaji::Roll::ALL[0])
            .into_iter()
            .map(|mv| (None, mv))
            .collect();
    }
    chaturaji::Roll::ALL
        .iter()
        .flat_map(|&roll| {
            pos.legal_moves(roll)
                .into_iter()
                .map(move |mv| (Some(roll), mv))
        })
        .collect()
}

/// The Chaturaji positions after each root move of `pos`.
fn chaturaji_children(pos: &chaturaji::Position) -> Vec<chaturaji::Position> {
    chaturaji_moves(pos)
        .into_iter()
        .map(|(_, mv)| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            child
        })
        .collect()
}

/// [`chaturaji::perft`] (over chance nodes) on `threads` threads (`0`:
/// every core): the same count, for any number of threads.
///
/// ```
/// use kaissa_chaturaji::{chaturaji, threads};
/// let pos = chaturaji::Position::default();
/// assert_eq!(threads::chaturaji_perft(&pos, 5, 2), 111_900);
/// ```
#[must_use]
pub fn chaturaji_perft(pos: &chaturaji::Position, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || resolve(threads) == 1 {
        return chaturaji::perft(pos, depth);
    }
    let roots = chaturaji_moves(pos).len();
    divide_counts(
        pos,
        depth,
        threads,
        roots,
        chaturaji_children,
        chaturaji::perft,
    )
    .iter()
    .sum()
}

/// [`chaturaji::perft_divide`] on `threads` threads: the same list in the
/// same order, for any number of threads.
///
/// ```
/// use kaissa_chaturaji::{chaturaji, threads};
/// let pos = chaturaji::Position::default();
/// assert_eq!(threads::chaturaji_perft_divide(&pos, 4, 3), chaturaji::perft_divide(&pos, 4));
/// ```
#[must_use]
pub fn chaturaji_perft_divide(
    pos: &chaturaji::Position,
    depth: u32,
    threads: usize,
) -> Vec<(Option<chaturaji::Roll>, chaturaji::Move, u64)> {
    if depth <= 2 || resolve(threads) == 1 {
        return chaturaji::perft_divide(pos, depth);
    }
    let moves = chaturaji_moves(pos);
    let counts = divide_counts(
        pos,
        depth,
        threads,
        moves.len(),
        chaturaji_children,
        chaturaji::perft,
    );
    moves
        .into_iter()
        .zip(counts)
        .map(|((roll, mv), nodes)| (roll, mv, nodes))
        .collect()
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

    #[test]
    fn splitting_keeps_the_count() {
        let pos = kaissa::Position::start();
        let tasks = split(&pos, 4, 1000, 1, kaissa_children);
        assert_eq!(tasks.len(), 1600);
        let total: u64 = tasks.iter().map(|t| kaissa::perft(&t.pos, t.depth)).sum();
        assert_eq!(total, kaissa::perft(&pos, 4));
    }
}
