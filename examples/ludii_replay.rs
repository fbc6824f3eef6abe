//! Replays recorded Ludii Chaturaji games with the library's own rules (a fixed
//! interface: scripts depend on it; the format is in `tests/data/ludii/`):
//!
//! ```text
//! cargo run --release --example ludii_replay < sample.in
//! ```
//!
//! Reads one ply a line, `<game> <ply> <mover> <die> <chosen>` (`<die>` is
//! `-` on a promotion decision; `<chosen>` in Ludii's move text: `a2a3`,
//! `pass`, `promote:K`). Every game starts from the start position under the
//! Ludii ruleset. For each line it prints `<game> <ply> <legal>`: the legal
//! moves before the ply, for the die (or the decision's choices), in Ludii's
//! move text, sorted as ASCII strings, then plays the recorded move. After
//! the last ply of a game it prints `<game> end <status> <winner>
//! green=<n> red=<n> black=<n> yellow=<n>`.
//!
//! It never reads a board: the positions come from the moves alone. On a
//! wrong mover, an illegal move or a malformed line it prints `<game> <ply>
//! error <reason>` in place of that ply's line, nothing more for that game,
//! goes on with the next game and exits non-zero at the end. (A line whose
//! game or ply number cannot be read is reported on stderr.)

use std::io;
use std::process::ExitCode;

#[path = "support/ludii_replay.rs"]
mod ludii_replay;

/// What `--help` prints.
const HELP: &str = "ludii_replay: replays recorded Ludii Chaturaji games (read from standard
input, one ply a line: <game> <ply> <mover> <die> <chosen>) with this
library's Ludii ruleset and prints, per ply, the legal moves before it, and
per game its end (status, winner, scores); see shared/ludii/README.md.

usage: ludii_replay < FILE";

fn main() -> ExitCode {
    if std::env::args()
        .skip(1)
        .any(|arg| arg == "--help" || arg == "-h")
    {
        println!("{HELP}");
        return ExitCode::SUCCESS;
    }
    match ludii_replay::replay(io::stdin().lock(), io::stdout().lock()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("ludii_replay: {e}");
            ExitCode::FAILURE
        }
    }
}
