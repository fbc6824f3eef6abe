//! Playouts: many seeded random games, on every core, added up.
//!
//! A [`Playouts`] names the game (Kaissa, or Chaturaji under any
//! [`Rules`]), the position the games start from, a master seed, a ply
//! limit per game and a number of threads. [`Playouts::games`] plays games
//! `0..n`; [`Playouts::until_plies`] plays games `0, 1, 2, …` until at
//! least so many plies were played. Both return [`PlayoutStats`].
//!
//! # Seeds: every game can be replayed alone
//! Game `i` is played with its own seed, [`game_seed`]`(master, i)`: the
//! `i`-th word (from 0) of a SplitMix64 generator seeded with the master
//! seed, which is `mix(master + (i + 1) * 0x9E3779B97F4A7C15)` with
//! SplitMix64's output function `mix` (computed directly, without drawing
//! the words before it). The game itself is the seeded game of its rules:
//! [`kaissa::play_seeded_game`] or [`chaturaji::play_seeded_game`] from
//! the start position with that seed and the ply limit. So
//! [`Playouts::game`] replays game `i` alone, and a batch's statistics do
//! not depend on how its games were shared between threads.
//!
//! # Threads
//! Threads take games one at a time from a shared counter. For
//! [`Playouts::until_plies`] the games are played in rounds of about as many
//! games as the plies still missing call for; the results are then taken
//! in game order up to the first game that brings the total to the target,
//! and games played past it are dropped. So the games counted, and every
//! figure, are the same for any number of threads.
//!
//! # Unfinished games
//! Kaissa has no move-count rule, and Chaturaji without a draw limit none
//! either, so a game may go on for ever; it is stopped after
//! [`Playouts::max_plies`] plies ([`DEFAULT_MAX_PLIES`] unless set) and
//! counted as unfinished.
//!
//! ```
//! use kaissa_chaturaji::chaturaji::Rules;
//! use kaissa_chaturaji::playouts::Playouts;
//! let playouts = Playouts::chaturaji(Rules::default(), 42).threads(2);
//! let stats = playouts.until_plies(5_000)?;
//! assert!(stats.plies >= 5_000);
//! assert_eq!(stats, Playouts::chaturaji(Rules::default(), 42).until_plies(5_000)?);
//! // Any single game again, alone:
//! let last = playouts.game(stats.games - 1);
//! assert!(last.plies <= stats.max_length);
//! # Ok::<(), kaissa_chaturaji::playouts::PlayoutError>(())
//! ```

mod run;
mod stats;

use crate::chaturaji::{self, Rules};
use crate::kaissa;
use crate::random::SplitMix64;

pub use stats::{GameResult, LengthHistogram, PlayoutStats, Winners, LENGTH_BUCKETS};

/// The ply limit of a game unless [`Playouts::max_plies`] says otherwise:
/// far above the length of nearly every random game (Kaissa's median is
/// about 200 plies, Chaturaji's under the sheet's rules about 300), so an
/// unfinished game is one that would likely go on for ever.
pub const DEFAULT_MAX_PLIES: u32 = 10_000;

/// The seed of game `index` of a batch with seed `master`: the `index`-th
/// word (from 0) of `SplitMix64::new(master)`, computed directly.
///
/// ```
/// use kaissa_chaturaji::playouts::game_seed;
/// use kaissa_chaturaji::random::{RandomSource, SplitMix64};
/// let mut rng = SplitMix64::new(42);
/// let words: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
/// assert_eq!(words, [game_seed(42, 0), game_seed(42, 1), game_seed(42, 2)]);
/// ```
#[must_use]
pub const fn game_seed(master: u64, index: u64) -> u64 {
    let before = master.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    SplitMix64::new(before).next_const().1
}

/// The position the games of a batch start from: a Kaissa or a Chaturaji
/// position (which carries its [`Rules`]).
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::playouts::Start;
/// let start = Start::Chaturaji(kaissa_chaturaji::chaturaji::Position::start(Rules::default()));
/// assert!(!start.is_over());
/// ```
// A Kaissa position is larger than a Chaturaji one; a batch holds one
// `Start` (and a replay returns one), so boxing would only add a heap
// allocation per game replayed.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// A Merchant Kaissa position.
    Kaissa(kaissa::Position),
    /// A Chaturaji position and its rules options.
    Chaturaji(chaturaji::Position),
}

