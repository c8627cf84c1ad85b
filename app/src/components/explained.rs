//! A badge with its explanation behind a tap: a `<details>` whose summary
//! is the badge. It reads the same on a touch screen, with a keyboard and
//! with a mouse, and with JavaScript off; a hover title would not.

use leptos::prelude::*;

/// The badge `label` (classes `badge {class}`); a tap or a click shows
/// `explanation` beneath it. `data` is the `<details>`' `data-flags`, for
/// the flags a row carries.
#[component]
pub fn Explained(
    #[prop(into)] class: String,
    #[prop(into)] label: String,
    #[prop(into)] explanation: String,
    #[prop(optional, into)] data_flags: Option<String>,
) -> impl IntoView {
    view! {
        <details class="explained" data-flags=data_flags>
            <summary class=format!("badge {class}")>{label}</summary>
            <span class="explanation">{explanation}</span>
        </details>
    }
}
