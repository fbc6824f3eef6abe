//! The engine's game: `position`'s arguments read into an [`AnyGame`],
//! and the game `go` searches.

use kaissa_chaturaji::chaturaji::Roll;
use kaissa_chaturaji::game::{Actor, AnyGame, Game, ReadyError};
use kaissa_chaturaji_engine::{quote, tokens};

/// The longest token `position` takes (a board field, a move).
const MAX_TOKEN: usize = 256;

/// The game `position <args>` sets up, from `start` (the variant's start)
/// or a position text of the same game and rules, then the moves.
pub fn read(start: &AnyGame, args: &[&str]) -> Result<AnyGame, String> {
    if let Some(long) = args.iter().find(|t| t.len() > MAX_TOKEN) {
        return Err(format!(
            "position: a token of {} bytes (at most {MAX_TOKEN}): \"{}\"",
            long.len(),
            quote(long)
        ));
    }
    let moves_at = args.iter().position(|&t| t == "moves");
    let (head, moves) = match moves_at {
        Some(at) => (&args[..at], &args[at + 1..]),
        None => (args, &args[args.len()..]),
    };
    let mut game = match head {
        ["startpos"] => start.clone(),
        ["startpos", extra, ..] => {
            return Err(format!(
                "position startpos: unexpected \"{}\" (moves comes next)",
                quote(extra)
            ))
        }
        ["fen"] => return Err("position fen: the position text is missing".into()),
        ["fen", text @ ..] => start
            .with_position_text(&text.join(" "))
            .map_err(|e| format!("position fen: {e}"))?,
        [] => return Err("position: expected startpos or fen <position text>".into()),
        [other, ..] => {
            return Err(format!(
                "position: expected startpos or fen, not \"{}\"",
                quote(other)
            ))
        }
    };
    for token in moves {
        tokens::play(&mut game, token)?;
    }
    Ok(game)
}

/// The game `go` searches: `game` with the face `roll` applied (Chaturaji,
/// unless a Ludii promotion decision is pending, which takes no roll), at
/// a player node.
pub fn to_move(game: &AnyGame, roll: Option<u8>) -> Result<AnyGame, String> {
    let roll = match roll {
        Some(face) => Some(Roll::new(face).ok_or("go roll: a die face is 2, 3, 4 or 5")?),
        None => None,
    };
    game.ready_to_choose(roll).map_err(|e| {
        let example = match e {
            ReadyError::RollNeeded => " (go roll 3 movetime 100)",
            ReadyError::NoRollWanted => " (go movetime 100)",
            _ => "",
        };
        format!("go: {e}{example}")
    })
}

/// Whose clock the player to move uses: 0 `wtime`, 1 `btime`. Kaissa's
/// Yellow and Red; in Chaturaji Red and Yellow (first and third in the
/// turn order) use `wtime`, Black and Green `btime`.
pub fn clock_of(game: &AnyGame) -> usize {
    match game.actor() {
        Actor::Player(player) => player % 2,
        Actor::Chance | Actor::Over => 0,
    }
}
