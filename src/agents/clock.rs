//! The agents' clock: where a time budget reads the time.
//!
//! Natively this is `std::time::Instant`. On `wasm32` targets without an
//! operating system, `Instant::now` panics, so the embedder installs a
//! clock with `set_clock` (a function returning milliseconds, such as
//! JavaScript's `performance.now`); until it does, each reading advances
//! the time by one millisecond, so a time budget still ends.

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use self::wasm::set_clock;
#[cfg(target_arch = "wasm32")]
pub(crate) use self::wasm::Instant;

#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    use std::time::Duration;

    /// The clock installed by the embedder.
    static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();
    /// The readings so far, for the stand-in clock.
    static TICKS: AtomicU64 = AtomicU64::new(0);

    /// Installs the clock the agents' time budgets read: `now_ms` returns
    /// milliseconds from any fixed origin, never going back. Only the
    /// first call counts.
    pub fn set_clock(now_ms: fn() -> f64) {
        let _ = CLOCK.set(now_ms);
    }

    /// A point in time, in milliseconds of the installed clock.
    #[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
    pub(crate) struct Instant(f64);

    impl Instant {
        /// The time now.
        pub(crate) fn now() -> Instant {
            match CLOCK.get() {
                Some(now) => Instant(now()),
                None => Instant(TICKS.fetch_add(1, Ordering::Relaxed) as f64),
            }
        }

        /// The time since this instant.
        pub(crate) fn elapsed(&self) -> Duration {
            Duration::from_secs_f64((Instant::now().0 - self.0).max(0.0) / 1000.0)
        }
    }

    impl core::ops::Add<Duration> for Instant {
        type Output = Instant;

        fn add(self, time: Duration) -> Instant {
            Instant(self.0 + time.as_secs_f64() * 1000.0)
        }
    }
}
