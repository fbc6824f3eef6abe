//! kc-engine driven as a GUI drives a UCI engine: the handshake, options,
//! positions, every kind of `go` with each variant, `stop` during `go
//! infinite`, commands while a search runs, hostile lines and the end of
//! the input. Every `bestmove` is checked against the library's legal
//! moves.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use kaissa_chaturaji::chaturaji::{self, Roll, Rules};
use kaissa_chaturaji::kaissa;

/// How long any one answer may take (debug builds on a loaded machine).
const PATIENCE: Duration = Duration::from_secs(60);

/// A running engine, its input and its output lines.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kc-engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the engine");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(bytes).expect("write to the engine");
        stdin.flush().expect("flush");
    }

    /// The next line.
    fn line(&self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("the engine answered in time")
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.line();
            let last = line.starts_with(prefix);
            seen.push(line);
            if last {
                return seen;
            }
        }
    }

    /// Sends `isready` and returns the lines before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// The move of `bestmove`, after checking the `info` line before it.
    fn best(&mut self, go: &str) -> String {
        self.send(go);
        let lines = self.until("bestmove ");
        let best = lines.last().unwrap()["bestmove ".len()..].to_string();
        let info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth "))
            .unwrap_or_else(|| panic!("{go}: no info line in {lines:?}"));
        let words: Vec<&str> = info.split(' ').collect();
        for (at, key) in [(1, "depth"), (3, "score"), (4, "cp"), (6, "nodes")] {
            assert_eq!(words[at], key, "{info}");
        }
        for (at, key) in [(8, "nps"), (10, "time"), (12, "pv")] {
            assert_eq!(words[at], key, "{info}");
        }
        assert_eq!(words[13], best, "{info}");
        best
    }

    /// Sends `line`, which must get exactly one error line and nothing
    /// else.
    fn refused(&mut self, line: &str) {
        self.send(line);
        let lines = self.sync();
        assert_eq!(lines.len(), 1, "{line:?}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: "),
            "{line:?}: {lines:?}"
        );
        assert!(lines[0].len() < 400, "a long message: {}", lines[0]);
    }

    /// The position text `d` reports (skipping the lines of a search
    /// under way).
    fn position(&mut self) -> String {
        self.send("d");
        loop {
            let line = self.line();
            if !line.starts_with("info depth ") {
                return line
                    .strip_prefix("info string position ")
                    .unwrap_or_else(|| panic!("{line}"))
                    .to_string();
            }
        }
    }

    /// Closes the input; the engine must exit by itself, successfully;
    /// returns the lines it wrote last.
    fn close(mut self) -> Vec<String> {
        drop(self.stdin.take());
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            assert!(started.elapsed() < PATIENCE, "the engine did not exit");
            std::thread::sleep(Duration::from_millis(10));
        };
        assert!(status.success(), "{status}");
        // The reader thread ends with the engine's output.
        let mut rest = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(PATIENCE) {
            rest.push(line);
        }
        rest
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn kaissa_legal(text: &str, mv: &str) -> bool {
    let pos: kaissa::Position = text.parse().unwrap();
    pos.legal_moves().iter().any(|m| m.to_string() == mv)
}

fn chaturaji_legal(text: &str, rules: Rules, roll: u8, mv: &str) -> bool {
    let pos = chaturaji::Position::from_text(text, rules).unwrap();
    pos.legal_moves(Roll::new(roll).unwrap())
        .iter()
        .any(|m| m.to_string() == mv)
}

#[test]
fn the_handshake_lists_the_options() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until("uciok");
    assert!(lines[0].starts_with("id name "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    assert!(lines.contains(&"option name UCI_Variant type combo default kaissa var kaissa var chaturaji var chaturaji-opposite var chaturaji-ludii".to_string()), "{lines:?}");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Agent type string")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Seed type spin")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    assert!(engine.sync().is_empty());
    engine.send("quit");
    assert!(engine.close().is_empty());
}

