//! The header and navigation shared by every page.

use leptos::prelude::*;

/// Site title and navigation.
#[component]
pub fn SiteHeader() -> impl IntoView {
    view! {
        <header class="site-header">
            <a class="brand" href="/">"MedAraBench"</a>
            <nav aria-label="Main">
                <a href="/">"Leaderboard"</a>
            </nav>
        </header>
    }
}
