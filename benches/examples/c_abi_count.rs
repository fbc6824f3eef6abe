//! Runs one of the C ABI bench loops (or its Rust twin) a given number of
//! times, for instruction counts under `valgrind --tool=callgrind`:
//!
//! ```text
//! cargo build --profile bench -p kaissa-chaturaji-benches --features capi --example c_abi_count
//! valgrind --tool=callgrind target/release/examples/c_abi_count kaissa-c 3
//! ```
//!
//! Modes: `kaissa-rust`, `kaissa-rust-calls` (the Rust perft with play
//! and undo behind opaque calls), `kaissa-c` (records), `kaissa-push`,
//! `kaissa-indexed` (`kc_kaissa_list` + `kc_kaissa_push_index` +
//! `kc_kaissa_pop`), `kaissa-siblings` (the same with
//! `kc_kaissa_pop_push_index` between siblings), `kaissa-visited`
//! (`kc_kaissa_list` + `kc_kaissa_visit`, a C visitor per move),
//! `kaissa-visited-order` (the same with an explicit order, the identity)
//! (Kaissa full perft 3 from the start),
//! `chaturaji-rust`, `chaturaji-chosen`, `chaturaji-roll-choose`, `chaturaji-checked`,
//! `chaturaji-rust-lean`, `chaturaji-lean` (no outcome call per ply),
//! `chaturaji-random` (20 seeded playouts). It prints the nodes or plies
//! done, to divide the instruction count by (subtract a run with 0
//! repetitions for the start-up).

use std::hint::black_box;

use kaissa_chaturaji::chaturaji;
use kaissa_chaturaji::ffi::kaissa::{
    kc_kaissa_position, kc_kaissa_position_free, kc_kaissa_position_from_text,
};
use kaissa_chaturaji::ffi::kc_status;
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji_benches::c_abi::*;

const DEPTH: u32 = 3;
const GAMES: u64 = 20;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("kaissa-c");
    if mode == "time" {
        time_modes(&args[2..]);
        return;
    }
    let reps: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let done = run(mode, reps);
    println!("{mode} {done}");
}

/// `time <rounds> <mode>...`: runs the modes one unit each, alternately,
/// for `rounds` rounds and prints the best and the median time of each and
/// their ratios to the first mode's (best-of-N resists the other loads of a
/// shared machine; the median shows the typical round).
fn time_modes(args: &[String]) {
    let rounds: u32 = args.first().and_then(|s| s.parse().ok()).unwrap_or(50);
    let modes = &args[1..];
    let mut times = vec![Vec::new(); modes.len()];
    let mut work = vec![0u64; modes.len()];
    for _ in 0..rounds {
        for (i, mode) in modes.iter().enumerate() {
            let start = std::time::Instant::now();
            work[i] = run(mode, 1);
            times[i].push(start.elapsed().as_secs_f64());
        }
    }
    for round_times in &mut times {
        round_times.sort_by(f64::total_cmp);
    }
    let best: Vec<f64> = times.iter().map(|t| t[0]).collect();
    let median: Vec<f64> = times.iter().map(|t| t[t.len() / 2]).collect();
    for (i, mode) in modes.iter().enumerate() {
        println!(
            "{mode:24} best {:8.3} ms  {:7.2} M/s  ratio to {} {:.3}  (median {:8.3} ms, ratio {:.3})",
            best[i] * 1e3,
            work[i] as f64 / best[i] / 1e6,
            modes[0],
            best[0] / best[i],
            median[i] * 1e3,
            median[0] / median[i]
        );
    }
}

/// Runs `mode` `reps` times; the nodes or plies done.
/// The Kaissa position of the perft loops: the start, or the text in the
/// environment variable `KC_BENCH_KAISSA` (for instance the benches'
/// middlegame).
fn kaissa_text() -> String {
    std::env::var("KC_BENCH_KAISSA").unwrap_or_else(|_| kaissa::START_TEXT.to_string())
}

fn run(mode: &str, reps: u32) -> u64 {
    let mut done = 0u64;
    match mode {
        "kaissa-rust" => {
            let pos: kaissa::Position = kaissa_text().parse().expect("a position text");
            for _ in 0..reps {
                done += kaissa::perft_full(black_box(&pos), DEPTH);
            }
        }
        "kaissa-rust-calls" => {
            let pos: kaissa::Position = kaissa_text().parse().expect("a position text");
            let calls = RustCalls::new();
            for _ in 0..reps {
                done += kaissa_perft_rust_calls(&calls, &mut black_box(&pos).clone(), DEPTH);
            }
        }
        "kaissa-c"
        | "kaissa-push"
        | "kaissa-indexed"
        | "kaissa-siblings"
        | "kaissa-visited"
        | "kaissa-visited-order" => {
            let api = KaissaApi::new();
            let mut buffers = kaissa_buffers(DEPTH);
            let mut handle: *mut kc_kaissa_position = std::ptr::null_mut();
            let text = std::ffi::CString::new(kaissa_text()).expect("no NUL");
            // SAFETY: a NUL-terminated string and a writable pointer.
            assert_eq!(
                unsafe { kc_kaissa_position_from_text(text.as_ptr(), &mut handle) },
                kc_status::KC_OK
            );
            for _ in 0..reps {
                // SAFETY: a live position, used by this loop alone.
                done += unsafe {
                    match mode {
                        "kaissa-c" => kaissa_perft_records(&api, handle, DEPTH, &mut buffers),
                        "kaissa-indexed" => kaissa_perft_indexed(&api, handle, DEPTH),
                        "kaissa-siblings" => kaissa_perft_siblings(&api, handle, DEPTH),
                        "kaissa-visited" => kaissa_perft_visited(&api, handle, DEPTH),
                        "kaissa-visited-order" => kaissa_perft_visited_ordered(&api, handle, DEPTH),
                        _ => kaissa_perft_push(&api, handle, DEPTH, &mut buffers),
                    }
                };
            }
            // SAFETY: made above, freed once.
            unsafe { kc_kaissa_position_free(handle) };
        }
        _ => {
            let start = chaturaji::Position::start(chaturaji::Rules::default());
            let api = ChaturajiApi::new();
            let handles = ChaturajiHandles::new();
            let (c_start, c_pos) = (handles.start, handles.pos);
            let way = match mode {
                "chaturaji-rust" => None,
                "chaturaji-rust-lean" => None,
                "chaturaji-lean" => Some(Way::RollChooseLean),
                "chaturaji-chosen" => Some(Way::Chosen),
                "chaturaji-checked" => Some(Way::Checked),
                "chaturaji-roll-choose" => Some(Way::RollChoose),
                "chaturaji-random" => Some(Way::Random),
                _ => panic!("unknown mode {mode}"),
            };
            for _ in 0..reps {
                for seed in 0..GAMES {
                    done += u64::from(match way {
                        None if mode == "chaturaji-rust-lean" => {
                            rust_playout_lean(black_box(&start), seed)
                        }
                        None => rust_playout(black_box(&start), seed),
                        // SAFETY: live, distinct positions, made above.
                        Some(way) => unsafe { c_playout(&api, c_start, c_pos, seed, way) },
                    });
                }
            }
        }
    }
    done
}
