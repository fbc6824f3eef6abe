//! The archive against SQLite, and against PostgreSQL when
//! `KC_TEST_POSTGRES` is set: accounts play games to the end, then the
//! search by player, game, rules, outcome, result and date, paging with
//! the cursor, each ply's position for the replay, the record downloads
//! (one game, and a player's games streamed a page at a time, read back
//! with the library's record reader), and hostile parameters.

mod common;

use std::collections::HashSet;
use std::net::SocketAddr;

use common::*;
use kaissa_chaturaji::record::Reader;
use serde_json::{json, Value};

/// A name unique to this run (PostgreSQL's database outlives a test).
fn unique(stem: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("{stem}{}", (nanos ^ std::process::id()) % 100_000_000)
}

/// Creates a game from `body` (`seats` filled in), seats each account of
/// `cookies` in order, plays `plies` moves (each the first legal one),
/// then applies `end` by seat `by` (`resign` or `draw`, which every other
/// seat then accepts). Returns the game's id.
async fn play(
    address: SocketAddr,
    mut body: Value,
    cookies: &[&str],
    plies: usize,
    (end, by): (&str, usize),
) -> String {
    body["seats"] = json!(vec!["human"; cookies.len()]);
    let created = create(address, body).await;
    let mut tokens = Vec::new();
    for (seat, cookie) in cookies.iter().enumerate() {
        let path = format!("/api/games/{}/join", created.id);
        let body = json!({ "seat": seat, "secret": created.joins[seat].clone().unwrap() });
        let reply = post_with_cookie(address, &path, cookie, body).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        tokens.push(reply.json()["token"].as_str().unwrap().to_string());
    }
    for _ in 0..plies {
        let view = state(address, &created.id).await;
        let seat = view["to_move"].as_u64().unwrap() as usize;
        let text = view["legal"][0].as_str().unwrap().to_string();
        let version = view["version"].as_i64().unwrap();
        let reply = send_move(address, &created.id, &tokens[seat], &text, version).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    let path = format!("/api/games/{}/{end}", created.id);
    let reply = post(address, &path, Some(&tokens[by]), json!({})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    if end == "draw" {
        for (seat, token) in tokens.iter().enumerate() {
            if seat != by {
                let reply = post(address, &path, Some(token), json!({})).await;
                assert_eq!(reply.status, 200, "{}", reply.body);
            }
        }
    }
    assert_eq!(state(address, &created.id).await["status"], "over");
    created.id
}

/// GET `path`, expecting 200; the JSON body.
async fn ok(address: SocketAddr, path: &str) -> Value {
    let reply = get(address, path).await;
    assert_eq!(reply.status, 200, "{path}: {}", reply.body);
    reply.json()
}

/// The ids of every page of a search, following the cursor.
async fn all_pages(address: SocketAddr, query: &str) -> (Vec<Value>, usize) {
    let mut games = Vec::new();
    let mut pages = 0;
    let mut cursor: Option<String> = None;
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/games?{query}&cursor={c}"),
            None => format!("/api/games?{query}"),
        };
        let page = ok(address, &path).await;
        pages += 1;
        games.extend(page["games"].as_array().unwrap().iter().cloned());
        match page["next"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => return (games, pages),
        }
        assert!(pages < 100, "the cursor never ends");
    }
}

/// How many games a search finds (every page).
async fn count(address: SocketAddr, query: &str) -> usize {
    all_pages(address, &format!("{query}&limit=100"))
        .await
        .0
        .len()
}

