//! `/upload`: upload a prediction file with the model's metadata and
//! protocol card. Without JavaScript the form posts as is. Once hydrated,
//! the file is checked in the browser by the same parser the server uses
//! (compiled to WASM) before anything is sent, and the upload shows its
//! progress.

use leptos::prelude::*;
use leptos_meta::Title;

use crate::api::teams::{UploadPageData, upload_page};
use crate::components::forms::FormError;
use crate::domain::submission::{CHAIN_OF_THOUGHT, CONTAMINATION, PROMPT_LANGUAGES, VISIBILITY};

#[component]
pub fn UploadPageView() -> impl IntoView {
    let data = Resource::new(|| (), |_| upload_page());
    view! {
        <Title text="Upload predictions" />
        <h1>"Upload predictions"</h1>
        <Suspense fallback=|| view! { <p>"Loading…"</p> }>
            {move || Suspend::new(async move {
                match data.await {
                    Ok(page) if page.signed_in => view! { <UploadForm page /> }.into_any(),
                    Ok(_) => view! { <p>"Please " <a href="/signin">"sign in"</a> " to upload predictions."</p> }.into_any(),
                    Err(e) => view! { <p class="error" role="alert">{e.to_string()}</p> }.into_any(),
                }
            })}
        </Suspense>
    }
}

fn options(values: &'static [&'static str], default: &'static str) -> impl IntoView {
    values
        .iter()
        .map(|v| view! { <option value=*v selected=*v == default>{*v}</option> })
        .collect_view()
}

#[component]
fn UploadForm(page: UploadPageData) -> impl IntoView {
    let check = RwSignal::new(String::new());
    let check_ok = RwSignal::new(true);
    let progress = RwSignal::new(None::<f64>);
    let form_ref = NodeRef::<leptos::html::Form>::new();
    let file_ref = NodeRef::<leptos::html::Input>::new();

    let on_file = move |_| {
        #[cfg(feature = "hydrate")]
        client::check_file(file_ref, check, check_ok);
    };
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        #[cfg(feature = "hydrate")]
        client::submit_with_progress(ev, form_ref, progress, check, check_ok);
        #[cfg(not(feature = "hydrate"))]
        let _ = (ev, form_ref, progress);
    };

    view! {
        {page.synthetic_key.then(|| view! {
            <p class="notice" role="note">"This server has no real answer key yet: uploads are scored on a synthetic demo key of "
                {page.key_questions} " questions. Such scores say nothing about a model."</p>
        })}
        <p class="quota">"Uploads left today: " <strong class="num">{page.daily_remaining}</strong>
            "; in total: " <strong class="num">{page.total_remaining}</strong>
            ". A refused file does not count."</p>
        <FormError />
        <form method="post" action="/upload" enctype="multipart/form-data" class="stack" id="upload-form"
            node_ref=form_ref on:submit=on_submit>
            <fieldset>
                <legend>"Predictions"</legend>
                <label>"File (CSV with question_id and answer or response, or JSON Lines)"
                    <input type="file" name="file" required accept=".csv,.jsonl,.ndjson,.json,text/csv" node_ref=file_ref on:change=on_file />
                </label>
                <p id="file-check" class:error=move || !check_ok.get() aria-live="polite">{move || check.get()}</p>
                <label>"Benchmark"
                    <select name="benchmark">{options(&["medarabench", "medarabiq"], "medarabench")}</select>
                </label>
            </fieldset>
            <fieldset>
                <legend>"Model"</legend>
                <label>"Model name" <input name="model_name" required maxlength="120" /></label>
                <label>"Model URL" <input name="model_url" type="url" maxlength="500" placeholder="https://…" /></label>
                <label>"Parameters" <input name="model_params" maxlength="40" placeholder="e.g. 8B" /></label>
                <label>"Notes" <textarea name="notes" maxlength="2000" rows="3"></textarea></label>
            </fieldset>
            <fieldset>
                <legend>"Protocol card"</legend>
                <label>"Prompt language" <select name="prompt_language">{options(PROMPT_LANGUAGES, "unknown")}</select></label>
                <label>"Shots" <input name="shots" type="number" min="0" max="100" /></label>
                <label>"Temperature" <input name="temperature" type="number" min="0" max="2" step="0.1" /></label>
                <label>"Chain of thought" <select name="chain_of_thought">{options(CHAIN_OF_THOUGHT, "unknown")}</select></label>
                <label>"Letter extraction" <input name="extraction" maxlength="200" placeholder="e.g. the server's protocol" /></label>
            </fieldset>
            <fieldset>
                <legend>"Contamination and visibility"</legend>
                <label>"Was the model trained on MedAraBench data?"
                    <select name="contamination">{options(CONTAMINATION, "unknown")}</select></label>
                <label>"Visibility" <select name="visibility">{options(VISIBILITY, "public")}</select></label>
            </fieldset>
            <button type="submit">"Upload and score"</button>
            <progress id="upload-progress" max="100" hidden=move || progress.get().is_none()
                value=move || progress.get().unwrap_or(0.0).to_string()></progress>
        </form>
    }
}

