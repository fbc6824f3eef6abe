//! The HTTP layer's defences: event streams that leave keep nothing,
//! connection limits, cross-site writes refused, and the pages' security
//! headers.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::*;
use kaissa_chaturaji_server::live::app::App;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Opens game `id`'s event stream and waits for its first event.
async fn open_events(address: SocketAddr, id: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!(
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut seen = String::new();
    while !seen.contains("\"version\"") {
        let mut chunk = [0u8; 4096];
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut chunk))
            .await
            .expect("an event in time")
            .unwrap();
        assert!(n > 0, "the stream ended early");
        seen.push_str(&String::from_utf8_lossy(&chunk[..n]));
    }
    stream
}

/// Waits until game `id` has `count` listeners.
async fn listeners_become(app: &App, id: &str, count: usize) {
    for _ in 0..100 {
        if app.hub.listeners(id) == count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "game {id} kept {} listeners, expected {count}",
        app.hub.listeners(id)
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn closed_event_streams_keep_nothing() {
    for config in backends("http-sse") {
        let (app, address) = start_app(&config).await;
        let (over, [yellow, _]) = create_seated(address, "kaissa").await;
        let resigned = raw(
            address,
            "POST",
            &format!("/api/games/{}/resign", over.id),
            Some(&yellow),
            b"",
        )
        .await;
        assert_eq!(resigned.status, 200, "{}", resigned.body);
        assert_eq!(state(address, &over.id).await["status"], "over");
        let (playing, _) = create_seated::<2>(address, "kaissa").await;
        for id in [&over.id, &playing.id] {
            for _ in 0..3 {
                let mut streams = Vec::new();
                for _ in 0..20 {
                    streams.push(open_events(address, id).await);
                }
                listeners_become(&app, id, 20).await;
                drop(streams);
                // Nothing happens at the game: the streams still go.
                listeners_become(&app, id, 0).await;
            }
        }
    }
}

/// Reads `stream` until the server closes it; panics if that takes
/// longer than `within`. Answers what was read.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> String {
    let mut bytes = Vec::new();
    let read = tokio::time::timeout(within, async {
        let mut chunk = [0u8; 4096];
        loop {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            }
        }
    })
    .await;
    assert!(
        read.is_ok(),
        "the connection is still open after {within:?}"
    );
    String::from_utf8_lossy(&bytes).to_string()
}

