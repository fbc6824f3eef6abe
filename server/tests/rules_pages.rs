//! The reading pages (`/rules/kaissa`, `/rules/chaturaji`, `/about`) and
//! the navigation that every page of the site carries to them.

mod common;

use common::*;
use serde_json::json;

/// The links of the site's navigation.
const NAV_LINKS: [&str; 6] = [
    "href=\"/\"",
    "href=\"/rules/kaissa\"",
    "href=\"/rules/chaturaji\"",
    "href=\"/about\"",
    "href=\"/archive\"",
    "href=\"/leaderboard\"",
];

/// The header `name` of `reply`, if present.
fn header(reply: &Reply, name: &str) -> Option<String> {
    reply.head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name)
            .then(|| value.trim().to_string())
    })
}

/// Checks that `reply` is an HTML page with the site's navigation.
fn assert_page_with_nav(path: &str, reply: &Reply) {
    assert_eq!(reply.status, 200, "{path}: {}", reply.body);
    let kind = header(reply, "content-type").unwrap_or_default();
    assert!(kind.starts_with("text/html"), "{path}: {kind}");
    let nav = reply
        .body
        .split("<nav class=\"site\">")
        .nth(1)
        .and_then(|rest| rest.split("</nav>").next())
        .unwrap_or_else(|| panic!("{path} has no site navigation"));
    for link in NAV_LINKS {
        assert!(nav.contains(link), "{path}: the navigation lacks {link}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_rules_and_about_pages() {
    let address = start(&sqlite("rules-pages")).await;
    let kaissa = get(address, "/rules/kaissa").await;
    let chaturaji = get(address, "/rules/chaturaji").await;
    let about = get(address, "/about").await;
    for (path, reply) in [
        ("/rules/kaissa", &kaissa),
        ("/rules/chaturaji", &chaturaji),
        ("/about", &about),
    ] {
        assert_page_with_nav(path, reply);
        assert!(!reply.body.contains("<script"), "{path} has a script");
        let policy = header(reply, "content-security-policy").unwrap_or_default();
        assert!(policy.contains("script-src 'self'"), "{path}: {policy}");
    }

    // Merchant Kaissa: §1 and the legend (§4), with the start drawn.
    for text in [
        "1. Merchant Kaissa",
        "1.2 Start position",
        "1.6 The Home Stone",
        "1.7 End of the game",
        "4. Piece legend",
        "<td>Home Stone</td>",
        "<td>Rider of the High Tharlarion</td>",
        "<table>",
    ] {
        assert!(kaissa.body.contains(text), "/rules/kaissa lacks {text}");
    }
    assert_eq!(kaissa.body.matches("<svg").count(), 1);
    let diagram = kaissa.body.find("<figure class=\"diagram\"><svg").unwrap();
    assert!(kaissa.body.find("1.2 Start position").unwrap() < diagram);
    assert!(diagram < kaissa.body.find("1.3 How the pieces move").unwrap());
    assert!(!kaissa.body.contains("2. Chaturaji") && !kaissa.body.contains("3.1 Kaissa position"));
    // Links that point elsewhere stay links.
    assert!(kaissa.body.contains(
        "href=\"https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/decisions.md\""
    ));

    // Chaturaji: §2 with §2.13 and the legend, the sheet's start and
    // the Ludii start drawn.
    for text in [
        "2. Chaturaji",
        "2.1 Board, seats and armies",
        "2.3 The turn and the die",
        "2.13 The Ludii ruleset",
        "4. Piece legend",
        "<td>Raja</td>",
        "<td>Boat</td>",
    ] {
        assert!(
            chaturaji.body.contains(text),
            "/rules/chaturaji lacks {text}"
        );
    }
    assert_eq!(chaturaji.body.matches("<svg").count(), 2);
    assert!(!chaturaji.body.contains("1. Merchant Kaissa"));
    assert!(!chaturaji.body.contains("3.3 Chaturaji position"));

    // About: the history in words and the way on.
    for text in [
        "John Norman",
        "Home Stone",
        "Chaturaji",
        "four",
        "href=\"/rules/kaissa\"",
        "href=\"/rules/chaturaji\"",
    ] {
        assert!(about.body.contains(text), "/about lacks {text}");
    }

    // A 404 stays a 404.
    for path in [
        "/rules",
        "/rules/",
        "/rules/chess",
        "/rules/kaissa/x",
        "/about/x",
    ] {
        assert_eq!(get(address, path).await.status, 404, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_page_carries_the_navigation() {
    for config in backends("rules-nav") {
        let address = start(&config).await;
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
            % 1_000_000_000;
        let name = format!("nav{stamp}");
        register(address, &name, "a long password").await;
        let created = create(
            address,
            json!({"game": "kaissa", "seats": ["human", "human"]}),
        )
        .await;
        for path in [
            "/".to_string(),
            format!("/g/{}", created.id),
            "/archive".to_string(),
            format!("/@/{name}"),
            "/leaderboard".to_string(),
            "/rules/kaissa".to_string(),
            "/rules/chaturaji".to_string(),
            "/about".to_string(),
        ] {
            assert_page_with_nav(&path, &get(address, &path).await);
        }
    }
}
