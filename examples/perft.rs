//! Perft from the command line (a fixed interface: scripts
//! and other programs depend on it):
//!
//! ```text
//! cargo run --release --example perft -- <kaissa|chaturaji> [--rules sheet|opposite|ludii] [--threads N] [--divide] <depth> ["<position text>"]
//! ```
//!
//! `--threads N` (default: every core) splits the tree between threads; the
//! counts do not depend on it.
//!
//! Prints the total node count alone on its last line; with `--divide`, first
//! one line per root move (`<move> <nodes>`, for Chaturaji `<face>:<move> <nodes>`;
//! a Ludii promotion decision has no face: `=K <nodes>`). `--alliances
//! sheet|opposite` is accepted as the older spelling of `--rules`.

use std::process::ExitCode;

use kaissa_chaturaji::game::{self, Kaissa};
use kaissa_chaturaji::kaissa;

#[path = "support/chaturaji.rs"]
mod chaturaji_cli;

fn kaissa_main(args: &[String], threads: usize) -> Result<(), String> {
    let mut divide = false;
    let mut rest = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--divide" => divide = true,
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            other => rest.push(other),
        }
    }
    let (depth, text) = match rest.as_slice() {
        [depth] => (*depth, kaissa::START_TEXT),
        [depth, text] => (*depth, *text),
        _ => return Err("expected <depth> [\"<position text>\"]".into()),
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("'{depth}' is not a depth"))?;
    let pos: kaissa::Position = text
        .parse()
        .map_err(|e| format!("bad position text: {e}"))?;
    if divide && depth > 0 {
        let mut total = 0;
        let game = Kaissa::new(pos);
        for (_, mv, nodes) in game::perft_divide_threaded(&game, depth, threads) {
            println!("{mv} {nodes}");
            total += nodes;
        }
        println!("{total}");
    } else {
        println!(
            "{}",
            game::perft_threaded(&Kaissa::new(pos), depth, threads)
        );
    }
    Ok(())
}

/// Takes `--threads N` out of the arguments: the thread count (0, every
/// core, when absent) and the other arguments.
fn take_threads(mut args: Vec<String>) -> Result<(usize, Vec<String>), String> {
    let Some(at) = args.iter().position(|a| a == "--threads") else {
        return Ok((0, args));
    };
    let value = args.get(at + 1).ok_or("--threads needs a value")?;
    let threads = match value.parse::<usize>() {
        Ok(n) if n > 0 => n,
        _ => {
            return Err(format!(
                "--threads {value:?}: expected a whole number of at least 1"
            ))
        }
    };
    args.drain(at..at + 2);
    Ok((threads, args))
}

/// What `--help` prints.
const HELP: &str = "perft: counts the leaf nodes of the move tree to a depth (perft), the
correctness yardstick of move generators.

usage: perft kaissa [--threads N] [--divide] <depth> [\"<position text>\"]
       perft chaturaji [--rules sheet|opposite|ludii] [--threads N] [--divide] <depth> [\"<position text>\"]

Prints the total alone on its last line. --divide first prints one line per
root move: <move> <nodes> (Kaissa), <face>:<move> <nodes> (Chaturaji; a Ludii
promotion decision has no face: =K <nodes>). --threads N: threads to use
(default: every core); the counts do not depend on it. Default position: the start.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{HELP}");
        return ExitCode::SUCCESS;
    }
    let (threads, args) = match take_threads(args) {
        Ok(split) => split,
        Err(message) => {
            eprintln!("perft: {message}");
            return ExitCode::FAILURE;
        }
    };
    let result = match args.first().map(String::as_str) {
        Some("kaissa") => kaissa_main(&args[1..], threads),
        Some("chaturaji") => chaturaji_cli::perft_main(&args[1..], threads),
        _ => Err("usage: perft <kaissa|chaturaji> [--rules sheet|opposite|ludii] [--threads N] [--divide] <depth> [\"<position text>\"]".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("perft: {message}");
            ExitCode::FAILURE
        }
    }
}
