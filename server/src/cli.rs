//! The command line of `kc-server`, read by clap: `kc-server [serve]
//! [flags]` (serving is the default), `kc-server admin bot NAME`,
//! `kc-server bot`, `kc-server record`, `kc-server backup FILE` and
//! `kc-server load`. The serving
//! flags also come from the environment (`KC_DATA`, `KC_DATABASE`,
//! `KC_LISTEN`, ...; a flag wins over its variable), and `$PORT` gives
//! the port when no address is given.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::builder::RangedU64ValueParser;
use clap::{Args, Parser, Subcommand};

use crate::client::bot::{BotConfig, MAX_GAMES, MAX_MOVETIME_MS, MIN_MOVETIME_MS};
use crate::config::{Config, CREATE_PER_MINUTE, DATA_DIR, MAX_CONNECTIONS_PER_ADDRESS, PORT};
use crate::http::logs::LogFormat;

/// What `kc-server` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Serve the site and the API.
    Serve {
        /// Where to listen and what to store into.
        config: Config,
        /// How the log lines are written.
        log_format: LogFormat,
    },
    /// Check the dice of the records on standard input.
    Record,
    /// Measure: tables of scripted clients over WebSocket.
    Load {
        /// The storage of the server started for it.
        config: Config,
        /// How many tables play at once.
        tables: usize,
        /// How many moves each table makes.
        moves: usize,
        /// The moves per second of all tables together (each table
        /// waits its turn between moves); `None`: each table moves again
        /// as soon as it sees its last move's event.
        rate: Option<usize>,
        /// How many servers share the database (PostgreSQL for more
        /// than one), the seats' sockets split between them.
        nodes: usize,
        /// Servers already running to play at (`--server HOST:PORT`,
        /// repeatable), instead of servers of its own.
        servers: Vec<std::net::SocketAddr>,
    },
    /// Make a bot account and print its API token.
    AdminBot {
        /// The storage to write it into.
        config: Config,
        /// The account's name.
        name: String,
    },
    /// Copy the SQLite database into a new file while it serves.
    Backup {
        /// The storage to copy.
        config: Config,
        /// The new file.
        file: PathBuf,
    },
    /// Play a UCI engine online for a bot account.
    Bot(crate::client::bot::BotConfig),
}

/// The largest count taken by `load` and `bot` (tables, moves, games).
const MAX_COUNT: u64 = 100_000;

/// kc-server: online tables for Merchant Kaissa and Chaturaji.
///
/// Without a command it serves (as `kc-server serve`).
#[derive(Debug, Parser)]
#[command(
    name = "kc-server",
    version,
    override_usage = "kc-server [serve] [OPTIONS]\n       kc-server <COMMAND>"
)]
struct Cli {
    #[command(subcommand)]
    verb: Verb,
}

/// The commands.
#[derive(Debug, Subcommand)]
enum Verb {
    /// Serve the site and the API (the default command): on
    /// http://127.0.0.1:${PORT:-8080}/ with SQLite under ./kc-data/ unless
    /// told otherwise.
    Serve(ServeArgs),
    /// The administrator's commands.
    Admin {
        #[command(subcommand)]
        what: AdminVerb,
    },
    /// Play a UCI engine of the engine protocol (e.g. kc-engine) online for
    /// the bot account of TOKEN: join the games kept for it and play them.
    Bot(BotArgs),
    /// Check every roll of the records on standard input against their dice
    /// tags.
    Record,
    /// Write a consistent copy of the SQLite database to FILE (a new file)
    /// while the server serves.
    Backup {
        /// The new file.
        file: PathBuf,
        #[command(flatten)]
        storage: StorageArgs,
    },
    /// Measure: N tables of scripted clients over WebSocket make M moves
    /// each, on K servers of its own (seat s on server s mod K).
    Load(LoadArgs),
}

/// `kc-server admin ...`.
#[derive(Debug, Subcommand)]
enum AdminVerb {
    /// Make the bot account NAME and print its API token (shown once,
    /// stored hashed).
    Bot {
        /// The account's name.
        name: String,
        #[command(flatten)]
        storage: StorageArgs,
    },
}

/// Where the server stores (serving and administering).
#[derive(Debug, Args)]
struct StorageArgs {
    /// The data directory of the SQLite database [default: ./kc-data].
    #[arg(long, env = "KC_DATA", value_name = "DIR")]
    data: Option<PathBuf>,
    /// A PostgreSQL database instead of SQLite.
    #[arg(
        long,
        env = "KC_DATABASE",
        hide_env_values = true,
        value_name = "postgres://...",
        value_parser = postgres_url
    )]
    database: Option<String>,
}

