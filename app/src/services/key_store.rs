//! Stored answer keys, as the CLI and a server's start-up handle them:
//! storing a key (it becomes its benchmark's default), revealing a
//! held-out one, reading a benchmark's default key and its content.
//! Their errors are the store's own, so that a caller can tell a key
//! stored before (by another process, or an earlier run) from a failure.

use crate::db::{Db, DbError, keys};
use crate::domain::Benchmark;
use crate::domain::exposure::Drawn;

pub use crate::db::keys::{KeySplit, KeyStoreError, NewKey, RevealError, StoredKey};

/// Stores `key` as its benchmark's default key.
pub async fn insert(db: &Db, key: NewKey<'_>) -> Result<StoredKey, KeyStoreError> {
    keys::insert(db, key).await
}

/// A new held-out key's split: the public part's `share` of its scoreable
/// questions (checked; `None`: 30%) and a fresh secret seed to draw it
/// with (`domain::split`).
pub fn new_split(share: Option<f64>) -> Result<KeySplit, String> {
    let share = crate::domain::split::check_share(share.unwrap_or(crate::domain::split::DEFAULT_PUBLIC_SHARE))?;
    Ok(KeySplit { share, seed: super::secrets::new_secret("split_") })
}

/// The stored keys still held out (not revealed), newest first.
pub async fn held_out(db: &Db) -> Result<Vec<StoredKey>, DbError> {
    let all = keys::list(db).await?;
    Ok(all.into_iter().filter(|k| k.exposure == crate::domain::exposure::Exposure::HeldOut).collect())
}

/// Makes the held-out key `name` public.
pub async fn reveal(db: &Db, name: &str, benchmark: Option<Benchmark>) -> Result<StoredKey, RevealError> {
    keys::reveal(db, name, benchmark).await
}

/// Why no one stored key answers to a name.
#[derive(Debug, thiserror::Error)]
pub enum NamedKeyError {
    #[error("no stored key is named {0:?}")]
    Unknown(String),
    #[error("keys of several benchmarks are named {0:?}; add --benchmark")]
    Ambiguous(String),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// The stored key `name` (any version's name; of `benchmark` when given),
/// as the operators' commands name a key.
pub async fn named(db: &Db, name: &str, benchmark: Option<Benchmark>) -> Result<StoredKey, NamedKeyError> {
    let named: Vec<StoredKey> = keys::by_name(db, name)
        .await?
        .into_iter()
        .filter(|k| benchmark.is_none_or(|b| k.benchmark == b.as_str()))
        .collect();
    match <[StoredKey; 1]>::try_from(named) {
        Ok([key]) => Ok(key),
        Err(found) if found.is_empty() => Err(NamedKeyError::Unknown(name.to_owned())),
        Err(_) => Err(NamedKeyError::Ambiguous(name.to_owned())),
    }
}

/// What the teams have drawn from the line of the key named `name` (see
/// [`named`]): the key, per team and in total (see
/// `domain::exposure::ledger`).
pub async fn exposure(
    db: &Db,
    name: &str,
    benchmark: Option<Benchmark>,
) -> Result<(StoredKey, Vec<Drawn>, Drawn), NamedKeyError> {
    let key = named(db, name, benchmark).await?;
    let released = keys::released(db, key.lineage_id).await?;
    let (teams, total) = crate::domain::exposure::ledger(&released);
    Ok((key, teams, total))
}

/// The default key of `benchmark`, if one is stored.
pub async fn default_key(db: &Db, benchmark: Benchmark) -> Result<Option<StoredKey>, DbError> {
    keys::default_key(db, benchmark).await
}

/// The stored content of key `key_id`, as scoring reads it.
pub async fn content_for_scoring(db: &Db, key_id: i64) -> Result<Vec<u8>, DbError> {
    keys::content_for_scoring(db, key_id).await
}
