//! Event streams: Server-Sent Events (`/events?since=N`) and a WebSocket
//! (`/socket?since=N`) that also takes actions.
//!
//! Both send every stored event after version N first (from storage),
//! then the live ones, skipping any already sent and filling any gap
//! from storage. A listener too slow for
//! the live events (its queue full, or more than the channel's capacity
//! behind) is disconnected; it reconnects with its last version. Each
//! stream is also told the game's spectator count ([`crate::live::watchers`])
//! whenever it changes, apart from the events.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::QueryRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_stream::wrappers::{ReceiverStream, WatchStream};

use crate::http::error::ApiError;
use crate::live::app::App;
use crate::live::game::Action;
use crate::live::shutdown::{CLOSE_RESTART, SOCKETS_GRACE};

/// How many messages wait for one listener before it is dropped.
pub const QUEUE: usize = 64;

/// How many stored events are read at a time when catching up.
const PAGE: i64 = 500;

/// The longest WebSocket message taken, in bytes.
pub const MAX_SOCKET_MESSAGE: usize = 16 * 1024;

/// The bytes a WebSocket reads at a time.
pub const SOCKET_READ_BUFFER: usize = 4 * 1024;

/// `?since=N`.
#[derive(Debug, Deserialize)]
pub struct Since {
    /// The last version the client has (0: none).
    #[serde(default)]
    since: i64,
    /// 1: a seat's own page, not counted as a spectator.
    #[serde(default)]
    seated: u8,
}

/// Feeds `tx` with game `id`'s events after `since`: stored ones, then
/// live ones. Ends when the client is gone (at once, whether or not
/// the game has events) or too slow.
async fn feed(app: Arc<App>, id: String, since: i64, tx: mpsc::Sender<String>) {
    let mut live = app.hub.subscribe(&id);
    let mut last = since;
    loop {
        let page = match app.store.events_since(&id, last, PAGE).await {
            Ok(page) => page,
            Err(e) => {
                let _ = tx
                    .send(json!({ "type": "error", "error": e.to_string() }).to_string())
                    .await;
                return;
            }
        };
        let full = page.len() as i64 == PAGE;
        for (version, body) in page {
            // Catching up may wait for the client, within reason.
            let sent = tokio::time::timeout(Duration::from_secs(10), tx.send(body)).await;
            if !matches!(sent, Ok(Ok(()))) {
                return; // too slow, or gone
            }
            last = version;
        }
        if !full {
            break;
        }
    }
    loop {
        // A client that leaves while the game is quiet (or over) must not
        // keep this task and its subscription until the next event.
        let received = tokio::select! {
            received = live.recv() => received,
            () = tx.closed() => return,
        };
        match received {
            Ok(event) if event.version > last => {
                // Events this server did not publish (another server's,
                // while its announcements were lost) come from storage.
                if event.version > last + 1 {
                    let Ok(missing) = app
                        .store
                        .events_since(&id, last, event.version - last - 1)
                        .await
                    else {
                        return;
                    };
                    for (_, body) in missing {
                        if tx.try_send(body).is_err() {
                            return;
                        }
                    }
                }
                last = event.version;
                if tx.try_send(event.body.clone()).is_err() {
                    return; // the client does not keep up (or is gone)
                }
            }
            Ok(_) => {}
            Err(broadcast::error::RecvError::Lagged(_))
            | Err(broadcast::error::RecvError::Closed) => {
                return;
            }
        }
    }
}

/// `GET /api/games/<id>/events?since=N`.
pub async fn sse(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    since: Result<Query<Since>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(since) = since.map_err(|e| ApiError::bad_request(e.body_text()))?;
    app.game(&id).await?;
    let (tx, rx) = mpsc::channel(QUEUE);
    // The spectator count, as `watchers` messages apart from the game's
    // events; this stream counts as long as it is open, unless seated.
    let (presence, count) = app.watchers.enter(&id, since.seated == 0);
    let open = app.shutdown.stream();
    let stopping = app.shutdown.stopping();
    let counts = WatchStream::new(count).map(move |n| {
        let _present = (&presence, &open);
        Ok::<_, Infallible>(
            SseEvent::default()
                .event("watchers")
                .data(json!({ "type": "watchers", "watchers": n }).to_string()),
        )
    });
    tokio::spawn(feed(app, id, since.since, tx));
    let events =
        ReceiverStream::new(rx).map(|body| Ok::<_, Infallible>(SseEvent::default().data(body)));
    // The stream ends with the game's events (a listener too slow is
    // dropped), whatever the counts do.
    let events = events
        .map(Some)
        .chain(futures_util::stream::once(async { None }));
    // It ends too when the server stops (the client reconnects).
    let stream = futures_util::stream::select(events, counts.map(Some))
        .take_while(|item| std::future::ready(item.is_some()))
        .filter_map(std::future::ready)
        .take_until(stopping);
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}

