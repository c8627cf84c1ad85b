//! The validation report of the stored answer key: totals, rejected rows
//! with their reasons, warnings by kind. Shows counts and ids only.

use leptos::prelude::*;

use crate::domain::key_summary::KeySummary;
use crate::format::utc_date;
use crate::i18n::{Lang, common, count, key_report};

/// The report of `key`, or a plain "no key stored yet".
#[component]
pub fn KeyReport(lang: Lang, key: Option<KeySummary>) -> impl IntoView {
    let t = key_report::text(lang);
    let Some(key) = key else {
        return view! { <p class="notice" data-key="none">{t.none()}</p> }.into_any();
    };
    let totals = [
        (t.rows(), key.rows),
        (t.scoreable(), key.scoreable),
        (t.rejected(), key.rejected.len() + key.withheld),
        (t.normalized(), key.normalized),
        (t.warnings(), key.warnings),
    ];
    let intro = t.intro(&key.name, utc_date(key.imported_at));
    let sha256 = key.sha256.clone();
    let data_key = key.sha256.clone().unwrap_or_else(|| key.name.clone());
    view! {
        <div class="key-report" data-key=data_key>
            <p>{intro}</p>
            {key.synthetic.then(|| view! { <p class="notice" data-synthetic="true">{t.synthetic()}</p> })}
            {match sha256 {
                Some(sha256) => view! { <p>{t.sha256()}": " <code class="hash" dir="ltr">{sha256}</code></p> }.into_any(),
                None => view! { <p class="notice" id="key-held-out">{t.held_out()}</p> }.into_any(),
            }}
            <div class="table-scroll">
                <table class="counts" id="key-totals">
                    <caption>{t.summary_caption()}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t.col_item()}</th>
                            <th scope="col" class="num">{t.col_count()}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {totals
                            .into_iter()
                            .map(|(label, n)| view! { <tr><th scope="row">{label}</th><td class="num">{count(n as u64)}</td></tr> })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
            <Rejected lang key=key.clone() />
            <Warnings lang key />
        </div>
    }
    .into_any()
}

#[component]
fn Rejected(lang: Lang, key: KeySummary) -> impl IntoView {
    let t = key_report::text(lang);
    let withheld = (key.withheld > 0)
        .then(|| view! { <p class="note" id="key-rejected-withheld">{t.withheld(key.withheld as u64)}</p> });
    if key.rejected.is_empty() {
        return match withheld {
            Some(note) => note.into_any(),
            None => view! { <p>{t.no_rejected()}</p> }.into_any(),
        };
    }
    // A report stored before reasons had codes shows them in English.
    let english = key.rejected.iter().any(|r| r.reasons.is_empty()) && !t.reasons_in_english().is_empty();
    let rows = key
        .rejected
        .into_iter()
        .map(|r| {
            let id = r.question_id.map_or_else(|| "?".to_owned(), |id| id.to_string());
            let codes = r.reasons.iter().map(|reason| reason.code()).collect::<Vec<_>>().join(" ");
            let reason = match key_report::reasons(lang, &r) {
                Some(text) => view! { <td data-reasons=codes>{text}</td> }.into_any(),
                None => view! { <td lang="en" dir="ltr">{r.reason}</td> }.into_any(),
            };
            view! {
                <tr>
                    <td class="num">{r.line}</td>
                    <td class="num">{id}</td>
                    {reason}
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table id="key-rejected">
                <caption>{t.rejected_caption()} {english.then(|| format!(" {}", t.reasons_in_english()))}</caption>
                <thead>
                    <tr>
                        <th scope="col" class="num">{t.col_line()}</th>
                        <th scope="col" class="num">{t.col_question()}</th>
                        <th scope="col">{t.col_reason()}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        {withheld}
    }
    .into_any()
}

#[component]
fn Warnings(lang: Lang, key: KeySummary) -> impl IntoView {
    let t = key_report::text(lang);
    if key.warning_counts.is_empty() {
        return view! { <p>{t.no_warnings()}</p> }.into_any();
    }
    let rows = key
        .warning_counts
        .into_iter()
        .map(|(kind, n)| {
            view! {
                <tr data-warning=kind.as_str()>
                    <th scope="row">{common::warning_label(lang, kind)}</th>
                    <td class="num">{count(n as u64)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table id="key-warnings">
                <caption>{t.warnings_caption()}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t.col_meaning()}</th>
                        <th scope="col" class="num">{t.col_rows()}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
    .into_any()
}
