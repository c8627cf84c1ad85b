//! Answer keys: the default key's summary (the quality and dataset pages),
//! and the parsed keys kept per process so a submission does not re-parse
//! its key (keys are immutable once stored).

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use super::error::{Result, ServiceError};
use crate::db::Db;
use crate::domain::key_summary::KeySummary;
use crate::domain::{AnswerKey, Benchmark, parse_key_for_scoring};

/// Parsed keys a process keeps: more than a server stores in practice (a
/// parsed key is a few megabytes), so that a new default key is never
/// refused a place by the cache's admission policy.
pub const KEY_CACHE_CAPACITY: u64 = 16;

/// A parsed key unused this long is dropped (an older key, once a newer one
/// is the default); it is parsed again if asked for.
pub const KEY_CACHE_IDLE: Duration = Duration::from_secs(60 * 60);

/// Parsed answer keys, so a submission does not re-parse its key (a second
/// or so for the real one).
#[derive(Clone)]
pub struct KeyCache(moka::future::Cache<i64, Arc<AnswerKey>>);

impl Default for KeyCache {
    fn default() -> Self {
        Self(moka::future::Cache::builder().max_capacity(KEY_CACHE_CAPACITY).time_to_idle(KEY_CACHE_IDLE).build())
    }
}

impl fmt::Debug for KeyCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeyCache").field("keys", &self.0.entry_count()).finish()
    }
}

impl KeyCache {
    /// The parsed key `id`, loading and parsing it on first use.
    /// Concurrent first uploads wait for one load and share its key (or its
    /// error; a failed load is not kept).
    pub async fn get(&self, db: &Db, id: i64, benchmark: Benchmark) -> Result<Arc<AnswerKey>> {
        self.get_or_load(id, async {
            let bytes = crate::db::keys::content_for_scoring(db, id).await?;
            tokio::task::spawn_blocking(move || parse_key_for_scoring(benchmark, &bytes))
                .await
                .map_err(ServiceError::internal)?
                .map_err(|e| ServiceError::internal(format!("stored key {id} no longer parses: {e}")))
        })
        .await
    }

    async fn get_or_load(&self, id: i64, load: impl Future<Output = Result<AnswerKey>>) -> Result<Arc<AnswerKey>> {
        // The error is shared by every waiting caller: each gets its text.
        self.0
            .try_get_with(id, async { load.await.map(Arc::new) })
            .await
            .map_err(|e| ServiceError::Internal(e.hidden_cause().unwrap_or_else(|| e.to_string())))
    }
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
    Ok(Some(KeySummary {
        name: stored.name,
        benchmark: report.benchmark,
        synthetic: stored.synthetic,
        sha256: stored.sha256,
        imported_at: stored.imported_at,
        rows: report.rows,
        scoreable: report.scoreable,
        normalized: report.normalized,
        rejected: report.rejected,
        warnings: report.warnings.len(),
        warning_counts: report.warning_counts,
        specialties: report.specialties,
        levels: report.levels,
        options: report.options,
    }))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use tokio::sync::Semaphore;

    use super::*;
    use crate::domain::synthetic::synthetic_key;

    fn parsed_key() -> Result<AnswerKey> {
        parse_key_for_scoring(Benchmark::MedAraBench, synthetic_key(30, 7).csv.as_bytes())
            .map_err(ServiceError::internal)
    }

    /// Uploads that all need a key not parsed yet: one load, one key.
    #[tokio::test]
    async fn concurrent_first_uses_load_a_key_once() {
        let cache = KeyCache::default();
        let loads = Arc::new(AtomicUsize::new(0));
        // Loads wait here until every caller has asked for the key.
        let gate = Arc::new(Semaphore::new(0));
        let callers: Vec<_> = (0..8)
            .map(|_| {
                let (cache, loads, gate) = (cache.clone(), loads.clone(), gate.clone());
                tokio::spawn(async move {
                    cache
                        .get_or_load(3, async {
                            loads.fetch_add(1, Ordering::SeqCst);
                            let _open = gate.acquire().await.map_err(ServiceError::internal)?;
                            parsed_key()
                        })
                        .await
                })
            })
            .collect();
        // On this single-threaded runtime every caller now runs up to its
        // first wait: the one load at the gate, the others behind it.
        for _ in 0..16 {
            tokio::task::yield_now().await;
        }
        gate.add_permits(callers.len());
        let mut keys = Vec::new();
        for caller in callers {
            keys.push(caller.await.unwrap().unwrap());
        }
        assert_eq!(loads.load(Ordering::SeqCst), 1, "loaded once");
        assert!(keys.windows(2).all(|w| Arc::ptr_eq(&w[0], &w[1])), "every caller shares the one key");
        let again = cache.get_or_load(3, async { Err(ServiceError::internal("not loaded again")) }).await.unwrap();
        assert!(Arc::ptr_eq(&again, &keys[0]));
    }

    #[tokio::test]
    async fn a_failed_load_is_reported_and_not_kept() {
        let cache = KeyCache::default();
        let err = cache.get_or_load(5, async { Err(ServiceError::internal("no such key")) }).await.unwrap_err();
        assert_eq!(err.hidden_cause().as_deref(), Some("no such key"));
        assert!(cache.get_or_load(5, async { parsed_key() }).await.is_ok(), "the next use loads again");
    }
}
