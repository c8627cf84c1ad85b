//! The leaderboard at `/`: every published model with its category and
//! accuracy.
//!
//! Sorting is driven by the URL (`?sort=model&dir=asc`): with JavaScript off
//! a header link reloads the page sorted by the server; once hydrated, the
//! router handles the same link in the browser and the table re-sorts in
//! place without a reload.

use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::hooks::use_query_map;

use crate::api::leaderboard::{PublishedModel, published_models};
use crate::components::table::{SortDir, SortHeader};
use crate::i18n::{Lang, common, leaderboard::text, use_lang};

/// Columns the table can be sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortKey {
    Rank,
    Model,
    Category,
    Accuracy,
}

impl SortKey {
    fn parse(s: &str) -> Option<Self> {
        match s {
            "rank" => Some(Self::Rank),
            "model" => Some(Self::Model),
            "category" => Some(Self::Category),
            "accuracy" => Some(Self::Accuracy),
            _ => None,
        }
    }

    /// The query value for this column.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Rank => "rank",
            Self::Model => "model",
            Self::Category => "category",
            Self::Accuracy => "accuracy",
        }
    }

    /// The direction a first click sorts in.
    fn natural_dir(self) -> SortDir {
        match self {
            Self::Accuracy => SortDir::Desc,
            _ => SortDir::Asc,
        }
    }
}

/// A published row with its competition rank ("1224" ranking: ties share
/// the better rank).
#[derive(Debug, Clone, PartialEq)]
struct RankedRow {
    rank: usize,
    row: PublishedModel,
}

fn rank_rows(mut rows: Vec<PublishedModel>) -> Vec<RankedRow> {
    rows.sort_by(|a, b| b.accuracy.total_cmp(&a.accuracy).then_with(|| a.model.cmp(&b.model)));
    let mut out: Vec<RankedRow> = Vec::with_capacity(rows.len());
    for (i, row) in rows.into_iter().enumerate() {
        let rank = match out.last() {
            Some(prev) if prev.row.accuracy == row.accuracy => prev.rank,
            _ => i + 1,
        };
        out.push(RankedRow { rank, row });
    }
    out
}

/// The category as shown in `lang` (sorting follows what the reader sees).
fn category(row: &PublishedModel, lang: Lang) -> String {
    common::category_label(lang, &row.access, &row.focus)
}

fn sort_rows(rows: &mut [RankedRow], key: SortKey, dir: SortDir, lang: Lang) {
    rows.sort_by(|a, b| {
        // Ascending order of each column; ties fall back to the rank.
        let ord = match key {
            SortKey::Rank => a.rank.cmp(&b.rank),
            SortKey::Accuracy => a.row.accuracy.total_cmp(&b.row.accuracy),
            SortKey::Model => a.row.model.to_lowercase().cmp(&b.row.model.to_lowercase()),
            SortKey::Category => category(&a.row, lang).cmp(&category(&b.row, lang)),
        }
        .then_with(|| a.rank.cmp(&b.rank))
        .then_with(|| a.row.model.cmp(&b.row.model));
        match dir {
            SortDir::Asc => ord,
            SortDir::Desc => ord.reverse(),
        }
    });
}

/// The leaderboard page.
#[component]
pub fn LeaderboardPage() -> impl IntoView {
    let models = Resource::new(|| (), |_| published_models());
    let lang = use_lang();
    let query = use_query_map();
    let sort = Memo::new(move |_| {
        let q = query.read();
        let key = q.get("sort").and_then(|s| SortKey::parse(&s)).unwrap_or(SortKey::Rank);
        let dir = q.get("dir").and_then(|s| SortDir::parse(&s)).unwrap_or(key.natural_dir());
        (key, dir)
    });

    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            <Title text=t.title />
            <h1>{t.heading}</h1>
            <p class="lede">{t.lede}</p>
            <Suspense fallback=move || view! { <p>{t.loading}</p> }>
                {move || Suspend::new(async move {
                    match models.await {
                        Ok(rows) => {
                            let ranked = rank_rows(rows);
                            view! { <LeaderboardTable ranked sort lang /> }.into_any()
                        }
                        Err(err) => view! { <p class="error" role="alert">{err.to_string()}</p> }.into_any(),
                    }
                })}
            </Suspense>
        }
    }
}

#[component]
fn LeaderboardTable(ranked: Vec<RankedRow>, sort: Memo<(SortKey, SortDir)>, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let count = ranked.len();
    let rows = move || {
        let (key, dir) = sort.get();
        let mut rows = ranked.clone();
        sort_rows(&mut rows, key, dir, lang);
        rows.into_iter()
            .map(|r| {
                let n = r.row.n;
                view! {
                    <tr data-model=r.row.model.clone()>
                        <td class="num">{r.rank}</td>
                        <th scope="row">{r.row.model.clone()}</th>
                        <td>{category(&r.row, lang)}</td>
                        <td class="num acc">{format!("{:.3}", r.row.accuracy)}</td>
                        <td class="num">{n}</td>
                        <td>{t.published} " · " {common::source_label(lang, &r.row.source_table)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    let header = move |key: SortKey, label: &'static str| {
        view! { <SortHeader label key=key.as_str() natural=key.natural_dir() current=Signal::derive(move || { let (k, d) = sort.get(); (k.as_str(), d) }) /> }
    };
    view! {
        <table class="leaderboard" id="leaderboard">
            <caption>{(t.caption)(count)} {t.sort_hint}</caption>
            <thead>
                <tr>
                    {header(SortKey::Rank, t.col_rank)}
                    {header(SortKey::Model, t.col_model)}
                    {header(SortKey::Category, t.col_category)}
                    {header(SortKey::Accuracy, t.col_accuracy)}
                    <th scope="col" class="num">{t.col_n}</th>
                    <th scope="col">{t.col_source}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(model: &str, acc: f64) -> PublishedModel {
        PublishedModel {
            model: model.into(),
            access: "open".into(),
            focus: "general".into(),
            accuracy: acc,
            n: 4989,
            source_table: "Table 4".into(),
        }
    }

    #[test]
    fn ties_share_the_better_rank() {
        let ranked = rank_rows(vec![row("a", 0.5), row("b", 0.39), row("c", 0.39), row("d", 0.1)]);
        let ranks: Vec<_> = ranked.iter().map(|r| r.rank).collect();
        assert_eq!(ranks, vec![1, 2, 2, 4]);
    }

    #[test]
    fn model_sort_is_alphabetical_and_reversible() {
        let mut ranked = rank_rows(vec![row("b", 0.5), row("A", 0.4), row("c", 0.3)]);
        sort_rows(&mut ranked, SortKey::Model, SortDir::Asc, Lang::En);
        assert_eq!(ranked.iter().map(|r| r.row.model.as_str()).collect::<Vec<_>>(), ["A", "b", "c"]);
        sort_rows(&mut ranked, SortKey::Model, SortDir::Desc, Lang::En);
        assert_eq!(ranked.iter().map(|r| r.row.model.as_str()).collect::<Vec<_>>(), ["c", "b", "A"]);
        sort_rows(&mut ranked, SortKey::Accuracy, SortDir::Asc, Lang::En);
        assert_eq!(ranked[0].row.model, "c");
        sort_rows(&mut ranked, SortKey::Rank, SortDir::Asc, Lang::En);
        assert_eq!(ranked[0].row.model, "b");
    }
}
