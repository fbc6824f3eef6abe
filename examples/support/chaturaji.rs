//! The Chaturaji half of the `perft`, `apply` and `play` examples, as plain
//! functions. The example programs call them with the arguments after the
//! game word and turn an `Err` into a message and a non-zero exit.

#![allow(dead_code)]

use kaissa_chaturaji::chaturaji::{
    play_seeded_game, Alliances, Colour, Move, Outcome, Position, Roll, Rules, Square,
};
use kaissa_chaturaji::game::{self, Chaturaji};

/// Reads leading `--rules sheet|opposite|ludii`, `--alliances
/// sheet|opposite` (the older spelling of the first two) and (when
/// `allow_divide`) `--divide` options in any order; returns the rules, the
/// divide flag and the remaining arguments.
pub fn options(args: &[String], allow_divide: bool) -> Result<(Rules, bool, &[String]), String> {
    let mut rules = Rules::default();
    let mut alliances_given = false;
    let mut divide = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--rules" => {
                let value = args
                    .get(i + 1)
                    .ok_or("--rules needs a value: sheet, opposite or ludii")?;
                rules = match value.as_str() {
                    "sheet" => Rules::default(),
                    "opposite" => Rules::default().with_alliances(Alliances::Opposite),
                    "ludii" => Rules::ludii(),
                    other => {
                        return Err(format!(
                            "--rules {other}: expected sheet, opposite or ludii"
                        ))
                    }
                };
                i += 2;
            }
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
                alliances_given = true;
                i += 2;
            }
            "--divide" if allow_divide => {
                divide = true;
                i += 1;
            }
            _ => break,
        }
    }
    if alliances_given && rules.is_ludii() {
        return Err("--alliances does not apply to the Ludii ruleset (it has no alliances)".into());
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

/// `[--rules sheet|opposite|ludii] [--divide] <depth> ["<position text>"]`
/// on `threads` threads (0: every core): prints (with `--divide`)
/// `<face>:<move> <nodes>` per root move (a Ludii promotion decision has no
/// face: `=K <nodes>`), then the total node count alone on the last line.
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
        let game = Chaturaji::new(pos);
        for (roll, mv, nodes) in game::perft_divide_threaded(&game, depth, threads) {
            match roll {
                Some(roll) => println!("{roll}:{mv} {nodes}"),
                None => println!("{mv} {nodes}"),
            }
            total += nodes;
        }
        if depth == 0 {
            total = 1;
        }
        println!("{total}");
    } else {
        println!(
            "{}",
            game::perft_threaded(&Chaturaji::new(pos), depth, threads)
        );
    }
    Ok(())
}

fn colour_square(text: &str) -> Option<(Colour, Square)> {
    let mut chars = text.chars();
    let colour = Colour::from_letter(chars.next()?)?;
    Some((colour, Square::parse(chars.as_str())?))
}

