//! What a batch of playouts adds up to: games, plies, results, lengths.

use core::fmt;

use crate::{chaturaji, kaissa};

/// Who won a game: a Kaissa [`Side`](kaissa::Side), or a set of Chaturaji
/// [`Colour`](chaturaji::Colour)s (an alliance's two colours under the
/// sheet's rules, one colour under the Ludii ruleset). Shown as the
/// outcome words show the winners: `yellow`, `red`, `green`, `rg`, `by`…
///
/// ```
/// use kaissa_chaturaji::chaturaji::Colour;
/// use kaissa_chaturaji::kaissa::Side;
/// use kaissa_chaturaji::playouts::Winners;
/// let rg = Winners::alliance([Colour::Green, Colour::Red]);
/// assert_eq!(rg, Winners::alliance([Colour::Red, Colour::Green]));
/// assert!(rg.has_colour(Colour::Green) && !rg.has_colour(Colour::Black));
/// assert_eq!(rg.colours().collect::<Vec<_>>(), [Colour::Red, Colour::Green]);
/// assert_eq!(rg.to_string(), "rg");
/// assert_eq!(Winners::colour(Colour::Green).to_string(), "green");
/// assert_eq!(Winners::side(Side::Red).to_string(), "red");
/// assert_eq!(Winners::side(Side::Red).as_side(), Some(Side::Red));
/// assert_eq!(rg.as_side(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Winners {
    /// Whether these are Chaturaji colours (else a Kaissa side).
    chaturaji: bool,
    /// Bit `i` for the side or colour of index `i` (never 0).
    bits: u8,
}

impl Winners {
    /// A Kaissa side's win.
    #[must_use]
    pub const fn side(side: kaissa::Side) -> Winners {
        Winners {
            chaturaji: false,
            bits: 1 << side.index(),
        }
    }

    /// A Chaturaji colour's win alone (the Ludii ruleset).
    #[must_use]
    pub const fn colour(colour: chaturaji::Colour) -> Winners {
        Winners {
            chaturaji: true,
            bits: 1 << colour.index(),
        }
    }

    /// A Chaturaji alliance's win: both colours, in any order (the same
    /// colour twice is that colour's win alone).
    #[must_use]
    pub const fn alliance(colours: [chaturaji::Colour; 2]) -> Winners {
        Winners {
            chaturaji: true,
            bits: 1 << colours[0].index() | 1 << colours[1].index(),
        }
    }

    /// The winning Kaissa side; `None` for Chaturaji winners.
    #[must_use]
    pub const fn as_side(self) -> Option<kaissa::Side> {
        if self.chaturaji {
            None
        } else if self.bits & 1 != 0 {
            Some(kaissa::Side::Yellow)
        } else {
            Some(kaissa::Side::Red)
        }
    }

    /// The winning Chaturaji colours in `rbyg` order; none for a Kaissa
    /// side.
    pub fn colours(self) -> impl Iterator<Item = chaturaji::Colour> {
        let bits = if self.chaturaji { self.bits } else { 0 };
        chaturaji::Colour::ALL
            .into_iter()
            .filter(move |c| bits & 1 << c.index() != 0)
    }

    /// The winners as bits: bit `i` for the player of index `i` (Kaissa: 0
    /// Yellow, 1 Red; Chaturaji: 0 Red, 1 Black, 2 Yellow, 3 Green), as
    /// the C ABI's `wins` array is indexed.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Colour;
    /// use kaissa_chaturaji::kaissa::Side;
    /// use kaissa_chaturaji::playouts::Winners;
    /// assert_eq!(Winners::side(Side::Red).bits(), 0b10);
    /// assert_eq!(Winners::alliance([Colour::Red, Colour::Green]).bits(), 0b1001);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.bits
    }

    /// Whether these are Kaissa winners and `side` is the winner.
    #[must_use]
    pub const fn has_side(self, side: kaissa::Side) -> bool {
        !self.chaturaji && self.bits & 1 << side.index() != 0
    }

    /// Whether these are Chaturaji winners and `colour` is among them.
    #[must_use]
    pub const fn has_colour(self, colour: chaturaji::Colour) -> bool {
        self.chaturaji && self.bits & 1 << colour.index() != 0
    }
}

impl fmt::Display for Winners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(side) = self.as_side() {
            return f.write_str(side.name());
        }
        let mut colours = self.colours();
        match (colours.next(), colours.next()) {
            (Some(one), None) => f.write_str(one.name()),
            _ => self
                .colours()
                .try_for_each(|c| fmt::Write::write_char(f, c.letter())),
        }
    }
}

impl fmt::Debug for Winners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Winners({self})")
    }
}

