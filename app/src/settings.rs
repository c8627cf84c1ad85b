//! What the server gives the application to render its pages with, and
//! the page rules the server enforces as it serves them: the settings
//! pages show ([`PageConfig`]), where the bundle and the stylesheet are
//! served ([`AssetUrls`]) and the Content-Security-Policy
//! ([`page_policy`]). Plain data, shared by both builds.

/// Server settings pages need to show (quotas); provided as context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PageConfig {
    pub daily_quota: i64,
    pub total_quota: i64,
    /// Uploads per client address per UTC day across all teams (0: no limit).
    pub client_daily_quota: i64,
    /// Teams a client address may register per UTC day (0: no limit).
    pub registrations_per_day: i64,
    /// How new teams are let in (`serve --registration`).
    pub registration: crate::domain::registration::Registration,
}

/// Where visitors reach the site (`serve --public-url`, else the address
/// it listens on), provided as context: links that leave the site (a
/// model card's) name it in full.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SiteUrl(pub String);

/// Where the page script, the WASM and the stylesheet are served. The
/// server provides the content-hashed addresses it serves them at
/// (`server::http::assets`); without them, the plain names.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AssetUrls {
    pub js: String,
    pub wasm: String,
    pub css: String,
}

impl AssetUrls {
    /// The plain names in `/{pkg_dir}`.
    pub fn plain(pkg_dir: &str, output_name: &str) -> Self {
        Self {
            js: format!("/{pkg_dir}/{output_name}.js"),
            wasm: format!("/{pkg_dir}/{}", Self::wasm_file(output_name)),
            css: format!("/{pkg_dir}/{output_name}.css"),
        }
    }

    /// The WASM file's name: cargo-leptos names it after the output name
    /// when it sets `LEPTOS_OUTPUT_NAME` at build time (as
    /// `.cargo/config.toml` does), else with `_bg`.
    pub fn wasm_file(output_name: &str) -> String {
        if option_env!("LEPTOS_OUTPUT_NAME").is_some() {
            format!("{output_name}.wasm")
        } else {
            format!("{output_name}_bg.wasm")
        }
    }
}

/// The policy for a page whose inline scripts carry `nonce`.
pub fn page_policy(nonce: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'nonce-{nonce}' 'wasm-unsafe-eval'; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; \
         connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}
