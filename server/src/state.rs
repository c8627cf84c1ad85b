//! State shared by every request handler, and the process caches of parsed
//! answer keys and of the leaderboard exports.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use app::db::Db;
use app::domain::{AnswerKey, Benchmark, parse_key_for_scoring};
use axum::body::Bytes;
use axum::extract::FromRef;
use leptos::prelude::LeptosOptions;

use crate::config::ServerConfig;

/// Everything a handler may need. Cheap to clone (pools and `Arc`s inside).
#[derive(Clone, Debug, FromRef)]
pub struct AppState {
    /// Leptos rendering options (site root, output name, address).
    pub leptos_options: LeptosOptions,
    /// The database pool.
    pub db: Db,
    /// Quotas, limits and secrets.
    pub config: Arc<ServerConfig>,
    /// Parsed answer keys by id (keys are immutable once stored).
    pub keys: KeyCache,
    /// The leaderboard exports of the current board version, serialized.
    pub exports: ExportCache,
    /// Write rate limits per client address.
    pub writes: Arc<crate::http::rate_limit::WriteLimiter>,
}

impl AppState {
    /// State over an opened database.
    pub fn new(leptos_options: LeptosOptions, db: Db, config: ServerConfig) -> Self {
        let writes = Arc::new(crate::http::rate_limit::WriteLimiter::new(config.writes_per_minute));
        Self {
            leptos_options,
            db,
            writes,
            config: Arc::new(config),
            keys: KeyCache::default(),
            exports: ExportCache::default(),
        }
    }
}

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
    pub async fn get(&self, db: &Db, id: i64, benchmark: Benchmark) -> anyhow::Result<Arc<AnswerKey>> {
        self.get_or_load(id, async {
            let bytes = app::db::keys::content_for_scoring(db, id).await?;
            Ok(tokio::task::spawn_blocking(move || parse_key_for_scoring(benchmark, &bytes)).await??)
        })
        .await
    }

    async fn get_or_load(
        &self,
        id: i64,
        load: impl Future<Output = anyhow::Result<AnswerKey>>,
    ) -> anyhow::Result<Arc<AnswerKey>> {
        // The error is shared by every waiting caller: each gets its text
        // with the causes (`{:#}`).
        self.0.try_get_with(id, async { load.await.map(Arc::new) }).await.map_err(|e| anyhow::anyhow!("{e:#}"))
    }
}

/// Export names a process keeps (one entry per name, whatever the version).
const EXPORT_CACHE_CAPACITY: u64 = 8;

/// Serialized exports (`/api/v1/leaderboard`, its CSV) by name, each for
/// one board version: a version's export is made once per process, not per
/// request (at 100,000 submissions the JSON is ~44 MB and takes a second or
/// two to build). An export of an older version is replaced when a newer
/// one is made.
#[derive(Clone)]
pub struct ExportCache(moka::sync::Cache<&'static str, (String, Bytes)>);

impl Default for ExportCache {
    fn default() -> Self {
        Self(moka::sync::Cache::new(EXPORT_CACHE_CAPACITY))
    }
}

impl fmt::Debug for ExportCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExportCache").field("exports", &self.0.entry_count()).finish()
    }
}

impl ExportCache {
    /// Export `name` of board `version`, if made already.
    pub fn get(&self, name: &'static str, version: &str) -> Option<Bytes> {
        self.0.get(name).filter(|(v, _)| v == version).map(|(_, body)| body)
    }

    /// Keeps `body` as export `name` of board `version`, in place of the
    /// export of an older version.
    pub fn put(&self, name: &'static str, version: &str, body: Bytes) {
        self.0.insert(name, (version.to_owned(), body));
        // Let go of the replaced body (tens of megabytes) now, not at the
        // cache's next maintenance.
        self.0.run_pending_tasks();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use app::domain::synthetic::synthetic_key;
    use tokio::sync::Semaphore;

    use super::*;

    fn parsed_key() -> anyhow::Result<AnswerKey> {
        Ok(parse_key_for_scoring(Benchmark::MedAraBench, synthetic_key(30, 7).csv.as_bytes())?)
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
                            let _open = gate.acquire().await?;
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
        let again = cache.get_or_load(3, async { anyhow::bail!("not loaded again") }).await.unwrap();
        assert!(Arc::ptr_eq(&again, &keys[0]));
    }

    #[tokio::test]
    async fn a_failed_load_is_reported_and_not_kept() {
        let cache = KeyCache::default();
        let err = cache.get_or_load(5, async { anyhow::bail!("no such key") }).await.unwrap_err();
        assert_eq!(err.to_string(), "no such key");
        assert!(cache.get_or_load(5, async { parsed_key() }).await.is_ok(), "the next use loads again");
    }

    #[test]
    fn an_export_is_kept_for_its_version_only() {
        let exports = ExportCache::default();
        assert_eq!(exports.get("leaderboard.json", "1"), None);
        exports.put("leaderboard.json", "1", Bytes::from_static(b"one"));
        exports.put("leaderboard.csv", "1", Bytes::from_static(b"csv"));
        assert_eq!(exports.get("leaderboard.json", "1").as_deref(), Some(&b"one"[..]));
        assert_eq!(exports.get("leaderboard.json", "2"), None, "another version is not served");
        exports.put("leaderboard.json", "2", Bytes::from_static(b"two"));
        assert_eq!(exports.get("leaderboard.json", "1"), None, "the older version is gone");
        assert_eq!(exports.get("leaderboard.json", "2").as_deref(), Some(&b"two"[..]));
        assert_eq!(exports.get("leaderboard.csv", "1").as_deref(), Some(&b"csv"[..]), "per name");
    }
}
