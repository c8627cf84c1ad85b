//! Runtime configuration: the database URL and the Leptos site options.

use std::net::SocketAddr;

use leptos::prelude::LeptosOptions;
use leptos::config::Env;

pub use app::db::DEFAULT_DATABASE_URL;

/// Leptos options for serving the site, from the environment variables that
/// cargo-leptos sets (`LEPTOS_SITE_ROOT`, `LEPTOS_SITE_PKG_DIR`,
/// `LEPTOS_ENV`, `LEPTOS_RELOAD_PORT`) with defaults that fit a plain
/// `cargo leptos build` tree (`target/site`, `pkg`).
pub fn leptos_options(addr: SocketAddr) -> LeptosOptions {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let env = var("LEPTOS_ENV")
        .and_then(|v| Env::try_from(v).ok())
        .unwrap_or(Env::PROD);
    let reload_port = var("LEPTOS_RELOAD_PORT")
        .and_then(|v| v.parse().ok())
        .unwrap_or(3001);
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
