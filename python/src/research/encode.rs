//! The two games behind one encoding: action ids ([`super::actions`]) and
//! observations ([`super::observation`]), for the research state and the
//! batched environment alike.

use kaissa_chaturaji::game::{Actor, Chaturaji, ChaturajiStep, Game, Kaissa};

use super::legal::{IdList, KaissaIds, Legal};
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

    /// How the batched environment keeps the legal action ids of a game.
    type Legal: Legal;

    /// Who acts now, with `legal` refilled with the legal action ids at a
    /// player node: the batched environment's one look at the game per
    /// node.
    fn actor_and_legal(&self, legal: &mut Self::Legal) -> Actor;

    /// Writes the observation into `out`, `OBSERVATION` long: every byte
    /// of it, whatever it held.
    fn fill_observation(&self, out: &mut [u8]) {
        out.fill(0);
        self.write_observation(out);
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

    fn fill_observation(&self, out: &mut [u8]) {
        observation::fill_kaissa(self, out);
    }

    fn action_ids(actions: &[Self::Action], ids: &mut Vec<u16>) {
        actions::kaissa_ids(actions, ids);
    }

    type Legal = KaissaIds;

    /// Kaissa answers from its moves alone (a game is over exactly when
    /// its side to move has none, `docs/rules.md` §1.7), and keeps them as
    /// a set of ids written a piece at a time, without a move list.
    fn actor_and_legal(&self, legal: &mut KaissaIds) -> Actor {
        legal.refill(self.position());
        if legal.is_empty() {
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
    type Legal = IdList;

    fn actor_and_legal(&self, legal: &mut IdList) -> Actor {
        let actor = self.actor();
        if let Actor::Player(_) = actor {
            let mut actions = Self::Actions::default();
            self.generate_actions(&mut actions);
            Self::action_ids(actions.as_ref(), &mut legal.0);
        }
        actor
    }
}
