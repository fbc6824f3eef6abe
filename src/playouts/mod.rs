//! Playouts: many seeded random games, on every core, added up.
//!
//! A [`Playouts`] names the game (Kaissa, or Chaturaji under any
//! [`Rules`]), the position the games start from, a master seed, a ply
//! limit per game, a number of threads and the [`Policy`] that chooses the
//! moves ([`UniformRandom`] unless set). [`Playouts::games`] plays games
//! `0..n`; [`Playouts::until_plies`] plays games `0, 1, 2, …` until at
//! least so many plies were played. Both return [`PlayoutStats`], and
//! neither can fail: every figure is defined for every batch (see
//! [`Playouts::until_plies`] for a target no game can reach).
//!
//! # Seeds: every game can be replayed alone
//! Game `i` is played with its own seed, [`game_seed`]`(master, i)`: the
//! `i`-th word (from 0) of a SplitMix64 generator seeded with the master
//! seed, which is `mix(master + (i + 1) * 0x9E3779B97F4A7C15)` with
//! SplitMix64's output function `mix` (computed directly, without drawing
//! the words before it). Under the default policy the game itself is the
//! seeded game of its rules: [`kaissa::play_seeded_game`] or
//! [`chaturaji::play_seeded_game`] from the start position with that seed
//! and the ply limit; under another policy, the same die throws and the
//! policy's choices, drawing from the same generator. So [`Playouts::game`]
//! plays game `i` alone (and [`Playouts::replay`] with its moves), and a
//! batch's statistics do not depend on how its games were shared between
//! threads.
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
//! [`Playouts::max_plies`] plies ([`DEFAULT_MAX_PLIES`] unless set with
//! [`Playouts::with_max_plies`]) and counted as unfinished.
//!
//! ```
//! use kaissa_chaturaji::chaturaji::{Colour, Rules};
//! use kaissa_chaturaji::playouts::Playouts;
//! let playouts = Playouts::chaturaji(Rules::default(), 42).with_threads(2);
//! let stats = playouts.until_plies(5_000);
//! assert!(stats.plies >= 5_000);
//! assert_eq!(stats, Playouts::chaturaji(Rules::default(), 42).until_plies(5_000));
//! let rg = stats.wins_of_alliance([Colour::Red, Colour::Green]);
//! let by = stats.wins_of_alliance([Colour::Black, Colour::Yellow]);
//! assert_eq!(rg + by + stats.draws + stats.unfinished, stats.games);
//! // Any single game again, alone:
//! let last = playouts.game(stats.games - 1);
//! assert!(last.plies <= stats.max_length);
//! ```

mod capture_first;
mod policy;
mod run;
mod stats;

use crate::chaturaji::{self, GamePly, Rules};
#[cfg(doc)]
use crate::game::Game;
use crate::game::{AnyAction, AnyGame, AnyOutcome, Chaturaji, ChaturajiStep, Kaissa};
use crate::kaissa;
use crate::random::SplitMix64;

pub use capture_first::CaptureFirst;
pub use policy::{AnyPolicy, Candidates, Choice, Policy, UniformRandom};
pub use stats::{LengthHistogram, PlayoutResult, PlayoutStats, Winners, LENGTH_BUCKETS};

/// The ply limit of a game unless [`Playouts::with_max_plies`] says otherwise:
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

