//! How a four-seat game ends by its players, against SQLite and, when
//! `KC_TEST_POSTGRES` is set, PostgreSQL: resignation and a flag under the
//! Ludii ruleset (the highest score among the three other colours wins, a
//! tie for it is a draw), under the sheet's alliances (the seat's alliance
//! loses), draw offers from all four seats, and abort.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::*;
use kaissa_chaturaji::chaturaji::{Colour, Position, Rules};
use serde_json::{json, Value};

/// A Chaturaji game of four people under `rules`, with `clock`; every
/// seat joined. Returns the game and the seats' tokens.
async fn seated(address: SocketAddr, rules: &str, clock: Value) -> (Created, Vec<String>) {
    let seats = vec!["human"; 4];
    let created = create(
        address,
        json!({"game": "chaturaji", "rules": rules, "seats": seats, "clock": clock}),
    )
    .await;
    let mut tokens = Vec::new();
    for seat in 0..4 {
        tokens.push(join(address, &created, seat, None).await);
    }
    (created, tokens)
}

/// The library's scores of a Ludii position text.
fn scores_of(state: &Value) -> [u32; 4] {
    let text = state["position"].as_str().unwrap();
    let scores = Position::from_text(text, Rules::ludii())
        .expect("a Ludii position text")
        .scores();
    assert_eq!(state["scores"], json!(scores), "the state's scores");
    scores
}

/// The outcome word when `seat` leaves a Ludii game with `scores`: the
/// best score among the others alone, else `draw`.
fn expected_outcome(scores: [u32; 4], seat: usize) -> String {
    let others: Vec<usize> = (0..4).filter(|&s| s != seat).collect();
    let best = others.iter().map(|&s| scores[s]).max().unwrap();
    let top: Vec<usize> = others.into_iter().filter(|&s| scores[s] == best).collect();
    if top.len() == 1 {
        format!("{}-wins", Colour::ALL[top[0]].name())
    } else {
        "draw".into()
    }
}

/// Whether one colour other than `seat` has the best score of the others,
/// above zero.
fn one_best_without(scores: [u32; 4], seat: usize) -> bool {
    expected_outcome(scores, seat) != "draw" && scores.iter().any(|&s| s > 0)
}

