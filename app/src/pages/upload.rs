//! `/upload`: upload a prediction file with the model's metadata and
//! protocol card. Without JavaScript the form posts as is. Once hydrated,
//! the file is checked in the browser by the same parser the server uses
//! (compiled to WASM) before anything is sent, and the upload shows its
//! progress. The form carries the page's language, so the result page (or
//! the form with an error) opens in the same language.

use leptos::prelude::*;

use crate::api::teams::{UploadPageData, upload_page};
use crate::components::forms::{FormError, LangField};
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::domain::submission::{CHAIN_OF_THOUGHT, CONTAMINATION, PROMPT_LANGUAGES, VISIBILITY};
use crate::i18n::submission::value_label;
use crate::i18n::{Lang, upload::text, use_lang};

#[component]
pub fn UploadPageView() -> impl IntoView {
    let data = Resource::new(|| (), |_| upload_page());
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            <PageTitle text=t.title() />
            <h1>{t.title()}</h1>
            {loaded(lang, data, move |page| if page.signed_in {
                view! { <UploadForm page lang /> }.into_any()
            } else {
                view! { <p>{t.please()} <a href=lang.href("/signin")>{t.sign_in()}</a> {t.to_upload()}</p> }.into_any()
            })}
        }
    }
}

/// The `<option>`s of a select: stored values, labelled in `lang`.
fn options(lang: Lang, values: &'static [&'static str], default: &'static str) -> impl IntoView {
    values
        .iter()
        .map(|v| view! { <option value=*v selected=*v == default>{value_label(lang, v).to_owned()}</option> })
        .collect_view()
}

