//! The crate as a Rust dependency, seen from crates that depend on it:
//!
//! - `default_features_bring_no_c_abi`: a crate that depends on two
//!   semver-incompatible copies of this crate (0.1 and 1.0, both with
//!   default features) builds and links, its dependency tree has no
//!   cbindgen, and its binary has no `kc_` symbol;
//! - `capi_feature_brings_the_c_abi`: a crate that enables `capi` can call
//!   the C ABI (`kaissa_chaturaji::ffi`), and its dependency tree has no
//!   cbindgen either (the header is committed).
//!
//! The crates are written into `<target>/tmp/dependent/` and built with
//! cargo's target directory `<target>/capi` (shared with the C library
//! build of `tests/capi/programs.rs`, so the dependencies compile once).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{manifest_dir, run};

fn work_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dependent")
}

fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target directory")
        .join("capi")
}

/// The files a published package of this crate holds
/// (`cargo package --list`).
fn packaged_files() -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = run(Command::new(cargo).current_dir(manifest_dir()).args([
        "package",
        "--list",
        "--allow-dirty",
        "-p",
        "kaissa-chaturaji",
    ]));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// A copy of this crate's package (the files `cargo package` would
/// publish) with its version set to `version`, outside any workspace.
fn library_copy(name: &str, version: &str) -> PathBuf {
    let dir = work_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    for file in packaged_files() {
        // Cargo writes these itself when packaging; the manifest is
        // rewritten below.
        if [
            ".cargo_vcs_info.json",
            "Cargo.toml.orig",
            "Cargo.toml",
            "Cargo.lock",
        ]
        .contains(&file.as_str())
        {
            continue;
        }
        let target = dir.join(&file);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("create directory");
        std::fs::copy(manifest_dir().join(&file), &target).expect("copy packaged file");
    }
    let manifest = std::fs::read_to_string(manifest_dir().join("Cargo.toml")).expect("Cargo.toml");
    let mut out = String::new();
    let mut in_workspace = false;
    for line in manifest.lines() {
        if line.starts_with('[') {
            in_workspace = line == "[workspace]";
        }
        if in_workspace {
            continue;
        }
        if line.starts_with("version = ") && !out.contains("\nversion = ") {
            out.push_str(&format!("version = \"{version}\"\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    std::fs::write(dir.join("Cargo.toml"), out).expect("write Cargo.toml");
    dir
}

/// Writes a binary crate `name` with `dependencies` and `main`.
fn dependent(name: &str, dependencies: &str, main: &str) -> PathBuf {
    let dir = work_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).expect("create crate");
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
             publish = false\n\n[dependencies]\n{dependencies}\n[workspace]\n"
        ),
    )
    .expect("write Cargo.toml");
    std::fs::write(dir.join("src/main.rs"), main).expect("write main.rs");
    // The same dependency versions as this repository.
    std::fs::copy(manifest_dir().join("Cargo.lock"), dir.join("Cargo.lock")).expect("Cargo.lock");
    dir
}

fn cargo(dir: &Path, args: &[&str]) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = run(Command::new(cargo)
        .current_dir(dir)
        .args(args)
        .env("CARGO_TARGET_DIR", target_dir()));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn exe(name: &str) -> PathBuf {
    target_dir().join("debug").join(name)
}

/// The dependent's `main`: two copies of the crate agree, and the shared
/// game interface is usable from outside the crate exactly as documented
/// (`game::kaissa()`, `game::chaturaji(rules)`, every method of `Game`,
/// a generic perft written against the trait, and `game::perft` over
/// `AnyGame`, whose counts it prints for the test to compare with the
/// perft example's).
const GAME_TRAIT_SURFACE: &str = r#"
use new::game::{self, Actor, AnyGame, Game};

fn perft<G: Game + Clone>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match game.actor() {
        Actor::Over => 0,
        Actor::Player(_) => game
            .legal_actions()
            .into_iter()
            .map(|action| {
                let mut next = game.clone();
                let _ = next.apply(action).expect("listed");
                perft(&next, depth - 1)
            })
            .sum(),
        Actor::Chance => game
            .chance_outcomes()
            .into_iter()
            .map(|(outcome, probability)| {
                assert_eq!(probability, 0.25);
                let mut next = game.clone();
                let _ = next.apply(outcome).expect("an outcome");
                perft(&next, depth)
            })
            .sum(),
    }
}