/// Applies one token (`<face>:<move>`, `exchange:<c><sq>,<c><sq>`, or a
/// Ludii promotion decision `=K` (`pass` when the only choice is to pass)).
pub fn apply_token(pos: &mut Position, token: &str) -> Result<(), String> {
    if token.starts_with('=') || token == "pass" {
        let mv = Move::parse(token).map_err(|e| format!("token {token:?}: {e}"))?;
        if pos.pending_promotion().is_none() {
            return Err(format!(
                "token {token:?}: no promotion decision is pending (a rolled move is <face>:<move>)"
            ));
        }
        // A decision takes no roll: any face serves.
        return pos
            .play(Roll::ALL[0], mv)
            .map(|_| ())
            .map_err(|e| format!("token {token:?}: {}", e.reason()));
    }
    let (head, tail) = token.split_once(':').ok_or_else(|| {
        format!(
            "token {token:?}: expected <face>:<move>, =K (a Ludii promotion decision) or exchange:<colour><square>,<colour><square>"
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
    if let Some(square) = pos.pending_promotion() {
        return Err(format!(
            "token {token:?}: the promotion of the pawn on {square} must be decided first, without a roll (=K, =E, =H, =B or pass)"
        ));
    }
    pos.play(roll, mv)
        .map(|_| ())
        .map_err(|e| format!("token {token:?}: {e}"))
}

/// `[--rules sheet|opposite|ludii] "<position text>" [<token> ...]`:
/// applies the tokens in order, prints the resulting position text, then
/// the outcome word alone on the last line.
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
fn outcome_line(pos: &Position, plies: u32) -> String {
    let outcome = pos.outcome();
    let scores = || {
        Colour::ALL
            .iter()
            .map(|&c| format!("{} {}", c.name(), pos.score(c)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match outcome {
        Outcome::AllianceWins([a, b]) => format!(
            "outcome: {} ({} and {} win: both opponents are out of the game after {plies} plies)",
            outcome.word(),
            a.name(),
            b.name()
        ),
        Outcome::ColourWins(colour) => format!(
            "outcome: {} ({} has the highest score when one colour owns every piece left, after {plies} plies; scores: {})",
            outcome.word(),
            colour.name(),
            scores()
        ),
        Outcome::TopScoreTie => format!(
            "outcome: {} (one colour owns every piece left after {plies} plies, and the highest score is shared; scores: {})",
            outcome.word(),
            scores()
        ),
        Outcome::Draw if pos.rules().is_ludii() => format!(
            "outcome: {} (the turn limit: {} rolled plies; scores: {})",
            outcome.word(),
            pos.ply(),
            scores()
        ),
        Outcome::Draw => format!(
            "outcome: {} (no capture in the last {} plies)",
            outcome.word(),
            pos.rules().draw_limit.unwrap_or(0)
        ),
        _ => format!("outcome: {} (stopped after {plies} plies)", outcome.word()),
    }
}

/// Plays a seeded random game from the start (sheet alliances, draw limit
/// 200): see [`play_game`].
pub fn play_main(seed: u64) -> Result<(), String> {
    play_game(Rules::default(), seed)
}

/// `[--rules sheet|opposite|ludii] [<seed>]` (seed 7 by default): see
/// [`play_game`].
pub fn play_args(args: &[String]) -> Result<(), String> {
    let (rules, _, rest) = options(args, false)?;
    let seed = match rest {
        [] => 7,
        [seed] => seed
            .parse::<u64>()
            .map_err(|_| format!("'{seed}' is not a seed (a whole number)"))?,
        [_, extra, ..] => return Err(format!("unexpected argument '{extra}'")),
    };
    play_game(rules, seed)
}

/// Plays a seeded random game from the start under `rules`: prints the
/// title, seed and start board, each ply (a forced pass announced as such,
/// a Ludii promotion decision as the choice it made), then the final
/// diagram, the position text and the outcome.
pub fn play_game(rules: Rules, seed: u64) -> Result<(), String> {
    let mut pos = Position::start(rules);
    println!("Chaturaji (four players, a stick die), random game with seed {seed}");
    if rules.is_ludii() {
        println!("Ludii's rules: everyone for themselves, captures score (pawn 1, boat 2, horse 3, elephant 4, raja 5)");
    } else {
        println!("Red and Green against Black and Yellow");
    }
    println!("the die: 2 boat, 3 horse, 4 elephant, 5 pawn or raja");
    println!("{}\n", pos.diagram());
    let mut n = 0u32;
    play_seeded_game(&mut pos, seed, 100_000, |ply, _| {
        n += 1;
        let what = match ply.mv {
            Move::Pass if ply.roll.is_some() => "pass (no move for this roll)".to_string(),
            Move::Pass => "keeps the pawn (it has every kind already)".to_string(),
            Move::Decision { kind } => format!("promotes the pawn to {}", kind.letter()),
            mv => mv.to_string(),
        };
        match ply.roll {
            Some(roll) => println!("{n:4}. {:<6} rolls {roll}: {what}", ply.seat.name()),
            None => println!("{n:4}. {:<6} decides: {what}", ply.seat.name()),
        }
    });
    println!();
    println!("{}", pos.diagram());
    println!("{pos}");
    println!("{}", outcome_line(&pos, n));
    Ok(())
}
