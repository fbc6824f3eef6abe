//! The Chaturaji half of the `perft`, `apply` and `play` examples, as plain
//! functions. The example programs call them with the arguments after the
//! game word and turn an `Err` into a message and a non-zero exit.

#![allow(dead_code)]

use kaissa_chaturaji::chaturaji::{
    play_seeded_game, Alliances, Colour, Move, Outcome, Position, Roll, Rules, Square,
};
use kaissa_chaturaji::threads::{chaturaji_perft as perft, chaturaji_perft_divide as perft_divide};

/// Reads leading `--alliances sheet|opposite` and (when `allow_divide`)
/// `--divide` options in any order; returns the rules, the divide flag and
/// the remaining arguments.
fn options(args: &[String], allow_divide: bool) -> Result<(Rules, bool, &[String]), String> {
    let mut rules = Rules::default();
    let mut divide = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--alliances" => {
                let value = args
                    .get(i + 1)
                    .ok_or("--alliances needs a value: sheet or opposite")?;
                rules = rules.with_alliances(match value.as_str() {
                    "sheet" => Alliances::Sheet,
                    "opposite" => Alliances::Opposite,
                    other => {
                        return Err(format!("--alliances {other}: expected sheet or opposite"))
                    }
                });
                i += 2;
            }
            "--divide" if allow_divide => {
                divide = true;
                i += 1;
            }
            _ => break,
        }
    }
    Ok((rules, divide, &args[i..]))
}

fn position(text: Option<&String>, rules: Rules) -> Result<Position, String> {
    match text {
        None => Ok(Position::start(rules)),
        Some(text) => {
            Position::from_text(text, rules).map_err(|e| format!("position {text:?}: {e}"))
        }
    }
}

/// `[--alliances sheet|opposite] [--divide] <depth> ["<position text>"]`:
/// prints (with `--divide`) `<face>:<move> <nodes>` per root move, then the
/// total node count alone on the last line.
pub fn perft_main(args: &[String], threads: usize) -> Result<(), String> {
    let (rules, divide, rest) = options(args, true)?;
    let depth_text = rest.first().ok_or("missing depth")?;
    let depth: u32 = depth_text
        .parse()
        .map_err(|_| format!("depth {depth_text:?} is not a number"))?;
    if rest.len() > 2 {
        return Err(format!("unexpected argument {:?}", rest[2]));
    }
    let pos = position(rest.get(1), rules)?;
    if divide {
        let mut total = 0;
        for (roll, mv, nodes) in perft_divide(&pos, depth, threads) {
            println!("{roll}:{mv} {nodes}");
            total += nodes;
        }
        if depth == 0 {
            total = 1;
        }
        println!("{total}");
    } else {
        println!("{}", perft(&pos, depth, threads));
    }
    Ok(())
}

fn colour_square(text: &str) -> Option<(Colour, Square)> {
    let mut chars = text.chars();
    let colour = Colour::from_letter(chars.next()?)?;
    Some((colour, Square::parse(chars.as_str())?))
}

/// Applies one token (`<face>:<move>` or `exchange:<c><sq>,<c><sq>`).
fn apply_token(pos: &mut Position, token: &str) -> Result<(), String> {
    let (head, tail) = token.split_once(':').ok_or_else(|| {
        format!(
            "token {token:?}: expected <face>:<move> or exchange:<colour><square>,<colour><square>"
        )
    })?;
    if head == "exchange" {
        let (a, b) = tail.split_once(',').ok_or_else(|| {
            format!("token {token:?}: an exchange names two rajas, e.g. exchange:rh4,be8")
        })?;
        let a = colour_square(a)
            .ok_or_else(|| format!("token {token:?}: {a:?} is not <colour><square> such as rh4"))?;
        let b = colour_square(b)
            .ok_or_else(|| format!("token {token:?}: {b:?} is not <colour><square> such as be8"))?;
        return pos
            .apply_exchange(a, b)
            .map_err(|e| format!("token {token:?}: exchange not possible: {e}"));
    }
    let roll = match head.parse::<u8>().ok().and_then(Roll::new) {
        Some(roll) if head.len() == 1 => roll,
        _ => {
            return Err(format!(
                "token {token:?}: {head:?} is not a die face 2, 3, 4 or 5"
            ))
        }
    };
    let mv = Move::parse(tail).map_err(|e| format!("token {token:?}: {e}"))?;
    pos.play(roll, mv)
        .map(|_| ())
        .map_err(|e| format!("token {token:?}: {e}"))
}

/// `[--alliances sheet|opposite] "<position text>" [<token> ...]`: applies
/// the tokens in order, prints the resulting position text, then the
/// outcome word alone on the last line.
pub fn apply_main(args: &[String]) -> Result<(), String> {
    let (rules, _, rest) = options(args, false)?;
    let text = rest.first().ok_or("missing position text")?;
    let mut pos = position(Some(text), rules)?;
    for token in &rest[1..] {
        apply_token(&mut pos, token)?;
    }
    println!("{pos}");
    println!("{}", pos.outcome().word());
    Ok(())
}

/// The outcome in words, for the last line of a game.
fn outcome_line(outcome: Outcome, plies: u32) -> String {
    match outcome {
        Outcome::AllianceWins([a, b]) => format!(
            "outcome: {} ({} and {} win: both opponents are out of the game after {plies} plies)",
            outcome.word(),
            a.name(),
            b.name()
        ),
        Outcome::Draw => format!(
            "outcome: {} (no capture in the last {} plies)",
            outcome.word(),
            Rules::default().draw_limit.unwrap_or(0)
        ),
        _ => format!("outcome: {} (stopped after {plies} plies)", outcome.word()),
    }
}

/// Plays a seeded random game from the start (sheet alliances, draw limit
/// 200): prints the title, seed and start board, each ply (a forced pass
/// announced as such), then the final diagram, the position text and the
/// outcome.
pub fn play_main(seed: u64) -> Result<(), String> {
    let mut pos = Position::start(Rules::default());
    println!("Chaturaji (four players, a stick die), random game with seed {seed}");
    println!("Red and Green against Black and Yellow; the die: 2 boat, 3 horse, 4 elephant, 5 pawn or raja");
    println!("{}\n", pos.diagram());
    let mut n = 0u32;
    let outcome = play_seeded_game(&mut pos, seed, 100_000, |ply, _| {
        n += 1;
        let what = if ply.mv == Move::Pass {
            "pass (no move for this roll)".to_string()
        } else {
            ply.mv.to_string()
        };
        println!("{n:4}. {:<6} rolls {}: {what}", ply.seat.name(), ply.roll);
    });
    println!();
    println!("{}", pos.diagram());
    println!("{pos}");
    println!("{}", outcome_line(outcome, n));
    Ok(())
}
