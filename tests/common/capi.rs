//! Building the C library with the `capi` feature and compiling C and C++
//! test programs against it (`tests/capi/`): `cargo rustc --lib --features
//! capi,agents --crate-type staticlib --crate-type cdylib` into
//! `<target>/capi/` (one build per test run, in the test's profile, with
//! the arguments of `scripts/install-c`, whose `--profile` run in
//! `tests/packaging/` then finds it built), the library found in cargo's
//! JSON messages, the system libraries from rustc's native-static-libs, and
//! the committed header `include/kaissa_chaturaji.h` (the one installed).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

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

/// The linker flag that names the shared library as `scripts/install-c`
/// installs it: `lib<name>.so.<abi>`, `<abi>` the major version, or
/// `0.MINOR` before 1.0 (an `@rpath` install name on macOS).
fn soname_flag() -> String {
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let minor = env!("CARGO_PKG_VERSION_MINOR");
    let abi = if major == "0" {
        format!("0.{minor}")
    } else {
        major.to_string()
    };
    if cfg!(target_os = "macos") {
        format!("-Wl,-install_name,@rpath/libkaissa_chaturaji.{abi}.dylib")
    } else {
        format!("-Wl,-soname,libkaissa_chaturaji.so.{abi}")
    }
}

/// The static library, the libraries it needs, and the directory of the
/// committed header.
pub struct CapiBuild {
    pub static_lib: PathBuf,
    pub native_libs: Vec<String>,
    pub header_dir: PathBuf,
}

impl CapiBuild {
    /// The committed header, the one `scripts/install-c` installs.
    #[allow(dead_code)] // used by some of the test binaries that share this file
    pub fn header(&self) -> PathBuf {
        self.header_dir.join("kaissa_chaturaji.h")
    }
}

/// Builds the C library once per test binary (cargo skips the work when
/// another test binary built it already) and finds its files.
pub fn capi_build() -> &'static CapiBuild {
    static BUILD: OnceLock<CapiBuild> = OnceLock::new();
    BUILD.get_or_init(build)
}

fn build() -> CapiBuild {
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
        "capi,agents",
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
    // The rustc arguments of `scripts/install-c`, to the letter: cargo
    // keeps one build per profile and rebuilds when they change, so with
    // the same ones `tests/packaging/install.rs` installs this very build
    // (`--profile dev` in a debug test run) instead of making another.
    command.args(["--", "--print", "native-static-libs", "-C"]);
    command.arg(format!("link-arg={}", soname_flag()));
    let output = command.output().expect("run cargo rustc --features capi");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "cargo rustc failed:\n{stderr}");
    let mut static_lib = None;
    for line in stdout.lines().filter(|l| l.contains("kaissa")) {
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
        header_dir: manifest_dir().join("include"),
    }
}

/// The compiler in the environment variable `variable` (`CC`, `CXX`), or
/// `default`.
pub fn compiler(variable: &str, default: &str) -> String {
    std::env::var(variable)
        .ok()
        .filter(|value| !value.trim().is_empty())
        .unwrap_or_else(|| default.to_string())
}

/// How the C test programs are compiled: warnings are errors.
pub const C99_FLAGS: &[&str] = &[
    "-std=c99",
    "-Wall",
    "-Wextra",
    "-Wpedantic",
    "-Werror",
    "-g",
];

/// Compiles `source` (a path below the repository) with `compiler` and
/// `flags` against `build`'s header and static library into `exe`.
pub fn compile_with(build: &CapiBuild, compiler: &str, flags: &[&str], source: &str, exe: &Path) {
    std::fs::create_dir_all(exe.parent().expect("an output directory")).expect("output directory");
    let result = Command::new(compiler)
        .args(flags)
        .arg("-I")
        .arg(&build.header_dir)
        .arg(manifest_dir().join(source))
        .arg(&build.static_lib)
        .args(&build.native_libs)
        .arg("-o")
        .arg(exe)
        .output()
        .unwrap_or_else(|err| panic!("cannot run {compiler}: {err}"));
    assert!(
        result.status.success(),
        "{compiler} failed on {source}:\n{}{}",
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
}

/// Compiles `tests/c/<program>.c` (`$CC`, C99, warnings are errors)
/// against `build` into `<target>/tmp/<test>/<program>`.
#[allow(dead_code)] // used by some of the test binaries that share this file
pub fn compile(build: &CapiBuild, test: &str, program: &str) -> PathBuf {
    let exe = out_dir(test).join(program);
    compile_with(
        build,
        &compiler("CC", "cc"),
        C99_FLAGS,
        &format!("tests/c/{program}.c"),
        &exe,
    );
    exe
}
