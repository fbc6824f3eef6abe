//! An agent of one game playing an [`AnyGame`] of that game: the front
//! ends that hold either game (the C ABI, an engine protocol, Python) hold
//! a `Box<dyn Agent<AnyGame>>`, made by
//! [`AgentSpec::any_agent`](super::AgentSpec::any_agent).
//!
//! It dispatches once per move: the search inside runs over the game's own
//! type, monomorphic, as it does without the wrapper.

use crate::game::{AnyAction, AnyGame, Chaturaji, Game, Kaissa};

use super::{Agent, Limit, LimitError, Thought};

/// A game an [`AnyGame`] may hold.
pub(super) trait InAnyGame: Game + Sized {
    /// The game inside `game`, if it is of this kind.
    fn inside(game: &AnyGame) -> Option<&Self>;
    /// An action of this game as an [`AnyAction`].
    fn any_action(action: Self::Action) -> AnyAction;
}

impl InAnyGame for Kaissa {
    fn inside(game: &AnyGame) -> Option<&Kaissa> {
        game.as_kaissa()
    }
    fn any_action(action: Self::Action) -> AnyAction {
        AnyAction::Kaissa(action)
    }
}

impl InAnyGame for Chaturaji {
    fn inside(game: &AnyGame) -> Option<&Chaturaji> {
        game.as_chaturaji()
    }
    fn any_action(action: Self::Action) -> AnyAction {
        AnyAction::Chaturaji(action)
    }
}

/// An agent of `G` that plays the `G` games inside [`AnyGame`]s; it
/// chooses nothing (`None`) in a game of the other kind.
pub(super) struct OnAnyGame<G: Game> {
    /// The agent of the game itself.
    pub(super) agent: Box<dyn Agent<G> + Send>,
}

impl<G: InAnyGame> Agent<AnyGame> for OnAnyGame<G> {
    fn think(
        &mut self,
        game: &AnyGame,
        limit: &Limit,
        progress: &mut dyn FnMut(&Thought<AnyAction>),
    ) -> Thought<AnyAction> {
        match G::inside(game) {
            Some(game) => self
                .agent
                .think(game, limit, &mut |thought| {
                    progress(&thought.map(G::any_action));
                })
                .map(G::any_action),
            None => Thought::default(),
        }
    }

    fn check(&self, limit: &Limit) -> Result<(), LimitError> {
        self.agent.check(limit)
    }

    fn name(&self) -> &str {
        self.agent.name()
    }

    fn reset(&mut self) {
        self.agent.reset();
    }
}