#[component]
fn UploadForm(page: UploadPageData, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let check = RwSignal::new(String::new());
    let check_ok = RwSignal::new(true);
    let progress = RwSignal::new(None::<f64>);
    // Set while the form is being sent: the button is disabled, so a
    // double click sends it once.
    let sending = RwSignal::new(false);
    let form_ref = NodeRef::<leptos::html::Form>::new();
    let file_ref = NodeRef::<leptos::html::Input>::new();

    let on_file = move |_| {
        #[cfg(feature = "hydrate")]
        client::check_file(lang, file_ref, check, check_ok);
    };
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        #[cfg(feature = "hydrate")]
        client::submit_with_progress(lang, ev, form_ref, client::Sending { progress, sending }, check, check_ok);
        #[cfg(not(feature = "hydrate"))]
        let _ = (ev, form_ref, progress, sending);
    };

    view! {
        {page.synthetic_key.then(|| view! {
            <p class="notice" role="note">{t.synthetic_before()} <span class="num">{page.key_questions}</span> {t.synthetic_after()}</p>
        })}
        <p class="quota">{t.quota_today()} <strong class="num">{page.daily_remaining}</strong>
            {t.quota_total()} <strong class="num">{page.total_remaining}</strong>
            {t.quota_end()}</p>
        <FormError lang detail=page.refusal.clone().unwrap_or_default() />
        <form method="post" action="/upload" enctype="multipart/form-data" class="stack" id="upload-form"
            node_ref=form_ref on:submit=on_submit>
            <LangField lang />
            <fieldset>
                <legend>{t.legend_predictions()}</legend>
                <label>{t.file()}
                    <input type="file" name="file" required accept=".csv,.jsonl,.ndjson,.json,text/csv" node_ref=file_ref on:change=on_file />
                </label>
                <p id="file-check" class:error=move || !check_ok.get() aria-live="polite">{move || check.get()}</p>
                <label>{t.benchmark()}
                    <select name="benchmark">{options(Lang::En, &["medarabench", "medarabiq"], "medarabench")}</select>
                </label>
            </fieldset>
            <fieldset>
                <legend>{t.legend_model()}</legend>
                <label>{t.model_name()} <input name="model_name" required maxlength="120" dir="auto" /></label>
                <label>{t.model_url()} <input name="model_url" type="url" maxlength="500" placeholder="https://…" dir="ltr" /></label>
                <label>{t.model_params()} <input name="model_params" maxlength="40" placeholder=t.params_placeholder() /></label>
                <label>{t.notes()} <textarea name="notes" maxlength="2000" rows="3" dir="auto"></textarea></label>
            </fieldset>
            <fieldset>
                <legend>{t.legend_protocol()}</legend>
                <label>{t.prompt_language()} <select name="prompt_language">{options(lang, PROMPT_LANGUAGES, "unknown")}</select></label>
                <label>{t.shots()} <input name="shots" type="number" min="0" max="100" /></label>
                <label>{t.temperature()} <input name="temperature" type="number" min="0" max="2" step="0.1" /></label>
                <label>{t.chain_of_thought()} <select name="chain_of_thought">{options(lang, CHAIN_OF_THOUGHT, "unknown")}</select></label>
                <label>{t.extraction()} <input name="extraction" maxlength="200" placeholder=t.extraction_placeholder() dir="auto" /></label>
            </fieldset>
            <fieldset>
                <legend>{t.legend_contamination()}</legend>
                <label>{t.contamination()}
                    <select name="contamination">{options(lang, CONTAMINATION, "unknown")}</select></label>
                <label>{t.visibility()} <select name="visibility">{options(lang, VISIBILITY, "public")}</select></label>
            </fieldset>
            <button type="submit" disabled=move || sending.get() aria-busy=move || sending.get().to_string()>{t.submit()}</button>
            <progress id="upload-progress" max="100" aria-label=t.progress() hidden=move || progress.get().is_none()
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
    use crate::i18n::{Lang, upload::text};

    /// Reads the chosen file and runs the server's own parser on it; the
    /// outcome, the parser's reason included, is told in `lang`.
    pub fn check_file(lang: Lang, file_ref: NodeRef<leptos::html::Input>, check: RwSignal<String>, ok: RwSignal<bool>) {
        let t = text(lang);
        let Some(file) = file_ref.get().and_then(|i| i.files()).and_then(|f| f.get(0)) else { return };
        check.set(t.checking(&file.name()));
        leptos::task::spawn_local(async move {
            let Ok(buf) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await else {
                ok.set(false);
                check.set(t.unreadable().into());
                return;
            };
            let bytes = js_sys::Uint8Array::new(&buf).to_vec();
            match PredictionFile::parse(&bytes) {
                Ok(parsed) => {
                    ok.set(true);
                    check.set(t.looks_valid(parsed.rows.len(), &format!("{:?}", parsed.format)));
                }
                Err(e) => {
                    ok.set(false);
                    use crate::domain::Coded;
                    let reason = crate::i18n::form_errors::refusal(lang, &e.message(), &e.to_string());
                    check.set(t.refused(reason));
                }
            }
        });
    }

    /// The state of a form being sent: its progress, and whether it is.
    #[derive(Clone, Copy)]
    pub struct Sending {
        pub progress: RwSignal<Option<f64>>,
        pub sending: RwSignal<bool>,
    }

    /// Sends the form with XMLHttpRequest to show upload progress, then
    /// goes where the server says (the result, or back to the form with an
    /// error; the form's `lang` field keeps the language). The request
    /// asks for the address as JSON (`X-Form-Client: script`) instead of a
    /// redirect: an XMLHttpRequest follows redirects itself, and the page
    /// it fetched would take the session's one-time refusal message.
    pub fn submit_with_progress(
        lang: Lang,
        ev: leptos::ev::SubmitEvent,
        form_ref: NodeRef<leptos::html::Form>,
        Sending { progress, sending }: Sending,
        check: RwSignal<String>,
        ok: RwSignal<bool>,
    ) {
        let t = text(lang);
        if sending.get_untracked() {
            ev.prevent_default();
            return;
        }
        if !ok.get_untracked() {
            ev.prevent_default();
            check.update(|c| c.push_str(&t.choose_valid()));
            return;
        }
        let Some(form) = form_ref.get() else { return };
        let (Ok(data), Ok(xhr)) = (web_sys::FormData::new_with_form(&form), web_sys::XmlHttpRequest::new()) else {
            return;
        };
        ev.prevent_default();
        // `Accept-Language` asks for a refusal in the page's language.
        if xhr.open("POST", "/upload").is_err()
            || xhr.set_request_header("x-form-client", "script").is_err()
            || xhr.set_request_header("accept-language", lang.code()).is_err()
        {
            return;
        }
        sending.set(true);
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
            let body = xhr_done.response_text().ok().flatten().unwrap_or_default();
            let reply: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
            if let Some(message) = reply["error"]["message"].as_str() {
                // Refused before the form was read (e.g. too many writes).
                progress.set(None);
                sending.set(false);
                ok.set(false);
                check.set(t.refused(message));
                return;
            }
            let url = reply["location"].as_str().map_or_else(|| lang.href("/upload"), str::to_owned);
            if let Some(w) = web_sys::window() {
                let _ = w.location().set_href(&url);
            }
        });
        xhr.set_onload(Some(on_load.as_ref().unchecked_ref()));
        on_load.forget();
        let on_error = Closure::<dyn FnMut()>::new(move || {
            progress.set(None);
            sending.set(false);
            ok.set(false);
            check.set(t.network_error().into());
        });
        xhr.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        let _ = xhr.send_with_opt_form_data(Some(&data));
    }
}
