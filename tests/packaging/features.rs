//! The tests that need optional features, run from the default suite.
//!
//! A plain `cargo test` (the README's test command) builds the crate with
//! default features only, so the Rust-side tests of the C ABI
//! (`tests/capi/hostile.rs`, `tests/capi/visit.rs`, the C ABI half of
//! `tests/no_alloc/`) and the unit tests of the `serde` and `rand_core`
//! features, and the `rand` generators of `tests/rand_generators.rs`, would
//! not run. This test runs them with `cargo test -p kaissa-chaturaji
//! --all-features` (the lib, `no_alloc` and `rand_generators`, then the
//! `hostile::` and `visit::` tests of `capi`), all four built by one cargo
//! run first, in the suite's own target directory: cargo holds no lock on
//! it while the tests run, and `<target>/capi`, where the C library builds
//! of `install.rs`, `gui.rs` and `dependent.rs` run meanwhile, stays free
//! for them.

use std::path::Path;
use std::process::Command;

/// Runs `cargo test -p kaissa-chaturaji --all-features` with `args` in the
/// suite's target directory, and returns its output after checking that it
/// passed.
fn cargo_test_all_features(args: &[&str]) -> String {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target directory");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "test",
            "-p",
            "kaissa-chaturaji",
            "--all-features",
            "--target-dir",
        ])
        .arg(target)
        .args(args)
        .output()
        .expect("run cargo test --all-features");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    print!("{stdout}");
    assert!(
        output.status.success(),
        "cargo test --all-features {args:?} failed:\n{stdout}\n{stderr}"
    );
    stdout
}

#[test]
fn tests_with_every_feature() {
    // One build of the four test targets (cargo compiles them side by
    // side), then the runs.
    cargo_test_all_features(&[
        "--no-run",
        "--lib",
        "--test",
        "no_alloc",
        "--test",
        "rand_generators",
        "--test",
        "capi",
    ]);
    let mut stdout =
        cargo_test_all_features(&["--lib", "--test", "no_alloc", "--test", "rand_generators"]);
    // Of the capi crate only its Rust-side tests: its C programs already
    // ran in the plain `cargo test`.
    stdout += &cargo_test_all_features(&["--test", "capi", "--", "hostile::", "visit::"]);
    let ran: usize = stdout
        .lines()
        .filter_map(|line| line.strip_prefix("test result: ok. "))
        .filter_map(|rest| rest.split(' ').next()?.parse::<usize>().ok())
        .sum();
    // The serde and rand_core unit tests, the rand generators and the
    // Rust-side C ABI tests are among them.
    for name in [
        "serde_support::tests::chaturaji_values_are_their_text_and_rules",
        "random::rand_core_tests::adapters_give_the_same_stream",
        "rand_generators_choose_moves_in_both_games",
        "visit::",
        "hostile::",
    ] {
        assert!(
            stdout.contains(&format!("test {name}")),
            "{name} did not run:\n{stdout}"
        );
    }
    assert!(ran > 0, "no test ran:\n{stdout}");
}
