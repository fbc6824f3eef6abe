//! The accounts' routes: register, log in, log out, who am I, my open
//! games, and a player's public page data.
//!
//! A person is known by the session cookie ([`SESSION_COOKIE`]: HttpOnly,
//! SameSite=Lax, and Secure when the request came over TLS through a
//! proxy that says so with `X-Forwarded-Proto: https`). A bot account is
//! known by its API token in `Authorization: Bearer <token>`. A cookie
//! the server did not issue is ignored: a session is only ever made by a
//! successful registration or login, with a fresh token, so a token
//! planted in a browser beforehand (session fixation) is never adopted.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

use crate::accounts::{
    check_password, Account, AccountKind, CreateError, SESSION_COOKIE, SESSION_MS,
};
use crate::api::body;
use crate::app::App;
use crate::error::ApiError;
use crate::names::AccountName;

/// `POST /api/accounts` and `POST /api/login`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

/// The session token a request's cookies carry, if any.
pub(crate) fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, value)| value.trim().to_string())
        .filter(|token| token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The account a request acts for: a bot's API token
/// (`Authorization: Bearer`), else the session cookie; `None` for a
/// guest.
///
/// # Errors
///
/// 401 for a bearer token that is no account's; 500 for storage.
pub async fn account_of(app: &App, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    if let Some(value) = headers.get(header::AUTHORIZATION) {
        let token = value
            .to_str()
            .ok()
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|token| !token.is_empty() && token.len() <= 128)
            .ok_or_else(|| ApiError::unauthorized("expected Authorization: Bearer <API token>"))?;
        return match app.store.account_by_token(token).await? {
            Some(account) => Ok(Some(account)),
            None => Err(ApiError::unauthorized("this API token is no account's")),
        };
    }
    match session_token(headers) {
        Some(token) => Ok(app.store.session_account(&token).await?),
        None => Ok(None),
    }
}

/// The account a request acts for, or 401.
async fn required(app: &App, headers: &HeaderMap) -> Result<Account, ApiError> {
    account_of(app, headers)
        .await?
        .ok_or_else(|| ApiError::unauthorized("log in first"))
}

/// The `Set-Cookie` value of a session `token` (an empty token and no
/// lifetime: the cookie is removed).
fn cookie(token: &str, headers: &HeaderMap) -> Result<HeaderValue, ApiError> {
    let behind_tls = headers
        .get("x-forwarded-proto")
        .and_then(|value| value.to_str().ok())
        .is_some_and(|proto| proto.eq_ignore_ascii_case("https"));
    let age = if token.is_empty() {
        0
    } else {
        SESSION_MS / 1000
    };
    let secure = if behind_tls { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={token}; Path=/; Max-Age={age}; HttpOnly; SameSite=Lax{secure}"
    ))
    .map_err(|e| ApiError::internal(e.to_string()))
}

/// Answers a fresh session for `account`.
async fn logged_in(
    app: &App,
    account: &Account,
    status: StatusCode,
    headers: &HeaderMap,
) -> Result<Response, ApiError> {
    let token = app.store.create_session(&account.id).await?;
    Ok((
        status,
        [(header::SET_COOKIE, cookie(&token, headers)?)],
        Json(json!({ "name": account.name, "kind": account.kind.word() })),
    )
        .into_response())
}

/// `POST /api/accounts`: 201 and a session; 409 for a taken name.
pub async fn register(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: Credentials = body(bytes)?;
    app.limits.attempt(peer.ip())?;
    let name = AccountName::parse(&request.name).map_err(ApiError::bad_request)?;
    check_password(&request.password).map_err(ApiError::bad_request)?;
    let hash = app
        .hasher
        .hash(&request.password)
        .await
        .map_err(ApiError::internal)?;
    let account = match app
        .store
        .create_account(&name, AccountKind::Player, &hash, None)
        .await
    {
        Ok(account) => account,
        Err(CreateError::Taken) => {
            return Err(ApiError::conflict(format!(
                "the name {} is taken (names are the same whatever their case, and letters that look alike count as one)",
                name.shown()
            )))
        }
        Err(CreateError::Store(e)) => return Err(e.into()),
    };
    logged_in(&app, &account, StatusCode::CREATED, &headers).await
}

/// `POST /api/login`: 200 and a fresh session; 401 for a wrong name or
/// password (the same answer, after the same work, for both).
pub async fn login(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: Credentials = body(bytes)?;
    app.limits.attempt(peer.ip())?;
    if request.password.len() > crate::accounts::MAX_PASSWORD_BYTES {
        return Err(ApiError::unauthorized("wrong name or password"));
    }
    let found = app.store.login_of(&request.name).await?;
    if let Some((account, _)) = &found {
        app.limits.login_of(&account.id)?;
    }
    let (account, hash) = match found {
        Some((account, hash)) if account.kind == AccountKind::Player => (Some(account), Some(hash)),
        _ => (None, None),
    };
    if !app.hasher.verify(&request.password, hash).await {
        if let Some(account) = &account {
            app.limits.failed_login(&account.id);
        }
        return Err(ApiError::unauthorized("wrong name or password"));
    }
    let account = account.ok_or_else(|| ApiError::unauthorized("wrong name or password"))?;
    logged_in(&app, &account, StatusCode::OK, &headers).await
}

/// `POST /api/logout`: ends the session and removes the cookie.
pub async fn logout(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(token) = session_token(&headers) {
        app.store.delete_session(&token).await?;
    }
    Ok((
        StatusCode::OK,
        [(header::SET_COOKIE, cookie("", &headers)?)],
        Json(json!({})),
    )
        .into_response())
}

/// `GET /api/account`: who the request acts for; `{"name": null, "kind":
/// null}` for a guest (a page asks before it knows, so a guest is not an
/// error).
pub async fn me(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    Ok(Json(match account_of(&app, &headers).await? {
        Some(account) => json!({ "name": account.name, "kind": account.kind.word() }),
        None => json!({ "name": null, "kind": null }),
    }))
}

/// `GET /api/account/games`: the games not over where the account holds
/// a seat or has one kept for it.
pub async fn my_games(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let account = required(&app, &headers).await?;
    let games: Vec<serde_json::Value> = app
        .store
        .open_games_of(&account.id)
        .await?
        .into_iter()
        .map(|(id, seat, status)| json!({ "id": id, "seat": seat, "status": status }))
        .collect();
    Ok(Json(json!({ "games": games })))
}

/// `GET /api/players/<name>`: a player's name, kind and ratings (see
/// [`Store::ratings_json`](crate::storage::Store::ratings_json)); 404 for
/// no such player.
pub async fn player(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let account = app
        .store
        .account_by_name(&name)
        .await?
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such player"))?;
    let ratings = app.store.ratings_json(&account.id).await?;
    Ok(Json(
        json!({ "name": account.name, "kind": account.kind.word(), "ratings": ratings }),
    ))
}
