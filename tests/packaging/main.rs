//! The library as others get it: crates depending on it, the installed C
//! library (pkg-config and CMake), the SDL2 GUI built against it, and the
//! tests that need optional features.

mod dependent;
mod features;
mod gui;
mod install;

use std::path::PathBuf;
use std::process::{Command, Output};

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
