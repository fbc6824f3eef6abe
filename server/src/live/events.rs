//! Live events: one broadcast channel per game that has listeners.
//!
//! Every stored event is sent here after its commit. A listener that
//! falls more than [`CHANNEL_CAPACITY`] events behind is told it lagged
//! (and its stream ends: it reconnects with `since=<last version>` and
//! gets the missing events from storage). A channel sends each version
//! once, in order: an event at or below the last version it sent is
//! dropped.

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
    channels: Mutex<HashMap<String, Channel>>,
}

/// A game's channel and the last version it sent (0: none yet).
#[derive(Debug)]
struct Channel {
    sender: broadcast::Sender<Arc<Event>>,
    last: i64,
}

/// A listener of one game's events: the game's channel is forgotten
/// when its last listener is dropped, so that a game nobody follows any
/// more (a finished one, say) keeps nothing here.
#[derive(Debug)]
pub struct Subscription<'a> {
    hub: &'a Hub,
    id: String,
    receiver: Option<broadcast::Receiver<Arc<Event>>>,
}

impl Subscription<'_> {
    /// The next event (see [`broadcast::Receiver::recv`]).
    ///
    /// # Errors
    ///
    /// When this listener lagged or the channel closed.
    pub async fn recv(&mut self) -> Result<Arc<Event>, broadcast::error::RecvError> {
        match &mut self.receiver {
            Some(receiver) => receiver.recv().await,
            None => Err(broadcast::error::RecvError::Closed),
        }
    }
}

impl Drop for Subscription<'_> {
    fn drop(&mut self) {
        let mut channels = self.hub.channels.lock().unwrap_or_else(|e| e.into_inner());
        // Dropped under the lock: nobody subscribes in between.
        drop(self.receiver.take());
        if channels
            .get(&self.id)
            .is_some_and(|channel| channel.sender.receiver_count() == 0)
        {
            channels.remove(&self.id);
        }
    }
}

impl Hub {
    /// Listens to game `id`'s events from now on.
    pub fn subscribe(&self, id: &str) -> Subscription<'_> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        let receiver = channels
            .entry(id.to_string())
            .or_insert_with(|| Channel {
                sender: broadcast::channel(CHANNEL_CAPACITY).0,
                last: 0,
            })
            .sender
            .subscribe();
        Subscription {
            hub: self,
            id: id.to_string(),
            receiver: Some(receiver),
        }
    }

    /// How many listeners game `id` has on this server.
    pub fn listeners(&self, id: &str) -> usize {
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels
            .get(id)
            .map_or(0, |channel| channel.sender.receiver_count())
    }

    /// The last version sent on game `id`'s channel (0: none yet), or
    /// `None` when the game has no listeners here.
    pub fn last_sent(&self, id: &str) -> Option<i64> {
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels.get(id).map(|channel| channel.last)
    }

    /// The games that have listeners.
    pub fn ids(&self) -> Vec<String> {
        let channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels.keys().cloned().collect()
    }

    /// Sends game `id`'s event to its listeners (none, or a version
    /// already sent: nothing to do).
    pub fn send(&self, id: &str, event: Event) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(channel) = channels.get_mut(id) {
            if event.version <= channel.last {
                return;
            }
            channel.last = event.version;
            if channel.sender.send(Arc::new(event)).is_err() {
                // Nobody listens any more.
                channels.remove(id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_goes_with_its_last_listener() {
        let hub = Hub::default();
        let first = hub.subscribe("g");
        let second = hub.subscribe("g");
        assert_eq!(hub.listeners("g"), 2);
        drop(first);
        assert_eq!((hub.listeners("g"), hub.ids().len()), (1, 1));
        drop(second);
        assert_eq!((hub.listeners("g"), hub.last_sent("g")), (0, None));
        assert!(hub.ids().is_empty(), "nothing kept");
    }
}