/// How one game of a batch ended, as the statistics count it.
///
/// ```
/// use kaissa_chaturaji::kaissa::Side;
/// use kaissa_chaturaji::playouts::{PlayoutResult, Winners};
/// assert_ne!(PlayoutResult::Unfinished, PlayoutResult::Draw);
/// assert_eq!(PlayoutResult::Win(Winners::side(Side::Red)).to_string(), "red-wins");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayoutResult {
    /// Stopped at the ply limit with the game still going on.
    Unfinished,
    /// Drawn (any reason).
    Draw,
    /// Won by these players.
    Win(Winners),
}

impl fmt::Display for PlayoutResult {
    /// `unfinished`, `draw` or `<winners>-wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayoutResult::Unfinished => f.write_str("unfinished"),
            PlayoutResult::Draw => f.write_str("draw"),
            PlayoutResult::Win(winners) => write!(f, "{winners}-wins"),
        }
    }
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
/// the number of threads (every figure is a count, a sum, a minimum or a
/// maximum). Fields may be added (read them; the library builds the
/// value). The wins are read per winner: [`wins_of_side`](Self::wins_of_side),
/// [`wins_of_colour`](Self::wins_of_colour),
/// [`wins_of_alliance`](Self::wins_of_alliance), exactly
/// [`wins_of`](Self::wins_of) some [`Winners`], or all at once with
/// [`winners`](Self::winners).
///
/// ```
/// use kaissa_chaturaji::kaissa::Side;
/// use kaissa_chaturaji::playouts::Playouts;
/// let stats = Playouts::kaissa(7).games(10);
/// assert_eq!(stats.games, 10);
/// let results = stats.unfinished + stats.draws + stats.wins();
/// assert_eq!(results, 10);
/// assert_eq!(stats.wins(), stats.wins_of_side(Side::Yellow) + stats.wins_of_side(Side::Red));
/// assert!(stats.min_length as f64 <= stats.mean_length());
/// println!("{stats}"); // 10 games, … plies; yellow-wins …, draws …
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
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
    /// The shortest game, in plies (0 when no game was played).
    pub min_length: u32,
    /// The longest game, in plies.
    pub max_length: u32,
    /// The game lengths.
    pub lengths: LengthHistogram,
    /// Kaissa games won, by the winning side's index.
    side_wins: [u64; 2],
    /// Chaturaji games won, by the winners' bits.
    colour_wins: [u64; 16],
}

impl PlayoutStats {
    /// Counts one game of `plies` plies that ended with `result`.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Side;
    /// use kaissa_chaturaji::playouts::{PlayoutResult, PlayoutStats, Winners};
    /// let mut stats = PlayoutStats::default();
    /// stats.add(12, PlayoutResult::Draw);
    /// stats.add(4, PlayoutResult::Unfinished);
    /// stats.add(30, PlayoutResult::Win(Winners::side(Side::Red)));
    /// assert_eq!((stats.games, stats.plies, stats.draws), (3, 46, 1));
    /// assert_eq!((stats.min_length, stats.max_length), (4, 30));
    /// assert_eq!(stats.wins_of_side(Side::Red), 1);
    /// ```
    pub fn add(&mut self, plies: u32, result: PlayoutResult) {
        self.min_length = if self.games == 0 {
            plies
        } else {
            self.min_length.min(plies)
        };
        self.max_length = self.max_length.max(plies);
        self.games += 1;
        self.plies += u64::from(plies);
        match result {
            PlayoutResult::Unfinished => self.unfinished += 1,
            PlayoutResult::Draw => self.draws += 1,
            PlayoutResult::Win(winners) => *self.count_of(winners) += 1,
        }
        self.lengths.add(plies);
    }

    /// The counter of the games won by `winners` exactly.
    fn count_of(&mut self, winners: Winners) -> &mut u64 {
        if winners.chaturaji {
            &mut self.colour_wins[usize::from(winners.bits & 15)]
        } else {
            &mut self.side_wins[usize::from(winners.bits >> 1 & 1)]
        }
    }

