//! Keeps the stored name keys current: when the rules of
//! [`crate::accounts::names::name_key`] change, every account's key is computed
//! again from its shown name at start.
//!
//! Two accounts that were apart under the old key may read alike under
//! the new one. The older account (first created; the smaller id on a
//! tie) keeps the name: its key is the new key. The newer one keeps its
//! id, sessions, API token, ratings and games, and its shown name, but its
//! key becomes `<key>#<id>`, which no name typed reads as: it is no longer
//! found by name (log-in, `/api/players/<name>`, `player:<name>` seats)
//! until an operator renames it. Each such account is reported on the
//! standard error at every start.
//!
//! The work is done in one transaction; on PostgreSQL the table is locked
//! first, so that servers started together on one database do it once.

use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use crate::accounts::names::AccountName;
use crate::store::rows::StoreError;

/// An account as the rekeying reads it.
struct Stored {
    id: String,
    name: String,
    key: String,
}

fn stored(row: &AnyRow) -> Result<Stored, sqlx::Error> {
    Ok(Stored {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        key: row.try_get(2)?,
    })
}

/// The key `account` should have now, given the keys already given to
/// older accounts (`None`: it keeps its stored key).
fn wanted(account: &Stored) -> Option<String> {
    let parsed = AccountName::parse(&account.name).ok()?;
    Some(parsed.key().to_string())
}

/// Pairs of strings: `(id, new key)` or `(newer name, older name)`.
type Pairs = Vec<(String, String)>;

/// The new key of each account whose key changes, in creation order, and
/// the accounts that lost their name to an older one.
fn plan(accounts: &[Stored]) -> (Pairs, Pairs) {
    let mut given = std::collections::HashMap::new();
    let mut changes = Vec::new();
    let mut lost = Vec::new();
    for account in accounts {
        let mut key = wanted(account).unwrap_or_else(|| account.key.clone());
        if let Some(older) = given.get(&key) {
            lost.push((account.name.clone(), String::clone(older)));
            key = format!("{key}#{}", account.id);
        }
        given.insert(key.clone(), account.name.clone());
        if key != account.key {
            changes.push((account.id.clone(), key));
        }
    }
    (changes, lost)
}

/// Reads every account, oldest first.
async fn read<'c, E>(executor: E) -> Result<Vec<Stored>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let rows = sqlx::query("SELECT id, name, name_key FROM accounts ORDER BY created_ms, id")
        .fetch_all(executor)
        .await?;
    Ok(rows.iter().map(stored).collect::<Result<_, _>>()?)
}

/// Computes every stored key again and writes those that changed; returns
/// how many changed.
///
/// # Errors
///
/// A database failure (nothing is changed then).
pub async fn rekey(pool: &AnyPool, postgres: bool) -> Result<usize, StoreError> {
    let accounts = read(pool).await?;
    let (changes, lost) = plan(&accounts);
    for (newer, older) in &lost {
        eprintln!(
            "kc-server: account names: {newer:?} reads as the older {older:?}; {older:?} keeps the name, {newer:?} is not found by name until renamed"
        );
    }
    if changes.is_empty() {
        return Ok(0);
    }
    let mut tx = pool.begin().await?;
    if postgres {
        sqlx::query("LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE")
            .execute(&mut *tx)
            .await?;
    }
    // Read again under the lock: another server may have done it.
    let accounts = read(&mut *tx).await?;
    let (changes, _) = plan(&accounts);
    // First out of the way (a key may pass from one account to another),
    // then the new keys.
    for (id, _) in &changes {
        sqlx::query("UPDATE accounts SET name_key = $1 WHERE id = $2")
            .bind(format!("#rekey#{id}"))
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    for (id, key) in &changes {
        sqlx::query("UPDATE accounts SET name_key = $1 WHERE id = $2")
            .bind(key)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(changes.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(id: &str, name: &str, key: &str) -> Stored {
        Stored {
            id: id.into(),
            name: name.into(),
            key: key.into(),
        }
    }

    #[test]
    fn the_older_account_keeps_a_name_read_alike() {
        let kate = AccountName::parse("KATE").unwrap().key().to_string();
        let accounts = [
            account("01", "KATE", "kate"),
            account("02", "\u{039A}\u{0391}\u{03A4}\u{0395}", "old greek key"),
            account("03", "Anna", "anna"),
        ];
        let (changes, lost) = plan(&accounts);
        assert_eq!(changes, [("02".to_string(), format!("{kate}#02"))]);
        assert_eq!(lost.len(), 1);
        // A current store changes nothing.
        let current = [account("01", "KATE", &kate), account("03", "Anna", "anna")];
        assert!(plan(&current).0.is_empty());
    }
}
