//! What a batch of playouts adds up to: games, plies, results, lengths.

use core::fmt;

use crate::{chaturaji, kaissa};

/// Who won a game, as a set of players: bit `i` stands for player `i`, the
/// Kaissa [`Side`](kaissa::Side) or the Chaturaji
/// [`Colour`](chaturaji::Colour) of index `i` (Kaissa: 0 Yellow, 1 Red;
/// Chaturaji: 0 Red, 1 Black, 2 Yellow, 3 Green). An alliance's win holds
/// both its colours. Also the index into [`PlayoutStats::wins`].
///
/// ```
/// use kaissa_chaturaji::chaturaji::Colour;
/// use kaissa_chaturaji::kaissa::Side;
/// use kaissa_chaturaji::playouts::Winners;
/// assert_eq!(Winners::side(Side::Red).bits(), 0b10);
/// let rg = Winners::colours(&[Colour::Red, Colour::Green]);
/// assert_eq!(rg.bits(), 0b1001);
/// assert!(rg.has_colour(Colour::Green) && !rg.has_colour(Colour::Black));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Winners(u8);

impl Winners {
    /// A Kaissa side's win.
    #[must_use]
    pub const fn side(side: kaissa::Side) -> Winners {
        Winners(1 << side.index())
    }

    /// The win of these Chaturaji colours together.
    #[must_use]
    pub fn colours(colours: &[chaturaji::Colour]) -> Winners {
        Winners(colours.iter().fold(0, |bits, c| bits | 1 << c.index()))
    }

    /// The set from its bits (only the low four count).
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Winners;
    /// assert_eq!(Winners::from_bits(0xf3).bits(), 3);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u8) -> Winners {
        Winners(bits & 15)
    }

    /// The bits (below 16).
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether the Kaissa `side` is among the winners.
    #[must_use]
    pub const fn has_side(self, side: kaissa::Side) -> bool {
        self.0 & 1 << side.index() != 0
    }

    /// Whether the Chaturaji `colour` is among the winners.
    #[must_use]
    pub const fn has_colour(self, colour: chaturaji::Colour) -> bool {
        self.0 & 1 << colour.index() != 0
    }
}

/// How one game of a batch ended, as the statistics count it.
///
/// ```
/// use kaissa_chaturaji::playouts::GameResult;
/// assert_ne!(GameResult::Unfinished, GameResult::Draw);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Stopped at the ply limit with the game still going on.
    Unfinished,
    /// Drawn (any reason).
    Draw,
    /// Won by these players.
    Win(Winners),
}

/// The number of buckets of a [`LengthHistogram`].
pub const LENGTH_BUCKETS: usize = 240;

/// Game lengths (in plies) by buckets: lengths 0 to 7 each have their own
/// bucket; above, every power-of-two range `[2^e, 2^(e+1))` is cut into 8
/// equal buckets (so a bucket spans at most 1/8 of its lower bound). 240
/// buckets cover every `u32`.
///
/// ```
/// use kaissa_chaturaji::playouts::LengthHistogram;
/// assert_eq!(LengthHistogram::bucket_of(5), 5);
/// assert_eq!(LengthHistogram::bucket_bounds(LengthHistogram::bucket_of(200)), (192, 207));
/// assert_eq!(LengthHistogram::bucket_bounds(LengthHistogram::bucket_of(u32::MAX)).1, u32::MAX);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct LengthHistogram {
    counts: [u64; LENGTH_BUCKETS],
}

impl Default for LengthHistogram {
    fn default() -> LengthHistogram {
        LengthHistogram {
            counts: [0; LENGTH_BUCKETS],
        }
    }
}

impl fmt::Debug for LengthHistogram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.buckets().map(|(lo, hi, n)| ((lo, hi), n)))
            .finish()
    }
}

impl LengthHistogram {
    /// The bucket a game of `length` plies falls in.
    #[must_use]
    pub const fn bucket_of(length: u32) -> usize {
        if length < 8 {
            return length as usize;
        }
        let e = 31 - length.leading_zeros(); // 3..=31
        let sub = (length >> (e - 3)) & 7;
        (8 + (e - 3) * 8 + sub) as usize
    }

    /// The smallest and largest length (both included) of `bucket`; a
    /// bucket past the last gives the last one's.
    #[must_use]
    pub const fn bucket_bounds(bucket: usize) -> (u32, u32) {
        let bucket = if bucket < LENGTH_BUCKETS {
            bucket as u32
        } else {
            LENGTH_BUCKETS as u32 - 1
        };
        if bucket < 8 {
            return (bucket, bucket);
        }
        let e = (bucket - 8) / 8 + 3;
        let sub = (bucket - 8) % 8;
        let lo = (8 + sub) << (e - 3);
        let width = 1u32 << (e - 3);
        (lo, lo + (width - 1))
    }

    /// The number of games in each bucket, by bucket index.
    #[must_use]
    pub fn counts(&self) -> &[u64; LENGTH_BUCKETS] {
        &self.counts
    }

