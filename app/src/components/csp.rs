//! The Content-Security-Policy of every page, sent as a response header
//! during server rendering. Inline scripts (hydration, resource data) carry
//! the per-response nonce that Leptos generates; nothing else may run.

use leptos::prelude::*;

/// The policy for a page whose inline scripts carry `nonce`.
pub fn page_policy(nonce: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'nonce-{nonce}' 'wasm-unsafe-eval'; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; \
         connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// Renders nothing; on the server it sets the page's CSP header.
#[component]
pub fn ContentSecurityPolicy() -> impl IntoView {
    #[cfg(feature = "ssr")]
    if let (Some(nonce), Some(resp)) = (leptos::nonce::use_nonce(), use_context::<leptos_axum::ResponseOptions>())
        && let Ok(value) = http::HeaderValue::from_str(&page_policy(&nonce))
    {
        resp.insert_header(http::header::CONTENT_SECURITY_POLICY, value);
    }
}
