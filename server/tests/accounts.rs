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

#[tokio::test(flavor = "multi_thread")]
async fn attempts_are_limited() {
    let config = sqlite("attempts");
    let address = start(&config).await;
    let name = unique("Dora");
    register(address, &name, "the right one").await;
    // Ten wrong passwords, and the account waits, even for the right one.
    for _ in 0..10 {
        let reply = log_in(address, &name, "the wrong one").await;
        assert_eq!(reply.status, 401);
    }
    let reply = log_in(address, &name, "the right one").await;
    assert_eq!(reply.status, 429, "{}", reply.body);
    // Twenty attempts a minute from one address, then 429 for anything.
    let mut statuses = Vec::new();
    for i in 0..12 {
        let reply = log_in(address, &format!("someone{i}"), "whatever!").await;
        statuses.push(reply.status);
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 401).count(), 8);
    assert_eq!(statuses.iter().filter(|&&s| s == 429).count(), 4);
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
