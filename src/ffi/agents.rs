//! The agents through the C ABI (features `capi` and `agents`): a
//! `kc_agent` handle made for one game with a kind, limits and a seed (or a
//! spec string), which chooses a move for a position handle.
//!
//! Threads: a `kc_agent` is used by one thread at a time, but it may move
//! between threads (make it on the GUI's thread, let a worker thread think
//! with it, read the move back). While `kc_agent_*_choose` runs, the
//! position it was given must not change (it is only read); distinct
//! agents may think at the same time on distinct threads, also about one
//! shared position that nobody changes meanwhile.

use core::ffi::c_char;
use std::time::Duration;

use super::chaturaji::{kc_chaturaji_move, kc_chaturaji_position};
use super::handle::handle_ref;
use super::kaissa::{
    kc_kaissa_move, kc_kaissa_position, KC_KAISSA_MOVE_NORMAL, KC_KAISSA_MOVE_PLACE,
};
use super::kc_status::{self, *};
use super::{fail, out_ptr, read_str, run, write_out, write_text, Failure, KC_NO_SQUARE};
use crate::agents::{Agent, AgentSpec, AlphaBetaConfig, MctsConfig};
use crate::chaturaji::Roll;
use crate::game::{Chaturaji, ChaturajiStep, Game, Kaissa};
use crate::kaissa::Move;

/// `kc_agent_new` `game`: Merchant Kaissa.
pub const KC_AGENT_GAME_KAISSA: u8 = 0;
/// `kc_agent_new` `game`: Chaturaji (any rules option).
pub const KC_AGENT_GAME_CHATURAJI: u8 = 1;

/// `kc_agent_new` `kind`: a uniformly random legal move.
pub const KC_AGENT_RANDOM: u8 = 0;
/// `kc_agent_new` `kind`: the best immediate capture (Kaissa: a Home Stone
/// above all; Chaturaji: by the Ludii scores), at random among equals.
pub const KC_AGENT_GREEDY: u8 = 1;
/// `kc_agent_new` `kind`: Monte Carlo tree search (both games): `limits`
/// `iterations` and/or `time_ms`.
pub const KC_AGENT_MCTS: u8 = 2;
/// `kc_agent_new` `kind`: alpha-beta search (Kaissa only): `limits`
/// `depth`, `nodes` and/or `time_ms`.
pub const KC_AGENT_ALPHABETA: u8 = 3;

/// The budget of an agent's move; a field of 0 sets no limit. Random and
/// greedy agents take none (all 0). MCTS takes `iterations` and/or
/// `time_ms` (at least one); alpha-beta takes `depth` (1..95), `nodes`
/// and/or `time_ms` (at least one). With `time_ms` 0 the agent's moves
/// are the same for the same seed and the same calls.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct kc_agent_limits {
    /// MCTS iterations per move.
    pub iterations: u64,
    /// Alpha-beta nodes per move.
    pub nodes: u64,
    /// Alpha-beta depth in plies (quiescence follows), 1..95.
    pub depth: u32,
    /// Wall-clock milliseconds per move.
    pub time_ms: u32,
}

/// A computer player for one game, opaque to C. Created by `kc_agent_new`
/// or `kc_agent_new_from_spec`; the caller owns it and must release it with
/// `kc_agent_free` exactly once. It keeps what it learnt between moves (a
/// search tree, a transposition table) until `kc_agent_reset`. One thread
/// at a time; it may be handed to another thread between calls.
///
/// The `kc_agent_*` functions exist in a library built with the `agents`
/// feature besides `capi` (as `scripts/install-c` builds it).
pub struct kc_agent {
    player: Player,
}

/// The agent behind a `kc_agent`, for its game.
enum Player {
    Kaissa(Box<dyn Agent<Kaissa> + Send>),
    Chaturaji(Box<dyn Agent<Chaturaji> + Send>),
}

/// The agent of `spec` for `game`.
fn player(game: u8, spec: &AgentSpec, seed: u64) -> Result<Player, Failure> {
    let invalid = |e: crate::agents::SpecError| fail(KC_ERR_INVALID_ARGUMENT, e.to_string());
    match game {
        KC_AGENT_GAME_KAISSA => Ok(Player::Kaissa(spec.kaissa_agent(seed).map_err(invalid)?)),
        KC_AGENT_GAME_CHATURAJI => Ok(Player::Chaturaji(
            spec.chaturaji_agent(seed).map_err(invalid)?,
        )),
        _ => Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("game {game} is not 0 (KC_AGENT_GAME_KAISSA) or 1 (KC_AGENT_GAME_CHATURAJI)"),
        )),
    }
}

