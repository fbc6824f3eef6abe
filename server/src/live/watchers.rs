//! Spectator counts: how many event streams of a game are open without a
//! seat. A stream opened with `?seated=1` (a seat's own page) hears the
//! count without being counted; every other stream counts while it is
//! open. The count is not an event of the game: it has no version and is
//! never stored.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::watch;

/// A game's count and how many streams are present (counted or not).
#[derive(Debug)]
struct Room {
    count: watch::Sender<usize>,
    present: usize,
}

/// The spectator counts of the games that have listeners.
#[derive(Debug, Default)]
pub struct Watchers {
    games: Mutex<HashMap<String, Room>>,
}

/// A stream present at a game, counted as a spectator or not: it leaves
/// (and the count goes down if it counted) when this is dropped.
#[derive(Debug)]
pub struct Presence {
    watchers: Arc<Watchers>,
    id: String,
    counted: bool,
}

impl Watchers {
    /// Enters game `id`, as a spectator when `counted`; answers the
    /// presence and the live count (its current value first).
    pub fn enter(self: &Arc<Self>, id: &str, counted: bool) -> (Presence, watch::Receiver<usize>) {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let room = games.entry(id.to_string()).or_insert_with(|| Room {
            count: watch::channel(0).0,
            present: 0,
        });
        room.present += 1;
        if counted {
            room.count.send_modify(|n| *n += 1);
        }
        let presence = Presence {
            watchers: Arc::clone(self),
            id: id.to_string(),
            counted,
        };
        (presence, room.count.subscribe())
    }

    /// How many spectators game `id` has now.
    #[must_use]
    pub fn count(&self, id: &str) -> usize {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.get(id).map_or(0, |room| *room.count.borrow())
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        let mut games = self
            .watchers
            .games
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(room) = games.get_mut(&self.id) {
            if self.counted {
                room.count.send_modify(|n| *n = n.saturating_sub(1));
            }
            room.present -= 1;
            if room.present == 0 {
                games.remove(&self.id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spectators_are_counted_while_they_stay() {
        let watchers = Arc::new(Watchers::default());
        let (seated, mut seen) = watchers.enter("g", false);
        assert_eq!(*seen.borrow_and_update(), 0);
        let (a, _) = watchers.enter("g", true);
        let (b, _) = watchers.enter("g", true);
        assert_eq!(watchers.count("g"), 2);
        assert!(seen.has_changed().unwrap());
        assert_eq!(*seen.borrow_and_update(), 2);
        drop(a);
        assert_eq!(watchers.count("g"), 1);
        assert_eq!(watchers.count("other"), 0);
        drop(b);
        assert_eq!(watchers.count("g"), 0);
        drop(seated);
        assert!(watchers.games.lock().unwrap().is_empty(), "nothing kept");
    }
}
