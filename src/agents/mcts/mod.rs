//! Monte Carlo tree search: UCT with explicit chance nodes, one value per
//! player, the tree in an arena kept between moves.

use crate::agents::clock::Instant;
use crate::game::{Actor, Game};
use crate::random::{RandomSource, SplitMix64};

use super::thought::win_rate_score;
use super::{Agent, AgentGame, Limit, LimitError, StopFlag, Thought, DEFAULT_MOVE_TIME, MAX_LINE};

mod tree;

use tree::{copy_subtree, sort_by_prior, Kind, Node, WINS};

/// The iterations after which a search first reports its progress (then
/// at each doubling).
const PROGRESS_EVERY: u64 = 1024;

/// The default [`MctsConfig::greed`].
const DEFAULT_GREED: f64 = 0.5;

/// The knobs of an [`Mcts`] searcher (how long it thinks is a
/// [`Limit`]): [`MctsConfig::default`] and the `with_` methods.
///
/// ```
/// use kaissa_chaturaji::agents::MctsConfig;
/// let config = MctsConfig::default().with_rollout_plies(20);
/// assert_eq!(config.rollout_plies, Some(20));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct MctsConfig {
    /// The exploration constant `c` of UCB1 (values are in `0..=1`):
    /// `mean + c * sqrt(ln N / n)`; `None` (the default) for the game's
    /// ([`AgentGame::mcts_exploration`]: 0.7, under the Chaturaji Ludii
    /// ruleset 0.08).
    pub exploration: Option<f64>,
    /// The ply cap of a rollout; `None` (the default) for the game's
    /// ([`AgentGame::mcts_rollout_plies`]: Kaissa 16, Chaturaji 50, under
    /// the Ludii ruleset 0). A capped rollout is valued by
    /// [`AgentGame::heuristic`]; with a cap of 0 every leaf is.
    pub rollout_plies: Option<u32>,
    /// The most nodes the tree holds (at least 4,096; default 1,048,576).
    /// The arena and its spare (for keeping a subtree) are reserved at
    /// this size on the first move, [`Mcts::NODE_BYTES`] a node in all
    /// (80 MB for the default), so the search never allocates afterwards;
    /// when the tree is full, leaves are no longer expanded (the search
    /// goes on with rollouts).
    pub max_nodes: usize,
    /// The probability that a rollout move is the best capture (when
    /// there is one) rather than a uniform one
    /// ([`AgentGame::greedy_rollout`]); 0 for uniform rollouts through
    /// the game's fast playout loop. Default 0.5. Kaissa's rollouts stay
    /// uniform.
    pub greed: f64,
    /// Whether to keep, between moves, the subtree of the position the
    /// next call starts from (found by its hash). Default true.
    pub reuse: bool,
}

impl Default for MctsConfig {
    /// A tree of at most 2^20 nodes and the game's own rollout cap and
    /// exploration constant.
    fn default() -> MctsConfig {
        MctsConfig {
            exploration: None,
            rollout_plies: None,
            max_nodes: 1 << 20,
            greed: DEFAULT_GREED,
            reuse: true,
        }
    }
}

impl MctsConfig {
    /// The same with this exploration constant.
    #[must_use]
    pub fn with_exploration(mut self, exploration: f64) -> MctsConfig {
        self.exploration = Some(exploration);
        self
    }

    /// The same with this rollout ply cap.
    #[must_use]
    pub fn with_rollout_plies(mut self, plies: u32) -> MctsConfig {
        self.rollout_plies = Some(plies);
        self
    }

    /// The same with this node limit (raised to 4,096 if lower).
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: usize) -> MctsConfig {
        self.max_nodes = max_nodes;
        self
    }

    /// The same with this rollout greed ([`MctsConfig::greed`]).
    #[must_use]
    pub fn with_greed(mut self, greed: f64) -> MctsConfig {
        self.greed = greed;
        self
    }

    /// The same with tree reuse on or off.
    #[must_use]
    pub fn with_reuse(mut self, reuse: bool) -> MctsConfig {
        self.reuse = reuse;
        self
    }
}

