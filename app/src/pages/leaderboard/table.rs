//! The board as one table: models in the body (sortable), baselines in
//! the foot, each row marked with its source.

use leptos::prelude::*;

use super::rows::{SortKey, category_label, model_label, rank_label, sort_rows, team_label};
use crate::api::leaderboard::{BoardFilter, BoardRow, RowSource};
use crate::components::explained::Explained;
use crate::components::figures::Num;
use crate::components::score::CiBar;
use crate::components::table::{SortDir, SortHeader};
use crate::domain::exposure::Exposure;
use crate::domain::split::Part;
use crate::format::{acc, ci, utc_date};
use crate::i18n::form_errors::say;
use crate::i18n::{Lang, leaderboard};

/// Number of columns (for full-width cells).
const COLUMNS: &str = "9";
/// The same with the optional calibration columns.
const COLUMNS_WITH_CALIBRATION: &str = "11";

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
fn BoardTableRow(row: BoardRow, calibration: bool, lang: Lang) -> impl IntoView {
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
    // A date column of dates only: the paper's rows were not submitted
    // here, and their date is not reported.
    let date = match row.source {
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
        RowSource::Reported => crate::i18n::common::text(lang).not_reported().into_any(),
        RowSource::Reference => not_applicable().into_any(),
    };
    let badge = |class: &'static str, label: String, explanation: String| {
        view! { " " <Explained class label explanation /> }
    };
    let ladder =
        (row.exposure == Some(Exposure::HeldOut)).then(|| badge("badge-ladder", t.ladder_badge(), t.ladder_title()));
    let chance = row.at_or_below_chance.then(|| badge("badge-ladder", t.chance_badge(), t.chance_title()));
    let held = row.not_above_team_best.then(|| badge("badge-ladder", t.held_badge(), t.held_title()));
    let part = row.part.map(|part| match part {
        Part::Public => badge("badge-part", t.public_part_badge(), t.public_part_title()),
        Part::Private => badge("badge-part", t.private_part_badge(), t.private_part_title()),
    });
    let flagged = (!row.flags.is_empty()).then(|| {
        let said: Vec<String> = row.flags.iter().map(|f| say(lang, &f.message)).collect();
        let codes: Vec<&str> = row.flags.iter().map(|f| f.code.as_str()).collect();
        view! {
            " "
            <Explained
                class="badge-flag"
                label=t.flag_badge()
                explanation=t.flag_title(said.join("; "))
                data_flags=codes.join(" ")
            />
        }
    });
    let contamination = match row.source {
        RowSource::Reported => crate::i18n::common::text(lang).not_reported(),
        RowSource::Verified => leaderboard::contamination(lang, row.contamination.map(|c| c.as_str())),
        RowSource::Reference => t.not_applicable(),
    };
    let (accuracy, ci95, approx) = (row.accuracy, row.ci95, row.ci95_approximate);
    // Calibration: ECE with its interval and n, Brier; "not given" for a
    // submission whose file gave no confidence (or whose key is held out).
    let missing_calibration = || match row.source {
        RowSource::Reported => crate::i18n::common::text(lang).not_reported().to_owned(),
        RowSource::Verified => t.not_given(),
        RowSource::Reference => not_applicable(),
    };
    let (ece, brier) = match row.calibration {
        Some(c) => (
            view! {
                <span class="num">{format!("{:.3}", c.ece)}</span>
                " " <span class="num ci" dir="ltr">{ci(c.ece_ci95)}</span>
                <br /> <Num value=format!("n = {}", crate::i18n::count(c.n)) />
            }
            .into_any(),
            view! { <span class="num">{format!("{:.3}", c.brier)}</span> }.into_any(),
        ),
        None => (missing_calibration().into_any(), missing_calibration().into_any()),
    };
    // Rank, model and accuracy come first: on a phone they are the first
    // view and stay in place while the rest of the row scrolls sideways
    // (`style/main.css`).
    view! {
        <tr
            data-model=is_model.then(|| row.model.clone())
            data-reference=(!is_model).then(|| row.model.clone())
            data-source=row.source.as_str()
            data-synthetic=row.synthetic_key.then_some("true")
        >
            <td class="num rank">
                {match rank_label(&row) {
                    Some(rank) => rank.into_any(),
                    // On a phone's narrow rank column, a dash (the words
                    // stay for screen readers).
                    None => view! {
                        <span class="unranked">{t.unranked()}</span>
                        <span class="unranked-dash" aria-hidden="true">"—"</span>
                    }
                    .into_any(),
                }}
            </td>
            // A flag sits by the model's name, in the first view on a
            // phone: a flagged row is not ranked until it is reviewed.
            <th scope="row" class="model"><span dir="auto">{model}</span> {flagged}</th>
            <td class="acc">
                <span class="acc-value num">{acc(accuracy)}</span>
                {approx.then(|| view! { <abbr class="approx" title=t.approx_title()>"≈"</abbr> })}
                <CiBar lang accuracy ci95 />
                <span class="num ci" dir="ltr">{ci(ci95)}</span>
                {ladder}
                {chance}
                {held}
                {part}
            </td>
            <td class="num">{crate::i18n::count(row.n)}</td>
            <td class="team-source">
                <SourceBadge source=row.source lang /> " " <span dir="auto">{team_label(&row, lang)}</span>
                {row.synthetic_key.then(|| view! { " " <span class="badge badge-demo">{t.demo_key_badge()}</span> })}
            </td>
            <td>{category}</td>
            <td>{size}</td>
            <td class="date">{date}</td>
            <td>{contamination}</td>
            {calibration.then(|| view! {
                <td class="calibration ece">{ece}</td>
                <td class="calibration brier">{brier}</td>
            })}
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
    calibration: Memo<bool>,
    lang: Lang,
) -> impl IntoView {
    let t = leaderboard::text(lang);
    let columns = move || if calibration.get() { COLUMNS_WITH_CALIBRATION } else { COLUMNS };
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
            return view! { <tr class="empty"><td colspan=columns>{t.no_match()}</td></tr> }.into_any();
        }
        let calibration = calibration.get();
        shown.into_iter().map(|row| view! { <BoardTableRow row calibration lang /> }).collect_view().into_any()
    };
    let foot = move || {
        (filter.read().shows_reference() && !reference.is_empty()).then(|| {
            let calibration = calibration.get();
            let rows = reference
                .clone()
                .into_iter()
                .map(|row| view! { <BoardTableRow row calibration lang /> })
                .collect_view();
            view! {
                <tfoot>
                    <tr class="reference-heading"><th scope="rowgroup" colspan=columns>{t.reference_heading()}</th></tr>
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
    // The link that shows or hides the calibration columns, keeping the
    // rest of the query (a sort by one of them goes with them).
    let query = leptos_router::hooks::use_query_map();
    let toggle = move || {
        let show = !calibration.get();
        let by_calibration = matches!(sort.get().0, SortKey::Ece | SortKey::Brier);
        let rest = query.get().into_iter().filter(|(k, v)| {
            !v.is_empty() && k != super::CALIBRATION_PARAM && !(by_calibration && (k == "sort" || k == "dir"))
        });
        let q: leptos_router::params::ParamsMap =
            rest.chain(show.then(|| (super::CALIBRATION_PARAM.into(), super::CALIBRATION_VALUE.to_owned()))).collect();
        format!("/{}", q.to_query_string())
    };
    // The caption is a paragraph above the scrolling box, not a
    // `<caption>`: a caption is laid out as wide as its table, and on a
    // phone it would run off the screen.
    view! {
        <p class="board-caption" id="board-caption">
            {move || t.caption(shown.read().len(), total)} <span class="sort-hint">{t.sort_hint()}</span>
            " " <a id="calibration-toggle" href=toggle>{move || if calibration.get() { t.calibration_hide() } else { t.calibration_show() }}</a>
        </p>
        <div class="table-scroll board-scroll">
            <table class="leaderboard" id="leaderboard" aria-labelledby="board-caption">
                <thead>
                    <tr>
                        {header(SortKey::Rank, t.col_rank())}
                        {header(SortKey::Model, t.col_model())}
                        {header(SortKey::Accuracy, t.col_accuracy())}
                        {header(SortKey::N, t.col_n())}
                        {header(SortKey::Team, t.col_team_source())}
                        {header(SortKey::Category, t.col_category())}
                        {header(SortKey::Size, t.col_size())}
                        {header(SortKey::Date, t.col_date())}
                        {header(SortKey::Contamination, t.col_contamination())}
                        {move || calibration.get().then(|| view! {
                            {header(SortKey::Ece, t.col_ece())}
                            {header(SortKey::Brier, t.col_brier())}
                        })}
                    </tr>
                </thead>
                <tbody>{body}</tbody>
                {foot}
            </table>
        </div>
    }
}
