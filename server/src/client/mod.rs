//! The programs that talk to a server: `kc-server bot` (a UCI engine as
//! an online player), `kc-server load` (a load of scripted tables) and
//! `kc-server admin` (accounts made from the command line).

pub mod admin;
pub mod backoff;
pub mod bot;
pub mod engine;
pub mod http;
pub mod load;
