//! The administrator's commands: `kc-server admin bot NAME`.

use crate::accounts::account::{AccountKind, CreateError};
use crate::accounts::names::AccountName;
use crate::config::Config;
use crate::store::database::Store;
use crate::table::seats::hash_secret;

/// Makes the bot account `name` in the storage of `config` and returns
/// its API token (only its hash is stored: this is the one time it is
/// shown).
///
/// # Errors
///
/// A bad or taken name, or a storage failure, as a message.
pub async fn make_bot(config: &Config, name: &str) -> Result<String, String> {
    let name = AccountName::parse(name)?;
    if let Some(dir) = &config.data {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let store = Store::open(&config.database)
        .await
        .map_err(|e| e.to_string())?;
    let token = crate::table::dice::random_hex(32).map_err(|e| format!("randomness: {e}"))?;
    match store
        .create_account(&name, AccountKind::Bot, "", Some(&hash_secret(&token)))
        .await
    {
        Ok(_) => Ok(token),
        Err(CreateError::Taken) => Err(format!("the name {} is taken", name.shown())),
        Err(CreateError::Store(e)) => Err(e.to_string()),
    }
}
