//! Game clocks: live ones (an initial time and an increment per move) and
//! correspondence ones (days per move). The server keeps them and flags a
//! seat whose time runs out.
//!
//! The stored times are those at the last change; after a restart the
//! seat to move's time runs again from the restart, so the time the
//! server was down is charged to nobody.

use serde::{Deserialize, Serialize};
use std::time::{SystemTime, UNIX_EPOCH};

/// The longest initial time or increment accepted: one day, in ms.
pub const MAX_LIVE_MS: u64 = 86_400_000;

/// The most days per move accepted.
pub const MAX_DAYS_PER_MOVE: u64 = 30;

/// A clock's settings, as `POST /api/games` takes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ClockConfig {
    /// A live clock: every seat starts with `initial_ms` and gains
    /// `increment_ms` with each of its moves.
    Live {
        /// The starting time of each seat, in milliseconds.
        initial_ms: u64,
        /// The time added after each move, in milliseconds.
        increment_ms: u64,
    },
    /// A correspondence clock: each move must come within this many days.
    Days {
        /// Days allowed per move.
        days_per_move: u64,
    },
}

impl ClockConfig {
    /// Checks the settings' bounds.
    ///
    /// # Errors
    ///
    /// A message naming the value out of bounds.
    pub fn check(&self) -> Result<(), String> {
        match *self {
            ClockConfig::Live {
                initial_ms,
                increment_ms,
            } => {
                if initial_ms == 0 || initial_ms > MAX_LIVE_MS || increment_ms > MAX_LIVE_MS {
                    return Err(format!(
                        "clock: initial_ms must be 1 to {MAX_LIVE_MS} and increment_ms at most {MAX_LIVE_MS}"
                    ));
                }
            }
            ClockConfig::Days { days_per_move } => {
                if days_per_move == 0 || days_per_move > MAX_DAYS_PER_MOVE {
                    return Err(format!(
                        "clock: days_per_move must be 1 to {MAX_DAYS_PER_MOVE}"
                    ));
                }
            }
        }
        Ok(())
    }

    /// The time a seat has for its turn when the turn starts: the live
    /// clock's remaining time is kept; a correspondence turn starts full.
    fn turn_start(&self, remaining: i64) -> i64 {
        match *self {
            ClockConfig::Live { .. } => remaining,
            ClockConfig::Days { days_per_move } => (days_per_move * 86_400_000) as i64,
        }
    }
}

/// A clock's times: each seat's remaining time at the last change, and
/// since when the seat to move's time runs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Each seat's remaining time, in milliseconds, at `since_ms`.
    pub remaining_ms: Vec<i64>,
    /// The seat whose time runs, if any.
    pub running: Option<usize>,
    /// When its time started running (milliseconds since 1970).
    pub since_ms: i64,
}

impl ClockState {
    /// The times of a clock at a game's creation: every seat full.
    #[must_use]
    pub fn new(config: &ClockConfig, seats: usize) -> ClockState {
        let full = match *config {
            ClockConfig::Live { initial_ms, .. } => initial_ms as i64,
            ClockConfig::Days { days_per_move } => (days_per_move * 86_400_000) as i64,
        };
        ClockState {
            remaining_ms: vec![full; seats],
            running: None,
            since_ms: 0,
        }
    }

    /// The running seat's remaining time at `now_ms` (its stored time for
    /// a seat whose time does not run).
    #[must_use]
    pub fn remaining_at(&self, seat: usize, now_ms: i64) -> i64 {
        let stored = self.remaining_ms.get(seat).copied().unwrap_or(0);
        if self.running == Some(seat) {
            stored - (now_ms - self.since_ms).max(0)
        } else {
            stored
        }
    }

    /// When the running seat's time runs out (milliseconds since 1970).
    #[must_use]
    pub fn deadline_ms(&self) -> Option<i64> {
        let seat = self.running?;
        Some(self.since_ms + self.remaining_ms.get(seat).copied().unwrap_or(0))
    }

    /// The seat whose time ran out by `now_ms`, if any.
    #[must_use]
    pub fn flagged(&self, now_ms: i64) -> Option<usize> {
        let seat = self.running?;
        (self.remaining_at(seat, now_ms) <= 0).then_some(seat)
    }

    /// Hands the turn on at `now_ms`: the running seat is charged the time
    /// it used (and, when `moved`, gains the increment), then `next`'s time
    /// runs (none when the game stopped).
    pub fn switch(&mut self, config: &ClockConfig, now_ms: i64, moved: bool, next: Option<usize>) {
        if let Some(seat) = self.running {
            let left = self.remaining_at(seat, now_ms);
            let gain = match *config {
                ClockConfig::Live { increment_ms, .. } if moved => increment_ms as i64,
                _ => 0,
            };
            if let Some(slot) = self.remaining_ms.get_mut(seat) {
                *slot = left + gain;
            }
        }
        if let Some(seat) = next {
            if next != self.running {
                if let Some(slot) = self.remaining_ms.get_mut(seat) {
                    *slot = config.turn_start(*slot);
                }
            }
        }
        self.running = next;
        self.since_ms = now_ms;
    }

    /// Restarts the running seat's time at `now_ms` without charging it
    /// (after the server was down).
    pub fn resume(&mut self, now_ms: i64) {
        self.since_ms = now_ms;
    }
}

/// Milliseconds since 1970, now.
#[must_use]
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_clock_charges_and_adds_the_increment() {
        let config = ClockConfig::Live {
            initial_ms: 10_000,
            increment_ms: 1_000,
        };
        let mut clock = ClockState::new(&config, 2);
        clock.switch(&config, 0, false, Some(0));
        assert_eq!(clock.remaining_at(0, 3_000), 7_000);
        clock.switch(&config, 3_000, true, Some(1));
        assert_eq!(clock.remaining_ms, [8_000, 10_000]);
        assert_eq!(clock.deadline_ms(), Some(13_000));
        assert_eq!(clock.flagged(12_999), None);
        assert_eq!(clock.flagged(13_000), Some(1));
        // A restart: the downtime is not charged.
        clock.resume(100_000);
        assert_eq!(clock.remaining_at(1, 100_500), 9_500);
    }

    #[test]
    fn days_per_move_refills_each_turn() {
        let config = ClockConfig::Days { days_per_move: 1 };
        let mut clock = ClockState::new(&config, 2);
        clock.switch(&config, 0, false, Some(0));
        clock.switch(&config, 1_000, true, Some(1));
        clock.switch(&config, 2_000, true, Some(0));
        assert_eq!(clock.remaining_ms[0], 86_400_000);
        assert!(ClockConfig::Days { days_per_move: 0 }.check().is_err());
        let parsed: ClockConfig = serde_json::from_str(r#"{"days_per_move": 3}"#).unwrap();
        assert_eq!(parsed, ClockConfig::Days { days_per_move: 3 });
    }
}
