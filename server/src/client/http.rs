//! The bot client's HTTP: one HTTP/1.1 request per connection
//! (`Connection: close`) over a plain TCP stream, JSON in and out.
//!
//! The server speaks plain HTTP/1.1 with small JSON answers, so a client
//! of its own (a request line, four headers, a bounded read of the answer
//! with `Content-Length` or chunked framing) is all a bot needs; it adds
//! no dependency. `http://` only: put a TLS-terminating proxy in front of
//! the bot for `https://` servers.

use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The largest answer read, in bytes (head and body).
pub const MAX_REPLY: usize = 4 << 20;

/// How long one request may take, connection included.
pub const REQUEST_TIME: Duration = Duration::from_secs(30);

/// A server's address, from an `http://HOST:PORT` URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Server {
    /// The host, as written (an IPv6 address keeps its brackets).
    pub host: String,
    /// The port (80 when the URL names none).
    pub port: u16,
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

impl Server {
    /// Reads `http://HOST[:PORT][/]`.
    ///
    /// # Errors
    ///
    /// Another scheme, a path, or a bad port, as a message.
    pub fn parse(url: &str) -> Result<Server, String> {
        let rest = url.strip_prefix("http://").ok_or_else(|| {
            format!("--server {url:?}: expected http://HOST:PORT (https: put a TLS proxy in front)")
        })?;
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.is_empty() || rest.contains('/') || rest.contains('@') {
            return Err(format!(
                "--server {url:?}: expected http://HOST:PORT, with no path"
            ));
        }
        let (host, port) = match rest.rsplit_once(':') {
            Some((host, port)) if !port.contains(']') => {
                let port = port
                    .parse::<u16>()
                    .map_err(|_| format!("--server {url:?}: bad port {port:?}"))?;
                (host, port)
            }
            _ => (rest, 80),
        };
        if host.is_empty() {
            return Err(format!("--server {url:?}: no host"));
        }
        Ok(Server {
            host: host.to_string(),
            port,
        })
    }

    /// `HOST:PORT`, as the `Host` header and a connection take it.
    #[must_use]
    pub fn authority(&self) -> String {
        format!("{}:{}", self.host, self.port)
    }

    /// The WebSocket URL of `path` on this server.
    #[must_use]
    pub fn socket_url(&self, path: &str) -> String {
        format!("ws://{}{path}", self.authority())
    }

    /// Sends one request; `body` as JSON when given, `token` as the
    /// bearer when given.
    ///
    /// # Errors
    ///
    /// The connection failed, timed out, or the answer is not HTTP or is
    /// larger than [`MAX_REPLY`].
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Reply, String> {
        tokio::time::timeout(REQUEST_TIME, self.exchange(method, path, token, body))
            .await
            .map_err(|_| format!("{method} {path}: no answer in {} s", REQUEST_TIME.as_secs()))?
    }

    /// `GET path`.
    ///
    /// # Errors
    ///
    /// As [`Server::request`].
    pub async fn get(&self, path: &str, token: Option<&str>) -> Result<Reply, String> {
        self.request("GET", path, token, None).await
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
        self.request("POST", path, token, Some(body)).await
    }

    /// [`Server::request`]'s work, without its deadline.
    async fn exchange(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<Reply, String> {
        let authority = self.authority();
        let mut stream = TcpStream::connect(&authority)
            .await
            .map_err(|e| format!("cannot reach {authority}: {e}"))?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\nAccept: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
        if !body.is_empty() {
            head.push_str("Content-Type: application/json\r\n");
        }
        if let Some(token) = token {
            head.push_str(&format!("Authorization: Bearer {token}\r\n"));
        }
        head.push_str("\r\n");
        head.push_str(&body);
        stream
            .write_all(head.as_bytes())
            .await
            .map_err(|e| format!("{method} {path}: {e}"))?;
        let mut bytes = Vec::new();
        (&mut stream)
            .take(MAX_REPLY as u64 + 1)
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| format!("{method} {path}: {e}"))?;
        if bytes.len() > MAX_REPLY {
            return Err(format!(
                "{method} {path}: an answer larger than {MAX_REPLY} bytes"
            ));
        }
        parse_reply(&bytes).map_err(|e| format!("{method} {path}: {e}"))
    }
}

/// Reads a whole HTTP/1.1 answer.
fn parse_reply(bytes: &[u8]) -> Result<Reply, String> {
    let end = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("no HTTP answer")?;
    let head = std::str::from_utf8(&bytes[..end]).map_err(|_| "a head that is not UTF-8")?;
    let rest = &bytes[end + 4..];
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status = status_line
        .strip_prefix("HTTP/1.")
        .and_then(|s| s.split_whitespace().nth(1))
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or_else(|| format!("a bad status line {status_line:?}"))?;
    let mut length = None;
    let mut chunked = false;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(
                value
                    .parse::<usize>()
                    .map_err(|_| format!("a bad Content-Length {value:?}"))?,
            );
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.eq_ignore_ascii_case("chunked");
        }
    }
    let body = if chunked {
        dechunk(rest)?
    } else {
        match length {
            Some(n) if n <= rest.len() => rest[..n].to_vec(),
            Some(n) => return Err(format!("{} of {n} body bytes", rest.len())),
            None => rest.to_vec(),
        }
    };
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        Value::Null
    } else {
        serde_json::from_slice(&body).unwrap_or_else(
            |_| serde_json::json!({ "error": String::from_utf8_lossy(&body).trim().to_string() }),
        )
    };
    Ok(Reply { status, body })
}

/// The body of a chunked answer.
fn dechunk(mut rest: &[u8]) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let end = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a chunk without its size line")?;
        let size = std::str::from_utf8(&rest[..end]).unwrap_or_default();
        let size = size.split(';').next().unwrap_or_default().trim();
        let n =
            usize::from_str_radix(size, 16).map_err(|_| format!("a bad chunk size {size:?}"))?;
        rest = &rest[end + 2..];
        if n == 0 {
            return Ok(body);
        }
        if rest.len() < n + 2 {
            return Err("a chunk cut short".into());
        }
        body.extend_from_slice(&rest[..n]);
        rest = &rest[n + 2..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        assert_eq!(
            Server::parse("http://127.0.0.1:8080/").unwrap(),
            Server {
                host: "127.0.0.1".into(),
                port: 8080
            }
        );
        assert_eq!(Server::parse("http://example.org").unwrap().port, 80);
        assert_eq!(Server::parse("http://[::1]:9").unwrap().host, "[::1]");
        assert_eq!(Server::parse("http://[::1]").unwrap().port, 80);
        for bad in [
            "https://x:1",
            "x:1",
            "http://x:1/api",
            "http://:1",
            "http://x:99999",
            "",
        ] {
            assert!(Server::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn replies() {
        let reply = parse_reply(
            b"HTTP/1.1 409 Conflict\r\ncontent-length: 17\r\n\r\n{\"error\": \"late\"}",
        )
        .unwrap();
        assert_eq!((reply.status, reply.error()), (409, "409 late".to_string()));
        let reply = parse_reply(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n",
        )
        .unwrap();
        assert_eq!(reply.body["a"], 1);
        let reply = parse_reply(b"HTTP/1.1 400 Bad Request\r\n\r\nplain words").unwrap();
        assert_eq!(reply.error(), "400 plain words");
        assert!(parse_reply(b"garbage").is_err());
        assert!(parse_reply(b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{}").is_err());
        assert!(
            parse_reply(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n").is_err()
        );
    }
}
