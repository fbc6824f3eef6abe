//! An alpha-beta player for Merchant Kaissa.

use arrayvec::ArrayVec;

use crate::agents::clock::Instant;
use crate::game::{Game, Kaissa};
use crate::kaissa::{Move, Position, MAX_MOVES};

use super::{Agent, Limit, StopFlag, Thought, MAX_LINE};

mod ordering;
mod search;
mod see;
mod tt;

use ordering::History;
use tt::Table;

/// The deepest ply the search reaches, quiescence included.
pub(super) const MAX_PLY: usize = 96;

/// The knobs of an [`AlphaBeta`] searcher (how long it thinks is a
/// [`Limit`]): [`AlphaBetaConfig::default`] and the `with_` methods.
///
/// ```
/// use kaissa_chaturaji::agents::AlphaBetaConfig;
/// let config = AlphaBetaConfig::default().with_table_bits(20);
/// assert_eq!(config.table_bits, 20);
/// assert_eq!(AlphaBetaConfig::for_memory(64 << 20).table_bits, 22);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct AlphaBetaConfig {
    /// The transposition table holds `2^table_bits` entries of 16 bytes
    /// (default 18: 4 MB).
    pub table_bits: u32,
}

impl Default for AlphaBetaConfig {
    /// A table of 2^18 entries (4 MB).
    fn default() -> AlphaBetaConfig {
        AlphaBetaConfig { table_bits: 18 }
    }
}

impl AlphaBetaConfig {
    /// The default configuration with the largest table that fits in
    /// `bytes` (16 bytes an entry; at least 2^10 entries, at most 2^30).
    #[must_use]
    pub fn for_memory(bytes: u64) -> AlphaBetaConfig {
        let entries = (bytes / 16).max(1 << 10);
        AlphaBetaConfig::default().with_table_bits(entries.ilog2())
    }

    /// The same with a table of `2^bits` entries (at most 2^30).
    #[must_use]
    pub fn with_table_bits(mut self, bits: u32) -> AlphaBetaConfig {
        self.table_bits = bits.min(30);
        self
    }
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
/// It honours every bound of a [`Limit`]: a depth (at most 95 plies),
/// nodes, a time, a clock, infinite, a stop flag. A search to a depth or
/// a node count is deterministic. [`Agent::think`]'s progress hears of
/// each depth completed, with its principal variation: the best move,
/// then the moves the transposition table holds for the positions that
/// follow (each checked to be legal; at most the iteration's depth and
/// [`MAX_LINE`] moves, none through a position seen before on it). A
/// forced move (the only legal one) is returned without a search, at
/// depth 0.
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, AlphaBeta, AlphaBetaConfig, Limit, MATE};
/// use kaissa_chaturaji::game::Kaissa;
/// use kaissa_chaturaji::kaissa::Position;
/// // Yellow's Builder takes the Red Home Stone.
/// let pos: Position = "8h1/10/10/10/10/10/10/10/10/4H3B1 y 20 -".parse()?;
/// let mut searcher = AlphaBeta::new(AlphaBetaConfig::default());
/// let thought = searcher.think(&Kaissa::new(pos), &Limit::depth(3), &mut |_| {});
/// assert_eq!(thought.best.unwrap().to_string(), "i1i10");
/// assert_eq!(thought.score, MATE - 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct AlphaBeta {
    config: AlphaBetaConfig,
    /// The budget of a move when the caller's [`Limit`] gives none.
    budget: Limit,
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
    /// The most nodes of the search under way, if limited.
    node_limit: Option<u64>,
    /// Raised from another thread to stop the search under way.
    stop: Option<StopFlag>,
    /// The best root move of the iteration under way, with its score.
    root_best: Option<(Move, i32)>,
    /// The principal variation of the last iteration, when asked for.
    line: ArrayVec<Move, MAX_LINE>,
}

impl Default for AlphaBeta {
    /// [`AlphaBeta::new`] with the default configuration.
    fn default() -> AlphaBeta {
        AlphaBeta::new(AlphaBetaConfig::default())
    }
}

impl AlphaBeta {
    /// A searcher with this configuration; its tables (the transposition
    /// table and a move buffer per ply, about 1 MB besides the table) are
    /// allocated here, once. With no budget of its own
    /// ([`AlphaBeta::with_budget`]), a move it is given no [`Limit`] for
    /// thinks [`DEFAULT_MOVE_TIME`](super::DEFAULT_MOVE_TIME).
    #[must_use]
    pub fn new(config: AlphaBetaConfig) -> AlphaBeta {
        AlphaBeta {
            name: "alphabeta".to_string(),
            budget: Limit::default(),
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
            node_limit: None,
            stop: None,
            root_best: None,
            line: ArrayVec::new(),
            config,
        }
    }

    /// The same searcher with `budget` as the limit of a move the caller
    /// gives no bound for ([`Limit::or`]); its name becomes the spec with
    /// that budget (`alphabeta:6`, `alphabeta:300ms`).
    #[must_use]
    pub fn with_budget(mut self, budget: Limit) -> AlphaBeta {
        self.name = super::spec::spec_text("alphabeta", &budget);
        self.budget = budget;
        self
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// [`Agent::think`] for a position rather than a [`Kaissa`] game, with
    /// no progress callback.
    ///
    /// ```
    /// use kaissa_chaturaji::agents::{AlphaBeta, Limit};
    /// use kaissa_chaturaji::kaissa::Position;
    /// let thought = AlphaBeta::default().search(&Position::start(), &Limit::nodes(2_000));
    /// assert!(thought.best.is_some() && thought.nodes <= 2_100);
    /// ```
    pub fn search(&mut self, pos: &Position, limit: &Limit) -> Thought<Move> {
        if pos.is_over() {
            return Thought::default();
        }
        let limit = limit.or(&self.budget);
        self.run(pos, &limit, &mut |_| {})
    }
}

impl Agent<Kaissa> for AlphaBeta {
    fn think(
        &mut self,
        game: &Kaissa,
        limit: &Limit,
        progress: &mut dyn FnMut(&Thought<Move>),
    ) -> Thought<Move> {
        if game.is_over() {
            return Thought::default();
        }
        let limit = limit.or(&self.budget);
        self.run(game.position(), &limit, progress)
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn reset(&mut self) {
        self.table.clear();
        self.history = History::new();
    }
}
