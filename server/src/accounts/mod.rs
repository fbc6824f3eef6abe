//! Accounts: names, passwords, sessions and API tokens.

pub mod account;
pub mod names;
