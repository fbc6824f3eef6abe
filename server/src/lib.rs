//! `kc-server`: online tables for Merchant Kaissa and four-player
//! Chaturaji on the `kaissa-chaturaji` rules library, with SQLite or
//! PostgreSQL storage, live events (Server-Sent Events and WebSocket), and
//! a die every player can verify.
//!
//! The library decides every rule; this crate stores games, orders the
//! seats' actions, rolls the die, runs clocks and bots, and serves the
//! pages. See the package's README for the API.

#![deny(missing_docs)]

pub mod accounts;
pub mod cli;
pub mod client;
pub mod config;
pub mod http;
pub mod live;
pub mod rating;
pub mod store;
pub mod table;

pub use http::router::router;
pub use http::serve::{serve, serve_until, serve_with, serve_within};
pub use live::open::open;
