//! The fixed interface of the `tournament` example (feature `agents`):
//! seats rotating with the game number, the results, the last line
//! `scores <s1> <s2> ...`, game records that `record check` reads back, and
//! a message with a non-zero exit for bad arguments.

use std::path::PathBuf;
use std::process::Output;
use std::sync::OnceLock;

/// Runs an example (built once, with the others this file needs) with
/// `args` and `input`.
fn example(name: &str, args: &[&str], input: &str) -> Output {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| crate::examples::build(&["tournament", "record"]));
    crate::examples::run(dir, name, args, input)
}

/// The mean scores of the last line, `scores <s1> <s2> ...`.
fn scores(output: &Output) -> Vec<f64> {
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "tournament failed:\n{stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    let rest = last
        .strip_prefix("scores ")
        .unwrap_or_else(|| panic!("last line {last:?}"));
    rest.split(' ')
        .map(|s| s.parse().expect("a number"))
        .collect()
}

#[test]
fn kaissa_alphabeta_beats_random_and_seats_rotate() {
    let output = example(
        "tournament",
        &[
            "kaissa",
            "--seats",
            "alphabeta:2,random",
            "--games",
            "2",
            "--seed",
            "3",
        ],
        "",
    );
    assert_eq!(scores(&output), [1.0, 0.0]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("game   1: Yellow alphabeta:2, Red random"),
        "{stdout}"
    );
    assert!(
        stdout.contains("game   2: Yellow random, Red alphabeta:2"),
        "{stdout}"
    );
}

#[test]
fn chaturaji_alliances_and_ludii_scores() {
    // Two agents under alliances: each plays both colours of an alliance,
    // Red's alliance first, then the other.
    let output = example(
        "tournament",
        &[
            "chaturaji",
            "--seats",
            "greedy,random",
            "--games",
            "2",
            "--seed",
            "5",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("Red greedy, Black random, Yellow random, Green greedy"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Red random, Black greedy, Yellow greedy, Green random"),
        "{stdout}"
    );
    let [a, b] = scores(&output)[..] else {
        panic!("two scores")
    };
    assert!((a + b - 1.0).abs() < 1e-9, "{a} + {b}");
    // The Ludii ruleset: one winner (1) or none (1/4 each): the means add
    // up to 1.
    let output = example(
        "tournament",
        &[
            "chaturaji",
            "--rules",
            "ludii",
            "--seats",
            "mcts:20,random,greedy,random",
            "--games",
            "1",
        ],
        "",
    );
    let total: f64 = scores(&output).iter().sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
}

#[test]
fn records_and_the_ply_cap() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tournament_cli");
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("games.txt");
    let output = example(
        "tournament",
        &[
            "kaissa",
            "--seats",
            "random,greedy",
            "--games",
            "3",
            "--max-plies",
            "24",
            "--record",
        ]
        .into_iter()
        .chain([file.to_str().expect("a UTF-8 path")])
        .collect::<Vec<_>>(),
        "",
    );
    // Random and greedy seldom end a game in 24 plies: a capped game is a
    // draw for both.
    let means = scores(&output);
    assert!((means[0] + means[1] - 1.0).abs() < 1e-9);
    let records = std::fs::read_to_string(&file).expect("the records");
    assert_eq!(records.matches("[Game \"kaissa\"]").count(), 3);
    assert!(records.contains("[Round \"3\"]"));
    let checked = example("record", &["check"], &records);
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&checked.stdout).lines().count(), 6);
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        &[][..],
        &["chess", "--seats", "random,random"],
        &["kaissa"],
        &["kaissa", "--seats", "random"],
        &["kaissa", "--seats", "random,mcts:0"],
        &["kaissa", "--seats", "random,random", "--games", "0"],
        &["kaissa", "--seats", "random,random", "--games", "x"],
        &["kaissa", "--rules", "ludii", "--seats", "random,random"],
        &["chaturaji", "--seats", "alphabeta:2,random"],
        &["chaturaji", "--rules", "ludii", "--seats", "random,random"],
        &["chaturaji", "--rules", "other", "--seats", "random,random"],
        &["kaissa", "--seats", "random,random", "--bogus", "1"],
        &["kaissa", "--seats", "random,random", "--seed"],
    ] {
        let output = example("tournament", args, "");
        assert!(!output.status.success(), "{args:?} was accepted");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("tournament: "), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?} printed results");
    }
}
