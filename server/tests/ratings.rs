//! Ratings through the API, on SQLite and PostgreSQL: accounts play rated
//! games to their end, and `GET /api/players/<name>` and
//! `GET /api/leaderboard` show the change (or that nothing changed, for a
//! game resigned too early to count).

mod common;

use std::net::SocketAddr;

use common::*;
use serde_json::{json, Value};

/// A fresh account name (letters and digits, at most 20 characters).
fn unique(stem: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static COUNT: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let n = COUNT.fetch_add(1, Ordering::SeqCst);
    format!(
        "{stem}{:08x}",
        nanos ^ std::process::id().rotate_left(16) ^ n.wrapping_mul(0x9e37_79b9)
    )
}

/// A small random source for the moves chosen (the die is the server's).
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64;
        Rng(nanos | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// An account: its name and session cookie.
struct Player {
    name: String,
    cookie: String,
}

/// Registers `count` fresh accounts.
async fn players(address: SocketAddr, count: usize) -> Vec<Player> {
    let mut out = Vec::new();
    for _ in 0..count {
        let name = unique("rk");
        let cookie = register(address, &name, "a long enough password").await;
        out.push(Player { name, cookie });
    }
    out
}

/// A rated game, every seat taken: its id, the players' names and their
/// seat tokens, in seat order.
struct Rated {
    id: String,
    names: Vec<String>,
    tokens: Vec<String>,
}

/// Seats `players`, in order, at a new rated game of `game` under
/// `rules` whose seats are kept for them.
async fn rated_game(address: SocketAddr, game: &str, rules: &str, players: &[Player]) -> Rated {
    let kinds: Vec<String> = players
        .iter()
        .map(|p| format!("player:{}", p.name))
        .collect();
    let created = create(
        address,
        json!({ "game": game, "rules": rules, "seats": kinds, "rated": true }),
    )
    .await;
    let path = format!("/api/games/{}/join", created.id);
    let mut tokens = Vec::new();
    for (seat, player) in players.iter().enumerate() {
        let reply = post_with_cookie(address, &path, &player.cookie, json!({ "seat": seat })).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        tokens.push(reply.json()["token"].as_str().unwrap().to_string());
    }
    Rated {
        id: created.id,
        names: players.iter().map(|p| p.name.clone()).collect(),
        tokens,
    }
}

/// The seat colours' letters of a Chaturaji game, in seat order.
const LETTERS: [char; 4] = ['r', 'b', 'y', 'g'];

/// A move for the seat to move: a capture when the legal list has one
/// (so that Chaturaji games end sooner), else any move; never a raja
/// exchange (which only offers one).
fn choose(state: &Value, rng: &mut Rng) -> String {
    let seat = state["to_move"].as_u64().unwrap() as usize;
    let legal: Vec<&str> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .filter(|text| !text.starts_with("exchange:"))
        .collect();
    assert!(!legal.is_empty(), "no legal move: {state}");
    let pieces = &state["board"]["pieces"];
    let captures: Vec<&str> = legal
        .iter()
        .copied()
        .filter(|text| {
            let target = text.get(2..4).unwrap_or("");
            state["game"] == "chaturaji"
                && pieces[target]
                    .as_str()
                    .is_some_and(|piece| !piece.starts_with(LETTERS[seat]))
        })
        .collect();
    let pool = if captures.is_empty() { legal } else { captures };
    pool[rng.below(pool.len())].to_string()
}

/// Plays moves at `game` until it is over or every seat has made
/// `own_moves` moves of its own (`None`: to the end); returns the state
/// then.
async fn play(address: SocketAddr, game: &Rated, own_moves: Option<usize>) -> Value {
    let mut rng = Rng::new();
    let mut made = vec![0usize; game.tokens.len()];
    for _ in 0..6000 {
        let state = state(address, &game.id).await;
        if state["status"] == "over" || own_moves.is_some_and(|n| made.iter().all(|&m| m >= n)) {
            return state;
        }
        let seat = state["to_move"]
            .as_u64()
            .unwrap_or_else(|| panic!("no seat to move: {state}")) as usize;
        let text = choose(&state, &mut rng);
        let version = state["version"].as_i64().unwrap();
        let reply = send_move(address, &game.id, &game.tokens[seat], &text, version).await;
        assert_eq!(reply.status, 200, "{text}: {}", reply.body);
        made[seat] += 1;
    }
    panic!("game {} did not end in 6000 moves", game.id);
}

/// A seat's action (`resign`, `draw`); panics unless 200.
async fn seat_action(address: SocketAddr, game: &Rated, seat: usize, action: &str) {
    let path = format!("/api/games/{}/{action}", game.id);
    let reply = post(address, &path, Some(&game.tokens[seat]), json!({})).await;
    assert_eq!(reply.status, 200, "{action}: {}", reply.body);
}

/// A player's `(rating, games)` in `pool`, from `GET /api/players/<name>`.
async fn rating(address: SocketAddr, name: &str, pool: &str) -> (i64, i64) {
    let reply = get(address, &format!("/api/players/{name}")).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let json = reply.json();
    assert_eq!(json["name"], name);
    let entry = &json["ratings"][pool];
    (
        entry["rating"].as_i64().unwrap_or_else(|| panic!("{json}")),
        entry["games"].as_i64().unwrap(),
    )
}

/// `GET /api/leaderboard?pool=<pool>`: `(name, rating, games)`, checked
/// to be best first and at most 100 long.
async fn leaderboard(address: SocketAddr, pool: &str) -> Vec<(String, i64, i64)> {
    let reply = get(address, &format!("/api/leaderboard?pool={pool}")).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let players: Vec<(String, i64, i64)> = reply.json()["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["rating"].as_i64().unwrap(),
                p["games"].as_i64().unwrap(),
            )
        })
        .collect();
    assert!(players.len() <= 100);
    assert!(players.windows(2).all(|w| w[0].1 >= w[1].1), "{players:?}");
    players
}

