//! The agents through the C ABI (features `capi` and `agents`): a
//! `kc_agent` handle made for one game with a kind, limits and a seed (or a
//! spec string), which chooses a move for a position handle. The limits
//! are turned into a spec and read by the spec parser, so that both ways
//! make the same agents under the same bounds; the handle holds the
//! agent as an `Agent<AnyGame>` ([`AgentSpec::any_agent`]).
//!
//! Threads: a `kc_agent` is used by one thread at a time, but it may move
//! between threads (make it on the GUI's thread, let a worker thread think
//! with it, read the move back). While `kc_agent_*_choose` runs, the
//! position it was given must not change (it is only read); distinct
//! agents may think at the same time on distinct threads, also about one
//! shared position that nobody changes meanwhile.

use core::ffi::c_char;

use super::chaturaji::{kc_chaturaji_move, kc_chaturaji_position};
use super::handle::{free_handle, give_handle, handle_mut, handle_ref, Handle};
use super::kaissa::{
    kc_kaissa_move, kc_kaissa_position, KC_KAISSA_MOVE_NORMAL, KC_KAISSA_MOVE_PLACE,
};
use super::kc_status::{self, *};
use super::{fail, out_ptr, read_str, run, unknown_game, write_out, write_text, Failure};
use super::{KC_GAME_CHATURAJI, KC_GAME_KAISSA, KC_NO_SQUARE};
use crate::agents::{Agent, AgentSpec, SpecError};
use crate::chaturaji::{Roll, Rules};
use crate::game::{AnyAction, AnyGame, Chaturaji, ChaturajiStep, Game, Kaissa};
use crate::kaissa::Move;

/// Deprecated: use `KC_GAME_KAISSA` (one game selector for records and
/// agents).
pub const KC_AGENT_GAME_KAISSA: u8 = KC_GAME_KAISSA;
/// Deprecated: use `KC_GAME_CHATURAJI` (one game selector for records and
/// agents).
pub const KC_AGENT_GAME_CHATURAJI: u8 = KC_GAME_CHATURAJI;

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
/// (1..8, Kaissa 1..3; the spec `expectimax:<depth>`).
pub const KC_AGENT_EXPECTIMAX: u8 = 4;

/// The budget of an agent's move: exactly the one field its kind takes is
/// set (random and greedy take none: all 0), the others are 0, and the
/// value is in the range the spec parser accepts (see the `KC_AGENT_*`
/// kinds). Each `kc_agent_limits` is one spec, which `kc_agent_name`
/// writes back. With `time_ms` 0 the agent's moves are the same for the
/// same seed and the same calls.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct kc_agent_limits {
    /// MCTS iterations per move.
    pub iterations: u64,
    /// Alpha-beta nodes per move.
    pub nodes: u64,
    /// Alpha-beta or expectimax depth in plies (alpha-beta: quiescence
    /// follows).
    pub depth: u32,
    /// Wall-clock milliseconds per move (MCTS, alpha-beta).
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
    /// The agent, for games of the kind it was made for (it chooses
    /// nothing in the other).
    agent: Box<dyn Agent<AnyGame> + Send>,
}

impl Handle for kc_agent {
    type Inner = Box<dyn Agent<AnyGame> + Send>;
    fn wrap(agent: Self::Inner) -> Self {
        kc_agent { agent }
    }
    fn inner(&self) -> &Self::Inner {
        &self.agent
    }
    fn inner_mut(&mut self) -> &mut Self::Inner {
        &mut self.agent
    }
}

/// The agent of `spec` for `game` (`KC_GAME_KAISSA` or
/// `KC_GAME_CHATURAJI`).
fn agent_for(
    game: u8,
    spec: &AgentSpec,
    seed: u64,
) -> Result<Box<dyn Agent<AnyGame> + Send>, Failure> {
    let kind = match game {
        KC_GAME_KAISSA => AnyGame::kaissa(),
        KC_GAME_CHATURAJI => AnyGame::chaturaji(Rules::default()),
        _ => return Err(unknown_game(game)),
    };
    spec.any_agent(&kind, seed)
        .map_err(|e| fail(KC_ERR_INVALID_ARGUMENT, e.to_string()))
}

