//! The page for URLs that match no route.

use leptos::prelude::*;
use leptos_meta::Title;

/// Shown for unknown URLs, with a 404 status when rendered on the server.
#[component]
pub fn NotFound() -> impl IntoView {
    #[cfg(feature = "ssr")]
    {
        if let Some(resp) = use_context::<leptos_axum::ResponseOptions>() {
            resp.set_status(http::StatusCode::NOT_FOUND);
        }
    }
    view! {
        <Title text="Not found" />
        <h1>"Page not found"</h1>
        <p><a href="/">"Back to the leaderboard"</a></p>
    }
}