/// `kc-server serve`'s flags.
#[derive(Debug, Args)]
struct ServeArgs {
    #[command(flatten)]
    storage: StorageArgs,
    /// The address to listen on [default: 127.0.0.1:$PORT, PORT 8080 when
    /// unset].
    #[arg(long, env = "KC_LISTEN", value_name = "HOST:PORT")]
    listen: Option<String>,
    /// How many games one address may create a minute (0: no limit).
    #[arg(long, env = "KC_CREATE_PER_MINUTE", value_name = "N", default_value_t = CREATE_PER_MINUTE)]
    create_per_minute: usize,
    /// The most connections one address may hold at once.
    #[arg(
        long,
        env = "KC_MAX_CONNECTIONS_PER_ADDRESS",
        value_name = "N",
        default_value_t = MAX_CONNECTIONS_PER_ADDRESS,
        value_parser = RangedU64ValueParser::<usize>::new().range(1..)
    )]
    max_connections_per_address: usize,
    /// How log lines are written to standard error (which lines: RUST_LOG,
    /// default info).
    #[arg(long, env = "KC_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
}

/// `kc-server bot`'s flags.
#[derive(Debug, Args)]
struct BotArgs {
    /// The engine's command line (split as a shell would).
    #[arg(long, value_name = "COMMAND")]
    engine: String,
    /// The bot account's API token (from `kc-server admin bot`).
    #[arg(
        long,
        env = "KC_BOT_TOKEN",
        hide_env_values = true,
        value_name = "TOKEN"
    )]
    token: String,
    /// The server: http://HOST:PORT or https://HOST.
    #[arg(long, value_name = "URL")]
    server: String,
    /// The most games played at once.
    #[arg(long, value_name = "N", default_value_t = MAX_GAMES, value_parser = count())]
    max_games: usize,
    /// The longest think per move in milliseconds when not on a live
    /// Kaissa clock.
    #[arg(
        long = "max-movetime",
        value_name = "MS",
        default_value_t = MAX_MOVETIME_MS,
        value_parser = clap::value_parser!(u64).range(MIN_MOVETIME_MS..=MAX_COUNT)
    )]
    max_movetime_ms: u64,
}

/// `kc-server load`'s flags (no environment: it starts servers of its
/// own, never on the served database by accident).
#[derive(Debug, Args)]
struct LoadArgs {
    /// How many tables play at once.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = count())]
    tables: usize,
    /// How many moves each table makes.
    #[arg(long, value_name = "M", default_value_t = 200, value_parser = count())]
    moves: usize,
    /// The moves per second of all tables together [default: as fast as
    /// they can].
    #[arg(long, value_name = "R", value_parser = count())]
    rate: Option<usize>,
    /// How many servers (more than one share a PostgreSQL --database).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = count())]
    nodes: usize,
    /// The data directory of the SQLite database [default: ./kc-data].
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// A PostgreSQL database instead of SQLite.
    #[arg(long, value_name = "postgres://...", value_parser = postgres_url)]
    database: Option<String>,
    /// A server already running to play at, instead of servers of its
    /// own (repeatable: seat s on the s-th mod K).
    #[arg(long, value_name = "HOST:PORT")]
    server: Vec<std::net::SocketAddr>,
}

/// A count from 1 to [`MAX_COUNT`].
fn count() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(1..=MAX_COUNT)
}

/// A PostgreSQL URL (the one other database the server takes).
fn postgres_url(text: &str) -> Result<String, String> {
    if text.starts_with("postgres://") || text.starts_with("postgresql://") {
        Ok(text.to_string())
    } else {
        Err("expected a postgres:// URL".into())
    }
}

/// The words that name a command (anything else first is serve's).
const VERBS: &[&str] = &["serve", "admin", "bot", "record", "backup", "load", "help"];

/// The flags that clap answers for the whole program.
const PROGRAM_FLAGS: &[&str] = &["--help", "-h", "--version", "-V"];

