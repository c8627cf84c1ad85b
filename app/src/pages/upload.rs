//! `/upload`: upload a prediction file with the model's metadata and
//! protocol card. Without JavaScript the form posts as is. Once hydrated,
//! the file is checked in the browser by the same parser the server uses
//! (compiled to WASM) before anything is sent, and the upload shows its
//! progress. The form carries the page's language, so the result page (or
//! the form with an error) opens in the same language.

use leptos::prelude::*;

use crate::api::teams::{UploadPageData, upload_page};
use crate::components::forms::{FormError, LangField, options};
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::domain::submission::{CHAIN_OF_THOUGHT, CONTAMINATION, MODEL_CATEGORIES, PROMPT_LANGUAGES, VISIBILITY};
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

#[component]
fn UploadForm(page: UploadPageData, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let typed = page.typed.clone();
    let field = move |v: &Option<String>| v.clone().unwrap_or_default();
    // A textarea's text is not escaped when rendered as its child, so the
    // notes typed before are escaped here and set as its (RCDATA) content:
    // "</textarea>" in them stays text.
    let notes_html = html_escape::encode_text(&field(&typed.notes)).into_owned();
    let check = RwSignal::new(String::new());
    // Every problem of a refused file, each with its line.
    let problems = RwSignal::new(Vec::<String>::new());
    let check_ref = NodeRef::<leptos::html::Div>::new();
    let check_ok = RwSignal::new(true);
    let progress = RwSignal::new(None::<f64>);
    // Set while the form is being sent: the button is disabled, so a
    // double click sends it once.
    let sending = RwSignal::new(false);
    let form_ref = NodeRef::<leptos::html::Form>::new();
    let file_ref = NodeRef::<leptos::html::Input>::new();

    // The chosen file's name, for our own file control.
    let chosen = RwSignal::new(None::<String>);
    let on_file = move |_| {
        #[cfg(feature = "hydrate")]
        {
            chosen.set(file_ref.get().and_then(|i| i.files()).and_then(|f| f.get(0)).map(|f| f.name()));
            if let Some(input) = file_ref.get() {
                input.set_custom_validity("");
            }
            client::check_file(lang, file_ref, client::Check { text: check, problems, ok: check_ok, node: check_ref });
        }
    };
    // A required field left empty is named in the page's language, not
    // in the browser's.
    let say_required = move |ev: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        client::set_validity(&ev, &t.fill_in());
        #[cfg(not(feature = "hydrate"))]
        let _ = ev;
    };
    let clear_required = move |ev: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        client::set_validity(&ev, "");
        #[cfg(not(feature = "hydrate"))]
        let _ = ev;
    };
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        #[cfg(feature = "hydrate")]
        client::submit_with_progress(
            lang,
            ev,
            form_ref,
            client::Sending { progress, sending },
            client::Check { text: check, problems, ok: check_ok, node: check_ref },
        );
        #[cfg(not(feature = "hydrate"))]
        let _ = (ev, form_ref, progress, sending, problems);
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
            // The two fields every upload needs, marked; the fifteen others
            // (each with a default or left unstated) in one group below.
            <fieldset id="required-fields">
                <legend>{t.legend_required()}</legend>
                // Once hydrated, the browser's own file control (its words in
                // the browser's language) gives way to ours: a button and
                // the chosen file's name, in the page's language.
                <label class="file-picker">
                    <span>{t.file()} " " <span class="required">{t.required()}</span></span>
                    <input type="file" name="file" required accept=".csv,.jsonl,.ndjson,.json,.gz,.parquet,text/csv"
                        node_ref=file_ref on:change=on_file on:invalid=say_required on:input=clear_required />
                    <span class="picker" aria-hidden="true">
                        <span class="picker-button">{t.choose_file()}</span>
                        <span class="picker-name" dir="auto">{move || chosen.get().unwrap_or_else(|| t.no_file())}</span>
                    </span>
                </label>
                <div id="file-check" tabindex="-1" class:error=move || !check_ok.get() aria-live="polite" node_ref=check_ref>
                    <p>{move || check.get()}</p>
                    <Show when=move || !problems.get().is_empty()>
                        <ol class="problems">{move || problems.get().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ol>
                    </Show>
                </div>
                <label>
                    <span>{t.model_name()} " " <span class="required">{t.required()}</span></span>
                    <input name="model_name" required maxlength="120" dir="auto" value=field(&typed.model_name)
                        on:invalid=say_required on:input=clear_required />
                </label>
            </fieldset>
            <fieldset id="optional-fields" class="optional">
                <legend>{t.legend_optional()}</legend>
                <p class="note">{t.optional_note()}</p>
                <fieldset>
                    <legend>{t.legend_predictions()}</legend>
                    <label>{t.benchmark()}
                        <select name="benchmark">{options(lang, &["medarabench", "medarabiq"], page.typed_benchmark.as_deref(), "medarabench")}</select>
                    </label>
                    <label>{t.visibility()} <select name="visibility">{options(lang, VISIBILITY, typed.visibility.as_deref(), "public")}</select></label>
                </fieldset>
                <fieldset>
                    <legend>{t.legend_model()}</legend>
                    <label>{t.model_url()} <input name="model_url" type="url" maxlength="500" placeholder="https://…" dir="ltr" value=field(&typed.model_url) /></label>
                    <label>{t.model_params()} <input name="model_params" maxlength="40" placeholder=t.params_placeholder() value=field(&typed.model_params) /></label>
                    <label>{t.model_category()} <select name="model_category">{options(lang, MODEL_CATEGORIES, typed.model_category.as_deref(), "unknown")}</select></label>
                    <label>{t.notes()} <textarea name="notes" maxlength="2000" rows="3" dir="auto" inner_html=notes_html></textarea></label>
                </fieldset>
                <fieldset>
                    <legend>{t.legend_protocol()}</legend>
                    <label>{t.prompt_language()} <select name="prompt_language">{options(lang, PROMPT_LANGUAGES, typed.prompt_language.as_deref(), "unknown")}</select></label>
                    <label>{t.shots()} <input name="shots" type="number" min="0" max="100" value=field(&typed.shots) /></label>
                    <label>{t.temperature()} <input name="temperature" type="number" min="0" max="2" step="0.1" value=field(&typed.temperature) /></label>
                    <label>{t.chain_of_thought()} <select name="chain_of_thought">{options(lang, CHAIN_OF_THOUGHT, typed.chain_of_thought.as_deref(), "unknown")}</select></label>
                    <label>{t.extraction()} <input name="extraction" maxlength="200" placeholder=t.extraction_placeholder() dir="auto" value=field(&typed.extraction) /></label>
                    <label>{t.model_args()} <input name="model_args" maxlength="500" placeholder=t.model_args_placeholder() dir="ltr" value=field(&typed.model_args) /></label>
                    <label>{t.generation()} <input name="generation" maxlength="500" placeholder=t.generation_placeholder() dir="ltr" value=field(&typed.generation) /></label>
                    <label>{t.results()}
                        <input type="file" name="results" accept=".json,.gz,application/json" aria-describedby="results-note" />
                    </label>
                    <p class="note" id="results-note">{t.results_note()}</p>
                    <label>{t.permuted()}
                        <input type="file" name="permuted" aria-describedby="permuted-note" />
                    </label>
                    <p class="note" id="permuted-note">{t.permuted_note()}</p>
                </fieldset>
                <fieldset>
                    <legend>{t.legend_contamination()}</legend>
                    <label>{t.contamination()}
                        <select name="contamination">{options(lang, CONTAMINATION, typed.contamination.as_deref(), "unknown")}</select></label>
                </fieldset>
            </fieldset>
            <button type="submit" disabled=move || sending.get() aria-busy=move || sending.get().to_string()>{t.submit()}</button>
            <p class="progress" hidden=move || progress.get().is_none()>
                <label for="upload-progress">{t.progress()}</label>{" "}
                <progress id="upload-progress" max="100"
                    value=move || progress.get().unwrap_or(0.0).to_string()></progress>{" "}
                <span class="num" aria-hidden="true">{move || format!("{:.0}%", progress.get().unwrap_or(0.0))}</span>
            </p>
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

    /// Sets the custom validity message of the input `ev` is on ("" clears
    /// it, so the browser checks the field again as typed).
    pub fn set_validity(ev: &leptos::ev::Event, message: &str) {
        if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
            input.set_custom_validity(message);
        }
    }

    /// Where the outcome of the in-browser check is shown.
    #[derive(Clone, Copy)]
    pub struct Check {
        /// The headline: the format and row count, or why it is refused.
        pub text: RwSignal<String>,
        /// Every problem of a refused file, each with its line.
        pub problems: RwSignal<Vec<String>>,
        pub ok: RwSignal<bool>,
        /// The element that shows it: focused and scrolled into view.
        pub node: NodeRef<leptos::html::Div>,
    }

    impl Check {
        /// Shows `text` and `problems` and brings them to the reader.
        fn show(self, ok: bool, text: String, problems: Vec<String>) {
            self.ok.set(ok);
            self.text.set(text);
            self.problems.set(problems);
            self.bring();
        }

        /// Focuses the outcome and scrolls it into the middle of the view,
        /// wherever the reader is on the form (the button is far below it).
        fn bring(self) {
            if let Some(el) = self.node.get_untracked() {
                let _ = el.focus();
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Center);
                el.scroll_into_view_with_scroll_into_view_options(&options);
            }
        }
    }

    /// Reads the chosen file and runs the server's own parser on it; the
    /// outcome, every problem with its line, is told in `lang`.
    pub fn check_file(lang: Lang, file_ref: NodeRef<leptos::html::Input>, out: Check) {
        let t = text(lang);
        let Some(file) = file_ref.get().and_then(|i| i.files()).and_then(|f| f.get(0)) else { return };
        out.text.set(t.checking(&file.name()));
        // The previous file's problems go with it.
        out.problems.set(Vec::new());
        leptos::task::spawn_local(async move {
            let Ok(buf) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await else {
                out.show(false, t.unreadable().into(), Vec::new());
                return;
            };
            let bytes = js_sys::Uint8Array::new(&buf).to_vec();
            match PredictionFile::parse(&bytes) {
                Ok(parsed) => {
                    let format = if parsed.gzip {
                        format!("{}, gzip", parsed.format.as_str())
                    } else {
                        parsed.format.as_str().to_owned()
                    };
                    out.show(true, t.looks_valid(parsed.len(), &format), Vec::new());
                }
                Err(e) => {
                    use crate::domain::Coded;
                    let say = |e: &crate::domain::PredictionError| {
                        crate::i18n::form_errors::refusal(lang, &e.message(), &e.to_string())
                    };
                    // A parquet file is read by the server alone: sent as it is.
                    if let crate::domain::PredictionError::NeedsServer { .. } = e {
                        out.show(true, say(&e), Vec::new());
                        return;
                    }
                    let several = e.problems().len() > 1;
                    let each = if several { e.problems().iter().map(say).collect() } else { Vec::new() };
                    out.show(false, t.refused(say(&e)), each);
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
        out: Check,
    ) {
        let t = text(lang);
        let (check, ok) = (out.text, out.ok);
        if sending.get_untracked() {
            ev.prevent_default();
            return;
        }
        if !ok.get_untracked() {
            ev.prevent_default();
            let choose = t.choose_valid();
            check.update(|c| {
                if !c.ends_with(&choose) {
                    c.push_str(&choose);
                }
            });
            out.bring();
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
                out.show(false, t.refused(message), Vec::new());
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
            out.show(false, t.network_error().into(), Vec::new());
        });
        xhr.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        let _ = xhr.send_with_opt_form_data(Some(&data));
    }
}
