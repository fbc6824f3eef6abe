//! The `kc-server` program: see [`kaissa_chaturaji_server::cli`] (or
//! `kc-server --help`).

use std::io::BufRead;
use std::process::ExitCode;
use std::time::Duration;

use kaissa_chaturaji_server::cli;
use kaissa_chaturaji_server::cli::Command;
use kaissa_chaturaji_server::http::logs::{self, LogFormat};
use kaissa_chaturaji_server::live::shutdown;

/// How long the runtime waits, at exit, for work that does not stop by
/// itself (a bot's search on a blocking thread).
const EXIT_WAIT: Duration = Duration::from_secs(1);

fn main() -> ExitCode {
    let port = std::env::var("PORT").ok();
    let command = match cli::parse(std::env::args_os().skip(1), port.as_deref()) {
        Ok(command) => command,
        // Help and version to stdout with 0, errors to stderr with 2.
        Err(e) => e.exit(),
    };
    match command {
        Command::Record => record(std::io::stdin().lock()),
        Command::AdminBot { config, name } => run(LogFormat::Text, "warn", false, async move {
            let token = kaissa_chaturaji_server::client::admin::make_bot(&config, &name).await?;
            println!("{token}");
            Ok(())
        }),
        Command::Backup { config, file } => run(LogFormat::Text, "warn", false, async move {
            let copied = kaissa_chaturaji_server::store::backup::run(&config, &file).await?;
            println!(
                "kc-server: backup: {} ({} games, {} bytes, integrity ok)",
                file.display(),
                copied.games,
                copied.bytes
            );
            Ok(())
        }),
        Command::Bot(bot) => run(
            LogFormat::Text,
            "warn",
            false,
            kaissa_chaturaji_server::client::bot::run(bot),
        ),
        Command::Load {
            config,
            tables,
            moves,
            rate,
            nodes,
            servers,
        } => run(LogFormat::Text, "warn", false, async move {
            let report = kaissa_chaturaji_server::client::load::run(
                &config, tables, moves, rate, nodes, &servers,
            )
            .await?;
            let rate = rate.map_or_else(|| "free".to_string(), |r| r.to_string());
            println!("nodes {nodes} tables {tables} rate {rate} {report}");
            Ok(())
        }),
        Command::Serve { config, log_format } => run(log_format, "info", true, async move {
            // Caught from the start: a stop while the games load is clean too.
            let mut stop = Box::pin(shutdown::signal().map_err(|e| format!("signals: {e}"))?);
            let app = tokio::select! {
                app = kaissa_chaturaji_server::open(&config) => app?,
                () = &mut stop => {
                    tracing::info!("stopped while starting");
                    return Ok(());
                }
            };
            let listener = kaissa_chaturaji_server::http::connections::bind(&config.listen)
                .await
                .map_err(|e| format!("{}: {e}", config.listen))?;
            let address = listener.local_addr().map_err(|e| e.to_string())?;
            tracing::info!(%address, database = storage_kind(&config.database), "serving");
            println!("kc-server: serving http://{address}/");
            let limits = kaissa_chaturaji_server::http::connections::ConnectionLimits {
                per_address: config.max_connections_per_address,
                ..Default::default()
            };
            kaissa_chaturaji_server::serve_within(app, listener, limits, stop)
                .await
                .map_err(|e| e.to_string())
        }),
    }
}

/// The kind of database a URL names (its text may hold a password).
fn storage_kind(url: &str) -> &'static str {
    if url.starts_with("sqlite:") {
        "sqlite"
    } else {
        "postgresql"
    }
}

/// Runs `future` on a multi-threaded runtime with logs in `format` (at
/// `level` and above unless `RUST_LOG` says otherwise); a message on
/// failure, as a log line when `logged` (the server's), else as plain
/// text (a command's).
fn run(
    format: LogFormat,
    level: &str,
    logged: bool,
    future: impl std::future::Future<Output = Result<(), String>>,
) -> ExitCode {
    if let Err(e) = logs::init(format, level) {
        eprintln!("kc-server: {e}");
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("kc-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(future);
    runtime.shutdown_timeout(EXIT_WAIT);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) if logged => {
            tracing::error!("{message}");
            ExitCode::FAILURE
        }
        Err(message) => {
            eprintln!("kc-server: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `kc-server record`: checks the dice of the records on `input`.
fn record(input: impl BufRead) -> ExitCode {
    match kaissa_chaturaji_server::live::record::verify(input) {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("kc-server record: {message}");
            ExitCode::FAILURE
        }
    }
}
