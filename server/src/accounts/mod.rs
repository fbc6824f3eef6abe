//! Accounts: names, passwords, sessions and API tokens.

pub mod account;
pub mod name_keys;
pub mod names;
pub mod password;
pub mod throttle;
