//! What the generic agents need beyond the rules: [`AgentGame`], and its
//! implementations for both games.

use crate::chaturaji::{self, Colour};
use crate::game::{Actor, Chaturaji, ChaturajiStep, Game, Kaissa, Returns};
use crate::kaissa::{self, Move, Outcome, PieceKind, Side};
use crate::random::{RandomSource, SplitMix64};

use super::chaturaji_eval::{self, friends};
use super::{greedy_rollout, kaissa_eval};

/// A [`Game`] the generic agents ([`GreedyAgent`](super::GreedyAgent),
/// [`Mcts`](super::Mcts)) can play: the rules plus a value for captures,
/// a fast random playout and a heuristic value of unfinished games.
/// Implemented for [`Kaissa`] and [`Chaturaji`]; implement it for another
/// game to use the agents there.
///
/// Values per player are in `-1.0..=1.0`, like [`Game::returns`] (a win
/// 1, a loss -1).
///
/// ```
/// use kaissa_chaturaji::agents::AgentGame;
/// use kaissa_chaturaji::game::{self, Game};
/// use kaissa_chaturaji::random::SplitMix64;
/// let mut game = game::kaissa();
/// let values = game.rollout(&mut SplitMix64::new(1), 40);
/// assert_eq!(values.len(), 2);
/// assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
/// ```
pub trait AgentGame: Game + Clone {
    /// The default ply cap of a rollout for this game
    /// ([`AgentGame::mcts_rollout_plies`]).
    const ROLLOUT_PLIES: u32;

    /// The ply cap of an MCTS rollout from here when the config leaves it
    /// to the game ([`MctsConfig::rollout_plies`]); the default is
    /// [`AgentGame::ROLLOUT_PLIES`].
    ///
    /// [`MctsConfig::rollout_plies`]: super::MctsConfig::rollout_plies
    fn mcts_rollout_plies(&self) -> u32 {
        Self::ROLLOUT_PLIES
    }

    /// The UCB1 exploration constant of MCTS here when the config leaves
    /// it to the game ([`MctsConfig::exploration`]); the default is 0.7.
    ///
    /// [`MctsConfig::exploration`]: super::MctsConfig::exploration
    fn mcts_exploration(&self) -> f64 {
        DEFAULT_EXPLORATION
    }

    /// What `action` (a legal action at a player node) wins for the
    /// player who plays it: the value of the enemy material it captures
    /// less the value of the mover's own (or its allies') material it
    /// loses, and a value above every capture for a move that wins the
    /// game at once. 0 for a quiet move.
    fn capture_value(&self, action: Self::Action) -> f64;

    /// Whether `action` (a legal action at a player node) ends the game at
    /// once in the favour of the player who plays it (a positive return
    /// for it). The default plays it on a copy; a game that can tell
    /// sooner overrides it.
    fn wins_at_once(&self, action: Self::Action) -> bool {
        let Actor::Player(player) = self.actor() else {
            return false;
        };
        let mut after = self.clone();
        after.apply_unchecked(action);
        after.is_over() && after.returns().get(player).is_some_and(|&r| r > 0.0)
    }

    /// Plays the game on from here at random (uniform legal moves, fair
    /// die rolls) until it ends or `max_plies` moves were made, with the
    /// game's fast playout loop; returns [`Game::returns`] at the end, or
    /// [`AgentGame::heuristic`] where the cap stopped it. The game is left
    /// somewhere on the way (it is a scratch copy).
    fn rollout(&mut self, rng: &mut SplitMix64, max_plies: u32) -> Returns;

    /// A rollout like [`AgentGame::rollout`] but biased to captures: each
    /// move is, with probability `greed`, the one that takes the most
    /// (when one takes anything), else a uniform legal one. Chaturaji
    /// plays it so; the default, for games without such a playout, is
    /// the uniform [`AgentGame::rollout`].
    fn greedy_rollout(&mut self, rng: &mut SplitMix64, max_plies: u32, greed: f64) -> Returns {
        let _ = greed;
        self.rollout(rng, max_plies)
    }

    /// A guess, one value per player, of how an unfinished game will end
    /// (the returns when it is over); the value of a capped rollout.
    fn heuristic(&self) -> Returns;
}

/// The UCB1 exploration constant of MCTS unless a game says otherwise.
const DEFAULT_EXPLORATION: f64 = 0.7;

/// MCTS under the Chaturaji Ludii ruleset: no rollouts (each leaf valued
/// by the heuristic) and a small exploration constant, since the
/// heuristic's values are exact and close together.
const LUDII_ROLLOUT_PLIES: u32 = 0;
const LUDII_EXPLORATION: f64 = 0.08;

/// Kaissa's capped rollouts are valued as `tanh(eval / 600)` with the
/// evaluation in centipawns (so a Ubar ahead is worth about 0.9).
const KAISSA_HEURISTIC_SCALE: f64 = 600.0;

