//! Perft over the [`Game`] trait, for any game: serial and on threads.

use super::{Actor, Game};
use crate::threads::{map_tasks, resolve};

/// The number of leaves `depth` plies below `game`, as both games define
/// perft: depth 0 counts 1; a player node sums over its legal actions
/// one level down (the last level counted with
/// [`Game::perft_depth_one`]); a chance node sums over its outcomes at
/// the same depth, so the die uses no depth; a finished game counts 0 at
/// depth 1 or more. Plays on a clone of `game`.
///
/// It equals [`kaissa::perft`](crate::kaissa::perft) and
/// [`chaturaji::perft`](crate::chaturaji::perft) under every rules option.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{self, Rules};
/// use kaissa_chaturaji::game;
/// let rules = Rules::ludii();
/// let start = chaturaji::Position::start(rules);
/// assert_eq!(game::perft(&game::chaturaji(rules), 3), chaturaji::perft(&start, 3));
/// ```
#[must_use]
pub fn perft<G: Game + Clone>(game: &G, depth: u32) -> u64 {
    game.clone().perft_in_place(depth)
}

/// [`perft`] on a scratch game: the loop behind [`Game::perft_in_place`].
pub(super) fn perft_in_place<G: Game>(game: &mut G, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return game.perft_depth_one(),
        _ => {}
    }
    match game.actor() {
        Actor::Over => 0,
        Actor::Player(_) => {
            let mut nodes = 0;
            let mut actions = G::Actions::default();
            game.generate_actions(&mut actions);
            for &action in actions.as_ref() {
                let undo = game.apply_unchecked(action);
                nodes += perft_in_place(game, depth - 1);
                game.undo_unchecked(undo);
            }
            nodes
        }
        Actor::Chance => {
            let mut nodes = 0;
            for (outcome, _) in game.chance_outcomes() {
                let undo = game.apply_unchecked(outcome);
                nodes += perft_in_place(game, depth);
                game.undo_unchecked(undo);
            }
            nodes
        }
    }
}

/// One entry of [`perft_divide`]: the chance outcome drawn at the root (if
/// the root is a chance node), the player's action after it, and the
/// leaves below.
pub type DivideEntry<A> = (Option<A>, A, u64);

/// The root's moves with the leaves below each, `depth` plies down: at a
/// player node one entry per legal action; at a chance node one entry per
/// outcome and legal action after it (in both games an outcome leads to a
/// player node or the end), so a Chaturaji entry is a face and a move.
/// The counts add up to [`perft`]`(game, depth)` for `depth` 1 or more;
/// depth 0 lists nothing. In the order the game lists actions.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{self, Rules};
/// use kaissa_chaturaji::game::{self, ChaturajiStep};
/// let start = chaturaji::Position::start(Rules::default());
/// let divide = game::perft_divide(&game::chaturaji(Rules::default()), 3);
/// let own = chaturaji::perft_divide(&start, 3);
/// assert_eq!(divide.len(), own.len());
/// for ((roll, step, nodes), (own_roll, own_move, own_nodes)) in divide.into_iter().zip(own) {
///     assert_eq!(roll, own_roll.map(ChaturajiStep::Roll));
///     assert_eq!((step, nodes), (ChaturajiStep::Move(own_move), own_nodes));
/// }
/// ```
#[must_use]
pub fn perft_divide<G: Game + Clone>(game: &G, depth: u32) -> Vec<DivideEntry<G::Action>> {
    if depth == 0 {
        return Vec::new();
    }
    root_children(game)
        .into_iter()
        .map(|(outcome, action, mut child)| (outcome, action, child.perft_in_place(depth - 1)))
        .collect()
}

/// [`perft`] on `threads` threads (`0`: every core; see
/// [`threads::resolve`](crate::threads::resolve)): the same count for any
/// number of threads. The tree is cut into subtrees ahead of time, which
/// the threads take one at a time.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::{self, AnyGame};
/// assert_eq!(game::perft_threaded(&game::kaissa(), 3, 2), 70_656);
/// let sheet = AnyGame::chaturaji(Rules::default());
/// assert_eq!(game::perft_threaded(&sheet, 5, 0), 111_900);
/// ```
#[must_use]
pub fn perft_threaded<G: Game + Clone + Send + Sync>(game: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 2 || resolve(threads) == 1 {
        return perft(game, depth);
    }
    let roots = root_children(game);
    divide_counts(roots.len(), roots, depth, threads)
        .iter()
        .sum()
}

/// [`perft_divide`] on `threads` threads: the same list in the same order
/// for any number of threads.
///
/// ```
/// use kaissa_chaturaji::game;
/// let start = game::kaissa();
/// assert_eq!(game::perft_divide_threaded(&start, 3, 2), game::perft_divide(&start, 3));
/// ```
#[must_use]
pub fn perft_divide_threaded<G: Game + Clone + Send + Sync>(
    game: &G,
    depth: u32,
    threads: usize,
) -> Vec<DivideEntry<G::Action>> {
    if depth <= 2 || resolve(threads) == 1 {
        return perft_divide(game, depth);
    }
    let roots = root_children(game);
    let entries: Vec<_> = roots
        .iter()
        .map(|(outcome, action, _)| (*outcome, *action))
        .collect();
    let counts = divide_counts(entries.len(), roots, depth, threads);
    entries
        .into_iter()
        .zip(counts)
        .map(|((outcome, action), nodes)| (outcome, action, nodes))
        .collect()
}

