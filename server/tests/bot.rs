//! Engines as online players, against SQLite and against PostgreSQL when
//! `KC_TEST_POSTGRES` is set: a bot account's API token acts for its
//! seats, and `kc-server bot` seats `kc-engine` in a Kaissa game on a
//! live clock against a person played by the library's random agent, in a
//! Chaturaji game with three of the server's bots, and across a restart
//! of the bot client, each to the end.

mod common;
mod engine_bin;

use std::net::SocketAddr;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::*;
use kaissa_chaturaji_server::config::Config;
use kaissa_chaturaji_server::table::game::Table;
use serde_json::{json, Value};
use tokio::process::{Child, Command};

/// A name unique to this run (PostgreSQL's database outlives a test).
fn unique(stem: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("{stem}{}", nanos ^ std::process::id())
}

/// A bot account: its name and API token.
async fn bot_account(config: &Config) -> (String, String) {
    let name = unique("engine");
    let token = kaissa_chaturaji_server::client::admin::make_bot(config, &name)
        .await
        .unwrap();
    (name, token)
}

/// A running `kc-server bot`, its log going to a file.
struct BotClient {
    child: Child,
    log: std::path::PathBuf,
}

impl BotClient {
    /// Starts `kc-server bot` with `kc-engine` for `token`.
    fn start(address: SocketAddr, token: &str) -> BotClient {
        let engine = engine_bin::kc_engine();
        BotClient::start_with(address, token, engine.to_str().unwrap())
    }

    /// Starts `kc-server bot` with the engine command `engine`.
    fn start_with(address: SocketAddr, token: &str, engine: &str) -> BotClient {
        let log = temp_dir("botlog").join("bot.log");
        let file = std::fs::File::create(&log).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_kc-server"))
            .args(["bot", "--engine", engine])
            .args(["--token", token, "--max-movetime", "100"])
            .arg("--server")
            .arg(format!("http://{address}"))
            .stdout(Stdio::null())
            .stderr(file)
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        BotClient { child, log }
    }

    /// What the client logged.
    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Kills the client.
    async fn kill(mut self) -> String {
        self.child.kill().await.unwrap();
        self.log()
    }
}

/// The move the library's random agent makes at the game as `view` shows
/// it (replayed from its tokens).
async fn random_move(view: &Value, seed: u64) -> String {
    let mut table = Table::new(
        kaissa_chaturaji::game::Variant::from_game_and_rules(
            view["game"].as_str().unwrap(),
            view["rules"].as_str(),
        )
        .unwrap(),
    );
    for token in view["moves"].as_array().unwrap() {
        // Kaissa rolls no die.
        table.replay(token.as_str().unwrap(), |_| 2).unwrap();
    }
    kaissa_chaturaji_server::live::bots::choose("random", table.game().clone(), seed)
        .await
        .unwrap()
}

