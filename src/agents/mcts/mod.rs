//! Monte Carlo tree search: UCT with explicit chance nodes, one value per
//! player, the tree in an arena kept between moves.

use crate::agents::clock::Instant;
use crate::game::{Actor, Game, Returns};
use crate::random::{RandomSource, SplitMix64};

use super::thought::win_rate_score;
use super::{Agent, AgentGame, Limit, LimitError, StopFlag, Thought, DEFAULT_MOVE_TIME, MAX_LINE};

mod tree;

use tree::{copy_subtree, sort_by_prior, Kind, Node, MINIMAX_PLAYERS, WINS};

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
    /// The most nodes the tree holds (at least 4,096; default 1,048,576,
    /// about 32 MB). The arena and its spare (for keeping a subtree) are
    /// reserved at this size on the first move, so the search never
    /// allocates afterwards; when the tree is full, leaves are no longer
    /// expanded (the search goes on with rollouts).
    pub max_nodes: usize,
    /// The probability that a rollout move is the best capture (when
    /// there is one) rather than a uniform one
    /// ([`AgentGame::greedy_rollout`]); 0 for uniform rollouts through
    /// the game's fast playout loop. Default 0.5: under the Ludii
    /// ruleset `mcts:1000` with it scored 0.45 ± 0.05 against three
    /// without (par 0.25), and 0.33 ± 0.06 at equal time (20 ms a move).
    /// Kaissa's rollouts stay uniform.
    pub greed: f64,
    /// Whether to keep, between moves, the subtree of the position the
    /// next call starts from (found by its hash). Default true.
    pub reuse: bool,
    /// The weight `w` of implicit minimax backups (in `0..=1`; 0 for
    /// none): every child is valued by [`AgentGame::heuristic`] when its
    /// parent is expanded, these values are backed up the tree (max^n at
    /// player nodes, the expectation at chance nodes), and a child is
    /// selected by `(1 - w) * mean + w * minimax` plus the exploration
    /// term. Only for games of at most four players. Default 0.
    pub minimax: f64,
    /// Whether a leaf that is not rolled out from is valued by
    /// [`AgentGame::leaf_value`] (under the Chaturaji Ludii ruleset: the
    /// heuristic with the captures on offer foreseen) rather than
    /// [`AgentGame::heuristic`]. Default false: under the Ludii ruleset
    /// `mcts:1000` with it scored 0.33 ± 0.01 against three without (par
    /// 0.25) and `mcts:4000` 0.37 ± 0.01, but with it on every seat
    /// `mcts:4000` gained nothing over three `mcts:1000` (0.25 ± 0.01).
    pub threats: bool,
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
            minimax: 0.0,
            threats: false,
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

    /// The same with this implicit minimax weight
    /// ([`MctsConfig::minimax`]).
    #[must_use]
    pub fn with_minimax(mut self, weight: f64) -> MctsConfig {
        self.minimax = weight;
        self
    }

    /// The same with leaves valued with the captures on offer foreseen, or
    /// not ([`MctsConfig::threats`]).
    #[must_use]
    pub fn with_threats(mut self, threats: bool) -> MctsConfig {
        self.threats = threats;
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
    /// A searcher with this budget, seeded with `seed`. Nothing is
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
        let node = core::mem::size_of::<Node<G::Action>>() as u64;
        usize::try_from(bytes / (2 * node)).unwrap_or(usize::MAX)
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
        if self.minimax_on(game) {
            root.minimax = minimax_values(&game.heuristic());
        }
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
                self.leaf_value(&scratch)
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
        if self.minimax_on(game) {
            for step in (0..self.path.len()).rev() {
                let at = self.path[step] as usize;
                if let Some(values) = self.backed_up(at) {
                    self.nodes[at].minimax = values;
                }
            }
        }
    }

    /// The value of a leaf not rolled out from: [`AgentGame::leaf_value`]
    /// or [`AgentGame::heuristic`] ([`MctsConfig::threats`]).
    fn leaf_value(&self, game: &G) -> Returns {
        if self.config.threats {
            game.leaf_value()
        } else {
            game.heuristic()
        }
    }

    /// Whether implicit minimax backups are on for `game`.
    fn minimax_on(&self, game: &G) -> bool {
        self.config.minimax > 0.0 && game.players() <= MINIMAX_PLAYERS
    }

    /// The implicit minimax values of the expanded `nodes[at]` from its
    /// children's: the child best for the player to move, or the
    /// expectation over the chance outcomes (`None` for a leaf).
    fn backed_up(&self, at: usize) -> Option<[f32; MINIMAX_PLAYERS]> {
        let node = &self.nodes[at];
        let children = &self.nodes[node.children()];
        if children.is_empty() {
            return None;
        }
        match node.kind {
            Kind::Player(player) => {
                let player = usize::from(player).min(MINIMAX_PLAYERS - 1);
                children
                    .iter()
                    .map(|child| child.minimax)
                    .max_by(|a, b| a[player].total_cmp(&b[player]))
            }
            Kind::Chance => {
                let mut values = [0.0; MINIMAX_PLAYERS];
                for child in children {
                    for (value, child_value) in values.iter_mut().zip(child.minimax) {
                        *value += child.prior * child_value;
                    }
                }
                Some(values)
            }
            Kind::Over | Kind::Unknown => None,
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
                let minimax = self.minimax_on(game);
                for &action in actions {
                    let mut child = Node::leaf(Some(action));
                    child.prior = game.capture_value(action) as f32;
                    if minimax {
                        let mut after = game.clone();
                        after.apply_unchecked(action);
                        child.minimax = minimax_values(&after.heuristic());
                    }
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
                // An outcome keeps its probability as its prior, for the
                // minimax expectation; the die changes no heuristic value.
                let minimax = self.nodes[at].minimax;
                for &(action, probability) in &outcomes {
                    let mut child = Node::leaf(Some(action));
                    child.prior = probability as f32;
                    child.minimax = minimax;
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
        let (weight, player) = match node.kind {
            Kind::Player(player) if self.minimax_on(game) => (
                self.config.minimax.min(1.0),
                usize::from(player).min(MINIMAX_PLAYERS - 1),
            ),
            _ => (0.0, 0),
        };
        let mut best = range.start;
        let mut best_score = f64::NEG_INFINITY;
        for index in range {
            let child = &self.nodes[index];
            if child.visits == 0 {
                return index;
            }
            let mut value = child.mean();
            if weight > 0.0 {
                let minimax = (f64::from(child.minimax[player]) + 1.0) * 0.5;
                value = (1.0 - weight) * value + weight * minimax;
            }
            let score = value + c * (log_visits / f64::from(child.visits)).sqrt();
            if score > best_score {
                best_score = score;
                best = index;
            }
        }
        best
    }
}

/// The first [`MINIMAX_PLAYERS`] of `returns`, as a node holds them.
fn minimax_values(returns: &Returns) -> [f32; MINIMAX_PLAYERS] {
    let mut values = [0.0; MINIMAX_PLAYERS];
    for (value, &r) in values.iter_mut().zip(returns.iter()) {
        *value = r as f32;
    }
    values
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
    fn implicit_minimax_values_are_backed_up() {
        // Red to move may take Yellow's Ubar on f1 with its Builder: the
        // root's minimax value for Red is that of its best child, better
        // than the position's own heuristic.
        let pos: Position = "h4b4/10/10/10/10/10/10/10/10/H4U4 r 20 -".parse().unwrap();
        let game = Kaissa::new(pos);
        let config = MctsConfig::default().with_minimax(0.5);
        let mut mcts: Mcts<Kaissa> = Mcts::new(config, 1);
        mcts.reserve();
        mcts.prepare_root(&game);
        for _ in 0..300 {
            mcts.iterate(&game);
        }
        let root = mcts.nodes[0];
        let red = 1;
        assert!(root.minimax[red] > game.heuristic()[red] as f32);
        let best = mcts.nodes[root.children()]
            .iter()
            .map(|child| child.minimax[red])
            .fold(f32::NEG_INFINITY, f32::max);
        assert_eq!(root.minimax[red], best);
        // Every expanded node holds the value of its best child.
        for at in 0..mcts.nodes.len() {
            if let Some(values) = mcts.backed_up(at) {
                assert_eq!(mcts.nodes[at].minimax, values, "node {at}");
            }
        }
    }

    #[test]
    fn a_chance_node_backs_up_the_expectation() {
        use crate::chaturaji::Rules;
        use crate::game::Chaturaji;
        let mut game = crate::game::chaturaji(Rules::ludii());
        let config = MctsConfig::default().with_minimax(0.5);
        let mut mcts: Mcts<Chaturaji> = Mcts::new(config, 3);
        game.apply(game.chance_outcomes()[2].0).unwrap();
        mcts.reserve();
        mcts.prepare_root(&game);
        for _ in 0..400 {
            mcts.iterate(&game);
        }
        let mut chance_nodes = 0;
        for at in 0..mcts.nodes.len() {
            let node = mcts.nodes[at];
            if node.kind != Kind::Chance || node.count == 0 {
                continue;
            }
            chance_nodes += 1;
            let outcomes = &mcts.nodes[node.children()];
            assert_eq!(outcomes.len(), 4);
            for player in 0..4 {
                let mean: f32 = outcomes.iter().map(|o| o.minimax[player]).sum::<f32>() / 4.0;
                assert!((node.minimax[player] - mean).abs() < 1e-6);
            }
        }
        assert!(chance_nodes > 0);
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
    fn leaves_valued_with_threats_search_the_same_for_a_seed() {
        use crate::chaturaji::Rules;
        use crate::game::Chaturaji;
        let mut game = crate::game::chaturaji(Rules::ludii());
        game.apply(game.chance_outcomes()[1].0).unwrap();
        let config = MctsConfig::default().with_threats(true);
        let run = || {
            let mut mcts: Mcts<Chaturaji> = Mcts::new(config, 7);
            let report = mcts.think(&game, &Limit::nodes(300), &mut |_| {});
            let visits: Vec<u32> = mcts.nodes[mcts.nodes[0].children()]
                .iter()
                .map(|child| child.visits)
                .collect();
            (report.best, visits)
        };
        let (best, visits) = run();
        assert_eq!(run(), (best, visits.clone()));
        assert!(best.is_some());
        assert_eq!(visits.iter().sum::<u32>(), 300);
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