#[test]
fn kaissa_answers_every_limit_with_a_legal_move() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.until("uciok");
    engine.send("setoption name Hash value 2");
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e5 e9e6");
    let text = engine.position();
    for go in [
        "go movetime 50",
        "go nodes 500",
        "go depth 2",
        "go wtime 3000 btime 3000 winc 10 binc 10 movestogo 20",
        "go wtime 500 btime -20",
        "go",
    ] {
        let mv = engine.best(go);
        assert!(kaissa_legal(&text, &mv), "{go}: {mv} in {text}");
    }
    // A placement from a fen.
    let forced = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 10 Hh";
    engine.send(&format!("position fen {forced}"));
    assert_eq!(engine.best("go depth 3"), "H@a1");
    let every = ["go movetime 30", "go depth 1", "go nodes 200"];
    for (agent, gos) in [
        // MCTS has no depth; expectimax counts no nodes.
        ("mcts", &["go movetime 30", "go nodes 200"][..]),
        ("expectimax", &["go movetime 30", "go depth 1"]),
        ("greedy", &every),
        ("random", &every),
        ("alphabeta", &every),
    ] {
        engine.send(&format!("setoption name Agent value {agent}"));
        engine.send("position startpos moves e2e5");
        let text = engine.position();
        for go in gos {
            let mv = engine.best(go);
            assert!(kaissa_legal(&text, &mv), "{agent} {go}: {mv}");
        }
    }
    // A bound the agent cannot honour is refused, not ignored.
    engine.send("setoption name Agent value mcts");
    engine.refused("go depth 3");
    engine.send("setoption name Agent value expectimax");
    engine.refused("go depth 8");
    engine.refused("go depth 4 movetime 50");
    engine.send("quit");
    engine.close();
}

#[test]
fn alpha_beta_reports_each_depth_with_a_legal_line() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.until("uciok");
    engine.send("position startpos moves e2e5 e9e6");
    let text = engine.position();
    engine.send("go depth 4");
    let lines = engine.until("bestmove ");
    let best = lines.last().unwrap()["bestmove ".len()..].to_string();
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .collect();
    let depths: Vec<u32> = infos
        .iter()
        .map(|l| l.split(' ').nth(2).unwrap().parse().unwrap())
        .collect();
    // One line a depth as it completes, then the final one.
    assert_eq!(depths, [1, 2, 3, 4, 4], "{lines:?}");
    for info in &infos {
        let (_, line) = info.split_once(" pv ").expect("a pv");
        let depth: usize = info.split(' ').nth(2).unwrap().parse().unwrap();
        let moves: Vec<&str> = line.split(' ').collect();
        assert!(!moves.is_empty() && moves.len() <= depth, "{info}");
        let mut pos: kaissa::Position = text.parse().unwrap();
        for mv in moves {
            let mv = pos
                .legal_moves()
                .into_iter()
                .find(|m| m.to_string() == mv)
                .unwrap_or_else(|| panic!("{mv} is not legal on the line of {info}"));
            pos.play(mv).unwrap();
        }
    }
    assert_eq!(infos[4].split(' ').nth(13), Some(best.as_str()));
    engine.send("quit");
    engine.close();
}

#[test]
fn stop_ends_an_infinite_search_and_isready_answers_while_it_runs() {
    let mut engine = Engine::start();
    for (variant, go) in [
        ("kaissa", "go infinite"),
        ("chaturaji", "go roll 5 infinite"),
    ] {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("position startpos");
        engine.send(go);
        std::thread::sleep(Duration::from_millis(200));
        // While it thinks: readyok, no bestmove, at most a line a depth.
        let is_depth = |l: &String| l.starts_with("info depth ");
        let lines = engine.sync();
        assert!(lines.iter().all(is_depth), "{variant}: {lines:?}");
        // A position now is the next go's; another go waits for stop.
        engine.send("position startpos");
        engine.send(go);
        let lines: Vec<String> = engine.sync().into_iter().filter(|l| !is_depth(l)).collect();
        assert_eq!(lines.len(), 1, "{variant}: {lines:?}");
        assert!(lines[0].starts_with("info string error: "), "{lines:?}");
        engine.send("stop");
        let lines = engine.until("bestmove ");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth ")),
            "{lines:?}"
        );
        assert!(!lines.last().unwrap().contains("(none)"), "{lines:?}");
    }
    // A stop with nothing to stop says nothing.
    engine.send("stop");
    assert!(engine.sync().is_empty());
    // quit during an infinite search ends it.
    engine.send("go roll 3 infinite");
    engine.send("quit");
    engine.close();
}