/// Plays seat `seat` of Kaissa game `id` with the random agent until the
/// game is over or `stop_after` moves of the other seat were seen; the
/// last view.
async fn play_human(
    address: SocketAddr,
    id: &str,
    seat: u64,
    token: &str,
    stop_after: Option<usize>,
    limit: Duration,
    bot: Option<&BotClient>,
) -> Value {
    let started = Instant::now();
    loop {
        let view = state(address, id).await;
        let theirs = view["moves"].as_array().unwrap().len() / 2;
        if view["status"] == "over" || stop_after.is_some_and(|n| theirs >= n) {
            return view;
        }
        assert!(
            started.elapsed() < limit,
            "the game did not end in {limit:?}: {view}\nbot log:\n{}",
            bot.map(BotClient::log).unwrap_or_default()
        );
        if view["to_move"] == seat {
            let version = view["version"].as_i64().unwrap();
            let text = random_move(&view, version as u64).await;
            let reply = send_move(address, id, token, &text, version).await;
            assert!(reply.status == 200 || reply.status == 409, "{}", reply.body);
        } else {
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_api_token_acts_for_the_accounts_seats() {
    for config in backends("bottoken") {
        let address = start(&config).await;
        let (name, token) = bot_account(&config).await;
        let (_, other) = bot_account(&config).await;
        // One account at both seats of a casual game: the kept one, and a
        // person's seat taken with its secret.
        let game = create(
            address,
            json!({ "game": "kaissa", "seats": [format!("player:{name}"), "human"] }),
        )
        .await;
        let path = format!("/api/games/{}/join", game.id);
        let kept = post(address, &path, Some(&token), json!({ "seat": 0 })).await;
        assert_eq!(kept.status, 200, "{}", kept.body);
        let second = post(
            address,
            &path,
            Some(&token),
            json!({ "seat": 1, "secret": game.joins[1] }),
        )
        .await;
        assert_eq!(second.status, 200, "{}", second.body);
        // The seat to move is the one the API token acts for.
        for (ply, seat) in [(0, 0), (1, 1), (2, 0)] {
            let view = state(address, &game.id).await;
            assert_eq!(view["to_move"], seat, "ply {ply}");
            let text = view["legal"][0].as_str().unwrap().to_string();
            let version = view["version"].as_i64().unwrap();
            for stranger in [other.as_str(), "0123456789abcdef"] {
                let refused = send_move(address, &game.id, stranger, &text, version).await;
                assert_eq!(refused.status, 403, "{}", refused.body);
            }
            let moved = send_move(address, &game.id, &token, &text, version).await;
            assert_eq!(moved.status, 200, "ply {ply}: {}", moved.body);
        }

        // A seat token still acts for its own seat only.
        let game = create(
            address,
            json!({ "game": "kaissa", "seats": ["human", format!("player:{name}")] }),
        )
        .await;
        let path = format!("/api/games/{}/join", game.id);
        let joined = post(address, &path, Some(&token), json!({ "seat": 1 })).await;
        let seat_token = joined.json()["token"].as_str().unwrap().to_string();
        let person = join(address, &game, 0, None).await;
        let view = state(address, &game.id).await;
        let (text, version) = (
            view["legal"][0].as_str().unwrap(),
            view["version"].as_i64().unwrap(),
        );
        // Not the account's turn: its API token speaks for seat 1.
        let early = send_move(address, &game.id, &token, text, version).await;
        assert_eq!(early.status, 403, "{}", early.body);
        assert_eq!(
            send_move(address, &game.id, &seat_token, text, version)
                .await
                .status,
            403
        );
        assert_eq!(
            send_move(address, &game.id, &person, text, version)
                .await
                .status,
            200
        );
        // Resigning with the API token resigns the account's seat.
        let resigned = post(
            address,
            &format!("/api/games/{}/resign", game.id),
            Some(&token),
            json!({}),
        )
        .await;
        assert_eq!(resigned.status, 200, "{}", resigned.body);
        let view = state(address, &game.id).await;
        assert_eq!(view["status"], "over", "{view}");
        assert!(
            view["outcome"].as_str().unwrap().starts_with("yellow"),
            "{view}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_bot_client_refuses_a_wrong_token_and_no_server() {
    let config = sqlite("botstart");
    let address = start(&config).await;
    let run = |server: String, token: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kc-server"))
            .args(["bot", "--engine", "kc-engine", "--token", token, "--server"])
            .arg(server)
            .output()
            .unwrap()
    };
    let wrong = run(format!("http://{address}"), "not-a-token");
    assert!(!wrong.status.success());
    let text = String::from_utf8_lossy(&wrong.stderr);
    assert!(
        text.contains("refused the API token") && text.contains("401"),
        "{text}"
    );
    // A port nothing listens on: the one just freed.
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = free.local_addr().unwrap().port();
    drop(free);
    let away = run(format!("http://127.0.0.1:{port}"), "anything");
    assert!(!away.status.success());
    let text = String::from_utf8_lossy(&away.stderr);
    assert!(text.contains("cannot reach"), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn kc_engine_plays_kaissa_on_a_live_clock_to_the_end() {
    for config in backends("botkaissa") {
        let address = start(&config).await;
        let (name, token) = bot_account(&config).await;
        let bot = BotClient::start(address, &token);
        let game = create(
            address,
            json!({
                "game": "kaissa",
                "seats": ["human", format!("player:{name}")],
                "clock": { "initial_ms": 20000, "increment_ms": 200 },
            }),
        )
        .await;
        let person = join(address, &game, 0, None).await;
        let view = play_human(
            address,
            &game.id,
            0,
            &person,
            None,
            Duration::from_secs(300),
            Some(&bot),
        )
        .await;
        let log = bot.kill().await;
        eprintln!(
            "kaissa: {} ({}) after {} plies",
            view["outcome"],
            view["termination"],
            view["moves"].as_array().unwrap().len()
        );
        assert_eq!(view["status"], "over");
        assert!(log.contains("took seat 1"), "{log}");
        // The engine played on its clock, and did not lose on time.
        assert!(view["moves"].as_array().unwrap().len() >= 4, "{view}");
        assert!(
            !(view["termination"] == "time-forfeit"
                && view["outcome"].as_str().unwrap().starts_with("yellow")),
            "the engine ran out of time: {view}\n{log}"
        );
        assert!(!log.contains("the engine failed"), "{log}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn kc_engine_plays_chaturaji_with_three_server_bots_to_the_end() {
    for config in backends("botchaturaji") {
        let address = start(&config).await;
        let (name, token) = bot_account(&config).await;
        let bot = BotClient::start(address, &token);
        let game = create(
            address,
            json!({
                "game": "chaturaji",
                "seats": ["bot:random", format!("player:{name}"), "bot:random", "bot:random"],
            }),
        )
        .await;
        let started = Instant::now();
        let view = loop {
            let view = state(address, &game.id).await;
            if view["status"] == "over" {
                break view;
            }
            assert!(
                started.elapsed() < Duration::from_secs(300),
                "the game did not end: {view}\n{}",
                bot.log()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        let log = bot.kill().await;
        let moves = view["moves"].as_array().unwrap();
        eprintln!(
            "chaturaji: {} after {} tokens",
            view["outcome"],
            moves.len()
        );
        assert!(log.contains("took seat 1"), "{log}");
        // The engine was asked for Black's moves, and never failed.
        assert!(log.contains("started (chaturaji)"), "{log}");
        assert!(!log.contains("the engine failed"), "{log}");
        assert!(moves.len() > 8, "{view}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_restarted_bot_client_plays_on() {
    for config in backends("botrestart") {
        let address = start(&config).await;
        let (name, token) = bot_account(&config).await;
        let first = BotClient::start(address, &token);
        let game = create(
            address,
            json!({ "game": "kaissa", "seats": [format!("player:{name}"), "human"] }),
        )
        .await;
        let person = join(address, &game, 1, None).await;
        let limit = Duration::from_secs(300);
        let view = play_human(address, &game.id, 1, &person, Some(3), limit, Some(&first)).await;
        assert_eq!(view["status"], "playing", "{view}");
        let log = first.kill().await;
        assert!(log.contains("took seat 0"), "{log}");
        // The person moves while no client runs, so that the engine's seat
        // is to move; the new client has no seat token: the account's API
        // token acts for the seat.
        let mut view = state(address, &game.id).await;
        if view["to_move"] == 1 {
            let version = view["version"].as_i64().unwrap();
            let text = random_move(&view, 7).await;
            assert_eq!(
                send_move(address, &game.id, &person, &text, version)
                    .await
                    .status,
                200
            );
            view = state(address, &game.id).await;
        }
        assert_eq!(view["to_move"], 0, "{view}");
        let plies = view["moves"].as_array().unwrap().len();
        let second = BotClient::start(address, &token);
        let view = play_human(address, &game.id, 1, &person, None, limit, Some(&second)).await;
        let log = second.kill().await;
        assert_eq!(view["status"], "over", "{view}");
        assert!(
            view["moves"].as_array().unwrap().len() > plies + 2,
            "{view}\n{log}"
        );
        assert!(!log.contains("took seat"), "{log}");
        assert!(!log.contains("sending"), "{log}");
    }
}

/// Starts the built `kc-server` on `config`'s storage at `address`; waits
/// until it answers.
async fn serve_process(config: &Config, address: SocketAddr) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kc-server"));
    command
        .arg("--listen")
        .arg(address.to_string())
        .args(["--create-per-minute", "0"]);
    match &config.data {
        Some(dir) => command.arg("--data").arg(dir),
        None => command.arg("--database").arg(&config.database),
    };
    let mut child = command
        .stdout(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("kc-server starts");
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(address).await.is_ok() {
            return child;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    child.kill().await.unwrap();
    panic!("kc-server did not listen on {address}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_bot_client_plays_on_across_a_server_restart() {
    for mut config in backends("botserver") {
        // The binary's SQLite file under `--data`, for the bot account too.
        if let Some(dir) = &config.data {
            config.database = format!(
                "sqlite://{}?mode=rwc",
                dir.join("kc-server.sqlite3").display()
            );
        }
        let address = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            listener.local_addr().unwrap()
        };
        let mut server = serve_process(&config, address).await;
        let (name, token) = bot_account(&config).await;
        let bot = BotClient::start(address, &token);
        let game = create(
            address,
            json!({ "game": "kaissa", "seats": ["human", format!("player:{name}")] }),
        )
        .await;
        let person = join(address, &game, 0, None).await;
        let limit = Duration::from_secs(300);
        let view = play_human(address, &game.id, 0, &person, Some(3), limit, Some(&bot)).await;
        assert_eq!(view["status"], "playing", "{view}");
        // Down for a few polls: the client's socket closes and its lists fail.
        server.kill().await.unwrap();
        tokio::time::sleep(Duration::from_secs(4)).await;
        let _server = serve_process(&config, address).await;
        let plies = state(address, &game.id).await["moves"]
            .as_array()
            .unwrap()
            .len();
        let view = play_human(address, &game.id, 0, &person, None, limit, Some(&bot)).await;
        let log = bot.kill().await;
        assert_eq!(view["status"], "over", "{view}");
        assert!(
            view["moves"].as_array().unwrap().len() > plies + 2,
            "{view}\n{log}"
        );
        // The game's task waited for the server (on its socket or reading
        // the game) rather than ending.
        assert!(
            log.contains("connecting again") || log.contains("trying again with back-off"),
            "{log}"
        );
        assert!(log.contains("listing the games"), "{log}");
        // One engine for the game, kept while the server was away.
        assert_eq!(log.matches("started (kaissa)").count(), 1, "{log}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_engine_that_dies_is_started_again() {
    let config = sqlite("botdeath");
    let address = start(&config).await;
    let (name, token) = bot_account(&config).await;
    // The engine's input ends after the handshake (4 lines) and three
    // moves (2 lines each): it quits, and the client starts another.
    let engine = format!(
        "sh -c 'n=0; while [ $n -lt 10 ] && IFS= read -r line; do echo \"$line\"; n=$((n+1)); done | \"$0\"' '{}'",
        engine_bin::kc_engine().display()
    );
    let bot = BotClient::start_with(address, &token, &engine);
    let game = create(
        address,
        json!({ "game": "kaissa", "seats": ["human", format!("player:{name}")] }),
    )
    .await;
    let person = join(address, &game, 0, None).await;
    let limit = Duration::from_secs(300);
    let view = play_human(address, &game.id, 0, &person, Some(8), limit, Some(&bot)).await;
    let log = bot.kill().await;
    assert!(
        view["moves"].as_array().unwrap().len() >= 15 || view["status"] == "over",
        "{view}\n{log}"
    );
    assert!(log.contains("the engine failed"), "{log}");
    assert!(log.matches("started (kaissa)").count() >= 2, "{log}");
}
