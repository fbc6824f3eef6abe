//! The record, readable-move and SVG functions of the C ABI, seen from C:
//! compiles `tests/c/record_test.c` (`$CC`, `-std=c99 -Wall -Wextra
//! -Wpedantic -Werror`) against the cbindgen-made header and the static
//! library, runs it (and again under valgrind when it is on PATH), and
//! compares what it reads from a file of records with the Rust API's
//! answers.
//!
//! The C library is built exactly as tests/capi/programs.rs builds it (so the two
//! share the build): `cargo rustc --lib --features capi --crate-type
//! staticlib --crate-type cdylib` into `<target>/capi/`, the library and
//! header found in cargo's JSON messages.

use std::path::{Path, PathBuf};
use std::process::Command;

use kaissa_chaturaji::chaturaji::{self, play_seeded_game};
use kaissa_chaturaji::kaissa::{self, Side};
use kaissa_chaturaji::record::{
    ChaturajiAction, ChaturajiRecord, GameResult, KaissaRecord, Reader, Termination,
};

use crate::capi;

use capi::{capi_build, manifest_dir, CapiBuild};

/// Where this test's files go.
fn out_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("record_ffi_c")
}

/// Compiles `tests/c/record_test.c`.
fn compile(build: &CapiBuild) -> PathBuf {
    capi::compile(build, "record_ffi_c", "record_test")
}

/// A file of records: the examples in tests/data/records and two seeded
/// games played to their end, one under the sheet's rules and one under
/// the Ludii ruleset (with its promotion decisions and Scores tag).
fn records_file() -> (PathBuf, String) {
    let mut text = String::new();
    for game in ["kaissa", "chaturaji"] {
        let path = manifest_dir().join(format!("tests/data/records/{game}.txt"));
        text.push_str(&std::fs::read_to_string(path).expect("example record"));
        text.push('\n');
    }
    let mut position = chaturaji::Position::default();
    let mut record = ChaturajiRecord::new(position.clone());
    play_seeded_game(&mut position, 99, 100_000, |ply, _| {
        let action = ChaturajiAction::Ply {
            roll: ply.roll.expect("the sheet's plies are rolled"),
            mv: ply.mv,
        };
        record.play(action).expect("a legal ply");
    });
    text.push_str(&record.to_string());
    text.push('\n');
    let mut position = chaturaji::Position::start(chaturaji::Rules::ludii());
    let mut record = ChaturajiRecord::new(position.clone());
    play_seeded_game(&mut position, 12, 100_000, |ply, _| {
        let action = match ply.roll {
            Some(roll) => ChaturajiAction::Ply { roll, mv: ply.mv },
            None => ChaturajiAction::Decision { mv: ply.mv },
        };
        record.play(action).expect("a legal ply");
    });
    assert!(record.to_string().contains(" =B "), "seed 12 has decisions");
    text.push_str(&record.to_string());
    let path = out_dir().join("records.txt");
    std::fs::create_dir_all(out_dir()).expect("output directory");
    std::fs::write(&path, &text).expect("write the records");
    (path, text)
}

/// The Kaissa record the C program builds, written by the Rust API.
fn expected_kaissa_record() -> String {
    let mut record = KaissaRecord::new(kaissa::Position::start());
    record.set_tag("Event", "C \"test\"").unwrap();
    for mv in ["e2e5", "e9e6", "d1f4"] {
        record.play(mv.parse().unwrap()).unwrap();
    }
    record.add_comment("Red {resigns}").unwrap();
    record
        .set_result(GameResult::SideWins(Side::Yellow), Termination::Resignation)
        .unwrap();
    record.to_string()
}

fn on_path(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run(exe: &Path, args: &[String], valgrind: bool) -> String {
    let mut command = if valgrind {
        let mut c = Command::new("valgrind");
        c.args(["--error-exitcode=1", "--leak-check=full", "--quiet"])
            .arg(exe);
        c
    } else {
        Command::new(exe)
    };
    let result = command.args(args).output().expect("run record_test");
    let stdout = String::from_utf8_lossy(&result.stdout).into_owned();
    eprint!("{}", String::from_utf8_lossy(&result.stderr));
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        result.status.success() && last.ends_with(" passed, 0 failed"),
        "record_test failed ({}); last line: {last}",
        result.status
    );
    stdout
}

#[test]
fn c99_program_reads_writes_and_draws() {
    let build = capi_build();
    let exe = compile(build);
    let (path, text) = records_file();
    let args = vec![path.display().to_string(), expected_kaissa_record()];
    let mut expected = String::new();
    for record in Reader::new(text.as_bytes()) {
        let record = record.expect("a valid record");
        expected.push_str(&format!(
            "position: {}\nresult: {}\n",
            record.final_position_text(),
            record.result()
        ));
    }
    let stdout = run(&exe, &args, false);
    let answers: String = stdout
        .lines()
        .filter(|l| l.starts_with("position: ") || l.starts_with("result: "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(answers, expected);
    if on_path("valgrind") {
        run(&exe, &args, true);
    } else {
        crate::valgrind_missing();
    }
}
