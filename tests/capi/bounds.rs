//! Bounds of the C ABI's agents and record readers, called from Rust as the
//! `unsafe extern "C"` functions of `kaissa_chaturaji::ffi`:
//!
//! - a 1 MiB agent spec gives an error message of at most 400 bytes, with
//!   its control characters escaped;
//! - `kc_agent_new` makes exactly the agents a spec names: every accepted
//!   `kc_agent_limits` has a name that parses back into the same spec, and
//!   limits outside the parser's bounds are refused;
//! - a misaligned `out_error` of the record readers is refused with a
//!   status before anything is read (the reader does not move on).
//!
//! The C ABI is the `capi` feature (the agents also need `agents`):
//! without it this file is empty, and `tests/packaging/features.rs` runs it
//! with every feature from a plain `cargo test`.
#![cfg(feature = "capi")]

use std::ffi::{c_char, CStr, CString};
use std::ptr::null_mut;

use kaissa_chaturaji::ffi::kc_last_error_message;
use kaissa_chaturaji::ffi::kc_status::*;
use kaissa_chaturaji::ffi::record::*;

/// The last error message of this thread.
fn last_error() -> String {
    let mut needed = 0usize;
    // SAFETY: a size query with a NULL buffer and capacity 0.
    unsafe { kc_last_error_message(null_mut(), 0, &mut needed) };
    let mut buf = vec![0 as c_char; needed.max(1)];
    let mut len = 0usize;
    // SAFETY: a local buffer of the given capacity and a local length.
    let status = unsafe { kc_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(status, KC_OK);
    // SAFETY: NUL-terminated on success.
    let text = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
    text.to_string()
}

/// A text of two records, the first one bad (an illegal move).
const TWO_RECORDS: &str = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n\
                           1. e2e9 *\n\n\
                           [Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n\
                           1. d1f4 *\n";

#[test]
fn misaligned_out_error_is_refused_before_reading() {
    let text = CString::new(TWO_RECORDS).unwrap();
    let mut infos = [kc_record_error_info {
        line: 7,
        column: 7,
        ply: 7,
    }; 2];
    let misaligned = (infos.as_mut_ptr() as usize + 1) as *mut kc_record_error_info;
    let mut reader: *mut kc_record_reader = null_mut();
    let mut record: *mut kc_record = null_mut();
    let mut count = 99usize;
    // SAFETY: a NUL-terminated text, local outputs and a live reader; the
    // misaligned pointer is refused before any access.
    unsafe {
        assert_eq!(kc_record_reader_new(text.as_ptr(), 0, &mut reader), KC_OK);
        let status = kc_record_reader_next(reader, &mut record, misaligned);
        assert_eq!(status, KC_ERR_INVALID_ARGUMENT, "{}", last_error());
        assert!(last_error().contains("out_error"), "{}", last_error());
        // The reader did not move on: the bad record comes next, with its
        // place written to an aligned out_error.
        let status = kc_record_reader_next(reader, &mut record, infos.as_mut_ptr());
        assert_eq!(status, KC_ERR_ILLEGAL_MOVE, "{}", last_error());
        assert_eq!((infos[0].line, infos[0].ply), (5, 1));
        assert_eq!(
            kc_record_reader_next(reader, &mut record, null_mut()),
            KC_OK
        );
        assert!(!record.is_null());
        kc_record_free(record);
        kc_record_reader_free(reader);

        let status = kc_record_count(text.as_ptr(), &mut count, misaligned);
        assert_eq!(status, KC_ERR_INVALID_ARGUMENT, "{}", last_error());
        assert_eq!(count, 99);
        let status = kc_record_read(text.as_ptr(), 1, &mut record, misaligned);
        assert_eq!(status, KC_ERR_INVALID_ARGUMENT, "{}", last_error());
    }
    assert_eq!(infos[1].line, 7);
}

#[cfg(feature = "agents")]
mod agents {
    use super::*;
    use kaissa_chaturaji::agents::AgentSpec;
    use kaissa_chaturaji::ffi::agents::*;
    use kaissa_chaturaji::ffi::{KC_GAME_CHATURAJI, KC_GAME_KAISSA};

    /// The agent's name.
    fn name(agent: *const kc_agent) -> String {
        let mut buf = [0 as c_char; 64];
        let mut len = 0;
        // SAFETY: a live agent and a local buffer.
        let status = unsafe { kc_agent_name(agent, buf.as_mut_ptr(), buf.len(), &mut len) };
        assert_eq!(status, KC_OK);
        // SAFETY: NUL-terminated on success.
        unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn a_huge_spec_gives_a_short_escaped_message() {
        for prefix in ["", "mcts:", "alphabeta:", "random:", "expectimax:"] {
            let mut spec = prefix.to_string();
            spec.extend((0..1 << 20).map(|i| if i % 5 == 0 { '\u{1b}' } else { '7' }));
            let text = CString::new(spec.clone()).unwrap();
            let mut agent: *mut kc_agent = null_mut();
            // SAFETY: a NUL-terminated spec and a local output.
            let status =
                unsafe { kc_agent_new_from_spec(KC_GAME_KAISSA, text.as_ptr(), 1, &mut agent) };
            assert_eq!(status, KC_ERR_PARSE);
            assert!(agent.is_null());
            let message = last_error();
            assert!(message.len() <= 400, "{} bytes", message.len());
            assert!(!message.contains('\u{1b}'), "{message}");
            assert!(message.contains("\\u{1b}"), "{message}");
            // The Rust error says the same.
            let rust = spec.parse::<AgentSpec>().unwrap_err().to_string();
            assert!(rust.len() <= 400, "{} bytes", rust.len());
            assert!(message.ends_with(&rust), "{message}");
        }
    }

    /// Every field set to a value at or just beyond the parser's bounds,
    /// alone and in pairs, for every kind and game.
    fn all_limits() -> Vec<kc_agent_limits> {
        let iterations = [0, 1, 1_000_000_000, 1_000_000_001, u64::MAX];
        let nodes = [0, 1, 1_000_000_000, 1_000_000_001, u64::MAX];
        let depths = [0, 1, 3, 4, 8, 9, 95, 96, u32::MAX];
        let times = [0, 1, 3_600_000, 3_600_001, 4_233_600_000, u32::MAX];
        let mut all = Vec::new();
        for &iterations in &iterations {
            for &time_ms in &times {
                all.push(kc_agent_limits {
                    iterations,
                    time_ms,
                    ..kc_agent_limits::default()
                });
            }
        }
        for &depth in &depths {
            for &nodes in &nodes {
                all.push(kc_agent_limits {
                    depth,
                    nodes,
                    ..kc_agent_limits::default()
                });
            }
            for &time_ms in &times {
                all.push(kc_agent_limits {
                    depth,
                    time_ms,
                    ..kc_agent_limits::default()
                });
            }
        }
        let mut distinct: Vec<kc_agent_limits> = Vec::new();
        for limits in all {
            if !distinct.contains(&limits) {
                distinct.push(limits);
            }
        }
        distinct
    }

    #[test]
    fn agents_from_limits_are_agents_from_specs() {
        let mut accepted = 0;
        for game in [KC_GAME_KAISSA, KC_GAME_CHATURAJI] {
            for kind in 0..=5u8 {
                for limits in all_limits() {
                    let mut agent: *mut kc_agent = null_mut();
                    // SAFETY: local limits and output.
                    let status = unsafe { kc_agent_new(game, kind, &limits, 3, &mut agent) };
                    if status != KC_OK {
                        assert_eq!(status, KC_ERR_INVALID_ARGUMENT, "{kind} {limits:?}");
                        assert!(agent.is_null());
                        assert!(last_error().len() <= 400);
                        continue;
                    }
                    accepted += 1;
                    let spec = name(agent);
                    // Within the bounds the spec parser states.
                    assert!(limits.iterations <= 1_000_000_000, "{spec}");
                    assert!(limits.nodes <= 1_000_000_000, "{spec}");
                    assert!(limits.time_ms <= 3_600_000, "{spec}");
                    // name -> parse -> the same spec, and the same agent.
                    let parsed: AgentSpec = spec.parse().unwrap_or_else(|e| panic!("{spec}: {e}"));
                    assert_eq!(parsed.to_string(), spec);
                    let text = CString::new(spec.clone()).unwrap();
                    let mut again: *mut kc_agent = null_mut();
                    // SAFETY: a NUL-terminated spec and a local output.
                    let status =
                        unsafe { kc_agent_new_from_spec(game, text.as_ptr(), 3, &mut again) };
                    assert_eq!(status, KC_OK, "{spec}: {}", last_error());
                    assert_eq!(name(again), spec);
                    // SAFETY: made above, freed once.
                    unsafe {
                        kc_agent_free(again);
                        kc_agent_free(agent);
                    }
                }
            }
        }
        // Random and greedy without limits (2 games); MCTS iterations 1 and
        // 1e9 or time 1 and 3.6e6 (2 games); alpha-beta depth 1, 3, 4, 8,
        // 9, 95, nodes 1 and 1e9 or time 1 and 3.6e6 (Kaissa); expectimax
        // depth 1, 3, 4, 8 (Chaturaji) and 1, 3 (Kaissa), or time 1 and
        // 3.6e6 (2 games).
        assert_eq!(accepted, 4 + 8 + 10 + 6 + 4, "accepted constructions");
    }
}