impl AnyOutcome {
    /// The outcome as the playouts' statistics count it (`Ongoing` is a
    /// game stopped by the ply limit: unfinished).
    ///
    /// ```
    /// use kaissa_chaturaji::game::AnyOutcome;
    /// use kaissa_chaturaji::kaissa::Outcome;
    /// use kaissa_chaturaji::playouts::PlayoutResult;
    /// assert_eq!(AnyOutcome::Kaissa(Outcome::Ongoing).result(), PlayoutResult::Unfinished);
    /// ```
    #[must_use]
    pub fn result(self) -> PlayoutResult {
        match self {
            AnyOutcome::Kaissa(outcome) => match outcome {
                kaissa::Outcome::Win { winner, .. } => PlayoutResult::Win(Winners::side(winner)),
                kaissa::Outcome::Draw { .. } => PlayoutResult::Draw,
                // Ongoing: stopped by the ply limit.
                _ => PlayoutResult::Unfinished,
            },
            AnyOutcome::Chaturaji(outcome) => match outcome {
                chaturaji::Outcome::AllianceWins(colours) => {
                    PlayoutResult::Win(Winners::alliance(colours))
                }
                chaturaji::Outcome::ColourWins(colour) => {
                    PlayoutResult::Win(Winners::colour(colour))
                }
                // Ludii: the top score shared, or the turn limit.
                chaturaji::Outcome::Draw | chaturaji::Outcome::TopScoreTie => PlayoutResult::Draw,
                // Ongoing: stopped by the ply limit.
                _ => PlayoutResult::Unfinished,
            },
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
pub struct PlayoutGame {
    /// The game's number in the batch.
    pub index: u64,
    /// The seed it was played with ([`game_seed`] of the batch's seed).
    pub seed: u64,
    /// The plies played.
    pub plies: u32,
    /// How it ended (`Ongoing` when stopped at the ply limit).
    pub outcome: AnyOutcome,
}

/// One game of a batch played again alone, in full: its record, its
/// actions and the game it ended in.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::{AnyGame, Game};
/// use kaissa_chaturaji::playouts::Playouts;
/// let playouts = Playouts::chaturaji(Rules::default(), 8);
/// let replay = playouts.replay(2);
/// assert_eq!(replay.game, playouts.game(2));
/// // The actions (each die face, then the move) lead from the start to the end.
/// let mut game = AnyGame::chaturaji(Rules::default());
/// for &action in &replay.actions {
///     game.apply(action)?;
/// }
/// assert_eq!(replay.end, game);
/// assert_eq!(replay.actions.len(), 2 * replay.game.plies as usize);
/// # Ok::<(), kaissa_chaturaji::IllegalMoveError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlayoutReplay {
    /// The game's record, as [`Playouts::game`] gives it.
    pub game: PlayoutGame,
    /// Its actions from the start, in order, as [`Game::apply`] takes
    /// them: [`PlayoutGame::plies`] moves, each Chaturaji move after its
    /// die face (a Ludii promotion decision has none).
    pub actions: Vec<AnyAction>,
    /// The game it ended in.
    pub end: AnyGame,
}

/// A batch of seeded games: the start, the master seed, the ply limit per
/// game, the threads and the move [`Policy`] (see the [module
/// docs](self)). Built with [`Playouts::kaissa`], [`Playouts::chaturaji`]
/// or [`Playouts::new`], then the `with_` methods; each setting is read
/// back by the method of its name without `with_`.
///
/// ```
/// use kaissa_chaturaji::playouts::Playouts;
/// let playouts = Playouts::kaissa(1).with_threads(2).with_max_plies(500);
/// assert_eq!((playouts.seed(), playouts.threads(), playouts.max_plies()), (1, 2, 500));
/// let stats = playouts.games(8);
/// assert_eq!(stats.games, 8);
/// assert!(stats.max_length <= 500);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playouts<P = UniformRandom> {
    start: AnyGame,
    seed: u64,
    max_plies: u32,
    threads: usize,
    policy: P,
}

impl Playouts {
    /// Games from `start` (an [`AnyGame`], a game of either kind or a
    /// position) with master seed `seed`, the default ply limit, one thread
    /// and the default policy. Each game throws its own dice, so a
    /// Chaturaji game's pending roll is dropped ([`Playouts::start`] is the
    /// game before it).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let pos: Position = "4h5/10/10/10/10/10/10/10/10/4H5 y 30 -".parse()?;
    /// let stats = Playouts::new(pos, 9).games(4);
    /// assert_eq!(stats.games, 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(start: impl Into<AnyGame>, seed: u64) -> Playouts {
        let start = match start.into() {
            AnyGame::Chaturaji(game) if game.pending_roll().is_some() => {
                AnyGame::from(game.into_position())
            }
            start => start,
        };
        Playouts {
            start,
            seed,
            max_plies: DEFAULT_MAX_PLIES,
            threads: 1,
            policy: UniformRandom,
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
        Playouts::new(AnyGame::kaissa(), seed)
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
        Playouts::new(AnyGame::chaturaji(rules), seed)
    }
}

impl<P: AnyPolicy> Playouts<P> {
    /// The same games with master seed `seed`.
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// assert_eq!(Playouts::kaissa(1).with_seed(9), Playouts::kaissa(9));
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Playouts<P> {
        self.seed = seed;
        self
    }