/// Plays for the seat to move, a capture when there is one (any enemy
/// piece may be taken under the Ludii ruleset), until `stop` holds for the
/// state; returns that state.
async fn play_until(
    address: SocketAddr,
    id: &str,
    tokens: &[String],
    stop: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..600 {
        let now = state(address, id).await;
        assert_eq!(now["status"], "playing", "the game ended first: {now}");
        if stop(&now) {
            return now;
        }
        let seat = now["to_move"].as_u64().unwrap() as usize;
        let legal: Vec<&str> = now["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        let pieces = &now["board"]["pieces"];
        let capture = legal
            .iter()
            .find(|t| t.len() >= 4 && pieces.get(&t[2..4]).is_some());
        let text = capture.unwrap_or(&legal[0]);
        let version = now["version"].as_i64().unwrap();
        let reply = send_move(address, id, &tokens[seat], text, version).await;
        assert_eq!(reply.status, 200, "{text}: {}", reply.body);
    }
    panic!("no position of the kind wanted in 600 moves");
}

/// POST a seat action.
async fn act(address: SocketAddr, id: &str, token: &str, action: &str) -> Reply {
    post(
        address,
        &format!("/api/games/{id}/{action}"),
        Some(token),
        json!({}),
    )
    .await
}

/// The game's record, read back by the library.
async fn record(address: SocketAddr, id: &str) -> String {
    let text = get(address, &format!("/api/games/{id}/record")).await.body;
    let parsed: kaissa_chaturaji::record::Record = text.parse().expect("the record reads back");
    assert_eq!(parsed.tags().get("GameId"), Some(id));
    text
}

/// Waits until the game is over (at most 20 s).
async fn wait_over(address: SocketAddr, id: &str) -> Value {
    for _ in 0..400 {
        let now = state(address, id).await;
        if now["status"] == "over" {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id} did not end: {}", state(address, id).await);
}

#[tokio::test(flavor = "multi_thread")]
async fn ludii_resignation_goes_to_the_best_other_score() {
    for config in backends("ludii-resign") {
        let address = start(&config).await;
        // At the start every score is 0: a tie among the three others.
        let (created, tokens) = seated(address, "ludii", Value::Null).await;
        let reply = act(address, &created.id, &tokens[0], "resign").await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let end = state(address, &created.id).await;
        assert_eq!(
            (end["outcome"].as_str(), end["termination"].as_str()),
            (Some("draw"), Some("resignation"))
        );
        let text = record(address, &created.id).await;
        for line in [
            "[Result \"*\"]",
            "[Termination \"abandoned\"]",
            "[Outcome \"draw\"]",
            "[Ending \"resignation\"]",
        ] {
            assert!(text.contains(line), "{line} in {text}");
        }

        // After captures: the seat with the best score resigns when the
        // others have one best score, so its own points count for nothing.
        let (created, tokens) = seated(address, "ludii", Value::Null).await;
        let before = play_until(address, &created.id, &tokens, |s| {
            (0..4).any(|seat| one_best_without(scores_of(s), seat))
        })
        .await;
        let scores = scores_of(&before);
        let seat = (0..4)
            .filter(|&seat| one_best_without(scores, seat))
            .max_by_key(|&seat| scores[seat])
            .unwrap();
        let expected = expected_outcome(scores, seat);
        let reply = act(address, &created.id, &tokens[seat], "resign").await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let end = state(address, &created.id).await;
        assert_eq!(end["outcome"], expected, "scores {scores:?}, seat {seat}");
        assert_eq!(end["termination"], "resignation");
        assert_eq!(scores_of(&end), scores);
        let text = record(address, &created.id).await;
        assert!(
            text.contains(&format!("[Result \"{expected}\"]"))
                && text.contains("[Termination \"resignation\"]"),
            "{text}"
        );
        // Over: nobody resigns again.
        assert_eq!(
            act(address, &created.id, &tokens[(seat + 1) % 4], "resign")
                .await
                .status,
            409
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn ludii_clocks_flag_to_the_best_other_score() {
    for config in backends("ludii-flag") {
        let address = start(&config).await;
        // A correspondence clock is taken too.
        let (created, _) = seated(address, "ludii", json!({"days_per_move": 2})).await;
        let now = state(address, &created.id).await;
        assert_eq!(now["clock"]["settings"]["days_per_move"], 2);
        assert_eq!(now["clock"]["running"], now["to_move"]);
        let waiting = (now["to_move"].as_u64().unwrap() as usize + 1) % 4;
        assert_eq!(now["clock"]["remaining_ms"][waiting], 2 * 86_400_000);

        // Nobody moves: the first seat to move (Green, unless the server
        // passed for it) runs out of time; the others are tied at 0.
        let (created, _) = seated(
            address,
            "ludii",
            json!({"initial_ms": 300, "increment_ms": 0}),
        )
        .await;
        let first = state(address, &created.id).await["to_move"].clone();
        let end = wait_over(address, &created.id).await;
        assert_eq!(
            (end["outcome"].as_str(), end["termination"].as_str()),
            (Some("draw"), Some("time-forfeit"))
        );
        assert_eq!(
            end["clock"]["remaining_ms"][first.as_u64().unwrap() as usize],
            0
        );

        // After captures, the seat to move stops playing when the others
        // have one best score; it runs out of time.
        let (created, tokens) = seated(
            address,
            "ludii",
            json!({"initial_ms": 6000, "increment_ms": 0}),
        )
        .await;
        let before = play_until(address, &created.id, &tokens, |s| {
            one_best_without(scores_of(s), s["to_move"].as_u64().unwrap() as usize)
        })
        .await;
        let seat = before["to_move"].as_u64().unwrap() as usize;
        let scores = scores_of(&before);
        let expected = expected_outcome(scores, seat);
        let end = wait_over(address, &created.id).await;
        assert_eq!(end["outcome"], expected, "scores {scores:?}, seat {seat}");
        assert_eq!(end["termination"], "time-forfeit");
        assert_eq!(end["clock"]["remaining_ms"][seat], 0);
        let text = record(address, &created.id).await;
        assert!(
            text.contains(&format!("[Outcome \"{expected}\"]"))
                && text.contains("[Ending \"time-forfeit\"]"),
            "{text}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn one_seat_resigns_or_flags_for_its_alliance() {
    for config in backends("alliance") {
        let address = start(&config).await;
        // The sheet's alliances: Red with Green, Black with Yellow.
        let (created, tokens) = seated(address, "sheet", Value::Null).await;
        assert_eq!(
            act(address, &created.id, &tokens[1], "resign").await.status,
            200
        );
        let end = state(address, &created.id).await;
        assert_eq!(
            (end["outcome"].as_str(), end["termination"].as_str()),
            (Some("rg-wins"), Some("resignation"))
        );
        assert!(record(address, &created.id)
            .await
            .contains("[Result \"rg-wins\"]"));
        // Partners opposite: Red with Yellow, Black with Green.
        let (created, tokens) = seated(address, "opposite", Value::Null).await;
        assert_eq!(
            act(address, &created.id, &tokens[1], "resign").await.status,
            200
        );
        assert_eq!(state(address, &created.id).await["outcome"], "ry-wins");
        // The first seat to move (Red, unless the server passed for it)
        // runs out of time: the other alliance wins.
        let (created, _) = seated(
            address,
            "sheet",
            json!({"initial_ms": 300, "increment_ms": 0}),
        )
        .await;
        let first = state(address, &created.id).await["to_move"]
            .as_u64()
            .unwrap() as usize;
        let end = wait_over(address, &created.id).await;
        let winners = if first == 0 || first == 3 {
            "by-wins"
        } else {
            "rg-wins"
        };
        assert_eq!(
            (end["outcome"].as_str(), end["termination"].as_str()),
            (Some(winners), Some("time-forfeit"))
        );
        assert_eq!(end["clock"]["remaining_ms"][first], 0);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn four_seats_draw_and_abort() {
    for config in backends("four-draw") {
        let address = start(&config).await;
        // A draw needs all four offers between two moves.
        let (created, tokens) = seated(address, "ludii", Value::Null).await;
        let id = created.id.clone();
        for seat in [0, 2, 3] {
            assert_eq!(act(address, &id, &tokens[seat], "draw").await.status, 200);
        }
        let now = state(address, &id).await;
        assert_eq!(
            (now["status"].as_str(), &now["draw_offers"]),
            (Some("playing"), &json!([0, 2, 3]))
        );
        // Green opens: its move withdraws the offers.
        let played = play_until(address, &id, &tokens, |s| {
            s["seats"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["moved"] == true)
        })
        .await;
        assert_eq!(played["draw_offers"], json!([]));
        for token in &tokens {
            assert_eq!(act(address, &id, token, "draw").await.status, 200);
        }
        let end = state(address, &id).await;
        assert_eq!(
            (end["outcome"].as_str(), end["termination"].as_str()),
            (Some("draw"), Some("agreement"))
        );
        assert!(record(address, &id)
            .await
            .contains("[Termination \"agreement\"]"));

        // A table with a bot is not drawn by agreement.
        let bots = create(
            address,
            json!({"game": "kaissa", "seats": ["human", "bot:random"]}),
        )
        .await;
        let yellow = join(address, &bots, 0, None).await;
        let refused = act(address, &bots.id, &yellow, "draw").await;
        assert_eq!(refused.status, 409, "{}", refused.body);

        // Abort: a seat that has moved may not; one that has not may.
        let (created, tokens) = seated(address, "ludii", Value::Null).await;
        let id = created.id.clone();
        let moved = |s: &Value, yes: bool| (0..4).find(|&i| s["seats"][i]["moved"] == yes);
        let now = play_until(address, &id, &tokens, |s| {
            moved(s, true).is_some() && moved(s, false).is_some()
        })
        .await;
        let (mover, waiter) = (moved(&now, true).unwrap(), moved(&now, false).unwrap());
        let refused = act(address, &id, &tokens[mover], "abort").await;
        assert_eq!(refused.status, 409, "{}", refused.body);
        assert_eq!(
            act(address, &id, &tokens[waiter], "abort").await.status,
            200
        );
        let end = state(address, &id).await;
        assert_eq!(
            (end["status"].as_str(), end["outcome"].as_str()),
            (Some("over"), Some("ongoing"))
        );
        assert_eq!(end["termination"], "abandoned");
    }
}
