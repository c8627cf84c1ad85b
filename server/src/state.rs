//! State shared by every request handler.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use app::db::Db;
use app::domain::{AnswerKey, parse_key_for_scoring};
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

/// Parsed answer keys, so a submission does not re-parse its key.
#[derive(Clone, Debug, Default)]
pub struct KeyCache(Arc<Mutex<HashMap<i64, Arc<AnswerKey>>>>, Arc<tokio::sync::Mutex<()>>);

impl KeyCache {
    /// The parsed key `id`, loading and parsing it on first use. Loads are
    /// serialised, so concurrent first uploads parse a key once.
    pub async fn get(&self, db: &Db, id: i64, benchmark: app::domain::Benchmark) -> anyhow::Result<Arc<AnswerKey>> {
        if let Some(key) = self.cached(id) {
            return Ok(key);
        }
        let _loading = self.1.lock().await;
        if let Some(key) = self.cached(id) {
            return Ok(key);
        }
        let bytes = app::db::keys::content_for_scoring(db, id).await?;
        let key = tokio::task::spawn_blocking(move || parse_key_for_scoring(benchmark, &bytes)).await??;
        let key = Arc::new(key);
        self.0.lock().expect("key cache lock").insert(id, key.clone());
        Ok(key)
    }

    fn cached(&self, id: i64) -> Option<Arc<AnswerKey>> {
        self.0.lock().expect("key cache lock").get(&id).cloned()
    }
}

/// Serialized exports (`/api/v1/leaderboard`, its CSV) by name, each for
/// one board version: a version's export is made once per process, not per
/// request (at 100,000 submissions the JSON is ~44 MB and takes a second or
/// two to build). An export of an older version is replaced when a newer
/// one is made.
#[derive(Clone, Debug, Default)]
pub struct ExportCache(Arc<Mutex<HashMap<&'static str, (String, axum::body::Bytes)>>>);

impl ExportCache {
    /// Export `name` of board `version`, if made already.
    pub fn get(&self, name: &'static str, version: &str) -> Option<axum::body::Bytes> {
        let exports = self.0.lock().expect("export cache lock");
        exports.get(name).filter(|(v, _)| v == version).map(|(_, body)| body.clone())
    }

    /// Keeps `body` as export `name` of board `version`.
    pub fn put(&self, name: &'static str, version: &str, body: axum::body::Bytes) {
        self.0.lock().expect("export cache lock").insert(name, (version.to_owned(), body));
    }
}
