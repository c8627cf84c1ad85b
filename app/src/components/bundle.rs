//! The links and the inline script that load the WASM bundle and hydrate
//! the page.
//!
//! Leptos's own `HydrationScripts` writes the page's CSP nonce into the
//! links' `crossorigin` attribute, which is not a valid value (the Nu Html
//! Checker refuses it). These links say `crossorigin=""` (anonymous, as the
//! bundle is fetched from this site), and the one inline script carries the
//! nonce, as every inline script must under the page's policy.

use leptos::config::LeptosOptions;
use leptos::prelude::*;

/// The bundle's preload links and its start-up script, for the `<head>`.
#[component]
pub fn BundleScripts(options: LeptosOptions) -> impl IntoView {
    let nonce = leptos::nonce::use_nonce();
    let (js, wasm) = bundle_paths(&options);
    let script =
        format!("import({js:?}).then(m => m.default({{ module_or_path: {wasm:?} }}).then(() => m.hydrate()));");
    view! {
        <link rel="modulepreload" href=js crossorigin="" />
        <link rel="preload" href=wasm r#as="fetch" r#type="application/wasm" crossorigin="" />
        <script type="module" nonce=nonce>{script}</script>
    }
}

/// Where the bundle's JavaScript and WASM are served. cargo-leptos names
/// the WASM file after the output name when it sets `LEPTOS_OUTPUT_NAME`
/// at build time (as `.cargo/config.toml` does), else with `_bg`.
fn bundle_paths(options: &LeptosOptions) -> (String, String) {
    let pkg = format!("/{}", options.site_pkg_dir);
    let name = options.output_name.to_string();
    let wasm = if option_env!("LEPTOS_OUTPUT_NAME").is_some() { name.clone() } else { format!("{name}_bg") };
    (format!("{pkg}/{name}.js"), format!("{pkg}/{wasm}.wasm"))
}
