//! `kc_agent_limits` as an [`agents::Limit`](crate::agents::Limit): each
//! field range-checked with the spec parser's bounds, so that
//! `kc_agent_new`, `kc_agent_new_from_spec` and `kc_agent_*_think` take
//! the same numbers.

use std::time::Duration;

use super::super::kc_status::*;
use super::super::{check_ptr, fail, Failure};
use super::{
    KC_AGENT_ALPHABETA, KC_AGENT_EXPECTIMAX, KC_AGENT_GREEDY, KC_AGENT_MCTS, KC_AGENT_RANDOM,
};
use crate::agents::{self, AgentKind, AgentSpec, Limit};

/// The most MCTS iterations or alpha-beta nodes a move may take.
const MAX_COUNT: u64 = agents::MAX_NODES;
/// The deepest search (the agents bound expectimax further).
const MAX_DEPTH: u32 = agents::MAX_DEPTH;
/// The longest time a move may take, in milliseconds: an hour.
const MAX_MILLIS: u32 = (agents::MAX_MOVE_TIME.as_secs() * 1000) as u32;

/// How long an agent thinks about a move; a field left 0 gives no bound.
///
/// To `kc_agent_new` it is the agent's budget: exactly the one field its
/// kind takes is set (random and greedy take none: all 0), the others are
/// 0, and the value is in the range the spec parser accepts (see the
/// `KC_AGENT_*` kinds). Each such `kc_agent_limits` is one spec, which
/// `kc_agent_name` writes back. With `time_ms` 0 the agent's moves are the
/// same for the same seed and the same calls.
///
/// To `kc_agent_kaissa_think` and `kc_agent_chaturaji_think` it is the
/// limit of one move: any fields set, each in its range (`iterations` and
/// `nodes` are one bound: set at most one), the first reached ends the
/// search; all 0 (or NULL) is the agent's own budget.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct kc_agent_limits {
    /// MCTS iterations per move (1..1000000000).
    pub iterations: u64,
    /// Alpha-beta nodes per move (1..1000000000).
    pub nodes: u64,
    /// Alpha-beta or expectimax depth in plies (1..95; alpha-beta:
    /// quiescence follows).
    pub depth: u32,
    /// Wall-clock milliseconds per move (1..3600000).
    pub time_ms: u32,
}

/// The limits at `ptr`, or none (all 0) when it is NULL.
///
/// # Safety
/// `ptr` is NULL or points to a readable `kc_agent_limits`.
pub(super) unsafe fn read(ptr: *const kc_agent_limits) -> Result<kc_agent_limits, Failure> {
    if ptr.is_null() {
        return Ok(kc_agent_limits::default());
    }
    // SAFETY: checked for alignment; readable per the caller.
    Ok(unsafe { check_ptr(ptr, "limits")?.as_ptr().read() })
}

/// The fields set (not 0), by name.
fn given(limits: &kc_agent_limits) -> Vec<&'static str> {
    let kc_agent_limits {
        iterations,
        nodes,
        depth,
        time_ms,
    } = *limits;
    [
        ("iterations", iterations != 0),
        ("nodes", nodes != 0),
        ("depth", depth != 0),
        ("time_ms", time_ms != 0),
    ]
    .into_iter()
    .filter(|&(_, set)| set)
    .map(|(field, _)| field)
    .collect()
}

/// The limit of `limits`, every field set in its range; all 0 is
/// [`Limit::default`] (the agent's own budget).
pub(super) fn limit_of(limits: &kc_agent_limits) -> Result<Limit, Failure> {
    let invalid = |message: String| Err(fail(KC_ERR_INVALID_ARGUMENT, message));
    let kc_agent_limits {
        iterations,
        nodes,
        depth,
        time_ms,
    } = *limits;
    if iterations > MAX_COUNT {
        return invalid(format!(
            "limits: iterations {iterations} is not 1..{MAX_COUNT}"
        ));
    }
    if nodes > MAX_COUNT {
        return invalid(format!("limits: nodes {nodes} is not 1..{MAX_COUNT}"));
    }
    if depth > MAX_DEPTH {
        return invalid(format!("limits: depth {depth} is not 1..{MAX_DEPTH}"));
    }
    if time_ms > MAX_MILLIS {
        return invalid(format!("limits: time_ms {time_ms} is not 1..{MAX_MILLIS}"));
    }
    if iterations != 0 && nodes != 0 {
        return invalid(
            "limits: iterations and nodes are one bound (MCTS counts its iterations as \
             nodes): set one of them"
                .to_string(),
        );
    }
    let mut limit = Limit::default();
    if iterations != 0 || nodes != 0 {
        limit = limit.with_nodes(iterations.max(nodes));
    }
    if depth != 0 {
        limit = limit.with_depth(depth);
    }
    if time_ms != 0 {
        limit = limit.with_time(Duration::from_millis(u64::from(time_ms)));
    }
    Ok(limit)
}

/// The spec of `kind` with `limits` as its budget: exactly one field of
/// those the kind takes, in range, so that `kc_agent_new` makes exactly the
/// agents a spec names.
pub(super) fn spec_of(kind: u8, limits: &kc_agent_limits) -> Result<AgentSpec, Failure> {
    let (name, kind, takes): (&str, AgentKind, &[&str]) = match kind {
        KC_AGENT_RANDOM => ("random", AgentKind::Random, &[]),
        KC_AGENT_GREEDY => ("greedy", AgentKind::Greedy, &[]),
        KC_AGENT_MCTS => ("MCTS", AgentKind::Mcts, &["iterations", "time_ms"]),
        KC_AGENT_ALPHABETA => (
            "alpha-beta",
            AgentKind::AlphaBeta,
            &["depth", "nodes", "time_ms"],
        ),
        KC_AGENT_EXPECTIMAX => ("expectimax", AgentKind::Expectimax, &["depth", "time_ms"]),
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
    let invalid = |message: String| Err(fail(KC_ERR_INVALID_ARGUMENT, message));
    let given = given(limits);
    if let Some(field) = given.iter().find(|field| !takes.contains(field)) {
        return invalid(if takes.is_empty() {
            format!("{name} agents take no limits (all 0), not {field}")
        } else {
            format!("{name} takes {}, not {field}", takes.join(" or "))
        });
    }
    match given.len() {
        0 if !takes.is_empty() => invalid(format!("{name} needs one of {}", takes.join(", "))),
        0 | 1 => Ok(AgentSpec::new(kind, limit_of(limits)?)),
        _ => invalid(format!(
            "{name} takes one limit ({}), as its spec has one budget; got {}",
            takes.join(", "),
            given.join(" and ")
        )),
    }
}