/// Checks that each of `names` is on `pool`'s leaderboard with the
/// rating and games its page shows.
async fn on_the_board(address: SocketAddr, pool: &str, names: &[String]) {
    let board = leaderboard(address, pool).await;
    for name in names {
        let (rating, games) = rating(address, name, pool).await;
        assert!(
            board.contains(&(name.clone(), rating, games)),
            "{name} ({rating}, {games}) not on the {pool} leaderboard {board:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rated_kaissa_game_moves_both_ratings() {
    for config in backends("ratings-kaissa") {
        let address = start(&config).await;
        let two = players(address, 2).await;
        let game = rated_game(address, "kaissa", "sheet", &two).await;
        play(address, &game, Some(2)).await;
        seat_action(address, &game, 0, "resign").await;
        let (yellow, red) = (&game.names[0], &game.names[1]);
        let (lost, games) = rating(address, yellow, "kaissa").await;
        assert!(lost < 1500 && games == 1, "{lost} {games}");
        let (won, games) = rating(address, red, "kaissa").await;
        assert!(won > 1500 && games == 1, "{won} {games}");
        // Two new players: the winner gains what the loser loses.
        assert_eq!(won - 1500, 1500 - lost);
        // The game itself says so.
        let settled = &state(address, &game.id).await["ratings"];
        assert_eq!(settled["counted"], true, "{settled}");
        assert_eq!(settled["changes"][0]["before"], 1500, "{settled}");
        assert_eq!(settled["changes"][0]["after"], lost, "{settled}");
        assert_eq!(settled["changes"][1]["after"], won, "{settled}");
        assert_eq!(
            rating(address, yellow, "chaturaji-alliances").await,
            (1500, 0)
        );
        on_the_board(address, "kaissa", &game.names).await;
        let board = leaderboard(address, "kaissa").await;
        let place = |name: &String| board.iter().position(|(n, _, _)| n == name);
        assert!(place(red) < place(yellow), "{board:?}");

        // The same players again, red resigning after one move each: it
        // does not count.
        let early = rated_game(address, "kaissa", "sheet", &two).await;
        play(address, &early, Some(1)).await;
        seat_action(address, &early, 1, "resign").await;
        let end = state(address, &early.id).await;
        assert_eq!(end["outcome"], "yellow-wins");
        assert_eq!(end["ratings"]["counted"], false, "{end}");
        assert!(!end["ratings"]["reason"].as_str().unwrap().is_empty());
        assert_eq!(rating(address, yellow, "kaissa").await, (lost, 1));
        assert_eq!(rating(address, red, "kaissa").await, (won, 1));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rated_alliance_game_moves_all_four() {
    for config in backends("ratings-alliances") {
        let address = start(&config).await;
        let four = players(address, 4).await;
        let game = rated_game(address, "chaturaji", "sheet", &four).await;
        play(address, &game, Some(2)).await;
        // Red resigns: black and yellow win (the sheet's alliances are red
        // with green, black with yellow).
        seat_action(address, &game, 0, "resign").await;
        assert_eq!(state(address, &game.id).await["outcome"], "by-wins");
        let mut shown = Vec::new();
        for name in &game.names {
            let (rating, games) = rating(address, name, "chaturaji-alliances").await;
            assert_eq!(games, 1, "{name}");
            shown.push(rating);
        }
        assert!(shown[1] > 1500 && shown[2] > 1500, "{shown:?}");
        assert!(shown[0] < 1500 && shown[3] < 1500, "{shown:?}");
        // Partners move alike.
        assert_eq!((shown[0], shown[1]), (shown[3], shown[2]));
        on_the_board(address, "chaturaji-alliances", &game.names).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rated_ludii_game_moves_all_four() {
    for config in backends("ratings-ludii") {
        let address = start(&config).await;
        // Played to its end; a draw among four new players moves no
        // rating, so another game is played then (at most three).
        for attempt in 0..3 {
            let four = players(address, 4).await;
            let game = rated_game(address, "chaturaji", "ludii", &four).await;
            let end = play(address, &game, None).await;
            let outcome = end["outcome"].as_str().unwrap().to_string();
            eprintln!(
                "Ludii game {}: {outcome} after {} tokens",
                game.id,
                end["moves"].as_array().map_or(0, Vec::len)
            );
            let mut shown = Vec::new();
            for name in &game.names {
                let (rating, games) = rating(address, name, "chaturaji-ludii").await;
                assert_eq!(games, 1, "{name} after {outcome}");
                shown.push(rating);
            }
            if outcome == "draw" {
                assert_eq!(shown, [1500; 4], "a draw among new players");
                assert!(attempt < 2, "three Ludii games drawn in a row");
                continue;
            }
            let winner = ["red", "black", "yellow", "green"]
                .iter()
                .position(|c| outcome == format!("{c}-wins"))
                .unwrap_or_else(|| panic!("outcome {outcome}"));
            for (seat, rating) in shown.iter().enumerate() {
                if seat == winner {
                    assert!(*rating > 1500, "{shown:?} {outcome}");
                } else {
                    assert!(*rating < 1500, "{shown:?} {outcome}");
                }
            }
            on_the_board(address, "chaturaji-ludii", &game.names).await;
            break;
        }
        // A resignation after two moves each: the seat that resigned
        // comes last.
        let four = players(address, 4).await;
        let game = rated_game(address, "chaturaji", "ludii", &four).await;
        play(address, &game, Some(2)).await;
        seat_action(address, &game, 2, "resign").await;
        let end = state(address, &game.id).await;
        assert_eq!(end["termination"], "resignation", "{end}");
        let mut shown = Vec::new();
        for name in &game.names {
            let (rating, games) = rating(address, name, "chaturaji-ludii").await;
            assert_eq!(games, 1, "{name}");
            shown.push(rating);
        }
        assert!(shown[2] < 1500, "{shown:?} {}", end["outcome"]);
        assert!(
            [0, 1, 3].iter().all(|&s| shown[s] > shown[2]),
            "{shown:?} {}",
            end["outcome"]
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_leaderboard_page_and_bad_pools() {
    for config in backends("ratings-page") {
        let address = start(&config).await;
        let two = players(address, 2).await;
        let game = rated_game(address, "kaissa", "sheet", &two).await;
        play(address, &game, Some(2)).await;
        seat_action(address, &game, 1, "resign").await;
        let page = get(address, "/leaderboard").await;
        assert_eq!(page.status, 200);
        for pool in ["kaissa", "chaturaji-alliances", "chaturaji-ludii"] {
            assert!(
                page.body.contains(&format!("data-pool=\"{pool}\"")),
                "{pool}"
            );
        }
        assert!(
            page.body
                .contains(&format!("<a href=\"/@/{0}\">{0}</a>", game.names[0])),
            "{}",
            page.body
        );
        for bad in ["/api/leaderboard", "/api/leaderboard?pool=chess"] {
            let reply = get(address, bad).await;
            assert_eq!(reply.status, 400, "{bad}");
            assert!(reply.json()["error"].as_str().unwrap().contains("kaissa"));
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_settlement_lost_in_a_crash_is_made_at_the_next_start() {
    for config in backends("ratings-restart") {
        let address = start(&config).await;
        let two = players(address, 2).await;
        let game = rated_game(address, "kaissa", "sheet", &two).await;
        play(address, &game, Some(2)).await;
        seat_action(address, &game, 1, "resign").await;
        let settled = [
            rating(address, &game.names[0], "kaissa").await,
            rating(address, &game.names[1], "kaissa").await,
        ];
        // As if the server had stopped between the game's end and its
        // settlement: no mark, no ratings.
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&config.database).await.unwrap();
        sqlx::query("DELETE FROM rated_games WHERE game_id = $1")
            .bind(&game.id)
            .execute(&pool)
            .await
            .unwrap();
        for name in &game.names {
            sqlx::query(
                "DELETE FROM ratings WHERE account_id = (SELECT id FROM accounts WHERE name = $1)",
            )
            .bind(name)
            .execute(&pool)
            .await
            .unwrap();
            assert_eq!(rating(address, name, "kaissa").await, (1500, 0));
        }
        // A start settles it, once.
        let again = start(&config).await;
        assert_eq!(rating(again, &game.names[0], "kaissa").await, settled[0]);
        assert_eq!(rating(again, &game.names[1], "kaissa").await, settled[1]);
        let third = start(&config).await;
        assert_eq!(rating(third, &game.names[1], "kaissa").await, settled[1]);
    }
}
