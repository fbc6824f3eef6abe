//! The load tool measures what it says: every move of every table.

mod common;

use common::*;

#[tokio::test(flavor = "multi_thread")]
async fn load_counts_every_move() {
    for config in backends("load") {
        let report = kaissa_chaturaji_server::client::load::run(&config, 3, 12, None, 1, &[])
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

#[tokio::test(flavor = "multi_thread")]
async fn load_drives_two_servers_on_postgresql() {
    let Some(url) = postgres_url() else { return };
    let config = kaissa_chaturaji_server::config::Config {
        listen: "127.0.0.1:0".into(),
        database: url,
        data: None,
        create_per_minute: None,
        max_connections_per_address: usize::MAX,
    };
    let report = kaissa_chaturaji_server::client::load::run(&config, 3, 12, None, 2, &[])
        .await
        .unwrap();
    assert_eq!(report.moves, 36, "{report}");
    // Two servers need a shared database.
    assert!(
        kaissa_chaturaji_server::client::load::run(&sqlite("load-two"), 1, 1, None, 2, &[])
            .await
            .is_err()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn load_plays_at_a_server_already_running() {
    let address = start(&sqlite("load-external")).await;
    // The load's own configuration names no server of its own to start.
    let unused = sqlite("load-external-unused");
    let report = kaissa_chaturaji_server::client::load::run(&unused, 2, 5, None, 1, &[address])
        .await
        .unwrap();
    assert_eq!(report.moves, 10, "{report}");
}
