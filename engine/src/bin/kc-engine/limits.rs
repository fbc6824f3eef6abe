//! `go`'s limits, and the time a move gets from a clock.

use std::time::Duration;

use super::input::quote;

/// The longest a move may think, however much a clock holds: one hour.
pub const MAX_MOVE_TIME: u64 = 3_600_000;
/// The time a bare `go` (no limit given) thinks, in milliseconds.
pub const DEFAULT_MOVE_TIME: u64 = 1_000;
/// The largest number a `go` takes (milliseconds, nodes, depth):
/// larger ones are errors, not silently wrapped.
const MAX_NUMBER: u64 = 1_000_000_000_000;
/// Moves still to play, when a clock gives no `movestogo`.
const DEFAULT_MOVES_TO_GO: u64 = 30;
/// Milliseconds kept back from the clock for the reply to travel.
const OVERHEAD: u64 = 30;

/// What `go` asked for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Limits {
    /// Chaturaji: the face rolled (`go roll R`).
    pub roll: Option<u8>,
    /// `movetime`, in milliseconds.
    pub movetime: Option<u64>,
    /// `nodes` (or MCTS iterations).
    pub nodes: Option<u64>,
    /// `depth`.
    pub depth: Option<u32>,
    /// `wtime`, `btime` (a negative clock reads as 0).
    pub clocks: [Option<u64>; 2],
    /// `winc`, `binc`.
    pub increments: [u64; 2],
    /// `movestogo`.
    pub moves_to_go: Option<u64>,
    /// `infinite`: think until `stop`.
    pub infinite: bool,
}

/// The search budget of one move, from [`Limits::budget`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Plies, if limited.
    pub depth: Option<u32>,
    /// Nodes or iterations, if limited.
    pub nodes: Option<u64>,
    /// Wall-clock time, if limited.
    pub time: Option<Duration>,
    /// Until `stop` (the other limits are `None`).
    pub infinite: bool,
}

/// Reads a number of `go`: digits only, at most [`MAX_NUMBER`]; a
/// clock may be negative (a GUI's flag fell), read as 0.
fn number(key: &str, value: Option<&&str>, signed: bool) -> Result<u64, String> {
    let value = value.ok_or_else(|| format!("go {key}: the value is missing"))?;
    let digits = match value.strip_prefix('-') {
        Some(rest) if signed => rest,
        _ => value,
    };
    let valid =
        !digits.is_empty() && digits.len() <= 13 && digits.bytes().all(|b| b.is_ascii_digit());
    let n = valid.then(|| digits.parse::<u64>().ok()).flatten();
    match n {
        Some(n) if n <= MAX_NUMBER => Ok(if digits.len() < value.len() { 0 } else { n }),
        _ => Err(format!(
            "go {key}: \"{}\" is not a whole number from 0 to {MAX_NUMBER}",
            quote(value)
        )),
    }
}

impl Limits {
    /// Reads `go`'s arguments. `roll R` may only come first.
    pub fn parse(args: &[&str]) -> Result<Limits, String> {
        let mut limits = Limits::default();
        let mut seen: Vec<&str> = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            if seen.contains(&key) {
                return Err(format!("go: '{key}' is given twice"));
            }
            let value = args.get(i + 1);
            let mut step = 2;
            match key {
                "roll" if i == 0 => {
                    let face = number(key, value, false)?;
                    if !(2..=5).contains(&face) {
                        return Err(format!("go roll {face}: a die face is 2, 3, 4 or 5"));
                    }
                    limits.roll = Some(face as u8);
                }
                "roll" => return Err("go: the roll comes first (go roll 3 movetime 100)".into()),
                "movetime" => limits.movetime = Some(number(key, value, false)?),
                "nodes" => limits.nodes = Some(number(key, value, false)?),
                "depth" => {
                    let depth = number(key, value, false)?;
                    limits.depth = Some(u32::try_from(depth.min(1000)).unwrap_or(1000));
                }
                "wtime" => limits.clocks[0] = Some(number(key, value, true)?),
                "btime" => limits.clocks[1] = Some(number(key, value, true)?),
                "winc" => limits.increments[0] = number(key, value, true)?,
                "binc" => limits.increments[1] = number(key, value, true)?,
                "movestogo" => limits.moves_to_go = Some(number(key, value, false)?.max(1)),
                "infinite" => {
                    limits.infinite = true;
                    step = 1;
                }
                "ponder" | "searchmoves" | "mate" => {
                    return Err(format!("go {key}: not supported by this engine"))
                }
                _ => {
                    return Err(format!(
                        "go: unknown limit \"{}\" (movetime, nodes, depth, wtime, btime, winc, binc, movestogo, infinite; roll first for Chaturaji)",
                        quote(key)
                    ))
                }
            }
            seen.push(key);
            i += step;
        }
        if limits.infinite
            && (limits.movetime.is_some()
                || limits.nodes.is_some()
                || limits.depth.is_some()
                || limits.clocks.iter().any(Option::is_some))
        {
            return Err("go infinite takes no other limit (but a roll)".into());
        }
        Ok(limits)
    }

    /// The budget of a move for the side whose clock is `clock` (0:
    /// `wtime`/`winc`, 1: `btime`/`binc`). A clock gives the move its
    /// share of the time left (`movestogo`, else 30 moves) plus most of
    /// the increment, never more than the clock less a margin. With no
    /// limit at all a move thinks [`DEFAULT_MOVE_TIME`].
    pub fn budget(&self, clock: usize) -> Budget {
        if self.infinite {
            return Budget {
                depth: None,
                nodes: None,
                time: None,
                infinite: true,
            };
        }
        let from_clock = self.clocks[clock].map(|left| {
            let moves = self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO);
            let share = left / moves + self.increments[clock] * 3 / 4;
            let most = left.saturating_sub(OVERHEAD.min(left / 2));
            share.min(most)
        });
        let time = match (self.movetime, from_clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let time = match (time, self.depth, self.nodes) {
            (None, None, None) => Some(DEFAULT_MOVE_TIME),
            (time, _, _) => time,
        };
        Budget {
            depth: self.depth,
            nodes: self.nodes,
            time: time.map(|ms| Duration::from_millis(ms.clamp(1, MAX_MOVE_TIME))),
            infinite: false,
        }
    }
}
