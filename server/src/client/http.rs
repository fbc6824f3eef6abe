//! The bot client's HTTP and WebSocket connections to a server at
//! `http://` or `https://`: `reqwest` for the requests (JSON in and out),
//! `tokio-tungstenite` for the event sockets (`ws://` or `wss://`).
//!
//! TLS is rustls with the aws-lc-rs provider; a server's certificate is
//! checked against the system's roots, read by `rustls-native-certs`
//! (through `rustls-platform-verifier` for the requests), which honours
//! `SSL_CERT_FILE` and `SSL_CERT_DIR`: a private authority's certificate
//! can be trusted without touching the system's store. No proxy from the environment is used and no redirect is
//! followed: the URL given is the server.

use std::time::Duration;

use reqwest::{Method, Url};
use serde_json::Value;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// The largest answer read, in bytes.
pub const MAX_REPLY: usize = 4 << 20;

/// How long one request may take, connection included.
pub const REQUEST_TIME: Duration = Duration::from_secs(30);

/// How long making a connection may take.
pub const CONNECT_TIME: Duration = Duration::from_secs(10);

/// A game's event socket.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A server: its origin (`http://` or `https://`, host and port) and the
/// client that speaks to it.
#[derive(Debug, Clone)]
pub struct Server {
    origin: Url,
    client: reqwest::Client,
}

/// An answer: its status and its body as JSON (a body that is not JSON
/// is given as `{"error": "<its text>"}`).
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The body.
    pub body: Value,
}

impl Reply {
    /// The server's error message, or the status alone.
    #[must_use]
    pub fn error(&self) -> String {
        match self.body.get("error").and_then(Value::as_str) {
            Some(message) => format!("{} {message}", self.status),
            None => format!("status {}", self.status),
        }
    }
}

/// Reads `http://HOST[:PORT][/]` or `https://HOST[:PORT][/]`: the
/// server's origin.
///
/// # Errors
///
/// Another scheme, a path, a query, a user name or no host, as a message.
pub fn parse_origin(url: &str) -> Result<Url, String> {
    let expected = "expected http://HOST[:PORT] or https://HOST[:PORT]";
    let parsed = Url::parse(url).map_err(|e| format!("--server {url:?}: {e} ({expected})"))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(format!("--server {url:?}: {expected}"));
    }
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err(format!("--server {url:?}: no host"));
    }
    if parsed.path() != "/"
        || parsed.query().is_some()
        || parsed.fragment().is_some()
        || !parsed.username().is_empty()
        || parsed.password().is_some()
    {
        return Err(format!("--server {url:?}: {expected}, with no path"));
    }
    Ok(parsed)
}

/// Makes aws-lc-rs the process's rustls provider, once (the WebSocket
/// client takes it from there).
fn install_crypto() {
    // An error means a provider is installed already: that one serves.
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
}

/// A message of `e` and its causes (reqwest keeps the useful part, such
/// as "connection refused" or a certificate's fault, in the causes).
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(inner) = cause {
        let part = inner.to_string();
        if !text.contains(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
        cause = inner.source();
    }
    text
}

