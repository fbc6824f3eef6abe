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
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::json;

use crate::accounts::account::{
    check_password, Account, AccountKind, CreateError, HashError, SESSION_COOKIE, SESSION_MS,
};
use crate::accounts::names::{AccountName, GuestName};
use crate::http::error::ApiError;
use crate::http::extract::body;
use crate::http::limits::Limits;
use crate::live::app::App;

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
    Extension(limits): Extension<Arc<Limits>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: Credentials = body(bytes)?;
    limits.attempt(peer.ip())?;
    let name = AccountName::parse(&request.name).map_err(ApiError::bad_request)?;
    check_password(&request.password).map_err(ApiError::bad_request)?;
    let hash = app
        .hasher
        .hash(&request.password)
        .await
        .map_err(hash_error)?;
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
/// password (the same answer, after the same work, for both); 429 with
/// `Retry-After` while failed logins make the name from this address (or
/// the address) wait, or while too many passwords are being checked.
pub async fn login(
    State(app): State<Arc<App>>,
    Extension(limits): Extension<Arc<Limits>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: Credentials = body(bytes)?;
    let address = peer.ip();
    limits.attempt(address)?;
    let key = throttle_key(&request.name);
    limits.login_begin(&key, address)?;
    let wrong = || ApiError::unauthorized("wrong name or password");
    if request.password.len() > crate::accounts::account::MAX_PASSWORD_BYTES {
        return Err(wrong());
    }
    let found = match app.store.login_of(&request.name).await {
        Ok(found) => found,
        Err(e) => {
            limits.login_unchecked(&key, address);
            return Err(e.into());
        }
    };
    let (account, hash) = match found {
        Some((account, hash)) if account.kind == AccountKind::Player => (Some(account), Some(hash)),
        _ => (None, None),
    };
    match app.hasher.verify(&request.password, hash).await {
        Ok(true) => {}
        Ok(false) => return Err(wrong()),
        Err(e) => {
            limits.login_unchecked(&key, address);
            return Err(hash_error(e));
        }
    }
    let account = account.ok_or_else(wrong)?;
    limits.login_succeeded(&key, address);
    logged_in(&app, &account, StatusCode::OK, &headers).await
}

/// The key a login's name is throttled by: the name key when the name
/// could be an account's, else a hash of the text (no account has it).
fn throttle_key(name: &str) -> String {
    match AccountName::parse(name) {
        Ok(name) => name.key().to_string(),
        Err(_) => format!("#{}", crate::table::seats::hash_secret(name)),
    }
}

/// A hashing failure as an answer: 429 with `Retry-After` when busy.
fn hash_error(e: HashError) -> ApiError {
    match e {
        HashError::Busy => ApiError::too_many(e.to_string())
            .retry_after(crate::accounts::password::BUSY_RETRY_SECONDS),
        HashError::Failed(message) => ApiError::internal(message),
    }
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
/// [`Store::ratings_json`](crate::store::database::Store::ratings_json)); 404 for
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

/// Checks the shown name a guest joins with (`None` or blank: the seat's
/// default label): 400 when [`GuestName`] refuses it, 409 when it reads as
/// a registered account's name (a guest may not pose as a player).
///
/// # Errors
///
/// The 400 or 409, or a database failure.
pub async fn check_guest_name(app: &App, name: Option<&str>) -> Result<(), ApiError> {
    let Some(name) = name.filter(|n| !n.trim().is_empty()) else {
        return Ok(());
    };
    let guest = GuestName::parse(name).map_err(ApiError::bad_request)?;
    if app.store.account_by_key(guest.key()).await?.is_some() {
        return Err(ApiError::conflict(format!(
            "the name {} reads as a registered player's: log in to play as that player, or choose another name",
            guest.shown()
        )));
    }
    Ok(())
}
