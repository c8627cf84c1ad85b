//! What every page does with the data it loads: wait in a `<Suspense>`
//! showing the site's "loading" text, then render it, or say what went
//! wrong.

use leptos::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::i18n::{Lang, common};

/// `data` rendered by `body` once it has loaded (the server renders it
/// before sending the page); an error shows as an alert.
pub fn loaded<T, F>(lang: Lang, data: Resource<Result<T, ApiError>>, body: F) -> impl IntoView
where
    T: Clone + Send + Sync + Serialize + DeserializeOwned + 'static,
    F: Fn(T) -> AnyView + Clone + Send + Sync + 'static,
{
    view! {
        <Suspense fallback=move || view! { <p>{common::text(lang).loading()}</p> }>
            {move || {
                let body = body.clone();
                Suspend::new(async move {
                    match data.await {
                        Ok(value) => body(value),
                        Err(err) => view! { <p class="error" role="alert">{err.to_string()}</p> }.into_any(),
                    }
                })
            }}
        </Suspense>
    }
}
