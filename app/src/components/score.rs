//! Score displays: an accuracy with its n and 95% CI, and breakdown tables.

use std::collections::BTreeMap;

use leptos::prelude::*;

use crate::components::figures::Num;
use crate::domain::Breakdown;
pub use crate::domain::score::SMALL_N;
use crate::format::{acc, ci};
use crate::i18n::Lang;
use crate::i18n::score::{BreakdownKind, text};

/// "0.612 (n = 4928; 95% CI [0.598, 0.625])" as one inline element; the
/// figures stay left-to-right in Arabic.
#[component]
pub fn AccuracyWithCi(lang: Lang, accuracy: f64, n: usize, ci95: [f64; 2]) -> impl IntoView {
    let separator = if lang == Lang::Ar { "؛ " } else { "; " };
    view! {
        <span class="acc-ci">
            <strong class="num">{acc(accuracy)}</strong>
            " (" <Num value=format!("n = {n}") /> {separator} {text(lang).ci()} " " <span class="num" dir="ltr">{ci(ci95)}</span> ")"
        </span>
    }
}

/// A CI drawn as a bar on [0, 1] with the point estimate marked.
#[component]
pub fn CiBar(lang: Lang, accuracy: f64, ci95: [f64; 2]) -> impl IntoView {
    let pct = |x: f64| format!("{:.2}", (x.clamp(0.0, 1.0) * 100.0));
    // The bar runs from 0 on the left to 1 on the right in both languages:
    // SVG coordinates do not follow the text direction (and `dir` is not an
    // attribute of <svg>).
    view! {
        <svg class="ci-bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img"
            aria-label=text(lang).ci_bar(acc(ci95[0]), acc(ci95[1]), acc(accuracy))>
            <line x1="0" y1="5" x2="100" y2="5" class="ci-axis" />
            <rect x=pct(ci95[0]) y="2" width=pct(ci95[1] - ci95[0]) height="6" class="ci-range" />
            <rect x=pct(accuracy) y="0" width="0.8" height="10" class="ci-point" />
        </svg>
    }
}

/// One table of cells (by specialty, level, option count...), rows named
/// in `lang`. Cells with fewer than `small_n` questions are marked: their
/// interval is wide.
#[component]
pub fn BreakdownTable(
    lang: Lang,
    #[prop(into)] caption: String,
    kind: BreakdownKind,
    cells: BTreeMap<String, Breakdown>,
    #[prop(default = SMALL_N)] small_n: usize,
) -> impl IntoView {
    let t = text(lang);
    let rows = cells
        .into_iter()
        .map(|(name, c)| {
            let small = c.total < small_n;
            view! {
                <tr class:small-n=small data-key=name.clone()>
                    <th scope="row">{kind.row_label(lang, &name)}{small.then_some(" *")}</th>
                    <td class="num">{c.correct}</td>
                    <td class="num">{c.total}</td>
                    <td class="num">{acc(c.accuracy)}</td>
                    <td class="num" dir="ltr">{ci(c.ci95)}</td>
                    <td class="bar-cell"><CiBar lang accuracy=c.accuracy ci95=c.ci95 /></td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table class="breakdown">
                <caption>{caption}</caption>
                <thead>
                    <tr>
                        <th scope="col">{kind.heading(lang)}</th>
                        <th scope="col" class="num">{t.col_correct()}</th>
                        <th scope="col" class="num">{t.col_n()}</th>
                        <th scope="col" class="num">{t.col_accuracy()}</th>
                        <th scope="col" class="num">{t.col_ci()}</th>
                        <th scope="col">{t.col_interval()}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <p class="note">{t.small_note(small_n)}</p>
    }
}
