//! The HTML shell and the router: which URL shows which page.

use leptos::prelude::*;
use leptos_meta::{Link, Meta, MetaTags, Stylesheet, Title, provide_meta_context};
use leptos_router::{
    SsrMode, StaticSegment,
    components::{Route, Router, Routes},
};

use crate::components::layout::SiteHeader;
use crate::pages::{leaderboard::LeaderboardPage, not_found::NotFound};

/// The document around every page. Rendered on the server only.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    view! {
        <!DOCTYPE html>
        <html lang="en" dir="ltr">
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <AutoReload options=options.clone() />
                <HydrationScripts options />
                <MetaTags />
            </head>
            <body>
                <App />
            </body>
        </html>
    }
}

/// The application root: metadata, header and routes.
///
/// Every route renders in [`SsrMode::Async`]: the server waits for the data
/// and sends complete HTML, so pages read the same with JavaScript off.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    view! {
        <Stylesheet id="leptos" href="/pkg/medarabench.css" />
        <Link rel="icon" href="/favicon.ico" />
        <Meta name="description" content="MedAraBench: Arabic medical multiple-choice benchmark leaderboard" />
        <Title formatter=|page: String| format!("{page} · MedAraBench") />
        <Router>
            <SiteHeader />
            <main id="main">
                <Routes fallback=NotFound>
                    <Route path=StaticSegment("") view=LeaderboardPage ssr=SsrMode::Async />
                </Routes>
            </main>
        </Router>
    }
}
