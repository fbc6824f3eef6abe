//! kc-tournament's fixed interface: seats rotating with the game number,
//! the results, the last line `scores <s1> <s2> ...`, game records the
//! library reads back, a message with a non-zero exit for bad arguments;
//! engines (kc-engine) as seats, forfeits of engines that misbehave,
//! openings, the Elo line, the SPRT stop and games in parallel.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use kaissa_chaturaji::record::{Reader, Record};

/// The engine, built with the runner.
const ENGINE: &str = env!("CARGO_BIN_EXE_kc-engine");

/// How long one run may take before it is killed (a run that hangs fails).
const DEADLINE: Duration = Duration::from_secs(180);

/// Runs kc-tournament with `args`; kills it after [`DEADLINE`].
fn tournament(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kc-tournament"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kc-tournament");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).map(|_| bytes)
    });
    let err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stderr.read_to_end(&mut bytes).map(|_| bytes)
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!(
                "kc-tournament {} still ran after {DEADLINE:?}",
                shown_args(args)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().expect("reader").expect("stdout"),
        stderr: err.join().expect("reader").expect("stderr"),
    }
}

/// `args` as a failing test shows them: each cut to 80 characters.
fn shown_args(args: &[&str]) -> String {
    let shown: Vec<String> = args.iter().map(|a| a.chars().take(80).collect()).collect();
    format!("{shown:?}")
}

/// The records of `text`, each read and checked by the library.
fn read_records(text: &str) -> Vec<Record> {
    Reader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}:\n{text}"))
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
    let output = tournament(&[
        "kaissa",
        "--seats",
        "alphabeta:2,random",
        "--games",
        "2",
        "--seed",
        "3",
    ]);
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
    let output = tournament(&[
        "chaturaji",
        "--seats",
        "greedy,random",
        "--games",
        "2",
        "--seed",
        "5",
    ]);
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
    let output = tournament(&[
        "chaturaji",
        "--rules",
        "ludii",
        "--seats",
        "mcts:20,random,greedy,random",
        "--games",
        "1",
    ]);
    let total: f64 = scores(&output).iter().sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
}

#[test]
fn records_and_the_ply_cap() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tournament_cli");
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("games.txt");
    let output = tournament(
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
    );
    // Random and greedy seldom end a game in 24 plies: a capped game is a
    // draw for both.
    let means = scores(&output);
    assert!((means[0] + means[1] - 1.0).abs() < 1e-9);
    let records = std::fs::read_to_string(&file).expect("the records");
    assert_eq!(records.matches("[Game \"kaissa\"]").count(), 3);
    assert!(records.contains("[Round \"3\"]"));
    let read = read_records(&records);
    assert_eq!(read.len(), 3);
    assert!(read
        .iter()
        .any(|record| record.comments().iter().any(|(_, c)| c.contains("ply cap"))));
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
        &["kaissa", "--seats", "engine:x,random"],
        &["kaissa", "--engine", "x", "--seats", "random,random"],
        &["kaissa", "--engine", "x=", "--seats", "random,random"],
        &[
            "kaissa",
            "--engine",
            "x='unclosed",
            "--seats",
            "engine:x,random",
        ],
        &["kaissa", "--seats", "random,random", "--sprt", "10,0"],
        &[
            "kaissa",
            "--engine",
            "x=y",
            "--engine-option",
            "x:Hash=1\nquit",
            "--seats",
            "engine:x,random",
        ],
        &["kaissa", "--seats", "random,random", "--concurrency", "0"],
        &[
            "kaissa",
            "--seats",
            "random,random",
            "--openings",
            "/nonexistent",
        ],
        &[
            "kaissa",
            "--engine",
            "x=y",
            "--engine-notation",
            "x=fairy",
            "--seats",
            "engine:x,random",
        ],
        &[
            "chaturaji",
            "--rules",
            "ludii",
            "--seats",
            "random,random,random,random",
            "--sprt",
            "0,10",
        ],
    ] {
        let output = tournament(args);
        assert!(!output.status.success(), "{args:?} was accepted");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("tournament: "), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?} printed results");
    }
}

/// A file in this test's own directory holding `text`.
fn scratch_file(name: &str, text: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tournament_engines");
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join(name);
    std::fs::write(&file, text).expect("write");
    file.to_str().expect("a UTF-8 path").to_string()
}