    /// Adds the games of `other` (another share of the same batch).
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::{PlayoutResult, PlayoutStats};
    /// let (mut a, mut b) = (PlayoutStats::default(), PlayoutStats::default());
    /// a.add(10, PlayoutResult::Draw);
    /// b.add(3, PlayoutResult::Draw);
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
        for (a, b) in self.side_wins.iter_mut().zip(other.side_wins.iter()) {
            *a += b;
        }
        for (a, b) in self.colour_wins.iter_mut().zip(other.colour_wins.iter()) {
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

    /// The games won, by anyone: `games - draws - unfinished`.
    #[must_use]
    pub fn wins(&self) -> u64 {
        self.side_wins.iter().sum::<u64>() + self.colour_wins.iter().sum::<u64>()
    }

    /// The games won by `winners` exactly.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Rules};
    /// use kaissa_chaturaji::playouts::{Playouts, Winners};
    /// let stats = Playouts::chaturaji(Rules::default(), 3).games(20);
    /// let rg = stats.wins_of(Winners::alliance([Colour::Red, Colour::Green]));
    /// let by = stats.wins_of(Winners::alliance([Colour::Black, Colour::Yellow]));
    /// assert_eq!(rg + by, stats.wins());
    /// ```
    #[must_use]
    pub fn wins_of(&self, winners: Winners) -> u64 {
        if winners.chaturaji {
            self.colour_wins[usize::from(winners.bits & 15)]
        } else {
            self.side_wins[usize::from(winners.bits >> 1 & 1)]
        }
    }

    /// The Kaissa games won by `side`.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Side;
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let stats = Playouts::kaissa(3).games(20);
    /// let decided = stats.wins_of_side(Side::Yellow) + stats.wins_of_side(Side::Red);
    /// assert_eq!(decided, stats.wins());
    /// ```
    #[must_use]
    pub fn wins_of_side(&self, side: kaissa::Side) -> u64 {
        self.side_wins[side.index() & 1]
    }

    /// The Chaturaji games `colour` won: its alliance's wins under the
    /// sheet's rules, its own under the Ludii ruleset (every win whose
    /// winners include it).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Rules};
    /// use kaissa_chaturaji::playouts::{Playouts, Winners};
    /// let stats = Playouts::chaturaji(Rules::default(), 3).games(20);
    /// let rg = stats.wins_of_alliance([Colour::Red, Colour::Green]);
    /// assert_eq!(stats.wins_of_colour(Colour::Red), rg);
    /// assert_eq!(stats.wins_of_colour(Colour::Green), rg);
    /// let ludii = Playouts::chaturaji(Rules::ludii(), 3).games(20);
    /// let green = ludii.wins_of_colour(Colour::Green);
    /// assert_eq!(green, ludii.wins_of(Winners::colour(Colour::Green)));
    /// ```
    #[must_use]
    pub fn wins_of_colour(&self, colour: chaturaji::Colour) -> u64 {
        let bit = 1 << colour.index();
        (0..16)
            .filter(|bits| bits & bit != 0)
            .map(|bits| self.colour_wins[bits])
            .sum()
    }

    /// The Chaturaji games won by the alliance of these two colours (in
    /// any order): [`wins_of`](Self::wins_of)`(Winners::alliance(colours))`.
    #[must_use]
    pub fn wins_of_alliance(&self, colours: [chaturaji::Colour; 2]) -> u64 {
        self.wins_of(Winners::alliance(colours))
    }

    /// Every set of winners with at least one game won, and the games it
    /// won: Kaissa sides first (Yellow, Red), then Chaturaji winners by
    /// their [`bits`](Winners::bits).
    ///
    /// ```
    /// use kaissa_chaturaji::playouts::Playouts;
    /// let stats = Playouts::kaissa(3).games(20);
    /// for (winners, games) in stats.winners() {
    ///     println!("{winners}-wins {games}"); // yellow-wins 9, red-wins 8…
    /// }
    /// assert_eq!(stats.winners().map(|(_, n)| n).sum::<u64>(), stats.wins());
    /// ```
    pub fn winners(&self) -> impl Iterator<Item = (Winners, u64)> + '_ {
        let sides = kaissa::Side::ALL
            .into_iter()
            .map(|side| (Winners::side(side), self.side_wins[side.index() & 1]));
        let colours = (1..16u8).map(|bits| {
            let winners = Winners {
                chaturaji: true,
                bits,
            };
            (winners, self.colour_wins[usize::from(bits)])
        });
        sides.chain(colours).filter(|&(_, n)| n > 0)
    }
}

/// The wins as a map from the winners to their games.
struct WinsMap<'a>(&'a PlayoutStats);

impl fmt::Debug for WinsMap<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.0.winners()).finish()
    }
}

impl fmt::Debug for PlayoutStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayoutStats")
            .field("games", &self.games)
            .field("plies", &self.plies)
            .field("unfinished", &self.unfinished)
            .field("draws", &self.draws)
            .field("wins", &WinsMap(self))
            .field("min_length", &self.min_length)
            .field("max_length", &self.max_length)
            .field("lengths", &self.lengths)
            .finish()
    }
}

impl fmt::Display for PlayoutStats {
    /// One line: `40 games, 8123 plies; yellow-wins 20, red-wins 17, draws
    /// 3, unfinished 0; lengths min 12 mean 203.1 max 640`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} games, {} plies;", self.games, self.plies)?;
        for (winners, n) in self.winners() {
            write!(f, " {winners}-wins {n},")?;
        }
        write!(
            f,
            " draws {}, unfinished {}; lengths min {} mean {:.1} max {}",
            self.draws,
            self.unfinished,
            self.min_length,
            self.mean_length(),
            self.max_length
        )
    }
}
