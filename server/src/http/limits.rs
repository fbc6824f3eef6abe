//! Rate limits: how often one address may create games or try to log
//! in (sliding windows), and how failed logins slow down (see
//! [`crate::accounts::throttle`]). All are held in this server's memory
//! (every node counts its own).

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;

use crate::accounts::throttle::LoginThrottle;
use crate::live::refusal::Refusal;
use crate::table::clock::now_ms;

/// At most `limit` events a key within `window_ms`.
#[derive(Debug)]
pub struct Window<K> {
    limit: usize,
    window_ms: i64,
    events: Mutex<HashMap<K, VecDeque<i64>>>,
}

/// The most keys a window tracks before it forgets the idle ones.
const MAX_KEYS: usize = 100_000;

impl<K: Hash + Eq + Clone> Window<K> {
    /// A window of `limit` events in `window_ms` milliseconds.
    #[must_use]
    pub fn new(limit: usize, window_ms: i64) -> Window<K> {
        Window {
            limit,
            window_ms,
            events: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `key` is at its limit now (no event counted).
    pub fn full(&self, key: &K) -> bool {
        self.count(key, false)
    }

    /// Counts an event of `key`, unless it is at its limit: whether it was
    /// at its limit.
    pub fn hit(&self, key: &K) -> bool {
        self.count(key, true)
    }

    /// Milliseconds until `key` is below its limit again (0 when it is).
    pub fn wait_ms(&self, key: &K) -> i64 {
        let now = now_ms();
        let events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        match events.get(key) {
            Some(times) if times.len() >= self.limit => times
                .get(times.len() - self.limit)
                .map_or(0, |&t| (t + self.window_ms - now).max(0)),
            _ => 0,
        }
    }

    fn count(&self, key: &K, add: bool) -> bool {
        let now = now_ms();
        let start = now - self.window_ms;
        let mut events = self.events.lock().unwrap_or_else(|e| e.into_inner());
        if events.len() >= MAX_KEYS {
            events.retain(|_, times| times.back().is_some_and(|&t| t > start));
        }
        let times = events.entry(key.clone()).or_default();
        while times.front().is_some_and(|&t| t <= start) {
            times.pop_front();
        }
        if times.len() >= self.limit {
            return true;
        }
        if add {
            times.push_back(now);
        }
        false
    }
}

/// The server's limits.
#[derive(Debug)]
pub struct Limits {
    creations: Option<Window<IpAddr>>,
    attempts: Window<IpAddr>,
    logins: LoginThrottle,
}

/// How many registrations and logins one address may try a minute.
pub const ATTEMPTS_PER_MINUTE: usize = 20;

impl Limits {
    /// The limits, with at most `create_per_minute` games a minute from
    /// one address (`None`: no limit).
    #[must_use]
    pub fn new(create_per_minute: Option<usize>) -> Limits {
        Limits {
            creations: create_per_minute.map(|n| Window::new(n, 60_000)),
            attempts: Window::new(ATTEMPTS_PER_MINUTE, 60_000),
            logins: LoginThrottle::default(),
        }
    }

    /// Counts a game created by `address`.
    ///
    /// # Errors
    ///
    /// 429 past the limit.
    pub fn creation(&self, address: IpAddr) -> Result<(), Refusal> {
        match &self.creations {
            Some(window) if window.hit(&address) => Err(Refusal::too_many(format!(
                "at most {} new games a minute from one address",
                window.limit
            ))),
            _ => Ok(()),
        }
    }

    /// Counts a registration or login tried from `address`.
    ///
    /// # Errors
    ///
    /// 429 past the limit.
    pub fn attempt(&self, address: IpAddr) -> Result<(), Refusal> {
        if self.attempts.hit(&address) {
            let seconds = u64::try_from(self.attempts.wait_ms(&address))
                .unwrap_or(0)
                .div_ceil(1000);
            return Err(Refusal::too_many(format!(
                "at most {ATTEMPTS_PER_MINUTE} logins or registrations a minute from one address"
            ))
            .retry_after(seconds));
        }
        Ok(())
    }

    /// Starts a login of the name keyed `key` from `address` (counted as
    /// a failure until [`Limits::login_succeeded`] or
    /// [`Limits::login_unchecked`]).
    ///
    /// # Errors
    ///
    /// 429 with `Retry-After` while the name from this address, or this
    /// address, must wait after failed logins; the same answer whether
    /// the name has an account or not.
    pub fn login_begin(&self, key: &str, address: IpAddr) -> Result<(), Refusal> {
        self.logins
            .begin(key, address, now_ms())
            .map_err(|wait_ms| {
                let seconds = u64::try_from(wait_ms).unwrap_or(0).div_ceil(1000).max(1);
                Refusal::too_many(format!(
                    "too many failed logins from this address: try again in {seconds} s"
                ))
                .retry_after(seconds)
            })
    }

    /// The login begun was right.
    pub fn login_succeeded(&self, key: &str, address: IpAddr) {
        self.logins.succeeded(key, address);
    }

    /// The login begun was not checked.
    pub fn login_unchecked(&self, key: &str, address: IpAddr) {
        self.logins.unchecked(key, address);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_counts_up_to_its_limit() {
        let window = Window::new(2, 60_000);
        assert!(!window.hit(&1));
        assert!(!window.full(&1));
        assert!(!window.hit(&1));
        assert!(window.full(&1));
        assert!(window.hit(&1));
        assert!(!window.hit(&2));
    }
}
