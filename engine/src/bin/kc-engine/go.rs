//! `go`'s arguments, and the [`Limit`] of the move they give.

use std::time::Duration;

use kaissa_chaturaji::agents::{Clock, Limit};
use kaissa_chaturaji_engine::quote;

/// The largest number a `go` takes (milliseconds, nodes, depth):
/// larger ones are errors, not silently wrapped.
const MAX_NUMBER: u64 = 1_000_000_000_000;

/// What `go` asked for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Go {
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

impl Go {
    /// Reads `go`'s arguments. `roll R` may only come first.
    pub fn parse(args: &[&str]) -> Result<Go, String> {
        let mut limits = Go::default();
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

    /// The limit of a move for the player whose clock is `clock` (0:
    /// `wtime`/`winc`, 1: `btime`/`binc`): every bound given applies
    /// (a clock gives the move [`Clock::move_time`]); with none, the
    /// agent's own budget decides ([`Limit::default`]).
    pub fn limit(&self, clock: usize) -> Limit {
        if self.infinite {
            return Limit::infinite();
        }
        let mut limit = Limit::default();
        limit.depth = self.depth;
        limit.nodes = self.nodes;
        limit.time = self.movetime.map(|ms| Duration::from_millis(ms.max(1)));
        limit.clock = self.clocks[clock].map(|left| {
            let clock = Clock::new(
                Duration::from_millis(left),
                Duration::from_millis(self.increments[clock]),
            );
            match self.moves_to_go {
                Some(moves) => clock.with_moves_to_go(u32::try_from(moves).unwrap_or(u32::MAX)),
                None => clock,
            }
        });
        limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(text: &str) -> Result<Go, String> {
        Go::parse(
            &text
                .split(' ')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn limits_and_clocks() {
        let limit = go("movetime 50 depth 3").unwrap().limit(0);
        assert_eq!(limit.time, Some(Duration::from_millis(50)));
        assert_eq!(limit.depth, Some(3));
        let clock = go("wtime 3000 btime -20 winc 10 movestogo 20").unwrap();
        assert_eq!(
            clock.limit(0).move_time(),
            Some(Duration::from_micros(157_500))
        );
        assert_eq!(clock.limit(1).move_time(), Some(Duration::from_millis(1)));
        assert!(go("infinite").unwrap().limit(1).infinite);
        assert!(go("").is_ok_and(|g| g.limit(0).is_unbounded()));
        assert!(go("roll 3 movetime 5").unwrap().roll == Some(3));
        for bad in [
            "movetime",
            "depth 3 depth 4",
            "infinite nodes 3",
            "movetime 5 roll 3",
            "roll 6",
            "nodes -1",
            "mate 3",
        ] {
            assert!(go(bad).is_err(), "{bad}");
        }
    }
}
