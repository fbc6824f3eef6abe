//! The Ludii ruleset through the C ABI, seen from C: compiles
//! `tests/c/ludii_test.c` (`$CC`, `-std=c99 -Wall -Wextra -Wpedantic
//! -Werror`) against the cbindgen-made header and the static library and
//! runs it (and again under valgrind when it is on PATH): the rules option,
//! scores, ranking, turns, promotion decisions and their undo, seeded
//! `kc_chaturaji_play_random` games (compared with the Rust
//! `play_seeded_game`), and the replay of the recorded Ludii games of
//! `tests/data/ludii/` compared line by line with `sample.expected`.
//!
//! The C library is built exactly as tests/ffi_c.rs builds it (so they
//! share the build): `cargo rustc --lib --features capi --crate-type
//! staticlib --crate-type cdylib` into `<target>/capi/`.

use std::path::{Path, PathBuf};
use std::process::Command;

use kaissa_chaturaji::chaturaji::{play_seeded_game, Position, Rules};

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn out_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ludii_ffi_c")
}

/// `true` when this test was built in the release profile.
fn release_profile() -> bool {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent()?.parent()?.file_name().map(|n| n == "release"))
        .unwrap_or(false)
}

/// The static library, the libraries it needs, and the header directory.
struct CapiBuild {
    static_lib: PathBuf,
    native_libs: Vec<String>,
    header_dir: PathBuf,
}

/// The JSON string value right after `key` in `line` (cargo escapes only
/// `\\` and `"` in paths).
fn json_string_after(line: &str, key: &str) -> Option<String> {
    let rest = line[line.find(key)? + key.len()..].strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(value),
            '\\' => value.push(chars.next()?),
            c => value.push(c),
        }
    }
    None
}

fn capi_build() -> CapiBuild {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target directory")
        .join("capi");
    let mut command = Command::new(cargo);
    command.current_dir(manifest_dir()).args([
        "rustc",
        "--lib",
        "--features",
        "capi",
        "--crate-type",
        "staticlib",
        "--crate-type",
        "cdylib",
        "--message-format=json-render-diagnostics",
    ]);
    command.arg("--target-dir").arg(&target);
    if release_profile() {
        command.arg("--release");
    }
    command.args(["--", "--print", "native-static-libs"]);
    let output = command.output().expect("run cargo rustc --features capi");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "cargo rustc failed:\n{stderr}");
    let mut static_lib = None;
    let mut header_dir = None;
    for line in stdout.lines().filter(|l| l.contains("kaissa")) {
        if line.contains("\"reason\":\"build-script-executed\"") {
            header_dir = json_string_after(line, "\"out_dir\":").map(PathBuf::from);
        }
        if line.contains("\"reason\":\"compiler-artifact\"") {
            let files = &line[line.find("\"filenames\":").unwrap_or(0)..];
            for part in files.split('"') {
                if part.ends_with(".a") {
                    static_lib = Some(PathBuf::from(part.replace("\\\\", "\\")));
                }
            }
        }
    }
    let native_libs = stderr
        .lines()
        .find_map(|line| line.split("native-static-libs: ").nth(1))
        .expect("rustc printed no native-static-libs note")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    CapiBuild {
        static_lib: static_lib.expect("no static library in cargo's messages"),
        native_libs,
        header_dir: header_dir.expect("no build-script out_dir in cargo's messages"),
    }
}

fn compile(build: &CapiBuild) -> PathBuf {
    std::fs::create_dir_all(out_dir()).expect("output directory");
    let exe = out_dir().join("ludii_test");
    let compiler = std::env::var("CC")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .unwrap_or_else(|| "cc".into());
    let result = Command::new(&compiler)
        .args([
            "-std=c99",
            "-Wall",
            "-Wextra",
            "-Wpedantic",
            "-Werror",
            "-g",
        ])
        .arg("-I")
        .arg(&build.header_dir)
        .arg(manifest_dir().join("tests/c/ludii_test.c"))
        .arg(&build.static_lib)
        .args(&build.native_libs)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|err| panic!("cannot run {compiler}: {err}"));
    assert!(
        result.status.success(),
        "{compiler} failed:\n{}{}",
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
    exe
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
    let exe = compile(&build);
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
        eprintln!("valgrind not on PATH: skipping the valgrind run");
    }
}
