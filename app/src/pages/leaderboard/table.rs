//! The board as one table: models in the body (sortable), baselines in
//! the foot, each row marked with its source.

use leptos::prelude::*;

use super::rows::{SortKey, category_label, model_label, rank_label, sort_rows, team_label};
use crate::api::leaderboard::{BoardFilter, BoardRow, RowSource};
use crate::components::score::CiBar;
use crate::components::table::{SortDir, SortHeader};
use crate::domain::exposure::Exposure;
use crate::domain::split::Part;
use crate::format::{acc, ci, utc_date};
use crate::i18n::form_errors::say;
use crate::i18n::{Lang, leaderboard};

/// Number of columns (for full-width cells).
const COLUMNS: &str = "9";

#[component]
fn SourceBadge(source: RowSource, lang: Lang) -> impl IntoView {
    let t = leaderboard::text(lang);
    let label = match source {
        RowSource::Reported => t.badge_reported(),
        RowSource::Verified => t.badge_verified(),
        RowSource::Reference => t.badge_reference(),
    };
    view! { <span class=format!("badge badge-{}", source.as_str())>{label}</span> }
}

/// One row of the table, whatever its source.
#[component]
fn BoardTableRow(row: BoardRow, lang: Lang) -> impl IntoView {
    let t = leaderboard::text(lang);
    let is_model = row.source != RowSource::Reference;
    let not_applicable = || t.not_applicable().to_owned();
    let model = match (&row.submission_id, row.source) {
        (Some(id), RowSource::Verified) => {
            view! { <a href=lang.href(&format!("/submissions/{id}"))>{row.model.clone()}</a> }.into_any()
        }
        _ => model_label(&row, lang).into_any(),
    };
    let category = match row.source {
        RowSource::Reference => not_applicable(),
        _ => category_label(&row, lang).unwrap_or_else(|| t.not_stated().to_owned()),
    };
    let size = match row.source {
        RowSource::Reported => crate::i18n::common::text(lang).not_reported().to_owned(),
        RowSource::Verified => row.params.clone().unwrap_or_else(|| t.not_stated().to_owned()),
        RowSource::Reference => not_applicable(),
    };
    let date = match row.source {
        RowSource::Reported => view! { <span class="num">{t.paper_date()}</span> }.into_any(),
        RowSource::Verified => {
            let attempts = row.attempts.zip(row.first_submitted_at).map(|(count, first)| {
                view! { <span class="attempts" data-attempts=count.to_string()>{t.attempts(count, utc_date(first))}</span> }
            });
            view! {
                <span class="num">{row.submitted_at.map(utc_date).unwrap_or_default()}</span>
                {attempts.map(|a| view! { <br /> {a} })}
            }
            .into_any()
        }
        RowSource::Reference => not_applicable().into_any(),
    };
    let ladder = (row.exposure == Some(Exposure::HeldOut))
        .then(|| view! { " " <abbr class="badge badge-ladder" title=t.ladder_title()>{t.ladder_badge()}</abbr> });
    let chance = row
        .at_or_below_chance
        .then(|| view! { " " <abbr class="badge badge-ladder" title=t.chance_title()>{t.chance_badge()}</abbr> });
    let held = row
        .not_above_team_best
        .then(|| view! { " " <abbr class="badge badge-ladder" title=t.held_title()>{t.held_badge()}</abbr> });
    let part = row.part.map(|part| match part {
        Part::Public => view! { " " <abbr class="badge" title=t.public_part_title()>{t.public_part_badge()}</abbr> },
        Part::Private => view! { " " <abbr class="badge" title=t.private_part_title()>{t.private_part_badge()}</abbr> },
    });
    let flagged = (!row.flags.is_empty()).then(|| {
        let said: Vec<String> = row.flags.iter().map(|f| say(lang, &f.message)).collect();
        let codes: Vec<&str> = row.flags.iter().map(|f| f.code.as_str()).collect();
        view! {
            " " <abbr class="badge badge-flag" data-flags=codes.join(" ") title=t.flag_title(said.join("; "))>
                {t.flag_badge()}
            </abbr>
        }
    });
    let contamination = match row.source {
        RowSource::Reported => crate::i18n::common::text(lang).not_reported(),
        RowSource::Verified => leaderboard::contamination(lang, row.contamination.map(|c| c.as_str())),
        RowSource::Reference => t.not_applicable(),
    };
    let (accuracy, ci95, approx) = (row.accuracy, row.ci95, row.ci95_approximate);
    view! {
        <tr
            data-model=is_model.then(|| row.model.clone())
            data-reference=(!is_model).then(|| row.model.clone())
            data-source=row.source.as_str()
            data-synthetic=row.synthetic_key.then_some("true")
        >
            <td class="num rank">{rank_label(&row).unwrap_or_else(|| t.unranked().to_owned())}</td>
            <th scope="row">{model}</th>
            <td class="team-source">
                <SourceBadge source=row.source lang /> " " {team_label(&row, lang)}
                {row.synthetic_key.then(|| view! { " " <span class="badge badge-demo">{t.demo_key_badge()}</span> })}
                {flagged}
            </td>
            <td>{category}</td>
            <td>{size}</td>
            <td class="acc">
                <span class="acc-value num">{acc(accuracy)}</span>
                {approx.then(|| view! { <abbr class="approx" title=t.approx_title()>"≈"</abbr> })}
                {ladder}
                {chance}
                {held}
                {part}
                <CiBar lang accuracy ci95 />
                <span class="num ci" dir="ltr">{ci(ci95)}</span>
            </td>
            <td class="num">{crate::i18n::count(row.n)}</td>
            <td class="date">{date}</td>
            <td>{contamination}</td>
        </tr>
    }
}

