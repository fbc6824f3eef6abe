//! Failed logins slow down, they never lock an account: back-off per
//! (name, address) and per address, held in this server's memory.
//!
//! A name here is its key (see [`crate::accounts::names::name_key`]) whether an
//! account has it or not, so an unknown name is throttled exactly as a
//! known one and the answers tell nothing of which names exist. A pair
//! has [`PAIR_FREE_FAILURES`] failures free; each later attempt waits a
//! second after the last failure, then two, four, ... up to
//! [`PAIR_MAX_DELAY_MS`]. An address has [`ADDRESS_FREE_FAILURES`] free
//! (over every name it tries), then waits likewise up to
//! [`ADDRESS_MAX_DELAY_MS`]. Failures from one address never slow the
//! same name from another one, so its owner still logs in. A right
//! password clears its pair's failures; failures are forgotten after a
//! quiet while ([`PAIR_FORGET_MS`], [`ADDRESS_FORGET_MS`]).
//!
//! An attempt is counted as a failure when it starts (so concurrent
//! attempts cannot pass the count together) and given back when it turns
//! out right or is not checked at all.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;

/// Failures a (name, address) pair has before it waits.
pub const PAIR_FREE_FAILURES: u32 = 5;
/// The longest wait of a pair, in milliseconds (15 minutes).
pub const PAIR_MAX_DELAY_MS: i64 = 15 * 60_000;
/// A pair quiet this long starts afresh (a day).
pub const PAIR_FORGET_MS: i64 = 24 * 3_600_000;
/// Failures an address has (over all names) before it waits.
pub const ADDRESS_FREE_FAILURES: u32 = 20;
/// The longest wait of an address, in milliseconds (a minute).
pub const ADDRESS_MAX_DELAY_MS: i64 = 60_000;
/// An address quiet this long starts afresh (an hour).
pub const ADDRESS_FORGET_MS: i64 = 3_600_000;
/// The first wait past the free failures, in milliseconds; each next one
/// doubles.
pub const FIRST_DELAY_MS: i64 = 1_000;

/// The most keys a table holds; past it the forgotten ones go, then the
/// oldest.
const MAX_KEYS: usize = 100_000;

/// Failures of one key.
#[derive(Debug, Clone, Copy)]
struct Entry {
    failures: u32,
    last_ms: i64,
}

/// The rules of one table.
#[derive(Debug, Clone, Copy)]
struct Rule {
    free: u32,
    max_delay_ms: i64,
    forget_ms: i64,
}

impl Rule {
    /// Milliseconds `entry` must still wait at `now_ms` (0: none).
    fn wait_ms(self, entry: &Entry, now_ms: i64) -> i64 {
        if entry.failures < self.free {
            return 0;
        }
        let doublings = (entry.failures - self.free).min(30);
        let delay = (FIRST_DELAY_MS << doublings).min(self.max_delay_ms);
        (entry.last_ms + delay - now_ms).max(0)
    }

    /// Whether `entry` is forgotten at `now_ms`.
    fn forgotten(self, entry: &Entry, now_ms: i64) -> bool {
        now_ms - entry.last_ms > self.forget_ms
    }
}

/// One table of failures.
#[derive(Debug)]
struct Table<K> {
    rule: Rule,
    entries: HashMap<K, Entry>,
}

impl<K: Hash + Eq + Clone> Table<K> {
    fn new(rule: Rule) -> Table<K> {
        Table {
            rule,
            entries: HashMap::new(),
        }
    }

    fn wait_ms(&mut self, key: &K, now_ms: i64) -> i64 {
        let rule = self.rule;
        match self.entries.get(key) {
            Some(entry) if rule.forgotten(entry, now_ms) => {
                self.entries.remove(key);
                0
            }
            Some(entry) => rule.wait_ms(entry, now_ms),
            None => 0,
        }
    }

    fn fail(&mut self, key: &K, now_ms: i64) {
        if self.entries.len() >= MAX_KEYS && !self.entries.contains_key(key) {
            self.prune(now_ms);
        }
        let entry = self.entries.entry(key.clone()).or_insert(Entry {
            failures: 0,
            last_ms: now_ms,
        });
        entry.failures = entry.failures.saturating_add(1);
        entry.last_ms = now_ms;
    }

    fn give_back(&mut self, key: &K) {
        if let Some(entry) = self.entries.get_mut(key) {
            entry.failures = entry.failures.saturating_sub(1);
            if entry.failures == 0 {
                self.entries.remove(key);
            }
        }
    }

    fn clear(&mut self, key: &K) {
        self.entries.remove(key);
    }

    /// Drops the forgotten keys, then the oldest quarter if still full.
    fn prune(&mut self, now_ms: i64) {
        let rule = self.rule;
        self.entries
            .retain(|_, entry| !rule.forgotten(entry, now_ms));
        if self.entries.len() >= MAX_KEYS {
            let mut times: Vec<i64> = self.entries.values().map(|e| e.last_ms).collect();
            let cut = times.len() / 4;
            let (_, &mut oldest_kept, _) = times.select_nth_unstable(cut);
            self.entries.retain(|_, entry| entry.last_ms > oldest_kept);
        }
    }
}

/// Both tables, changed together.
#[derive(Debug)]
struct Tables {
    pairs: Table<(String, IpAddr)>,
    addresses: Table<IpAddr>,
}

