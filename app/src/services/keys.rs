//! Answer keys: the default key's summary (the quality and dataset pages),
//! and the parsed keys kept per process so a submission does not re-parse
//! its key (keys are immutable once stored).

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use super::error::{Result, ServiceError};
use super::near_duplicates::NearIndex;
use crate::db::Db;
use crate::db::keys::StoredKey;
use crate::domain::errata::Erratum;
use crate::domain::exposure::Exposure;
use crate::domain::key_summary::KeySummary;
use crate::domain::split::PublicPart;
use crate::domain::{AnswerKey, Benchmark, CheckedKey, parse_key};

/// Parsed keys a process keeps: more than a server stores in practice (a
/// parsed key is a few megabytes), so that a new default key is never
/// refused a place by the cache's admission policy.
pub const KEY_CACHE_CAPACITY: u64 = 16;

/// A parsed key unused this long is dropped (an older key, once a newer one
/// is the default); it is parsed again if asked for.
pub const KEY_CACHE_IDLE: Duration = Duration::from_secs(60 * 60);

/// Parsed answer keys, so a submission does not re-parse its key (a second
/// or so for the real one), what the near-duplicate index keeps per key
/// (`services::near_duplicates`), and each benchmark's default key as
/// last read (an upload's transaction checks it still is: see
/// [`KeyCache::default_key`]).
#[derive(Clone)]
pub struct KeyCache {
    keys: moka::future::Cache<i64, Arc<AnswerKey>>,
    near_index: NearIndex,
    parts: moka::future::Cache<i64, Arc<PublicPart>>,
    defaults: moka::future::Cache<Benchmark, StoredKey>,
}

impl Default for KeyCache {
    fn default() -> Self {
        Self {
            keys: per_key(),
            near_index: NearIndex::default(),
            parts: per_key(),
            defaults: moka::future::Cache::new(8),
        }
    }
}

/// A cache of one value per key, bounded and idled out like the keys.
pub(crate) fn per_key<V: Clone + Send + Sync + 'static>() -> moka::future::Cache<i64, V> {
    moka::future::Cache::builder().max_capacity(KEY_CACHE_CAPACITY).time_to_idle(KEY_CACHE_IDLE).build()
}

impl fmt::Debug for KeyCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeyCache").field("keys", &self.keys.entry_count()).finish()
    }
}

impl KeyCache {
    /// The parsed key `id`, loading and parsing it on first use. It is read
    /// whole ([`parse_key`], not the scoring-only reader), so that its known
    /// defects include the conflicting duplicate questions (`forensics`);
    /// that costs its first use a little more, once per process.
    /// Concurrent first uploads wait for one load and share its key (or its
    /// error; a failed load is not kept).
    pub async fn get(&self, db: &Db, id: i64, benchmark: Benchmark) -> Result<Arc<AnswerKey>> {
        self.get_or_load(id, async {
            let bytes = crate::db::keys::content_for_scoring(db, id).await?;
            tokio::task::spawn_blocking(move || parse_key(benchmark, &bytes).and_then(CheckedKey::require_scoreable))
                .await
                .map_err(ServiceError::internal)?
                .map(|checked| checked.key)
                .map_err(|e| ServiceError::internal(format!("stored key {id} no longer parses: {e}")))
        })
        .await
    }

    /// The public part of `stored` (parsed as [`KeyCache::get`] parses it),
    /// when it is split (`domain::split`), drawn on first use.
    pub async fn public_part(&self, db: &Db, stored: &StoredKey) -> Result<Option<Arc<PublicPart>>> {
        if stored.public_share.is_none() {
            return Ok(None);
        }
        let benchmark: Benchmark = stored.benchmark.parse().map_err(ServiceError::internal)?;
        let key = self.get(db, stored.id, benchmark).await?;
        let id = stored.id;
        let part = self
            .parts
            .try_get_with(id, async move {
                let part = draw_part(db, id, key)
                    .await?
                    .ok_or_else(|| ServiceError::internal(format!("stored key {id} has a share but no seed")))?;
                Ok::<_, ServiceError>(Arc::new(part))
            })
            .await
            .map_err(|e| ServiceError::Internal(e.hidden_cause().unwrap_or_else(|| e.to_string())))?;
        Ok(Some(part))
    }

