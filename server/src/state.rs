//! State shared by every request handler (the leaderboard exports' cache:
//! [`crate::exports`]; parsed keys: `app::services::keys`).

use std::sync::Arc;

use app::services::Db;
use app::services::keys::KeyCache;
use app::services::submissions::QuotaDefaults;
use app::services::submit::Scoring;
use axum::extract::FromRef;
use leptos::prelude::LeptosOptions;

use crate::config::ServerConfig;
use crate::exports::ExportCache;

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
    /// The leaderboard exports of the current board version, serialized
    /// and compressed.
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

impl AppState {
    /// Where visitors reach the site: `serve --public-url`, else the
    /// address this server listens on. Links that leave the site (a
    /// model card's) name it; a request's `Host`, which its sender
    /// writes, never does.
    pub fn site_url(&self) -> String {
        match self.config.registrar.public_url.trim_end_matches('/') {
            "" => format!("http://{}", self.leptos_options.site_addr),
            url => url.to_owned(),
        }
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
