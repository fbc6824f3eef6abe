//! Exponential back-off with a cap and jitter, for a client that tries
//! again after failures: each failure in a row doubles the wait, up to
//! the cap; a success starts again from the first wait. Each wait is
//! drawn between half of its step and the whole of it, so that many
//! clients failing together (a server restarting) do not come back in
//! step.

use std::time::Duration;

/// The waits after failures in a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backoff {
    first: Duration,
    cap: Duration,
    failures: u32,
}

impl Backoff {
    /// Waits starting at `first` and doubling up to `cap`.
    #[must_use]
    pub const fn new(first: Duration, cap: Duration) -> Backoff {
        Backoff {
            first,
            cap,
            failures: 0,
        }
    }

    /// The failures in a row so far.
    #[must_use]
    pub fn failures(&self) -> u32 {
        self.failures
    }

    /// The step after `failures` failures in a row: `first` doubled
    /// `failures - 1` times, at most `cap` (zero before any failure).
    #[must_use]
    pub fn step(&self, failures: u32) -> Duration {
        if failures == 0 {
            return Duration::ZERO;
        }
        let doublings = (failures - 1).min(30);
        self.first
            .saturating_mul(1u32 << doublings)
            .min(self.cap)
            .max(self.first.min(self.cap))
    }

    /// Counts a failure; how long to wait before the next try.
    pub fn fail(&mut self) -> Duration {
        self.failures = self.failures.saturating_add(1);
        jitter(self.step(self.failures))
    }

    /// Counts a success: the next failure waits `first` again.
    pub fn reset(&mut self) {
        self.failures = 0;
    }
}

/// A duration drawn between half of `step` and `step`.
fn jitter(step: Duration) -> Duration {
    let mut byte = [0u8; 2];
    if getrandom::getrandom(&mut byte).is_err() {
        return step;
    }
    let fraction = f64::from(u16::from_le_bytes(byte)) / f64::from(u16::MAX);
    step.mul_f64(0.5 + 0.5 * fraction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_the_cap_and_start_again() {
        let mut backoff = Backoff::new(Duration::from_millis(100), Duration::from_secs(1));
        let steps: Vec<u64> = (1..=6)
            .map(|n| backoff.step(n).as_millis() as u64)
            .collect();
        assert_eq!(steps, [100, 200, 400, 800, 1000, 1000]);
        assert_eq!(backoff.step(u32::MAX), Duration::from_secs(1));
        for n in 1..=20 {
            let wait = backoff.fail();
            let step = backoff.step(n);
            assert!(wait >= step / 2 && wait <= step, "{wait:?} for {step:?}");
        }
        assert_eq!(backoff.failures(), 20);
        backoff.reset();
        assert!(backoff.fail() <= Duration::from_millis(100));
    }
}
