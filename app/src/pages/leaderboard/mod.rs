//! The leaderboard at `/`: one table of the published models, the
//! submissions verified here and the baselines, each marked with its
//! source, with rank ranges and 95% intervals; filters; and a chart.
//!
//! Everything is driven by the URL (`?sort=model&dir=asc`,
//! `?source=verified&category=open-arabic&q=llama`): with JavaScript off
//! the header links and the filter form (a plain GET form) reload the page
//! sorted and filtered by the server; once hydrated the router handles the
//! same links and form in the browser and the table changes in place.
//!
//! The filter is applied on the server ([`get_board_page`]): the page gets the
//! published rows, the baselines and the best verified rows the filter
//! keeps (at most [`PAGE_VERIFIED_LIMIT`](crate::api::leaderboard::PAGE_VERIFIED_LIMIT)),
//! so a search finds any submission however many there are, and says so
//! when rows were left out. A new filter fetches its rows again; sorting
//! reorders the rows already there.

mod rows;
mod table;

use leptos::prelude::*;
use leptos_router::components::Form;
use leptos_router::hooks::use_query_map;

use crate::api::leaderboard::{
    BoardFilter, BoardPage, CategoryChoice, RowSource, get_board_categories, get_board_page,
};
use crate::components::head::PageTitle;
use crate::components::table::SortDir;
use crate::i18n::{Lang, common, count, leaderboard::text, use_lang};
pub use rows::SortKey;
use table::BoardTable;

/// The chart's download address.
pub const CHART_PATH: &str = "/charts/leaderboard.svg";

/// The leaderboard page.
#[component]
pub fn LeaderboardPage() -> impl IntoView {
    let lang = use_lang();
    let query = use_query_map();
    let sort = Memo::new(move |_| {
        let q = query.read();
        let key = q.get("sort").and_then(|s| SortKey::parse(&s)).unwrap_or(SortKey::Rank);
        let dir = q.get("dir").and_then(|s| SortDir::parse(&s)).unwrap_or(key.natural_dir());
        (key, dir)
    });
    let filter = Memo::new(move |_| {
        let q = query.read();
        BoardFilter::from_query(|name| q.get(name))
    });
    // The optional calibration columns (`?columns=calibration`), shown too
    // while the board is sorted by one of them.
    let calibration = Memo::new(move |_| {
        query.read().get(CALIBRATION_PARAM).as_deref() == Some(CALIBRATION_VALUE)
            || matches!(sort.get().0, SortKey::Ece | SortKey::Brier)
    });
    let page = Resource::new(
        move || filter.get(),
        |f| {
            get_board_page(
                f.source.map(|s| s.as_str().to_owned()).unwrap_or_default(),
                f.category.unwrap_or_default(),
                f.search,
            )
        },
    );
    // Apart from the rows, so the form is not rebuilt (losing what is being
    // typed) each time a filter fetches new rows.
    let categories = Resource::new(|| (), |_| get_board_categories());

    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            <PageTitle text=t.title() />
            <h1>{t.heading()}</h1>
            <p class="lede">{t.lede()}</p>
            <Suspense>
                {move || Suspend::new(async move {
                    let categories = category_options(&categories.await.unwrap_or_default(), lang);
                    view! { <FilterForm categories filter lang /> }
                })}
            </Suspense>
            <Transition fallback=move || view! { <p>{t.loading()}</p> }>
                {move || Suspend::new(async move {
                    match page.await {
                        Ok(page) => view! { <BoardView page sort filter calibration lang /> }.into_any(),
                        Err(err) => view! { <p class="error" role="alert">{err.to_string()}</p> }.into_any(),
                    }
                })}
            </Transition>
        }
    }
}

/// The query parameter and value that show the calibration columns.
pub const CALIBRATION_PARAM: &str = "columns";
pub const CALIBRATION_VALUE: &str = "calibration";

