//! The header and navigation shared by every page.

use leptos::prelude::*;
use leptos_router::hooks::use_location;

use crate::components::lang::LangSwitch;
use crate::i18n::{common, use_lang};

/// Site title, navigation (every link keeps the page's language) and the
/// language switch.
#[component]
pub fn SiteHeader() -> impl IntoView {
    let lang = use_lang();
    let text = move || common::text(lang.get());
    view! {
        <header class="site-header">
            <a class="brand" href=move || lang.get().href("/")>"MedAraBench"</a>
            <nav aria-label=move || text().nav_label()>
                <NavLink path="/" label=move || text().nav_leaderboard() />
                <NavLink path="/quality" label=move || text().nav_quality() />
                <NavLink path="/adapting" label=move || text().nav_adapting() />
                <NavLink path="/medarabiq" label=move || text().nav_medarabiq() />
                <NavLink path="/dataset" label=move || text().nav_dataset() />
                <NavLink path="/submit" label=move || text().nav_submit() />
            </nav>
            <LangSwitch />
        </header>
    }
}

/// A navigation link in the page's language, marked `aria-current` on its
/// own page.
#[component]
fn NavLink(path: &'static str, label: impl Fn() -> String + Send + Sync + 'static) -> impl IntoView {
    let lang = use_lang();
    let location = use_location();
    let current = move || (location.pathname.read().as_str() == path).then_some("page");
    view! { <a href=move || lang.get().href(path) aria-current=current>{label}</a> }
}
