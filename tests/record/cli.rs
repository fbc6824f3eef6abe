//! The fixed interfaces of the examples: `play ... <seed> --record` prints
//! the seeded game of the move log as a record; `record check` prints each
//! record's final position and result, and stops at a bad record with
//! `line:column: reason` and a non-zero exit; `record svg` draws the first
//! record's final position; `record count` visits every record, reading
//! on past bad ones; `--lenient` reads hand-written records.

use std::path::PathBuf;
use std::process::Output;
use std::sync::OnceLock;

/// Runs an example (built once, with the others this file needs) with
/// `args` and `input`.
fn example(name: &str, args: &[&str], input: &str) -> Output {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| crate::examples::build(&["play", "record"]));
    crate::examples::run(dir, name, args, input)
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn play_record_then_check() {
    for args in [
        &["kaissa", "7"][..],
        &["chaturaji", "7"],
        &["chaturaji", "--rules", "opposite", "11"],
        &["chaturaji", "--rules", "ludii", "7"],
        &["chaturaji", "--rules", "ludii", "12"],
    ] {
        let record = stdout(&example("play", &[args, &["--record"]].concat(), ""));
        let checked = stdout(&example("record", &["check"], &record));
        let lines: Vec<&str> = checked.lines().collect();
        assert_eq!(lines.len(), 2, "{checked}");
        // The record's game is the move log's game: same final position.
        if args.len() == 2 || args[2] == "ludii" {
            let log = stdout(&example("play", args, ""));
            assert!(
                log.lines().any(|l| l == lines[0]),
                "{args:?}: {}\nnot in\n{log}",
                lines[0]
            );
        }
        assert!([
            "yellow-wins",
            "red-wins",
            "draw",
            "rg-wins",
            "by-wins",
            "ry-wins",
            "bg-wins",
            "black-wins",
            "green-wins",
            "*"
        ]
        .contains(&lines[1]));
        if args.contains(&"ludii") {
            assert!(record.contains("[Rules \"ludii\"]\n"), "{record}");
            assert!(record.contains("\n[Scores \""), "{record}");
        }
        let svg = stdout(&example("record", &["svg"], &record));
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    }
}

#[test]
fn check_stops_at_a_bad_record() {
    let good = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e2e5 *\n\n";
    let bad = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e2e5 e9e6 2. e5e6 *\n";
    let output = example("record", &["check"], &format!("{good}{bad}{good}"));
    assert!(!output.status.success());
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        out.lines().count(),
        2,
        "the good record before it is printed: {out}"
    );
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.starts_with("11:17: "), "{err}");
    assert!(!example("record", &["svg"], "").status.success());
    assert!(!example("record", &["nonsense"], "").status.success());
}

/// A Ludii record that names the wrong winner: the place of its Result
/// tag and the reason on stderr.
#[test]
fn check_rejects_a_wrong_ludii_winner() {
    let record = |result: &str| {
        format!(
            "[Game \"chaturaji\"]\n[Rules \"ludii\"]\n[Result \"{result}\"]\n[Termination \"ranking\"]\n\
             [Position \"8/3,gP,4/8/8/8/8/8/1,gH,1,rK,4 g 0,0,0,0 - 12\"]\n\n\
             13. 5:d7d8 =E 14. 5:d1d2 2:pass 3:pass 17. 3:b1d2 {result}\n"
        )
    };
    let checked = stdout(&example("record", &["check"], &record("green-wins")));
    assert_eq!(
        checked,
        "3,gE,4/8/8/8/8/8/3,gH,4/8 r 0,0,0,5 - 17\ngreen-wins\n"
    );
    let output = example("record", &["check"], &record("red-wins"));
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.starts_with("3:10: ply 6: ") && err.contains("green-wins by ranking"),
        "{err}"
    );
}

/// `count` visits every record, reports each bad one and reads on;
/// `--lenient` reads a hand-written record that strict reading refuses.
#[test]
fn count_reads_on_and_lenient_reads_hand_written_records() {
    let good =
        "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e5 e6 2. Tf4 *\n\n";
    let bad = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e2e5 e9e6 2. e5e6 *\n\n";
    let output = example("record", &["count"], &format!("{good}{bad}{good}"));
    assert!(!output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "2 records, 6 actions, 1 bad\n"
    );
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.starts_with("11:17: ply 3: "), "{err}");
    let counted = stdout(&example("record", &["count"], &format!("{good}{good}")));
    assert_eq!(counted, "2 records, 6 actions, 0 bad\n");
    let hand = "[Game \"kaissa\"]\n[Event \"by hand\"]\n\n1. e5 e6 2. Tf4\n";
    assert!(!example("record", &["check"], hand).status.success());
    let checked = stdout(&example("record", &["check", "--lenient"], hand));
    assert!(checked.ends_with("\n*\n"), "{checked}");
    let formatted = stdout(&example("record", &["fmt", "--lenient"], hand));
    assert!(
        formatted.contains("[Result \"*\"]\n[Termination \"unfinished\"]\n")
            && formatted.contains("1. e2e5 e9e6 2. d1f4 *"),
        "{formatted}"
    );
}
