//! A seeded random game, printed move by move, then the final board and the
//! outcome.
//!
//! ```text
//! cargo run --release --example play                     # Merchant Kaissa, seed 7
//! cargo run --release --example play -- kaissa 2         # another seed
//! cargo run --release --example play -- chaturaji 7      # four-player Chaturaji
//! ```
//!
//! The same seed always replays the same game.

use std::process::ExitCode;

use kaissa_chaturaji::kaissa::{DrawReason, Outcome, Position, WinReason};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

#[path = "support/chaturaji.rs"]
mod chaturaji_cli;

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

fn kaissa_main(seed: u64) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::start();
    println!("Merchant Kaissa, random game with seed {seed}");
    println!("{}\n", pos.diagram());
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
        let (side, turn) = (pos.to_move(), pos.turn());
        let capture = mv
            .from()
            .and_then(|_| pos.piece_at(mv.to()))
            .map(|p| format!(" takes {}", p.kind.name()))
            .unwrap_or_default();
        pos.play_unchecked(mv); // a move from the legal list
        plies += 1;
        println!("{turn:>4} {side:<6} {mv}{capture}");
    }
    println!("\n{}", pos.diagram());
    println!("{pos}");
    match pos.outcome() {
        Outcome::Ongoing => println!("stopped after {MAX_PLIES} plies: the game goes on"),
        outcome => println!("outcome: {}", describe(outcome)),
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("kaissa", String::as_str);
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
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("play: {message}");
            ExitCode::FAILURE
        }
    }
}
