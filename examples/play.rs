//! A seeded random game, printed move by move, then the final board and the
//! outcome.
//!
//! ```text
//! cargo run --release --example play                     # Merchant Kaissa, seed 7
//! cargo run --release --example play -- kaissa 2         # another seed
//! cargo run --release --example play -- chaturaji 7      # four-player Chaturaji
//! cargo run --release --example play -- chaturaji --rules ludii 7  # Ludii's rules
//! cargo run --release --example play -- kaissa 7 --record # the game as a record
//! cargo run --release --example play -- chaturaji --rules opposite 7 --record
//! ```
//!
//! The same seed always replays the same game. With `--record` the game is
//! printed as a game record (docs/records.md) instead of the move log;
//! `--rules sheet|opposite` (or `--alliances`) then picks Chaturaji's
//! alliances.

use std::process::ExitCode;

use kaissa_chaturaji::kaissa::{DrawReason, Move, Outcome, Position, WinReason};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

#[path = "support/chaturaji.rs"]
mod chaturaji_cli;
#[path = "record_support/play_record.rs"]
mod record;

/// Kaissa games without a Home Stone capture can go on for ever (the rules
/// impose no move-count limit), so the example stops after this many plies.
const MAX_PLIES: u32 = 2000;

/// An outcome in words: who won and how, or why it is drawn.
fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let how = match reason {
                WinReason::HomeStoneCaptured => "by capturing the enemy Home Stone",
                WinReason::DefaultLoss => "by default (the loser could not place its Home Stone)",
                WinReason::Resignation => "by resignation",
                _ => "",
            };
            format!("{winner} wins {how}")
        }
        Outcome::Draw { reason } => {
            let why = match reason {
                DrawReason::NoLegalMoves => "the side to move has no legal move",
                DrawReason::Agreement => "agreed",
                DrawReason::TurnLimit => "the turn limit of the notation",
                _ => "",
            };
            format!("draw ({why})")
        }
        _ => "the game goes on".to_string(),
    }
}

/// Plays the seeded Kaissa game, calling `on_move` with the position
/// before each move and the move; returns the final position.
fn kaissa_game(seed: u64, mut on_move: impl FnMut(&Position, Move)) -> Position {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::start();
    let mut plies = 0;
    while pos.outcome() == Outcome::Ongoing && plies < MAX_PLIES {
        let moves = pos.legal_moves();
        // A sensible random player places its Home Stone as soon as it may;
        // otherwise every legal move is equally likely.
        let placements: Vec<_> = moves.iter().filter(|m| m.from().is_none()).collect();
        let mv = if !placements.is_empty() {
            *placements[rng.below(placements.len() as u64) as usize]
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        on_move(&pos, mv);
        pos.play_unchecked(mv); // a move from the legal list
        plies += 1;
    }
    pos
}

fn kaissa_main(seed: u64) -> Result<(), String> {
    println!("Merchant Kaissa, random game with seed {seed}");
    println!("{}\n", Position::start().diagram());
    let pos = kaissa_game(seed, |pos, mv| {
        let (side, turn) = (pos.to_move(), pos.turn());
        let capture = mv
            .from()
            .and_then(|_| pos.piece_at(mv.to()))
            .map(|p| format!(" takes {}", p.kind.name()))
            .unwrap_or_default();
        println!("{turn:>4} {side:<6} {mv}{capture}");
    });
    println!("\n{}", pos.diagram());
    println!("{pos}");
    match pos.outcome() {
        Outcome::Ongoing => println!("stopped after {MAX_PLIES} plies: the game goes on"),
        outcome => println!("outcome: {}", describe(outcome)),
    }
    Ok(())
}

/// What `--help` prints.
const HELP: &str = "play: a seeded random game, printed move by move with the start and final
boards and the outcome; the same seed replays the same game.

usage: play [kaissa] [<seed>] [--record]
       play chaturaji [--rules sheet|opposite|ludii] [<seed>] [--record]

The seed is a whole number (default 7). --record prints the game as a game
record (docs/records.md) instead of the move log.";

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{HELP}");
        return ExitCode::SUCCESS;
    }
    if args.iter().any(|a| a == "--record") {
        args.retain(|a| a != "--record");
        return finish(record::main(&args, &|seed, on_move| {
            kaissa_game(seed, on_move)
        }));
    }
    let game = args.first().map_or("kaissa", String::as_str);
    if game == "chaturaji" {
        // `[--rules sheet|opposite|ludii] [<seed>]`.
        return finish(chaturaji_cli::play_args(&args[1..]));
    }
    let seed = match args.get(1).map(|s| s.parse::<u64>()) {
        None => Ok(7),
        Some(Ok(seed)) => Ok(seed),
        Some(Err(_)) => Err(format!("'{}' is not a seed (a whole number)", args[1])),
    };
    let result = seed.and_then(|seed| match game {
        "kaissa" => kaissa_main(seed),
        "chaturaji" => chaturaji_cli::play_main(seed),
        other => Err(format!("unknown game '{other}': kaissa or chaturaji")),
    });
    finish(result)
}

fn finish(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("play: {message}");
            ExitCode::FAILURE
        }
    }
}
