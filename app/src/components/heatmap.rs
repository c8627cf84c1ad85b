//! The specialty × level heatmap as an accessible HTML table: one row per
//! specialty, one column per level present, each cell with its accuracy,
//! n and 95% CI, painted on the fixed scale of [`crate::palette`], with
//! the legend beside it. Cells with few questions are marked; cells
//! without questions say so (they are not zeros).

use leptos::prelude::*;

use crate::domain::Breakdown;
pub use crate::domain::score::{Cells, SMALL_N, levels};
use crate::format::{acc, ci};
use crate::i18n::Lang;
use crate::i18n::score::{BreakdownKind, text};
use crate::palette;

/// The heatmap table (`#heatmap`) and its legend. Cells carry their figures
/// as data attributes (`data-specialty`, `data-level`, `data-n`,
/// `data-correct`, `data-accuracy`, `data-ci-low`, `data-ci-high`).
#[component]
pub fn Heatmap(lang: Lang, cells: Cells, #[prop(default = SMALL_N)] small_n: usize) -> impl IntoView {
    let t = text(lang);
    if cells.is_empty() {
        return view! { <p class="note" id="heatmap-none">{t.heat_no_cells()}</p> }.into_any();
    }
    let levels = levels(&cells);
    let head = levels
        .iter()
        .map(|level| {
            view! { <th scope="col" data-level=level.clone()>{BreakdownKind::Level.row_label(lang, level)}</th> }
        })
        .collect_view();
    let rows = cells
        .into_iter()
        .map(|(specialty, row)| {
            let tds = levels
                .iter()
                .map(|level| match row.get(level) {
                    Some(cell) => {
                        let (specialty, level) = (specialty.clone(), level.clone());
                        view! { <HeatCell lang specialty level cell=*cell small_n /> }.into_any()
                    }
                    None => view! {
                        <td class="heat-empty" data-specialty=specialty.clone() data-level=level.clone() data-n="0">
                            {t.heat_empty()}
                        </td>
                    }
                    .into_any(),
                })
                .collect_view();
            view! {
                <tr data-specialty=specialty.clone()>
                    <th scope="row">{BreakdownKind::Specialty.row_label(lang, &specialty)}</th>
                    {tds}
                </tr>
            }
        })
        .collect_view();
    let legend = palette::scale()
        .enumerate()
        .map(|(i, shade)| {
            view! {
                <li data-bin=i.to_string() style=shade.css()>
                    <span class="num" dir="ltr">{shade.range_label()}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table class="heatmap" id="heatmap">
                <caption>{t.heat_caption()}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t.heat_corner()}</th>
                        {head}
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <div class="heat-legend" id="heatmap-legend">
            <p class="note" id="heatmap-legend-title">{t.heat_legend()}</p>
            <ol class="heat-scale" aria-labelledby="heatmap-legend-title">{legend}</ol>
            <p class="note" id="heatmap-keys">
                <span class="heat-swatch heat-empty">{t.heat_empty()}</span>
                " "
                <span class="heat-swatch heat-small">"*"</span>
                " " {t.small_note(small_n)}
            </p>
        </div>
    }
    .into_any()
}

/// One cell with questions: accuracy, n and 95% CI on its shade; marked
/// `small-n` (dashed, `*`, muted colours) below `small_n` questions.
#[component]
fn HeatCell(lang: Lang, specialty: String, level: String, cell: Breakdown, small_n: usize) -> impl IntoView {
    let small = cell.total < small_n;
    // A small cell is painted muted: its colour must not shout a number
    // that a handful of questions decided.
    let shade = if small { palette::shade_of(cell.accuracy).muted() } else { palette::shade_of(cell.accuracy) };
    view! {
        <td
            class="heat-cell"
            class:small-n=small
            data-specialty=specialty
            data-level=level
            data-n=cell.total.to_string()
            data-correct=cell.correct.to_string()
            data-accuracy=cell.accuracy.to_string()
            data-ci-low=cell.ci95[0].to_string()
            data-ci-high=cell.ci95[1].to_string()
            style=shade.css()
        >
            <span class="heat-acc num" dir="ltr">{acc(cell.accuracy)}</span>
            <span class="heat-n num" dir="ltr">{format!("n = {}", cell.total)}{small.then_some(" *")}</span>
            <span class="heat-ci">
                <span class="visually-hidden">{text(lang).ci()}" "</span>
                <span class="num" dir="ltr">{ci(cell.ci95)}</span>
            </span>
        </td>
    }
}
