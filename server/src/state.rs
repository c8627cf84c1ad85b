//! State shared by every request handler.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use app::db::Db;
use app::db::submissions::QuotaDefaults;
use app::services::keys::KeyCache;
use app::services::submit::Scoring;
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

impl AppState {
    /// The quota defaults of this server.
    pub fn quota_defaults(&self) -> QuotaDefaults {
        QuotaDefaults { daily: self.config.daily_quota, total: self.config.total_quota }
    }

    /// What accepting an upload needs.
    pub fn scoring(&self) -> Scoring<'_> {
        Scoring { db: &self.db, keys: &self.keys, quota: self.quota_defaults() }
    }

    /// Sign-in throttling of this server.
    pub fn signin_throttle(&self) -> app::services::accounts::SigninThrottle {
        app::services::accounts::SigninThrottle {
            failures: self.config.signin_failures,
            window_secs: self.config.signin_window_secs,
        }
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