/// The spec text of `kind` with `limits` (its one limit, written as the
/// spec grammar writes it), or why they are not one spec.
fn spec_text(kind: u8, limits: &kc_agent_limits) -> Result<String, Failure> {
    let kc_agent_limits {
        iterations,
        nodes,
        depth,
        time_ms,
    } = *limits;
    let (name, spec, takes): (&str, &str, &[&str]) = match kind {
        KC_AGENT_RANDOM => ("random", "random", &[]),
        KC_AGENT_GREEDY => ("greedy", "greedy", &[]),
        KC_AGENT_MCTS => ("MCTS", "mcts", &["iterations", "time_ms"]),
        KC_AGENT_ALPHABETA => ("alpha-beta", "alphabeta", &["depth", "nodes", "time_ms"]),
        KC_AGENT_EXPECTIMAX => ("expectimax", "expectimax", &["depth"]),
        _ => {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!(
                    "agent kind {kind} is not 0 (random), 1 (greedy), 2 (MCTS), \
                     3 (alpha-beta) or 4 (expectimax)"
                ),
            ))
        }
    };
    let given: Vec<(&str, String)> = [
        ("iterations", iterations, ""),
        ("nodes", nodes, "nodes"),
        ("depth", u64::from(depth), ""),
        ("time_ms", u64::from(time_ms), "ms"),
    ]
    .into_iter()
    .filter(|&(_, value, _)| value != 0)
    .map(|(field, value, unit)| (field, format!("{value}{unit}")))
    .collect();
    let invalid = |message: String| Err(fail(KC_ERR_INVALID_ARGUMENT, message));
    if let Some((field, _)) = given.iter().find(|(field, _)| !takes.contains(field)) {
        return invalid(if takes.is_empty() {
            format!("{name} agents take no limits (all 0), not {field}")
        } else {
            format!("{name} takes {}, not {field}", takes.join(" or "))
        });
    }
    match given.as_slice() {
        [] if takes.is_empty() => Ok(spec.to_string()),
        [(_, budget)] => Ok(format!("{spec}:{budget}")),
        [] => invalid(format!("{name} needs one of {}", takes.join(", "))),
        [..] => invalid(format!(
            "{name} takes one limit ({}), as its spec has one budget; got {}",
            takes.join(", "),
            given
                .iter()
                .map(|(field, _)| *field)
                .collect::<Vec<_>>()
                .join(" and ")
        )),
    }
}

/// The spec of `kind` with `limits`: the spec parser's, bounds included,
/// so that `kc_agent_new` makes exactly the agents a spec names.
fn spec_of(kind: u8, limits: &kc_agent_limits) -> Result<AgentSpec, Failure> {
    let text = spec_text(kind, limits)?;
    text.parse()
        .map_err(|e: SpecError| fail(KC_ERR_INVALID_ARGUMENT, format!("limits: {e}")))
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
        unsafe { give_handle::<kc_agent>(agent_for(game, &spec, seed)?, out) }
    })
}

/// Makes an agent for `game` from a spec string, as the tournament
/// example takes them: `random`, `greedy`, `mcts:<iterations>`,
/// `mcts:<ms>ms`, `expectimax:<depth>` (Kaissa: depth 1..3),
/// `alphabeta:<depth>`, `alphabeta:<ms>ms`, `alphabeta:<n>nodes`
/// (Kaissa), and writes it to `*out`. A malformed spec gives
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
        unsafe { handle_mut(agent, "agent")? }.reset();
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
        let name = unsafe { handle_ref(agent, "agent")? }.name();
        // SAFETY: forwarded from the caller.
        unsafe { write_text(name, buf, cap, out_len) }
    })
}

/// The failure of a choice in a finished game.
fn game_over() -> Failure {
    fail(KC_ERR_GAME_OVER, "the game is over: no move to choose")
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
        let agent = unsafe { handle_mut(agent, "agent")? };
        // SAFETY: forwarded from the caller.
        let position = unsafe { handle_ref::<kc_kaissa_position>(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        if position.outcome().is_over() {
            return Err(game_over());
        }
        let game = AnyGame::from(Kaissa::new(position.clone()));
        // At a player node an agent of this game always chooses.
        let Some(AnyAction::Kaissa(mv)) = agent.choose(&game) else {
            return Err(wrong_game("Merchant Kaissa"));
        };
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
        let agent = unsafe { handle_mut(agent, "agent")? };
        // SAFETY: forwarded from the caller.
        let position = unsafe { handle_ref::<kc_chaturaji_position>(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        if position.is_over() {
            return Err(game_over());
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
        // At a player node (the roll was applied, or a decision is
        // pending) an agent of this game always chooses a move.
        let Some(AnyAction::Chaturaji(ChaturajiStep::Move(mv))) =
            agent.choose(&AnyGame::from(game))
        else {
            return Err(wrong_game("Chaturaji"));
        };
        // SAFETY: checked by `out_ptr`; writable per the caller.
        unsafe { write_out(out, kc_chaturaji_move::from_rust(mv)) };
        Ok(())
    })
}
