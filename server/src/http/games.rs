//! The JSON API's routes: create, join, read, act, record.
//!
//! Bodies are read as bytes under a size limit ([`crate::http::extract::BODY_LIMIT`], 413 past
//! it) and parsed here, so that every error is `{"error": "..."}`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::json;

use crate::http::error::ApiError;
use crate::http::extract::body;
use crate::http::limits::Limits;
use crate::live::app::{App, CreateRequest};
use crate::live::game::Action;

/// The bearer token of a request: 403 without one.
fn bearer(headers: &HeaderMap) -> Result<String, ApiError> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(|token| token.trim().to_string())
        .filter(|token| !token.is_empty() && token.len() <= 128)
        .ok_or_else(|| {
            ApiError::forbidden("an Authorization: Bearer <seat token> header is needed")
        })
}

/// `POST /api/games`.
pub async fn create(
    State(app): State<Arc<App>>,
    Extension(limits): Extension<Arc<Limits>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: CreateRequest = body(bytes)?;
    let answer = app.create(request, || limits.creation(peer.ip())).await?;
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// `GET /api/games`: the latest 50 tables open to join or being played
/// (private ones left out), newest first: `{"games": [{"id", "game",
/// "rules", "status"}], "next": null}`. With parameters
/// (`?player=…&status=finished…`), a search of the archive: see
/// [`crate::http::archive::games`].
pub async fn list(
    State(app): State<Arc<App>>,
    axum::extract::RawQuery(query): axum::extract::RawQuery,
    params: Result<
        axum::extract::Query<crate::http::archive::Params>,
        axum::extract::rejection::QueryRejection,
    >,
) -> Result<Json<serde_json::Value>, ApiError> {
    if query.is_some_and(|q| !q.is_empty()) {
        let pairs = crate::http::archive::params(params)?;
        return Ok(Json(crate::http::archive::games(&app, &pairs).await?));
    }
    let games: Vec<serde_json::Value> = app
        .store
        .recent_games(50)
        .await?
        .into_iter()
        .map(|[id, game, rules, status]| {
            let rules = (game == "chaturaji").then_some(rules);
            json!({ "id": id, "game": game, "rules": rules, "status": status })
        })
        .collect();
    Ok(Json(json!({ "games": games, "next": null })))
}

/// `POST /api/games/<id>/join`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    seat: usize,
    #[serde(default)]
    secret: String,
    name: Option<String>,
    client_seed: Option<String>,
}

/// `POST /api/games/<id>/join`: with the seat's join secret, or as the
/// account a seat is kept for (session cookie or a bot's API token). A
/// join made by an account binds the seat to it.
pub async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let request: JoinRequest = body(bytes)?;
    let account = crate::http::accounts::account_of(&app, &headers).await?;
    if account.is_none() {
        crate::http::accounts::check_guest_name(&app, request.name.as_deref()).await?;
    }
    let (version, token) = app
        .act(
            &id,
            Action::Join {
                seat: request.seat,
                secret: request.secret,
                name: request.name,
                client_seed: request.client_seed,
                account,
            },
        )
        .await?;
    Ok(Json(
        json!({ "token": token, "seat": request.seat, "version": version }),
    ))
}

/// `GET /api/games/<id>`.
pub async fn view(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let mut view = app.view(&id).await?;
    if let Some(fields) = view.as_object_mut() {
        fields.insert("watchers".into(), app.watchers.count(&id).into());
    }
    Ok(Json(view))
}

/// `POST /api/games/<id>/move`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move text.
    #[serde(rename = "move")]
    pub text: String,
    /// The version the seat saw.
    pub version: i64,
}

/// `POST /api/games/<id>/chat`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatRequest {
    text: String,
}

/// The body of `/resign`, `/draw` and `/abort`: empty, or a JSON object.
fn no_body(bytes: Result<Bytes, BytesRejection>) -> Result<(), ApiError> {
    let bytes = bytes.map_err(|r| ApiError::new(r.status(), r.body_text()))?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    let _: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(format!("bad JSON body: {e}")))?;
    Ok(())
}

/// `POST /api/games/<id>/<action>` for `move`, `resign`, `draw`, `abort`
/// and `chat`, with the seat's bearer token.
pub async fn seat_action(
    State(app): State<Arc<App>>,
    Path((id, action)): Path<(String, String)>,
    headers: HeaderMap,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let token = bearer(&headers)?;
    let seat = app.seat_of(&id, &token).await?;
    let action = match action.as_str() {
        "move" => {
            let request: MoveRequest = body(bytes)?;
            Action::Move {
                seat,
                text: request.text,
                version: request.version,
            }
        }
        "chat" => {
            let request: ChatRequest = body(bytes)?;
            Action::Chat {
                seat,
                text: request.text,
            }
        }
        "resign" => no_body(bytes).map(|()| Action::Resign { seat })?,
        "draw" => no_body(bytes).map(|()| Action::Draw { seat })?,
        "abort" => no_body(bytes).map(|()| Action::Abort { seat })?,
        _ => return Err(ApiError::new(StatusCode::NOT_FOUND, "no such action")),
    };
    let (version, _) = app.act(&id, action).await?;
    Ok(Json(json!({ "version": version })))
}
