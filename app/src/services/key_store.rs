//! Stored answer keys, as the CLI and a server's start-up handle them:
//! storing a key (it becomes its benchmark's default), revealing a
//! held-out one, reading a benchmark's default key and its content.
//! Their errors are the store's own, so that a caller can tell a key
//! stored before (by another process, or an earlier run) from a failure.

use crate::db::{Db, DbError, keys};
use crate::domain::Benchmark;
use crate::domain::exposure::Drawn;

pub use crate::db::keys::{KeyStoreError, NewKey, RevealError, StoredKey};

/// Stores `key` as its benchmark's default key.
pub async fn insert(db: &Db, key: NewKey<'_>) -> Result<StoredKey, KeyStoreError> {
    keys::insert(db, key).await
}

/// Makes the held-out key `name` public.
pub async fn reveal(db: &Db, name: &str, benchmark: Option<Benchmark>) -> Result<StoredKey, RevealError> {
    keys::reveal(db, name, benchmark).await
}

/// What the teams have drawn from the line of each key named `name` (in
/// `benchmark`, or in either): the key, per team and in total (see
/// `domain::exposure::ledger`).
pub async fn exposure(
    db: &Db,
    name: &str,
    benchmark: Option<Benchmark>,
) -> Result<Vec<(StoredKey, Vec<Drawn>, Drawn)>, DbError> {
    let mut out = Vec::new();
    for key in keys::by_name(db, name).await? {
        if benchmark.is_none_or(|b| key.benchmark == b.as_str()) {
            let released = keys::released(db, key.lineage_id).await?;
            let (teams, total) = crate::domain::exposure::ledger(&released);
            out.push((key, teams, total));
        }
    }
    Ok(out)
}

/// The default key of `benchmark`, if one is stored.
pub async fn default_key(db: &Db, benchmark: Benchmark) -> Result<Option<StoredKey>, DbError> {
    keys::default_key(db, benchmark).await
}

/// The stored content of key `key_id`, as scoring reads it.
pub async fn content_for_scoring(db: &Db, key_id: i64) -> Result<Vec<u8>, DbError> {
    keys::content_for_scoring(db, key_id).await
}