#[test]
fn chaturaji_plays_each_rules_option_with_the_face_first() {
    let mut engine = Engine::start();
    for (variant, rules, moves) in [
        ("chaturaji", Rules::default(), " moves 2:h1f3 4:pass"),
        (
            "chaturaji-opposite",
            Rules::default().with_alliances(chaturaji::Alliances::Opposite),
            " moves 2:h1f3",
        ),
        // Green moves first under the Ludii ruleset.
        ("chaturaji-ludii", Rules::ludii(), ""),
    ] {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send(&format!("position startpos{moves}"));
        let text = engine.position();
        let every = [
            (2, "go roll 2 movetime 40"),
            (3, "go roll 3 nodes 100"),
            (5, "go roll 5 depth 1"),
            (4, "go roll 4 wtime 1000 btime 1000"),
        ];
        for (agent, gos) in [
            ("mcts", &[every[0], every[1], every[3]][..]),
            ("expectimax", &[every[0], every[2], every[3]]),
            ("greedy", &every),
            ("random", &every),
        ] {
            engine.send(&format!("setoption name Agent value {agent}"));
            for &(roll, go) in gos {
                let mv = engine.best(go);
                assert!(
                    chaturaji_legal(&text, rules, roll, &mv),
                    "{variant} {agent} {go}: {mv} in {text}"
                );
                assert!(!mv.contains(':'), "bestmove has no face: {mv}");
            }
        }
        engine.refused("go movetime 50");
        engine.refused("go movetime 50 roll 3");
        engine.refused("go roll 6 movetime 50");
        engine.refused("setoption name Agent value alphabeta");
    }
    // A Ludii promotion decision: no roll.
    engine.send("position fen 8/gP,7/8/8/8/8/8/rK,6,gK g 0,0,0,0 - 10 moves 5:a7a8");
    engine.refused("go roll 3 movetime 50");
    let decision = engine.best("go movetime 50");
    assert!(
        ["=E", "=H", "=B"].contains(&decision.as_str()),
        "{decision}"
    );
    engine.send(&format!(
        "position fen 8/gP,7/8/8/8/8/8/rK,6,gK g 0,0,0,0 - 10 moves 5:a7a8 {decision}"
    ));
    assert!(engine.sync().is_empty());
    engine.send("quit");
    engine.close();
}

#[test]
fn hostile_lines_get_one_error_and_change_nothing() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e5");
    let before = engine.position();
    for line in [
        "fly me to the moon",
        "position",
        "position startpos moves e2e5 e9e9",
        "position startpos moves e2e5 zz",
        "position startpos junk",
        "position fen not a position",
        "position fen",
        "go movetime",
        "go movetime -5",
        "go movetime 99999999999999999999999999",
        "go depth 3 depth 4",
        "go nodes lots",
        "go infinite movetime 10",
        "go roll 3 movetime 10",
        "go searchmoves e2e5",
        "go\u{3000}movetime 10",
        "go movetime\u{3000}10",
        "go movetime 10\u{a0}",
        "setoption",
        "setoption name",
        "setoption name Hash value 0",
        "setoption name Hash value 1000000000000000000000",
        "setoption name Seed value -1",
        "setoption name UCI_Variant value chess",
        "setoption name Agent value stockfish",
        "setoption name Colour value red",
        "\u{1b}[2J",
        "position startpos moves e2e5\u{7}",
    ] {
        engine.refused(line);
        assert_eq!(engine.position(), before, "after {line:?}");
    }
    // A huge token, a line over 1 MiB, bytes that are not UTF-8.
    engine.refused(&format!("position startpos moves {}", "e".repeat(100_000)));
    let mut long = b"position startpos moves ".to_vec();
    long.extend(std::iter::repeat_n(b'x', 2 << 20));
    long.push(b'\n');
    engine.send_bytes(&long);
    engine.send_bytes(b"go \xff\xfe movetime 10\n");
    let lines = engine.sync();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines.iter().all(|l| l.starts_with("info string error: ")));
    assert!(lines.iter().all(|l| l.len() < 400));
    assert_eq!(engine.position(), before);
    // A finished game answers (none).
    engine.send("position fen 8h1/10/10/10/10/10/10/10/10/4H3B1 y 20 - moves i1i10");
    let lines = {
        engine.send("go movetime 10");
        engine.until("bestmove ")
    };
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    // Still alive.
    engine.send("position startpos");
    let mv = engine.best("go nodes 100");
    assert!(kaissa_legal(&kaissa::Position::start().to_string(), &mv));
    engine.close();
}

