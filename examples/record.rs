//! Game records on standard input: check them, or draw one.
//!
//! ```text
//! cargo run --release --example record -- check < games.txt
//! cargo run --release --example record -- svg < games.txt > board.svg
//! ```
//!
//! `check` reads every record (each move checked against the rules, the
//! result against the final position) and prints, for each, its final
//! position text and then its result on a line of its own. A bad record
//! stops it: `line:column: reason` on standard error and exit status 1.
//!
//! `svg` prints the final position of the first record as an SVG picture,
//! its last move highlighted.
//!
//! `fmt` reads every record and writes it again as the library writes
//! records (tag order, move numbers, lines of at most 79 characters), a
//! blank line between records.
//!
//! Records are written by `cargo run --release --example play -- <game>
//! [--rules sheet|opposite|ludii] <seed> --record`; the format is
//! described in docs/records.md (Chaturaji under both rulesets).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use kaissa_chaturaji::record::Reader;
use kaissa_chaturaji::svg::SvgOptions;

const USAGE: &str = "usage: record check < FILE   (final position and result of each record)\n       record svg < FILE     (the first record's final position as SVG)\n       record fmt < FILE     (the records written again, canonically)";

/// Prints the final position and result of every record.
fn check() -> Result<(), String> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for record in Reader::new(stdin.lock()) {
        let record = record.map_err(|err| err.to_string())?;
        writeln!(out, "{}", record.final_position_text()).map_err(|e| e.to_string())?;
        writeln!(out, "{}", record.result()).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// Writes every record again, canonically.
fn format() -> Result<(), String> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for (i, record) in Reader::new(stdin.lock()).enumerate() {
        let record = record.map_err(|err| err.to_string())?;
        let gap = if i == 0 { "" } else { "\n" };
        write!(out, "{gap}{record}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

fn draw() -> Result<(), String> {
    let stdin = io::stdin();
    let record = Reader::new(stdin.lock())
        .next()
        .ok_or("no record on standard input")?
        .map_err(|err| err.to_string())?;
    print!("{}", record.svg(&SvgOptions::default()));
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["check"] => check(),
        ["svg"] => draw(),
        ["fmt"] => format(),
        ["--help" | "-h"] => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}
