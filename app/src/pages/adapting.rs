//! `/adapting`: Table 5, adapting Llama-3.1-8B-instruct by few-shot
//! prompting and QLoRA, as a table and as a server-drawn SVG chart that
//! also downloads from `/charts/adapting.svg`.

use leptos::prelude::*;

use crate::api::adapting::{AdaptingData, get_adapting};
use crate::components::figures::Source;
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::i18n::{Lang, adapting, common, count, relative, use_lang};

const TABLE5: &str = "Table 5";

/// The chart's download address.
pub const CHART_PATH: &str = "/charts/adapting.svg";

/// The adapting page.
#[component]
pub fn AdaptingPage() -> impl IntoView {
    let lang = use_lang();
    let data = Resource::new(move || lang.get(), get_adapting);
    move || {
        let lang = lang.get();
        let t = adapting::text(lang);
        view! {
            <PageTitle text=t.title() />
            <h1>{t.title()}</h1>
            <p class="lede">{t.lede()}</p>
            {loaded(lang, data, move |data| view! { <AdaptingBody data lang /> }.into_any())}
        }
    }
}

#[component]
fn AdaptingBody(data: AdaptingData, lang: Lang) -> impl IntoView {
    let t = adapting::text(lang);
    let settings = data.figures.subjects(TABLE5).into_iter().map(str::to_owned).collect::<Vec<_>>();
    let rows = settings
        .iter()
        .map(|s| {
            let (name, method) = adapting::setting(lang, s);
            let accuracy = data.figures.value(TABLE5, s, "accuracy");
            let gain = match data.figures.value(TABLE5, s, "relative_gain") {
                Some(g) => relative(g),
                None if s == "zero-shot" => t.baseline().to_owned(),
                None => common::text(lang).not_reported().to_owned(),
            };
            view! {
                <tr data-setting=s.clone()>
                    <th scope="row">{name}</th>
                    <td>{method}</td>
                    <td class="num acc">
                        {accuracy.map_or_else(|| common::text(lang).not_reported().to_owned(), |a| format!("{a:.3}"))}
                    </td>
                    <td class="num">{gain}</td>
                </tr>
            }
        })
        .collect_view();
    let n = data
        .figures
        .count("Dataset", "test split", "count")
        .map_or_else(|| common::text(lang).not_reported().to_owned(), count);
    let download = lang.href(CHART_PATH);
    view! {
        <div class="table-scroll">
            <table id="table-5">
                <caption>{t.caption()}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t.col_setting()}</th>
                        <th scope="col">{t.col_method()}</th>
                        <th scope="col" class="num">{t.col_accuracy()}</th>
                        <th scope="col" class="num">{t.col_relative()}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <p class="note" id="table-5-n">{t.n_note(&n)}</p>
        <Source lang table=TABLE5 />
        <section id="chart" aria-labelledby="chart-h">
            <h2 id="chart-h">{t.chart_heading()}</h2>
            <figure class="chart">
                {data.chart_svg.map(|svg| view! { <div class="chart-svg" dir="ltr" inner_html=svg></div> })}
                <figcaption>
                    <a href=download download="medarabench-table5.svg" type="image/svg+xml">{t.download()}</a>
                </figcaption>
            </figure>
        </section>
        <section id="reading" aria-labelledby="reading-h">
            <h2 id="reading-h">{t.reading_heading()}</h2>
            <p>{t.reading()}</p>
        </section>
    }
}