/// Returns of a finished or capped Kaissa position.
fn kaissa_values(pos: &kaissa::Position) -> Returns {
    let yellow = match pos.outcome() {
        Outcome::Win { winner, .. } => {
            if winner == Side::Yellow {
                1.0
            } else {
                -1.0
            }
        }
        Outcome::Ongoing => {
            let eval = f64::from(kaissa_eval::evaluate(pos));
            let yellow = if pos.to_move() == Side::Yellow {
                eval
            } else {
                -eval
            };
            (yellow / KAISSA_HEURISTIC_SCALE).tanh()
        }
        _ => 0.0,
    };
    [yellow, -yellow].into_iter().collect()
}

impl AgentGame for Kaissa {
    const ROLLOUT_PLIES: u32 = 16;

    fn capture_value(&self, action: Move) -> f64 {
        let pos = self.position();
        match action {
            Move::Normal { to, .. } => pos
                .piece_at(to)
                .filter(|victim| victim.side != pos.to_move())
                .map_or(0.0, |victim| {
                    f64::from(kaissa_eval::piece_value(victim.kind))
                }),
            Move::Place { .. } => 0.0,
        }
    }

    /// A Kaissa move wins at once when it takes the enemy Home Stone, or
    /// when the enemy, its stone still in hand, must place it next and
    /// finds no square (played on a copy only then).
    fn wins_at_once(&self, action: Move) -> bool {
        let pos = self.position();
        let mover = pos.to_move();
        if let Move::Normal { to, .. } = action {
            if pos
                .piece_at(to)
                .is_some_and(|victim| victim.kind == PieceKind::HomeStone)
            {
                return true;
            }
        }
        if !pos.stone_in_hand(mover.other()) {
            return false;
        }
        let mut after = pos.clone();
        after.play_unchecked(action);
        matches!(after.outcome(), Outcome::Win { winner, .. } if winner == mover)
    }

    fn rollout(&mut self, rng: &mut SplitMix64, max_plies: u32) -> Returns {
        let mut pos = self.position().clone();
        kaissa::play_seeded_game(&mut pos, rng.next_u64(), max_plies, |_, _| {});
        kaissa_values(&pos)
    }

    fn heuristic(&self) -> Returns {
        kaissa_values(self.position())
    }
}

impl AgentGame for Chaturaji {
    /// 50 plies (about twelve rounds).
    const ROLLOUT_PLIES: u32 = 50;

    /// 50 under the sheet's rules, none under the Ludii ruleset (leaves
    /// valued by the heuristic).
    fn mcts_rollout_plies(&self) -> u32 {
        if self.position().rules().is_ludii() {
            LUDII_ROLLOUT_PLIES
        } else {
            Self::ROLLOUT_PLIES
        }
    }

    /// 0.7 under the sheet's rules, 0.08 under the Ludii ruleset.
    fn mcts_exploration(&self) -> f64 {
        if self.position().rules().is_ludii() {
            LUDII_EXPLORATION
        } else {
            DEFAULT_EXPLORATION
        }
    }

    fn capture_value(&self, action: ChaturajiStep) -> f64 {
        let Actor::Player(player) = self.actor() else {
            return 0.0;
        };
        let mover = Colour::from_index(player);
        let before = self.position().clone();
        let mut after = self.clone();
        after.apply_unchecked(action);
        if after.is_over() {
            let returns = after.returns();
            if returns.get(player).is_some_and(|&r| r > 0.0) {
                return 1000.0;
            }
        }
        let mut value = 0.0;
        for colour in Colour::ALL {
            let lost = f64::from(chaturaji_eval::chaturaji_material(&before, colour))
                - f64::from(chaturaji_eval::chaturaji_material(after.position(), colour));
            if friends(&before, mover, colour) {
                value -= lost;
            } else {
                value += lost;
            }
        }
        value
    }

    fn rollout(&mut self, rng: &mut SplitMix64, max_plies: u32) -> Returns {
        let mut pos = self.position().clone();
        let mut budget = max_plies;
        if let Some(roll) = self.pending_roll() {
            if let Some(mv) = pos.choose_move(roll, rng) {
                pos.play_unchecked(mv);
                budget = budget.saturating_sub(1);
            }
        }
        chaturaji::play_seeded_game(&mut pos, rng.next_u64(), budget, |_, _| {});
        if pos.is_over() {
            Chaturaji::new(pos).returns()
        } else {
            chaturaji_eval::heuristic(&pos)
        }
    }

    fn greedy_rollout(&mut self, rng: &mut SplitMix64, max_plies: u32, greed: f64) -> Returns {
        greedy_rollout::chaturaji_rollout(self, rng, max_plies, greed)
    }

    fn heuristic(&self) -> Returns {
        if self.is_over() {
            self.returns()
        } else {
            chaturaji_eval::heuristic(self.position())
        }
    }
}