#[test]
fn the_end_of_the_input_stops_the_search_under_way() {
    for go in ["go movetime 300", "go depth 95"] {
        let mut engine = Engine::start();
        engine.send("position startpos moves e2e5 e9e6");
        engine.send(go);
        std::thread::sleep(Duration::from_millis(100));
        let started = Instant::now();
        let lines = engine.close();
        assert!(
            lines.last().is_some_and(|l| l.starts_with("bestmove ")),
            "{go}: {lines:?}"
        );
        let took = started.elapsed();
        assert!(took < Duration::from_secs(5), "{go}: {took:?}");
    }
}

#[test]
fn a_long_search_leaves_the_input_loop_free() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e5 e9e6");
    engine.send("go depth 95");
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    // A position while it thinks is the next go's, and isready answers.
    engine.send("position startpos moves e2e5");
    let lines = engine.sync();
    assert!(
        lines.iter().all(|l| l.starts_with("info depth ")),
        "{lines:?}"
    );
    assert_eq!(
        engine.position(),
        "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh"
    );
    // Options wait for the search.
    engine.send("setoption name Hash value 2");
    let lines: Vec<String> = engine
        .sync()
        .into_iter()
        .filter(|l| !l.starts_with("info depth "))
        .collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("info string error: "), "{lines:?}");
    assert!(started.elapsed() < Duration::from_secs(5));
    engine.send("stop");
    let best = engine.until("bestmove ").pop().unwrap();
    // The search was of the position before.
    assert!(
        kaissa_legal(
            "ibstqutsbi/arpppp1pra/6p3/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI y 2 Hh",
            &best["bestmove ".len()..]
        ),
        "{best}"
    );
    let mv = engine.best("go depth 1");
    assert!(kaissa_legal(
        "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh",
        &mv
    ));
    engine.send("go depth 95");
    engine.send("quit");
    let started = Instant::now();
    engine.close();
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_large_table_is_made_once_not_on_the_clock() {
    let mut engine = Engine::start();
    engine.send("setoption name Hash value 256");
    engine.send("position startpos moves e2e5 e9e6");
    engine.sync();
    // Each move's limits differ from the last; none may pay for a table.
    for go in [
        "go movetime 50",
        "go movetime 50 depth 30",
        "go movetime 50 nodes 100000000",
        "go wtime 1500 btime 1500",
        "go movetime 50",
    ] {
        let started = Instant::now();
        engine.best(go);
        let took = started.elapsed();
        assert!(took < Duration::from_millis(300), "{go}: {took:?}");
    }
    engine.send("quit");
    engine.close();
}

#[test]
fn a_closed_output_ends_the_engine_quietly() {
    // The reader of its output is gone (as with `kc-engine | head -1`):
    // every answer fails to be written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_kc-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the engine");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    // The engine may end before it has read everything: a failed write
    // here is expected.
    let _ = stdin.write_all(b"uci\nisready\ngo depth 1\nisready\nd\nisready\n");
    let _ = stdin.flush();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(started.elapsed() < PATIENCE, "the engine still runs");
        std::thread::sleep(Duration::from_millis(10));
    };
    drop(stdin);
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut stderr)
        .expect("read stderr");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(status.code(), Some(0), "{status:?}: {stderr}");
}
