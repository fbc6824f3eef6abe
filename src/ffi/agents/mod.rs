//! The agents through the C ABI (features `capi` and `agents`): a
//! `kc_agent` handle made for one game with a kind, limits and a seed (or a
//! spec string), which chooses a move for a position handle, or thinks
//! within a limit and reports what it found. `kc_agent_limits` becomes an
//! [`agents::Limit`](crate::agents::Limit) at the boundary, range-checked
//! with the spec parser's bounds (`limits.rs`); choosing and thinking are
//! in `think.rs`. The handle holds the game it was made for and the agent
//! as an `Agent<AnyGame>` ([`AgentSpec::any_agent`]).
//!
//! Threads: a `kc_agent` is used by one thread at a time, but it may move
//! between threads (make it on the GUI's thread, let a worker thread think
//! with it, read the move back). While `kc_agent_*_choose` or
//! `kc_agent_*_think` runs, the position it was given must not change (it
//! is only read); distinct agents may think at the same time on distinct
//! threads, also about one shared position that nobody changes meanwhile.

use core::ffi::c_char;

use super::handle::{free_handle, give_handle, handle_mut, handle_ref, Handle};
use super::kc_status::{self, *};
use super::{fail, read_str, run, unknown_game, write_text, Failure};
use super::{KC_GAME_CHATURAJI, KC_GAME_KAISSA};
use crate::agents::{Agent, AgentSpec, SpecError};
use crate::chaturaji::Rules;
use crate::game::AnyGame;

mod limits;
mod think;

pub use limits::kc_agent_limits;
pub use think::*;

/// `kc_agent_new` `kind`: a uniformly random legal move (the spec
/// `random`).
pub const KC_AGENT_RANDOM: u8 = 0;
/// `kc_agent_new` `kind`: the best immediate capture (Kaissa: a Home Stone
/// above all; Chaturaji: by the Ludii scores), at random among equals (the
/// spec `greedy`).
pub const KC_AGENT_GREEDY: u8 = 1;
/// `kc_agent_new` `kind`: Monte Carlo tree search (both games): `limits`
/// `iterations` (1..1000000000, the spec `mcts:<iterations>`) or `time_ms`
/// (1..3600000, `mcts:<ms>ms`).
pub const KC_AGENT_MCTS: u8 = 2;
/// `kc_agent_new` `kind`: alpha-beta search (Kaissa only): `limits` `depth`
/// (1..95, the spec `alphabeta:<depth>`), `nodes` (1..1000000000,
/// `alphabeta:<n>nodes`) or `time_ms` (1..3600000, `alphabeta:<ms>ms`).
pub const KC_AGENT_ALPHABETA: u8 = 3;
/// `kc_agent_new` `kind`: expectimax, a full-width search with chance
/// nodes for the die (both games; meant for Chaturaji): `limits` `depth`
/// (1..8, Kaissa 1..3; the spec `expectimax:<depth>`) or `time_ms`
/// (1..3600000, deepening for that time: `expectimax:<ms>ms`).
pub const KC_AGENT_EXPECTIMAX: u8 = 4;

/// A computer player for one game, opaque to C. Created by `kc_agent_new`
/// or `kc_agent_new_from_spec`; the caller owns it and must release it with
/// `kc_agent_free` exactly once. It keeps what it learnt between moves (a
/// search tree, a transposition table) until `kc_agent_reset`. One thread
/// at a time; it may be handed to another thread between calls.
///
/// The `kc_agent_*` functions exist in a library built with the `agents`
/// feature besides `capi` (as `scripts/install-c` builds it).
pub struct kc_agent {
    /// The game the agent was made for, and the agent.
    inner: AgentOf,
}

/// What a `kc_agent` owns: the game it plays (its start: only its kind
/// matters) and the agent, which chooses nothing in a game of the other
/// kind.
pub(crate) struct AgentOf {
    /// A game of the kind the agent plays.
    game: AnyGame,
    /// The agent.
    agent: Box<dyn Agent<AnyGame> + Send>,
}

