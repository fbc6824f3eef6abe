//! Opening a server's state: the storage, the other nodes' changes, and
//! the games being played.

use std::sync::Arc;

use crate::config::Config;
use crate::live::app::App;
use crate::live::nodes;
use crate::store::database::Store;

/// Opens the storage of `config` (creating SQLite's directory), resumes
/// the games being played, and returns the server's state.
///
/// # Errors
///
/// A message when the directory, the database or a stored game fails.
pub async fn open(config: &Config) -> Result<Arc<App>, String> {
    if let Some(dir) = &config.data {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let store = Store::open(&config.database)
        .await
        .map_err(|e| e.to_string())?;
    let shared = store.shared();
    // Names are looked up by their key: stored keys are made again with
    // this version's rules before anyone logs in.
    crate::accounts::name_keys::rekey(&store.pool, shared)
        .await
        .map_err(|e| e.to_string())?;
    let app = App::new(store, config.create_per_minute)?;
    if shared {
        // Listening first: no change made while the games load is missed.
        nodes::listen(app.clone()).await?;
    }
    app.resume_all().await.map_err(|e| e.to_string())?;
    if let Err(e) = app.store.settle_pending().await {
        tracing::warn!("ratings: {e} (retried at the next start)");
    }
    Ok(app)
}
