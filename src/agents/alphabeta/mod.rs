//! An alpha-beta player for Merchant Kaissa.

use std::time::Duration;

use arrayvec::ArrayVec;

use crate::agents::clock::Instant;
use crate::game::{Game, Kaissa};
use crate::kaissa::{Move, Position, MAX_MOVES};

use super::{Agent, StopFlag};

mod ordering;
mod search;
mod see;
mod tt;

use ordering::History;
use tt::Table;

/// The deepest ply the search reaches, quiescence included.
pub(super) const MAX_PLY: usize = 96;

/// The most moves a principal variation of
/// [`AlphaBeta::search_with_progress`] holds.
pub const MAX_LINE: usize = 32;

/// The limits of an [`AlphaBeta`] search. Build it with
/// [`AlphaBetaConfig::depth`], [`AlphaBetaConfig::time`] or
/// [`AlphaBetaConfig::nodes`] and the `with_` methods; every limit set
/// applies (the first reached stops the search).
///
/// ```
/// use std::time::Duration;
/// use kaissa_chaturaji::agents::AlphaBetaConfig;
/// let config = AlphaBetaConfig::depth(4).with_nodes(100_000);
/// assert_eq!((config.depth, config.nodes), (4, Some(100_000)));
/// let timed = AlphaBetaConfig::time(Duration::from_millis(100));
/// assert_eq!(timed.time, Some(Duration::from_millis(100)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct AlphaBetaConfig {
    /// The deepest iteration, in plies of full-width search (quiescence
    /// on captures follows). At most 95.
    pub depth: u32,
    /// The most nodes per move, if limited (deterministic, like a depth).
    pub nodes: Option<u64>,
    /// Wall-clock time per move, if limited (then the result depends on
    /// the machine).
    pub time: Option<Duration>,
    /// The transposition table holds `2^table_bits` entries of 16 bytes
    /// (default 18: 4 MB).
    pub table_bits: u32,
}

impl AlphaBetaConfig {
    /// Iterative deepening to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> AlphaBetaConfig {
        AlphaBetaConfig {
            depth,
            nodes: None,
            time: None,
            table_bits: 18,
        }
    }

    /// Iterative deepening for `time` per move (as deep as it gets).
    #[must_use]
    pub fn time(time: Duration) -> AlphaBetaConfig {
        AlphaBetaConfig {
            time: Some(time),
            ..AlphaBetaConfig::depth(MAX_PLY as u32 - 1)
        }
    }

    /// Iterative deepening for `nodes` nodes per move.
    #[must_use]
    pub fn nodes(nodes: u64) -> AlphaBetaConfig {
        AlphaBetaConfig {
            nodes: Some(nodes),
            ..AlphaBetaConfig::depth(MAX_PLY as u32 - 1)
        }
    }

    /// The same with a node limit too.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> AlphaBetaConfig {
        self.nodes = Some(nodes);
        self
    }

    /// The same with a time limit too.
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> AlphaBetaConfig {
        self.time = Some(time);
        self
    }

    /// The same with a table of `2^bits` entries (at most 2^30).
    #[must_use]
    pub fn with_table_bits(mut self, bits: u32) -> AlphaBetaConfig {
        self.table_bits = bits.min(30);
        self
    }

    /// The spec of an agent with these limits.
    pub(in crate::agents) fn spec(&self) -> String {
        match (self.time, self.nodes) {
            (Some(time), _) if self.depth >= MAX_PLY as u32 - 1 => {
                format!("alphabeta:{}ms", time.as_millis())
            }
            (None, Some(nodes)) if self.depth >= MAX_PLY as u32 - 1 => {
                format!("alphabeta:{nodes}nodes")
            }
            _ => format!("alphabeta:{}", self.depth),
        }
    }
}

/// What one [`AlphaBeta::search`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchReport {
    /// The best move (`None` when the game is over).
    pub best: Option<Move>,
    /// Its score in centipawns for the side to move; a won game `n`
    /// plies ahead is [`MATE`](super::MATE)` - n`, a lost one the
    /// negative.
    pub score: i32,
    /// The deepest iteration completed (0 when the move was forced).
    pub depth: u32,
    /// Nodes searched (quiescence nodes included).
    pub nodes: u64,
}