impl Start {
    /// Whether the game is already over in this position.
    #[must_use]
    pub fn is_over(&self) -> bool {
        match self {
            Start::Kaissa(pos) => pos.is_over(),
            Start::Chaturaji(pos) => pos.is_over(),
        }
    }
}

/// How a game ended, in its own game's terms.
///
/// ```
/// use kaissa_chaturaji::playouts::{GameOutcome, GameResult};
/// let outcome = GameOutcome::Kaissa(kaissa_chaturaji::kaissa::Outcome::Ongoing);
/// assert_eq!(outcome.result(), GameResult::Unfinished);
/// assert_eq!(outcome.word(), "ongoing");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameOutcome {
    /// A Kaissa game's outcome (`Ongoing` when stopped at the ply limit).
    Kaissa(kaissa::Outcome),
    /// A Chaturaji game's outcome (`Ongoing` when stopped at the ply limit).
    Chaturaji(chaturaji::Outcome),
}

impl GameOutcome {
    /// The outcome as the statistics count it.
    #[must_use]
    pub fn result(self) -> GameResult {
        match self {
            GameOutcome::Kaissa(outcome) => match outcome {
                kaissa::Outcome::Ongoing => GameResult::Unfinished,
                kaissa::Outcome::Win { winner, .. } => GameResult::Win(Winners::side(winner)),
                kaissa::Outcome::Draw { .. } => GameResult::Draw,
            },
            GameOutcome::Chaturaji(outcome) => match outcome {
                chaturaji::Outcome::Ongoing => GameResult::Unfinished,
                chaturaji::Outcome::AllianceWins(colours) => {
                    GameResult::Win(Winners::colours(&colours))
                }
                chaturaji::Outcome::ColourWins(colour) => {
                    GameResult::Win(Winners::colours(&[colour]))
                }
                // Ludii: the top score shared, or the turn limit.
                chaturaji::Outcome::Draw | chaturaji::Outcome::TopScoreTie => GameResult::Draw,
            },
        }
    }

    /// The outcome word of the `apply` tool (`ongoing`, `draw`,
    /// `red-wins`, `rg-wins`…).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            GameOutcome::Kaissa(outcome) => outcome.word(),
            GameOutcome::Chaturaji(outcome) => outcome.word(),
        }
    }
}

/// One game of a batch: which, its seed, its length and how it ended.
///
/// ```
/// use kaissa_chaturaji::playouts::{game_seed, Playouts};
/// let game = Playouts::kaissa(5).game(3);
/// assert_eq!((game.index, game.seed), (3, game_seed(5, 3)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct GameRecord {
    /// The game's number in the batch.
    pub index: u64,
    /// The seed it was played with ([`game_seed`] of the batch's seed).
    pub seed: u64,
    /// The plies played.
    pub plies: u32,
    /// How it ended.
    pub outcome: GameOutcome,
}

/// Why playouts cannot run.
///
/// ```
/// use kaissa_chaturaji::playouts::{PlayoutError, Playouts};
/// let err = Playouts::kaissa(1).max_plies(0).until_plies(10).unwrap_err();
/// assert_eq!(err, PlayoutError::NoPlies);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PlayoutError {
    /// No game can play a ply (the start position is finished, or the ply
    /// limit is 0), so no number of games reaches a positive ply target.
    #[error("no game can play a ply: the start position is finished or the ply limit is 0")]
    NoPlies,
}

/// A batch of seeded random games: the start, the master seed, the ply
/// limit per game and the threads (see the [module docs](self)).
///
/// ```
/// use kaissa_chaturaji::playouts::Playouts;
/// let stats = Playouts::kaissa(1).threads(2).max_plies(500).games(8);
/// assert_eq!(stats.games, 8);
/// assert!(stats.max_length <= 500);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playouts {
    start: Start,
    seed: u64,
    max_plies: u32,
    threads: usize,
}

