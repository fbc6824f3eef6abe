//! The library as others get it: crates depending on it, the installed C
//! library (pkg-config and CMake), the SDL2 GUI built against it, and the
//! tests that need optional features.

mod dependent;
#[path = "../common/examples.rs"]
mod examples;
mod features;
mod gui;
mod install;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The repository (the package's manifest folder).
fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `command`, panicking with its output when it fails.
fn run(command: &mut Command) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|err| panic!("cannot run {command:?}: {err}"));
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The cargo profile this test was built in: `release` under `cargo test
/// --release`, else `dev`.
fn profile() -> &'static str {
    let release = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent()?.parent()?.file_name().map(|n| n == "release"))
        .unwrap_or(false);
    if release {
        "release"
    } else {
        "dev"
    }
}

/// The prefix of the installed C library, after running `scripts/install-c
/// --prefix DIR --profile <this test's profile>` once for the tests of
/// `install.rs` and `gui.rs`, with cargo's target directory `<target>/capi`.
/// `tests/capi/` built the library there already, in that profile and with
/// the same arguments (`tests/common/capi.rs`), so the script installs that
/// build; run alone, this test builds it.
fn installed() -> &'static Path {
    static PREFIX: OnceLock<PathBuf> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let prefix = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("install-c/prefix");
        let _ = std::fs::remove_dir_all(&prefix);
        let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .expect("target directory")
            .join("capi");
        run(Command::new(manifest_dir().join("scripts/install-c"))
            .arg("--prefix")
            .arg(&prefix)
            .args(["--profile", profile()])
            .env("CARGO_TARGET_DIR", target));
        prefix
    })
}
