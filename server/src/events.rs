//! Live events: one broadcast channel per game that has listeners.
//!
//! Every stored event is sent here after its commit. A listener that
//! falls more than [`CHANNEL_CAPACITY`] events behind is told it lagged
//! (and its stream ends: it reconnects with `since=<last version>` and
//! gets the missing events from storage).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

/// How many events a game's channel keeps for slow listeners.
pub const CHANNEL_CAPACITY: usize = 256;

/// A stored event: its version and its JSON text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The game's version after it.
    pub version: i64,
    /// The event as JSON (it has `"version"` and `"type"`).
    pub body: String,
}

/// The channels of the games that have listeners.
#[derive(Debug, Default)]
pub struct Hub {
    channels: Mutex<HashMap<String, broadcast::Sender<Arc<Event>>>>,
}

impl Hub {
    /// Listens to game `id`'s events from now on.
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<Arc<Event>> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels
            .entry(id.to_string())
            .or_insert_with(|| broadcast::channel(CHANNEL_CAPACITY).0)
            .subscribe()
    }

    /// Sends game `id`'s event to its listeners (none: nothing to do).
    pub fn send(&self, id: &str, event: Event) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = channels.get(id) {
            if sender.send(Arc::new(event)).is_err() {
                // Nobody listens any more.
                channels.remove(id);
            }
        }
    }
}
