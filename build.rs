//! Generates nothing, with any feature: the C header is committed
//! (`include/kaissa_chaturaji.h`, written by `cargo run -p
//! kaissa-chaturaji-header` and checked by `tests/capi/programs.rs`), so no
//! build of the library needs cbindgen.
//!
//! In a git checkout of the repository (not in a packaged copy that a
//! dependent builds) it also looks for the tools some integration tests
//! need and tells the tests through `cfg`s: `kc_has_valgrind`,
//! `kc_has_cmake`, `kc_has_pkg_config`, `kc_has_gui_libs` (SDL2, SDL2_ttf
//! and the DejaVu font), and `kc_ci` when the environment says `CI=true`. A
//! test whose tool is missing is then ignored, and shows as such, except
//! under CI, where it runs and fails. After installing a tool, `touch
//! build.rs` so that the tests see it.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    test_tools::probe();
}

/// The tools of the integration tests, as `cfg`s (see the top of this file).
mod test_tools {
    use std::path::Path;
    use std::process::{Command, Stdio};

    const CFGS: [&str; 5] = [
        "kc_ci",
        "kc_has_valgrind",
        "kc_has_cmake",
        "kc_has_pkg_config",
        "kc_has_gui_libs",
    ];
    const FONT: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

    /// Whether `program args` runs and succeeds.
    fn runs(program: &str, args: &[&str]) -> bool {
        Command::new(program)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success())
    }

    pub fn probe() {
        for cfg in CFGS {
            println!("cargo::rustc-check-cfg=cfg({cfg})");
        }
        let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
        if !Path::new(&manifest).join(".git").exists() {
            return;
        }
        println!("cargo:rerun-if-env-changed=CI");
        if std::env::var("CI").is_ok_and(|ci| ci == "true") {
            println!("cargo::rustc-cfg=kc_ci");
        }
        let found = |cfg: &str| println!("cargo::rustc-cfg={cfg}");
        if runs("valgrind", &["--version"]) {
            found("kc_has_valgrind");
        }
        if runs("cmake", &["--version"]) {
            found("kc_has_cmake");
        }
        if runs("pkg-config", &["--version"]) {
            found("kc_has_pkg_config");
            if runs("pkg-config", &["--exists", "sdl2", "SDL2_ttf"]) && Path::new(FONT).exists() {
                found("kc_has_gui_libs");
            }
        }
    }
}
