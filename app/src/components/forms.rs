//! Pieces shared by the team forms.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::i18n::Lang;

/// The `?error=` message a form endpoint sent back, shown as text.
#[component]
pub fn FormError() -> impl IntoView {
    let query = use_query_map();
    move || query.read().get("error").map(|e| view! { <p class="error" role="alert" id="form-error">{e}</p> })
}

/// The page's language as a hidden form field, so that the endpoint's
/// redirect (to the result, or back with an error) keeps it. Place it first
/// in the form: the upload endpoint reads its fields in order.
#[component]
pub fn LangField(lang: Lang) -> impl IntoView {
    view! { <input type="hidden" name=Lang::PARAM value=lang.code() /> }
}

/// The value of a query parameter kept by a form endpoint (e.g. the email
/// after a failed sign-in), or empty.
pub fn kept(name: &'static str) -> impl Fn() -> String + Copy {
    let query = use_query_map();
    move || query.read().get(name).unwrap_or_default()
}
