//! State shared by every request handler, and the process cache of the
//! leaderboard exports (parsed keys: `app::services::keys`).

use std::fmt;
use std::sync::Arc;

use app::services::Db;
use app::services::keys::KeyCache;
use app::services::submissions::QuotaDefaults;
use app::services::submit::Scoring;
use axum::body::Bytes;
use axum::extract::FromRef;
use leptos::prelude::LeptosOptions;

use crate::config::ServerConfig;

/// Everything a handler may need, shared: a clone (axum makes one for
/// every extractor of every request) is one reference count, not a copy of
/// the Leptos options, the caches and the asset table.
#[derive(Clone, Debug)]
pub struct AppState(Arc<Shared>);

/// What [`AppState`] shares, read through it (`state.db`, `state.config`).
#[derive(Clone, Debug)]
pub struct Shared {
    /// Leptos rendering options (site root, output name, address).
    pub leptos_options: LeptosOptions,
    /// The database pool.
    pub db: Db,
    /// Quotas, limits and secrets.
    pub config: Arc<ServerConfig>,
    /// Parsed answer keys by id (keys are immutable once stored).
    pub keys: KeyCache,
    /// Live API tokens remembered for uploads.
    pub tokens: app::services::tokens::TokenCache,
    /// The leaderboard exports of the current board version, serialized.
    pub exports: ExportCache,
    /// Write rate limits per client address.
    pub writes: Arc<crate::http::rate_limit::WriteLimiter>,
    /// The browser bundle under its content-hashed names.
    pub assets: crate::http::assets::Assets,
    /// Signed-out page views, rendered once per board version.
    pub pages: crate::http::page_cache::PageCache,
}

impl AppState {
    /// State over an opened database.
    pub fn new(leptos_options: LeptosOptions, db: Db, config: ServerConfig) -> Self {
        let writes = Arc::new(crate::http::rate_limit::WriteLimiter::new(config.writes_per_minute));
        let (root, pkg, name) = (&leptos_options.site_root, &leptos_options.site_pkg_dir, &leptos_options.output_name);
        let assets = if leptos_options.env == leptos::config::Env::DEV {
            crate::http::assets::Assets::plain(pkg, name)
        } else {
            crate::http::assets::Assets::load(root, pkg, name)
        };
        Self(Arc::new(Shared {
            assets,
            pages: crate::http::page_cache::PageCache::default(),
            leptos_options,
            db,
            writes,
            config: Arc::new(config),
            keys: KeyCache::default(),
            tokens: app::services::tokens::TokenCache::default(),
            exports: ExportCache::default(),
        }))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What the Leptos routes take from the state.
impl FromRef<AppState> for LeptosOptions {
    fn from_ref(state: &AppState) -> Self {
        state.leptos_options.clone()
    }
}

impl AppState {
    /// Serves `assets` from now on (this state only: one shared with other
    /// handles is copied first). For a test building its own site.
    pub fn set_assets(&mut self, assets: crate::http::assets::Assets) {
        Arc::make_mut(&mut self.0).assets = assets;
    }

    /// The quota defaults of this server.
    pub fn quota_defaults(&self) -> QuotaDefaults {
        QuotaDefaults { daily: self.config.daily_quota, total: self.config.total_quota }
    }

    /// What accepting an upload needs.
    pub fn scoring(&self) -> Scoring<'_> {
        Scoring {
            db: &self.db,
            keys: &self.keys,
            quota: self.quota_defaults(),
            ladder_step: self.config.ladder_step,
            ladder_noise: self.config.ladder_noise,
            secret: &self.config.secret,
            client_daily_quota: self.config.client_daily_quota,
            registration: self.config.registrar.mode,
        }
    }

    /// Sign-in throttling of this server.
    pub fn signin_throttle(&self) -> app::services::accounts::SigninThrottle {
        app::services::accounts::SigninThrottle {
            failures: self.config.signin_failures,
            window_secs: self.config.signin_window_secs,
        }
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
    use super::*;

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
