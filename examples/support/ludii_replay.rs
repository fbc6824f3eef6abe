//! The replay of recorded Ludii games (`examples/ludii_replay.rs`, whose
//! docs describe the interface), as a function the example and the test
//! `tests/ludii/replay.rs` share.

#![allow(dead_code)]

use std::io::{self, BufRead, BufWriter, Write};

use kaissa_chaturaji::chaturaji::{
    Colour, Move, MoveList, Outcome, PieceKind, Position, Roll, Rules,
};

/// The colours in the order of the `end` line.
const END_ORDER: [Colour; 4] = [Colour::Green, Colour::Red, Colour::Black, Colour::Yellow];

/// A move in Ludii's move text.
fn ludii_text(mv: Move) -> String {
    match mv {
        Move::Decision { kind } => format!("promote:{}", kind.letter()),
        other => other.to_string(),
    }
}

/// Reads Ludii's move text: `a2a3`, `pass` or `promote:K`.
fn parse_ludii_move(text: &str) -> Result<Move, String> {
    if let Some(letter) = text.strip_prefix("promote:") {
        let mut chars = letter.chars();
        return match (chars.next().and_then(PieceKind::from_letter), chars.next()) {
            (Some(kind), None) if kind != PieceKind::Pawn => Ok(Move::Decision { kind }),
            _ => Err(format!(
                "malformed move {text:?}: a promotion is promote:K, promote:E, promote:H or promote:B"
            )),
        };
    }
    match Move::parse(text) {
        Ok(mv @ (Move::Normal { .. } | Move::Pass)) => Ok(mv),
        Ok(_) => Err(format!("malformed move {text:?}: not in Ludii's move text")),
        Err(e) => Err(format!("malformed move {text:?}: {e}")),
    }
}

/// The die field: `Some(roll)` for 2..5, `None` for `-`.
fn parse_die(text: &str) -> Result<Option<Roll>, String> {
    if text == "-" {
        return Ok(None);
    }
    match text.parse::<u8>().ok().and_then(Roll::new) {
        Some(roll) if text.len() == 1 => Ok(Some(roll)),
        _ => Err(format!("malformed die {text:?}: expected 2, 3, 4, 5 or -")),
    }
}

/// One game being replayed.
struct Game {
    number: u64,
    position: Position,
    /// The ply the next line must have.
    next_ply: u64,
    /// An error was reported: the rest of the game's lines are skipped.
    failed: bool,
}

impl Game {
    fn new(number: u64) -> Game {
        Game {
            number,
            position: Position::start(Rules::ludii()),
            next_ply: 0,
            failed: false,
        }
    }

    /// Checks and plays one ply (`mover`, `die`, `chosen` are the line's
    /// fields); returns the legal-move line's list, or why the ply fails.
    fn ply(&mut self, ply: u64, mover: &str, die: &str, chosen: &str) -> Result<String, String> {
        if ply != self.next_ply {
            return Err(format!(
                "ply {ply} out of order: expected ply {}",
                self.next_ply
            ));
        }
        let mover = match mover {
            "green" => Colour::Green,
            "red" => Colour::Red,
            "black" => Colour::Black,
            "yellow" => Colour::Yellow,
            other => return Err(format!("unknown mover {other:?}")),
        };
        let die = parse_die(die)?;
        let mv = parse_ludii_move(chosen)?;
        let pos = &mut self.position;
        if pos.is_over() {
            return Err(format!("the game is over ({})", status(pos)));
        }
        if mover != pos.to_move() {
            return Err(format!(
                "wrong mover: {} is recorded, {} is to move",
                mover.name(),
                pos.to_move().name()
            ));
        }
        let roll = match (die, pos.pending_promotion()) {
            (Some(roll), None) => roll,
            (None, Some(_)) => Roll::ALL[0], // not used by a decision
            (Some(roll), Some(square)) => {
                return Err(format!(
                    "a die ({roll}) is recorded, but the promotion of the pawn on {square} is to be decided without a roll"
                ))
            }
            (None, None) => {
                return Err("no die is recorded, but no promotion decision is pending".into())
            }
        };
        let moves: MoveList = pos.legal_moves(roll);
        let mut texts: Vec<String> = moves.iter().map(|&m| ludii_text(m)).collect();
        texts.sort_unstable();
        pos.play(roll, mv)
            .map_err(|e| format!("illegal move {chosen}: {}", e.reason()))?;
        self.next_ply += 1;
        Ok(texts.join(" "))
    }

    /// The `end` line.
    fn end_line(&self) -> String {
        let pos = &self.position;
        let winner = match pos.outcome() {
            Outcome::ColourWins(colour) => colour.name(),
            _ => "none",
        };
        let scores: Vec<String> = END_ORDER
            .iter()
            .map(|&c| format!("{}={}", c.name(), pos.score(c)))
            .collect();
        format!(
            "{} end {} {winner} {}",
            self.number,
            status(pos),
            scores.join(" ")
        )
    }
}

/// The status word of the `end` line.
fn status(pos: &Position) -> &'static str {
    match pos.outcome() {
        Outcome::Ongoing => "ongoing",
        Outcome::Draw => "turn-limit",
        _ => "one-colour-left",
    }
}

/// Replays the plies read from `input` and writes the report to `out` (see
/// the example's docs). Returns whether every line was replayed without an
/// error; an `Err` is an input or output failure.
pub fn replay(input: impl BufRead, out: impl Write) -> io::Result<bool> {
    let mut out = BufWriter::new(out);
    let mut ok = true;
    let mut game: Option<Game> = None;
    let finish = |game: Option<Game>, out: &mut dyn Write| -> io::Result<()> {
        match game {
            Some(g) if !g.failed => writeln!(out, "{}", g.end_line()),
            _ => Ok(()),
        }
    };
    for (index, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let numbers = (
            fields.first().and_then(|f| f.parse::<u64>().ok()),
            fields.get(1).and_then(|f| f.parse::<u64>().ok()),
        );
        let (Some(number), Some(ply)) = numbers else {
            eprintln!(
                "ludii_replay: line {}: expected <game> <ply> <mover> <die> <chosen>",
                index + 1
            );
            ok = false;
            continue;
        };
        if game.as_ref().map(|g| g.number) != Some(number) {
            finish(game.take(), &mut out)?;
            game = Some(Game::new(number));
        }
        let Some(g) = game.as_mut() else { continue };
        if g.failed {
            continue;
        }
        let result = match fields.as_slice() {
            [_, _, mover, die, chosen] => g.ply(ply, mover, die, chosen),
            _ => Err(format!(
                "malformed line: expected 5 fields, found {}",
                fields.len()
            )),
        };
        match result {
            Ok(legal) => writeln!(out, "{number} {ply} {legal}")?,
            Err(reason) => {
                writeln!(out, "{number} {ply} error {reason}")?;
                g.failed = true;
                ok = false;
            }
        }
    }
    finish(game, &mut out)?;
    out.flush()?;
    Ok(ok)
}
