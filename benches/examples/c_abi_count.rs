//! Runs one of the C ABI bench loops (or its Rust twin) a given number of
//! times, for instruction counts under `valgrind --tool=callgrind`:
//!
//! ```text
//! cargo build --profile bench -p kaissa-chaturaji-benches --features capi --example c_abi_count
//! valgrind --tool=callgrind target/release/examples/c_abi_count kaissa-c 3
//! ```
//!
//! Modes: `kaissa-rust`, `kaissa-c` (records), `kaissa-push` (Kaissa full
//! perft 3 from the start),
//! `chaturaji-rust`, `chaturaji-chosen`, `chaturaji-roll-choose`, `chaturaji-checked`,
//! `chaturaji-random` (20 seeded playouts). It prints the nodes or plies
//! done, to divide the instruction count by (subtract a run with 0
//! repetitions for the start-up).

use std::hint::black_box;

use kaissa_chaturaji::chaturaji;
use kaissa_chaturaji::ffi::chaturaji::{
    kc_chaturaji_position, kc_chaturaji_position_free, kc_chaturaji_position_new_start,
    kc_chaturaji_rules, kc_chaturaji_rules_default,
};
use kaissa_chaturaji::ffi::kaissa::{
    kc_kaissa_position, kc_kaissa_position_free, kc_kaissa_position_new_start,
};
use kaissa_chaturaji::ffi::kc_status;
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji_benches::c_abi::*;

const DEPTH: u32 = 3;
const GAMES: u64 = 20;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("kaissa-c");
    let reps: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut done = 0u64;
    match mode {
        "kaissa-rust" => {
            let pos = kaissa::Position::start();
            for _ in 0..reps {
                done += kaissa::perft_full(black_box(&pos), DEPTH);
            }
        }
        "kaissa-c" | "kaissa-push" => {
            let api = KaissaApi::new();
            let mut buffers = kaissa_buffers(DEPTH);
            let mut handle: *mut kc_kaissa_position = std::ptr::null_mut();
            // SAFETY: a writable pointer.
            assert_eq!(
                unsafe { kc_kaissa_position_new_start(&mut handle) },
                kc_status::KC_OK
            );
            for _ in 0..reps {
                done += match mode {
                    "kaissa-c" => kaissa_perft_records(&api, handle, DEPTH, &mut buffers),
                    _ => kaissa_perft_push(&api, handle, DEPTH, &mut buffers),
                };
            }
            // SAFETY: made above, freed once.
            unsafe { kc_kaissa_position_free(handle) };
        }
        _ => {
            let start = chaturaji::Position::start(chaturaji::Rules::default());
            let api = ChaturajiApi::new();
            let mut rules = kc_chaturaji_rules {
                alliances: 0,
                draw_limit: 0,
                ruleset: 0,
            };
            let mut c_start: *mut kc_chaturaji_position = std::ptr::null_mut();
            let mut c_pos: *mut kc_chaturaji_position = std::ptr::null_mut();
            // SAFETY: local outputs.
            unsafe {
                assert_eq!(kc_chaturaji_rules_default(&mut rules), kc_status::KC_OK);
                assert_eq!(
                    kc_chaturaji_position_new_start(&rules, &mut c_start),
                    kc_status::KC_OK
                );
                assert_eq!(
                    kc_chaturaji_position_new_start(&rules, &mut c_pos),
                    kc_status::KC_OK
                );
            }
            let way = match mode {
                "chaturaji-rust" => None,
                "chaturaji-chosen" => Some(Way::Chosen),
                "chaturaji-checked" => Some(Way::Checked),
                "chaturaji-roll-choose" => Some(Way::RollChoose),
                "chaturaji-random" => Some(Way::Random),
                _ => panic!("unknown mode {mode}"),
            };
            for _ in 0..reps {
                for seed in 0..GAMES {
                    done += u64::from(match way {
                        None => rust_playout(black_box(&start), seed),
                        Some(way) => c_playout(&api, c_start, c_pos, seed, way),
                    });
                }
            }
            // SAFETY: made above, freed once each.
            unsafe {
                kc_chaturaji_position_free(c_start);
                kc_chaturaji_position_free(c_pos);
            }
        }
    }
    println!("{mode} {done}");
}
