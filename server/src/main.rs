//! The `kc-server` program: see [`kaissa_chaturaji_server::config::USAGE`].

use std::io::BufRead;
use std::process::ExitCode;

use kaissa_chaturaji_server::config::{self, Command};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let port = std::env::var("PORT").ok();
    let command = match config::parse(&args, port.as_deref()) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("kc-server: {message}");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => {
            println!("{}", config::USAGE);
            ExitCode::SUCCESS
        }
        Command::Record => record(std::io::stdin().lock()),
        Command::AdminBot { config, name } => run(async move {
            let token = kaissa_chaturaji_server::admin::make_bot(&config, &name).await?;
            println!("{token}");
            Ok(())
        }),
        Command::Backup { config, file } => run(async move {
            let copied = kaissa_chaturaji_server::backup::run(&config, &file).await?;
            println!(
                "kc-server: backup: {} ({} games, {} bytes, integrity ok)",
                file.display(),
                copied.games,
                copied.bytes
            );
            Ok(())
        }),
        Command::Bot(bot) => run(kaissa_chaturaji_server::bot_client::run(bot)),
        Command::Load {
            config,
            tables,
            moves,
            rate,
            nodes,
        } => run(async move {
            let report =
                kaissa_chaturaji_server::load::run(&config, tables, moves, rate, nodes).await?;
            let rate = rate.map_or_else(|| "free".to_string(), |r| r.to_string());
            println!("nodes {nodes} tables {tables} rate {rate} {report}");
            Ok(())
        }),
        Command::Serve(config) => run(async move {
            let app = kaissa_chaturaji_server::open(&config).await?;
            let listener = tokio::net::TcpListener::bind(&config.listen)
                .await
                .map_err(|e| format!("{}: {e}", config.listen))?;
            let address = listener.local_addr().map_err(|e| e.to_string())?;
            println!("kc-server: serving http://{address}/");
            kaissa_chaturaji_server::serve(app, listener)
                .await
                .map_err(|e| e.to_string())
        }),
    }
}

/// Runs `future` on a multi-threaded runtime; a message on failure.
fn run(future: impl std::future::Future<Output = Result<(), String>>) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("kc-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(future) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kc-server: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `kc-server record`: checks the dice of the records on `input`.
fn record(input: impl BufRead) -> ExitCode {
    match kaissa_chaturaji_server::record::verify(input) {
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
