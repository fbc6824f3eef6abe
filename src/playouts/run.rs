//! Running a batch: a fixed number of games, or games until a ply target,
//! on any number of threads with the same results.

use std::sync::atomic::{AtomicU64, Ordering};

use super::{AnyPolicy, PlayoutResult, PlayoutStats, Playouts};
use crate::game::Game;
use crate::threads::{resolve, run_workers};

/// Games a thread takes from the shared counter at once in
/// [`Playouts::games`] (small: games vary in length).
const CHUNK: u64 = 4;

/// The most games one round of [`Playouts::until_plies`] plays (bounds the
/// memory for the per-game results of a round: 16 bytes a game).
const MAX_ROUND: u64 = 1 << 20;

impl<P: AnyPolicy> Playouts<P> {
    /// Game `index`'s length and result.
    #[inline]
    fn length_and_result(&self, index: u64) -> (u32, PlayoutResult) {
        let record = self.game(index);
        (record.plies, record.outcome.result())
    }

    /// Plays games `0..games` and adds them up. The same statistics for any
    /// number of threads.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Rules;
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let stats = Playouts::chaturaji(Rules::default(), 3).with_threads(2).games(12);
    /// assert_eq!(stats.games, 12);
    /// assert_eq!(stats, Playouts::chaturaji(Rules::default(), 3).games(12));
    /// ```
    #[must_use]
    pub fn games(&self, games: u64) -> PlayoutStats {
        let next = AtomicU64::new(0);
        let threads = resolve(self.threads).min(usize::try_from(games).unwrap_or(usize::MAX));
        let shares = run_workers(threads.max(1), || {
            let mut stats = PlayoutStats::default();
            loop {
                let first = next.fetch_add(CHUNK, Ordering::Relaxed);
                if first >= games {
                    return stats;
                }
                for index in first..games.min(first.saturating_add(CHUNK)) {
                    let (plies, result) = self.length_and_result(index);
                    stats.add(plies, result);
                }
            }
        });
        let mut total = PlayoutStats::default();
        for share in &shares {
            total.merge(share);
        }
        total
    }

    /// Plays games `0, 1, 2, …` until at least `min_plies` plies were
    /// played in all, and adds them up: the games are the shortest run from
    /// game 0 whose plies reach `min_plies` (none for 0). The same games,
    /// so the same statistics, for any number of threads.
    ///
    /// A target no run of games reaches is not an error but defined: when
    /// no game can play a ply (a finished start position, or a ply limit
    /// of 0), no game is played and the statistics are empty. So the
    /// target was reached exactly when `stats.plies >= min_plies`, and,
    /// like [`games`](Self::games), this never fails.
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let stats = Playouts::kaissa(11).with_threads(2).until_plies(3_000);
    /// assert!(stats.plies >= 3_000);
    /// let without_last = stats.plies - u64::from(Playouts::kaissa(11).game(stats.games - 1).plies);
    /// assert!(without_last < 3_000);
    /// // Out of reach: no game can play a ply.
    /// let none = Playouts::kaissa(11).with_max_plies(0).until_plies(3_000);
    /// assert_eq!((none.games, none.plies), (0, 0));
    /// ```
    #[must_use]
    pub fn until_plies(&self, min_plies: u64) -> PlayoutStats {
        let mut stats = PlayoutStats::default();
        if min_plies == 0 || self.max_plies == 0 || self.start.is_over() {
            return stats;
        }
        let threads = resolve(self.threads);
        let mut next_game = 0u64;
        while stats.plies < min_plies {
            if threads == 1 {
                let (plies, result) = self.length_and_result(next_game);
                stats.add(plies, result);
                next_game += 1;
                continue;
            }
            let round = self.round_size(&stats, min_plies, threads);
            let results = self.play_round(next_game, round, threads);
            for (plies, result) in results {
                stats.add(plies, result);
                if stats.plies >= min_plies {
                    break;
                }
            }
            next_game += round;
        }
        stats
    }

    /// How many games the next round plays: two per thread first (to
    /// learn the mean length), then nine tenths of what the plies still
    /// missing call for at the mean length so far, at least one per thread
    /// (so few games are played past the target and dropped).
    fn round_size(&self, stats: &PlayoutStats, min_plies: u64, threads: usize) -> u64 {
        let threads = threads as u64;
        if stats.games == 0 {
            return 2 * threads;
        }
        let missing = min_plies - stats.plies;
        let mean = (stats.plies / stats.games).max(1);
        (missing / mean * 9 / 10).clamp(threads, MAX_ROUND)
    }

    /// Plays games `first..first + count` on `threads` threads and returns
    /// their lengths and results in game order.
    fn play_round(&self, first: u64, count: u64, threads: usize) -> Vec<(u32, PlayoutResult)> {
        let next = AtomicU64::new(0);
        let shares = run_workers(threads, || {
            let mut done = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count {
                    return done;
                }
                done.push((i, self.length_and_result(first + i)));
            }
        });
        let mut all: Vec<(u64, (u32, PlayoutResult))> = shares.into_iter().flatten().collect();
        all.sort_unstable_by_key(|&(i, _)| i);
        all.into_iter().map(|(_, game)| game).collect()
    }
}
