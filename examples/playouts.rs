//! Seeded random playouts from the command line (a fixed interface, which
//! scripts rely on):
//!
//! ```text
//! cargo run --release --example playouts -- <kaissa|chaturaji> [--rules sheet|opposite|ludii] [--threads N] [--max-plies N] [--policy uniform|capture-first] <plies> <seed>
//! ```
//!
//! Plays games 0, 1, 2, … of the batch with master seed `<seed>` (game `i`
//! with the seed `kaissa_chaturaji::playouts::game_seed(seed, i)`) from the
//! start position until at least `<plies>` plies were played, then prints
//! the results and game lengths and, last, one line
//! `plies <n> games <g> seconds <s> plies_per_second <r>`. The games, so
//! every figure but the time, are the same for any number of threads
//! (default: every core). A game still going on after `--max-plies` plies
//! (default 10000) is stopped and counted as unfinished. The moves are
//! chosen uniformly at random, or with `--policy capture-first` by a
//! policy that takes a capture whenever there is one
//! ([`CaptureFirst`]).

use std::process::ExitCode;
use std::time::Instant;

use kaissa_chaturaji::chaturaji::{Alliances, Rules};
use kaissa_chaturaji::playouts::{CaptureFirst, PlayoutStats, Playouts, DEFAULT_MAX_PLIES};
use kaissa_chaturaji::threads;

const USAGE: &str = "usage: playouts <kaissa|chaturaji> [--rules sheet|opposite|ludii] [--threads N] [--max-plies N] [--policy uniform|capture-first] <plies> <seed>

Plays seeded random games from the start until at least <plies> plies were
played, prints the results and game lengths, and last the line
  plies <n> games <g> seconds <s> plies_per_second <r>
  --rules R       Chaturaji rules option (default sheet; --alliances is the older spelling)
  --threads N     threads (default: every core); the games do not depend on it
  --max-plies N   ply limit per game (default 10000); longer games count as unfinished
  --policy P      how moves are chosen: uniform (default, at random) or
                  capture-first (a random capture when there is one)";

/// What the command line asks for.
struct Request {
    chaturaji: Option<Rules>,
    rules_name: &'static str,
    threads: usize,
    max_plies: u32,
    capture_first: bool,
    plies: u64,
    seed: u64,
}

/// A whole number from `text`, or a message naming `what`.
fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{what} {text:?} is not a whole number in range"))
}

/// The Chaturaji rules option named `name`.
fn rules(name: &str) -> Result<(Rules, &'static str), String> {
    match name {
        "sheet" => Ok((Rules::default(), "sheet")),
        "opposite" => Ok((
            Rules::default().with_alliances(Alliances::Opposite),
            "opposite",
        )),
        "ludii" => Ok((Rules::ludii(), "ludii")),
        other => Err(format!(
            "--rules {other:?}: expected sheet, opposite or ludii"
        )),
    }
}

fn parse(args: &[String]) -> Result<Request, String> {
    let game = args
        .first()
        .ok_or("missing the game: kaissa or chaturaji")?;
    let is_chaturaji = match game.as_str() {
        "kaissa" => false,
        "chaturaji" => true,
        other => return Err(format!("unknown game {other:?}: kaissa or chaturaji")),
    };
    let mut request = Request {
        chaturaji: is_chaturaji.then(Rules::default),
        rules_name: "sheet",
        threads: 0,
        max_plies: DEFAULT_MAX_PLIES,
        capture_first: false,
        plies: 0,
        seed: 0,
    };
    let mut positional = Vec::new();
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        let mut value = |option: &str| {
            rest.next()
                .ok_or_else(|| format!("{option} needs a value"))
                .cloned()
        };
        match arg.as_str() {
            "--rules" | "--alliances" => {
                let name = value(arg)?;
                if !is_chaturaji {
                    return Err(format!("{arg} applies to chaturaji only"));
                }
                if arg == "--alliances" && name == "ludii" {
                    return Err("--alliances ludii: expected sheet or opposite".into());
                }
                let (chosen, word) = rules(&name)?;
                request.chaturaji = Some(chosen);
                request.rules_name = word;
            }
            "--threads" => {
                let n: usize = number(&value(arg)?, "--threads")?;
                if n == 0 {
                    return Err("--threads 0: give at least 1 (leave it out for every core)".into());
                }
                request.threads = n;
            }
            "--max-plies" => request.max_plies = number(&value(arg)?, "--max-plies")?,
            "--policy" => {
                request.capture_first = match value(arg)?.as_str() {
                    "uniform" => false,
                    "capture-first" => true,
                    other => {
                        return Err(format!(
                            "--policy {other:?}: expected uniform or capture-first"
                        ))
                    }
                }
            }
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            other => positional.push(other),
        }
    }
    match positional.as_slice() {
        [plies, seed] => {
            request.plies = number(plies, "<plies>")?;
            request.seed = number(seed, "<seed>")?;
            Ok(request)
        }
        _ => Err("expected <plies> <seed> after the game and options".into()),
    }
}

fn report(stats: &PlayoutStats) {
    // The winners as the outcome words name them: `red-wins`, `rg-wins`…
    let mut results: Vec<String> = stats
        .winners()
        .map(|(winners, n)| format!("{winners}-wins {n}"))
        .collect();
    results.push(format!("draw {}", stats.draws));
    results.push(format!("unfinished {}", stats.unfinished));
    println!("results: {}", results.join(", "));
    let quantile = |q: f64| {
        stats
            .lengths
            .quantile(q)
            .map_or("-".to_string(), |n| format!("<={n}"))
    };
    println!(
        "lengths: min {} mean {:.1} max {}; 10% {} 50% {} 90% {} 99% {}",
        stats.min_length,
        stats.mean_length(),
        stats.max_length,
        quantile(0.1),
        quantile(0.5),
        quantile(0.9),
        quantile(0.99)
    );
}

fn run(args: &[String]) -> Result<(), String> {
    let request = parse(args)?;
    let playouts = match request.chaturaji {
        Some(rules) => Playouts::chaturaji(rules, request.seed),
        None => Playouts::kaissa(request.seed),
    }
    .with_threads(request.threads)
    .with_max_plies(request.max_plies);
    let game = match request.chaturaji {
        Some(_) => format!("chaturaji --rules {}", request.rules_name),
        None => "kaissa".to_string(),
    };
    let policy = if request.capture_first {
        ", capture-first policy"
    } else {
        ""
    };
    println!(
        "{game}, seed {}, {} threads, ply limit {} per game{policy}",
        request.seed,
        threads::resolve(request.threads),
        request.max_plies
    );
    let started = Instant::now();
    let stats = if request.capture_first {
        playouts
            .with_policy(CaptureFirst)
            .until_plies(request.plies)
    } else {
        playouts.until_plies(request.plies)
    };
    if stats.plies < request.plies {
        return Err(
            "no game can play a ply: the start position is finished or the ply limit is 0".into(),
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    report(&stats);
    let rate = if seconds > 0.0 {
        stats.plies as f64 / seconds
    } else {
        0.0
    };
    println!(
        "plies {} games {} seconds {seconds:.3} plies_per_second {rate:.0}",
        stats.plies, stats.games
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("playouts: {message}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}
