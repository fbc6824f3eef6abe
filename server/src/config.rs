//! The command line: `kc-server [serve] [--data DIR] [--database URL]
//! [--listen HOST:PORT]`, `kc-server admin bot`, `kc-server bot`,
//! `kc-server record` and `kc-server load`.

use std::path::PathBuf;

/// What `kc-server` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Serve the site and the API.
    Serve(Config),
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
    Bot(crate::bot_client::BotConfig),
    /// Print the usage.
    Help,
}

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
}

/// The default of `--create-per-minute`.
pub const CREATE_PER_MINUTE: usize = 30;

/// What `kc-server --help` prints.
pub const USAGE: &str = "kc-server: online tables for Merchant Kaissa and Chaturaji

usage:
  kc-server [serve] [--data DIR] [--database postgres://...] [--listen HOST:PORT]
            [--create-per-minute N]
      serves http://127.0.0.1:${PORT:-8080}/ with SQLite under ./kc-data/ by default;
      one address may create N games a minute (default 30, 0: no limit)
  kc-server admin bot NAME [--data DIR] [--database URL]
      makes the bot account NAME and prints its API token (shown once, stored hashed)
  kc-server backup FILE [--data DIR] [--database URL]
      writes a consistent copy of the SQLite database into the new FILE while the
      server serves (PostgreSQL: use pg_dump)
  kc-server bot --engine COMMAND --token TOKEN --server URL
                [--max-games N] [--max-movetime MS]
      plays a UCI engine of the engine protocol (e.g. kc-engine) online for the bot
      account of TOKEN: joins the games kept for it and plays them, N at once
      (default 8), at most MS milliseconds a move when not on a live Kaissa clock
      (default 5000); URL is http://HOST[:PORT] or https://HOST[:PORT] (the
      system's roots, or SSL_CERT_FILE's)
  kc-server record < FILE
      checks every roll of the records on stdin against their dice tags
  kc-server load [--tables N] [--moves M] [--rate R] [--nodes K] [--data DIR] [--database URL]
      measures: N tables of scripted clients over WebSocket make M moves each
      (R moves a second in all, or as fast as they can), on K servers of its own
      (default 1; more share one --database postgres://...), seat s on server s mod K
";

/// Reads the arguments (after the program name); `port` is `$PORT`.
///
/// # Errors
///
/// A message naming the bad argument.
pub fn parse(args: &[String], port: Option<&str>) -> Result<Command, String> {
    let (verb, rest) = match args.first().map(String::as_str) {
        Some("serve") => ("serve", &args[1..]),
        Some("record") => ("record", &args[1..]),
        Some("load") => ("load", &args[1..]),
        Some("backup") => ("backup", &args[1..]),
        Some("admin") => match args.get(1).map(String::as_str) {
            Some("bot") => ("admin bot", &args[2..]),
            _ => return Err("expected `kc-server admin bot NAME` (see --help)".into()),
        },
        Some("bot") => return parse_bot(&args[1..]).map(Command::Bot),
        Some("--help" | "-h" | "help") => return Ok(Command::Help),
        _ => ("serve", args),
    };
    let port = port.unwrap_or("8080");
    let mut listen = format!("127.0.0.1:{port}");
    let mut database = None;
    let mut data = None;
    let mut create_per_minute = Some(CREATE_PER_MINUTE);
    let mut tables = 8;
    let mut moves = 200;
    let mut rate = None;
    let mut nodes = 1;
    let mut bot_name = None;
    let mut backup_file = None;
    let mut i = 0;
    while i < rest.len() {
        let value = || {
            rest.get(i + 1)
                .cloned()
                .ok_or_else(|| format!("{} needs a value", rest[i]))
        };
        match (verb, rest[i].as_str()) {
            ("serve" | "load" | "admin bot" | "backup", "--data") => {
                data = Some(PathBuf::from(value()?));
            }
            ("serve" | "load" | "admin bot" | "backup", "--database") => database = Some(value()?),
            ("backup", file) if backup_file.is_none() && !file.starts_with("--") => {
                backup_file = Some(PathBuf::from(file));
                i += 1;
                continue;
            }
            ("admin bot", name) if bot_name.is_none() && !name.starts_with("--") => {
                bot_name = Some(name.to_string());
                i += 1;
                continue;
            }
            ("serve", "--listen") => listen = value()?,
            ("serve", "--create-per-minute") => {
                let text = value()?;
                create_per_minute = match text.parse::<usize>() {
                    Ok(0) => None,
                    Ok(n) => Some(n),
                    Err(_) => {
                        return Err(format!(
                            "--create-per-minute {text:?}: expected a number (0: no limit)"
                        ))
                    }
                };
            }
            ("load", "--tables") => tables = count(&value()?, "--tables")?,
            ("load", "--moves") => moves = count(&value()?, "--moves")?,
            ("load", "--rate") => rate = Some(count(&value()?, "--rate")?),
            ("load", "--nodes") => nodes = count(&value()?, "--nodes")?,
            (_, other) => return Err(format!("unexpected argument {other:?} (see --help)")),
        }
        i += 2;
    }
    let config = match database {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => Config {
            listen,
            database: url,
            data: None,
            create_per_minute,
        },
        Some(url) => return Err(format!("--database {url:?}: expected a postgres:// URL")),
        None => {
            let dir = data.unwrap_or_else(|| PathBuf::from("kc-data"));
            Config {
                listen,
                database: format!(
                    "sqlite://{}?mode=rwc",
                    dir.join("kc-server.sqlite3").display()
                ),
                data: Some(dir),
                create_per_minute,
            }
        }
    };
    Ok(match verb {
        "record" => Command::Record,
        "admin bot" => Command::AdminBot {
            config,
            name: bot_name.ok_or("expected `kc-server admin bot NAME`")?,
        },
        "backup" => Command::Backup {
            config,
            file: backup_file.ok_or("expected `kc-server backup FILE`")?,
        },
        "load" => Command::Load {
            // The measurement's own clients create many tables at once.
            config: Config {
                create_per_minute: None,
                ..config
            },
            tables,
            moves,
            rate,
            nodes,
        },
        _ => Command::Serve(config),
    })
}

/// `kc-server bot`'s arguments.
fn parse_bot(args: &[String]) -> Result<crate::bot_client::BotConfig, String> {
    let (mut engine, mut token, mut server) = (None, None, None);
    let mut max_games = crate::bot_client::MAX_GAMES;
    let mut max_movetime_ms = crate::bot_client::MAX_MOVETIME_MS;
    for pair in args.chunks(2) {
        let [name, value] = pair else {
            return Err(format!("{} needs a value", pair[0]));
        };
        match name.as_str() {
            "--engine" => engine = Some(value.clone()),
            "--token" => token = Some(value.clone()),
            "--server" => server = Some(value.clone()),
            "--max-games" => max_games = count(value, "--max-games")?,
            "--max-movetime" => {
                max_movetime_ms = count(value, "--max-movetime")? as u64;
                if max_movetime_ms < crate::bot_client::MIN_MOVETIME_MS {
                    return Err(format!(
                        "--max-movetime {value}: at least {} ms",
                        crate::bot_client::MIN_MOVETIME_MS
                    ));
                }
            }
            other => return Err(format!("unexpected argument {other:?} (see --help)")),
        }
    }
    let needed = |value: Option<String>, name: &str| {
        value.ok_or_else(|| format!("kc-server bot needs {name} (see --help)"))
    };
    Ok(crate::bot_client::BotConfig {
        engine: needed(engine, "--engine COMMAND")?,
        token: needed(token, "--token TOKEN")?,
        server: needed(server, "--server URL")?,
        max_games,
        max_movetime_ms,
    })
}

/// A count from 1 to 100,000.
fn count(text: &str, name: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=100_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "{name} {text:?}: expected a number from 1 to 100000"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn defaults_and_options() {
        let Command::Serve(config) = parse(&[], Some("9000")).unwrap() else {
            panic!("serve expected")
        };
        assert_eq!(config.listen, "127.0.0.1:9000");
        assert!(config.database.starts_with("sqlite://kc-data/"));
        let Command::Serve(config) = parse(
            &args("--database postgres://u@h/db --listen 0.0.0.0:1"),
            None,
        )
        .unwrap() else {
            panic!("serve expected")
        };
        assert_eq!((config.listen.as_str(), config.data), ("0.0.0.0:1", None));
        assert_eq!(config.create_per_minute, Some(CREATE_PER_MINUTE));
        assert!(parse(&args("--database mysql://x"), None).is_err());
        let Command::Serve(config) = parse(&args("--create-per-minute 0"), None).unwrap() else {
            panic!("serve expected")
        };
        assert_eq!(config.create_per_minute, None);
        assert!(parse(&args("--bogus"), None).is_err());
        assert!(parse(&args("--data"), None).is_err());
        assert_eq!(parse(&args("record"), None).unwrap(), Command::Record);
        assert!(matches!(
            parse(&args("load --tables 3 --moves 10"), None).unwrap(),
            Command::Load {
                tables: 3,
                moves: 10,
                rate: None,
                ..
            }
        ));
        assert!(matches!(
            parse(&args("load --tables 1000 --rate 1000"), None).unwrap(),
            Command::Load {
                tables: 1000,
                moves: 200,
                rate: Some(1000),
                nodes: 1,
                ..
            }
        ));
        assert!(matches!(
            parse(&args("load --nodes 2 --database postgres://u@h/db"), None).unwrap(),
            Command::Load { nodes: 2, .. }
        ));
        assert!(parse(&args("load --rate 0"), None).is_err());
        let Command::AdminBot { name, config } =
            parse(&args("admin bot kc-engine --data d"), None).unwrap()
        else {
            panic!("admin bot expected")
        };
        assert_eq!(
            (name.as_str(), config.data),
            ("kc-engine", Some(PathBuf::from("d")))
        );
        assert!(parse(&args("admin bot"), None).is_err());
        let Command::Backup { config, file } =
            parse(&args("backup copy.sqlite3 --data d"), None).unwrap()
        else {
            panic!("backup expected")
        };
        assert_eq!(
            (file, config.data),
            (PathBuf::from("copy.sqlite3"), Some(PathBuf::from("d")))
        );
        assert!(parse(&args("backup"), None).is_err());
        assert!(parse(&args("backup a b"), None).is_err());
        assert!(parse(&args("backup a --listen x:1"), None).is_err());
        assert!(parse(&args("admin bot a b"), None).is_err());
        assert!(parse(&args("admin"), None).is_err());
        assert!(parse(&args("load --tables 0"), None).is_err());
        let Command::Bot(bot) = parse(
            &args("bot --engine kc-engine --token t --server http://h:1 --max-games 2"),
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
        assert!(parse(&args("bot --engine e --token t"), None).is_err());
        assert!(parse(
            &args("bot --engine e --token t --server s --max-games"),
            None
        )
        .is_err());
        assert!(parse(
            &args("bot --engine e --token t --server s --max-movetime 10"),
            None
        )
        .is_err());
        assert!(parse(&args("bot --engine e --token t --server s --data d"), None).is_err());
    }
}