/// An alpha-beta player for Merchant Kaissa: iterative deepening with a
/// principal-variation search inside aspiration windows (from depth 4,
/// a narrow window around the last iteration's score first), a Zobrist
/// transposition table ([`Position::hash`]; buckets of four entries, the
/// shallowest or oldest replaced), move ordering (the table's move,
/// captures by MVV-LVA, two killer moves per ply, a history of quiet
/// cutoffs), and a quiescence search on captures with
/// [`evaluate`](super::evaluate) at its leaves: material, mobility and
/// Home Stone safety.
///
/// Its selective search:
/// - null-move pruning: off the principal variation, where the side to
///   move stands at or above beta, a reduced search with the move passed
///   to the enemy that still fails high ends the node (never with a Home
///   Stone in hand, nor for a side with fewer than two pieces besides
///   Spearmen);
/// - late-move reductions: quiet moves late in the ordering are searched
///   shallower first (a ply more at a node expected to fail high), and
///   again at full depth only when they beat the best so far;
/// - futility pruning: one or two plies from the leaves, off the
///   principal variation, a node whose static evaluation is far above
///   beta returns it, and one far below alpha skips its late quiet moves;
/// - move-count pruning: one to three plies from the leaves, off the
///   principal variation and with the own stone safe, late quiet moves
///   are skipped once `3 + depth²` of them were searched (twice as many
///   when the static evaluation is better than two plies before);
/// - static exchange pruning: four plies or fewer from the leaves, off
///   the principal variation, a late quiet move after which the enemy
///   wins the moved piece by exchange, or a capture that loses material
///   by exchange, is skipped; in quiescence, so is a capture by a piece
///   worth more than its victim that loses material by exchange.
///
/// A move that attacks the enemy Home Stone (the game's "check") is
/// never reduced or pruned.
///
/// The Home Stone window needs no special case: on turns 8 to 10 the
/// placements are among the legal moves, on a forced turn 10 they are
/// the only ones, and a side that cannot place has lost (scored as a
/// mate). The evaluation counts a stone in hand as safe, but from turn 8
/// on it counts the room left on the back rank.
///
/// Deterministic for a depth or node limit: its tables carry over between
/// moves, so the same sequence of calls gives the same moves.
///
/// ```
/// use kaissa_chaturaji::agents::{AlphaBeta, AlphaBetaConfig, MATE};
/// use kaissa_chaturaji::kaissa::Position;
/// // Yellow's Builder takes the Red Home Stone.
/// let pos: Position = "8h1/10/10/10/10/10/10/10/10/4H3B1 y 20 -".parse()?;
/// let mut searcher = AlphaBeta::new(AlphaBetaConfig::depth(3));
/// let report = searcher.search(&pos);
/// assert_eq!(report.best.unwrap().to_string(), "i1i10");
/// assert_eq!(report.score, MATE - 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct AlphaBeta {
    config: AlphaBetaConfig,
    name: String,
    table: Table,
    history: History,
    killers: Vec<[Option<Move>; 2]>,
    /// A move buffer per ply, each with room for [`MAX_MOVES`].
    lists: Vec<Vec<(Move, i32)>>,
    /// Whether the node at each ply was reached by a null move (then it
    /// makes none itself).
    passed: [bool; MAX_PLY],
    /// The static evaluation of the node at each ply of the line
    /// searched.
    evals: [i32; MAX_PLY],
    nodes: u64,
    stopped: bool,
    deadline: Option<Instant>,
    /// Raised from another thread to stop the search.
    stop: Option<StopFlag>,
    /// The best root move of the iteration under way, with its score.
    root_best: Option<(Move, i32)>,
    /// The principal variation of the last iteration, when asked for.
    line: ArrayVec<Move, MAX_LINE>,
}

impl AlphaBeta {
    /// A searcher with these limits; its tables (the transposition table
    /// and a move buffer per ply, about 1 MB besides the table) are
    /// allocated here, once.
    #[must_use]
    pub fn new(config: AlphaBetaConfig) -> AlphaBeta {
        AlphaBeta {
            name: config.spec(),
            table: Table::new(config.table_bits),
            history: History::new(),
            killers: vec![[None, None]; MAX_PLY],
            lists: (0..MAX_PLY)
                .map(|_| Vec::with_capacity(MAX_MOVES))
                .collect(),
            passed: [false; MAX_PLY],
            evals: [0; MAX_PLY],
            nodes: 0,
            stopped: false,
            deadline: None,
            stop: None,
            root_best: None,
            line: ArrayVec::new(),
            config,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// Stops every later search as soon as `stop` is raised (checked
    /// with the time limit), as if its time had run out.
    pub fn set_stop(&mut self, stop: StopFlag) {
        self.stop = Some(stop);
    }

    /// Searches `pos` within the limits and reports the best move, its
    /// score, the depth completed and the nodes searched. A forced move
    /// (the only legal one) is returned without a search.
    pub fn search(&mut self, pos: &Position) -> SearchReport {
        self.run(pos, None)
    }

    /// [`AlphaBeta::search`], calling `progress` after each iteration it
    /// completes with the report so far (its nodes counted up to then)
    /// and the principal variation, as a UCI engine prints an `info` line
    /// a depth. The line is the best move, then the moves the
    /// transposition table holds for the positions that follow (each
    /// checked to be legal; at most the iteration's depth and
    /// [`MAX_LINE`] moves, none through a position seen before on it).
    /// The moves and scores are those of `search`, and it allocates
    /// nothing either.
    ///
    /// ```
    /// use kaissa_chaturaji::agents::{AlphaBeta, AlphaBetaConfig};
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut searcher = AlphaBeta::new(AlphaBetaConfig::depth(3));
    /// let mut seen = Vec::new();
    /// let report = searcher.search_with_progress(&Position::start(), &mut |r, line| {
    ///     assert_eq!(Some(line[0]), r.best);
    ///     seen.push((r.depth, line.len()));
    /// });
    /// assert_eq!(seen.iter().map(|&(depth, _)| depth).collect::<Vec<_>>(), [1, 2, 3]);
    /// assert!(seen.iter().all(|&(depth, len)| len >= 1 && len <= depth as usize));
    /// assert_eq!(report.depth, 3);
    /// ```
    pub fn search_with_progress(
        &mut self,
        pos: &Position,
        progress: &mut dyn FnMut(&SearchReport, &[Move]),
    ) -> SearchReport {
        self.run(pos, Some(progress))
    }
}

impl Agent<Kaissa> for AlphaBeta {
    fn choose(&mut self, game: &Kaissa) -> Option<Move> {
        if game.is_over() {
            return None;
        }
        self.search(game.position()).best
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn reset(&mut self) {
        self.table.clear();
        self.history = History::new();
    }
}