/// Reads the arguments (after the program name); `port` is `$PORT`. The
/// other variables (`KC_DATA`, ...) are read from the environment.
///
/// # Errors
///
/// clap's error: a bad argument (its message names it), or the text of
/// `--help` or `--version` ([`clap::Error::exit`] prints it and exits 0
/// for those, 2 for errors).
pub fn parse<I, T>(args: I, port: Option<&str>) -> Result<Command, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let mut argv: Vec<OsString> = vec!["kc-server".into()];
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let first = args.first().and_then(|a| a.to_str());
    let named = first.is_some_and(|a| VERBS.contains(&a) || PROGRAM_FLAGS.contains(&a));
    if !named {
        argv.push("serve".into());
    }
    argv.extend(args);
    let cli = Cli::try_parse_from(argv)?;
    Ok(match cli.verb {
        Verb::Serve(serve) => {
            let port = port.unwrap_or(PORT);
            let config = Config {
                listen: serve.listen.unwrap_or_else(|| format!("127.0.0.1:{port}")),
                create_per_minute: (serve.create_per_minute > 0).then_some(serve.create_per_minute),
                max_connections_per_address: serve.max_connections_per_address,
                ..storage(serve.storage.data, serve.storage.database)
            };
            Command::Serve {
                config,
                log_format: serve.log_format,
            }
        }
        Verb::Admin {
            what: AdminVerb::Bot { name, storage: s },
        } => Command::AdminBot {
            config: storage(s.data, s.database),
            name,
        },
        Verb::Bot(bot) => Command::Bot(BotConfig {
            engine: bot.engine,
            token: bot.token,
            server: bot.server,
            max_games: bot.max_games,
            max_movetime_ms: bot.max_movetime_ms,
        }),
        Verb::Record => Command::Record,
        Verb::Backup { file, storage: s } => Command::Backup {
            config: storage(s.data, s.database),
            file,
        },
        Verb::Load(load) => Command::Load {
            // The measurement's own clients create many tables at once.
            config: Config {
                create_per_minute: None,
                ..storage(load.data, load.database)
            },
            tables: load.tables,
            moves: load.moves,
            rate: load.rate,
            nodes: load.nodes,
            servers: load.server,
        },
    })
}

