//! An agent choosing a move, or thinking within a limit and reporting what
//! it found, for a position handle of its game: the position becomes an
//! [`AnyGame`] ready to choose ([`AnyGame::ready_to_choose`]: Chaturaji's
//! roll applied), and the agent thinks about it on the calling thread.

use super::super::chaturaji::{kc_chaturaji_move, kc_chaturaji_position};
use super::super::handle::{handle_mut, handle_ref};
use super::super::kaissa::{kc_kaissa_move, kc_kaissa_position};
use super::super::kc_status::{self, *};
use super::super::{fail, out_ptr, run, write_out, Failure};
use super::limits::{self, kc_agent_limits};
use super::{kc_agent, AgentOf};
use crate::agents::{Limit, Thought};
use crate::chaturaji::Roll;
use crate::game::{AnyAction, AnyGame, Chaturaji, ChaturajiStep, Kaissa, ReadyError};

/// What an agent found about a move (`kc_agent_kaissa_think`,
/// `kc_agent_chaturaji_think`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct kc_agent_thought {
    /// The move's score in centipawns for the player to move. Alpha-beta:
    /// a won game `n` plies ahead scores 30000 - n (`KC_AGENT_MATE` - n), a
    /// lost one the negative; MCTS and expectimax: the win rate `p` as
    /// `400 log10(p / (1 - p))`; random and greedy: 0.
    pub score: i32,
    /// The deepest iteration completed, in plies (0 for a move chosen
    /// without a search).
    pub depth: u32,
    /// Nodes searched (MCTS: iterations run).
    pub nodes: u64,
    /// Microseconds spent thinking.
    pub time_us: u64,
}

/// The score of a won alpha-beta game (`kc_agent_thought` `score`): a win
/// `n` plies ahead scores `KC_AGENT_MATE - n`.
pub const KC_AGENT_MATE: i32 = 30_000;
const _: () = assert!(KC_AGENT_MATE == crate::agents::MATE);

impl kc_agent_thought {
    fn from_rust(thought: &Thought<AnyAction>) -> kc_agent_thought {
        kc_agent_thought {
            score: thought.score,
            depth: thought.depth,
            nodes: thought.nodes,
            time_us: u64::try_from(thought.elapsed.as_micros()).unwrap_or(u64::MAX),
        }
    }
}

/// The failure of a choice in a finished game.
fn game_over() -> Failure {
    fail(KC_ERR_GAME_OVER, "the game is over: no move to choose")
}

/// Thinks about `ready` (a game at a player node) within `limit`, which
/// the agent must honour, and returns its thought; an agent of the other
/// game is refused.
fn think(
    agent: &mut AgentOf,
    ready: &AnyGame,
    limit: &Limit,
) -> Result<Thought<AnyAction>, Failure> {
    let same_game = matches!(
        (&agent.game, ready),
        (AnyGame::Kaissa(_), AnyGame::Kaissa(_)) | (AnyGame::Chaturaji(_), AnyGame::Chaturaji(_))
    );
    if !same_game {
        let wanted = match ready {
            AnyGame::Kaissa(_) => "Merchant Kaissa",
            AnyGame::Chaturaji(_) => "Chaturaji",
        };
        return Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("this agent was made for the other game, not {wanted}"),
        ));
    }
    agent
        .agent
        .check(limit)
        .map_err(|e| fail(KC_ERR_INVALID_ARGUMENT, format!("limits: {e}")))?;
    let thought = agent.agent.think(ready, limit, &mut |_| {});
    if thought.best.is_none() {
        // At a player node an agent of the game always chooses.
        return Err(fail(KC_ERR_PANIC, "the agent chose no move"));
    }
    Ok(thought)
}

/// The Kaissa position `pos` ready to choose.
fn kaissa_ready(pos: &crate::kaissa::Position) -> Result<AnyGame, Failure> {
    AnyGame::from(Kaissa::new(pos.clone()))
        .ready_to_choose(None)
        .map_err(|_| game_over())
}

