//! With the `capi` feature: generates the C header `kaissa_chaturaji.h` with
//! cbindgen into `OUT_DIR` and tells the crate's tests where it is
//! (`KC_GENERATED_HEADER`), so that `tests/ffi_c.rs` can check that the
//! committed `include/kaissa_chaturaji.h` is fresh. `KC_WRITE_HEADER=1 cargo
//! build --features capi` also writes the header to `include/`. A cbindgen
//! failure is a warning, never a build failure.
//!
//! Without the feature it does nothing at all: a Rust dependent builds no C
//! ABI and no cbindgen.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "capi")]
    header::generate();
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
