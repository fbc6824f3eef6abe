//! Several servers on one PostgreSQL database: each commit announces its
//! changes as `<game id>:<version>` on the channel [`CHANNEL`]
//! (`pg_notify` inside the committing transaction, so an announcement is
//! delivered on commit only; see [`crate::store::writer`]), and every server
//! listens. On an announcement for a game it keeps in memory or has
//! listeners for, a server brings its copy up to the stored game (the
//! tokens played since, the stored row) and publishes the stored events
//! after the last one it published, in order, each once.
//!
//! The listening connection is opened again when it drops; the games
//! served are then brought up to date from storage, since announcements
//! made meanwhile are lost. SQLite has one server: nothing of this runs.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};

use crate::live::app::App;
use crate::live::events::Event;
use crate::live::game::Live;
use crate::live::refusal::Refusal;
use crate::store::writer::CHANNEL;
use crate::table::status::Status;

/// The `application_name` of the listening connection (to find it in
/// `pg_stat_activity`).
pub const LISTENER_NAME: &str = "kc-server listener";

/// The longest wait between two attempts to listen again.
const MAX_BACKOFF: Duration = Duration::from_secs(2);

/// Listens to the announcements of the other servers on `app`'s
/// database, for as long as the process runs. Returns once listening.
///
/// # Errors
///
/// When the first connection or `LISTEN` fails.
pub async fn listen(app: Arc<App>) -> Result<(), String> {
    let url = app.store.url().to_string();
    let listener = connect(&url)
        .await
        .map_err(|e| format!("listening on {CHANNEL}: {e}"))?;
    tokio::spawn(run(app, url, listener));
    Ok(())
}

/// A connection listening on [`CHANNEL`].
async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
    let options = PgConnectOptions::from_str(url)?.application_name(LISTENER_NAME);
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .max_lifetime(None)
        .idle_timeout(None)
        .connect_with(options)
        .await?;
    let mut listener = PgListener::connect_with(&pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// The listening loop: each announcement is handled by a task of its own
/// (a game's lock orders them); a lost connection is opened again, then
/// every game served is brought up to date.
async fn run(app: Arc<App>, url: String, mut listener: PgListener) {
    let mut backoff = Duration::from_millis(50);
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => {
                backoff = Duration::from_millis(50);
                if let Some((id, version)) = parse(notification.payload()) {
                    let app = app.clone();
                    tokio::spawn(async move { app.sync(&id, version).await });
                }
            }
            // Lost and opened again (listening again) by sqlx itself.
            Ok(None) => resync(&app),
            Err(e) => {
                tracing::warn!("{CHANNEL}: {e}; listening again");
                loop {
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    match connect(&url).await {
                        Ok(again) => {
                            listener = again;
                            break;
                        }
                        Err(e) => tracing::warn!("{CHANNEL}: {e}"),
                    }
                }
                resync(&app);
            }
        }
    }
}

/// Brings every game served here up to date (announcements may have
/// been lost).
fn resync(app: &Arc<App>) {
    let app = app.clone();
    tokio::spawn(async move {
        for id in app.served_ids().await {
            app.sync(&id, i64::MAX).await;
        }
    });
}

/// `<id>:<version>`.
fn parse(payload: &str) -> Option<(String, i64)> {
    let (id, version) = payload.split_once(':')?;
    Some((id.to_string(), version.parse().ok()?))
}

impl App {
    /// The games this server keeps in memory or has listeners for.
    async fn served_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.games.lock().await.keys().cloned().collect();
        ids.extend(self.hub.ids());
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Handles the announcement that game `id` is stored at `version`
    /// (`i64::MAX`: whatever it is): a copy in memory that is behind is
    /// brought up to date; listeners here get the events they lack.
    pub async fn sync(self: &Arc<Self>, id: &str, version: i64) {
        let cell = self.games.lock().await.get(id).cloned();
        let result = match cell {
            Some(cell) => {
                let mut live = cell.lock().await;
                if live.version >= version {
                    return;
                }
                match self.refresh(&mut live).await {
                    Ok(_) if live.status == Status::Over => {
                        drop(live);
                        self.forget(id).await;
                        Ok(())
                    }
                    Ok(_) => Ok(()),
                    Err(e) => Err(e),
                }
            }
            // Listeners of a game not in memory (over, or dropped from
            // the cache): the events after the last one sent.
            None => match self.hub.last_sent(id) {
                Some(last) if last < version => self.publish_stored(id, last, version).await,
                _ => Ok(()),
            },
        };
        if let Err(e) = result {
            tracing::warn!(game = %id, "bringing it up to date: {e}");
        }
    }

    /// Brings `live` (held by the caller) up to the stored game, read in
    /// one statement: replays the tokens played since, takes the stored
    /// row, publishes the events after the version it had, and schedules
    /// its clock and bot anew. Whether the stored game was ahead.
    ///
    /// # Errors
    ///
    /// Storage, or a stored game that does not replay.
    pub(crate) async fn refresh(self: &Arc<Self>, live: &mut Live) -> Result<bool, Refusal> {
        let id = live.id.clone();
        let tokens = live.table.tokens().len();
        let changes = self
            .store
            .changes_since(&id, tokens as i64, live.version)
            .await?
            .ok_or_else(Refusal::not_found)?;
        if changes.row.version <= live.version {
            return Ok(false);
        }
        let mut fresh = crate::live::app::from_row(changes.row).map_err(Refusal::internal)?;
        fresh.table = live.table.clone();
        fresh.chat_times = std::mem::take(&mut live.chat_times);
        for token in &changes.tokens {
            fresh
                .replay(token)
                .map_err(|e| Refusal::internal(format!("game {id} does not replay: {e}")))?;
        }
        self.resume_loaded(&mut fresh)?;
        let turn_changed = !changes.tokens.is_empty() || fresh.status != live.status;
        *live = fresh;
        for (version, body) in changes.events {
            self.hub.send(&id, Event { version, body });
        }
        self.schedule(live, turn_changed);
        Ok(true)
    }

    /// Publishes game `id`'s stored events after version `after` up to
    /// `until`, when it has listeners here.
    async fn publish_stored(&self, id: &str, after: i64, until: i64) -> Result<(), Refusal> {
        let Some(last) = self.hub.last_sent(id) else {
            return Ok(());
        };
        let mut after = after.max(last);
        while after < until {
            let page = self
                .store
                .events_since(id, after, (until - after).min(PAGE))
                .await?;
            let Some(&(version, _)) = page.last() else {
                break;
            };
            for (version, body) in page {
                self.hub.send(id, Event { version, body });
            }
            after = version;
        }
        Ok(())
    }
}

/// How many stored events are read at a time when publishing.
const PAGE: i64 = 500;

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn announcements_read_as_id_and_version() {
        assert_eq!(
            parse("0123456789abcdef:42"),
            Some(("0123456789abcdef".into(), 42))
        );
        assert_eq!(parse("0123456789abcdef"), None);
        assert_eq!(parse("x:y"), None);
    }
}
