//! The agents behind `go`: each kind searched within a move's budget and
//! stoppable, with what its `info` line reports.

use std::time::{Duration, Instant};

use kaissa_chaturaji::agents::{
    Agent, AgentGame, AlphaBeta, AlphaBetaConfig, Expectimax, GreedyAgent, Mcts, MctsConfig,
    RandomAgent, StopFlag,
};
use kaissa_chaturaji::game::{Game, Kaissa};

use super::limits::Budget;
use super::settings::{AgentKind, Settings};

/// The deepest expectimax search (it does not prune).
const MAX_EXPECTIMAX_DEPTH: u32 = 8;
/// Expectimax's depth when only a node count limits it (it counts none).
const EXPECTIMAX_NODES_DEPTH: u32 = 3;
/// The deepest alpha-beta search.
const MAX_ALPHABETA_DEPTH: u32 = 95;
/// The most MCTS iterations a move runs.
const MAX_ITERATIONS: u64 = 1_000_000_000;
/// How long an infinite MCTS search runs at most, waiting for `stop`.
const INFINITE: Duration = Duration::from_secs(3600);

/// What a search found, for the `info` and `bestmove` lines.
pub struct Thought<A> {
    /// The move chosen (`None` only if the game offered none).
    pub best: Option<A>,
    /// The depth completed (1 for the agents without one).
    pub depth: u32,
    /// The score in centipawns for the side to move (MCTS: its win
    /// chance `p` as `400 log10(p / (1 - p))`, the Elo scale).
    pub score: i32,
    /// Nodes searched (MCTS: iterations).
    pub nodes: u64,
    /// The principal variation, `best` first (alpha-beta's line from its
    /// table; the other agents give `best` alone).
    pub pv: Vec<A>,
}

impl<A: Copy> Thought<A> {
    /// A thought of an agent that reports no line: `best` alone.
    fn single(best: Option<A>, depth: u32, score: i32, nodes: u64) -> Thought<A> {
        Thought {
            best,
            depth,
            score,
            nodes,
            pv: best.into_iter().collect(),
        }
    }
}

/// Hears of each depth a search completes before it ends.
pub type Progress<'a, A> = &'a mut dyn FnMut(&Thought<A>);

/// An agent the engine runs: it searches `game` (at a player node)
/// within `budget` and stops early when `stop` is raised, telling
/// `progress` of each depth it completes (alpha-beta and expectimax).
pub trait Think<G: Game>: Send {
    /// The move for `game`.
    fn think(
        &mut self,
        game: &G,
        budget: &Budget,
        stop: &StopFlag,
        progress: Progress<'_, G::Action>,
    ) -> Thought<G::Action>;
    /// Forgets what earlier moves left (a new game).
    fn reset(&mut self);
}

/// The agent of `settings` among those written for every game.
pub fn generic<G>(settings: &Settings) -> Box<dyn Think<G>>
where
    G: AgentGame + Send + 'static,
    G::Action: Send,
{
    match settings.agent() {
        AgentKind::Mcts => Box::new(MctsThinker::<G> {
            searcher: None,
            seed: settings.seed,
            // 32 bytes a node, twice (the arena and its spare): 2^14 a MB.
            max_nodes: (settings.hash_mb as usize) << 14,
        }),
        AgentKind::Expectimax => Box::new(ExpectimaxThinker {
            seed: settings.seed,
        }),
        AgentKind::Random => Box::new(AgentThinker(Box::new(RandomAgent::new(settings.seed)))),
        // Alpha-beta is Kaissa's and checked by the options; greedy
        // serves if it ever slips through.
        AgentKind::Greedy | AgentKind::AlphaBeta => {
            Box::new(AgentThinker(Box::new(GreedyAgent::new(settings.seed))))
        }
    }
}

/// Kaissa's agent of `settings`.
pub fn kaissa(settings: &Settings) -> Box<dyn Think<Kaissa>> {
    match settings.agent() {
        AgentKind::AlphaBeta => Box::new(AlphaBetaThinker {
            searcher: None,
            // 16-byte entries: 2^16 a MB.
            table_bits: 16 + settings.hash_mb.max(1).ilog2(),
        }),
        _ => generic(settings),
    }
}

/// Alpha-beta, kept between moves while the limits stay the same (its
/// transposition table carries over).
struct AlphaBetaThinker {
    searcher: Option<AlphaBeta>,
    table_bits: u32,
}

impl Think<Kaissa> for AlphaBetaThinker {
    fn think(
        &mut self,
        game: &Kaissa,
        budget: &Budget,
        stop: &StopFlag,
        progress: Progress<'_, <Kaissa as Game>::Action>,
    ) -> Thought<<Kaissa as Game>::Action> {
        let depth = budget
            .depth
            .unwrap_or(MAX_ALPHABETA_DEPTH)
            .clamp(1, MAX_ALPHABETA_DEPTH);
        let mut config = AlphaBetaConfig::depth(depth).with_table_bits(self.table_bits);
        if let Some(nodes) = budget.nodes {
            config = config.with_nodes(nodes.max(1));
        }
        if let Some(time) = budget.time {
            config = config.with_time(time);
        }
        if self.searcher.as_ref().is_none_or(|s| *s.config() != config) {
            self.searcher = Some(AlphaBeta::new(config));
        }
        let searcher = self.searcher.get_or_insert_with(|| AlphaBeta::new(config));
        searcher.set_stop(stop.clone());
        let mut last_line = Vec::new();
        let report = searcher.search_with_progress(game.position(), &mut |report, line| {
            let thought = Thought {
                best: report.best,
                depth: report.depth,
                score: report.score,
                nodes: report.nodes,
                pv: line.to_vec(),
            };
            progress(&thought);
            last_line = thought.pv;
        });
        // A search cut short keeps the last full line if it still starts
        // with the move chosen.
        if report.best != last_line.first().copied() {
            last_line = report.best.into_iter().collect();
        }
        Thought {
            best: report.best,
            depth: report.depth,
            score: report.score,
            nodes: report.nodes,
            pv: last_line,
        }
    }