#[component]
fn BoardView(
    page: BoardPage,
    sort: Memo<(SortKey, SortDir)>,
    filter: Memo<BoardFilter>,
    calibration: Memo<bool>,
    lang: Lang,
) -> impl IntoView {
    let t = text(lang);
    let limited = page.is_limited().then(|| {
        view! {
            <p class="notice" role="note" id="rows-limited">
                {t.rows_limited(count(page.verified_shown as u64), count(page.verified_matching as u64))} " "
                <a href=lang.href("/api/v1/leaderboard.csv") download="medarabench-leaderboard.csv">"CSV"</a>
                " · " <a href="/api/v1/leaderboard" type="application/json">"JSON"</a>
            </p>
        }
    });
    let BoardPage { rows, reference, models_total, synthetic, .. } = page;
    let query = use_query_map();
    let chart_src = move || {
        let q = query.read();
        let kept: leptos_router::params::ParamsMap =
            [BoardFilter::SOURCE, BoardFilter::CATEGORY, BoardFilter::SEARCH, Lang::PARAM]
                .into_iter()
                .filter_map(|k| q.get(k).filter(|v| !v.is_empty()).map(|v| (k, v)))
                .collect();
        format!("{CHART_PATH}{}", kept.to_query_string())
    };
    // A phone gets the chart drawn for its width, its text at its natural
    // size, rather than the wide one scaled down to unreadable labels.
    let narrow_src = move || {
        let src = chart_src();
        let join = if src.contains('?') { '&' } else { '?' };
        format!("{src}{join}layout=narrow")
    };
    view! {
        {synthetic.then(|| view! { <p class="notice" role="note" id="synthetic-notice">{t.synthetic_notice()}</p> })}
        {limited}
        <BoardTable rows reference total=models_total sort filter calibration lang />
        <p class="note" id="rank-note">{t.rank_note()}</p>
        <p class="note" id="flag-note">{t.flag_note()}</p>
        <p class="note">{t.approx_note()}</p>
        <p class="note">{t.reference_note()}</p>
        <p class="downloads">
            <a href=lang.href("/api/v1/leaderboard.csv") download="medarabench-leaderboard.csv">{t.download_csv()}</a>
            " · " <a href="/api/v1/leaderboard" type="application/json">{t.download_json()}</a>
            " · " <a href=lang.href("/compare")>{t.compare_link()}</a>
        </p>
        <section id="chart" aria-labelledby="chart-h">
            <h2 id="chart-h">{t.chart_heading()}</h2>
            <figure class="chart">
                <picture>
                    <source media="(max-width: 40rem)" srcset=narrow_src type="image/svg+xml" />
                    <img class="chart-img" src=chart_src alt=t.chart_alt() loading="lazy" />
                </picture>
                <figcaption>
                    <a href=chart_src download="medarabench-leaderboard.svg" type="image/svg+xml">{t.download_chart()}</a>
                </figcaption>
            </figure>
        </section>
    }
}

/// The board's categories as (query value, label), "none" last.
fn category_options(choices: &[CategoryChoice], lang: Lang) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = choices
        .iter()
        .map(|c| {
            let label = match &c.access_focus {
                Some((a, f)) => common::category_label(lang, a, f),
                None => text(lang).category_none().to_owned(),
            };
            (c.slug.clone(), label)
        })
        .collect();
    out.sort_by(|a, b| (a.0 == "none").cmp(&(b.0 == "none")).then_with(|| a.1.cmp(&b.1)));
    out
}

/// Submits the filter form when one of its selects changes (without
/// JavaScript the Apply button does it). The page loads no WASM, so this
/// is one small inline script, allowed by the page's nonce; it holds no
/// `<`, `>` or `&`, so it is sent as written.
const SUBMIT_ON_CHANGE: &str = "document.querySelectorAll('#filters select').forEach(function (s) { \
     s.addEventListener('change', function () { s.form.requestSubmit(); }); });";

/// The filters as a GET form: without JavaScript the browser loads the
/// filtered page; hydrated, the router applies it in place.
#[component]
fn FilterForm(categories: Vec<(String, String)>, filter: Memo<BoardFilter>, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let query = use_query_map();
    let hidden = move |name: &'static str| {
        query.read().get(name).filter(|v| !v.is_empty()).map(|v| view! { <input type="hidden" name=name value=v /> })
    };
    let source_option = move |value: &'static str, label: String| {
        let selected = move || filter.read().source.map_or("", RowSource::as_str) == value;
        view! { <option value=value selected=selected>{label}</option> }
    };
    let category_options = categories
        .into_iter()
        .map(|(slug, label)| {
            let value = slug.clone();
            let selected = move || filter.read().category.as_deref() == Some(slug.as_str());
            view! { <option value=value selected=selected>{label}</option> }
        })
        .collect_view();
    let clear = move || {
        let q = query.read();
        let kept: leptos_router::params::ParamsMap = ["sort", "dir", Lang::PARAM]
            .into_iter()
            .filter_map(|k| q.get(k).filter(|v| !v.is_empty()).map(|v| (k, v)))
            .collect();
        format!("/{}", kept.to_query_string())
    };
    view! {
        <Form method="get" action="/">
            <fieldset class="filters" id="filters">
                <legend>{t.filter_legend()}</legend>
                <label>
                    {t.filter_source()}
                    <select
                        name=BoardFilter::SOURCE
                        prop:value=move || filter.read().source.map_or("", RowSource::as_str)
                    >
                        {source_option("", t.filter_all())}
                        {source_option("reported", t.badge_reported())}
                        {source_option("verified", t.badge_verified())}
                        {source_option("reference", t.badge_reference())}
                    </select>
                </label>
                <label>
                    {t.filter_category()}
                    <select
                        name=BoardFilter::CATEGORY
                        prop:value=move || filter.read().category.clone().unwrap_or_default()
                    >
                        <option value="" selected=move || filter.read().category.is_none()>{t.filter_all()}</option>
                        {category_options}
                    </select>
                </label>
                <label>
                    {t.filter_search()}
                    <input
                        type="search"
                        name=BoardFilter::SEARCH
                        value=move || filter.read().search.clone()
                        prop:value=move || filter.read().search.clone()
                    />
                </label>
                {hidden("sort")}
                {hidden("dir")}
                {hidden(CALIBRATION_PARAM)}
                {hidden(Lang::PARAM)}
                <button type="submit">{t.apply()}</button>
                {move || (!filter.read().is_empty()).then(|| view! { <a class="clear" href=clear>{t.clear()}</a> })}
            </fieldset>
        </Form>
        <script nonce=leptos::nonce::use_nonce()>{SUBMIT_ON_CHANGE}</script>
    }
}
