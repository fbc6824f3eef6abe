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
//! `count` reads every record with a visitor (each still checked, none
//! built) and prints how many records and actions were read and how many
//! records were bad; each bad record's `line:column: reason` goes to
//! standard error, and reading goes on after it. Exit status 1 when a
//! record was bad.
//!
//! `--lenient` (after the command) reads hand-written records that lack
//! their `Result` and `Termination` (docs/records.md, section 5).
//! Actions may be written as move text or as readable moves.
//!
//! Records are written by `cargo run --release --example play -- <game>
//! [--rules sheet|opposite|ludii] <seed> --record`; the format is
//! described in docs/records.md (Chaturaji under both rulesets).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use kaissa_chaturaji::record::{
    GameResult, Reader, RecordAction, RecordPosition, RecordVisitor, Termination,
};
use kaissa_chaturaji::svg::SvgOptions;

const USAGE: &str = "usage: record check [--lenient] < FILE   (final position and result of each record)\n       record svg [--lenient] < FILE     (the first record's final position as SVG)\n       record fmt [--lenient] < FILE     (the records written again, canonically)\n       record count [--lenient] < FILE   (records, actions and bad records, read with a visitor)";

/// A reader of standard input, lenient or not.
fn reader(lenient: bool) -> Reader<io::StdinLock<'static>> {
    let reader = Reader::new(io::stdin().lock());
    if lenient {
        reader.lenient()
    } else {
        reader
    }
}

/// Counts the actions of the right records it visits (a bad record's
/// actions, told before its error, are dropped at the next record).
#[derive(Default)]
struct Actions {
    total: u64,
    this_record: u64,
}

impl RecordVisitor for Actions {
    type Output = ();

    fn begin_record(&mut self) {
        self.this_record = 0;
    }

    fn action(&mut self, _action: RecordAction, _after: RecordPosition<'_>) {
        self.this_record += 1;
    }

    fn end_record(&mut self, _: GameResult, _: Termination, _: RecordPosition<'_>) {
        self.total += self.this_record;
    }
}

/// Prints how many records and actions were read, and how many records
/// were bad (each one's error on standard error).
fn count(lenient: bool) -> Result<(), String> {
    let mut reader = reader(lenient);
    let mut actions = Actions::default();
    let (mut records, mut bad) = (0u64, 0u64);
    while let Some(record) = reader.visit(&mut actions) {
        match record {
            Ok(()) => records += 1,
            Err(err) => {
                eprintln!("{err}");
                bad += 1;
            }
        }
    }
    println!("{records} records, {} actions, {bad} bad", actions.total);
    if bad == 0 {
        Ok(())
    } else {
        Err(format!("{bad} bad records"))
    }
}

/// Prints the final position and result of every record.
fn check(lenient: bool) -> Result<(), String> {
    let mut out = BufWriter::new(io::stdout().lock());
    for record in reader(lenient) {
        let record = record.map_err(|err| err.to_string())?;
        writeln!(out, "{}", record.final_position_text()).map_err(|e| e.to_string())?;
        writeln!(out, "{}", record.result()).map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// Writes every record again, canonically.
fn format(lenient: bool) -> Result<(), String> {
    let mut out = BufWriter::new(io::stdout().lock());
    for (i, record) in reader(lenient).enumerate() {
        let record = record.map_err(|err| err.to_string())?;
        let gap = if i == 0 { "" } else { "\n" };
        write!(out, "{gap}{record}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

fn draw(lenient: bool) -> Result<(), String> {
    let record = reader(lenient)
        .next()
        .ok_or("no record on standard input")?
        .map_err(|err| err.to_string())?;
    print!("{}", record.svg(&SvgOptions::default()));
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    let lenient = args.len() == 2 && args[1] == "--lenient";
    if lenient {
        args.pop();
    }
    let result = match args.as_slice() {
        ["check"] => check(lenient),
        ["svg"] => draw(lenient),
        ["fmt"] => format(lenient),
        ["count"] => count(lenient),
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