/// The table of `rows` (models) and `reference` (baselines), filtered and
/// sorted from the URL; `total` is the number of models on the whole
/// board. The rows come filtered by the server; filtering them again here
/// shows a new filter at once while its rows are fetched.
#[component]
pub fn BoardTable(
    rows: Vec<BoardRow>,
    reference: Vec<BoardRow>,
    total: usize,
    sort: Memo<(SortKey, SortDir)>,
    filter: Memo<BoardFilter>,
    lang: Lang,
) -> impl IntoView {
    let t = leaderboard::text(lang);
    let shown = {
        let rows = rows.clone();
        Memo::new(move |_| {
            let (key, dir) = sort.get();
            let filter = filter.read();
            let mut shown: Vec<BoardRow> = rows.iter().filter(|r| filter.shows(r)).cloned().collect();
            sort_rows(&mut shown, key, dir, lang);
            shown
        })
    };
    let body = move || {
        let shown = shown.get();
        if shown.is_empty() {
            return view! { <tr class="empty"><td colspan=COLUMNS>{t.no_match()}</td></tr> }.into_any();
        }
        shown.into_iter().map(|row| view! { <BoardTableRow row lang /> }).collect_view().into_any()
    };
    let foot = move || {
        (filter.read().shows_reference() && !reference.is_empty()).then(|| {
            let rows = reference.clone().into_iter().map(|row| view! { <BoardTableRow row lang /> }).collect_view();
            view! {
                <tfoot>
                    <tr class="reference-heading"><th scope="rowgroup" colspan=COLUMNS>{t.reference_heading()}</th></tr>
                    {rows}
                </tfoot>
            }
        })
    };
    let header = move |key: SortKey, label: String| {
        let current = Signal::derive(move || {
            let (k, d) = sort.get();
            (k.as_str(), d)
        });
        view! { <SortHeader label key=key.as_str() natural=key.natural_dir() current /> }
    };
    view! {
        <div class="table-scroll">
            <table class="leaderboard" id="leaderboard">
                <caption>{move || t.caption(shown.read().len(), total)} {t.sort_hint()}</caption>
                <thead>
                    <tr>
                        {header(SortKey::Rank, t.col_rank())}
                        {header(SortKey::Model, t.col_model())}
                        {header(SortKey::Team, t.col_team_source())}
                        {header(SortKey::Category, t.col_category())}
                        {header(SortKey::Size, t.col_size())}
                        {header(SortKey::Accuracy, t.col_accuracy())}
                        {header(SortKey::N, t.col_n())}
                        {header(SortKey::Date, t.col_date())}
                        {header(SortKey::Contamination, t.col_contamination())}
                    </tr>
                </thead>
                <tbody>{body}</tbody>
                {foot}
            </table>
        </div>
    }
}
