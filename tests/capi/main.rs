//! The C ABI as C and C++ programs see it: the programs of tests/c compiled
//! against the header and the C library (one build for all of them) and run,
//! also under valgrind; the committed header's freshness; and, with the
//! `capi` feature (run by packaging's every-feature test), Rust-side hostile
//! callers, the bounds of agents and record readers, and the visitor loop.

#[path = "../common/capi.rs"]
mod capi;

mod agents;
mod bounds;
mod hostile;
mod ludii;
mod programs;
mod record;
mod visit;

/// Says that the valgrind runs of the C programs are skipped, or, under CI,
/// fails: CI installs valgrind.
pub fn valgrind_missing() {
    assert!(
        std::env::var_os("CI").is_none(),
        "valgrind is not on PATH; .ci/run installs it"
    );
    eprintln!("valgrind not on PATH: skipping the valgrind run");
}

/// Shows in the summary whether the C programs also ran under valgrind:
/// ignored when valgrind is missing (outside CI, where it fails instead).
#[test]
#[cfg_attr(
    not(any(kc_has_valgrind, kc_ci)),
    ignore = "valgrind is missing: the C programs ran without it (.ci/run installs it)"
)]
fn valgrind_runs_the_c_programs() {
    let found = std::process::Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(found, "valgrind is not on PATH; .ci/run installs it");
}