impl Server {
    /// The server at `url` (see [`parse_origin`]).
    ///
    /// # Errors
    ///
    /// A bad URL, or a client that cannot be made (no roots for TLS), as
    /// a message.
    pub fn parse(url: &str) -> Result<Server, String> {
        let origin = parse_origin(url)?;
        install_crypto();
        let mut builder = reqwest::Client::builder();
        if origin.scheme() == "http" {
            // No TLS is spoken (no redirect is followed): no roots are
            // read, so a system without any still reaches the server.
            builder = builder.tls_certs_only(std::iter::empty());
        }
        let client = builder
            .timeout(REQUEST_TIME)
            .connect_timeout(CONNECT_TIME)
            .tcp_nodelay(true)
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("kc-server-bot/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| {
                format!(
                    "--server {url:?}: {} (SSL_CERT_FILE may name a PEM file of trusted roots)",
                    chain(&e)
                )
            })?;
        Ok(Server { origin, client })
    }

    /// `HOST:PORT` of the server.
    #[must_use]
    pub fn authority(&self) -> String {
        let host = self.origin.host_str().unwrap_or_default();
        match self.origin.port_or_known_default() {
            Some(port) => format!("{host}:{port}"),
            None => host.to_string(),
        }
    }

    /// Whether the server is spoken to over TLS.
    #[must_use]
    pub fn tls(&self) -> bool {
        self.origin.scheme() == "https"
    }

    /// The WebSocket URL of `path` on this server (`ws://` or `wss://`).
    #[must_use]
    pub fn socket_url(&self, path: &str) -> String {
        let scheme = if self.tls() { "wss" } else { "ws" };
        format!("{scheme}://{}{path}", self.authority())
    }

    /// Opens the WebSocket at `path`, within [`REQUEST_TIME`].
    ///
    /// # Errors
    ///
    /// The connection, the TLS handshake or the upgrade failed, as a
    /// message.
    pub async fn socket(&self, path: &str, config: WebSocketConfig) -> Result<Socket, String> {
        let url = self.socket_url(path);
        let connect = tokio_tungstenite::connect_async_with_config(url, Some(config), false);
        match tokio::time::timeout(REQUEST_TIME, connect).await {
            Ok(Ok((socket, _))) => Ok(socket),
            Ok(Err(e)) => Err(chain(&e)),
            Err(_) => Err(format!("no upgrade in {} s", REQUEST_TIME.as_secs())),
        }
    }

    /// Sends one request; `body` as JSON when given, `token` as the
    /// bearer when given.
    ///
    /// # Errors
    ///
    /// The connection failed ("cannot reach …"), timed out, or the answer
    /// is larger than [`MAX_REPLY`].
    pub async fn request(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Reply, String> {
        let url = self
            .origin
            .join(path)
            .map_err(|e| format!("{method} {path}: {e}"))?;
        let mut request = self
            .client
            .request(method.clone(), url)
            .header(reqwest::header::ACCEPT, "application/json");
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let failed = |e: reqwest::Error| {
            let text = chain(&e);
            if e.is_connect() && text.contains("certificate") {
                format!(
                    "{}: TLS refused ({text}); to trust a private authority, \
                     set SSL_CERT_FILE to its certificate (PEM)",
                    self.authority()
                )
            } else if e.is_connect() {
                format!("cannot reach {}: {text}", self.authority())
            } else if e.is_timeout() {
                format!("{method} {path}: no answer in {} s", REQUEST_TIME.as_secs())
            } else {
                format!("{method} {path}: {text}")
            }
        };
        let mut response = request.send().await.map_err(failed)?;
        let status = response.status().as_u16();
        if response
            .content_length()
            .is_some_and(|n| n > MAX_REPLY as u64)
        {
            return Err(too_large(&method, path));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(failed)? {
            if bytes.len() + chunk.len() > MAX_REPLY {
                return Err(too_large(&method, path));
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(Reply {
            status,
            body: body_json(&bytes),
        })
    }

    /// `GET path`.
    ///
    /// # Errors
    ///
    /// As [`Server::request`].
    pub async fn get(&self, path: &str, token: Option<&str>) -> Result<Reply, String> {
        self.request(Method::GET, path, token, None).await
    }

    /// `POST path` with a JSON body.
    ///
    /// # Errors
    ///
    /// As [`Server::request`].
    pub async fn post(
        &self,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Result<Reply, String> {
        self.request(Method::POST, path, token, Some(body)).await
    }
}

/// The error of an answer larger than [`MAX_REPLY`].
fn too_large(method: &Method, path: &str) -> String {
    format!("{method} {path}: an answer larger than {MAX_REPLY} bytes")
}

/// A body as JSON: `null` when empty, `{"error": <text>}` when it is not
/// JSON.
fn body_json(bytes: &[u8]) -> Value {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Value::Null;
    }
    serde_json::from_slice(bytes).unwrap_or_else(
        |_| serde_json::json!({ "error": String::from_utf8_lossy(bytes).trim().to_string() }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        let server = Server::parse("http://127.0.0.1:8080/").unwrap();
        assert_eq!(server.authority(), "127.0.0.1:8080");
        assert_eq!(server.socket_url("/s"), "ws://127.0.0.1:8080/s");
        assert_eq!(
            Server::parse("http://example.org").unwrap().authority(),
            "example.org:80"
        );
        let tls = Server::parse("https://example.org").unwrap();
        assert!(tls.tls());
        assert_eq!(tls.socket_url("/s?x=1"), "wss://example.org:443/s?x=1");
        assert_eq!(
            Server::parse("https://localhost:8443").unwrap().authority(),
            "localhost:8443"
        );
        assert_eq!(
            Server::parse("http://[::1]:9").unwrap().authority(),
            "[::1]:9"
        );
        for bad in [
            "ftp://x:1",
            "x:1",
            "http://x:1/api",
            "http://x:1/?a=b",
            "http://u@x:1",
            "http://:1",
            "http://x:99999",
            "",
        ] {
            assert!(Server::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bodies() {
        assert_eq!(body_json(b"{\"error\": \"late\"}")["error"], "late");
        assert_eq!(body_json(b" \r\n"), Value::Null);
        let reply = Reply {
            status: 400,
            body: body_json(b"plain words"),
        };
        assert_eq!(reply.error(), "400 plain words");
        assert_eq!(
            Reply {
                status: 502,
                body: Value::Null
            }
            .error(),
            "status 502"
        );
    }
}
