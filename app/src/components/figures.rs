//! Small views for published figures: numbers that stay left-to-right in
//! Arabic text, the source line under a table, and count tables.

use leptos::prelude::*;

use crate::i18n::{Lang, common};

/// A number or formula shown left-to-right inside text of either direction.
#[component]
pub fn Num(#[prop(into)] value: String) -> impl IntoView {
    view! { <span class="num" dir="ltr">{value}</span> }
}

/// "Source: Table 2", in the page's language.
#[component]
pub fn Source(lang: Lang, #[prop(into)] table: String) -> impl IntoView {
    let t = common::text(lang);
    view! { <p class="source">{t.source()}": " {common::source_label(lang, &table)}</p> }
}

/// A two-column table of labels and counts.
#[component]
pub fn CountTable(
    #[prop(into)] id: String,
    #[prop(into)] caption: String,
    label_header: String,
    count_header: String,
    rows: Vec<(String, usize)>,
) -> impl IntoView {
    view! {
        <div class="table-scroll">
            <table class="counts" id=id>
                <caption>{caption}</caption>
                <thead>
                    <tr>
                        <th scope="col">{label_header}</th>
                        <th scope="col" class="num">{count_header}</th>
                    </tr>
                </thead>
                <tbody>
                    {rows
                        .into_iter()
                        .map(|(label, n)| {
                            let data_label = label.clone();
                            view! {
                                <tr data-label=data_label>
                                    <th scope="row">{label}</th>
                                    <td class="num">{crate::i18n::count(n as u64)}</td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}