    /// The non-empty buckets as `(shortest, longest, games)`, shortest
    /// first.
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let stats = Playouts::kaissa(1).games(20);
    /// let games: u64 = stats.lengths.buckets().map(|(_, _, n)| n).sum();
    /// assert_eq!(games, 20);
    /// ```
    pub fn buckets(&self) -> impl Iterator<Item = (u32, u32, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(i, &n)| {
                let (lo, hi) = LengthHistogram::bucket_bounds(i);
                (lo, hi, n)
            })
    }

    /// An estimate of the `q`-quantile of the lengths (`q` in `0.0..=1.0`,
    /// clamped; 0.5 the median): the upper bound of the bucket holding the
    /// game of rank `ceil(q * games)` (the first game for `q = 0`), so
    /// within 1/8 above the true value. `None` without games.
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let stats = Playouts::kaissa(1).games(50);
    /// let median = stats.lengths.quantile(0.5).unwrap();
    /// assert!(stats.min_length <= median && median <= stats.lengths.quantile(1.0).unwrap());
    /// ```
    #[must_use]
    pub fn quantile(&self, q: f64) -> Option<u32> {
        let games: u64 = self.counts.iter().sum();
        if games == 0 {
            return None;
        }
        let q = if q.is_nan() { 0.5 } else { q.clamp(0.0, 1.0) };
        let rank = ((q * games as f64).ceil() as u64).clamp(1, games);
        let mut seen = 0;
        for (i, &n) in self.counts.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return Some(LengthHistogram::bucket_bounds(i).1);
            }
        }
        None
    }

    fn add(&mut self, length: u32) {
        self.counts[LengthHistogram::bucket_of(length)] += 1;
    }

    fn merge(&mut self, other: &LengthHistogram) {
        for (a, b) in self.counts.iter_mut().zip(other.counts.iter()) {
            *a += b;
        }
    }
}

/// What a batch of playouts added up to. Equal for the same games whatever
/// the number of threads (every field is a count, a sum, a minimum or a
/// maximum). Fields may be added (read them; the library builds the
/// value).
///
/// ```
/// use kaissa_chaturaji::playouts::Playouts;
/// let stats = Playouts::kaissa(7).games(10);
/// assert_eq!(stats.games, 10);
/// let results = stats.unfinished + stats.draws + stats.wins.iter().sum::<u64>();
/// assert_eq!(results, 10);
/// assert!(stats.min_length as f64 <= stats.mean_length());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Plies played, in all games.
    pub plies: u64,
    /// Games stopped at the ply limit, still going on.
    pub unfinished: u64,
    /// Drawn games.
    pub draws: u64,
    /// Won games by [`Winners`] bits: `wins[w.bits()]` games were won by
    /// exactly the players `w`.
    pub wins: [u64; 16],
    /// The shortest game, in plies (0 when no game was played).
    pub min_length: u32,
    /// The longest game, in plies.
    pub max_length: u32,
    /// The game lengths.
    pub lengths: LengthHistogram,
}

impl PlayoutStats {
    /// Counts one game of `plies` plies that ended with `result`.
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::{GameResult, PlayoutStats};
    /// let mut stats = PlayoutStats::default();
    /// stats.add(12, GameResult::Draw);
    /// stats.add(4, GameResult::Unfinished);
    /// assert_eq!((stats.games, stats.plies, stats.draws), (2, 16, 1));
    /// assert_eq!((stats.min_length, stats.max_length), (4, 12));
    /// ```
    pub fn add(&mut self, plies: u32, result: GameResult) {
        self.min_length = if self.games == 0 {
            plies
        } else {
            self.min_length.min(plies)
        };
        self.max_length = self.max_length.max(plies);
        self.games += 1;
        self.plies += u64::from(plies);
        match result {
            GameResult::Unfinished => self.unfinished += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Win(winners) => self.wins[winners.bits() as usize] += 1,
        }
        self.lengths.add(plies);
    }

    /// Adds the games of `other` (another share of the same batch).
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::{GameResult, PlayoutStats};
    /// let (mut a, mut b) = (PlayoutStats::default(), PlayoutStats::default());
    /// a.add(10, GameResult::Draw);
    /// b.add(3, GameResult::Draw);
    /// a.merge(&b);
    /// assert_eq!((a.games, a.min_length, a.draws), (2, 3, 2));
    /// ```
    pub fn merge(&mut self, other: &PlayoutStats) {
        if other.games == 0 {
            return;
        }
        self.min_length = if self.games == 0 {
            other.min_length
        } else {
            self.min_length.min(other.min_length)
        };
        self.max_length = self.max_length.max(other.max_length);
        self.games += other.games;
        self.plies += other.plies;
        self.unfinished += other.unfinished;
        self.draws += other.draws;
        for (a, b) in self.wins.iter_mut().zip(other.wins.iter()) {
            *a += b;
        }
        self.lengths.merge(&other.lengths);
    }

    /// The mean game length in plies (0 without games).
    #[must_use]
    pub fn mean_length(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.plies as f64 / self.games as f64
        }
    }

    /// The games won by `winners` exactly.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Side;
    /// use kaissa_chaturaji::playouts::{Playouts, Winners};
    /// let stats = Playouts::kaissa(3).games(20);
    /// let decided = stats.wins_of(Winners::side(Side::Yellow)) + stats.wins_of(Winners::side(Side::Red));
    /// assert_eq!(decided, stats.wins.iter().sum::<u64>());
    /// ```
    #[must_use]
    pub fn wins_of(&self, winners: Winners) -> u64 {
        self.wins[winners.bits() as usize]
    }
}
