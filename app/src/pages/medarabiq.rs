//! `/medarabiq`: MedArabiQ, the earlier benchmark, against MedAraBench:
//! the published finding in words, and the models verified here on both
//! as a table and a server-drawn scatter plot. No MedArabiQ number is shown
//! that does not come from a verified submission.

use leptos::prelude::*;

use crate::api::medarabiq::{BenchmarkScore, MedarabiqData, get_medarabiq};
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::i18n::{Lang, common, count, medarabiq, use_lang};

/// The chart's download address.
pub const CHART_PATH: &str = "/charts/medarabiq.svg";

#[component]
pub fn MedarabiqPage() -> impl IntoView {
    let lang = use_lang();
    let data = Resource::new(move || lang.get(), get_medarabiq);
    move || {
        let lang = lang.get();
        let t = medarabiq::text(lang);
        view! {
            <PageTitle text=t.title() />
            <h1>{t.title()}</h1>
            <p class="lede">{t.lede()}</p>
            <section aria-labelledby="finding-h">
                <h2 id="finding-h">{t.finding_heading()}</h2>
                <p id="published-finding">{t.finding()}</p>
            </section>
            {loaded(lang, data, move |data| view! { <Verified data lang /> }.into_any())}
            <section aria-labelledby="how-h">
                <h2 id="how-h">{t.how_heading()}</h2>
                <p id="how">{t.how()[0].clone()} {command("--benchmark medarabiq")} {t.how()[1].clone()}</p>
            </section>
        }
    }
}

/// A command quoted in running text: left to right in either language,
/// broken only at its spaces.
fn command(c: &'static str) -> impl IntoView + use<> {
    let words = c
        .split(' ')
        .enumerate()
        .map(|(i, w)| view! { {(i > 0).then_some(" ")}<span class="word">{w}</span> })
        .collect_view();
    view! { <code dir="ltr" class="command">{words}</code> }
}

/// A score: its accuracy (linking to its submission), CI and n, each an
/// unbroken left-to-right group; marked when the key it was scored on is
/// synthetic.
fn score_cell(s: &Option<BenchmarkScore>, lang: Lang) -> impl IntoView + use<> {
    let submit = |id: &str| lang.href(&format!("/submissions/{id}"));
    let t = medarabiq::text(lang);
    s.as_ref().map(|s| {
        view! {
            <a href=submit(&s.submission_id)><span class="num">{format!("{:.3}", s.accuracy)}</span></a>
            " " <span class="num ci">{format!("[{:.3}, {:.3}]", s.ci95[0], s.ci95[1])}</span>
            " " <span class="num n">"n = " {count(s.total as u64)}</span>
            {s.synthetic_key.then(|| view! { " " <span class="badge badge-demo">{t.synthetic_badge()}</span> })}
        }
    })
}

#[component]
fn Verified(data: MedarabiqData, lang: Lang) -> impl IntoView {
    let t = medarabiq::text(lang);
    let key_note = match data.medarabiq_key_questions {
        Some(n) if data.synthetic_medarabiq_key => t.synthetic_key_note(count(n as u64)),
        Some(n) => t.key_note(count(n as u64)),
        None => t.no_key(),
    };
    let body = if data.pairs.is_empty() {
        view! { <p id="no-pairs">{t.none_yet()[0].clone()} {command("--benchmark medarabiq")} {t.none_yet()[1].clone()}</p> }.into_any()
    } else {
        let rows = data
            .pairs
            .iter()
            .map(|p| {
                let diff = match (&p.medarabench, &p.medarabiq) {
                    (Some(a), Some(q)) => format!("{:+.3}", q.accuracy - a.accuracy),
                    _ => common::text(lang).not_reported().to_owned(),
                };
                view! {
                    <tr data-model=p.model.clone()>
                        <th scope="row">{p.model.clone()}</th>
                        <td>{p.team.clone()}</td>
                        <td>{score_cell(&p.medarabench, lang)}</td>
                        <td>{score_cell(&p.medarabiq, lang)}</td>
                        <td class="num">{diff}</td>
                    </tr>
                }
            })
            .collect_view();
        view! {
            <div class="table-scroll">
                <table id="medarabiq-pairs">
                    <caption>{t.caption()}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t.col_model()}</th>
                            <th scope="col">{t.col_team()}</th>
                            <th scope="col">{t.col_medarabench()}</th>
                            <th scope="col">{t.col_medarabiq()}</th>
                            <th scope="col" class="num">{t.col_difference()}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            {data.chart_svg.map(|svg| view! {
                <figure class="chart" id="medarabiq-chart">
                    <div class="chart-svg" dir="ltr" inner_html=svg></div>
                    <figcaption>
                        <a href=lang.href(CHART_PATH) download="medarabiq-vs-medarabench.svg" type="image/svg+xml">
                            {t.download_chart()}
                        </a>
                    </figcaption>
                </figure>
            })}
        }
        .into_any()
    };
    view! {
        <section aria-labelledby="verified-h">
            <h2 id="verified-h">{t.verified_heading()}</h2>
            <p class=if data.synthetic_medarabiq_key { "notice" } else { "note" } id="medarabiq-key">{key_note}</p>
            {data.synthetic_medarabench_key.then(|| view! { <p class="notice" role="note">{t.synthetic_note()}</p> })}
            {body}
        </section>
    }
}