#[cfg(feature = "hydrate")]
mod client {
    use leptos::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;

    use crate::domain::PredictionFile;

    /// Reads the chosen file and runs the server's own parser on it.
    pub fn check_file(file_ref: NodeRef<leptos::html::Input>, check: RwSignal<String>, ok: RwSignal<bool>) {
        let Some(file) = file_ref.get().and_then(|i| i.files()).and_then(|f| f.get(0)) else { return };
        check.set(format!("Checking {}…", file.name()));
        leptos::task::spawn_local(async move {
            let Ok(buf) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await else {
                ok.set(false);
                check.set("The file could not be read.".into());
                return;
            };
            let bytes = js_sys::Uint8Array::new(&buf).to_vec();
            match PredictionFile::parse(&bytes) {
                Ok(parsed) => {
                    ok.set(true);
                    check.set(format!("Looks valid: {} rows ({:?}). Ids are checked against the key on the server.", parsed.rows.len(), parsed.format));
                }
                Err(e) => {
                    ok.set(false);
                    check.set(format!("This file would be refused: {e}"));
                }
            }
        });
    }

    /// Sends the form with XMLHttpRequest to show upload progress, then
    /// follows the server's redirect (to the result, or back with an error).
    pub fn submit_with_progress(
        ev: leptos::ev::SubmitEvent,
        form_ref: NodeRef<leptos::html::Form>,
        progress: RwSignal<Option<f64>>,
        check: RwSignal<String>,
        ok: RwSignal<bool>,
    ) {
        if !ok.get_untracked() {
            ev.prevent_default();
            check.update(|c| c.push_str(" Choose a valid file."));
            return;
        }
        let Some(form) = form_ref.get() else { return };
        let (Ok(data), Ok(xhr)) = (web_sys::FormData::new_with_form(&form), web_sys::XmlHttpRequest::new()) else { return };
        ev.prevent_default();
        if xhr.open("POST", "/upload").is_err() {
            return;
        }
        progress.set(Some(0.0));
        if let Ok(upload) = xhr.upload() {
            let on_progress = Closure::<dyn FnMut(web_sys::ProgressEvent)>::new(move |e: web_sys::ProgressEvent| {
                if e.length_computable() && e.total() > 0.0 {
                    progress.set(Some(100.0 * e.loaded() / e.total()));
                }
            });
            upload.set_onprogress(Some(on_progress.as_ref().unchecked_ref()));
            on_progress.forget();
        }
        let xhr_done = xhr.clone();
        let on_load = Closure::<dyn FnMut()>::new(move || {
            let url = xhr_done.response_url();
            if let Some(w) = web_sys::window() {
                let _ = w.location().set_href(if url.is_empty() { "/upload" } else { &url });
            }
        });
        xhr.set_onload(Some(on_load.as_ref().unchecked_ref()));
        on_load.forget();
        let on_error = Closure::<dyn FnMut()>::new(move || {
            progress.set(None);
            ok.set(false);
            check.set("The upload failed (network error). Nothing was stored; please try again.".into());
        });
        xhr.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        let _ = xhr.send_with_opt_form_data(Some(&data));
    }
}
