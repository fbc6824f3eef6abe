//! The C ABI seen from C and C++.
//!
//! - `committed_header_is_fresh`: `include/kaissa_chaturaji.h` must equal the
//!   header cbindgen generates from `src/ffi/`, written into a temporary
//!   directory by the workspace's `tools/header` program (the only build
//!   with cbindgen; the C library itself is built without it). Refresh it
//!   with `cargo run -p kaissa-chaturaji-header`.
//! - `c99_program` / `cpp17_program`: compile `tests/c/kaissa_test.c` (`$CC`,
//!   `-std=c99 -Wall -Wextra -Wpedantic -Werror`) and `tests/c/kaissa_test.cpp`
//!   (`$CXX`, `-std=c++17 … -Werror`) against the generated header and the
//!   static library, run them with the Rust API's perft numbers and seeded
//!   game as arguments, then again under valgrind when it is on PATH.
//! - `indexed_c99_program`: the same for `tests/c/kaissa_indexed_test.c`
//!   (moves by index: perft by `kc_kaissa_list` + `kc_kaissa_push_index` +
//!   `kc_kaissa_pop`, stale listings and bad indexes refused).
//! - `visit_c99_program`: the same for `tests/c/kaissa_visit_test.c`
//!   (`kc_kaissa_visit`: perft by nested visits, and visitors that break
//!   its rules).
//!
//! - `deprecated_names_still_work`: `tests/c/deprecated_names_test.c` calls
//!   every name version 0.2 renamed beside its new name (built with
//!   `-Wno-deprecated-declarations`), and the compiler warns at each renamed
//!   function without that flag; `header_marks_renamed_names_deprecated`
//!   finds each old name marked in the header (`KC_DEPRECATED`, or a
//!   `Deprecated:` comment right above a constant).
//! - `chaturaji_c99_program` / `chaturaji_cpp17_program`: the same for
//!   `tests/c/chaturaji_test.c` and `tests/c/chaturaji_test.cpp`, with the
//!   Rust API's Chaturaji perft numbers (depths 1-5, both alliances) and the
//!   final position of `play_seeded_game` with the same seed.
//!
//! The C library: the crate's default build has no C ABI (it is the `capi`
//! feature), so this test builds it itself (`tests/common/capi.rs`, shared
//! with the other C-program tests), once, with
//! `cargo rustc --lib --features capi --crate-type staticlib --crate-type
//! cdylib` into `<target>/capi/` (its own target directory, same profile),
//! and takes the static library and the shared library from cargo's JSON
//! messages; the programs include the committed header. The compilers come from `CC` and `CXX`
//! (default `cc` and `c++`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::capi;

use capi::{capi_build, compiler, manifest_dir, C99_FLAGS};

use kaissa_chaturaji::kaissa::{perft, MoveList, Position, START_TEXT};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

const REFRESH_COMMAND: &str = "cargo run -p kaissa-chaturaji-header";
const SEED: u64 = 20240601;
const MAX_PLIES: usize = 3000;

/// The header cbindgen makes from `src/ffi/` now: `tools/header` run into
/// `<target>/tmp/header/`, built in `<target>/header/`.
fn generated_header() -> String {
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let out = tmp.join("header").join("kaissa_chaturaji.h");
    let _ = std::fs::remove_file(&out);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target = tmp.parent().expect("target directory").join("header");
    let output = Command::new(cargo)
        .current_dir(manifest_dir())
        .args([
            "run",
            "--quiet",
            "-p",
            "kaissa-chaturaji-header",
            "--target-dir",
        ])
        .arg(&target)
        .arg("--")
        .arg(&out)
        .output()
        .expect("run cargo run -p kaissa-chaturaji-header");
    assert!(
        output.status.success(),
        "the header generator failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::read_to_string(&out)
        .unwrap_or_else(|err| panic!("the generated header {} is missing: {err}", out.display()))
}

#[test]
fn committed_header_is_fresh() {
    let generated = generated_header();
    let committed_path = manifest_dir().join("include/kaissa_chaturaji.h");
    let committed = std::fs::read_to_string(&committed_path).unwrap_or_default();
    if committed != generated {
        let first_difference = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "include/kaissa_chaturaji.h is stale (first difference at line {}).\n\
             Refresh it with:\n\n    {REFRESH_COMMAND}\n",
            first_difference + 1
        );
    }
}