impl Handle for kc_agent {
    type Inner = AgentOf;
    fn wrap(inner: AgentOf) -> Self {
        kc_agent { inner }
    }
    fn inner(&self) -> &AgentOf {
        &self.inner
    }
    fn inner_mut(&mut self) -> &mut AgentOf {
        &mut self.inner
    }
}

/// The agent of `spec` for `game` (`KC_GAME_KAISSA` or
/// `KC_GAME_CHATURAJI`).
fn agent_for(game: u8, spec: &AgentSpec, seed: u64) -> Result<AgentOf, Failure> {
    let game = match game {
        KC_GAME_KAISSA => AnyGame::kaissa(),
        KC_GAME_CHATURAJI => AnyGame::chaturaji(Rules::default()),
        _ => return Err(unknown_game(game)),
    };
    let agent = spec
        .any_agent(&game, seed)
        .map_err(|e| fail(KC_ERR_INVALID_ARGUMENT, e.to_string()))?;
    // The budget is the agent's own limit: one it could not honour is
    // refused here rather than when it thinks.
    agent
        .check(spec.budget())
        .map_err(|e| fail(KC_ERR_INVALID_ARGUMENT, format!("limits: {e}")))?;
    Ok(AgentOf { game, agent })
}

/// Makes an agent for `game` (`KC_GAME_KAISSA` or `KC_GAME_CHATURAJI`)
/// of `kind` (`KC_AGENT_RANDOM`, `KC_AGENT_GREEDY`, `KC_AGENT_MCTS`,
/// `KC_AGENT_EXPECTIMAX`, or `KC_AGENT_ALPHABETA` for Kaissa) with
/// `limits` (see `kc_agent_limits`; NULL for none, as random and greedy
/// take) and `seed`, and writes it to `*out`: the agent of the spec
/// `kc_agent_name` then writes. An unknown game or kind, limits that are
/// not exactly one budget of the kind in its range, alpha-beta for
/// Chaturaji or expectimax deeper than 3 for Kaissa give
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
        // SAFETY: forwarded from the caller.
        let limits = unsafe { limits::read(limits)? };
        let spec = limits::spec_of(kind, &limits)?;
        // SAFETY: forwarded from the caller.
        unsafe { give_handle::<kc_agent>(agent_for(game, &spec, seed)?, out) }
    })
}

/// Makes an agent for `game` from a spec string, as the tournament
/// example takes them: `random`, `greedy`, `mcts`, `mcts:<iterations>`,
/// `mcts:<ms>ms`, `expectimax`, `expectimax:<depth>` (Kaissa: depth
/// 1..3), `expectimax:<ms>ms`, `alphabeta`, `alphabeta:<depth>`,
/// `alphabeta:<ms>ms`, `alphabeta:<n>nodes` (Kaissa), and writes it to
/// `*out`. A kind without a budget thinks one second a move unless
/// `kc_agent_*_think` gives a limit. A malformed spec gives
/// `KC_ERR_PARSE`; an unknown game, alpha-beta for Chaturaji or
/// expectimax deeper than 3 for Kaissa `KC_ERR_INVALID_ARGUMENT`. The
/// last error message quotes at most a short excerpt of the spec,
/// control characters escaped.
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
            .map_err(|e: SpecError| fail(KC_ERR_PARSE, e.to_string()))?;
        // SAFETY: forwarded from the caller.
        unsafe { give_handle::<kc_agent>(agent_for(game, &spec, seed)?, out) }
    })
}

/// Releases an agent; NULL is a no-op.
///
/// # Safety
/// `agent` is NULL or an agent from `kc_agent_new` not freed yet.
#[no_mangle]
pub unsafe extern "C" fn kc_agent_free(agent: *mut kc_agent) {
    // SAFETY: forwarded from the caller.
    unsafe { free_handle(agent) }
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
        unsafe { handle_mut(agent, "agent")? }.agent.reset();
        Ok(())
    })
}

/// Writes the agent's spec (`random`, `mcts:500`, `alphabeta:3`, …) into
/// `buf` (the text buffer convention): a spec `kc_agent_new_from_spec`
/// reads back into the same agent.
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
        let name = unsafe { handle_ref(agent, "agent")? }.agent.name();
        // SAFETY: forwarded from the caller.
        unsafe { write_text(name, buf, cap, out_len) }
    })
}