/// The spec of `kind` with `limits`, or why they do not fit.
fn spec_of(kind: u8, limits: &kc_agent_limits) -> Result<AgentSpec, Failure> {
    let invalid = |message: &str| fail(KC_ERR_INVALID_ARGUMENT, message.to_string());
    let time = (limits.time_ms > 0).then(|| Duration::from_millis(u64::from(limits.time_ms)));
    match kind {
        KC_AGENT_RANDOM | KC_AGENT_GREEDY => {
            if *limits != kc_agent_limits::default() {
                return Err(invalid("random and greedy agents take no limits (all 0)"));
            }
            Ok(if kind == KC_AGENT_RANDOM {
                AgentSpec::Random
            } else {
                AgentSpec::Greedy
            })
        }
        KC_AGENT_MCTS => {
            if limits.depth != 0 || limits.nodes != 0 {
                return Err(invalid(
                    "MCTS takes iterations and time_ms, not depth or nodes",
                ));
            }
            let mut config = match (limits.iterations, time) {
                (0, None) => return Err(invalid("MCTS needs iterations or time_ms")),
                (0, Some(time)) => MctsConfig::time(time),
                (n, _) => MctsConfig::iterations(n),
            };
            config.time = time;
            Ok(AgentSpec::Mcts(config))
        }
        KC_AGENT_ALPHABETA => {
            if limits.iterations != 0 {
                return Err(invalid(
                    "alpha-beta takes depth, nodes and time_ms, not iterations",
                ));
            }
            if limits.depth > 95 {
                return Err(invalid("alpha-beta depth is at most 95"));
            }
            let mut config = match (limits.depth, limits.nodes, time) {
                (0, 0, None) => return Err(invalid("alpha-beta needs depth, nodes or time_ms")),
                (0, 0, Some(time)) => AlphaBetaConfig::time(time),
                (0, nodes, _) => AlphaBetaConfig::nodes(nodes),
                (depth, _, _) => AlphaBetaConfig::depth(depth),
            };
            config.nodes = (limits.nodes > 0).then_some(limits.nodes);
            config.time = time;
            Ok(AgentSpec::AlphaBeta(config))
        }
        _ => Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("agent kind {kind} is not 0 (random), 1 (greedy), 2 (MCTS) or 3 (alpha-beta)"),
        )),
    }
}

/// Hands a new agent to the caller through `out`.
///
/// # Safety
/// `out` is NULL or valid for writing a pointer.
unsafe fn give(player: Player, out: *mut *mut kc_agent) -> Result<(), Failure> {
    let out = out_ptr(out, "out")?;
    let raw = Box::into_raw(Box::new(kc_agent { player }));
    // SAFETY: checked by `out_ptr`; writable per the caller.
    unsafe { write_out(out, raw) };
    Ok(())
}

/// The agent behind a pointer from C.
///
/// # Safety
/// `agent` is NULL or a live agent, used by nobody else during the call.
unsafe fn agent_mut<'a>(agent: *mut kc_agent) -> Result<&'a mut Player, Failure> {
    let agent = out_ptr(agent, "agent")?;
    // SAFETY: non-null and aligned; live and unshared per the caller.
    Ok(unsafe { &mut (*agent.as_ptr()).player })
}

/// The agent behind a const pointer from C.
///
/// # Safety
/// `agent` is NULL or a live agent that nobody changes during the call.
unsafe fn agent_ref<'a>(agent: *const kc_agent) -> Result<&'a Player, Failure> {
    let agent = out_ptr(agent as *mut kc_agent, "agent")?;
    // SAFETY: non-null and aligned; live per the caller.
    Ok(unsafe { &(*agent.as_ptr()).player })
}

/// Makes an agent for `game` (`KC_AGENT_GAME_KAISSA` or
/// `KC_AGENT_GAME_CHATURAJI`) of `kind` (`KC_AGENT_RANDOM`,
/// `KC_AGENT_GREEDY`, `KC_AGENT_MCTS`, or `KC_AGENT_ALPHABETA` for Kaissa)
/// with `limits` (see `kc_agent_limits`; NULL for none, as random and
/// greedy take) and `seed`, and writes it to `*out`. An unknown game or
/// kind, limits that do not fit the kind, or alpha-beta for Chaturaji give
/// `KC_ERR_INVALID_ARGUMENT` (the last error message says why).
///
/// # Safety
/// `limits` is NULL or points to a readable `kc_agent_limits`; `out` points
/// to a writable `kc_agent *`.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_new(
    game: u8,
    kind: u8,
    limits: *const kc_agent_limits,
    seed: u64,
    out: *mut *mut kc_agent,
) -> kc_status {
    run("kc_agent_new", || {
        let limits = if limits.is_null() {
            kc_agent_limits::default()
        } else {
            // SAFETY: checked below for alignment; readable per the caller.
            unsafe {
                out_ptr(limits as *mut kc_agent_limits, "limits")?
                    .as_ptr()
                    .read()
            }
        };
        let spec = spec_of(kind, &limits)?;
        // SAFETY: forwarded from the caller.
        unsafe { give(player(game, &spec, seed)?, out) }
    })
}

