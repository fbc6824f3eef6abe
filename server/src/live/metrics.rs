//! The server's metrics, as `GET /metrics` shows them in Prometheus's
//! text format: `kc_moves_total`, `kc_move_commit_seconds`,
//! `kc_games_live`, `kc_sockets_open` and `kc_http_requests_total{class}`.
//!
//! Each [`crate::live::app::App`] has a registry of its own (a
//! `metrics-exporter-prometheus` recorder that is never installed as the
//! process's global one), so that several servers in one process (the
//! tests, `kc-server load --nodes K`) each count their own. The handles
//! are registered once; counting is an atomic add.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use metrics::{Counter, Gauge, Histogram, Key, KeyName, Label, Metadata, Recorder, Unit};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// The buckets of `kc_move_commit_seconds`: from a fraction of a
/// millisecond (a group commit on a fast disk) to seconds (a stalled
/// database).
const COMMIT_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// After this many samples the histogram's buffer is folded into its
/// buckets, so that it stays small between scrapes.
const UPKEEP_EVERY: u64 = 1024;

/// One server's metrics (cheap to clone: the handles are shared).
#[derive(Debug, Clone)]
pub struct Metrics {
    handle: PrometheusHandle,
    moves: Counter,
    commit_seconds: Histogram,
    samples: Arc<AtomicU64>,
    /// Games being played that this server holds.
    pub(crate) games_live: Gauge,
    /// Open WebSockets and event streams.
    pub(crate) sockets_open: Gauge,
    /// Answers by status class, `1xx` to `5xx`.
    http: [Counter; 5],
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    /// A fresh registry with every metric at zero.
    #[must_use]
    pub fn new() -> Metrics {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(
                Matcher::Full("kc_move_commit_seconds".into()),
                COMMIT_BUCKETS,
            )
            .map(PrometheusBuilder::build_recorder)
            .unwrap_or_else(|_| PrometheusBuilder::new().build_recorder());
        let meta = Metadata::new(module_path!(), metrics::Level::INFO, None);
        let describe = |name: &'static str, unit: Option<Unit>, text: &'static str| {
            // Counters, gauges and histograms share the one description map.
            recorder.describe_counter(KeyName::from(name), unit, text.into());
        };
        describe(
            "kc_moves_total",
            None,
            "Moves acknowledged (durably committed) by this server.",
        );
        describe(
            "kc_move_commit_seconds",
            Some(Unit::Seconds),
            "Time of a move's durable commit.",
        );
        describe(
            "kc_games_live",
            None,
            "Games being played that this server holds in memory.",
        );
        describe(
            "kc_sockets_open",
            None,
            "Open WebSockets and Server-Sent Event streams.",
        );
        describe(
            "kc_http_requests_total",
            None,
            "HTTP requests answered, by status class.",
        );
        let http = ["1xx", "2xx", "3xx", "4xx", "5xx"].map(|class| {
            let key = Key::from_parts("kc_http_requests_total", vec![Label::new("class", class)]);
            recorder.register_counter(&key, &meta)
        });
        Metrics {
            moves: recorder.register_counter(&Key::from_static_name("kc_moves_total"), &meta),
            commit_seconds: recorder
                .register_histogram(&Key::from_static_name("kc_move_commit_seconds"), &meta),
            samples: Arc::default(),
            games_live: recorder.register_gauge(&Key::from_static_name("kc_games_live"), &meta),
            sockets_open: recorder.register_gauge(&Key::from_static_name("kc_sockets_open"), &meta),
            http,
            handle: recorder.handle(),
        }
    }

    /// Counts a committed move whose commit took `took`.
    pub fn move_committed(&self, took: Duration) {
        self.moves.increment(1);
        self.commit_seconds.record(took.as_secs_f64());
        if self.samples.fetch_add(1, Ordering::Relaxed) % UPKEEP_EVERY == UPKEEP_EVERY - 1 {
            self.handle.run_upkeep();
        }
    }

    /// Counts an answer of `status`.
    pub fn answered(&self, status: StatusCode) {
        let class = (status.as_u16() / 100).clamp(1, 5) as usize - 1;
        self.http[class].increment(1);
    }

    /// The metrics in Prometheus's text format.
    #[must_use]
    pub fn render(&self) -> String {
        self.handle.render()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_registry_counts_its_own() {
        let (a, b) = (Metrics::new(), Metrics::new());
        a.move_committed(Duration::from_millis(3));
        a.answered(StatusCode::CREATED);
        a.answered(StatusCode::NOT_FOUND);
        let text = a.render();
        assert!(text.contains("kc_moves_total 1"), "{text}");
        assert!(text.contains("kc_move_commit_seconds_count 1"), "{text}");
        assert!(
            text.contains("kc_move_commit_seconds_bucket{le=\"0.005\"} 1"),
            "{text}"
        );
        assert!(
            text.contains("kc_http_requests_total{class=\"2xx\"} 1"),
            "{text}"
        );
        assert!(
            text.contains("kc_http_requests_total{class=\"4xx\"} 1"),
            "{text}"
        );
        assert!(text.contains("# TYPE kc_moves_total counter"), "{text}");
        assert!(b.render().contains("kc_moves_total 0"), "{}", b.render());
    }
}
