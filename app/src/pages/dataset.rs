//! `/dataset`: the dataset card as a page, in both languages: links to the
//! files and the paper, origin, structure, splits, the stored key's
//! specialties, levels and defects, intended use, limits and citation. The
//! same facts download as `/dataset-card.md` (English) and
//! `/dataset-card.md?lang=ar` (Arabic), see `dataset::card`.

use leptos::prelude::*;

use crate::api::dataset::get_dataset;
use crate::components::figures::{CountTable, Source};
use crate::components::head::PageTitle;
use crate::components::key_report::KeyReport;
use crate::components::loaded::loaded;
use crate::dataset::{
    ARXIV_ID, BIBTEX, COLUMNS, DatasetFacts, OPENREVIEW, PUBLIC_TEST_CSV_ROWS, REPOSITORY, SPECIALTIES, arxiv_url,
};
use crate::i18n::dataset::{column_content, text};
use crate::i18n::{Lang, common, count, use_lang};

/// The Markdown card's address (English).
pub const CARD_PATH: &str = "/dataset-card.md";

/// The Arabic Markdown card's address.
pub const CARD_PATH_AR: &str = "/dataset-card.md?lang=ar";

/// The dataset page.
#[component]
pub fn DatasetPage() -> impl IntoView {
    let data = Resource::new(|| (), |_| get_dataset());
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            <PageTitle text=t.title() />
            <h1>{t.heading()}</h1>
            <p class="lede">{t.summary()}</p>
            <ul id="dataset-links" aria-label=t.links_label()>
                <li><a href=REPOSITORY hreflang="en">{t.link_repository()}</a></li>
                <li><a href=arxiv_url() hreflang="en">{t.link_arxiv(ARXIV_ID)}</a></li>
                <li><a href=OPENREVIEW hreflang="en">{t.link_openreview()}</a></li>
                <li>
                    <a href=CARD_PATH download="medarabench-dataset-card.md" type="text/markdown" hreflang="en" id="card-download">
                        {t.download_en()}
                    </a>
                </li>
                <li>
                    <a href=CARD_PATH_AR download="medarabench-dataset-card.ar.md" type="text/markdown" hreflang="ar" id="card-download-ar">
                        {t.download_ar()}
                    </a>
                </li>
            </ul>
            {loaded(lang, data, move |facts| view! { <DatasetBody facts lang /> }.into_any())}
        }
    }
}

fn specialty_label(lang: Lang, name: &str) -> String {
    let label = common::specialty_label(lang, name);
    match lang {
        Lang::Ar if label != name => common::text(lang).specialty_with_name(label, name),
        _ => name.to_owned(),
    }
}

#[component]
fn DatasetBody(facts: DatasetFacts, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let n = |subject: &str| facts.count(subject).map_or_else(|| common::text(lang).not_reported().to_owned(), count);
    let origin =
        t.origin(n("questions before filtering"), n("questions after filtering"), n("ABCDEF questions dropped"));
    let columns = COLUMNS
        .iter()
        .map(|c| {
            let content = column_content(lang, c.name);
            view! { <tr><th scope="row"><code>{c.name}</code></th><td><code>{c.dtype}</code></td><td>{content}</td></tr> }
        })
        .collect_view();
    let splits = [(t.train(), n("train split")), (t.test(), n("test split"))]
        .into_iter()
        .map(|(split, rows)| view! { <tr><th scope="row">{split}</th><td class="num">{rows}</td></tr> })
        .collect_view();
    view! {
        <section id="origin" aria-labelledby="origin-h">
            <h2 id="origin-h">{t.origin_heading()}</h2>
            <p>{origin}</p>
            <p><a href=lang.href("/quality")>{t.expert_note()}</a></p>
            <Source lang table="Dataset" />
        </section>
        <section id="structure" aria-labelledby="structure-h">
            <h2 id="structure-h">{t.structure_heading()}</h2>
            <div class="table-scroll">
                <table id="columns">
                    <caption>{t.structure_intro()}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t.col_column()}</th>
                            <th scope="col">{t.col_type()}</th>
                            <th scope="col">{t.col_content()}</th>
                        </tr>
                    </thead>
                    <tbody>{columns}</tbody>
                </table>
            </div>
        </section>
        <section id="splits" aria-labelledby="splits-h">
            <h2 id="splits-h">{t.splits_heading()}</h2>
            <div class="table-scroll">
                <table id="splits-table" class="counts">
                    <caption>{t.splits_intro()}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t.col_split()}</th>
                            <th scope="col" class="num">{t.col_questions()}</th>
                        </tr>
                    </thead>
                    <tbody>{splits}</tbody>
                </table>
            </div>
            <p>{t.public_csv(count(PUBLIC_TEST_CSV_ROWS))}</p>
        </section>
        <KeyCounts facts=facts.clone() lang />
        <section id="defects" aria-labelledby="defects-h">
            <h2 id="defects-h">{t.defects_heading()}</h2>
            <KeyReport lang key=facts.key.clone() />
        </section>
        <section id="use" aria-labelledby="use-h">
            <h2 id="use-h">{t.use_heading()}</h2>
            <ul>{t.uses().into_iter().map(|u| view! { <li>{u}</li> }).collect_view()}</ul>
            <h2>{t.limits_heading()}</h2>
            <ul id="limits">{t.limits().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
        </section>
        <section id="cite" aria-labelledby="cite-h">
            <h2 id="cite-h">{t.cite_heading()}</h2>
            <p>{t.cite_intro()}</p>
            <pre tabindex="0" dir="ltr" lang="en"><code>{BIBTEX}</code></pre>
        </section>
    }
}

/// Specialty, level and option counts of the stored key, or the paper's
/// specialty list when no key is stored.
#[component]
fn KeyCounts(facts: DatasetFacts, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let body = match &facts.key {
        None => view! {
            <p class="notice">{t.counts_none()}</p>
            <ul class="specialties">{SPECIALTIES.iter().map(|s| view! { <li>{specialty_label(lang, s)}</li> }).collect_view()}</ul>
        }
        .into_any(),
        Some(key) => {
            let specialties = facts.specialty_counts().into_iter().map(|(s, k)| (specialty_label(lang, &s), k)).collect();
            let levels = facts.level_counts().into_iter().map(|(l, k)| (common::level_label(lang, &l), k)).collect();
            let options = key.options.iter().map(|(o, k)| (o.clone(), *k)).collect();
            view! {
                <p>{t.counts_intro()}</p>
                <div class="count-tables">
                    <CountTable id="specialties" caption=t.col_specialty() label_header=t.col_specialty() count_header=t.col_questions() rows=specialties />
                    <CountTable id="levels" caption=t.col_level() label_header=t.col_level() count_header=t.col_questions() rows=levels />
                    <CountTable id="options" caption=t.col_options() label_header=t.col_options() count_header=t.col_questions() rows=options />
                </div>
            }
            .into_any()
        }
    };
    view! {
        <section id="counts" aria-labelledby="counts-h">
            <h2 id="counts-h">{t.counts_heading()}</h2>
            {body}
        </section>
    }
}
