//! The running games: a game's state and its actions ([`game::Live`]),
//! the server's map of games with their timers and bots ([`app::App`]),
//! events and their listeners, watchers, other nodes' changes, and the
//! game record.

pub mod app;
pub mod bots;
pub mod event;
pub mod events;
pub mod game;
pub mod metrics;
pub mod nodes;
pub mod open;
pub mod record;
pub mod refusal;
pub mod shutdown;
pub mod view;
pub mod watchers;
