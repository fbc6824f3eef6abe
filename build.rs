//! With the `capi` feature: generates the C header `kaissa_chaturaji.h` with
//! cbindgen into `OUT_DIR` and tells the crate's tests where it is
//! (`KC_GENERATED_HEADER`), so that `tests/capi/programs.rs` can check that the
//! committed `include/kaissa_chaturaji.h` is fresh. `KC_WRITE_HEADER=1 cargo
//! build --features capi` also writes the header to `include/`. A cbindgen
//! failure is a warning, never a build failure.
//!
//! Without the feature it generates nothing: a Rust dependent builds no C
//! ABI and no cbindgen.
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
    #[cfg(feature = "capi")]
    header::generate();
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

#[cfg(feature = "capi")]
mod header {
    use std::env;
    use std::path::PathBuf;

    pub fn generate() {
        println!("cargo:rerun-if-changed=src/ffi");
        println!("cargo:rerun-if-changed=cbindgen.toml");
        println!("cargo:rerun-if-changed=include/kaissa_chaturaji.h");
        println!("cargo:rerun-if-env-changed=KC_WRITE_HEADER");

        let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
        let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
        let generated = out_dir.join("kaissa_chaturaji.h");
        println!(
            "cargo:rustc-env=KC_GENERATED_HEADER={}",
            generated.display()
        );

        let config = match cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")) {
            Ok(config) => config,
            Err(err) => {
                println!("cargo:warning=cbindgen.toml unreadable, header not generated: {err}");
                let _ = std::fs::remove_file(&generated);
                return;
            }
        };
        let result = cbindgen::Builder::new()
            .with_config(config)
            .with_src(crate_dir.join("src/ffi/mod.rs"))
            .generate();
        match result {
            Ok(bindings) => {
                bindings.write_to_file(&generated);
                if env::var_os("KC_WRITE_HEADER").is_some_and(|v| v == "1") {
                    let committed = crate_dir.join("include/kaissa_chaturaji.h");
                    let _ = std::fs::create_dir_all(crate_dir.join("include"));
                    bindings.write_to_file(&committed);
                    println!("cargo:warning=wrote {}", committed.display());
                }
            }
            Err(err) => {
                println!("cargo:warning=cbindgen failed, header not generated: {err}");
                let _ = std::fs::remove_file(&generated);
            }
        }
    }
}
