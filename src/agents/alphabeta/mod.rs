//! An alpha-beta player for Merchant Kaissa.

use arrayvec::ArrayVec;

use crate::agents::clock::Instant;
use crate::game::{Game, Kaissa};
use crate::kaissa::{Move, MAX_MOVES};

use super::{Agent, EvalWeights, Limit, StopFlag, Thought, MAX_LINE};

mod ordering;
mod search;
mod see;
mod tt;

use ordering::{CounterMoves, History};
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
    /// Null-move pruning (default on): at a node where the side to move
    /// stands well, a search with the move passed to the enemy at reduced
    /// depth that still fails high ends the node. Never on a placement
    /// turn, or with the stone still in hand.
    pub null_move: bool,
    /// Late-move reductions (default on): quiet moves late in the
    /// ordering are searched a ply or more shallower first, and again at
    /// full depth only when they beat the best so far. A move that
    /// attacks the enemy Home Stone is never reduced.
    pub reductions: bool,
    /// Threat extensions (default off): a node whose Home Stone an enemy
    /// piece attacks is searched a ply deeper (and makes no null move).
    /// Off since, at 50 ms a move, they
    /// cost two plies of depth and scored 0.40 ± 0.07 against the same
    /// search without them (50 games).
    pub extensions: bool,
    /// Aspiration windows (default on): from depth 4 each iteration
    /// first searches a narrow window around the last score.
    pub aspiration: bool,
    /// Futility pruning (default on): one or two plies from the leaves,
    /// away from the principal variation, a node whose static evaluation
    /// is far above beta returns it, and one far below alpha skips its
    /// quiet moves.
    pub futility: bool,
    /// Static exchange pruning (default on): the quiescence search skips
    /// a capture by a piece worth more than its victim that loses
    /// material once both sides have taken back on the square, least
    /// valuable piece first.
    pub see: bool,
    /// Move-count pruning (default on): one to three plies from the
    /// leaves, away from the principal variation and with the side's
    /// Home Stone not attacked, quiet moves late in the ordering are
    /// skipped once `3 + depth²` of them have been searched (twice as
    /// many when the static evaluation is better than two plies before),
    /// unless they attack the enemy stone.
    pub move_count_pruning: bool,
    /// History maluses (default off): the history of quiet moves also
    /// counts against the quiet moves searched before a cutoff, each
    /// score drawn back towards zero as it grows, and late quiet moves
    /// with a bad (negative) history are reduced a ply more, with a very
    /// good one a ply less. Off since, on top of move-count pruning at
    /// 10,000 nodes a move, it scored 0.471 ± 0.031 against the same
    /// search without it (240 games; 0.469 ± 0.031 with quiet moves of a
    /// very bad history also skipped one or two plies from the leaves).
    pub history_maluses: bool,
    /// Counter moves (default off): the quiet move that last refuted the
    /// enemy's previous move is ordered after the killers and is not
    /// reduced. Off since, on top of move-count pruning at 10,000 nodes
    /// a move, it scored 0.523 ± 0.031 against the same search without
    /// it (240 games): within the noise.
    pub counter_moves: bool,
    /// The evaluation: `None` (the default) for
    /// [`evaluate`](super::evaluate), or these weights of its terms
    /// ([`evaluate_with`](super::evaluate_with)), for matches of a
    /// tuning's weights.
    pub weights: Option<&'static EvalWeights>,
    /// Evasions in quiescence (`qev`, default off): at the first
    /// quiescence ply, a side whose Home Stone is attacked does not stand
    /// on the static evaluation but searches every move that leaves the
    /// stone safe (the enemy would take it next), and a side that can
    /// take the enemy stone is scored a win before any evaluation. Off
    /// since it scored 0.542 ± 0.031 against the search without it at
    /// 10,000 nodes a move (240 games) but 0.506 ± 0.049 at 100 ms a move
    /// (80 games): within the noise.
    pub quiescence_evasions: bool,
    /// Singular extensions (`se`, default off): from 6 plies of depth
    /// left on, a table move that stood above beta is
    /// searched a ply deeper when a shallow search of every other move,
    /// against a bound below the table's score, fails low (the move is
    /// the only good one); when that search reaches beta too, the node
    /// ends there (several moves hold it). Off since it scored 0.490 ±
    /// 0.031 against the search without it at 100 ms a move (200 games):
    /// within the noise.
    pub singular: bool,
    /// The transposition table in quiescence (`qtt`, default off): a
    /// quiescence node whose table entry decides the window returns its
    /// score, and each quiescence node stores its result at depth 0 (the
    /// main search only takes entries of at least its own depth, so
    /// these serve quiescence alone, besides the move they keep). Scored
    /// 0.477 ± 0.033 against the search without it at 60 ms a move (200
    /// games): no gain.
    pub quiescence_table: bool,
    /// Static exchange pruning in the main search (`xp`, default on):
    /// four plies or fewer from the leaves, off the principal variation
    /// and with the own stone safe, a late quiet move after which the
    /// enemy wins the moved piece by exchange, or a capture that loses
    /// material by exchange, is skipped (unless it attacks the enemy
    /// stone). Scored 0.585 ± 0.032 against the search without it at 60
    /// ms a move (200 games).
    pub exchange_pruning: bool,
    /// Delta pruning in quiescence (`dp`, default off): a capture that
    /// would leave the score below alpha even with its victim won for
    /// nothing and a margin of 200 cp besides is not searched. Scored
    /// 0.415 ± 0.037 against the search without it at 60 ms a move (142
    /// games): a loss.
    pub delta_pruning: bool,
    /// Deeper reductions at cut nodes (`cut`, default on): a late quiet
    /// move is reduced a ply more at a node expected to fail high (the
    /// null-window search of a move that the node above expects to be
    /// refuted). Scored 0.568 ± 0.032 against the search without it at
    /// 60 ms a move (200 games).
    pub cut_reductions: bool,
}