/// The Chaturaji position `pos` after `roll` (none while a promotion
/// decision is pending: `roll` is then ignored), ready to choose.
fn chaturaji_ready(pos: &crate::chaturaji::Position, roll: u8) -> Result<AnyGame, Failure> {
    let face = match pos.pending_promotion() {
        Some(_) => None,
        None => Roll::new(roll),
    };
    AnyGame::from(Chaturaji::new(pos.clone()))
        .ready_to_choose(face)
        .map_err(|e| match e {
            ReadyError::Over => game_over(),
            ReadyError::RollNeeded => fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("roll {roll} is not a face of the die (2..5)"),
            ),
            other => fail(KC_ERR_INVALID_ARGUMENT, other.to_string()),
        })
}

/// The Kaissa move of a thought.
fn kaissa_move(thought: &Thought<AnyAction>) -> Result<kc_kaissa_move, Failure> {
    match thought.best {
        Some(AnyAction::Kaissa(mv)) => Ok(kc_kaissa_move::from_rust(mv)),
        _ => Err(fail(KC_ERR_PANIC, "the agent chose no Kaissa move")),
    }
}

/// The Chaturaji move of a thought.
fn chaturaji_move(thought: &Thought<AnyAction>) -> Result<kc_chaturaji_move, Failure> {
    match thought.best {
        Some(AnyAction::Chaturaji(ChaturajiStep::Move(mv))) => Ok(kc_chaturaji_move::from_rust(mv)),
        _ => Err(fail(KC_ERR_PANIC, "the agent chose no Chaturaji move")),
    }
}

