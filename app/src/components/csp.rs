//! The Content-Security-Policy of every page, sent as a response header
//! during server rendering. Inline scripts (hydration, resource data) carry
//! the per-response nonce that Leptos generates; nothing else may run.

use leptos::prelude::*;

pub use crate::settings::page_policy;

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