/// The lines of a run's output.
fn lines(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_engine_plays_from_openings_with_seats_swapped() {
    let engine = format!("ours={ENGINE}");
    // Two openings, one a line (and a comment): games 1-2 start from the
    // first, 3-4 from the second.
    let openings = scratch_file(
        "openings.txt",
        "# two openings\nibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh\n\nibstqutsbi/arpppp1pra/6p3/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI y 2 Hh\n",
    );
    let record = scratch_file("engine-games.txt", "");
    let output = tournament(&[
        "kaissa",
        "--engine",
        &engine,
        "--seats",
        "engine:ours,greedy",
        "--games",
        "4",
        "--movetime",
        "20",
        "--openings",
        &openings,
        "--record",
        &record,
    ]);
    let out = lines(&output);
    assert!(output.status.success(), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("game   1: Yellow engine:ours, Red greedy")),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("game   2: Yellow greedy, Red engine:ours")),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.contains("forfeit")), "{out:?}");
    let n = out.len();
    // An estimate with its error (infinite, with a bound, when one side
    // won every game).
    let elo = &out[n - 2];
    let (difference, error) = elo_numbers(elo);
    assert!(
        (difference.is_finite() && error.is_finite())
            || elo.contains("(score 1.000 over 4 games; 95% bound > ")
            || elo.contains("(score 0.000 over 4 games; 95% bound < "),
        "{out:?}"
    );
    let records = std::fs::read_to_string(&record).expect("the records");
    let starts = [
        "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh",
        "ibstqutsbi/arpppp1pra/6p3/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI y 2 Hh",
    ];
    for (game, start) in [
        (1, starts[0]),
        (2, starts[0]),
        (3, starts[1]),
        (4, starts[1]),
    ] {
        let this = records
            .split("[Game ")
            .find(|r| r.contains(&format!("[Round \"{game}\"]")))
            .unwrap_or_else(|| panic!("game {game} in {records}"));
        assert!(this.contains(start), "game {game}: {this}");
    }
    assert_eq!(read_records(&records).len(), 4);
    // Chaturaji: our engine for two seats, MCTS and random for the others.
    let output = tournament(&[
        "chaturaji",
        "--rules",
        "ludii",
        "--engine",
        &engine,
        "--engine-option",
        "ours:Agent=greedy",
        "--seats",
        "engine:ours,random,engine:ours,mcts:20",
        "--games",
        "1",
        "--movetime",
        "10",
    ]);
    let total: f64 = scores(&output).iter().sum();
    assert!((total - 1.0).abs() < 1e-9, "{:?}", lines(&output));
    assert!(!lines(&output).iter().any(|l| l.contains("forfeit")));
}

#[test]
fn an_illegal_or_missing_answer_forfeits() {
    // An engine that answers the handshake but then plays nonsense, and
    // one that is not there.
    let script = scratch_file(
        "nonsense.sh",
        "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) echo 'bestmove e2e9';; esac; done\n",
    );
    let nonsense = format!("nonsense=sh '{script}'");
    let output = tournament(&[
        "kaissa",
        "--engine",
        &nonsense,
        "--engine",
        "gone=/nonexistent/engine",
        "--seats",
        "engine:nonsense,engine:gone",
        "--games",
        "2",
        "--movetime",
        "10",
    ]);
    let out = lines(&output);
    assert!(
        out.iter()
            .any(|l| l.starts_with("game   1:")
                && l.contains("forfeit by Yellow (illegal move e2e9)")),
        "{out:?}"
    );
    assert!(
        out.iter().any(|l| l.starts_with("game   2:")
            && l.contains("forfeit by Yellow (the engine is not ready: cannot start")),
        "{out:?}"
    );
    assert_eq!(scores(&output), [0.5, 0.5]);
}

#[test]
fn sprt_stops_a_lopsided_match() {
    let output = tournament(&[
        "kaissa",
        "--seats",
        "random,alphabeta:2",
        "--games",
        "200",
        "--sprt",
        "0,50",
        "--opening-plies",
        "4",
    ]);
    let out = lines(&output);
    let sprt = out
        .iter()
        .find(|l| l.starts_with("sprt "))
        .unwrap_or_else(|| panic!("{out:?}"));
    assert!(sprt.contains("H0 accepted"), "{sprt}");
    let played = out.iter().filter(|l| l.starts_with("game ")).count();
    assert!(played < 40, "{played} games: {sprt}");
    assert!(
        sprt.contains(&format!("after {played} of 200 games")),
        "{sprt}"
    );
    let n = out.len();
    // No win for random: an infinite difference, read as such, and a
    // finite bound beside it.
    let elo = &out[n - 2];
    assert_eq!(
        elo_numbers(elo),
        (f64::NEG_INFINITY, f64::INFINITY),
        "{elo}"
    );
    let bound = format!("(score 0.000 over {played} games; 95% bound < -");
    let (_, after) = elo.split_once(&bound).unwrap_or_else(|| panic!("{elo}"));
    let bound: f64 = after.trim_end_matches(')').parse().expect("a number");
    // 0.05^(1/n) as an Elo: 75.5 for 6 games, larger for more.
    assert!(bound > 75.0 && bound.is_finite(), "{elo}");
}

