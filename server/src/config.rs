//! Runtime configuration: the database URL, quotas and limits, and the
//! Leptos site options.

use std::net::SocketAddr;
use std::time::Duration;

use leptos::config::Env;
use leptos::prelude::LeptosOptions;

pub use app::services::database::DEFAULT_DATABASE_URL;

/// Server settings that are not the database or the site.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Submissions per team per UTC day (a team's own setting overrides it).
    pub daily_quota: i64,
    /// Submissions per team in total.
    pub total_quota: i64,
    /// Largest request body for uploads, in bytes.
    pub upload_limit: usize,
    /// Largest body for every other request, in bytes.
    pub body_limit: usize,
    /// Requests taking longer are answered 408.
    pub request_timeout: Duration,
    /// Mark cookies `Secure` (always, except when explicitly turned off).
    pub secure_cookies: bool,
    /// Failed sign-ins per account allowed in `signin_window`.
    pub signin_failures: i64,
    pub signin_window_secs: i64,
    /// Server-wide secret (stored in the database) seeding comparisons.
    pub secret: String,
    /// Writes (POST, PUT, PATCH, DELETE) per client address per minute; 0
    /// turns the limit off (see `http::rate_limit`).
    pub writes_per_minute: u32,
    /// Take the client's address from the last `X-Forwarded-For` entry
    /// (only behind a proxy that sets it).
    pub behind_proxy: bool,
    /// The Ladder's step on held-out keys, as a fraction of the questions;
    /// `None`: 1/√n for a key of n scoreable questions.
    pub ladder_step: Option<f64>,
    /// Teams a client address may register a UTC day; 0 turns the limit off.
    pub registrations_per_day: i64,
    /// Uploads a client address may send a UTC day, across all teams; 0
    /// turns the limit off.
    pub client_daily_quota: i64,
    /// Server-wide secret (stored in the database) keying the hashes of
    /// client addresses (`app::services::clients`).
    pub client_secret: String,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            daily_quota: 5,
            total_quota: 100,
            upload_limit: app::domain::MAX_PREDICTION_BYTES + 1024 * 1024,
            body_limit: 64 * 1024,
            request_timeout: Duration::from_secs(30),
            secure_cookies: true,
            signin_failures: 10,
            signin_window_secs: 300,
            writes_per_minute: 120,
            behind_proxy: false,
            ladder_step: None,
            registrations_per_day: 3,
            client_daily_quota: 10,
            secret: String::new(),
            client_secret: String::new(),
        }
    }
}

/// Leptos options for serving the site, from the environment variables that
/// cargo-leptos sets (`LEPTOS_SITE_ROOT`, `LEPTOS_SITE_PKG_DIR`,
/// `LEPTOS_ENV`, `LEPTOS_RELOAD_PORT`) with defaults that fit a plain
/// `cargo leptos build` tree (`target/site`, `pkg`).
pub fn leptos_options(addr: SocketAddr) -> LeptosOptions {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let env = var("LEPTOS_ENV").and_then(|v| Env::try_from(v).ok()).unwrap_or(Env::PROD);
    let reload_port = var("LEPTOS_RELOAD_PORT").and_then(|v| v.parse().ok()).unwrap_or(3001);
    LeptosOptions::builder()
        .output_name(var("LEPTOS_OUTPUT_NAME").unwrap_or_else(|| "medarabench".into()))
        .site_root(var("LEPTOS_SITE_ROOT").unwrap_or_else(|| "target/site".into()))
        .site_pkg_dir(var("LEPTOS_SITE_PKG_DIR").unwrap_or_else(|| "pkg".into()))
        .env(env)
        .site_addr(addr)
        .reload_port(reload_port)
        .build()
}

/// The address to serve on when `--addr` is not given: `LEPTOS_SITE_ADDR`
/// (set by cargo-leptos) or 127.0.0.1:3000.
pub fn default_addr() -> String {
    std::env::var("LEPTOS_SITE_ADDR").unwrap_or_else(|_| "127.0.0.1:3000".into())
}