/// Connects to `address` from the loopback address `from`.
async fn connect_from(from: &str, address: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(address).await.unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn slow_and_idle_connections_are_closed() {
    for config in backends("http-slow") {
        let address = start(&config).await;
        let started = tokio::time::Instant::now();
        // Half a request header, and nothing more.
        let mut slow = TcpStream::connect(address).await.unwrap();
        slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            .await
            .unwrap();
        // One request answered, then the connection kept alive, idle.
        let mut idle = TcpStream::connect(address).await.unwrap();
        idle.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut answer = [0u8; 64];
        let n = idle.read(&mut answer).await.unwrap();
        assert!(String::from_utf8_lossy(&answer[..n]).starts_with("HTTP/1.1 200"));
        let within = Duration::from_secs(13);
        let (slow_read, _) = tokio::join!(
            closed_within(&mut slow, within),
            closed_within(&mut idle, within)
        );
        assert!(!slow_read.contains("200 OK"), "{slow_read}");
        assert!(
            started.elapsed() >= Duration::from_secs(9),
            "not before 10 s"
        );
        // Other connections are served all along.
        assert_eq!(get(address, "/api/games").await.status, 200);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_holds_a_bounded_number_of_connections() {
    for config in backends("http-cap") {
        let address = start(&config).await;
        let mut held = Vec::new();
        for _ in 0..256 {
            held.push(connect_from("127.0.0.1", address).await);
        }
        // Each is being served: a request on the last one is answered.
        let last = held.last_mut().unwrap();
        last.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut answer = [0u8; 64];
        let n = last.read(&mut answer).await.unwrap();
        assert!(String::from_utf8_lossy(&answer[..n]).starts_with("HTTP/1.1 200"));
        // One more from the same address is closed at once, unanswered.
        let mut refused = connect_from("127.0.0.1", address).await;
        let _ = refused
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            .await;
        let read = closed_within(&mut refused, Duration::from_secs(2)).await;
        assert!(read.is_empty(), "answered over the limit: {read}");
        // Another address is served.
        let mut other = connect_from("127.0.0.2", address).await;
        other
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let read = closed_within(&mut other, Duration::from_secs(5)).await;
        assert!(read.starts_with("HTTP/1.1 200"), "{read}");
        // A connection that closes makes room for the next.
        drop(held.pop());
        tokio::time::sleep(Duration::from_millis(200)).await;
        let mut again = connect_from("127.0.0.1", address).await;
        again
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let read = closed_within(&mut again, Duration::from_secs(5)).await;
        assert!(read.starts_with("HTTP/1.1 200"), "{read}");
    }
}

/// The nanoseconds of the current second.
fn now_nanos() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos()
}

/// Sends one request with exactly `headers` (no content type unless
/// given); answers the reply.
async fn exact(address: SocketAddr, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let mut head = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let text = closed_within(&mut stream, Duration::from_secs(10)).await;
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    Reply {
        status: head.split_whitespace().nth(1).unwrap().parse().unwrap(),
        head: head.to_string(),
        body: body.to_string(),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn cookie_writes_come_from_the_site_itself() {
    for config in backends("http-csrf") {
        let address = start(&config).await;
        // A name of its own: a PostgreSQL database outlives a run.
        let name = format!("Visitor{}", std::process::id() ^ now_nanos());
        let cookie = register(address, &name, "a long password").await;
        let credentials = format!(r#"{{"name": "{name}", "password": "a long password"}}"#);
        let credentials = credentials.as_str();
        let json = ("Content-Type", "application/json");
        let own = format!("http://{address}");
        // A foreign form's body (text/plain) logs nobody in.
        let plain = exact(
            address,
            "/api/login",
            &[("Content-Type", "text/plain")],
            credentials,
        )
        .await;
        assert_eq!(plain.status, 415, "{}", plain.body);
        assert!(plain.set_cookie().is_none());
        let untyped = exact(address, "/api/accounts", &[], credentials).await;
        assert_eq!(untyped.status, 415, "{}", untyped.body);
        // JSON from another origin, or from a sibling site, neither.
        let foreign = exact(
            address,
            "/api/login",
            &[json, ("Origin", "http://evil.example")],
            credentials,
        )
        .await;
        assert_eq!(foreign.status, 403, "{}", foreign.body);
        assert!(foreign.set_cookie().is_none());
        let sibling = exact(
            address,
            "/api/login",
            &[json, ("Origin", &own), ("Sec-Fetch-Site", "same-site")],
            credentials,
        )
        .await;
        assert_eq!(sibling.status, 403, "{}", sibling.body);
        // The site's own page logs in.
        let own_page = exact(
            address,
            "/api/login",
            &[json, ("Origin", &own), ("Sec-Fetch-Site", "same-origin")],
            credentials,
        )
        .await;
        assert_eq!(own_page.status, 200, "{}", own_page.body);
        assert!(own_page.set_cookie().is_some());
        // A logged-in visitor's cookie does not act from elsewhere.
        let (game, [yellow, _]) = create_seated::<2>(address, "kaissa").await;
        let logout = exact(
            address,
            "/api/logout",
            &[("Cookie", &cookie), ("Content-Type", "text/plain")],
            "",
        )
        .await;
        assert_eq!(logout.status, 415, "{}", logout.body);
        let create = r#"{"game": "kaissa", "seats": ["human", "human"]}"#;
        let foreign_create = exact(
            address,
            "/api/games",
            &[("Cookie", &cookie), json, ("Origin", "http://evil.example")],
            create,
        )
        .await;
        assert_eq!(foreign_create.status, 403, "{}", foreign_create.body);
        assert_eq!(
            get_with_cookie(address, "/api/account", &cookie)
                .await
                .json()["name"],
            name.as_str()
        );
        // A guest's write and a seat's bearer token work from anywhere.
        let guest = exact(
            address,
            "/api/games",
            &[json, ("Origin", "http://evil.example")],
            create,
        )
        .await;
        assert_eq!(guest.status, 201, "{}", guest.body);
        let moved = exact(
            address,
            &format!("/api/games/{}/move", game.id),
            &[("Authorization", &format!("Bearer {yellow}")), json],
            r#"{"move": "e2e5", "version": 2}"#,
        )
        .await;
        assert_eq!(moved.status, 200, "{}", moved.body);
        let resigned = exact(
            address,
            &format!("/api/games/{}/resign", game.id),
            &[
                ("Authorization", &format!("Bearer {yellow}")),
                ("Cookie", &cookie),
                ("Origin", "http://evil.example"),
            ],
            "",
        )
        .await;
        assert_eq!(resigned.status, 200, "{}", resigned.body);
        // The page's own logout still works.
        let out = exact(
            address,
            "/api/logout",
            &[("Cookie", &cookie), json, ("Origin", &own)],
            "{}",
        )
        .await;
        assert_eq!(out.status, 200, "{}", out.body);
    }
}

/// The value of header `name` in `reply`, if any.
fn header(reply: &Reply, name: &str) -> Option<String> {
    reply.head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name)
            .then(|| value.trim().to_string())
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn answers_carry_the_security_headers() {
    for config in backends("http-headers") {
        let address = start(&config).await;
        let game = create(
            address,
            serde_json::json!({ "game": "kaissa", "seats": ["human", "human"] }),
        )
        .await;
        let table = format!("/g/{}", game.id);
        let api = format!("/api/games/{}", game.id);
        for path in [
            "/",
            table.as_str(),
            "/static/table.js",
            api.as_str(),
            "/nowhere",
        ] {
            let reply = get(address, path).await;
            let policy = header(&reply, "content-security-policy")
                .unwrap_or_else(|| panic!("{path}: no Content-Security-Policy"));
            assert!(
                policy.contains("frame-ancestors 'none'"),
                "{path}: {policy}"
            );
            assert!(policy.contains("script-src 'self'"), "{path}: {policy}");
            assert_eq!(
                header(&reply, "x-content-type-options").as_deref(),
                Some("nosniff"),
                "{path}"
            );
            assert_eq!(
                header(&reply, "referrer-policy").as_deref(),
                Some("same-origin"),
                "{path}"
            );
            let nosniff = reply
                .head
                .to_ascii_lowercase()
                .matches("x-content-type-options")
                .count();
            assert_eq!(nosniff, 1, "{path}: one nosniff header");
        }
    }
}