/// Makes an agent for `game` from a spec string, as the tournament
/// example takes them: `random`, `greedy`, `mcts:<iterations>`,
/// `mcts:<ms>ms`, `alphabeta:<depth>`, `alphabeta:<ms>ms` (Kaissa), and
/// writes it to `*out`. A malformed spec gives `KC_ERR_PARSE`, an unknown
/// game or alpha-beta for Chaturaji `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `spec` points to a NUL-terminated string; `out` points to a writable
/// `kc_agent *`.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_new_from_spec(
    game: u8,
    spec: *const c_char,
    seed: u64,
    out: *mut *mut kc_agent,
) -> kc_status {
    run("kc_agent_new_from_spec", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(spec, "spec")? };
        let spec: AgentSpec = text
            .parse()
            .map_err(|e: crate::agents::SpecError| fail(KC_ERR_PARSE, e.to_string()))?;
        // SAFETY: forwarded from the caller.
        unsafe { give(player(game, &spec, seed)?, out) }
    })
}

/// Releases an agent; NULL is a no-op.
///
/// # Safety
/// `agent` is NULL or an agent from `kc_agent_new` not freed yet.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_free(agent: *mut kc_agent) {
    if !agent.is_null() {
        // SAFETY: a pointer from Box::into_raw, freed once, per the caller.
        let _ = super::boundary::catch(|| drop(unsafe { Box::from_raw(agent) }));
    }
}

/// Forgets what the agent kept between moves (its search tree or
/// transposition table), as before a new game.
///
/// # Safety
/// `agent` is a live agent used by nobody else during the call.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_reset(agent: *mut kc_agent) -> kc_status {
    run("kc_agent_reset", || {
        // SAFETY: forwarded from the caller.
        match unsafe { agent_mut(agent)? } {
            Player::Kaissa(agent) => agent.reset(),
            Player::Chaturaji(agent) => agent.reset(),
        }
        Ok(())
    })
}

/// Writes the agent's spec (`random`, `mcts:500`, `alphabeta:3`, …) into
/// `buf` (the text buffer convention).
///
/// # Safety
/// `agent` is a live agent; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_name(
    agent: *const kc_agent,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_agent_name", || {
        // SAFETY: forwarded from the caller.
        let name = match unsafe { agent_ref(agent)? } {
            Player::Kaissa(agent) => agent.name(),
            Player::Chaturaji(agent) => agent.name(),
        };
        // SAFETY: forwarded from the caller.
        unsafe { write_text(name, buf, cap, out_len) }
    })
}

/// The agent of the wrong game.
fn wrong_game(wanted: &str) -> Failure {
    fail(
        KC_ERR_INVALID_ARGUMENT,
        format!("this agent was made for the other game, not {wanted}"),
    )
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
        let Player::Kaissa(agent) = (unsafe { agent_mut(agent)? }) else {
            return Err(wrong_game("Merchant Kaissa"));
        };
        // SAFETY: forwarded from the caller.
        let position = unsafe { handle_ref::<kc_kaissa_position>(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let game = Kaissa::new(position.clone());
        let mv = agent
            .choose(&game)
            .ok_or_else(|| fail(KC_ERR_GAME_OVER, "the game is over: no move to choose"))?;
        let mv = match mv {
            Move::Normal { from, to } => kc_kaissa_move {
                kind: KC_KAISSA_MOVE_NORMAL,
                from: from.index(),
                to: to.index(),
            },
            Move::Place { to } => kc_kaissa_move {
                kind: KC_KAISSA_MOVE_PLACE,
                from: KC_NO_SQUARE,
                to: to.index(),
            },
        };
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
        let Player::Chaturaji(agent) = (unsafe { agent_mut(agent)? }) else {
            return Err(wrong_game("Chaturaji"));
        };
        // SAFETY: forwarded from the caller.
        let position = unsafe { handle_ref::<kc_chaturaji_position>(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        if position.is_over() {
            return Err(fail(
                KC_ERR_GAME_OVER,
                "the game is over: no move to choose",
            ));
        }
        let mut game = Chaturaji::new(position.clone());
        if position.pending_promotion().is_none() {
            let roll = Roll::new(roll).ok_or_else(|| {
                fail(
                    KC_ERR_INVALID_ARGUMENT,
                    format!("roll {roll} is not a face of the die (2..5)"),
                )
            })?;
            game.apply_unchecked(ChaturajiStep::Roll(roll));
        }
        let step = agent
            .choose(&game)
            .ok_or_else(|| fail(KC_ERR_GAME_OVER, "the game is over: no move to choose"))?;
        let ChaturajiStep::Move(mv) = step else {
            return Err(fail(KC_ERR_PANIC, "the agent chose a roll"));
        };
        // SAFETY: checked by `out_ptr`; writable per the caller.
        unsafe { write_out(out, kc_chaturaji_move::from_rust(mv)) };
        Ok(())
    })
}