/// The header must not mention Rust-only types.
#[test]
fn header_has_only_c_types() {
    let header = std::fs::read_to_string(capi_build().header()).expect("generated header");
    for word in ["u128", "i128", "__int128", "usize", "uintptr_t"] {
        assert!(!header.contains(word), "the header mentions {word}");
    }
}

/// How the C++ test programs are compiled.
const CPP17_FLAGS: &[&str] = &[
    "-std=c++17",
    "-Wall",
    "-Wextra",
    "-Wpedantic",
    "-Werror",
    "-g",
];

fn out_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ffi_c")
}

/// Compiles `source` with `compiler` and `flags` against the C library into
/// `output` in this test's directory.
fn compile(compiler: &str, flags: &[&str], source: &str, output: &str) -> PathBuf {
    let exe = out_dir().join(output);
    capi::compile_with(capi_build(), compiler, flags, source, &exe);
    exe
}

/// The Rust API's answers the C programs must agree with: perft 1-3 from the
/// start and a seeded random game (the same choice rule as
/// `kc_kaissa_random_move`: `moves[below(n)]` in generation order),
/// computed once for the programs that take them.
fn expectations() -> &'static [String] {
    static ARGS: OnceLock<Vec<String>> = OnceLock::new();
    ARGS.get_or_init(compute_expectations)
}

