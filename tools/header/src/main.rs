//! Writes the C header of the crate's C ABI (`src/ffi/`, configured by
//! `cbindgen.toml`) with cbindgen.
//!
//! ```text
//! cargo run -p kaissa-chaturaji-header               # refreshes include/kaissa_chaturaji.h
//! cargo run -p kaissa-chaturaji-header -- OUT.h      # writes the header to OUT.h instead
//! ```
//!
//! The header freshness test (`tests/capi/programs.rs`) runs the second
//! form into a temporary directory and compares the result with the
//! committed header.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The repository root: this package lives in `tools/header/`.
fn repository_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn main() -> ExitCode {
    let root = repository_root();
    let mut args = std::env::args_os().skip(1);
    let out = match (args.next(), args.next()) {
        (None, _) => root.join("include/kaissa_chaturaji.h"),
        (Some(path), None) => PathBuf::from(path),
        (Some(_), Some(extra)) => {
            eprintln!(
                "kaissa-chaturaji-header: one output path at most, got another: {}",
                extra.to_string_lossy()
            );
            return ExitCode::from(2);
        }
    };
    let config = match cbindgen::Config::from_file(root.join("cbindgen.toml")) {
        Ok(config) => config,
        Err(err) => {
            eprintln!("kaissa-chaturaji-header: cbindgen.toml: {err}");
            return ExitCode::FAILURE;
        }
    };
    let bindings = match cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/ffi/mod.rs"))
        .generate()
    {
        Ok(bindings) => bindings,
        Err(err) => {
            eprintln!("kaissa-chaturaji-header: cbindgen failed on src/ffi/: {err}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(dir) = out.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        if let Err(err) = std::fs::create_dir_all(dir) {
            eprintln!(
                "kaissa-chaturaji-header: cannot create {}: {err}",
                dir.display()
            );
            return ExitCode::FAILURE;
        }
    }
    bindings.write_to_file(&out);
    eprintln!("kaissa-chaturaji-header: wrote {}", out.display());
    ExitCode::SUCCESS
}
