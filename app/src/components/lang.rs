//! The page language on `<html>`, and the link to the other language.

use leptos::prelude::*;
use leptos_meta::{Html, Meta};
use leptos_router::hooks::use_location;

use crate::i18n::{Lang, common, use_lang};

/// Sets `lang` and `dir` on `<html>` and the page description from the URL
/// (on the server and after each client-side navigation). Place it once,
/// inside the `<Router>`.
#[component]
pub fn DocumentLang() -> impl IntoView {
    let lang = use_lang();
    view! {
        <Html {..} lang=move || lang.get().code() dir=move || lang.get().dir() />
        <Meta name="description" content=move || common::text(lang.get()).site_description() />
    }
}

/// A link to the same page (same query) in the other language.
#[component]
pub fn LangSwitch() -> impl IntoView {
    let lang = use_lang();
    let location = use_location();
    let href = move || Lang::switch_href(lang.get().other(), &location.pathname.read(), &location.query.read());
    let other = move || lang.get().other().code();
    view! {
        <a class="lang-switch" href=href hreflang=other title=move || common::text(lang.get()).switch_title()>
            <span lang=other>{move || common::text(lang.get()).switch_label()}</span>
        </a>
    }
}