    /// The same games with at most `max_plies` plies each (a game still
    /// going on then counts as unfinished).
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let stats = Playouts::kaissa(1).with_max_plies(10).games(5);
    /// assert_eq!((stats.plies, stats.unfinished), (50, 5));
    /// ```
    #[must_use]
    pub fn with_max_plies(mut self, max_plies: u32) -> Playouts<P> {
        self.max_plies = max_plies;
        self
    }

    /// Played on `threads` threads (`0`: every core; at most
    /// [`MAX_THREADS`](crate::threads::MAX_THREADS), more counting as that
    /// many). The results do not depend on it.
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let one = Playouts::kaissa(4).games(6);
    /// assert_eq!(Playouts::kaissa(4).with_threads(3).games(6), one);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Playouts<P> {
        self.threads = threads;
        self
    }

    /// The same batch with its moves chosen by `policy` (see [`Policy`]).
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::{Playouts, UniformRandom};
    /// // The default policy, given by hand: the same games.
    /// let stats = Playouts::kaissa(4).with_policy(UniformRandom).games(6);
    /// assert_eq!(stats, Playouts::kaissa(4).games(6));
    /// ```
    #[must_use]
    pub fn with_policy<Q: AnyPolicy>(self, policy: Q) -> Playouts<Q> {
        Playouts {
            start: self.start,
            seed: self.seed,
            max_plies: self.max_plies,
            threads: self.threads,
            policy,
        }
    }

    /// The game the games start from.
    #[must_use]
    pub fn start(&self) -> &AnyGame {
        &self.start
    }

    /// The master seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The ply limit per game.
    #[must_use]
    pub fn max_plies(&self) -> u32 {
        self.max_plies
    }

