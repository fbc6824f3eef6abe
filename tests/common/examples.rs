//! Building and running the crate's examples from a test, in the test's
//! own profile. Include it with `#[path = "../common/examples.rs"] mod
//! examples;` and keep one built directory per test crate:
//!
//! ```ignore
//! fn example(name: &str, args: &[&str], input: &str) -> Output {
//!     static DIR: OnceLock<PathBuf> = OnceLock::new();
//!     let dir = DIR.get_or_init(|| examples::build(&["play", "record"]));
//!     examples::run(dir, name, args, input)
//! }
//! ```

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Whether this test was built in the release profile.
fn release() -> bool {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent()?.parent()?.file_name().map(|n| n == "release"))
        .unwrap_or(false)
}

/// Builds the examples `names` in this test's profile and returns the
/// directory that holds them.
pub fn build(names: &[&str]) -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "--quiet"]);
    for name in names {
        command.args(["--example", name]);
    }
    if release() {
        command.arg("--release");
    }
    let status = command.status().expect("cargo build");
    assert!(
        status.success(),
        "cargo build of the examples {names:?} failed"
    );
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target directory")
        .join(if release() { "release" } else { "debug" })
        .join("examples")
}

/// Runs the example `name` of `dir` with `args`, `input` on its standard
/// input, and returns what it did.
pub fn run(dir: &Path, name: &str, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(dir.join(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the example");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("example output")
}