impl Default for AlphaBetaConfig {
    /// A table of 2^18 entries (4 MB), the search as shipped.
    fn default() -> AlphaBetaConfig {
        AlphaBetaConfig {
            table_bits: 18,
            null_move: true,
            reductions: true,
            extensions: false,
            aspiration: true,
            futility: true,
            see: true,
            move_count_pruning: true,
            history_maluses: false,
            counter_moves: false,
            weights: None,
            quiescence_evasions: false,
            singular: false,
            quiescence_table: false,
            exchange_pruning: true,
            delta_pruning: false,
            cut_reductions: true,
        }
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

    /// The same with the evaluation's terms weighed by `weights`.
    #[must_use]
    pub fn with_weights(mut self, weights: &'static EvalWeights) -> AlphaBetaConfig {
        self.weights = Some(weights);
        self
    }

    /// The same with a table of `2^bits` entries (at most 2^30).
    #[must_use]
    pub fn with_table_bits(mut self, bits: u32) -> AlphaBetaConfig {
        self.table_bits = bits.min(30);
        self
    }

    /// The same with one search feature switched off, by name: `nmp`
    /// ([`AlphaBetaConfig::null_move`]), `lmr`
    /// ([`AlphaBetaConfig::reductions`]), `ext`
    /// ([`AlphaBetaConfig::extensions`]), `asp`
    /// ([`AlphaBetaConfig::aspiration`]), `fp`
    /// ([`AlphaBetaConfig::futility`]), `see` ([`AlphaBetaConfig::see`]),
    /// `lmp` ([`AlphaBetaConfig::move_count_pruning`]), `hist`
    /// ([`AlphaBetaConfig::history_maluses`]), `cm`
    /// ([`AlphaBetaConfig::counter_moves`]), `qev`
    /// ([`AlphaBetaConfig::quiescence_evasions`]), `se`
    /// ([`AlphaBetaConfig::singular`]), `qtt`
    /// ([`AlphaBetaConfig::quiescence_table`]), `xp`
    /// ([`AlphaBetaConfig::exchange_pruning`]), `dp`
    /// ([`AlphaBetaConfig::delta_pruning`]) or `cut`
    /// ([`AlphaBetaConfig::cut_reductions`]); for measuring what
    /// each is worth.
    ///
    /// ```
    /// use kaissa_chaturaji::agents::AlphaBetaConfig;
    /// let plain = AlphaBetaConfig::depth(4).without("nmp")?.without("lmr")?;
    /// assert!(!plain.null_move && !plain.reductions);
    /// assert!(AlphaBetaConfig::depth(4).without("magic").is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn without(self, feature: &str) -> Result<AlphaBetaConfig, String> {
        self.switched(feature, false)
    }