fn compute_expectations() -> Vec<String> {
    let start = Position::start();
    let mut args: Vec<String> = (1..=3).map(|d| perft(&start, d).to_string()).collect();
    // The Rust numbers agree with the independent reference data (when present).
    let data = std::fs::read_to_string(manifest_dir().join("tests/data/kaissa.perft"));
    for line in data.iter().flat_map(|text| text.lines()) {
        let mut fields = line.splitn(3, ' ');
        let (Some(depth), Some(nodes), Some(text)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        if text == START_TEXT {
            if let Ok(depth @ 1..=3) = depth.parse::<usize>() {
                assert_eq!(
                    args[depth - 1],
                    nodes,
                    "perft {depth} vs tests/data/kaissa.perft"
                );
            }
        }
    }
    let mut pos = Position::start();
    let mut rng = SplitMix64::new(SEED);
    let mut plies = 0;
    let mut moves = MoveList::new();
    while plies < MAX_PLIES && !pos.outcome().is_over() {
        pos.generate_moves(&mut moves);
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
        plies += 1;
    }
    args.push(SEED.to_string());
    args.push(pos.to_string());
    args.push(plies.to_string());
    args
}

fn on_path(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs `exe` (and then under valgrind, when available) and checks that it
/// passes: exit status 0 and a final `N passed, 0 failed` line.
fn run_program(exe: &Path) {
    run_program_with(exe, expectations());
}

/// Runs `exe` with `args` (and then under valgrind, when available) and
/// checks that it passes.
fn run_program_with(exe: &Path, args: &[String]) {
    let mut runs = vec![Command::new(exe)];
    if on_path("valgrind") {
        let mut valgrind = Command::new("valgrind");
        valgrind
            .args(["--error-exitcode=1", "--leak-check=full", "--quiet"])
            .arg(exe);
        runs.push(valgrind);
    } else {
        crate::valgrind_missing();
    }
    for mut command in runs {
        let result = command.args(args).output().expect("run the test program");
        let stdout = String::from_utf8_lossy(&result.stdout);
        let stderr = String::from_utf8_lossy(&result.stderr);
        print!("{stdout}");
        eprint!("{stderr}");
        let last = stdout.lines().last().unwrap_or_default();
        assert!(
            result.status.success() && last.ends_with(" passed, 0 failed"),
            "{command:?} failed ({}); last line: {last}",
            result.status
        );
    }
}

#[test]
fn c99_program() {
    let exe = compile(
        &compiler("CC", "cc"),
        C99_FLAGS,
        "tests/c/kaissa_test.c",
        "kaissa_test_c",
    );
    run_program(&exe);
}

/// `tests/c/kaissa_indexed_test.c`: moves by index (`kc_kaissa_list`,
/// `kc_kaissa_push_index`, `kc_kaissa_pop_push_index`,
/// `kc_kaissa_listed_move(s)`): perft 0 to 3 from the start by index
/// agrees with the Rust API (itself checked against
/// `tests/data/kaissa.perft`), and stale listings and bad indexes are
/// refused.
#[test]
fn indexed_c99_program() {
    let exe = compile(
        &compiler("CC", "cc"),
        C99_FLAGS,
        "tests/c/kaissa_indexed_test.c",
        "kaissa_indexed_test_c",
    );
    run_program(&exe);
}

/// `tests/c/kaissa_visit_test.c`: `kc_kaissa_visit` (the library plays each
/// listed move around a call to a C visitor): perft 0 to 3 from the start
/// by nested visits agrees with the Rust API and `tests/data/kaissa.perft`;
/// orders, stop values, refused arguments, and a visitor that tries to
/// take the visited move back or change the position otherwise (refused)
/// or leaves a move pushed (the visit stops, both moves stay poppable).
#[test]
fn visit_c99_program() {
    let exe = compile(
        &compiler("CC", "cc"),
        C99_FLAGS,
        "tests/c/kaissa_visit_test.c",
        "kaissa_visit_test_c",
    );
    run_program(&exe);
}

/// The functions version 0.3 renamed, each beside the name that replaced
/// it (`tests/c/deprecated_names_test.c` calls both).
const RENAMED_FUNCTIONS: &[(&str, &str)] = &[
    ("kc_kaissa_ply32", "kc_kaissa_ply"),
    ("kc_kaissa_random_move", "kc_kaissa_choose_move"),
];

/// The names version 0.2 deprecated, which version 0.3 removed.
const REMOVED_NAMES: &[&str] = &[
    "kc_kaissa_side_to_move",
    "kc_kaissa_move_to_san",
    "kc_kaissa_move_from_san",
    "KC_RECORD_KAISSA",
    "KC_RECORD_CHATURAJI",
    "KC_AGENT_GAME_KAISSA",
    "KC_AGENT_GAME_CHATURAJI",
];

/// `tests/c/deprecated_names_test.c`: every name version 0.3 renamed still
/// compiles, links and answers as its new name (built with
/// `-Wno-deprecated-declarations`); without that flag the C and the C++
/// compiler warn at every renamed function, because the header marks it
/// `KC_DEPRECATED`.
#[test]
fn deprecated_names_still_work() {
    let cc = compiler("CC", "cc");
    let mut flags = C99_FLAGS.to_vec();
    flags.push("-Wno-deprecated-declarations");
    let exe = compile(
        &cc,
        &flags,
        "tests/c/deprecated_names_test.c",
        "deprecated_names_test_c",
    );
    run_program_with(&exe, &[]);
    // The same source read as C and as C++ (`[[deprecated]]` there).
    let cxx = compiler("CXX", "c++");
    for (compiler, flags) in [
        (&cc, ["-std=c99", "-x", "c"]),
        (&cxx, ["-std=c++17", "-x", "c++"]),
    ] {
        let warned = Command::new(compiler)
            .args(flags)
            .args(["-Wall", "-fsyntax-only", "-I"])
            .arg(&capi_build().header_dir)
            .arg(manifest_dir().join("tests/c/deprecated_names_test.c"))
            .output()
            .unwrap_or_else(|err| panic!("cannot run {compiler}: {err}"));
        let warnings = String::from_utf8_lossy(&warned.stderr);
        for (old, new) in RENAMED_FUNCTIONS {
            let warned_of = |line: &str| {
                line.contains("is deprecated")
                    && line.match_indices(old).any(|(at, _)| {
                        let after = line[at + old.len()..].chars().next();
                        !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                    })
            };
            assert!(
                warnings.lines().any(warned_of),
                "{compiler}: no deprecation warning for {old} (use {new}):\n{warnings}"
            );
        }
    }
}

/// Every renamed name is marked in the header: a function by
/// `KC_DEPRECATED("use ...")`, a constant by a comment line starting
/// `Deprecated:` right above it; the new name is declared too. The names
/// the release before deprecated are gone.
#[test]
fn header_marks_renamed_names_deprecated() {
    let header = std::fs::read_to_string(capi_build().header()).expect("generated header");
    for removed in REMOVED_NAMES {
        assert!(
            !header.contains(&format!(" {removed}(")) && !header.contains(&format!(" {removed} ")),
            "{removed} was deprecated in 0.2 and is still in the header"
        );
    }
    let lines: Vec<&str> = header.lines().collect();
    for (old, new) in RENAMED_FUNCTIONS {
        let at = lines
            .iter()
            .position(|line| {
                line.contains(&format!(" {old}(")) || line.starts_with(&format!("#define {old} "))
            })
            .unwrap_or_else(|| panic!("{old} is not in the header"));
        let marked = if old.starts_with("kc_") {
            at > 0 && lines[at - 1].starts_with(&format!("KC_DEPRECATED(\"use {new}"))
        } else {
            lines[..at]
                .iter()
                .rev()
                .take_while(|line| line.starts_with("//"))
                .any(|line| line.starts_with(&format!("// Deprecated: use `{new}`")))
        };
        assert!(marked, "{old} is not marked deprecated: {}", lines[at]);
        assert!(
            header.contains(&format!(" {new}(")) || header.contains(&format!("#define {new} ")),
            "{new} is not in the header"
        );
    }
}

#[test]
fn cpp17_program() {
    let exe = compile(
        &compiler("CXX", "c++"),
        CPP17_FLAGS,
        "tests/c/kaissa_test.cpp",
        "kaissa_test_cpp",
    );
    run_program(&exe);
}

/// The C example, compiled warning-free once for the tests that drive it.
fn c_example() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        compile(
            &compiler("CC", "cc"),
            C99_FLAGS,
            "examples/c/kc_play.c",
            "kc_play",
        )
    })
}