    /// The threads asked for (`0`: every core).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The move policy.
    #[must_use]
    pub fn policy(&self) -> &P {
        &self.policy
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
    pub fn game(&self, index: u64) -> PlayoutGame {
        let seed = self.game_seed(index);
        let uniform = match self.start {
            AnyGame::Kaissa(_) => policy::is_uniform_random::<Kaissa, P>(&self.policy),
            AnyGame::Chaturaji(_) => policy::is_uniform_random::<Chaturaji, P>(&self.policy),
        };
        let (plies, outcome) = if uniform {
            uniform_game(&self.start, seed, self.max_plies)
        } else {
            let mut plies = PlyCount(0);
            let (game, _) = self.play(index, &mut plies);
            (plies.0, game.outcome)
        };
        PlayoutGame {
            index,
            seed,
            plies,
            outcome,
        }
    }

    /// Plays game `index` alone and keeps its actions and final game (a
    /// batch keeps neither, so it is not slowed down).
    ///
    /// ```
    /// use kaissa_chaturaji::game::{AnyAction, AnyGame, Game};
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let playouts = Playouts::kaissa(8);
    /// let replay = playouts.replay(2);
    /// assert_eq!(replay.actions.len() as u32, replay.game.plies);
    /// let mut game = AnyGame::kaissa();
    /// for &action in &replay.actions {
    ///     assert!(matches!(action, AnyAction::Kaissa(_)));
    ///     game.apply(action)?;
    /// }
    /// assert_eq!(replay.end, game);
    /// # Ok::<(), kaissa_chaturaji::IllegalMoveError>(())
    /// ```
    #[must_use]
    pub fn replay(&self, index: u64) -> PlayoutReplay {
        let mut actions = Actions {
            actions: Vec::new(),
            plies: 0,
        };
        let (game, end) = self.play(index, &mut actions);
        PlayoutReplay {
            game: PlayoutGame {
                plies: actions.plies,
                ..game
            },
            actions: actions.actions,
            end,
        }
    }

    /// Plays game `index`, giving each move to `on_ply`; returns its record
    /// (with 0 plies: the callers count them) and final game.
    #[inline]
    fn play(&self, index: u64, on_ply: &mut impl OnPly) -> (PlayoutGame, AnyGame) {
        let seed = self.game_seed(index);
        let (outcome, end) = match &self.start {
            AnyGame::Kaissa(start) => {
                let mut pos = start.position().clone();
                let outcome =
                    policy::kaissa_game(&self.policy, &mut pos, seed, self.max_plies, |mv| {
                        on_ply.kaissa(mv);
                    });
                (AnyOutcome::Kaissa(outcome), AnyGame::from(pos))
            }
            AnyGame::Chaturaji(start) => {
                let mut pos = start.position().clone();
                let outcome =
                    policy::chaturaji_game(&self.policy, &mut pos, seed, self.max_plies, |ply| {
                        on_ply.chaturaji(ply)
                    });
                (AnyOutcome::Chaturaji(outcome), AnyGame::from(pos))
            }
        };
        let game = PlayoutGame {
            index,
            seed,
            plies: 0,
            outcome,
        };
        (game, end)
    }
}

/// Plays the default policy's game of `seed` from `start` and counts its
/// plies. Not generic, so compiled once, here, with the library's
/// optimisations (and the same code for the C ABI), whichever crate runs
/// the batch: the default batch's loop.
#[inline(never)]
fn uniform_game(start: &AnyGame, seed: u64, max_plies: u32) -> (u32, AnyOutcome) {
    let mut plies = 0u32;
    let outcome = match start {
        AnyGame::Kaissa(start) => {
            let mut pos = start.position().clone();
            let outcome = kaissa::play_seeded_game(&mut pos, seed, max_plies, |_, _| plies += 1);
            AnyOutcome::Kaissa(outcome)
        }
        AnyGame::Chaturaji(start) => {
            let mut pos = start.position().clone();
            let outcome = chaturaji::play_seeded_game(&mut pos, seed, max_plies, |_, _| plies += 1);
            AnyOutcome::Chaturaji(outcome)
        }
    };
    (plies, outcome)
}

/// What a game gives each move to.
trait OnPly {
    /// A Kaissa game's move.
    fn kaissa(&mut self, mv: kaissa::Move);
    /// A Chaturaji game's ply.
    fn chaturaji(&mut self, ply: GamePly);
}

/// Counts the plies (what a batch keeps of a game).
struct PlyCount(u32);

impl OnPly for PlyCount {
    #[inline(always)]
    fn kaissa(&mut self, _: kaissa::Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn chaturaji(&mut self, _: GamePly) {
        self.0 += 1;
    }
}

/// Keeps the actions (what a replay keeps of a game) and counts the plies.
struct Actions {
    actions: Vec<AnyAction>,
    plies: u32,
}

impl OnPly for Actions {
    fn kaissa(&mut self, mv: kaissa::Move) {
        self.actions.push(AnyAction::Kaissa(mv));
        self.plies += 1;
    }

    fn chaturaji(&mut self, ply: GamePly) {
        if let Some(roll) = ply.roll {
            self.actions
                .push(AnyAction::Chaturaji(ChaturajiStep::Roll(roll)));
        }
        self.actions
            .push(AnyAction::Chaturaji(ChaturajiStep::Move(ply.mv)));
        self.plies += 1;
    }
}
