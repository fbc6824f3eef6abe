//! The agents behind `go`: each kind searched within a move's budget and
//! stoppable, with what its `info` line reports.

use kaissa_chaturaji::agents::{self, Agent, AgentSpec, Limit, StopFlag};
use kaissa_chaturaji::game::{Chaturaji, Game, Kaissa};

use super::limits::Budget;
use super::settings::Settings;

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

/// The library's agent of `settings` for the engine's `Agent` option,
/// with its tables sized by `Hash`.
fn spec_of(settings: &Settings) -> AgentSpec {
    let kind = settings
        .agent()
        .name()
        .parse::<AgentSpec>()
        .expect("every engine agent kind is a spec")
        .kind();
    AgentSpec::new(kind, Limit::default()).with_memory(settings.hash_mb << 20)
}

/// Chaturaji's agent of `settings`.
pub fn chaturaji(settings: &Settings) -> Box<dyn Think<Chaturaji>> {
    let agent = spec_of(settings)
        .chaturaji_agent(settings.seed)
        .unwrap_or_else(|_| Box::new(agents::GreedyAgent::new(settings.seed)));
    Box::new(LibraryAgent(agent))
}

/// Kaissa's agent of `settings`.
pub fn kaissa(settings: &Settings) -> Box<dyn Think<Kaissa>> {
    let agent = spec_of(settings)
        .kaissa_agent(settings.seed)
        .unwrap_or_else(|_| Box::new(agents::GreedyAgent::new(settings.seed)));
    Box::new(LibraryAgent(agent))
}

/// A library agent thinking within a `go`'s budget.
struct LibraryAgent<G: Game>(Box<dyn Agent<G> + Send>);

impl<G: Game> Think<G> for LibraryAgent<G> {
    fn think(
        &mut self,
        game: &G,
        budget: &Budget,
        stop: &StopFlag,
        progress: Progress<'_, G::Action>,
    ) -> Thought<G::Action> {
        let mut limit = Limit::default().with_stop(stop.clone());
        limit.depth = budget.depth;
        limit.nodes = budget.nodes;
        limit.time = budget.time;
        limit.infinite = budget.infinite;
        let convert = |t: &agents::Thought<G::Action>| Thought {
            best: t.best,
            depth: t.depth,
            score: t.score,
            nodes: t.nodes,
            pv: t.pv.to_vec(),
        };
        let last = self.0.think(game, &limit, &mut |t| progress(&convert(t)));
        convert(&last)
    }

    fn reset(&mut self) {
        self.0.reset();
    }
}
