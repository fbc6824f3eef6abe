//! The settings the server library takes ([`Config`]): where it listens,
//! what it stores into, and its limits. The command line that makes them
//! is `crate::cli`.

use std::path::{Path, PathBuf};

/// Where the server listens and what it stores into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `HOST:PORT` to listen on.
    pub listen: String,
    /// The database URL (`sqlite://…` or `postgres://…`).
    pub database: String,
    /// The data directory (SQLite's file lives there), when SQLite.
    pub data: Option<PathBuf>,
    /// The most games one address may create per minute (`None`: no
    /// limit).
    pub create_per_minute: Option<usize>,
    /// The most connections one address may hold at once.
    pub max_connections_per_address: usize,
}

/// The default of `--create-per-minute`.
pub const CREATE_PER_MINUTE: usize = 30;

/// The default of `--max-connections-per-address`.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 256;

/// The default port when neither `--listen` nor `$PORT` says one.
pub const PORT: &str = "8080";

/// The default data directory.
pub const DATA_DIR: &str = "kc-data";

impl Config {
    /// The database URL of SQLite's file in the data directory `dir`.
    #[must_use]
    pub fn sqlite_url(dir: &Path) -> String {
        format!(
            "sqlite://{}?mode=rwc",
            dir.join("kc-server.sqlite3").display()
        )
    }
}

impl Default for Config {
    /// What `kc-server` serves with no flag and no environment: port
    /// 8080 on loopback, SQLite under `./kc-data/`.
    fn default() -> Config {
        let dir = PathBuf::from(DATA_DIR);
        Config {
            listen: format!("127.0.0.1:{PORT}"),
            database: Config::sqlite_url(&dir),
            data: Some(dir),
            create_per_minute: Some(CREATE_PER_MINUTE),
            max_connections_per_address: MAX_CONNECTIONS_PER_ADDRESS,
        }
    }
}