/// The two numbers of an `elo <difference> +- <error> ...` line, as a
/// script reading it would take them.
fn elo_numbers(line: &str) -> (f64, f64) {
    let words: Vec<&str> = line.split(' ').collect();
    assert!(
        words.len() >= 4 && words[0] == "elo" && words[2] == "+-",
        "{line}"
    );
    let number = |word: &str| -> f64 { word.parse().unwrap_or_else(|_| panic!("{line}")) };
    (number(words[1]), number(words[3]))
}

#[test]
fn games_in_parallel_give_the_serial_results() {
    let run = |concurrency: &str| {
        let output = tournament(&[
            "kaissa",
            "--seats",
            "mcts:30,greedy",
            "--games",
            "6",
            "--seed",
            "9",
            "--opening-plies",
            "6",
            "--max-plies",
            "80",
            "--concurrency",
            concurrency,
        ]);
        assert!(output.status.success());
        lines(&output)
    };
    assert_eq!(run("1"), run("3"));
}

/// Runs a Kaissa match of `games` between the engine `command` (Yellow
/// first) and random, 10 ms a move; returns the output lines and the
/// time it took.
fn against_random(command: &str, games: &str) -> (Output, Duration) {
    let engine = format!("bad={command}");
    let started = Instant::now();
    let output = tournament(&[
        "kaissa",
        "--engine",
        &engine,
        "--seats",
        "engine:bad,random",
        "--games",
        games,
        "--movetime",
        "10",
    ]);
    (output, started.elapsed())
}

#[test]
fn an_engine_that_never_stops_talking_forfeits() {
    // `yes` prints "y" lines for ever and never answers the handshake.
    let (output, took) = against_random("yes", "1");
    let out = lines(&output);
    assert!(
        out.iter().any(|l| l.starts_with("game   1:")
            && l.contains("forfeit by Yellow (the engine is not ready: no 'uciok' within")),
        "{out:?}"
    );
    assert_eq!(scores(&output), [0.0, 1.0]);
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn an_engine_writing_without_newlines_forfeits() {
    let (output, took) = against_random(r#"sh -c "tr '\\0' x < /dev/zero""#, "1");
    let out = lines(&output);
    assert!(
        out.iter().any(
            |l| l.contains("forfeit by Yellow") && l.contains("a line longer than 65536 bytes")
        ),
        "{out:?}"
    );
    assert_eq!(scores(&output), [0.0, 1.0]);
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn an_engine_flooding_its_search_forfeits_in_time_and_the_runner_goes_on() {
    // It answers the handshake, then floods info lines and never moves.
    let script = scratch_file(
        "flood.sh",
        "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) yes 'info depth 1';; esac; done\n",
    );
    let (output, took) = against_random(&format!("sh '{script}'"), "2");
    let out = lines(&output);
    for game in ["game   1:", "game   2:"] {
        assert!(
            out.iter().any(|l| l.starts_with(game)
                && l.contains("forfeit by")
                && l.contains("no 'bestmove' within 1010 ms")),
            "{out:?}"
        );
    }
    assert_eq!(scores(&output), [0.0, 1.0]);
    assert!(took < Duration::from_secs(60), "{took:?}");
}

/// Runs kc-tournament with `args`, calling `watch` with its process id
/// every few milliseconds while it runs; kills it after [`DEADLINE`].
fn tournament_watched(args: &[&str], mut watch: impl FnMut(u32)) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kc-tournament"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kc-tournament");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).map(|_| bytes)
    });
    let err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stderr.read_to_end(&mut bytes).map(|_| bytes)
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        watch(child.id());
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!(
                "kc-tournament {} still ran after {DEADLINE:?}",
                shown_args(args)
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Output {
        status,
        stdout: out.join().expect("reader").expect("stdout"),
        stderr: err.join().expect("reader").expect("stderr"),
    }
}

