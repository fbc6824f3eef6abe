//! The Ludii ruleset through the C ABI, seen from C: compiles
//! `tests/c/ludii_test.c` (`$CC`, `-std=c99 -Wall -Wextra -Wpedantic
//! -Werror`) against the cbindgen-made header and the static library and
//! runs it (and again under valgrind when it is on PATH): the rules option,
//! scores, ranking, turns, promotion decisions and their undo, seeded
//! `kc_chaturaji_play_random` games (compared with the Rust
//! `play_seeded_game`), and the replay of the recorded Ludii games of
//! `tests/data/ludii/` compared line by line with `sample.expected`.
//!
//! The C library is built exactly as tests/capi/programs.rs builds it (so they
//! share the build): `cargo rustc --lib --features capi --crate-type
//! staticlib --crate-type cdylib` into `<target>/capi/`.

use std::path::{Path, PathBuf};
use std::process::Command;

use kaissa_chaturaji::chaturaji::{play_seeded_game, Position, Rules};

use crate::capi;

use capi::{capi_build, manifest_dir, CapiBuild};

/// Compiles `tests/c/ludii_test.c`.
fn compile(build: &CapiBuild) -> PathBuf {
    capi::compile(build, "ludii_ffi_c", "ludii_test")
}

fn on_path(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run(exe: &Path, args: &[String], valgrind: bool) {
    let mut command = if valgrind {
        let mut c = Command::new("valgrind");
        c.args(["--error-exitcode=1", "--leak-check=full", "--quiet"])
            .arg(exe);
        c
    } else {
        Command::new(exe)
    };
    let result = command.args(args).output().expect("run ludii_test");
    let stdout = String::from_utf8_lossy(&result.stdout).into_owned();
    eprint!("{}", String::from_utf8_lossy(&result.stderr));
    print!("{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        result.status.success() && last.ends_with(" passed, 0 failed"),
        "ludii_test failed ({}); last line: {last}",
        result.status
    );
}

#[test]
fn c99_program_plays_the_ludii_ruleset() {
    let build = capi_build();
    let exe = compile(build);
    const SEED: u64 = 5;
    let mut end = Position::start(Rules::ludii());
    play_seeded_game(&mut end, SEED, 20_000, |_, _| {});
    let data = manifest_dir().join("tests/data/ludii");
    let args = vec![
        data.join("sample.in").display().to_string(),
        data.join("sample.expected").display().to_string(),
        SEED.to_string(),
        end.to_string(),
    ];
    run(&exe, &args, false);
    if on_path("valgrind") {
        run(&exe, &args, true);
    } else {
        crate::valgrind_missing();
    }
}