/// Runs the C example (seed 7) with `input` typed in; returns what it printed.
fn play_example(input: &[u8]) -> String {
    let mut child = Command::new(c_example())
        .arg("7")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run kc_play");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input).expect("write moves");
    }
    let result = child.wait_with_output().expect("kc_play output");
    let stdout = String::from_utf8_lossy(&result.stdout).into_owned();
    assert!(result.status.success(), "kc_play failed:\n{stdout}");
    stdout
}

/// The C example plays a few piped Kaissa moves.
#[test]
fn c_example_plays_piped_moves() {
    let stdout = play_example(b"1\ne2e5\nmoves\ne2e9\nnonsense\nd2d4\nquit\n");
    assert!(stdout.contains("You play e2e5"), "{stdout}");
    assert!(stdout.contains("Illegal move e2e9"), "{stdout}");
    assert!(stdout.contains("not a move"), "{stdout}");
    assert!(stdout.contains("Bye"), "{stdout}");
}

/// The Rust API's Chaturaji answers the C programs must agree with: perft
/// 1-5 from the start (sheet alliances), perft 5 with opposite alliances,
/// and the seeded game of `play_seeded_game` (one SplitMix64 for the die and
/// the choice: roll, then choose) under the default rules: its seed, final
/// text and number of plies; computed once for the C and the C++ program.
fn chaturaji_expectations() -> &'static [String] {
    static ARGS: OnceLock<Vec<String>> = OnceLock::new();
    ARGS.get_or_init(compute_chaturaji_expectations)
}

