//! The two games behind one encoding: action ids ([`super::actions`]) and
//! observations ([`super::observation`]), for the research state and the
//! batched environment alike.

use kaissa_chaturaji::game::{Actor, Chaturaji, ChaturajiStep, Game, Kaissa};

use super::{actions, observation};

/// A game whose actions have ids and whose positions have observations.
pub trait Encoded: Game<Actions: Send + Sync, Action: Send + Sync> + Clone + Send + Sync {
    /// The game's name: `kaissa` or `chaturaji`.
    const NAME: &'static str;
    /// The length of an observation.
    const OBSERVATION: usize;
    /// The number of player action ids.
    fn num_actions() -> usize;
    /// The id of `action` (a chance outcome's id is its own, from 0).
    fn action_id(action: Self::Action) -> usize;
    /// The action of `id`: a chance outcome when `chance`, otherwise a
    /// player's action.
    fn action_of(id: usize, chance: bool) -> Option<Self::Action>;
    /// Writes the observation into `out`, all zeros and `OBSERVATION`
    /// long.
    fn write_observation(&self, out: &mut [u8]);

    /// Refills `ids` with the ids of `actions` (player actions), in order.
    fn action_ids(actions: &[Self::Action], ids: &mut Vec<u16>);

    /// The position's ply count (plies since the start of the game), what
    /// a ply limit compares.
    fn plies(&self) -> u32;

    /// The position text.
    fn text(&self) -> String;

    /// Who acts now, with `ids` refilled with the ids of the legal
    /// actions (in the order the game lists them) at a player node: the
    /// batched environment's one look at the game per node.
    fn actor_and_ids(&self, ids: &mut Vec<u16>) -> Actor {
        let actor = self.actor();
        if let Actor::Player(_) = actor {
            let mut legal = Self::Actions::default();
            self.generate_actions(&mut legal);
            Self::action_ids(legal.as_ref(), ids);
        }
        actor
    }
}

impl Encoded for Kaissa {
    const NAME: &'static str = "kaissa";
    const OBSERVATION: usize = observation::KAISSA_OBSERVATION;

    fn plies(&self) -> u32 {
        self.position().ply()
    }

    fn text(&self) -> String {
        self.position().to_string()
    }

    fn num_actions() -> usize {
        actions::kaissa_actions()
    }

    fn action_id(action: Self::Action) -> usize {
        actions::kaissa_id(action)
    }

    fn action_of(id: usize, chance: bool) -> Option<Self::Action> {
        if chance {
            None
        } else {
            actions::kaissa_move(id)
        }
    }

    fn write_observation(&self, out: &mut [u8]) {
        observation::write_kaissa(self, out);
    }

    fn action_ids(actions: &[Self::Action], ids: &mut Vec<u16>) {
        actions::kaissa_ids(actions, ids);
    }

    /// Kaissa answers from its moves alone (a game is over exactly when
    /// its side to move has none, `docs/rules.md` §1.7), and maps each
    /// move to its id as it is generated, without a move list.
    fn actor_and_ids(&self, ids: &mut Vec<u16>) -> Actor {
        actions::kaissa_legal_ids(self.position(), ids);
        if ids.is_empty() {
            Actor::Over
        } else {
            Actor::Player(self.position().to_move().index())
        }
    }
}

impl Encoded for Chaturaji {
    const NAME: &'static str = "chaturaji";
    const OBSERVATION: usize = observation::CHATURAJI_OBSERVATION;

    fn plies(&self) -> u32 {
        self.position().ply()
    }

    fn text(&self) -> String {
        self.position().to_string()
    }

    fn num_actions() -> usize {
        actions::chaturaji_actions()
    }

    fn action_id(action: Self::Action) -> usize {
        match action {
            ChaturajiStep::Roll(roll) => actions::roll_id(roll),
            ChaturajiStep::Move(mv) => actions::chaturaji_id(mv),
        }
    }

    fn action_of(id: usize, chance: bool) -> Option<Self::Action> {
        if chance {
            actions::roll_of(id).map(ChaturajiStep::Roll)
        } else {
            actions::chaturaji_move(id).map(ChaturajiStep::Move)
        }
    }

    fn write_observation(&self, out: &mut [u8]) {
        observation::write_chaturaji(self, out);
    }

    fn action_ids(actions: &[Self::Action], ids: &mut Vec<u16>) {
        ids.clear();
        ids.extend(actions.iter().map(|&a| Self::action_id(a) as u16));
    }
}
