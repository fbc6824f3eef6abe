//! The load tool measures what it says: every move of every table.

mod common;

use common::*;

#[tokio::test(flavor = "multi_thread")]
async fn load_counts_every_move() {
    for config in backends("load") {
        let report = kaissa_chaturaji_server::load::run(&config, 3, 12)
            .await
            .unwrap();
        assert_eq!(report.moves, 36);
        assert!(
            report.p50_ms > 0.0 && report.p50_ms <= report.p99_ms,
            "{report}"
        );
        assert!(report.to_string().starts_with("moves 36 seconds "));
    }
}