fn returns_sum<G: Game>(game: &G) -> f64 {
    game.returns().into_iter().sum()
}

fn main() {
    let a: old::kaissa::Position = old::kaissa::START_TEXT.parse().unwrap();
    let b: new::kaissa::Position = new::kaissa::START_TEXT.parse().unwrap();
    assert_eq!(a.to_string(), b.to_string());
    let kaissa = game::kaissa();
    assert_eq!(kaissa.players(), 2);
    assert_eq!(perft(&kaissa, 2), new::kaissa::perft(&b, 2));
    assert_eq!(returns_sum(&kaissa), 0.0);
    for rules in [
        new::chaturaji::Rules::default(),
        new::chaturaji::Rules::default().with_alliances(new::chaturaji::Alliances::Opposite),
        new::chaturaji::Rules::ludii(),
    ] {
        let chaturaji = game::chaturaji(rules);
        assert_eq!(chaturaji.players(), 4);
        let start = new::chaturaji::Position::start(rules);
        assert_eq!(perft(&chaturaji, 3), new::chaturaji::perft(&start, 3));
        let action = chaturaji.parse_action("2").unwrap();
        assert_eq!(action.to_string(), "2");
        let _ = chaturaji.hash();
    }
    println!("kaissa 3 {}", game::perft(&AnyGame::from(game::kaissa()), 3));
    for (name, rules) in [
        ("sheet", new::chaturaji::Rules::default()),
        ("ludii", new::chaturaji::Rules::ludii()),
    ] {
        let any = AnyGame::from(game::chaturaji(rules));
        println!("chaturaji {name} 5 {}", game::perft(&any, 5));
    }
    println!("two copies agree");
}
"#;

/// What the perft example prints for the counts the dependent prints, in
/// its lines (`kaissa 3 <nodes>`, `chaturaji <rules> 5 <nodes>`).
fn perft_example_counts() -> String {
    let dir = crate::examples::build(&["perft"]);
    let count = |args: &[&str]| {
        let output = crate::examples::run(&dir, "perft", args, "");
        assert!(output.status.success(), "perft {args:?}: {output:?}");
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    };
    let mut lines = format!("kaissa 3 {}\n", count(&["kaissa", "--threads", "1", "3"]));
    for rules in ["sheet", "ludii"] {
        let nodes = count(&["chaturaji", "--rules", rules, "--threads", "1", "5"]);
        lines.push_str(&format!("chaturaji {rules} 5 {nodes}\n"));
    }
    lines
}

#[test]
fn default_features_bring_no_c_abi() {
    let old = library_copy("kaissa-chaturaji-0.1", "0.1.0");
    let new = library_copy("kaissa-chaturaji-1.0", "1.0.0");
    let app = dependent(
        "kc-two-copies",
        &format!(
            "old = {{ package = \"kaissa-chaturaji\", path = {:?} }}\n\
             new = {{ package = \"kaissa-chaturaji\", path = {:?} }}\n",
            old.display().to_string(),
            new.display().to_string()
        ),
        GAME_TRAIT_SURFACE,
    );
    let tree = cargo(
        &app,
        &["tree", "--edges", "normal,build", "--prefix", "none"],
    );
    assert!(tree.contains("kaissa-chaturaji v0.1.0"), "{tree}");
    assert!(tree.contains("kaissa-chaturaji v1.0.0"), "{tree}");
    assert!(
        !tree.contains("cbindgen"),
        "cbindgen in a default build:\n{tree}"
    );
    cargo(&app, &["build"]);
    let binary = exe("kc-two-copies");
    let output = run(&mut Command::new(&binary));
    let expected = perft_example_counts();
    // 70656: Fairy-Stockfish's count (tests/data/kaissa.perft).
    assert!(expected.starts_with("kaissa 3 70656\n"), "{expected}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{expected}two copies agree\n")
    );
    if let Ok(nm) = Command::new("nm").arg(&binary).output() {
        let symbols = String::from_utf8_lossy(&nm.stdout);
        let c_symbols: Vec<&str> = symbols
            .lines()
            .filter(|line| {
                line.split_whitespace()
                    .last()
                    .is_some_and(|s| s.starts_with("kc_"))
            })
            .collect();
        assert!(
            c_symbols.is_empty(),
            "C symbols in a default build: {c_symbols:?}"
        );
    }
}

