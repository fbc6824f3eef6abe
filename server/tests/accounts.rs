//! Accounts against SQLite, and against PostgreSQL when
//! `KC_TEST_POSTGRES` is set: registration, login, sessions and their
//! cookie, names that read alike, rate limits, rated seats, seats kept
//! for an account, and bot accounts with their API token.

mod common;

use common::*;
use serde_json::json;

/// Tries to register `name`.
async fn try_register(address: std::net::SocketAddr, name: &str, password: &str) -> Reply {
    let body = json!({ "name": name, "password": password });
    post(address, "/api/accounts", None, body).await
}

/// Tries to log in as `name`.
async fn log_in(address: std::net::SocketAddr, name: &str, password: &str) -> Reply {
    let body = json!({ "name": name, "password": password });
    post(address, "/api/login", None, body).await
}

/// A name unique to this run (PostgreSQL's database outlives a test).
fn unique(stem: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!("{stem}{}", nanos ^ std::process::id())
}

#[tokio::test(flavor = "multi_thread")]
async fn register_log_in_and_out() {
    for config in backends("accounts") {
        let address = start(&config).await;
        let name = unique("Anna");
        let reply = try_register(address, &name, "correct horse").await;
        assert_eq!(reply.status, 201, "{}", reply.body);
        let set = reply.set_cookie().unwrap();
        assert!(
            set.contains("HttpOnly") && set.contains("SameSite=Lax"),
            "{set}"
        );
        assert!(!set.contains("Secure"), "no TLS here: {set}");
        let cookie = reply.cookie();
        let me = get_with_cookie(address, "/api/account", &cookie).await;
        assert_eq!(
            (me.status, me.json()["name"].as_str()),
            (200, Some(name.as_str()))
        );

        // The same name in other case is taken; so is the password's owner
        // the only one who logs in.
        let upper = name.to_uppercase();
        let taken = try_register(address, &upper, "another one").await;
        assert_eq!(taken.status, 409, "{}", taken.body);
        assert!(taken.json()["error"].as_str().unwrap().contains("taken"));
        let wrong = log_in(address, &name, "wrong horse").await;
        assert_eq!(wrong.status, 401);
        assert!(wrong.set_cookie().is_none());
        let nobody = log_in(address, &unique("nobody"), "wrong horse").await;
        assert_eq!(
            (nobody.status, nobody.body.clone()),
            (401, wrong.body.clone())
        );

        // Logging in by another case of the name gives a fresh session.
        let login = log_in(address, &upper, "correct horse").await;
        assert_eq!(login.status, 200, "{}", login.body);
        assert_eq!(login.json()["name"].as_str(), Some(name.as_str()));
        let second = login.cookie();
        assert_ne!(second, cookie);

        // Behind a TLS proxy the cookie is Secure.
        let secure = request(
            address,
            "POST",
            "/api/login",
            &[("X-Forwarded-Proto", "https".to_string())],
            json!({ "name": name, "password": "correct horse" })
                .to_string()
                .as_bytes(),
        )
        .await;
        assert!(secure.set_cookie().unwrap().contains("; Secure"));

        // Logging out ends that session only.
        let out = post_with_cookie(address, "/api/logout", &second, json!({})).await;
        assert_eq!(out.status, 200);
        assert!(out.set_cookie().unwrap().contains("Max-Age=0"));
        assert!(get_with_cookie(address, "/api/account", &second)
            .await
            .json()["name"]
            .is_null());
        assert!(get_with_cookie(address, "/api/account", &cookie)
            .await
            .json()["name"]
            .is_string());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn forged_and_planted_cookies_are_never_adopted() {
    for config in backends("fixation") {
        let address = start(&config).await;
        let name = unique("Bea");
        register(address, &name, "a long password").await;
        let planted = format!("kc_session={}", "ab".repeat(32));
        for cookie in [
            planted.clone(),
            "kc_session=not-a-token".to_string(),
            "kc_session=' OR 1=1 --".to_string(),
        ] {
            let me = get_with_cookie(address, "/api/account", &cookie).await;
            assert_eq!(me.status, 200, "{cookie}: {}", me.body);
            assert!(me.json()["name"].is_null(), "{cookie}: {}", me.body);
        }
        // A login that carries a planted cookie gets a new token; the
        // planted one stays worthless.
        let login = request(
            address,
            "POST",
            "/api/login",
            &[("Cookie", planted.clone())],
            json!({ "name": name, "password": "a long password" })
                .to_string()
                .as_bytes(),
        )
        .await;
        assert_eq!(login.status, 200);
        assert_ne!(login.cookie(), planted);
        assert!(get_with_cookie(address, "/api/account", &planted)
            .await
            .json()["name"]
            .is_null());
        assert!(get_with_cookie(address, "/api/account", &login.cookie())
            .await
            .json()["name"]
            .is_string());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn names_that_read_alike_are_one_name() {
    for config in backends("confusables") {
        let address = start(&config).await;
        let stem = unique("ace");
        // The Latin name, then all-Cyrillic look-alikes of it (а, с, е).
        let latin = format!("ace{}", &stem[3..]);
        register(address, &latin, "a long password").await;
        let cyrillic = format!("\u{0430}\u{0441}\u{0435}{}", &stem[3..]);
        let reply = try_register(address, &cyrillic, "a long password").await;
        // Digits are common to both scripts, so the name is one script.
        assert_eq!(reply.status, 409, "{}", reply.body);
        let fullwidth: String = latin
            .chars()
            .map(|c| char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap())
            .collect();
        let reply = try_register(address, &fullwidth, "a long password").await;
        assert_eq!(reply.status, 409, "{}", reply.body);
        for bad in [
            "ab\u{202E}cd".to_string(),
            "\u{0410}nna".to_string(),
            "x".repeat(5000),
            "<b>bold</b>".to_string(),
            "x'); DROP TABLE accounts; --".to_string(),
        ] {
            let reply = try_register(address, &bad, "a long password").await;
            assert_eq!(reply.status, 400, "{bad:?}: {}", reply.body);
        }
        let short = try_register(address, &unique("Cy"), "short").await;
        assert_eq!(short.status, 400);
        // Quotes in a password are only bytes.
        let quoted = unique("Quote");
        register(address, &quoted, "it's'; DROP TABLE sessions; --").await;
        let login = log_in(address, &quoted, "it's'; DROP TABLE sessions; --").await;
        assert_eq!(login.status, 200);
        let odd = get(address, "/api/players/%27%20OR%201%3D1%20--").await;
        assert_eq!(odd.status, 404);
        let found = get(address, &format!("/api/players/{}", latin.to_uppercase())).await;
        assert_eq!(
            (found.status, found.json()["name"].as_str()),
            (200, Some(latin.as_str()))
        );
    }
}

/// Sends `POST path` with JSON `body` from the loopback address `source`
/// (the server counts attempts by the peer's address and trusts no
/// forwarding header).
async fn post_from(
    source: [u8; 4],
    address: std::net::SocketAddr,
    path: &str,
    body: serde_json::Value,
) -> Reply {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(std::net::SocketAddr::from((source, 0)))
        .unwrap();
    let mut stream = socket.connect(address).await.unwrap();
    let body = body.to_string();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).await.unwrap();
    let text = String::from_utf8_lossy(&bytes).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    Reply {
        status: head.split_whitespace().nth(1).unwrap().parse().unwrap(),
        head: head.to_string(),
        body: body.to_string(),
    }
}

/// Logs in as `name` from `source`.
async fn log_in_from(
    source: [u8; 4],
    address: std::net::SocketAddr,
    name: &str,
    password: &str,
) -> Reply {
    let body = json!({ "name": name, "password": password });
    post_from(source, address, "/api/login", body).await
}

/// The `Retry-After` header's seconds, if any.
fn retry_after(reply: &Reply) -> Option<u64> {
    reply.head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("retry-after")
            .then(|| value.trim().parse().ok())?
    })
}

/// What a reply says, for comparing answers.
fn answer(reply: &Reply) -> (u16, String, Option<u64>) {
    (reply.status, reply.body.clone(), retry_after(reply))
}

/// Digits unique to this run, for names (a PostgreSQL database outlives
/// a test).
fn digits() -> String {
    unique("")
}

#[tokio::test(flavor = "multi_thread")]
async fn capitals_that_look_alike_are_one_name() {
    for config in backends("capitals") {
        let address = start(&config).await;
        let n = digits();
        let register_from = |source: [u8; 4], name: String| async move {
            let body = json!({ "name": name, "password": "a long password" });
            post_from(source, address, "/api/accounts", body).await
        };
        // Latin first, then Greek and Cyrillic capitals that look the same.
        let groups: [&[&str]; 5] = [
            &[
                "KATE",
                "\u{039A}\u{0391}\u{03A4}\u{0395}",
                "\u{041A}\u{0410}\u{0422}\u{0415}",
            ],
            &[
                "TOM",
                "\u{03A4}\u{039F}\u{039C}",
                "\u{0422}\u{041E}\u{041C}",
            ],
            &["ABBA", "\u{0410}\u{0412}\u{0412}\u{0410}"],
            &["ANNA", "\u{0391}\u{039D}\u{039D}\u{0391}"],
            &["llll", "IIII"],
        ];
        for (g, names) in groups.iter().enumerate() {
            let source = [127, 4, g as u8, 1];
            let first = register_from(source, format!("{}{n}", names[0])).await;
            assert_eq!(first.status, 201, "{}: {}", names[0], first.body);
            for other in &names[1..] {
                let reply = register_from(source, format!("{other}{n}")).await;
                assert_eq!(reply.status, 409, "{other}: {}", reply.body);
            }
            // Their small letters too.
            let small = register_from(source, format!("{}{n}", names[1].to_lowercase())).await;
            assert_eq!(small.status, 409, "{}: {}", names[1], small.body);
        }
        // Names that differ stay apart.
        for name in ["anna", "anne", "tom", "tim"] {
            let reply = register_from([127, 4, 9, 1], format!("{name}x{n}")).await;
            assert_eq!(reply.status, 201, "{name}: {}", reply.body);
        }
    }
}

/// The key the server gave names before capitals came first: the small
/// letters' skeleton.
fn old_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let shown: String = name.nfkc().collect();
    unicode_security::confusable_detection::skeleton(&shown.to_lowercase())
        .collect::<String>()
        .to_lowercase()
}

