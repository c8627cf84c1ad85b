//! Pieces shared by the team forms.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::i18n::Lang;
use crate::i18n::form_errors::{self, FormErrorCode};
use crate::i18n::submission::value_label;

/// Why the form was sent back: the messages, in `lang`, of the known codes
/// in `?error=` (any other text in the URL is ignored), and the server's
/// own `detail` if the session carried one (a refused file's lines).
#[component]
pub fn FormError(lang: Lang, #[prop(optional)] detail: String) -> impl IntoView {
    let query = use_query_map();
    move || {
        let mut codes = query.read().get("error").map(|e| FormErrorCode::parse_list(&e)).unwrap_or_default();
        let detail = Some(detail.clone()).filter(|d| !d.is_empty());
        if detail.is_some() && codes.is_empty() {
            codes.push(FormErrorCode::UploadRefused);
        }
        (!codes.is_empty()).then(move || {
            view! {
                <div class="error" role="alert" id="form-error">
                    {codes.into_iter().map(|c| view! { <p>{c.message(lang)}</p> }).collect_view()}
                    {detail.map(|d| match form_errors::refusal_from_flash(lang, &d).as_deref() {
                        // A coded refusal, put into words in the page's language.
                        Some([one]) => view! { <p id="form-error-detail">{one.clone()}</p> }.into_any(),
                        // A file's several problems: the count, then a list,
                        // one problem (with its line) an item.
                        Some([count, each @ ..]) if form_errors::flash_lists_problems(&d) => view! {
                            <div id="form-error-detail">
                                <p>{count.clone()}</p>
                                <ol class="problems">{each.iter().map(|p| view! { <li>{p.clone()}</li> }).collect_view()}</ol>
                            </div>
                        }
                        .into_any(),
                        // Several fields refused: a sentence each.
                        Some(all @ [_, _, ..]) => view! {
                            <div id="form-error-detail">{all.iter().map(|p| view! { <p>{p.clone()}</p> }).collect_view()}</div>
                        }
                        .into_any(),
                        // The server's own text (not coded): shown as written.
                        Some([]) | None => view! { <pre id="form-error-detail" dir="ltr">{d.clone()}</pre> }.into_any(),
                    })}
                </div>
            }
        })
    }
}

/// The page's language as a hidden form field, so that the endpoint's
/// redirect (to the result, or back with an error) keeps it. Place it first
/// in the form: the upload endpoint reads its fields in order.
#[component]
pub fn LangField(lang: Lang) -> impl IntoView {
    view! { <input type="hidden" name=Lang::PARAM value=lang.code() /> }
}

/// The `<option>`s of a select: stored values, labelled in `lang`; the
/// one typed before (a refused form's) or else `default` is selected.
pub fn options(lang: Lang, values: &'static [&'static str], typed: Option<&str>, default: &str) -> impl IntoView {
    let chosen = typed.map(str::trim).filter(|t| values.contains(t)).unwrap_or(default).to_owned();
    values
        .iter()
        .map(|v| view! { <option value=*v selected=*v == chosen>{value_label(lang, v).to_owned()}</option> })
        .collect_view()
}