/// The fields of `/proc/PID/stat` after the command name (state first,
/// then the parent, the process group ...), if the process exists.
#[cfg(target_os = "linux")]
fn proc_stat(pid: &str) -> Option<(String, Vec<String>)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let name = stat[open + 1..close].to_string();
    let fields = stat[close + 1..].split_whitespace().map(str::to_string);
    Some((name, fields.collect()))
}

/// The live (not zombie) processes of process group `pgid`.
#[cfg(target_os = "linux")]
fn group_members(pgid: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|pid| pid.bytes().all(|b| b.is_ascii_digit()))
        .filter(|pid| {
            proc_stat(pid).is_some_and(|(_, fields)| fields[0] != "Z" && fields[2] == pgid)
        })
        .collect()
}

#[cfg(target_os = "linux")]
#[test]
fn a_forfeiting_engine_leaves_no_process_or_thread_behind() {
    // A shell engine that starts a long-lived child (which keeps the
    // engine's output open), then plays an illegal move.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tournament_orphans");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a directory");
    let groups = dir.join("groups");
    let children = dir.join("children");
    let script = dir.join("orphans.sh");
    std::fs::write(
        &script,
        format!(
            "echo $$ >> '{}'\nsleep 600 &\necho $! >> '{}'\nwhile read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) echo 'bestmove e2e9';; esac; done\n",
            groups.display(),
            children.display()
        ),
    )
    .expect("write");
    let engine = format!("orphans=sh '{}'", script.display());
    let mut most_threads = 0;
    let output = tournament_watched(
        &[
            "kaissa",
            "--engine",
            &engine,
            "--seats",
            "engine:orphans,random",
            "--games",
            "12",
            "--movetime",
            "10",
        ],
        |pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
            let threads = status
                .lines()
                .find_map(|l| l.strip_prefix("Threads:"))
                .and_then(|n| n.trim().parse::<usize>().ok())
                .unwrap_or(0);
            most_threads = most_threads.max(threads);
        },
    );
    let out = lines(&output);
    let forfeits = out
        .iter()
        .filter(|l| l.contains("forfeit by") && l.contains("illegal move e2e9"))
        .count();
    // The children that outlived the match (killed here, so that a
    // failing run leaves none either).
    let children = std::fs::read_to_string(&children).expect("the children's ids");
    let survivors: Vec<&str> = children
        .lines()
        .filter(|pid| {
            proc_stat(pid).is_some_and(|(name, fields)| name == "sleep" && fields[0] != "Z")
        })
        .collect();
    for pid in &survivors {
        let _ = Command::new("kill").args(["-9", pid]).status();
    }
    assert_eq!(forfeits, 12, "{out:?}");
    assert_eq!(children.lines().count(), 12);
    assert!(
        survivors.is_empty(),
        "{} children survived",
        survivors.len()
    );
    let groups = std::fs::read_to_string(&groups).expect("the engines' ids");
    for pgid in groups.lines() {
        assert_eq!(group_members(pgid), Vec::<String>::new(), "group {pgid}");
    }
    // The main thread and one worker; no thread per game.
    assert!(most_threads <= 3, "{most_threads} threads");
}