/// A UCT player for any [`AgentGame`]: Monte Carlo tree search with UCB1
/// selection at player nodes and explicit chance nodes (Chaturaji's die,
/// its faces drawn at their probabilities), one value per player
/// ([`Game::returns`], so four seats and alliances need nothing special),
/// rollouts with the game's fast playout loop capped at a ply count
/// ([`MctsConfig::rollout_plies`]; a capped rollout is valued by
/// [`AgentGame::heuristic`], and with a cap of 0, the default under the
/// Chaturaji Ludii ruleset, every leaf is).
///
/// It takes what the game gives: an action that wins at once
/// ([`AgentGame::wins_at_once`]) is played at the root without a search,
/// and inside the tree a node whose best capture wins goes down to it on
/// every visit. A node's unvisited children are tried best capture first
/// ([`AgentGame::capture_value`]), equal ones in an order drawn from the
/// seed, so a small budget still tries the captures.
///
/// The tree lives in an arena (nodes in a `Vec`, children side by side)
/// reserved once. Between moves the agent keeps the subtree of the
/// position it is asked about next, if the tree holds it (found by
/// [`Game::hash`]): after its own move, the opponents' moves and the die,
/// the search goes on from what it already knows.
///
/// With an iteration budget it is deterministic: the same seed and the
/// same calls give the same choices.
///
/// ```
/// use kaissa_chaturaji::agents::{Agent, Limit, Mcts, MctsConfig};
/// use kaissa_chaturaji::chaturaji::{Roll, Rules};
/// use kaissa_chaturaji::game::{self, ChaturajiStep, Game};
/// let mut game = game::chaturaji(Rules::default());
/// game.apply(ChaturajiStep::Roll(Roll::new(5).unwrap()))?;
/// let mut agent = Mcts::new(MctsConfig::default(), 1);
/// let thought = agent.think(&game, &Limit::nodes(200), &mut |_| {});
/// assert_eq!(thought.nodes, 200);
/// assert!(game.legal_actions().contains(&thought.best.unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Mcts<G: Game> {
    config: MctsConfig,
    rng: SplitMix64,
    nodes: Vec<Node<G::Action>>,
    /// Where a kept subtree is copied to (then the two swap).
    spare: Vec<Node<G::Action>>,
    /// The nodes of the current iteration, root first.
    path: Vec<u32>,
    name: String,
    /// The budget of a move when the caller's [`Limit`] gives none.
    budget: Limit,
    /// The rollout cap and exploration constant of this search: the
    /// config's, or the game's defaults.
    plies: u32,
    exploration: f64,
}

impl<G: AgentGame> Mcts<G> {
    /// The memory a search reserves for each node of
    /// [`MctsConfig::max_nodes`], in bytes: the node in the arena and in
    /// its spare.
    ///
    /// ```
    /// use kaissa_chaturaji::agents::{Mcts, MctsConfig};
    /// use kaissa_chaturaji::game::Kaissa;
    /// // The nodes that fit in 16 MB.
    /// let nodes = (16 << 20) / Mcts::<Kaissa>::NODE_BYTES;
    /// let config = MctsConfig::default().with_max_nodes(nodes);
    /// assert!(config.max_nodes > 100_000);
    /// ```
    pub const NODE_BYTES: usize = 2 * core::mem::size_of::<Node<G::Action>>();

