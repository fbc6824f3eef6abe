//! An alpha-beta player for Merchant Kaissa.

use std::time::Duration;

use arrayvec::ArrayVec;

use crate::agents::clock::Instant;
use crate::game::{Game, Kaissa};
use crate::kaissa::{Move, Position, MAX_MOVES};

use super::{Agent, EvalWeights, StopFlag};

mod ordering;
mod search;
mod see;
mod tt;

use ordering::{CounterMoves, History};
use tt::Table;

/// The deepest ply the search reaches, quiescence included.
pub(super) const MAX_PLY: usize = 96;

/// The most moves a principal variation of
/// [`AlphaBeta::search_with_progress`] holds.
pub const MAX_LINE: usize = 32;

/// The limits and knobs of an [`AlphaBeta`] search. Build it with
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

impl AlphaBetaConfig {
    /// Iterative deepening to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> AlphaBetaConfig {
        AlphaBetaConfig {
            depth,
            nodes: None,
            time: None,
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
/// principal-variation search inside aspiration windows, a Zobrist
/// transposition table ([`Position::hash`]; buckets of four entries, the
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
        self.counters = CounterMoves::new();
    }
}