#[tokio::test(flavor = "multi_thread")]
async fn stored_keys_are_made_again_at_start() {
    use kaissa_chaturaji_server::accounts::account::Hasher;
    for config in backends("rekey") {
        // Accounts stored under the old key: KATE, then Greek KATE (apart
        // under it), and Anna.
        let n = digits();
        let latin = format!("KATE{n}");
        let greek = format!("\u{039A}\u{0391}\u{03A4}\u{0395}{n}");
        let anna = format!("Anna{n}");
        assert_ne!(old_key(&latin), old_key(&greek));
        {
            let store = kaissa_chaturaji_server::store::database::Store::open(&config.database)
                .await
                .unwrap();
            let hasher = Hasher::new().unwrap();
            let pool = sqlx::AnyPool::connect(&config.database).await.unwrap();
            for (i, (name, password)) in [
                (&latin, "latin password"),
                (&greek, "greek password"),
                (&anna, "anna password"),
            ]
            .into_iter()
            .enumerate()
            {
                sqlx::query(
                    "INSERT INTO accounts (id, name, name_key, password_hash, kind, token_hash, created_ms)
                     VALUES ($1, $2, $3, $4, 'player', NULL, $5)",
                )
                .bind(format!("{:016x}", n.parse::<u64>().unwrap() * 4 + i as u64))
                .bind(name)
                .bind(old_key(name))
                .bind(hasher.hash(password).await.unwrap())
                .bind(1_000 + i as i64)
                .execute(&pool)
                .await
                .unwrap();
            }
            drop(store);
        }
        // At start the keys are made again: the older KATE keeps the name.
        let address = start(&config).await;
        assert_eq!(log_in(address, &latin, "latin password").await.status, 200);
        assert_eq!(
            log_in(address, &latin.to_lowercase(), "latin password")
                .await
                .status,
            200
        );
        let lost = log_in(address, &greek, "greek password").await;
        assert_eq!(lost.status, 401, "{}", lost.body);
        assert_eq!(log_in(address, &anna, "anna password").await.status, 200);
        let player = get(address, &format!("/api/players/{}", greek.to_lowercase())).await;
        assert_eq!(player.json()["name"].as_str(), Some(latin.as_str()));
        let taken = try_register(
            address,
            &format!("\u{041A}\u{0410}\u{0422}\u{0415}{n}"),
            "a long password",
        )
        .await;
        assert_eq!(taken.status, 409, "{}", taken.body);
        // A second start changes nothing more.
        let again = start(&config).await;
        assert_eq!(log_in(again, &latin, "latin password").await.status, 200);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn failed_logins_elsewhere_never_lock_the_owner_out() {
    for config in backends("lockout") {
        let address = start(&config).await;
        let name = unique("Dora");
        register(address, &name, "the right one").await;
        // Twenty wrong passwords from A: five answered 401, then A waits
        // for this name (429, Retry-After), doubling.
        let a = [127, 2, 0, 1];
        let mut statuses = Vec::new();
        for _ in 0..20 {
            let reply = log_in_from(a, address, &name, "the wrong one").await;
            if reply.status == 429 {
                assert!(
                    retry_after(&reply).is_some_and(|s| s >= 1),
                    "{}",
                    reply.head
                );
            }
            statuses.push(reply.status);
        }
        assert_eq!(&statuses[..5], [401; 5], "{statuses:?}");
        assert!(statuses[5..].iter().all(|&s| s == 429), "{statuses:?}");
        // The owner, from B, logs in at once.
        let started = std::time::Instant::now();
        let owner = log_in_from([127, 2, 0, 2], address, &name, "the right one").await;
        assert_eq!(owner.status, 200, "{}", owner.body);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        // And from A the right password waits like a wrong one.
        let waits = log_in_from(a, address, &name, "the right one").await;
        assert_eq!(waits.status, 429, "{}", waits.body);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn unknown_and_known_names_get_the_same_answers() {
    for config in backends("oracle") {
        let address = start(&config).await;
        let known = unique("Edda");
        register(address, &known, "the right one").await;
        let unknown = unique("Nobody");
        // Twelve wrong logins each, from two fresh addresses, and then
        // alternating from a third: the same replies, throttled alike.
        let mut sequences = Vec::new();
        for (source, name) in [([127, 2, 1, 1], &known), ([127, 2, 1, 2], &unknown)] {
            let mut replies = Vec::new();
            for _ in 0..12 {
                replies.push(answer(
                    &log_in_from(source, address, name, "wrong guess").await,
                ));
            }
            sequences.push(replies);
        }
        assert_eq!(sequences[0], sequences[1]);
        assert_eq!(sequences[0][0].0, 401);
        assert_eq!(sequences[0][11].0, 429);
        let (mut for_known, mut for_unknown) = (Vec::new(), Vec::new());
        for _ in 0..9 {
            let source = [127, 2, 1, 3];
            for_known.push(answer(
                &log_in_from(source, address, &known, "wrong guess").await,
            ));
            for_unknown.push(answer(
                &log_in_from(source, address, &unknown, "wrong guess").await,
            ));
        }
        assert_eq!(for_known, for_unknown);
        // From an address that tried twenty times this minute, alike too.
        let a = [127, 2, 1, 4];
        for _ in 0..20 {
            log_in_from(a, address, &known, "wrong guess").await;
        }
        let known_then = answer(&log_in_from(a, address, &known, "wrong guess").await);
        let unknown_then = answer(&log_in_from(a, address, &unknown, "wrong guess").await);
        assert_eq!(known_then.0, 429);
        assert_eq!(known_then.0, unknown_then.0);
        assert_eq!(known_then.1, unknown_then.1);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn attempts_from_one_address_are_limited() {
    let config = sqlite("attempts");
    let address = start(&config).await;
    // Twenty attempts a minute from one address, then 429 for anything,
    // with Retry-After.
    let mut statuses = Vec::new();
    for i in 0..24 {
        let reply = log_in_from([127, 2, 2, 1], address, &format!("someone{i}"), "whatever!").await;
        if reply.status == 429 {
            assert!(
                retry_after(&reply).is_some_and(|s| (1..=60).contains(&s)),
                "{}",
                reply.head
            );
        }
        statuses.push(reply.status);
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 401).count(), 20);
    assert_eq!(statuses.iter().filter(|&&s| s == 429).count(), 4);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flood_of_logins_is_refused_not_queued() {
    for config in backends("flood") {
        let address = start(&config).await;
        let name = unique("Fern");
        register(address, &name, "the right one").await;
        // Two hundred wrong logins at once, each from its own address:
        // a few are checked, the others are refused at once (429 with
        // Retry-After) instead of waiting for the hashes before them.
        let floods: Vec<_> = (0..200u32)
            .map(|i| {
                let name = name.clone();
                let source = [127, 3, (i / 200) as u8, (i % 200 + 1) as u8];
                tokio::spawn(async move {
                    let started = std::time::Instant::now();
                    let reply = log_in_from(source, address, &name, "flooding").await;
                    (reply, started.elapsed())
                })
            })
            .collect();
        // Meanwhile the owner logs in, coming back as told when refused.
        let owner = tokio::spawn(async move {
            let started = std::time::Instant::now();
            loop {
                let reply = log_in_from([127, 3, 9, 9], address, &name, "the right one").await;
                if reply.status != 429 {
                    return (reply.status, started.elapsed());
                }
                let wait = retry_after(&reply).expect("a 429 says when to come back");
                assert!(wait <= 5, "{wait}");
                tokio::time::sleep(std::time::Duration::from_secs(wait)).await;
            }
        });
        let mut refused = 0;
        for flood in floods {
            let (reply, took) = flood.await.unwrap();
            match reply.status {
                401 => {}
                429 => {
                    refused += 1;
                    assert!(retry_after(&reply).is_some(), "{}", reply.head);
                    assert!(
                        took < std::time::Duration::from_secs(3),
                        "a refusal took {took:?}"
                    );
                }
                other => panic!("{other}: {}", reply.body),
            }
        }
        assert!(refused > 0, "every one of the flood was queued");
        let (status, took) = owner.await.unwrap();
        assert_eq!(status, 200);
        assert!(
            took < std::time::Duration::from_secs(15),
            "the owner took {took:?}"
        );
    }
}

/// The resident memory of process `pid`, in KiB (Linux's `/proc`).
#[cfg(target_os = "linux")]
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread")]
async fn a_flood_of_logins_leaves_little_memory_behind() {
    // The server in a process of its own, so that its memory is its own.
    let config = sqlite("memory");
    let address = free_address();
    let mut server = spawn(&config, address).await;
    let name = unique("Gale");
    register(address, &name, "the right one").await;
    // Five waves of forty wrong logins at once, from forty addresses.
    for wave in 0..5u8 {
        let logins: Vec<_> = (0..40u8)
            .map(|i| {
                let name = name.clone();
                tokio::spawn(async move {
                    log_in_from([127, 5, wave, i + 1], address, &name, "flooding").await
                })
            })
            .collect();
        for login in logins {
            let status = login.await.unwrap().status;
            assert!(status == 401 || status == 429, "{status}");
        }
    }
    let resident = resident_kib(server.id());
    let _ = server.kill();
    let _ = server.wait();
    // Two 19 MiB blocks and the server itself, not a block per thread.
    assert!(resident < 160 * 1024, "{} MiB resident", resident / 1024);
}

#[tokio::test(flavor = "multi_thread")]
async fn rated_games_need_an_account_at_every_seat() {
    for config in backends("rated") {
        let address = start(&config).await;
        let a = register(address, &unique("Ravi"), "a long password").await;
        let b_name = unique("Sita");
        let b = register(address, &b_name, "a long password").await;
        let refused = post(
            address,
            "/api/games",
            None,
            json!({ "game": "kaissa", "seats": ["human", "bot:random"], "rated": true }),
        )
        .await;
        assert_eq!(refused.status, 400, "{}", refused.body);
        let game = create(
            address,
            json!({ "game": "kaissa", "seats": ["human", "human"], "rated": true }),
        )
        .await;
        let path = format!("/api/games/{}/join", game.id);
        let seat = |n: usize| json!({ "seat": n, "secret": game.joins[n].clone().unwrap() });
        let guest = post(address, &path, None, seat(0)).await;
        assert_eq!(guest.status, 401, "{}", guest.body);
        assert_eq!(
            post_with_cookie(address, &path, &a, seat(0)).await.status,
            200
        );
        let twice = post_with_cookie(address, &path, &a, seat(1)).await;
        assert_eq!(twice.status, 409, "{}", twice.body);
        let fine = post_with_cookie(address, &path, &b, seat(1)).await;
        assert_eq!(fine.status, 200, "{}", fine.body);
        let view = state(address, &game.id).await;
        assert_eq!(view["status"], "playing");
        assert_eq!(view["seats"][1]["name"].as_str(), Some(b_name.as_str()));
        // Listed among the account's games.
        let mine = get_with_cookie(address, "/api/account/games", &b)
            .await
            .json();
        assert!(mine["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.id.as_str() && g["seat"] == 1));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_seat_kept_for_a_bot_account() {
    for config in backends("botseat") {
        let address = start(&config).await;
        let bot = unique("engine");
        let token = kaissa_chaturaji_server::client::admin::make_bot(&config, &bot)
            .await
            .unwrap();
        assert_eq!(token.len(), 64);
        assert!(
            kaissa_chaturaji_server::client::admin::make_bot(&config, &bot.to_uppercase())
                .await
                .unwrap_err()
                .contains("taken")
        );
        let unknown = post(
            address,
            "/api/games",
            None,
            json!({ "game": "kaissa", "seats": ["human", format!("player:{}", unique("ghost"))] }),
        )
        .await;
        assert_eq!(unknown.status, 400);
        let game = create(
            address,
            json!({ "game": "kaissa", "seats": ["human", format!("player:{bot}")] }),
        )
        .await;
        assert!(game.joins[1].is_none());
        let path = format!("/api/games/{}/join", game.id);
        let mine = raw(address, "GET", "/api/account/games", Some(&token), b"").await;
        assert!(mine.json()["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == game.id.as_str() && g["seat"] == 1 && g["status"] == "waiting"));
        assert_eq!(
            raw(address, "GET", "/api/account/games", Some("nonsense"), b"")
                .await
                .status,
            401
        );
        let stranger = register(address, &unique("Tara"), "a long password").await;
        let refused = post_with_cookie(address, &path, &stranger, json!({ "seat": 1 })).await;
        assert_eq!(refused.status, 403, "{}", refused.body);
        assert_eq!(
            post(address, &path, None, json!({ "seat": 1 }))
                .await
                .status,
            403
        );
        let taken = post(address, &path, Some(&token), json!({ "seat": 1 })).await;
        assert_eq!(taken.status, 200, "{}", taken.body);
        let seat_token = taken.json()["token"].as_str().unwrap().to_string();
        assert_ne!(seat_token, token);
        join(address, &game, 0, None).await;
        let view = state(address, &game.id).await;
        assert_eq!(view["status"], "playing");
        assert_eq!(view["seats"][1]["name"].as_str(), Some(bot.as_str()));
        // A bot account does not log in with a password.
        let login = log_in(address, &bot, "").await;
        assert_eq!(login.status, 401);
    }
}

#[test]
fn the_admin_command_prints_a_token_once() {
    let dir = temp_dir("admin");
    let run = |name: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kc-server"))
            .args(["admin", "bot", name, "--data"])
            .arg(&dir)
            .output()
            .unwrap()
    };
    let first = run("kc-engine");
    assert!(first.status.success(), "{first:?}");
    let token = String::from_utf8(first.stdout).unwrap();
    assert_eq!(token.trim().len(), 64);
    let again = run("KC-Engine");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("taken"));
}