fn compute_chaturaji_expectations() -> Vec<String> {
    use kaissa_chaturaji::chaturaji::{self as ch, Alliances, Rules};
    let sheet = ch::Position::start(Rules::default());
    let opposite = ch::Position::start(Rules::default().with_alliances(Alliances::Opposite));
    let mut args: Vec<String> = (1..=5).map(|d| ch::perft(&sheet, d).to_string()).collect();
    args.push(ch::perft(&opposite, 5).to_string());
    // docs/rules.md, "from an independent reference implementation".
    assert_eq!(args, ["10", "100", "1000", "10000", "111900", "113800"]);
    let mut pos = sheet.clone();
    let mut plies = 0u32;
    let outcome = ch::play_seeded_game(&mut pos, SEED, 20_000, |_, _| plies += 1);
    assert!(outcome.is_over(), "the seeded game must end");
    args.push(SEED.to_string());
    args.push(pos.to_string());
    args.push(plies.to_string());
    args
}

#[test]
fn chaturaji_c99_program() {
    let exe = compile(
        &compiler("CC", "cc"),
        C99_FLAGS,
        "tests/c/chaturaji_test.c",
        "chaturaji_test_c",
    );
    run_program_with(&exe, chaturaji_expectations());
}

#[test]
fn chaturaji_cpp17_program() {
    let exe = compile(
        &compiler("CXX", "c++"),
        CPP17_FLAGS,
        "tests/c/chaturaji_test.cpp",
        "chaturaji_test_cpp",
    );
    run_program_with(&exe, chaturaji_expectations());
}

/// The C example's Chaturaji game: the seeded die (seed 7) gives Red a 3
/// first, so the horse move h2f3 is legal and the boat move h1h2 is not.
#[test]
fn c_example_plays_chaturaji() {
    let stdout = play_example(b"2\nmoves\nh1h2\nnonsense\nh2f3\nquit\n");
    assert!(stdout.contains("You rolled a 3"), "{stdout}");
    assert!(stdout.contains("2 legal moves for a 3"), "{stdout}");
    assert!(stdout.contains("8  yB yP  .  * bK bE bH bB"), "{stdout}");
    assert!(stdout.contains("Illegal move h1h2 with a 3"), "{stdout}");
    assert!(stdout.contains("not a move"), "{stdout}");
    assert!(stdout.contains("You play h2f3"), "{stdout}");
    assert!(stdout.contains("Black rolls"), "{stdout}");
    assert!(stdout.contains("Bye"), "{stdout}");
}

/// `tests/c/playouts_test.c`: the playouts C ABI gives the Rust API's
/// figures, the same on one thread and on three.
#[test]
fn playouts_c99_program() {
    use kaissa_chaturaji::chaturaji::Rules;
    use kaissa_chaturaji::playouts::Playouts;
    let kaissa = Playouts::kaissa(9).with_max_plies(3_000).games(12);
    let chaturaji = Playouts::chaturaji(Rules::default(), 9).with_max_plies(3_000);
    let until = chaturaji.until_plies(5_000);
    let args = [
        kaissa.games,
        kaissa.plies,
        kaissa.wins_of_side(kaissa_chaturaji::kaissa::Side::Yellow),
        until.games,
        until.plies,
        u64::from(chaturaji.game(3).plies),
    ]
    .map(|n| n.to_string());
    let exe = compile(
        &compiler("CC", "cc"),
        C99_FLAGS,
        "tests/c/playouts_test.c",
        "playouts_test_c",
    );
    let mut runs = vec![Command::new(&exe)];
    if on_path("valgrind") {
        // Only definite and indirect leaks are errors here: starting
        // threads makes the standard library give the calling thread a
        // handle (48 bytes) that lives as long as the thread, which
        // valgrind calls "possibly lost".
        let mut valgrind = Command::new("valgrind");
        valgrind
            .args([
                "--error-exitcode=1",
                "--leak-check=full",
                "--errors-for-leak-kinds=definite,indirect",
                "--quiet",
            ])
            .arg(&exe);
        runs.push(valgrind);
    }
    for mut command in runs {
        let result = command.args(&args).output().expect("run the C program");
        let stdout = String::from_utf8_lossy(&result.stdout);
        eprint!("{}", String::from_utf8_lossy(&result.stderr));
        let last = stdout.lines().last().unwrap_or_default();
        assert!(
            result.status.success() && last.ends_with(" passed, 0 failed"),
            "{command:?} failed ({}); last line: {last}",
            result.status
        );
    }
}