#[test]
fn capi_feature_brings_the_c_abi() {
    let lib = library_copy("kaissa-chaturaji-capi", env!("CARGO_PKG_VERSION"));
    let app = dependent(
        "kc-with-capi",
        &format!(
            "kaissa-chaturaji = {{ path = {:?}, features = [\"capi\"] }}\n",
            lib.display().to_string()
        ),
        "fn main() {\n\
         \x20   let version = unsafe { std::ffi::CStr::from_ptr(kaissa_chaturaji::ffi::kc_version()) };\n\
         \x20   println!(\"{}\", version.to_str().unwrap());\n\
         }\n",
    );
    let tree = cargo(
        &app,
        &["tree", "--edges", "normal,build", "--prefix", "none"],
    );
    assert!(
        !tree.contains("cbindgen"),
        "cbindgen in a build with capi:\n{tree}"
    );
    cargo(&app, &["build"]);
    let output = run(&mut Command::new(exe("kc-with-capi")));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}\n", env!("CARGO_PKG_VERSION"))
    );
}

/// A dependent crate's `main` thinking with `Agent::think` in both games:
/// alpha-beta to depth 3 in Merchant Kaissa, MCTS for 300 iterations in
/// Chaturaji after a roll, each with a progress callback.
const THINK_SURFACE: &str = r#"use kaissa_chaturaji::agents::{Agent, AgentSpec, Limit, Thought};
use kaissa_chaturaji::chaturaji::{Roll, Rules};
use kaissa_chaturaji::game::{AnyGame, Game};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = AnyGame::kaissa();
    let mut agent = "alphabeta".parse::<AgentSpec>()?.any_agent(&game, 1)?;
    let mut seen = 0;
    let t = agent.think(&game, &Limit::depth(3), &mut |_: &Thought<_>| seen += 1);
    assert!(game.legal_actions().contains(&t.best.unwrap()) && seen >= 1 && t.depth >= 3);
    println!("kaissa depth {} seen {seen}", t.depth);

    let game = AnyGame::chaturaji(Rules::default()).ready_to_choose(Roll::new(5))?;
    let mut agent = "mcts".parse::<AgentSpec>()?.any_agent(&game, 1)?;
    assert!(agent.check(&Limit::depth(3)).is_err());
    let mut seen = 0;
    let t = agent.think(&game, &Limit::nodes(300), &mut |_: &Thought<_>| seen += 1);
    assert!(game.legal_actions().contains(&t.best.unwrap()) && seen >= 1 && t.nodes == 300);
    println!("chaturaji nodes {} seen {seen}", t.nodes);
    Ok(())
}
"#;

#[test]
fn a_dependent_crate_thinks_in_both_games() {
    let lib = library_copy("kaissa-chaturaji-agents", env!("CARGO_PKG_VERSION"));
    let app = dependent(
        "kc-thinks",
        &format!(
            "kaissa-chaturaji = {{ path = {:?}, features = [\"agents\"] }}\n",
            lib.display().to_string()
        ),
        THINK_SURFACE,
    );
    cargo(&app, &["build"]);
    let output = run(&mut Command::new(exe("kc-thinks")));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("kaissa depth 3 seen 3\n"), "{text}");
    assert!(text.contains("chaturaji nodes 300 seen 1\n"), "{text}");
}