    fn reset(&mut self) {
        if let Some(searcher) = &mut self.searcher {
            Agent::<Kaissa>::reset(searcher);
        }
    }
}

/// MCTS, kept between moves while the budget stays the same (its tree
/// carries over).
struct MctsThinker<G: Game> {
    searcher: Option<Mcts<G>>,
    seed: u64,
    max_nodes: usize,
}

impl<G> Think<G> for MctsThinker<G>
where
    G: AgentGame + Send,
    G::Action: Send,
{
    fn think(
        &mut self,
        game: &G,
        budget: &Budget,
        stop: &StopFlag,
        _: Progress<'_, G::Action>,
    ) -> Thought<G::Action> {
        // MCTS has no depth: a depth alone leaves it the default time.
        let default_time = Duration::from_millis(super::limits::DEFAULT_MOVE_TIME);
        let mut config = match (budget.infinite, budget.time, budget.nodes) {
            (true, _, _) => MctsConfig::time(INFINITE),
            (_, Some(time), _) => MctsConfig::time(time),
            (_, None, Some(nodes)) => MctsConfig::iterations(nodes),
            (_, None, None) => MctsConfig::time(default_time),
        };
        if let Some(nodes) = budget.nodes {
            config.iterations = nodes.clamp(1, MAX_ITERATIONS);
        }
        config = config.with_max_nodes(self.max_nodes.max(1 << 12));
        if self.searcher.as_ref().is_none_or(|s| *s.config() != config) {
            self.searcher = Some(Mcts::new(config, self.seed));
        }
        let searcher = self
            .searcher
            .get_or_insert_with(|| Mcts::new(config, self.seed));
        searcher.set_stop(stop.clone());
        let report = searcher.search(game);
        let p = report.value.clamp(1e-6, 1.0 - 1e-6);
        let score = (400.0 * (p / (1.0 - p)).log10()).round() as i32;
        Thought::single(report.best, 1, score, report.iterations)
    }

    fn reset(&mut self) {
        if let Some(searcher) = &mut self.searcher {
            Agent::<G>::reset(searcher);
        }
    }
}

/// Expectimax: to the depth asked, or deepening one ply at a time while
/// the time lasts (a depth cut short by the clock or `stop` is dropped,
/// unless it is the first).
struct ExpectimaxThinker {
    seed: u64,
}

impl<G> Think<G> for ExpectimaxThinker
where
    G: AgentGame + Send,
    G::Action: Send,
{
    fn think(
        &mut self,
        game: &G,
        budget: &Budget,
        stop: &StopFlag,
        progress: Progress<'_, G::Action>,
    ) -> Thought<G::Action> {
        let (first, last) = match (budget.depth, budget.time) {
            (Some(depth), _) => {
                let depth = depth.clamp(1, MAX_EXPECTIMAX_DEPTH);
                (depth, depth)
            }
            (None, None) if !budget.infinite => (EXPECTIMAX_NODES_DEPTH, EXPECTIMAX_NODES_DEPTH),
            _ => (1, MAX_EXPECTIMAX_DEPTH),
        };
        let finished = StopFlag::new();
        if let Some(time) = budget.time {
            raise_at(stop.clone(), finished.clone(), Instant::now() + time);
        }
        let mut thought = Thought::single(None, 0, 0, 0);
        for depth in first..=last {
            let mut searcher = Expectimax::new(depth, self.seed);
            searcher.set_stop(stop.clone());
            let choice = searcher.choose(game);
            if stop.is_raised() && thought.best.is_some() {
                break;
            }
            thought = Thought::single(choice, depth, 0, 0);
            if stop.is_raised() {
                break;
            }
            if depth < last {
                progress(&thought);
            }
        }
        finished.raise();
        thought
    }

    fn reset(&mut self) {}
}

/// Raises `stop` at `deadline`, unless `finished` is raised first.
fn raise_at(stop: StopFlag, finished: StopFlag, deadline: Instant) {
    std::thread::spawn(move || loop {
        if finished.is_raised() {
            return;
        }
        let now = Instant::now();
        if now >= deadline {
            stop.raise();
            return;
        }
        std::thread::sleep((deadline - now).min(Duration::from_millis(5)));
    });
}

/// An agent that chooses at once (random, greedy).
struct AgentThinker<G: Game>(Box<dyn Agent<G> + Send>);

impl<G: Game> Think<G> for AgentThinker<G> {
    fn think(
        &mut self,
        game: &G,
        _: &Budget,
        _: &StopFlag,
        _: Progress<'_, G::Action>,
    ) -> Thought<G::Action> {
        Thought::single(self.0.choose(game), 1, 0, 1)
    }

    fn reset(&mut self) {
        self.0.reset();
    }
}