    /// The benchmark's default key as this process last read it (`None`:
    /// none is stored). It may have changed since (another process may
    /// import a key or reveal one): an upload scored on it is stored only
    /// if its transaction finds it still the default, with the same
    /// exposure, and otherwise calls [`KeyCache::forget_default`] and
    /// starts again (`services::submit`).
    pub async fn default_key(&self, db: &Db, benchmark: Benchmark) -> Result<Option<StoredKey>> {
        if let Some(key) = self.defaults.get(&benchmark).await {
            return Ok(Some(key));
        }
        // No key stored is not kept: the next upload looks again.
        let key = crate::db::keys::default_key(db, benchmark).await?;
        if let Some(key) = &key {
            self.defaults.insert(benchmark, key.clone()).await;
        }
        Ok(key)
    }

    /// Forgets the default key read for `benchmark`: the next use reads it.
    pub async fn forget_default(&self, benchmark: Benchmark) {
        self.defaults.invalidate(&benchmark).await;
    }

    /// What this process keeps of the near-duplicate index.
    pub fn near_index(&self) -> &NearIndex {
        &self.near_index
    }

    async fn get_or_load(&self, id: i64, load: impl Future<Output = Result<AnswerKey>>) -> Result<Arc<AnswerKey>> {
        // The error is shared by every waiting caller: each gets its text.
        self.keys
            .try_get_with(id, async { load.await.map(Arc::new) })
            .await
            .map_err(|e| ServiceError::Internal(e.hidden_cause().unwrap_or_else(|| e.to_string())))
    }
}

/// The public part of stored key `id` drawn on `key` (its content,
/// parsed), off the async threads; `None` when the key is not split.
/// Uploads (through [`KeyCache::public_part`]) and re-scoring on a
/// corrected version draw it here alike.
pub(crate) async fn draw_part(
    db: &Db,
    id: i64,
    key: Arc<AnswerKey>,
) -> std::result::Result<Option<PublicPart>, crate::db::DbError> {
    let Some(split) = crate::db::keys::split(db, id).await? else { return Ok(None) };
    let drawn = move || PublicPart::draw(&key, split.seed.as_bytes(), split.share);
    let part = tokio::task::spawn_blocking(drawn).await.map_err(|e| crate::db::DbError::Background(e.to_string()))?;
    Ok(Some(part))
}

/// Every correction of a stored key, newest first.
pub async fn errata(db: &Db) -> Result<Vec<Erratum>> {
    Ok(crate::db::keys::errata(db).await?)
}

/// The summary of the default MedAraBench key, or `None` when no key is
/// stored yet.
pub async fn default_summary(db: &Db) -> Result<Option<KeySummary>> {
    use crate::db::keys;
    let Some(stored) = keys::default_key(db, Benchmark::MedAraBench).await? else {
        return Ok(None);
    };
    let Some(report) = keys::report(db, stored.id).await? else {
        return Ok(None);
    };
    // A held-out key keeps to itself what would name an answer: the
    // reasons of rows rejected for their answer cell, and its hash.
    let held_out = stored.exposure == Exposure::HeldOut;
    let (rejected, withheld): (Vec<_>, Vec<_>) =
        report.rejected.into_iter().partition(|r| !(held_out && r.reveals_answer()));
    Ok(Some(KeySummary {
        name: stored.name,
        benchmark: report.benchmark,
        synthetic: stored.synthetic,
        sha256: (!held_out).then_some(stored.sha256),
        exposure: stored.exposure,
        withheld: withheld.len(),
        imported_at: stored.imported_at,
        rows: report.rows,
        scoreable: report.scoreable,
        normalized: report.normalized,
        rejected,
        warnings: report.warnings.len(),
        warning_counts: report.warning_counts,
        specialties: report.specialties,
        levels: report.levels,
        options: report.options,
    }))
}
