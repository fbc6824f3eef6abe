//! The `kc-engine` binary for tests that seat it with `kc-server bot`:
//! next to the `kc-server` binary under test (a workspace-wide `cargo
//! test` builds it there), else built once with cargo.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The path of `kc-engine`, built first when it is missing.
///
/// # Panics
///
/// When it cannot be built.
pub fn kc_engine() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let server = Path::new(env!("CARGO_BIN_EXE_kc-server"));
        let dir = server.parent().expect("the binary's directory");
        let engine = dir.join(format!("kc-engine{}", std::env::consts::EXE_SUFFIX));
        if engine.exists() {
            return engine;
        }
        eprintln!(
            "{} is missing: building it with `cargo build -p kaissa-chaturaji-engine --bin kc-engine`",
            engine.display()
        );
        let cargo = option_env!("CARGO").unwrap_or("cargo");
        let mut command = std::process::Command::new(cargo);
        command
            .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
            .args(["build", "-p", "kaissa-chaturaji-engine", "--bin", "kc-engine"]);
        if dir.file_name().is_some_and(|name| name == "release") {
            command.arg("--release");
        }
        // The target directory of the binary under test (two levels up:
        // target/<profile>/kc-server).
        if let Some(target) = dir.parent() {
            command.env("CARGO_TARGET_DIR", target);
        }
        let status = command.status().expect("cargo runs");
        assert!(status.success(), "building kc-engine failed");
        assert!(engine.exists(), "cargo built no {}", engine.display());
        engine
    })
    .clone()
}
