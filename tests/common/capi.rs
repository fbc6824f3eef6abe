//! Building the C library with the `capi` feature and compiling a C99 test
//! program against it, shared by the test binaries that run C programs of
//! their own (`record_ffi_c`, `ludii_ffi_c`). The C library is built as
//! `tests/ffi_c.rs` builds it (so they share the build):
//! `cargo rustc --lib --features capi --crate-type staticlib --crate-type
//! cdylib` into `<target>/capi/`, the library and header found in cargo's
//! JSON messages, the system libraries from rustc's native-static-libs.

use std::path::PathBuf;
use std::process::Command;

pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where the compiled program of the test binary `name` goes.
fn out_dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// `true` when this test was built in the release profile.
fn release_profile() -> bool {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent()?.parent()?.file_name().map(|n| n == "release"))
        .unwrap_or(false)
}

/// The static library, the libraries it needs, and the header directory.
pub struct CapiBuild {
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

pub fn capi_build() -> CapiBuild {
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

/// Compiles `tests/c/<program>.c` (`$CC`, C99, warnings are errors)
/// against `build` into `<target>/tmp/<test>/<program>`.
pub fn compile(build: &CapiBuild, test: &str, program: &str) -> PathBuf {
    std::fs::create_dir_all(out_dir(test)).expect("output directory");
    let exe = out_dir(test).join(program);
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
        .arg(manifest_dir().join(format!("tests/c/{program}.c")))
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
