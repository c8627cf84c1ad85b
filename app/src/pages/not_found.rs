//! The page for URLs that match no route.

use leptos::prelude::*;

use crate::components::head::PageTitle;
use crate::i18n::{common, use_lang};

/// Shown for unknown URLs, in the language of the URL, with a 404 status
/// when rendered on the server.
#[component]
pub fn NotFound() -> impl IntoView {
    answer_not_found();
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = common::text(lang);
        view! {
            <PageTitle text=t.not_found_title() />
            <h1>{t.not_found_title()}</h1>
            <p>{t.not_found_text()}</p>
            <p><a href=lang.href("/")>{t.not_found_back()}</a></p>
        }
    }
}

/// Makes the server's response a 404 (no soft 404): for a page whose
/// subject does not exist, or that the viewer may not see. Every route
/// renders in `SsrMode::Async`, so this may be called once the data has
/// loaded. Does nothing in the browser.
pub fn answer_not_found() {
    #[cfg(feature = "ssr")]
    {
        if let Some(resp) = use_context::<leptos_axum::ResponseOptions>() {
            resp.set_status(http::StatusCode::NOT_FOUND);
        }
    }
}