/// The default configuration on PostgreSQL at `database`, else on SQLite
/// in `data` (default `./kc-data`).
fn storage(data: Option<PathBuf>, database: Option<String>) -> Config {
    match database {
        Some(url) => Config {
            database: url,
            data: None,
            ..Config::default()
        },
        None => {
            let dir = data.unwrap_or_else(|| PathBuf::from(DATA_DIR));
            Config {
                database: Config::sqlite_url(&dir),
                data: Some(dir),
                ..Config::default()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;

    /// The variables clap reads: these tests expect none of them set.
    const VARIABLES: &[&str] = &[
        "KC_DATA",
        "KC_DATABASE",
        "KC_LISTEN",
        "KC_CREATE_PER_MINUTE",
        "KC_MAX_CONNECTIONS_PER_ADDRESS",
        "KC_LOG_FORMAT",
        "KC_BOT_TOKEN",
    ];

    fn run(text: &str, port: Option<&str>) -> Result<Command, clap::Error> {
        for name in VARIABLES {
            assert!(
                std::env::var_os(name).is_none(),
                "{name} is set: unset it to run these tests (the binary's are in tests/operations.rs)"
            );
        }
        parse(text.split_whitespace(), port)
    }

    fn serve(text: &str, port: Option<&str>) -> Config {
        match run(text, port).unwrap() {
            Command::Serve { config, .. } => config,
            other => panic!("serve expected, not {other:?}"),
        }
    }

    fn kind(text: &str) -> ErrorKind {
        run(text, None).unwrap_err().kind()
    }

    #[test]
    fn serving_is_the_default() {
        let config = serve("", Some("9000"));
        assert_eq!(config.listen, "127.0.0.1:9000");
        assert!(config.database.starts_with("sqlite://kc-data/"));
        assert_eq!(config.data, Some(PathBuf::from("kc-data")));
        assert_eq!(config.max_connections_per_address, 256);
        assert_eq!(serve("serve", None), Config::default());
        assert_eq!(serve("--data d", None), serve("serve --data d", None));
        assert_eq!(
            serve("--data d", None).database,
            "sqlite://d/kc-server.sqlite3?mode=rwc"
        );
    }

    #[test]
    fn serve_flags() {
        let config = serve("--database postgres://u@h/db --listen 0.0.0.0:1", None);
        assert_eq!((config.listen.as_str(), config.data), ("0.0.0.0:1", None));
        assert_eq!(config.database, "postgres://u@h/db");
        assert_eq!(config.create_per_minute, Some(CREATE_PER_MINUTE));
        assert_eq!(serve("--create-per-minute 0", None).create_per_minute, None);
        assert_eq!(
            serve("--create-per-minute 5", None).create_per_minute,
            Some(5)
        );
        let config = serve("--max-connections-per-address 3", None);
        assert_eq!(config.max_connections_per_address, 3);
        let Command::Serve { log_format, .. } = run("--log-format json", None).unwrap() else {
            panic!("serve expected")
        };
        assert_eq!(log_format, LogFormat::Json);
        assert_eq!(kind("--database mysql://x"), ErrorKind::ValueValidation);
        assert_eq!(kind("--create-per-minute x"), ErrorKind::ValueValidation);
        assert_eq!(
            kind("--max-connections-per-address 0"),
            ErrorKind::ValueValidation
        );
        assert_eq!(kind("--log-format xml"), ErrorKind::InvalidValue);
        assert_eq!(kind("--bogus"), ErrorKind::UnknownArgument);
        assert_eq!(kind("--data"), ErrorKind::InvalidValue);
        assert_eq!(kind("stray"), ErrorKind::UnknownArgument);
    }

    #[test]
    fn help_and_version_are_clap_s() {
        assert_eq!(kind("--help"), ErrorKind::DisplayHelp);
        assert_eq!(kind("help"), ErrorKind::DisplayHelp);
        assert_eq!(kind("-h"), ErrorKind::DisplayHelp);
        assert_eq!(kind("--version"), ErrorKind::DisplayVersion);
        let help = run("--help", None).unwrap_err().to_string();
        for verb in ["serve", "admin", "bot", "record", "backup", "load"] {
            assert!(help.contains(verb), "{help}");
        }
        let help = run("serve --help", None).unwrap_err().to_string();
        for flag in [
            "--data",
            "--database",
            "--listen",
            "KC_LISTEN",
            "--log-format",
        ] {
            assert!(help.contains(flag), "{help}");
        }
    }

    #[test]
    fn record_and_load() {
        assert_eq!(run("record", None).unwrap(), Command::Record);
        assert!(matches!(
            run("load --tables 3 --moves 10", None).unwrap(),
            Command::Load {
                tables: 3,
                moves: 10,
                rate: None,
                ..
            }
        ));
        let Command::Backup { config, file } = run("backup copy.sqlite3 --data d", None).unwrap()
        else {
            panic!("backup expected")
        };
        assert_eq!(
            (file, config.data),
            (PathBuf::from("copy.sqlite3"), Some(PathBuf::from("d")))
        );
        let Command::Load {
            config,
            tables,
            moves,
            rate,
            nodes,
            servers,
        } = run("load --tables 1000 --rate 1000", None).unwrap()
        else {
            panic!("load expected")
        };
        assert_eq!((tables, moves, rate, nodes), (1000, 200, Some(1000), 1));
        assert!(servers.is_empty());
        assert!(matches!(
            run("load --server 127.0.0.1:9000 --server 127.0.0.1:9001", None).unwrap(),
            Command::Load { servers, .. } if servers.len() == 2
        ));
        assert_eq!(kind("load --server nowhere"), ErrorKind::ValueValidation);
        assert_eq!(config.create_per_minute, None);
        assert!(matches!(
            run("load --nodes 2 --database postgres://u@h/db", None).unwrap(),
            Command::Load { nodes: 2, .. }
        ));
        assert_eq!(kind("load --rate 0"), ErrorKind::ValueValidation);
        assert_eq!(kind("load --tables 0"), ErrorKind::ValueValidation);
        assert_eq!(kind("load --tables 100001"), ErrorKind::ValueValidation);
        assert_eq!(kind("load --listen x"), ErrorKind::UnknownArgument);
    }

    #[test]
    fn admin_bot() {
        let Command::AdminBot { name, config } = run("admin bot kc-engine --data d", None).unwrap()
        else {
            panic!("admin bot expected")
        };
        assert_eq!(
            (name.as_str(), config.data),
            ("kc-engine", Some(PathBuf::from("d")))
        );
        assert_eq!(kind("admin bot"), ErrorKind::MissingRequiredArgument);
        assert_eq!(kind("admin bot a b"), ErrorKind::UnknownArgument);
        assert!(run("admin", None).is_err());
    }

    #[test]
    fn bot() {
        let Command::Bot(bot) = run(
            "bot --engine kc-engine --token t --server http://h:1 --max-games 2",
            None,
        )
        .unwrap() else {
            panic!("bot expected")
        };
        assert_eq!(
            (bot.engine.as_str(), bot.token.as_str(), bot.server.as_str()),
            ("kc-engine", "t", "http://h:1")
        );
        assert_eq!((bot.max_games, bot.max_movetime_ms), (2, 5000));
        assert_eq!(
            kind("bot --engine e --token t"),
            ErrorKind::MissingRequiredArgument
        );
        assert_eq!(
            kind("bot --engine e --token t --server s --max-games"),
            ErrorKind::InvalidValue
        );
        assert_eq!(
            kind("bot --engine e --token t --server s --max-movetime 10"),
            ErrorKind::ValueValidation
        );
        assert_eq!(
            kind("bot --engine e --token t --server s --data d"),
            ErrorKind::UnknownArgument
        );
    }
}
