//! Applies moves to a position given as text (a fixed interface:
//! scripts and other programs depend on it):
//!
//! ```text
//! cargo run --release --example apply -- <kaissa|chaturaji> [--rules sheet|opposite|ludii] "<position text>" [<token> ...]
//! ```
//!
//! Chaturaji tokens are `<face>:<move>` (`2:h1f3`, `4:pass`), a Ludii
//! promotion decision (`=K`, `=E`, `=H`, `=B`, or `pass` when the colour has
//! every kind already) or an exchange (`exchange:rh4,be8`). `--alliances
//! sheet|opposite` is accepted as the older spelling of `--rules`.
//!
//! Prints the resulting position text on one line, then the outcome word
//! (`ongoing`, `draw`, `yellow-wins`, `red-wins`; for Chaturaji
//! `<alliance>-wins` such as `rg-wins`, and under the Ludii ruleset
//! `<colour>-wins` such as `green-wins`) alone on the last line. An illegal
//! or malformed token stops it with a non-zero exit and a message naming the
//! token and why.

use std::process::ExitCode;

use kaissa_chaturaji::kaissa;

#[path = "support/chaturaji.rs"]
mod chaturaji_cli;

fn kaissa_main(args: &[String]) -> Result<(), String> {
    let (text, tokens) = args
        .split_first()
        .ok_or("expected \"<position text>\" [<move> ...]")?;
    let mut pos: kaissa::Position = text
        .parse()
        .map_err(|e| format!("bad position text: {e}"))?;
    for token in tokens {
        let mv: kaissa::Move = token
            .parse()
            .map_err(|e| format!("token '{token}': malformed move: {e}"))?;
        pos.play(mv)
            .map_err(|e| format!("token '{token}': {}", e.reason()))?;
    }
    println!("{pos}");
    println!("{}", pos.outcome().word());
    Ok(())
}

/// What `--help` prints.
const HELP: &str = "apply: applies moves to a position and prints the resulting position text,
then the outcome word alone on the last line.

usage: apply kaissa \"<position text>\" [<move> ...]
       apply chaturaji [--rules sheet|opposite|ludii] \"<position text>\" [<token> ...]

Kaissa moves: e2e5, H@c1 (placing the Home Stone).
Chaturaji tokens: <face>:<move> (2:h1f3, 4:pass, 5:g7g8K), a Ludii promotion
decision (=K, =E, =H, =B), or an exchange exchange:<colour><square>,<colour><square>.
Outcome words: ongoing, draw, yellow-wins, red-wins; rg-wins, by-wins, ry-wins,
bg-wins; under Ludii <colour>-wins (green-wins).
--alliances sheet|opposite is the older spelling of --rules.
An illegal or malformed token stops it with a non-zero exit and the reason.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{HELP}");
        return ExitCode::SUCCESS;
    }
    let result = match args.first().map(String::as_str) {
        Some("kaissa") => kaissa_main(&args[1..]),
        Some("chaturaji") => chaturaji_cli::apply_main(&args[1..]),
        _ => Err("usage: apply <kaissa|chaturaji> [--rules sheet|opposite|ludii] \"<position text>\" [<token> ...]".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("apply: {message}");
            ExitCode::FAILURE
        }
    }
}
