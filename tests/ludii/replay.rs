//! The recorded Ludii games of `tests/data/ludii/` (see the README there),
//! replayed with the library's own rules by the code of
//! `examples/ludii_replay.rs`: its output must equal `sample.expected` line
//! for line. Then the tool's error reports: a wrong mover, an illegal move,
//! a die on a decision ply, a missing die, malformed lines.

#[path = "../../examples/support/ludii_replay.rs"]
mod ludii_replay;

fn run(input: &str) -> (String, bool) {
    let mut out = Vec::new();
    let ok = ludii_replay::replay(input.as_bytes(), &mut out).expect("in-memory I/O");
    (String::from_utf8(out).expect("UTF-8 output"), ok)
}

fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ludii")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_sample_replays_exactly() {
    let (out, ok) = run(&data("sample.in"));
    let expected = data("sample.expected");
    assert!(ok, "the replay reported an error");
    let mut got = out.lines();
    for (n, want) in expected.lines().enumerate() {
        let line = got.next();
        assert_eq!(line, Some(want), "line {} of sample.expected", n + 1);
    }
    assert_eq!(got.next(), None, "more lines than sample.expected");
    assert_eq!(out, expected);
}

/// The first plies of game 0 of the sample.
const OPENING: &str = "0 0 green 3 b1a3\n0 1 red 3 h2f3\n0 2 black 2 h8f6\n";

#[test]
fn a_cut_game_is_ongoing() {
    let (out, ok) = run(OPENING);
    assert!(ok);
    assert_eq!(
        out,
        "0 0 b1a3 b1c3\n0 1 h2f1 h2f3\n0 2 h8f6\n\
         0 end ongoing none green=0 red=0 black=0 yellow=0\n"
    );
}

#[test]
fn a_wrong_mover_stops_the_game_only() {
    let input = format!("{OPENING}0 3 green 5 b7c7\n0 4 green 4 c1b1\n1 0 green 4 pass\n");
    let (out, ok) = run(&input);
    assert!(!ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(
        lines[3],
        "0 3 error wrong mover: green is recorded, yellow is to move"
    );
    assert_eq!(lines[4], "1 0 pass");
    assert_eq!(
        lines[5],
        "1 end ongoing none green=0 red=0 black=0 yellow=0"
    );
}

#[test]
fn an_illegal_move_is_reported() {
    let (out, ok) = run("4 0 green 3 b1d2\n4 1 red 2 h1f3\n");
    assert!(!ok);
    assert_eq!(
        out,
        "4 0 error illegal move b1d2: the piece cannot move there\n"
    );
    let (out, ok) = run("4 0 green 2 pass\n");
    assert!(!ok);
    assert!(out.starts_with("4 0 error illegal move pass"), "{out}");
}

#[test]
fn decisions_need_no_die_and_rolls_need_one() {
    let (out, ok) = run("2 0 green - promote:K\n");
    assert!(!ok);
    assert_eq!(
        out,
        "2 0 error no die is recorded, but no promotion decision is pending\n"
    );
    let (out, ok) = run("2 0 green 5 promote:K\n");
    assert!(!ok);
    assert!(out.starts_with("2 0 error illegal move promote:K"), "{out}");
}

#[test]
fn malformed_lines_are_reported() {
    for (line, reason) in [
        ("3 0 green 7 b1a3", "malformed die \"7\""),
        ("3 0 purple 3 b1a3", "unknown mover \"purple\""),
        ("3 0 green 3 b1a9", "malformed move \"b1a9\""),
        ("3 0 green 3 promote:P", "malformed move \"promote:P\""),
        ("3 0 green 3", "malformed line: expected 5 fields, found 4"),
        ("3 1 green 3 b1a3", "ply 1 out of order: expected ply 0"),
    ] {
        let (out, ok) = run(&format!("{line}\n"));
        assert!(!ok, "{line}");
        let start = format!("{} {} error {reason}", &line[..1], &line[2..3]);
        assert!(out.starts_with(&start), "{line}: {out}");
        assert_eq!(out.lines().count(), 1, "{line}: {out}");
    }
    // A line without a game number is skipped (reported on stderr).
    let (out, ok) = run("x y\n");
    assert!(!ok);
    assert_eq!(out, "");
}
