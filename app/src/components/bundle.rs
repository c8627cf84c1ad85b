//! The stylesheet, and on the pages that need it the WASM bundle that
//! hydrates them: the links and the inline script that loads it.
//!
//! Only pages with something to do in the browser load the bundle
//! ([`HYDRATED`], for a signed-in visitor): today the upload form (the
//! file check in WASM, the progress bar). Every other page is complete as the server renders it
//! (their forms and links work without JavaScript), so a phone downloads
//! and runs no WASM there.
//!
//! Leptos's own `HydrationScripts` writes the page's CSP nonce into the
//! links' `crossorigin` attribute, which is not a valid value (the Nu Html
//! Checker refuses it). These links say `crossorigin=""` (anonymous, as the
//! bundle is fetched from this site), and the one inline script carries the
//! nonce, as every inline script must under the page's policy.

use leptos::config::LeptosOptions;
use leptos::prelude::*;

pub use crate::settings::AssetUrls;

/// The paths whose pages load the bundle and hydrate.
pub const HYDRATED: &[&str] = &["/upload"];

/// The server's addresses, else the plain ones of `options`.
fn asset_urls(options: &LeptosOptions) -> AssetUrls {
    use_context::<AssetUrls>().unwrap_or_else(|| AssetUrls::plain(&options.site_pkg_dir, &options.output_name))
}

/// Whether the page at `path` loads the bundle (for a signed-in visitor:
/// signed out, these pages show no form).
pub fn hydrates(path: &str) -> bool {
    HYDRATED.contains(&path)
}

/// The stylesheet link, and on a page that hydrates the bundle's preload
/// links and start-up script, for the `<head>`.
#[component]
pub fn BundleScripts(options: LeptosOptions) -> impl IntoView {
    let urls = asset_urls(&options);
    // The shell is rendered on the server only.
    #[cfg(feature = "ssr")]
    let hydrate = use_context::<http::request::Parts>()
        .is_some_and(|p| hydrates(p.uri.path()) && crate::request::session_cookie(&p.headers).is_some());
    #[cfg(not(feature = "ssr"))]
    let hydrate = false;
    let scripts = hydrate.then(|| {
        let nonce = leptos::nonce::use_nonce();
        let script = format!(
            "import({:?}).then(m => m.default({{ module_or_path: {:?} }}).then(() => m.hydrate()));",
            urls.js, urls.wasm
        );
        view! {
            <link rel="modulepreload" href=urls.js.clone() crossorigin="" />
            <link rel="preload" href=urls.wasm.clone() r#as="fetch" r#type="application/wasm" crossorigin="" />
            <script type="module" nonce=nonce>{script}</script>
        }
    });
    view! {
        <link rel="stylesheet" id="leptos" href=urls.css />
        {scripts}
    }
}
