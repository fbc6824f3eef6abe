//! Logs: `tracing` events written by `tracing-subscriber` to standard
//! error, as text or as JSON lines, filtered by `RUST_LOG` (default
//! `info`); and the request layer that writes one line per request.
//!
//! Nothing secret is logged: a request's line has its method and path
//! without the query string (join secrets, seek secrets and mail tokens
//! travel there), its status and its time; never a header (tokens,
//! cookies) nor a body (passwords, secrets). A game's line has its id,
//! version and event type, not the event.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, Response};
use axum::Router;
use tower_http::trace::TraceLayer;
use tracing::Span;
use tracing_subscriber::EnvFilter;

use crate::live::metrics::Metrics;

/// How log lines are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line of text an event, for people.
    #[default]
    Text,
    /// One JSON object a line, for machines.
    Json,
}

/// Installs the process's log writer: `format` to standard error, the
/// lines `RUST_LOG` asks for, else those at `default` (`info`, `warn`,
/// ...) and above. A `RUST_LOG` that does not parse is said once and the
/// default used.
///
/// # Errors
///
/// When a writer is installed already.
pub fn init(format: LogFormat, default: &str) -> Result<(), String> {
    let filter = match std::env::var("RUST_LOG") {
        Ok(text) if !text.trim().is_empty() => EnvFilter::try_new(&text).unwrap_or_else(|e| {
            eprintln!("kc-server: RUST_LOG {text:?}: {e}; logging at {default}");
            EnvFilter::new(default)
        }),
        _ => EnvFilter::new(default),
    };
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let installed = match format {
        LogFormat::Text => builder.with_ansi(ansi).try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
    };
    installed.map_err(|e| format!("logs: {e}"))
}

/// `router` with one log line per request at info (`method`, `path`
/// without the query, `status`, `latency_ms`; a 5xx at error), each
/// answer counted in `metrics` by its status class.
pub fn traced(router: Router, metrics: Metrics) -> Router {
    let layer = TraceLayer::new_for_http()
        .make_span_with(|request: &Request<Body>| {
            tracing::info_span!(
                "request",
                method = %request.method(),
                path = %request.uri().path(),
            )
        })
        .on_request(())
        .on_response(
            move |response: &Response<Body>, latency: Duration, _span: &Span| {
                let status = response.status();
                metrics.answered(status);
                let latency_ms = latency.as_secs_f64() * 1000.0;
                if status.is_server_error() {
                    tracing::error!(status = status.as_u16(), latency_ms, "answered");
                } else {
                    tracing::info!(status = status.as_u16(), latency_ms, "answered");
                }
            },
        )
        .on_failure(());
    router.layer(layer)
}