    /// A searcher with this configuration, seeded with `seed`. Nothing is
    /// reserved until the first search.
    #[must_use]
    pub fn new(config: MctsConfig, seed: u64) -> Mcts<G> {
        let mut config = config;
        config.max_nodes = config.max_nodes.max(1 << 12);
        Mcts {
            name: "mcts".to_string(),
            budget: Limit::default(),
            config,
            rng: SplitMix64::new(seed),
            nodes: Vec::new(),
            spare: Vec::new(),
            path: Vec::new(),
            plies: 0,
            exploration: 0.0,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The same searcher with `budget` as the limit of a move the caller
    /// gives no bound for ([`Limit::or`]); its name becomes the spec with
    /// that budget (`mcts:500`, `mcts:50ms`).
    #[must_use]
    pub fn with_budget(mut self, budget: Limit) -> Mcts<G> {
        self.name = super::spec::spec_text("mcts", &budget);
        self.budget = budget;
        self
    }

    /// The nodes a tree of `bytes` holds (with its spare for keeping a
    /// subtree between moves): what [`MctsConfig::max_nodes`] to give for
    /// a memory size.
    #[must_use]
    pub fn nodes_in(bytes: u64) -> usize {
        usize::try_from(bytes / Self::NODE_BYTES as u64).unwrap_or(usize::MAX)
    }

    /// The nodes in the tree now.
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// The visits of the tree's root now: after a search, those of the
    /// position searched.
    #[must_use]
    pub fn root_visits(&self) -> u32 {
        self.nodes.first().map_or(0, |root| root.visits)
    }

    /// Searches `game` within `limit` (resolved against the budget).
    fn run(
        &mut self,
        game: &G,
        limit: &Limit,
        progress: &mut dyn FnMut(&Thought<G::Action>),
    ) -> Thought<G::Action> {
        let start = Instant::now();
        if !matches!(game.actor(), Actor::Player(_)) {
            return Thought::default();
        }
        let actions = game.legal_actions();
        if let [only] = actions.as_ref() {
            return Thought::chosen(Some(*only));
        }
        if let Some(win) = winning_action(game, actions.as_ref()) {
            let mut thought = Thought::chosen(Some(win));
            thought.score = win_rate_score(1.0);
            return thought;
        }
        self.reserve();
        self.prepare_root(game);
        let most = limit.nodes.unwrap_or(u64::MAX).max(1);
        // A limit of nothing MCTS counts (a depth alone) thinks the
        // default time rather than forever.
        let time = match limit.move_time() {
            None if limit.nodes.is_none() && !limit.infinite => Some(DEFAULT_MOVE_TIME),
            time => time,
        };
        let deadline = time.map(|time| start + time);
        let mut iterations = 0;
        let mut next_report = PROGRESS_EVERY;
        while iterations < most {
            // At least one iteration, so that the root is expanded.
            if iterations > 0
                && (deadline.is_some_and(|deadline| Instant::now() >= deadline)
                    || limit.stop.as_ref().is_some_and(StopFlag::is_raised))
            {
                break;
            }
            self.iterate(game);
            iterations += 1;
            if iterations == next_report {
                next_report = next_report.saturating_mul(2);
                let thought = self.thought(actions.as_ref(), iterations, start);
                progress(&thought);
            }
        }
        let thought = self.thought(actions.as_ref(), iterations, start);
        progress(&thought);
        thought
    }

    /// What the tree says after `iterations`: the root's most visited
    /// child, its value as a score, and the most visited line.
    fn thought(
        &self,
        actions: &[G::Action],
        iterations: u64,
        start: Instant,
    ) -> Thought<G::Action> {
        let mut thought = Thought {
            nodes: iterations,
            elapsed: start.elapsed(),
            ..Thought::default()
        };
        let mut at = 0;
        loop {
            let node = self.nodes[at];
            if !matches!(node.kind, Kind::Player(_)) || thought.pv.len() >= MAX_LINE {
                break;
            }
            let Some(child) = node.children().max_by(|&a, &b| {
                let (a, b) = (&self.nodes[a], &self.nodes[b]);
                a.visits.cmp(&b.visits).then(a.mean().total_cmp(&b.mean()))
            }) else {
                break;
            };
            let Some(action) = self.nodes[child].action else {
                break;
            };
            if at == 0 {
                thought.best = Some(action);
                thought.score = win_rate_score(self.nodes[child].mean());
            }
            thought.pv.push(action);
            at = child;
        }
        thought.depth = thought.pv.len() as u32;
        if thought.best.is_none() {
            // Only when the arena could not hold the root's children.
            thought.best = actions.first().copied();
            thought.pv.extend(thought.best);
        }
        thought
    }

    /// Reserves the arena, its spare and the path on the first search.
    fn reserve(&mut self) {
        let max = self.config.max_nodes;
        if self.nodes.capacity() < max {
            self.nodes.reserve_exact(max - self.nodes.len());
        }
        if self.spare.capacity() < max {
            self.spare.reserve_exact(max - self.spare.len());
        }
        if self.path.capacity() < 1024 {
            self.path.reserve(1024);
        }
    }

    /// Makes the root the node of `game`: the most visited node of the
    /// kept tree with its hash (its subtree moved to the front of the
    /// arena), or a fresh one. Returns the root's visits.
    fn prepare_root(&mut self, game: &G) -> u32 {
        self.plies = self
            .config
            .rollout_plies
            .unwrap_or_else(|| game.mcts_rollout_plies());
        self.exploration = self
            .config
            .exploration
            .unwrap_or_else(|| game.mcts_exploration());
        let hash = game.hash();
        let kind = Kind::of(game.actor());
        if self.config.reuse {
            let mut found: Option<usize> = None;
            for (index, node) in self.nodes.iter().enumerate() {
                if node.hash == hash
                    && node.kind == kind
                    && found.is_none_or(|f| node.visits > self.nodes[f].visits)
                {
                    found = Some(index);
                }
            }
            if let Some(index) = found {
                if index != 0 {
                    copy_subtree(&self.nodes, index, &mut self.spare);
                    core::mem::swap(&mut self.nodes, &mut self.spare);
                }
                self.nodes[0].action = None;
                return self.nodes[0].visits;
            }
        }
        self.nodes.clear();
        let mut root = Node::leaf(None);
        root.hash = hash;
        root.kind = kind;
        self.nodes.push(root);
        0
    }

    /// One iteration: down the tree by UCB1 (and the chance outcomes'
    /// probabilities), one expansion, a rollout, and the values back up.
    fn iterate(&mut self, game: &G) {
        let mut scratch = game.clone();
        self.path.clear();
        self.path.push(0);
        let mut at = 0;
        loop {
            let node = self.nodes[at];
            if node.kind == Kind::Over {
                break;
            }
            if node.count == 0 {
                // A leaf entered for the first time is rolled out from;
                // the next visit expands it.
                if (at != 0 && node.visits == 0) || !self.expand(at, &scratch) {
                    break;
                }
            }
            let child = self.select(at, &scratch);
            let Some(action) = self.nodes[child].action else {
                break;
            };
            scratch.apply_unchecked(action);
            let entered = &mut self.nodes[child];
            if entered.kind == Kind::Unknown {
                entered.hash = scratch.hash();
                entered.kind = Kind::of(scratch.actor());
            }
            self.path.push(child as u32);
            at = child;
        }
        let values = if self.nodes[at].kind == Kind::Over {
            scratch.returns()
        } else {
            let plies = self.plies;
            if plies == 0 {
                scratch.heuristic()
            } else if self.config.greed > 0.0 {
                scratch.greedy_rollout(&mut self.rng, plies, self.config.greed)
            } else {
                scratch.rollout(&mut self.rng, plies)
            }
        };
        self.nodes[0].visits += 1;
        for pair in self.path.windows(2) {
            let parent_kind = self.nodes[pair[0] as usize].kind;
            let child = &mut self.nodes[pair[1] as usize];
            child.visits += 1;
            if let Kind::Player(player) = parent_kind {
                let value = values.get(usize::from(player)).copied().unwrap_or(0.0);
                child.sum += ((value + 1.0) * 0.5) as f32;
            }
        }
    }

    /// Gives `nodes[at]` its children (the legal actions, or the chance
    /// outcomes); false when there are none or the arena has no room.
    fn expand(&mut self, at: usize, game: &G) -> bool {
        let first = self.nodes.len();
        let room = self.config.max_nodes - first;
        match self.nodes[at].kind {
            Kind::Player(_) => {
                let actions = game.legal_actions();
                let actions = actions.as_ref();
                if actions.is_empty() || actions.len() > room {
                    return false;
                }
                for &action in actions {
                    let mut child = Node::leaf(Some(action));
                    child.prior = game.capture_value(action) as f32;
                    self.nodes.push(child);
                }
                // Unvisited children are tried in this order: captures by
                // value, equals in a random order.
                let children = &mut self.nodes[first..];
                for index in (1..children.len()).rev() {
                    let other = self.rng.below(index as u64 + 1) as usize;
                    children.swap(index, other);
                }
                sort_by_prior(children);
                // A win at once is worth more than any capture, so if
                // there is one it is first.
                let top = &mut children[0];
                if top.action.is_some_and(|action| game.wins_at_once(action)) {
                    top.prior = WINS;
                }
            }
            Kind::Chance => {
                let outcomes = game.chance_outcomes();
                if outcomes.is_empty() || outcomes.len() > room {
                    return false;
                }
                // An outcome keeps its probability as its prior.
                for &(action, probability) in &outcomes {
                    let mut child = Node::leaf(Some(action));
                    child.prior = probability as f32;
                    self.nodes.push(child);
                }
            }
            Kind::Over | Kind::Unknown => return false,
        }
        let count = (self.nodes.len() - first) as u32;
        let node = &mut self.nodes[at];
        node.first = first as u32;
        node.count = count;
        true
    }

    /// The child of the expanded `nodes[at]` to go down to: a chance
    /// outcome drawn at its probability, or the child with the highest
    /// UCB1 score for the player to move (an unvisited one first).
    fn select(&mut self, at: usize, game: &G) -> usize {
        let node = self.nodes[at];
        let range = node.children();
        if node.kind == Kind::Chance {
            let outcomes = game.chance_outcomes();
            // A uniform draw in [0, 1) from the top 53 bits.
            let mut draw = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let mut pick = range.len() - 1;
            for (index, &(_, probability)) in outcomes.iter().enumerate() {
                if draw < probability {
                    pick = index.min(range.len() - 1);
                    break;
                }
                draw -= probability;
            }
            return range.start + pick;
        }
        if self.nodes[range.start].prior == WINS {
            return range.start;
        }
        let log_visits = f64::from(node.visits.max(1)).ln();
        let c = self.exploration;
        let mut best = range.start;
        let mut best_score = f64::NEG_INFINITY;
        for index in range {
            let child = &self.nodes[index];
            if child.visits == 0 {
                return index;
            }
            let score = child.mean() + c * (log_visits / f64::from(child.visits)).sqrt();
            if score > best_score {
                best_score = score;
                best = index;
            }
        }
        best
    }
}

/// The first of `actions` that wins the game at once, if any.
fn winning_action<G: AgentGame>(game: &G, actions: &[G::Action]) -> Option<G::Action> {
    actions
        .iter()
        .copied()
        .find(|&action| game.wins_at_once(action))
}

/// MCTS honours nodes (iterations), a time, a clock, infinite and a stop
/// flag; it refuses a depth. With an iteration limit and no time it is
/// deterministic for a seed. `progress` hears of the search after 1,024
/// iterations, then at each doubling, and at the end.
impl<G: AgentGame> Agent<G> for Mcts<G> {
    fn think(
        &mut self,
        game: &G,
        limit: &Limit,
        progress: &mut dyn FnMut(&Thought<G::Action>),
    ) -> Thought<G::Action> {
        let limit = limit.or(&self.budget);
        self.run(game, &limit, progress)
    }

    fn check(&self, limit: &Limit) -> Result<(), LimitError> {
        match limit.depth {
            Some(_) => Err(LimitError {
                agent: self.name.clone(),
                reason: "MCTS searches to no fixed depth: give it nodes (iterations) or a time",
            }),
            None => Ok(()),
        }
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn reset(&mut self) {
        self.nodes.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Kaissa;
    use crate::kaissa::Position;

    #[test]
    fn a_win_at_once_is_known_at_expansion() {
        // Yellow's Builder takes the Red Home Stone with i1i10.
        let pos: Position = "8h1/10/10/10/10/10/10/10/10/4H3B1 y 20 -".parse().unwrap();
        let game = Kaissa::new(pos);
        let mut mcts: Mcts<Kaissa> = Mcts::new(MctsConfig::default(), 1);
        mcts.reserve();
        mcts.prepare_root(&game);
        for _ in 0..5 {
            mcts.iterate(&game);
        }
        let first = mcts.nodes[0].children().start;
        let child = mcts.nodes[first];
        assert_eq!(child.action.unwrap().to_string(), "i1i10");
        assert_eq!(child.prior, WINS);
        // Every iteration went down to it.
        assert_eq!(child.visits, 5);
        assert_eq!(child.mean(), 1.0);
    }

    #[test]
    fn the_game_gives_the_defaults_the_config_leaves_open() {
        use crate::chaturaji::Rules;
        use crate::game::Chaturaji;
        let settings = |game: &Chaturaji, config: MctsConfig| {
            let mut mcts: Mcts<Chaturaji> = Mcts::new(config, 1);
            mcts.prepare_root(game);
            (mcts.plies, mcts.exploration)
        };
        let sheet = crate::game::chaturaji(Rules::default());
        let ludii = crate::game::chaturaji(Rules::ludii());
        let config = MctsConfig::default();
        assert_eq!(settings(&sheet, config), (50, 0.7));
        assert_eq!(settings(&ludii, config), (0, 0.08));
        let own = config.with_rollout_plies(12).with_exploration(0.3);
        assert_eq!(settings(&ludii, own), (12, 0.3));
        let mut kaissa: Mcts<Kaissa> = Mcts::new(config, 1);
        kaissa.prepare_root(&Kaissa::new(Position::start()));
        assert_eq!((kaissa.plies, kaissa.exploration), (16, 0.7));
    }

    #[test]
    fn captures_are_tried_first() {
        // Yellow's Builder on a1 may take a Spearman on a5 or an Ubar on
        // f1; both stones are far away.
        let pos: Position = "h9/10/10/10/10/p9/10/10/10/B4u3H y 20 -".parse().unwrap();
        let game = Kaissa::new(pos);
        let mut mcts: Mcts<Kaissa> = Mcts::new(MctsConfig::default(), 1);
        mcts.reserve();
        mcts.prepare_root(&game);
        mcts.iterate(&game);
        let range = mcts.nodes[0].children();
        let order: Vec<String> = mcts.nodes[range]
            .iter()
            .take(2)
            .map(|n| n.action.unwrap().to_string())
            .collect();
        assert_eq!(order, ["a1f1", "a1a5"]);
    }
}