/// The login back-off; see the module.
#[derive(Debug)]
pub struct LoginThrottle {
    tables: Mutex<Tables>,
}

impl Default for LoginThrottle {
    fn default() -> LoginThrottle {
        LoginThrottle {
            tables: Mutex::new(Tables {
                pairs: Table::new(Rule {
                    free: PAIR_FREE_FAILURES,
                    max_delay_ms: PAIR_MAX_DELAY_MS,
                    forget_ms: PAIR_FORGET_MS,
                }),
                addresses: Table::new(Rule {
                    free: ADDRESS_FREE_FAILURES,
                    max_delay_ms: ADDRESS_MAX_DELAY_MS,
                    forget_ms: ADDRESS_FORGET_MS,
                }),
            }),
        }
    }
}

impl LoginThrottle {
    fn tables(&self) -> std::sync::MutexGuard<'_, Tables> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts a login of the name keyed `key` from `address` at `now_ms`:
    /// counted as a failure until [`LoginThrottle::succeeded`] or
    /// [`LoginThrottle::unchecked`] says otherwise.
    ///
    /// # Errors
    ///
    /// The milliseconds to wait, when the pair or the address must wait
    /// (nothing is counted then).
    pub fn begin(&self, key: &str, address: IpAddr, now_ms: i64) -> Result<(), i64> {
        let mut tables = self.tables();
        let pair = (key.to_string(), address);
        let wait = tables
            .pairs
            .wait_ms(&pair, now_ms)
            .max(tables.addresses.wait_ms(&address, now_ms));
        if wait > 0 {
            return Err(wait);
        }
        tables.pairs.fail(&pair, now_ms);
        tables.addresses.fail(&address, now_ms);
        Ok(())
    }

    /// The login begun was right: the pair starts afresh, and the address
    /// gets its count back.
    pub fn succeeded(&self, key: &str, address: IpAddr) {
        let mut tables = self.tables();
        tables.pairs.clear(&(key.to_string(), address));
        tables.addresses.give_back(&address);
    }

    /// The login begun was not checked (the server was busy): both counts
    /// are given back.
    pub fn unchecked(&self, key: &str, address: IpAddr) {
        let mut tables = self.tables();
        tables.pairs.give_back(&(key.to_string(), address));
        tables.addresses.give_back(&address);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn failures_back_off_doubling_per_pair() {
        let throttle = LoginThrottle::default();
        let mut now = 1_000_000;
        for _ in 0..PAIR_FREE_FAILURES {
            assert_eq!(throttle.begin("kate", ip(1), now), Ok(()));
        }
        assert_eq!(throttle.begin("kate", ip(1), now), Err(1_000));
        // Another address, another name: not slowed.
        assert_eq!(throttle.begin("kate", ip(2), now), Ok(()));
        assert_eq!(throttle.begin("tom", ip(1), now), Ok(()));
        throttle.unchecked("tom", ip(1));
        now += 1_000;
        assert_eq!(throttle.begin("kate", ip(1), now), Ok(()));
        assert_eq!(throttle.begin("kate", ip(1), now + 1_999), Err(1));
        now += 2_000;
        assert_eq!(throttle.begin("kate", ip(1), now), Ok(()));
        assert_eq!(throttle.begin("kate", ip(1), now), Err(4_000));
        // The cap.
        for _ in 0..20 {
            now += PAIR_MAX_DELAY_MS;
            assert_eq!(throttle.begin("kate", ip(1), now), Ok(()));
        }
        assert_eq!(throttle.begin("kate", ip(1), now), Err(PAIR_MAX_DELAY_MS));
        // A right password clears the pair.
        for _ in 0..=PAIR_FREE_FAILURES {
            let _ = throttle.begin("anna", ip(5), now);
        }
        assert!(throttle.begin("anna", ip(5), now).is_err());
        throttle.succeeded("anna", ip(5));
        assert_eq!(throttle.begin("anna", ip(5), now), Ok(()));
        // A day later all is forgotten.
        let throttle = LoginThrottle::default();
        for _ in 0..=PAIR_FREE_FAILURES {
            let _ = throttle.begin("kate", ip(1), 0);
        }
        assert!(throttle.begin("kate", ip(1), 1).is_err());
        assert_eq!(throttle.begin("kate", ip(1), PAIR_FORGET_MS + 1), Ok(()));
    }

    #[test]
    fn an_address_backs_off_over_all_names() {
        let throttle = LoginThrottle::default();
        for n in 0..ADDRESS_FREE_FAILURES {
            assert_eq!(throttle.begin(&format!("name{n}"), ip(3), 0), Ok(()));
        }
        assert_eq!(throttle.begin("fresh", ip(3), 0), Err(1_000));
        assert_eq!(throttle.begin("fresh", ip(4), 0), Ok(()));
        assert_eq!(throttle.begin("fresh", ip(3), 1_000), Ok(()));
    }

    #[test]
    fn the_tables_stay_bounded() {
        let mut table = Table::new(Rule {
            free: 1,
            max_delay_ms: 1,
            forget_ms: i64::MAX / 2,
        });
        for n in 0..(MAX_KEYS as i64 + 10) {
            table.fail(&n, n);
        }
        assert!(table.entries.len() <= MAX_KEYS);
        assert!(table.entries.contains_key(&(MAX_KEYS as i64 + 9)));
    }
}