#[tokio::test(flavor = "multi_thread")]
async fn search_page_replay_and_download() {
    for mut config in backends("archive") {
        config.create_per_minute = None;
        let address = start(&config).await;
        let names: Vec<String> = ["Ada", "Bo", "Cy", "Di"]
            .iter()
            .map(|s| unique(s))
            .collect();
        let mut cookies = Vec::new();
        for name in &names {
            cookies.push(register(address, name, "a long password").await);
        }
        let (a, b, c, d) = (&cookies[0], &cookies[1], &cookies[2], &cookies[3]);
        let started = kaissa_chaturaji_server::table::clock::now_ms();
        let kaissa = json!({ "game": "kaissa" });

        // Kaissa: Ada (yellow) resigns after a few moves; Bo resigns; a
        // draw agreed; a private game (kept out of the archive).
        let moved = play(address, kaissa.clone(), &[a, b], 5, ("resign", 0)).await;
        let b_resigns = play(address, kaissa.clone(), &[a, b], 0, ("resign", 1)).await;
        let drawn = play(address, kaissa.clone(), &[a, b], 2, ("draw", 0)).await;
        let private = play(
            address,
            json!({ "game": "kaissa", "private": true }),
            &[a, b],
            0,
            ("resign", 0),
        )
        .await;
        // Chaturaji: red (Ada) resigns under the sheet's alliances (black
        // and yellow win); black (Bo) under opposite ones (red and yellow).
        let sheet = play(
            address,
            json!({ "game": "chaturaji", "rules": "sheet" }),
            &[a, b, c, d],
            3,
            ("resign", 0),
        )
        .await;
        let opposite = play(
            address,
            json!({ "game": "chaturaji", "rules": "opposite" }),
            &[a, b, c, d],
            0,
            ("resign", 1),
        )
        .await;
        // More than a page of the records stream (20 games) and of a search.
        let mut more = Vec::new();
        for _ in 0..20 {
            more.push(play(address, kaissa.clone(), &[a, b], 0, ("resign", 1)).await);
        }
        let ada = &names[0];
        let total = 25;

        // The lobby's list is unchanged without parameters.
        let lobby = ok(address, "/api/games").await;
        assert!(lobby["next"].is_null());
        assert!(lobby["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["status"] != "over"));

        // Every page, newest first, no game twice; the name in any case.
        let query = format!("player={}&status=finished&limit=7", ada.to_uppercase());
        let (games, pages) = all_pages(address, &query).await;
        assert_eq!((games.len(), pages), (total, 4));
        let ids: HashSet<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(ids.len(), total);
        assert!(!ids.contains(private.as_str()));
        for pair in games.windows(2) {
            let key = |g: &Value| {
                (
                    g["ended"].as_i64().unwrap(),
                    g["id"].as_str().unwrap().to_string(),
                )
            };
            assert!(key(&pair[0]) > key(&pair[1]), "{pair:?}");
        }
        assert_eq!(games[0]["id"], more[19].as_str());
        let first = ok(address, &format!("/api/games?player={ada}&status=finished")).await;
        assert_eq!(
            first["games"].as_array().unwrap().len(),
            20,
            "the default page"
        );

        // An item: its fields and players.
        let item = games.iter().find(|g| g["id"] == sheet.as_str()).unwrap();
        assert_eq!(
            (
                &item["game"],
                &item["rules"],
                &item["outcome"],
                &item["termination"]
            ),
            (
                &json!("chaturaji"),
                &json!("sheet"),
                &json!("by-wins"),
                &json!("resignation")
            )
        );
        assert_eq!(
            item["players"][2],
            json!({ "seat": 2, "colour": "yellow", "name": names[2], "account": names[2] })
        );
        assert!(item["ended"].as_i64().unwrap() >= started);
        let kaissa_item = games.iter().find(|g| g["id"] == moved.as_str()).unwrap();
        assert!(kaissa_item["rules"].is_null());
        assert_eq!(kaissa_item["outcome"], "red-wins");

        // Filters.
        let q = |rest: &str| format!("player={ada}&status=finished&{rest}");
        assert_eq!(count(address, &q("game=chaturaji")).await, 2);
        assert_eq!(count(address, &q("game=kaissa")).await, 23);
        assert_eq!(count(address, &q("rules=opposite")).await, 1);
        assert_eq!(count(address, &q("game=chaturaji&rules=sheet")).await, 1);
        assert_eq!(count(address, &q("outcome=draw")).await, 1);
        assert_eq!(count(address, &q("result=drawn")).await, 1);
        // Ada won: Bo's 21 resignations and the opposite game; lost two.
        assert_eq!(count(address, &q("result=won")).await, 22);
        assert_eq!(count(address, &q("result=lost")).await, 2);
        assert_eq!(count(address, &q("result=won&game=chaturaji")).await, 1);
        let cy = &names[2];
        let cy_won = all_pages(address, &format!("player={cy}&status=finished&result=won"))
            .await
            .0;
        assert_eq!(cy_won.len(), 2);
        assert_eq!(
            count(address, &format!("player={}&result=lost", names[3])).await,
            2
        );
        // Dates: milliseconds and days.
        assert_eq!(count(address, &q(&format!("since={started}"))).await, total);
        let day = |ms: i64| {
            let days = ms.div_euclid(86_400_000);
            // The civil date of a day number (1970-01-01 is day 0).
            let z = days + 719_468;
            let era = z.div_euclid(146_097);
            let doe = z - era * 146_097;
            let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
            let mp = (5 * doy + 2) / 153;
            let d = doy - (153 * mp + 2) / 5 + 1;
            let m = if mp < 10 { mp + 3 } else { mp - 9 };
            let y = yoe + era * 400 + i64::from(m <= 2);
            format!("{y:04}-{m:02}-{d:02}")
        };
        let now = kaissa_chaturaji_server::table::clock::now_ms();
        assert_eq!(
            count(address, &q(&format!("until={}", day(now)))).await,
            total
        );
        assert_eq!(
            count(address, &q(&format!("since={}", day(now + 86_400_000)))).await,
            0
        );
        assert_eq!(
            count(address, &q(&format!("until={}", day(started - 86_400_000)))).await,
            0
        );
        assert_eq!(
            count(address, &q(&format!("until={}", started - 1))).await,
            0
        );
        // Without a player: every public game, ours among them.
        let chaturaji = all_pages(
            address,
            &format!("status=finished&game=chaturaji&since={started}&limit=100"),
        )
        .await
        .0;
        assert!(chaturaji.iter().any(|g| g["id"] == opposite.as_str()));
        assert!(chaturaji.iter().all(|g| g["game"] == "chaturaji"));

        // The replay's positions: the start, each ply, the end.
        let view = state(address, &moved).await;
        let moves = view["moves"].as_array().unwrap().clone();
        assert_eq!(moves.len(), 5);
        let replay = ok(address, &format!("/api/games/{moved}/positions")).await;
        assert_eq!(replay["plies"], 5);
        let positions = replay["positions"].as_array().unwrap();
        assert_eq!(positions.len(), 6);
        assert!(positions[0]["move"].is_null());
        assert_eq!(
            positions[0]["board"]["pieces"].as_object().unwrap().len(),
            40
        );
        assert_eq!(positions[5]["position"], view["position"]);
        assert_eq!(positions[5]["board"], view["board"]);
        assert_eq!(positions[3]["move"], moves[2]);
        let one = ok(
            address,
            &format!("/api/games/{moved}/positions?from=2&count=1"),
        )
        .await;
        assert_eq!(one["positions"], json!([positions[2]]));
        for from in ["99", "18446744073709551615"] {
            let past = ok(
                address,
                &format!("/api/games/{moved}/positions?from={from}"),
            )
            .await;
            assert_eq!(past["positions"], json!([]));
        }
        let dice = ok(address, &format!("/api/games/{sheet}/positions")).await;
        let last = dice["positions"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .clone();
        assert_eq!(last["position"], state(address, &sheet).await["position"]);
        for bad in ["count=0", "count=201", "from=-1", "from=x", "what=1"] {
            let reply = get(address, &format!("/api/games/{moved}/positions?{bad}")).await;
            assert_eq!(reply.status, 400, "{bad}: {}", reply.body);
        }

        // One record as a download.
        let record = get(address, &format!("/api/games/{moved}/record?download=1")).await;
        assert_eq!(record.status, 200);
        let head = record.head.to_ascii_lowercase();
        assert!(
            head.contains(&format!(
                "content-disposition: attachment; filename=\"kc-{moved}.txt\""
            )),
            "{head}"
        );
        let plain = get(address, &format!("/api/games/{moved}/record")).await;
        assert!(!plain
            .head
            .to_ascii_lowercase()
            .contains("content-disposition"));
        assert_eq!(plain.body, record.body);
        assert_eq!(
            get(address, &format!("/api/games/{moved}/record?download=2"))
                .await
                .status,
            400
        );

        // Every record of a player, streamed, read by the library's reader.
        let file = get(
            address,
            &format!("/api/players/{}/records", ada.to_lowercase()),
        )
        .await;
        assert_eq!(file.status, 200, "{}", file.body);
        let head = file.head.to_ascii_lowercase();
        assert!(head.contains("transfer-encoding: chunked"), "{head}");
        assert!(head.contains("content-disposition: attachment"), "{head}");
        let records: Vec<_> = Reader::new(file.body.as_bytes())
            .map(|r| r.expect("the library reads each record"))
            .collect();
        assert_eq!(records.len(), total);
        let read: Vec<&str> = records
            .iter()
            .map(|r| r.tags().get("GameId").unwrap())
            .collect();
        let listed: Vec<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
        assert_eq!(
            read, listed,
            "the file holds the archive's games, newest first"
        );
        let first_moved = records
            .iter()
            .find(|r| r.tags().get("GameId") == Some(moved.as_str()))
            .unwrap();
        assert_eq!(first_moved.action_count(), 5);
        let filtered = get(
            address,
            &format!("/api/players/{ada}/records?game=chaturaji&result=lost"),
        )
        .await;
        let read: Vec<_> = Reader::new(filtered.body.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].tags().get("GameId"), Some(sheet.as_str()));
        assert_eq!(
            get(
                address,
                &format!("/api/players/{}/records", unique("Nobody"))
            )
            .await
            .status,
            404
        );
        assert_eq!(
            get(address, &format!("/api/players/{ada}/records?limit=5"))
                .await
                .status,
            400
        );

        // The pages.
        assert_eq!(get(address, "/archive").await.status, 200);
        assert_eq!(get(address, &format!("/@/{ada}")).await.status, 200);
        assert_eq!(
            get(address, &format!("/@/{}", unique("Nobody")))
                .await
                .status,
            404
        );
        let _ = (b_resigns, drawn);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_parameters_are_refused() {
    for config in backends("archive-bad") {
        let address = start(&config).await;
        let name = unique("Eve");
        register(address, &name, "a long password").await;
        let bad = [
            "status=playing".to_string(),
            "status=finished&game=chess".into(),
            "status=finished&rules=sheet&game=kaissa".into(),
            "status=finished&outcome=everyone-wins".into(),
            "status=finished&result=won".into(),
            format!("player={name}&result=maybe"),
            format!("player={name}&limit=1000"),
            format!("player={name}&limit=0"),
            format!("player={name}&limit=-5"),
            format!("player={name}&limit=ten"),
            format!("player={name}&cursor=garbage"),
            format!("player={name}&cursor=1.0123456789abcdef%27%20OR%201%3D1--"),
            format!("player={name}&cursor=ffffffffffffffffff.0123456789abcdef"),
            format!("player={name}&since=yesterday"),
            format!("player={name}&until=2026-02-30T99:00:00Z"),
            format!("player={name}&player={name}"),
            format!("player={name}&order=ended_ms"),
            "player=x%27%20OR%20%271%27%3D%271".into(),
            "player=%3B%20DROP%20TABLE%20games%3B%20--".into(),
            "player=".into(),
            "game=kaissa%00".into(),
            "%zz=1".into(),
        ];
        for query in &bad {
            let reply = get(address, &format!("/api/games?{query}")).await;
            assert_eq!(reply.status, 400, "{query}: {}", reply.body);
            assert!(
                reply.json()["error"]
                    .as_str()
                    .is_some_and(|e| !e.is_empty()),
                "{query}"
            );
        }
        let nobody = get(address, &format!("/api/games?player={}", unique("Nobody"))).await;
        assert_eq!(nobody.status, 404, "{}", nobody.body);
        // The tables are still there, and the search still answers.
        let fine = ok(
            address,
            &format!("/api/games?player={name}&status=finished"),
        )
        .await;
        assert_eq!(fine, json!({ "games": [], "next": null }));
        assert_eq!(get(address, "/api/games").await.status, 200);
        let records = get(address, &format!("/api/players/{name}/records?cursor=x")).await;
        assert_eq!(records.status, 400);
        let empty = get(address, &format!("/api/players/{name}/records")).await;
        assert_eq!((empty.status, empty.body.as_str()), (200, ""));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn games_over_before_the_archive_are_archived_at_start() {
    for mut config in backends("archive-backfill") {
        config.create_per_minute = None;
        let address = start(&config).await;
        let (fay, gus) = (unique("Fay"), unique("Gus"));
        let (f, g) = (
            register(address, &fay, "a long password").await,
            register(address, &gus, "a long password").await,
        );
        let id = play(
            address,
            json!({ "game": "kaissa" }),
            &[&f, &g],
            3,
            ("resign", 1),
        )
        .await;
        let found = ok(address, &format!("/api/games?player={fay}")).await;
        assert_eq!(found["games"][0]["id"], id.as_str());
        let ended = found["games"][0]["ended"].as_i64().unwrap();

        // The archive's rows gone, as in a database from before it.
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&config.database).await.unwrap();
        for table in ["finished", "finished_players"] {
            sqlx::query(&format!("DELETE FROM {table} WHERE game_id = $1"))
                .bind(&id)
                .execute(&pool)
                .await
                .unwrap();
        }
        pool.close().await;
        let none = ok(address, &format!("/api/games?player={fay}")).await;
        assert_eq!(none["games"], json!([]));

        // A server started on the database archives it again: its end is
        // its last move's time.
        let again = start(&config).await;
        let found = ok(again, &format!("/api/games?player={gus}&result=lost")).await;
        assert_eq!(found["games"][0]["id"], id.as_str(), "{found}");
        assert_eq!(found["games"][0]["termination"], "resignation");
        let last_move = found["games"][0]["ended"].as_i64().unwrap();
        assert!(last_move <= ended, "{last_move} > {ended}");
    }
}