/// `GET /api/games/<id>/socket?since=N`.
pub async fn socket(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    since: Result<Query<Since>, QueryRejection>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let Query(since) = since.map_err(|e| ApiError::bad_request(e.body_text()))?;
    app.game(&id).await?;
    Ok(upgrade
        .max_message_size(MAX_SOCKET_MESSAGE)
        // Actions are small: a read fills a small buffer, not the
        // default 128 KiB one that each read would clear first.
        .read_buffer_size(SOCKET_READ_BUFFER)
        .on_upgrade(move |ws| run_socket(app, id, since.since, since.seated == 0, ws)))
}

/// One WebSocket: a feeder of events, a writer, the reader of actions,
/// and the spectator count (as `{"type": "watchers", "watchers": N}`
/// messages, apart from the game's events; the socket counts unless
/// `seated`).
async fn run_socket(app: Arc<App>, id: String, since: i64, counted: bool, ws: WebSocket) {
    let _open = app.shutdown.stream();
    let stopping = app.shutdown.stopping();
    tokio::pin!(stopping);
    let (_presence, count) = app.watchers.enter(&id, counted);
    let mut counts = WatchStream::new(count);
    let (mut sink, mut stream) = ws.split();
    let (tx, mut rx) = mpsc::channel::<String>(QUEUE);
    let (close, mut closing) = oneshot::channel::<CloseFrame>();
    let mut feeder = tokio::spawn(feed(app.clone(), id.clone(), since, tx.clone()));
    let mut writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                text = rx.recv() => match text {
                    Some(text) => if !send(&mut sink, Message::Text(text.into())).await {
                        return;
                    },
                    None => break,
                },
                Ok(frame) = &mut closing => {
                    // What is queued (an action's answer) goes first.
                    while let Ok(text) = rx.try_recv() {
                        if !send(&mut sink, Message::Text(text.into())).await {
                            return;
                        }
                    }
                    send(&mut sink, Message::Close(Some(frame))).await;
                    return;
                }
            }
        }
        let _ = sink.close().await;
    });
    // The connection ends when the client leaves, when it cannot take
    // its events (the feeder gave up on it), when writing fails, or when
    // the server stops (after the action being taken is answered).
    loop {
        tokio::select! {
            _ = &mut feeder => break,
            _ = &mut writer => break,
            () = &mut stopping => {
                feeder.abort();
                let frame = CloseFrame {
                    code: CLOSE_RESTART,
                    reason: "the server is restarting".into(),
                };
                if close.send(frame).is_ok() {
                    let _ = tokio::time::timeout(SOCKETS_GRACE, &mut writer).await;
                }
                break;
            }
            Some(n) = counts.next() => {
                let message = json!({ "type": "watchers", "watchers": n });
                if tx.try_send(message.to_string()).is_err() {
                    break;
                }
            }
            message = stream.next() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text.to_string(),
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let answer = socket_action(&app, &id, &text).await;
                if tx.try_send(answer.to_string()).is_err() {
                    break;
                }
            }
        }
    }
    feeder.abort();
    writer.abort();
}

/// Sends `message`, within ten seconds; whether it went.
async fn send(sink: &mut SplitSink<WebSocket, Message>, message: Message) -> bool {
    matches!(
        tokio::time::timeout(Duration::from_secs(10), sink.send(message)).await,
        Ok(Ok(()))
    )
}

/// A WebSocket action: `{"type": "move"|"resign"|"draw"|"abort"|"chat",
/// "token": ..., "move": ..., "version": ..., "text": ...}`. Answers
/// `{"type": "ack", "version": N}` or `{"type": "error", "status": S,
/// "error": ...}`.
async fn socket_action(app: &Arc<App>, id: &str, text: &str) -> Value {
    match socket_act(app, id, text).await {
        Ok(version) => json!({ "type": "ack", "version": version }),
        Err(e) => json!({ "type": "error", "status": e.status.as_u16(), "error": e.message }),
    }
}

/// Reads and applies a WebSocket action.
async fn socket_act(app: &Arc<App>, id: &str, text: &str) -> Result<i64, ApiError> {
    let message: Value =
        serde_json::from_str(text).map_err(|e| ApiError::bad_request(format!("bad JSON: {e}")))?;
    let field = |name: &str| {
        message
            .get(name)
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let token = field("token").ok_or_else(|| ApiError::forbidden("a \"token\" is needed"))?;
    let seat = app.seat_of(id, &token).await?;
    let action = match field("type").as_deref() {
        Some("move") => Action::Move {
            seat,
            text: field("move").ok_or_else(|| ApiError::bad_request("a \"move\" is needed"))?,
            version: message
                .get("version")
                .and_then(Value::as_i64)
                .ok_or_else(|| ApiError::bad_request("a \"version\" is needed"))?,
        },
        Some("chat") => Action::Chat {
            seat,
            text: field("text").ok_or_else(|| ApiError::bad_request("a \"text\" is needed"))?,
        },
        Some("resign") => Action::Resign { seat },
        Some("draw") => Action::Draw { seat },
        Some("abort") => Action::Abort { seat },
        _ => {
            return Err(ApiError::bad_request(
                "\"type\" must be move, resign, draw, abort or chat",
            ))
        }
    };
    Ok(app.act(id, action).await.map(|(version, _)| version)?)
}
