//! The C distribution as a C or C++ project sees it: `scripts/install-c
//! --prefix DIR` installs the library, then programs outside the repository
//! are built against the installed files only:
//!
//! - `pkg_config_c99_shared`: `tests/install/hello.c` built with
//!   `pkg-config --cflags --libs kaissa_chaturaji`, run with no
//!   `LD_LIBRARY_PATH`: the shared library is found through its SONAME in
//!   the run path the `.pc` file links in (`readelf -d` shows the SONAME in
//!   the library, and the NEEDED entry and the RUNPATH in the program);
//! - `pkg_config_c99_static`: the same program with
//!   `pkg-config --cflags --libs kaissa_chaturaji_static` (no NEEDED entry
//!   for the library);
//! - `cmake_cpp17`: `tests/install/cmake/` (C++17) configured with
//!   `find_package(kaissa_chaturaji CONFIG REQUIRED)`, both the shared and
//!   the static imported target.
//!
//! The install runs once per test run, into `<target>/tmp/install-c/`, with
//! cargo's target directory `<target>/capi` and `--profile` the test's
//! profile (`dev` in a plain `cargo test`: the build of `tests/capi/`, so
//! nothing is compiled twice); `.ci/run` also installs the default
//! (release) build and builds `tests/install/hello.c` against it. Compilers
//! come from `CC` and `CXX` (default `cc` and `c++`). `.ci/run` installs
//! cmake and pkg-config; where one is missing outside CI the test says so
//! and skips that part (under CI, `CI` set, it fails instead).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{installed, manifest_dir, run};

/// What every program must print. Kaissa perft(2) from the start = 1600
/// (Fairy-Stockfish's pyffish, `tests/data/kaissa.perft`); Chaturaji
/// perft(3) from the start = 1000 (docs/rules.md §2: 10^d for d <= 4).
fn expected_output() -> String {
    format!(
        "version {}\nkaissa perft 2 1600\nchaturaji perft 3 1000\n",
        env!("CARGO_PKG_VERSION")
    )
}

fn work_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("install-c")
}

/// Fails the test unless `program` runs. Without the tool the test is
/// ignored (build.rs's `kc_has_*` cfgs), except under CI, where it runs and
/// fails here.
fn require(program: &str) {
    let found = Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(found, "{program} is not installed; .ci/run installs it");
}

fn compiler(variable: &str, default: &str) -> String {
    std::env::var(variable)
        .ok()
        .filter(|value| !value.trim().is_empty())
        .unwrap_or_else(|| default.to_string())
}

/// `pkg-config --cflags --libs <module>` against the installed prefix.
fn pkg_config(module: &str) -> Vec<String> {
    let output = run(Command::new("pkg-config")
        .args(["--cflags", "--libs", module])
        .env("PKG_CONFIG_PATH", installed().join("lib/pkgconfig")));
    String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Copies `tests/install/hello.c` to a directory outside the repository and
/// builds it with `flags`.
fn build_hello(name: &str, flags: &[String]) -> PathBuf {
    let dir = work_dir().join(name);
    std::fs::create_dir_all(&dir).expect("create build directory");
    let source = dir.join("hello.c");
    std::fs::copy(manifest_dir().join("tests/install/hello.c"), &source).expect("copy hello.c");
    let exe = dir.join("hello");
    run(Command::new(compiler("CC", "cc"))
        .args(["-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror"])
        .arg(&source)
        .args(flags)
        .arg("-o")
        .arg(&exe));
    exe
}

fn readelf_dynamic(file: &Path) -> String {
    String::from_utf8_lossy(&run(Command::new("readelf").arg("-d").arg(file)).stdout).into_owned()
}

/// Runs `exe` without the caller's `LD_LIBRARY_PATH` or
/// `DYLD_LIBRARY_PATH` (an installed program finds its library by itself)
/// and checks what it prints.
fn check_output(exe: &Path) {
    let mut command = Command::new(exe);
    command
        .env_remove("LD_LIBRARY_PATH")
        .env_remove("DYLD_LIBRARY_PATH");
    let output = run(&mut command);
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected_output());
}

/// The SONAME the install gives the shared library (0.x versions: 0.MINOR).
fn soname() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let mut parts = version.split('.');
    let major = parts.next().unwrap_or("0");
    let minor = parts.next().unwrap_or("0");
    if major == "0" {
        format!("libkaissa_chaturaji.so.0.{minor}")
    } else {
        format!("libkaissa_chaturaji.so.{major}")
    }
}

#[test]
#[cfg_attr(
    not(any(kc_has_pkg_config, kc_ci)),
    ignore = "pkg-config is not installed (.ci/run installs it)"
)]
fn pkg_config_c99_shared() {
    require("pkg-config");
    let lib_dir = installed().join("lib");
    let exe = build_hello("pkg-config-shared", &pkg_config("kaissa_chaturaji"));
    if cfg!(target_os = "linux") {
        let soname = soname();
        let library = readelf_dynamic(&lib_dir.join("libkaissa_chaturaji.so"));
        assert!(
            library.contains(&format!("Library soname: [{soname}]")),
            "{library}"
        );
        let program = readelf_dynamic(&exe);
        assert!(
            program.contains(&format!("Shared library: [{soname}]")),
            "{program}"
        );
        // Found through its SONAME, the versioned link beside the real file,
        // in the run path the `.pc` file gives.
        assert!(lib_dir.join(&soname).exists());
        assert!(
            program.contains(&format!("path: [{}]", lib_dir.display())),
            "no run path to {} in the program:\n{program}",
            lib_dir.display()
        );
    }
    check_output(&exe);
}

#[test]
#[cfg_attr(
    not(any(kc_has_pkg_config, kc_ci)),
    ignore = "pkg-config is not installed (.ci/run installs it)"
)]
fn pkg_config_c99_static() {
    require("pkg-config");
    let exe = build_hello("pkg-config-static", &pkg_config("kaissa_chaturaji_static"));
    if cfg!(target_os = "linux") {
        let program = readelf_dynamic(&exe);
        assert!(!program.contains("libkaissa_chaturaji"), "{program}");
    }
    check_output(&exe);
}

#[test]
#[cfg_attr(
    not(any(kc_has_cmake, kc_ci)),
    ignore = "cmake is not installed (.ci/run installs it)"
)]
fn cmake_cpp17() {
    require("cmake");
    let prefix = installed();
    let source = work_dir().join("cmake-source");
    let build = work_dir().join("cmake-build");
    let _ = std::fs::remove_dir_all(&build);
    std::fs::create_dir_all(&source).expect("create cmake source directory");
    for file in ["CMakeLists.txt", "main.cpp"] {
        std::fs::copy(
            manifest_dir().join("tests/install/cmake").join(file),
            source.join(file),
        )
        .expect("copy the CMake project");
    }
    let mut configure = Command::new("cmake");
    configure
        .arg("-S")
        .arg(&source)
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display()))
        .env("CXX", compiler("CXX", "c++"));
    run(&mut configure);
    run(Command::new("cmake").arg("--build").arg(&build));
    // CMake links imported shared targets with an rpath to their directory.
    check_output(&build.join("hello_shared"));
    check_output(&build.join("hello_static"));
}
