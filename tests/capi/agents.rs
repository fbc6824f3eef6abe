//! The agents through the C ABI, seen from C: compiles
//! `tests/c/agents_test.c` (`$CC`, `-std=c99 -Wall -Wextra -Wpedantic
//! -Werror`, with POSIX threads) against the cbindgen-made header and the
//! static library and runs it (and again under valgrind when it is on
//! PATH): agents made from kinds, limits and specs and the errors for bad
//! ones, moves for both games that the rules accept, a Ludii promotion
//! decision, alpha-beta taking the Home Stone, and an agent thinking on a
//! worker thread.
//!
//! The C library is built as the other C tests build it (they share the
//! build, `tests/common/capi.rs`: the `capi` and `agents` features).

use std::path::Path;
use std::process::Command;

use crate::capi;

use capi::capi_build;

fn on_path(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run(exe: &Path, valgrind: bool) {
    let mut command = if valgrind {
        let mut c = Command::new("valgrind");
        c.args(["--error-exitcode=1", "--leak-check=full", "--quiet"])
            .arg(exe);
        c
    } else {
        Command::new(exe)
    };
    let result = command.output().expect("run agents_test");
    let stdout = String::from_utf8_lossy(&result.stdout).into_owned();
    eprint!("{}", String::from_utf8_lossy(&result.stderr));
    print!("{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        result.status.success() && last.ends_with(" passed, 0 failed"),
        "agents_test failed ({}); last line: {last}",
        result.status
    );
}

#[test]
fn c99_program_plays_with_agents() {
    let exe = capi::compile(capi_build(), "agents_ffi_c", "agents_test");
    run(&exe, false);
    if on_path("valgrind") {
        run(&exe, true);
    } else {
        crate::valgrind_missing();
    }
}
