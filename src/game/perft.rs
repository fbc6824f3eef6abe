//! Perft over the [`Game`] trait, for any game.

use super::{Actor, Game};

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