/// Chooses a move for the side to move in `pos` and writes it to `*out`
/// (`pos` is not changed: play the move with `kc_kaissa_play`). The agent
/// thinks within its limits, on the calling thread. A finished game gives
/// `KC_ERR_GAME_OVER`, an agent made for Chaturaji
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `agent` is a live agent used by nobody else during the call; `pos` is a
/// live Kaissa position that nobody changes during the call; `out` points
/// to a writable `kc_kaissa_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_kaissa_choose(
    agent: *mut kc_agent,
    pos: *const kc_kaissa_position,
    out: *mut kc_kaissa_move,
) -> kc_status {
    run("kc_agent_kaissa_choose", || {
        // SAFETY: forwarded from the caller.
        let agent = unsafe { handle_mut(agent, "agent")? };
        // SAFETY: forwarded from the caller.
        let position = unsafe { handle_ref::<kc_kaissa_position>(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let ready = kaissa_ready(position)?;
        let mv = kaissa_move(&think(agent, &ready, &Limit::default())?)?;
        // SAFETY: checked by `out_ptr`; writable per the caller.
        unsafe { write_out(out, mv) };
        Ok(())
    })
}

/// Chooses a move for the seat to move in `pos` after the die showed
/// `roll` (2..5), and writes it to `*out` (`pos` is not changed: play it
/// with `kc_chaturaji_play` and the same roll). While a Ludii promotion
/// decision is pending the decision is chosen without a roll and `roll` is
/// ignored (pass 0). The agent thinks within its limits, on the calling
/// thread. A finished game gives `KC_ERR_GAME_OVER`; a roll other than
/// 2..5 (when one is needed) or an agent made for Kaissa
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `agent` is a live agent used by nobody else during the call; `pos` is a
/// live Chaturaji position that nobody changes during the call; `out`
/// points to a writable `kc_chaturaji_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_chaturaji_choose(
    agent: *mut kc_agent,
    pos: *const kc_chaturaji_position,
    roll: u8,
    out: *mut kc_chaturaji_move,
) -> kc_status {
    run("kc_agent_chaturaji_choose", || {
        // SAFETY: forwarded from the caller.
        let agent = unsafe { handle_mut(agent, "agent")? };
        // SAFETY: forwarded from the caller.
        let position = unsafe { handle_ref::<kc_chaturaji_position>(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let ready = chaturaji_ready(position, roll)?;
        let mv = chaturaji_move(&think(agent, &ready, &Limit::default())?)?;
        // SAFETY: checked by `out_ptr`; writable per the caller.
        unsafe { write_out(out, mv) };
        Ok(())
    })
}

/// Thinks about the side to move's move in `pos` within `limits` (see
/// `kc_agent_limits`: NULL or all 0 for the agent's own budget), on the
/// calling thread, and writes the move to `*out_move` and what the agent
/// found (score, depth, nodes, time) to `*out` (`pos` is not changed).
/// Fields out of range, or a bound the agent cannot honour (a depth for
/// MCTS, a Kaissa expectimax deeper than 3), give
/// `KC_ERR_INVALID_ARGUMENT`; a finished game `KC_ERR_GAME_OVER`; an
/// agent made for Chaturaji `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `agent` is a live agent used by nobody else during the call; `pos` is a
/// live Kaissa position that nobody changes during the call; `limits` is
/// NULL or points to a readable `kc_agent_limits`; `out_move` points to a
/// writable `kc_kaissa_move` and `out` to a writable `kc_agent_thought`.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_kaissa_think(
    agent: *mut kc_agent,
    pos: *const kc_kaissa_position,
    limits: *const kc_agent_limits,
    out_move: *mut kc_kaissa_move,
    out: *mut kc_agent_thought,
) -> kc_status {
    run("kc_agent_kaissa_think", || {
        // SAFETY: forwarded from the caller.
        let agent = unsafe { handle_mut(agent, "agent")? };
        // SAFETY: forwarded from the caller.
        let position = unsafe { handle_ref::<kc_kaissa_position>(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        let limit = limits::limit_of(&unsafe { limits::read(limits)? })?;
        let out_move = out_ptr(out_move, "out_move")?;
        let out = out_ptr(out, "out")?;
        let ready = kaissa_ready(position)?;
        let thought = think(agent, &ready, &limit)?;
        let mv = kaissa_move(&thought)?;
        // SAFETY: checked by `out_ptr`; writable per the caller.
        unsafe {
            write_out(out_move, mv);
            write_out(out, kc_agent_thought::from_rust(&thought));
        }
        Ok(())
    })
}

/// Thinks about the move of the seat to move in `pos` after the die
/// showed `roll` (2..5; ignored while a Ludii promotion decision is
/// pending: pass 0) within `limits` (see `kc_agent_limits`: NULL or all 0
/// for the agent's own budget), on the calling thread, and writes the move
/// to `*out_move` and what the agent found (score, depth, nodes, time) to
/// `*out` (`pos` is not changed). Fields out of range, or a bound the
/// agent cannot honour (a depth for MCTS, an expectimax deeper than 8),
/// give `KC_ERR_INVALID_ARGUMENT`; so do a roll other than 2..5 (when one
/// is needed) and an agent made for Kaissa; a finished game gives
/// `KC_ERR_GAME_OVER`.
///
/// # Safety
/// `agent` is a live agent used by nobody else during the call; `pos` is a
/// live Chaturaji position that nobody changes during the call; `limits`
/// is NULL or points to a readable `kc_agent_limits`; `out_move` points to
/// a writable `kc_chaturaji_move` and `out` to a writable
/// `kc_agent_thought`.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_chaturaji_think(
    agent: *mut kc_agent,
    pos: *const kc_chaturaji_position,
    roll: u8,
    limits: *const kc_agent_limits,
    out_move: *mut kc_chaturaji_move,
    out: *mut kc_agent_thought,
) -> kc_status {
    run("kc_agent_chaturaji_think", || {
        // SAFETY: forwarded from the caller.
        let agent = unsafe { handle_mut(agent, "agent")? };
        // SAFETY: forwarded from the caller.
        let position = unsafe { handle_ref::<kc_chaturaji_position>(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        let limit = limits::limit_of(&unsafe { limits::read(limits)? })?;
        let out_move = out_ptr(out_move, "out_move")?;
        let out = out_ptr(out, "out")?;
        let ready = chaturaji_ready(position, roll)?;
        let thought = think(agent, &ready, &limit)?;
        let mv = chaturaji_move(&thought)?;
        // SAFETY: checked by `out_ptr`; writable per the caller.
        unsafe {
            write_out(out_move, mv);
            write_out(out, kc_agent_thought::from_rust(&thought));
        }
        Ok(())
    })
}
