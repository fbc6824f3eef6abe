//! Cross-site request forgery: a write that the session cookie
//! authenticates, and a login or registration (they set the cookie),
//! must be a JSON request from the server's own pages.
//!
//! Such a request needs `Content-Type: application/json` (415 without:
//! a foreign page's form or `text/plain` fetch cannot send it without the
//! browser asking first, which this server never allows), and, when it
//! carries `Origin` or `Sec-Fetch-Site`, a same-origin one (403 else):
//! `Origin`'s host and port are the request's `Host` (a proxy in front
//! must pass `Host` on), `Sec-Fetch-Site` is `same-origin` or `none`.
//!
//! A request with an `Authorization` header is authenticated by it (a
//! seat's or a bot's bearer token), never by the cookie, and a foreign
//! page cannot add one: it is taken from anywhere. So are reads, and
//! writes that carry no session (a guest's).

use axum::extract::Request;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::error::ApiError;

/// The routes that set the session cookie.
const SETS_SESSION: [&str; 2] = ["/api/login", "/api/accounts"];

/// The middleware: refuses a cross-site or non-JSON cookie write.
pub async fn guard(request: Request, next: Next) -> Response {
    match check(request.method(), request.uri().path(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

/// Whether the request may go on (see the module's documentation).
///
/// # Errors
///
/// 415 for a body that is not JSON, 403 for a request from elsewhere.
pub fn check(method: &Method, path: &str, headers: &HeaderMap) -> Result<(), ApiError> {
    let safe = matches!(
        *method,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    );
    if safe || headers.contains_key(header::AUTHORIZATION) {
        return Ok(());
    }
    let cookie = crate::http::accounts::session_token(headers).is_some();
    if !cookie && !SETS_SESSION.contains(&path) {
        return Ok(());
    }
    if !json(headers) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "this request needs Content-Type: application/json",
        ));
    }
    if !same_origin(headers) {
        return Err(ApiError::forbidden(
            "a cross-site request may not act for a logged-in visitor",
        ));
    }
    Ok(())
}

/// Whether the body is declared JSON (`application/json`, parameters
/// such as `charset` allowed).
fn json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// Whether the request says it comes from this server's own pages (or
/// says nothing: not a browser's fetch).
fn same_origin(headers: &HeaderMap) -> bool {
    let text = |name: header::HeaderName| {
        headers
            .get(name)
            .map(|value| value.to_str().unwrap_or("").trim().to_ascii_lowercase())
    };
    if let Some(site) = text(header::HeaderName::from_static("sec-fetch-site")) {
        if site != "same-origin" && site != "none" {
            return false;
        }
    }
    let Some(origin) = text(header::ORIGIN) else {
        return true;
    };
    let Some(host) = text(header::HOST) else {
        return false;
    };
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false; // "null", or not an origin
    };
    if authority.is_empty() || authority.contains(['/', '@']) {
        return false;
    }
    without_default_port(authority, scheme) == without_default_port(&host, scheme)
}

/// `host[:port]` without the port `scheme` implies.
fn without_default_port<'a>(authority: &'a str, scheme: &str) -> &'a str {
    let default = match scheme {
        "http" => ":80",
        "https" => ":443",
        _ => return authority,
    };
    authority.strip_suffix(default).unwrap_or(authority)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    const SESSION: &str =
        "kc_session=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    #[test]
    fn origins_are_compared_by_host_and_port() {
        let same = |origin: &'static str, host: &'static str| {
            same_origin(&headers(&[("origin", origin), ("host", host)]))
        };
        assert!(same("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(same("https://Example.org", "example.org"));
        assert!(same("http://example.org", "example.org:80"));
        assert!(!same("http://evil.example", "example.org"));
        assert!(!same("http://example.org:8080", "example.org"));
        assert!(!same("null", "example.org"));
        assert!(!same("http://example.org/x", "example.org"));
        assert!(!same_origin(&headers(&[("origin", "http://example.org")])));
        assert!(same_origin(&headers(&[("sec-fetch-site", "same-origin")])));
        assert!(same_origin(&headers(&[("sec-fetch-site", "none")])));
        assert!(!same_origin(&headers(&[("sec-fetch-site", "same-site")])));
        assert!(!same_origin(&headers(&[("sec-fetch-site", "cross-site")])));
    }

    #[test]
    fn only_cookie_writes_are_checked() {
        let post = Method::POST;
        let plain = headers(&[("cookie", SESSION), ("content-type", "text/plain")]);
        assert_eq!(
            check(&post, "/api/logout", &plain).unwrap_err().status,
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        );
        assert!(check(&Method::GET, "/api/account", &plain).is_ok());
        let guest = headers(&[("content-type", "text/plain")]);
        assert!(check(&post, "/api/games", &guest).is_ok());
        assert!(check(&post, "/api/login", &guest).is_err());
        let bearer = headers(&[
            ("cookie", SESSION),
            ("authorization", "Bearer t"),
            ("origin", "http://evil.example"),
        ]);
        assert!(check(&post, "/api/games/x/move", &bearer).is_ok());
        let json = headers(&[
            ("cookie", SESSION),
            ("content-type", "application/json; charset=utf-8"),
            ("host", "example.org"),
            ("origin", "http://example.org"),
            ("sec-fetch-site", "same-origin"),
        ]);
        assert!(check(&post, "/api/games", &json).is_ok());
    }
}