impl Playouts {
    /// Games from `start` with master seed `seed`, the default ply limit
    /// and one thread.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::playouts::{Playouts, Start};
    /// let pos: Position = "4h5/10/10/10/10/10/10/10/10/4H5 y 30 -".parse()?;
    /// let stats = Playouts::new(Start::Kaissa(pos), 9).games(4);
    /// assert_eq!(stats.games, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(start: Start, seed: u64) -> Playouts {
        Playouts {
            start,
            seed,
            max_plies: DEFAULT_MAX_PLIES,
            threads: 1,
        }
    }

    /// Kaissa games from the start position.
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// assert_eq!(Playouts::kaissa(1).games(3).games, 3);
    /// ```
    #[must_use]
    pub fn kaissa(seed: u64) -> Playouts {
        Playouts::new(Start::Kaissa(kaissa::Position::start()), seed)
    }

    /// Chaturaji games from the start position under `rules`.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Alliances, Rules};
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let rules = Rules::default().with_alliances(Alliances::Opposite);
    /// assert_eq!(Playouts::chaturaji(rules, 1).games(3).games, 3);
    /// ```
    #[must_use]
    pub fn chaturaji(rules: Rules, seed: u64) -> Playouts {
        Playouts::new(Start::Chaturaji(chaturaji::Position::start(rules)), seed)
    }

    /// The same games with at most `max_plies` plies each (a game still
    /// going on then counts as unfinished).
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let stats = Playouts::kaissa(1).max_plies(10).games(5);
    /// assert_eq!((stats.plies, stats.unfinished), (50, 5));
    /// ```
    #[must_use]
    pub fn max_plies(mut self, max_plies: u32) -> Playouts {
        self.max_plies = max_plies;
        self
    }

    /// Played on `threads` threads (`0`: every core; at most
    /// [`MAX_THREADS`](crate::threads::MAX_THREADS)). The results do not
    /// depend on it.
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let one = Playouts::kaissa(4).games(6);
    /// assert_eq!(Playouts::kaissa(4).threads(3).games(6), one);
    /// ```
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Playouts {
        self.threads = threads;
        self
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The master seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The ply limit per game.
    #[must_use]
    pub fn ply_limit(&self) -> u32 {
        self.max_plies
    }

    /// The seed of game `index`: [`game_seed`]`(self.seed(), index)`.
    #[must_use]
    pub fn game_seed(&self, index: u64) -> u64 {
        game_seed(self.seed, index)
    }

    /// Plays game `index` alone: the game the batch counts as its
    /// `index`-th, whatever the threads.
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let playouts = Playouts::kaissa(8);
    /// let stats = playouts.games(5);
    /// let plies: u64 = (0..5).map(|i| u64::from(playouts.game(i).plies)).sum();
    /// assert_eq!(plies, stats.plies);
    /// ```
    #[must_use]
    pub fn game(&self, index: u64) -> GameRecord {
        self.replay(index).0
    }

    /// Plays game `index` alone and returns its record and final position.
    /// To follow it move by move, call the game's `play_seeded_game` from
    /// [`Playouts::start`] with [`Playouts::game_seed`] and
    /// [`Playouts::ply_limit`]:
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa;
    /// use kaissa_chaturaji::playouts::{Playouts, Start};
    /// let playouts = Playouts::kaissa(8);
    /// let (record, last) = playouts.replay(2);
    /// let mut pos = kaissa::Position::start();
    /// let mut moves = Vec::new();
    /// kaissa::play_seeded_game(&mut pos, playouts.game_seed(2), playouts.ply_limit(), |mv, _| moves.push(mv));
    /// assert_eq!(moves.len() as u32, record.plies);
    /// assert_eq!(last, Start::Kaissa(pos));
    /// ```
    #[must_use]
    pub fn replay(&self, index: u64) -> (GameRecord, Start) {
        let seed = self.game_seed(index);
        let mut plies = 0u32;
        let (outcome, end) = match &self.start {
            Start::Kaissa(start) => {
                let mut pos = start.clone();
                let outcome =
                    kaissa::play_seeded_game(&mut pos, seed, self.max_plies, |_, _| plies += 1);
                (GameOutcome::Kaissa(outcome), Start::Kaissa(pos))
            }
            Start::Chaturaji(start) => {
                let mut pos = start.clone();
                let outcome =
                    chaturaji::play_seeded_game(&mut pos, seed, self.max_plies, |_, _| plies += 1);
                (GameOutcome::Chaturaji(outcome), Start::Chaturaji(pos))
            }
        };
        let record = GameRecord {
            index,
            seed,
            plies,
            outcome,
        };
        (record, end)
    }
}