/// The games after each entry of [`perft_divide`], with the entry.
fn root_children<G: Game + Clone>(game: &G) -> Vec<(Option<G::Action>, G::Action, G)> {
    let after = |game: &G, outcome: Option<G::Action>| {
        game.legal_actions()
            .into_iter()
            .map(|action| {
                let mut child = game.clone();
                child.apply_unchecked(action);
                (outcome, action, child)
            })
            .collect::<Vec<_>>()
    };
    match game.actor() {
        Actor::Over => Vec::new(),
        Actor::Player(_) => after(game, None),
        Actor::Chance => game
            .chance_outcomes()
            .into_iter()
            .flat_map(|(outcome, _)| {
                let mut rolled = game.clone();
                rolled.apply_unchecked(outcome);
                after(&rolled, Some(outcome))
            })
            .collect(),
    }
}

/// Subtrees per thread the tree is cut into (where it allows), so that
/// uneven subtrees even out.
const TASKS_PER_THREAD: usize = 8;

/// Subtrees are not cut below this many plies left.
const MIN_TASK_DEPTH: u32 = 2;

/// A subtree: the root entry it belongs to, its game and the depth left.
struct Task<G> {
    root: usize,
    game: G,
    depth: u32,
}

/// The leaves below each of `roots` (games one ply below the root, with
/// `depth - 1` plies left), on `threads` threads: the subtrees are cut
/// one level deeper while there are too few of them for the threads.
fn divide_counts<G: Game + Clone + Send + Sync, E>(
    count: usize,
    roots: Vec<(E, G::Action, G)>,
    depth: u32,
    threads: usize,
) -> Vec<u64> {
    let threads = resolve(threads);
    let wanted = threads * TASKS_PER_THREAD;
    let mut tasks: Vec<Task<G>> = roots
        .into_iter()
        .enumerate()
        .map(|(root, (_, _, game))| Task {
            root,
            game,
            depth: depth - 1,
        })
        .collect();
    while !tasks.is_empty()
        && tasks.len() < wanted
        && tasks.iter().all(|task| task.depth > MIN_TASK_DEPTH)
    {
        tasks = tasks.into_iter().flat_map(cut).collect();
    }
    let counts = map_tasks(tasks.len(), threads, |i| {
        perft(&tasks[i].game, tasks[i].depth)
    });
    let mut by_root = vec![0u64; count];
    for (task, nodes) in tasks.iter().zip(counts) {
        by_root[task.root] += nodes;
    }
    by_root
}

/// A subtree cut one level down: after each action of a player node (one
/// ply less), after each outcome of a chance node (the same depth); a
/// finished game has none (it counts 0).
fn cut<G: Game + Clone>(task: Task<G>) -> Vec<Task<G>> {
    let Task { root, game, depth } = task;
    let (steps, depth): (Vec<G::Action>, u32) = match game.actor() {
        Actor::Over => return Vec::new(),
        Actor::Player(_) => (game.legal_actions().into_iter().collect(), depth - 1),
        Actor::Chance => (
            game.chance_outcomes().into_iter().map(|(o, _)| o).collect(),
            depth,
        ),
    };
    steps
        .into_iter()
        .map(|step| {
            let mut child = game.clone();
            child.apply_unchecked(step);
            Task {
                root,
                game: child,
                depth,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaturaji::Rules;
    use crate::game::{self, AnyGame};

    /// The generic loop, which steps through each roll, counts what
    /// Chaturaji's own loop counts: at chance nodes, after a roll, at
    /// Ludii decisions and at the end, under every ruleset.
    #[test]
    fn chaturajis_own_loop_counts_what_the_generic_loop_counts() {
        use crate::chaturaji::Alliances;
        use crate::game::Actor;
        use crate::random::{RandomSource, SplitMix64};
        let opposite = Rules::default().with_alliances(Alliances::Opposite);
        let mut rng = SplitMix64::new(5);
        let (mut after_roll, mut decisions, mut over) = (0, 0, 0);
        for rules in [Rules::default(), opposite, Rules::ludii()] {
            for _ in 0..4 {
                let mut game = game::chaturaji(rules);
                for step in 0.. {
                    let deepest = if step % 8 == 0 { 3 } else { 2 };
                    for depth in 0..=deepest {
                        let generic = perft_in_place(&mut game.clone(), depth);
                        assert_eq!(perft(&game, depth), generic, "{game:?} depth {depth}");
                    }
                    after_roll += usize::from(game.pending_roll().is_some());
                    decisions += usize::from(game.position().pending_promotion().is_some());
                    let step = match game.actor() {
                        Actor::Over => break,
                        Actor::Chance => {
                            let outcomes = game.chance_outcomes();
                            outcomes[rng.below(outcomes.len() as u64) as usize].0
                        }
                        Actor::Player(_) => {
                            let actions = game.legal_actions();
                            actions[rng.below(actions.len() as u64) as usize]
                        }
                    };
                    game.apply(step).expect("a listed step is legal");
                }
                over += 1;
            }
        }
        assert!(after_roll > 100 && decisions > 0 && over == 12);
    }

    #[test]
    fn cutting_keeps_the_count() {
        for start in [AnyGame::kaissa(), AnyGame::chaturaji(Rules::ludii())] {
            let first = Task {
                root: 0,
                game: start.clone(),
                depth: 4,
            };
            let tasks: Vec<_> = cut(first).into_iter().flat_map(cut).collect();
            let total: u64 = tasks.iter().map(|t| perft(&t.game, t.depth)).sum();
            assert_eq!(total, perft(&start, 4));
        }
        assert_eq!(
            perft_divide(&game::kaissa(), 2).len(),
            game::kaissa().count_legal_actions()
        );
    }
}
