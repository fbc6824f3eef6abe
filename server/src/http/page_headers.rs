//! The security headers of every answer: the pages may not be framed
//! (`Content-Security-Policy` with `frame-ancestors 'none'`), load only
//! this server's scripts and connect only to it; no content type is
//! guessed (`X-Content-Type-Options: nosniff`); and another site is not
//! told which page linked to it (`Referrer-Policy: same-origin`).

use axum::http::{header, HeaderValue};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

/// The pages' policy. Their scripts are modules from `/static`; the
/// board inserts its stylesheet and styles its pieces inline, hence
/// `'unsafe-inline'` for styles alone. `connect-src 'self'` takes in the
/// same host's WebSocket.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// `router` with the headers on every answer (a route's own
/// `X-Content-Type-Options` is kept).
pub fn add<S: Clone + Send + Sync + 'static>(router: Router<S>) -> Router<S> {
    router
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ))
}