#[test]
fn an_engine_that_stops_reading_forfeits_in_time() {
    // It answers uci without reading, then never reads again: the long
    // setoption line fills its input pipe.
    let big = format!("noreader:Big={}", "x".repeat(100_000));
    let started = Instant::now();
    let output = tournament(&[
        "kaissa",
        "--engine",
        "noreader=sh -c 'echo uciok; echo readyok; exec sleep 600'",
        "--engine-option",
        &big,
        "--seats",
        "engine:noreader,random",
        "--games",
        "1",
        "--movetime",
        "10",
    ]);
    let took = started.elapsed();
    let out = lines(&output);
    assert!(
        out.iter().any(|l| l.starts_with("game   1:")
            && l.contains("forfeit by Yellow (the engine is not ready: the engine did not read its input within 10000 ms)")),
        "{out:?}"
    );
    assert_eq!(scores(&output), [0.0, 1.0]);
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn a_bad_record_path_fails_before_any_game() {
    let output = tournament(&[
        "kaissa",
        "--seats",
        "random,random",
        "--games",
        "3",
        "--max-plies",
        "10",
        "--record",
        "/nonexistent/directory/games.txt",
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("tournament: --record /nonexistent/directory/games.txt: "),
        "{stderr}"
    );
    assert!(output.stdout.is_empty(), "games were played");
}

#[test]
fn records_are_written_as_games_end() {
    // The run is killed after its third game: the games it finished are
    // in the file.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tournament_records");
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("killed.txt");
    let _ = std::fs::remove_file(&file);
    let mut child = Command::new(env!("CARGO_BIN_EXE_kc-tournament"))
        .args(["kaissa", "--seats", "random,random", "--games", "100000"])
        .args(["--max-plies", "6", "--record"])
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run kc-tournament");
    let stdout = child.stdout.take().expect("stdout");
    let mut seen = 0;
    for line in std::io::BufRead::lines(std::io::BufReader::new(stdout)) {
        let line = line.expect("a line");
        if line.starts_with("game ") {
            seen += 1;
        }
        if seen == 3 {
            break;
        }
    }
    child.kill().expect("kill");
    child.wait().expect("wait");
    assert_eq!(seen, 3);
    let text = std::fs::read_to_string(&file).expect("the records");
    // A fourth record may have been cut short by the kill: read the first
    // three.
    let starts: Vec<usize> = text.match_indices("[Game ").map(|(at, _)| at).collect();
    assert!(starts.len() >= 3, "{text}");
    let finished = &text[..starts.get(3).copied().unwrap_or(text.len())];
    let read = read_records(finished);
    assert_eq!(read.len(), 3);
    for round in 1..=3 {
        assert!(
            finished.contains(&format!("[Round \"{round}\"]")),
            "{finished}"
        );
    }
}

#[test]
fn option_errors_quote_arguments_bounded_and_escaped() {
    let long = "\u{1b}[31m\u{7}x".repeat(15_000);
    let unclosed = format!("x='{long}");
    let cases: Vec<Vec<&str>> = vec![
        vec![&long, "--seats", "random,random"],
        vec!["kaissa", "--seats", "random,random", &long, "1"],
        vec!["kaissa", "--seats", "random,random", &long],
        vec!["kaissa", "--seats", "random,random", "--games", &long],
        vec!["kaissa", "--seats", "random,random", "--seed", &long],
        vec!["kaissa", "--seats", "random,random", "--max-plies", &long],
        vec!["kaissa", "--seats", "random,random", "--sprt", &long],
        vec!["chaturaji", "--rules", &long, "--seats", "random,random"],
        vec!["kaissa", "--engine", &long, "--seats", "random,random"],
        vec!["kaissa", "--engine", &unclosed, "--seats", "random,random"],
        vec![
            "kaissa",
            "--engine-option",
            &long,
            "--seats",
            "random,random",
        ],
        vec![
            "kaissa",
            "--engine-notation",
            &long,
            "--seats",
            "random,random",
        ],
        vec!["kaissa", "--seats", &long],
        vec!["kaissa", "--seats", "random,random", "--openings", &long],
        vec!["kaissa", "--seats", "random,random", "--record", &long],
    ];
    for args in &cases {
        let output = tournament(args);
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        let shown: String = stderr.chars().take(200).collect();
        assert!(stderr.starts_with("tournament: "), "{shown:?}");
        assert!(stderr.len() < 400, "{} bytes: {shown:?}", stderr.len());
        assert!(
            !stderr.trim_end().chars().any(char::is_control),
            "{shown:?}"
        );
    }
    // An engine name in a seat, and as a program that cannot start.
    let seat = format!("engine:{long}");
    let output = tournament(&["kaissa", "--seats", &seat]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.len() < 400 && !stderr.trim_end().chars().any(char::is_control));
}

#[test]
fn openings_files_are_bounded() {
    let opening = "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh";
    let run = |name: &str, text: &str| {
        let openings = scratch_file(name, text);
        tournament(&[
            "kaissa",
            "--seats",
            "random,random",
            "--games",
            "1",
            "--max-plies",
            "4",
            "--openings",
            &openings,
        ])
    };
    // A line over 4 KiB (a comment, which would be skipped).
    let long = format!("{opening}\n#{}\n", "x".repeat(5000));
    let output = run("long-line.txt", &long);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("long-line.txt:2: a line longer than 4096 bytes"),
        "{stderr}"
    );
    // 4096 bytes is still fine.
    let fits = format!("{opening}\n#{}\n", "x".repeat(4095));
    assert_eq!(scores(&run("fits.txt", &fits)).len(), 2);
    // More than 100000 lines.
    let many = format!("{opening}\n").repeat(100_001);
    let output = run("many-lines.txt", &many);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("more than 100000 lines"), "{stderr}");
    assert!(output.stdout.is_empty());
}
