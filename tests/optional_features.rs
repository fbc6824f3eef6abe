//! The tests that need optional features, run from the default suite.
//!
//! A plain `cargo test` (the README's test command) builds the crate with
//! default features only, so the Rust-side tests of the C ABI
//! (`tests/hostile_ffi.rs`, `tests/kaissa_visit_ffi.rs`, the C ABI half of
//! `tests/no_alloc.rs`) and the
//! unit tests of the `serde` and `rand_core` features, and the `rand`
//! generators of `tests/rand_generators.rs`, would not run. This test runs
//! them: `cargo test -p kaissa-chaturaji --all-features --lib --test
//! hostile_ffi --test no_alloc --test kaissa_visit_ffi --test
//! rand_generators`, in the target directory `<target>/capi` that the C
//! library builds share.

use std::path::Path;
use std::process::Command;

#[test]
fn tests_with_every_feature() {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target directory")
        .join("capi");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "test",
            "-p",
            "kaissa-chaturaji",
            "--all-features",
            "--lib",
            "--test",
            "hostile_ffi",
            "--test",
            "no_alloc",
            "--test",
            "kaissa_visit_ffi",
            "--test",
            "rand_generators",
            "--target-dir",
        ])
        .arg(&target)
        .output()
        .expect("run cargo test --all-features");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    print!("{stdout}");
    assert!(
        output.status.success(),
        "cargo test --all-features failed:\n{stdout}\n{stderr}"
    );
    let ran: usize = stdout
        .lines()
        .filter_map(|line| line.strip_prefix("test result: ok. "))
        .filter_map(|rest| rest.split(' ').next()?.parse::<usize>().ok())
        .sum();
    // The serde and rand_core unit tests, and the rand generators, are
    // among them.
    for name in [
        "serde_support::tests::chaturaji_values_are_their_text_and_rules",
        "random::rand_core_tests::adapters_give_the_same_stream",
        "rand_generators_choose_moves_in_both_games",
    ] {
        assert!(
            stdout.contains(&format!("test {name} ... ok")),
            "{name} did not run:\n{stdout}"
        );
    }
    assert!(ran > 0, "no test ran:\n{stdout}");
}