    /// The same with one search feature switched on, by the names of
    /// [`AlphaBetaConfig::without`].
    ///
    /// ```
    /// use kaissa_chaturaji::agents::AlphaBetaConfig;
    /// let config = AlphaBetaConfig::depth(4).with_feature("ext")?;
    /// assert!(config.extensions);
    /// assert!(AlphaBetaConfig::depth(4).with_feature("magic").is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn with_feature(self, feature: &str) -> Result<AlphaBetaConfig, String> {
        self.switched(feature, true)
    }

    /// The same with the feature named `feature` set to `on`.
    fn switched(mut self, feature: &str, on: bool) -> Result<AlphaBetaConfig, String> {
        let flag = match feature {
            "nmp" => &mut self.null_move,
            "lmr" => &mut self.reductions,
            "ext" => &mut self.extensions,
            "asp" => &mut self.aspiration,
            "fp" => &mut self.futility,
            "see" => &mut self.see,
            "lmp" => &mut self.move_count_pruning,
            "hist" => &mut self.history_maluses,
            "cm" => &mut self.counter_moves,
            "qev" => &mut self.quiescence_evasions,
            "se" => &mut self.singular,
            "qtt" => &mut self.quiescence_table,
            "xp" => &mut self.exchange_pruning,
            "dp" => &mut self.delta_pruning,
            "cut" => &mut self.cut_reductions,
            _ => {
                return Err(format!(
                    "no alpha-beta search feature {feature:?} \
                     (nmp, lmr, ext, asp, fp, see, lmp, hist, cm, qev, se, qtt, xp, dp, cut)"
                ))
            }
        };
        *flag = on;
        Ok(self)
    }
}

/// An alpha-beta player for Merchant Kaissa: iterative deepening with a
/// principal-variation search inside aspiration windows, a Zobrist
/// transposition table ([`Position::hash`](crate::kaissa::Position::hash); buckets of four entries, the
/// shallowest or oldest replaced), move ordering (the table's
/// move, captures by MVV-LVA, two killer moves per ply, a history of quiet
/// cutoffs), null-move pruning, late-move reductions, move-count pruning,
/// futility pruning (and, if asked, a counter move in the ordering,
/// history maluses, a ply more where the enemy attacks the side's Home
/// Stone: the game's "check"), a quiescence search on captures (without
/// those that lose material by static exchange), and [`evaluate`](super::evaluate): material,
/// mobility and Home Stone safety. Each selective feature can be switched
/// on or off ([`AlphaBetaConfig::without`]).
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
    counters: CounterMoves,
    killers: Vec<[Option<Move>; 2]>,
    /// A move buffer per ply, each with room for [`MAX_MOVES`].
    lists: Vec<Vec<(Move, i32)>>,
    /// Whether the node at each ply was reached by a null move (then it
    /// makes none itself).
    passed: [bool; MAX_PLY],
    /// The move played at each ply of the line searched (`None` for a
    /// null move).
    played: [Option<Move>; MAX_PLY],
    /// The static evaluation of the node at each ply of the line
    /// searched, when it was computed (else `i32::MIN`).
    evals: [i32; MAX_PLY],
    /// The move a singular-extension test leaves out at each ply, if any.
    excluded: [Option<Move>; MAX_PLY],
    /// The depth of the iteration under way.
    iteration_depth: usize,
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
            counters: CounterMoves::new(),
            killers: vec![[None, None]; MAX_PLY],
            lists: (0..MAX_PLY)
                .map(|_| Vec::with_capacity(MAX_MOVES))
                .collect(),
            passed: [false; MAX_PLY],
            played: [None; MAX_PLY],
            evals: [i32::MIN; MAX_PLY],
            excluded: [None; MAX_PLY],
            iteration_depth: 1,
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
    pub fn search(&mut self, pos: &crate::kaissa::Position, limit: &Limit) -> Thought<Move> {
        if pos.is_over() {
            return Thought::default();
        }
        let limit = limit.or(&self.budget);
        self.run(pos, &limit, &mut |_| {})
    }
}

/// Alpha-beta honours every bound: a depth (at most 95 plies), nodes, a
/// time, a clock, infinite, a stop flag. A search to a depth or a node
/// count is deterministic; `progress` hears of each depth completed, with
/// its principal variation: the best move, then the moves the
/// transposition table holds for the positions that follow (each checked
/// to be legal; at most the iteration's depth and [`MAX_LINE`] moves,
/// none through a position seen before on it). A forced move (the only
/// legal one) is returned without a search, at depth 0.
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
        self.counters = CounterMoves::new();
    }
}
