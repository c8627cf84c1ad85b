//! `/quality`: how good the data is. The expert review (Table 2), the
//! Cochran computation behind its sample size (recomputed from the stored
//! inputs), the LLM-as-a-judge findings exactly as far as they were
//! published, the validation report of the answer key in use, the errata
//! (which questions each corrected version of a key changed), and how
//! scores stay meaningful (held-out keys, the Ladder, attempts).

use leptos::prelude::*;

use crate::api::figures::Figures;
use crate::api::quality::{QualityData, get_quality};
use crate::components::figures::{Num, Source};
use crate::components::head::PageTitle;
use crate::components::key_report::KeyReport;
use crate::components::loaded::loaded;
use crate::domain::errata::{ChangeReason, Erratum};
use crate::domain::sample_size::CochranInputs;
use crate::format::utc_date;
use crate::i18n::Arg;
use crate::i18n::{Lang, common, count, percent, quality::text, use_lang};

const TABLE2: &str = "Table 2";
const JUDGE: &str = "LLM-as-a-judge";
const COCHRAN: &str = "Cochran";

/// The four dimensions of the expert review, as stored.
const DIMENSIONS: [&str; 4] = ["Medical accuracy", "Clinical relevance", "Question difficulty", "Question quality"];

/// The judges the paper names.
const JUDGES: [&str; 3] = ["gpt-o3", "gemini-2.0-flash", "claude-4-sonnet"];

/// The data quality page.
#[component]
pub fn QualityPage() -> impl IntoView {
    let data = Resource::new(|| (), |_| get_quality());
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            <PageTitle text=t.title() />
            <h1>{t.title()}</h1>
            <p class="lede">{t.lede()}</p>
            {loaded(lang, data, move |data| view! { <QualityBody data lang /> }.into_any())}
        }
    }
}

#[component]
fn QualityBody(data: QualityData, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let sample = data.figures.count(COCHRAN, "n", "value");
    let sample_text = sample.map_or_else(|| common::text(lang).not_reported().to_owned(), count);
    view! {
        <section id="expert-review" aria-labelledby="expert-review-h">
            <h2 id="expert-review-h">{t.expert_heading()}</h2>
            <p>{t.expert_intro()}</p>
            <ExpertTable figures=data.figures.clone() lang sample=sample_text.clone() />
        </section>
        <section id="cochran" aria-labelledby="cochran-h">
            <h2 id="cochran-h">{t.cochran_heading()}</h2>
            <Cochran figures=data.figures.clone() lang />
        </section>
        <section id="llm-judge" aria-labelledby="llm-judge-h">
            <h2 id="llm-judge-h">{t.judge_heading()}</h2>
            <p>{t.judge_intro(&sample_text)}</p>
            <JudgeTable figures=data.figures lang />
        </section>
        <section id="answer-key" aria-labelledby="answer-key-h">
            <h2 id="answer-key-h">{t.key_heading()}</h2>
            <KeyReport lang key=data.key />
        </section>
        <section id="integrity" aria-labelledby="integrity-h">
            <h2 id="integrity-h">{t.integrity_heading()}</h2>
            <p id="integrity-exposure">{t.integrity_exposure()}</p>
            <p id="integrity-ladder">{t.integrity_ladder()}</p>
            <p id="integrity-split">{t.integrity_split()}</p>
            <p id="integrity-identities">{t.integrity_identities()}</p>
            <p id="integrity-attempts">{t.integrity_attempts()}</p>
            <p id="integrity-flags">{t.integrity_flags()}</p>
            <p id="integrity-letters">{t.integrity_letters()}</p>
            <p id="integrity-calibration">{t.integrity_calibration()}</p>
            <p id="integrity-order">{t.integrity_order()}</p>
        </section>
        <section id="errata" aria-labelledby="errata-h">
            <h2 id="errata-h">{t.errata_heading()}</h2>
            <p>{t.errata_intro()}</p>
            <Errata lang errata=data.errata />
        </section>
    }
}

/// Each corrected version of a key: when, and which questions changed why
/// (never the answers).
#[component]
fn Errata(lang: Lang, errata: Vec<Erratum>) -> impl IntoView {
    let t = text(lang);
    if errata.is_empty() {
        return view! { <p id="errata-none">{t.errata_none()}</p> }.into_any();
    }
    errata
        .into_iter()
        .map(|e| {
            let rows = e
                .changes
                .iter()
                .map(|c| {
                    view! {
                        <tr data-reason=c.reason.as_str()>
                            <td class="num">{c.question_id.get()}</td>
                            <td>{reason_label(lang, c.reason)}</td>
                        </tr>
                    }
                })
                .collect_view();
            let n = e.changes.len();
            view! {
                <article class="erratum" data-version=e.version>
                    <h3>{t.errata_version(e.key.clone(), e.version.to_string())}</h3>
                    <p>
                        <bdi><code>{e.name.clone()}</code></bdi> " · " <Num value=utc_date(e.imported_at) /> " · "
                        {t.errata_count(Arg::count(n as u64))}
                    </p>
                    <div class="table-scroll">
                        <table>
                            <caption>{t.errata_caption(e.key, e.version.to_string())}</caption>
                            <thead>
                                <tr>
                                    <th scope="col" class="num">{t.col_question()}</th>
                                    <th scope="col">{t.col_reason()}</th>
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                </article>
            }
        })
        .collect_view()
        .into_any()
}

/// A change's reason in `lang`.
fn reason_label(lang: Lang, reason: ChangeReason) -> String {
    let t = text(lang);
    match reason {
        ChangeReason::AnswerChanged => t.reason_answer_changed(),
        ChangeReason::NowRejected => t.reason_now_rejected(),
        ChangeReason::NowScoreable => t.reason_now_scoreable(),
        ChangeReason::DetailsChanged => t.reason_details_changed(),
        ChangeReason::Added => t.reason_added(),
        ChangeReason::Removed => t.reason_removed(),
    }
}

/// A published value, or "not reported".
fn shown(lang: Lang, value: Option<f64>, format: impl Fn(f64) -> String) -> String {
    value.map_or_else(|| common::text(lang).not_reported().to_owned(), format)
}

#[component]
fn ExpertTable(figures: Figures, lang: Lang, sample: String) -> impl IntoView {
    let t = text(lang);
    let rows = DIMENSIONS
        .iter()
        .map(|d| {
            let v = |metric: &str| figures.value(TABLE2, d, metric);
            view! {
                <tr data-dimension=*d>
                    <th scope="row">{common::dimension_label(lang, d)}</th>
                    <td class="num">{shown(lang, v("mean_score"), |x| format!("{x:.3}"))}</td>
                    <td class="num">{shown(lang, v("agreement"), percent)}</td>
                    <td class="num">{shown(lang, v("cohen_kappa"), |x| format!("{x:.3}"))}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table id="table-2">
                <caption>{t.expert_caption(&sample)}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t.col_dimension()}</th>
                        <th scope="col" class="num">{t.col_mean()}</th>
                        <th scope="col" class="num">{t.col_agreement()}</th>
                        <th scope="col" class="num">{t.col_kappa()}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <p class="note">{t.quality_note()}</p>
        <Source lang table=TABLE2 />
    }
}

#[component]
fn Cochran(figures: Figures, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let v = |subject: &str| figures.value(COCHRAN, subject, "value");
    let inputs = match (v("z"), v("p"), v("e"), figures.count(COCHRAN, "N", "value")) {
        (Some(z), Some(p), Some(e), Some(population)) => Some(CochranInputs { z, p, e, population }),
        _ => None,
    };
    let Some((inputs, result)) = inputs.and_then(|i| Some((i, i.compute()?))) else {
        return view! { <p class="notice">{t.cochran_missing()}</p> }.into_any();
    };
    let CochranInputs { z, p, e, population } = inputs;
    let step1 = format!(
        "n₀ = z² · p · (1 − p) / e² = {z}² · {p} · {} / {e}² = {:.2} → {}",
        1.0 - p,
        result.n0_exact,
        result.n0
    );
    let step2 = format!(
        "n = n₀ / (1 + (n₀ − 1) / N) = {} / (1 + {} / {}) = {:.1} → {}",
        result.n0,
        result.n0 - 1,
        count(population),
        result.n_exact,
        result.n
    );
    let stated = (figures.count(COCHRAN, "n0", "value"), figures.count(COCHRAN, "n", "value"));
    let verdict = match stated {
        (Some(n0), Some(n)) if n0 == result.n0 && n == result.n => t.cochran_match(n0.to_string(), n.to_string()),
        (Some(n0), Some(n)) => t.cochran_mismatch(n0.to_string(), n.to_string()),
        _ => String::new(),
    };
    view! {
        <p>{t.cochran_intro()}</p>
        <ol class="steps">
            <li>
                <p>{t.cochran_step1(z.to_string(), p.to_string(), e.to_string())}</p>
                <p class="formula" dir="ltr" id="cochran-n0">{step1}</p>
            </li>
            <li>
                <p>{t.cochran_step2(count(population))}</p>
                <p class="formula" dir="ltr" id="cochran-n">{step2}</p>
            </li>
        </ol>
        <p>{t.cochran_rounding()} " " {verdict}</p>
        <Source lang table=COCHRAN />
    }
    .into_any()
}

#[component]
fn JudgeTable(figures: Figures, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let not_reported = common::text(lang).not_reported();
    let accuracy = match (
        figures.value(JUDGE, "gpt-o3 medical accuracy (expert 1)", "pearson_r"),
        figures.value(JUDGE, "gpt-o3 medical accuracy (expert 2)", "pearson_r"),
    ) {
        (Some(a), Some(b)) => Some(t.per_expert(format!("{a:.3}"), format!("{b:.3}"))),
        _ => None,
    };
    let difficulty_max = figures.value(JUDGE, "Question difficulty (any judge)", "pearson_r_max");
    // Cells hold words in either language, so only the bound is a `Num`.
    let cell = |judge: &str, dimension: &str| match (judge, dimension, &accuracy, difficulty_max) {
        ("gpt-o3", "Medical accuracy", Some(text), _) => view! { <td>{text.clone()}</td> }.into_any(),
        (_, "Question difficulty", _, Some(max)) => view! { <td><Num value=format!("≤ {max:.3}*") /></td> }.into_any(),
        _ => view! { <td class="not-reported">{not_reported.clone()}</td> }.into_any(),
    };
    let rows = JUDGES
        .iter()
        .map(|judge| {
            let cells = DIMENSIONS.iter().map(|d| cell(judge, d)).collect_view();
            view! { <tr data-judge=*judge><th scope="row">{*judge}</th>{cells}</tr> }
        })
        .collect_view();
    let headers =
        DIMENSIONS.iter().map(|d| view! { <th scope="col">{common::dimension_label(lang, d)}</th> }).collect_view();
    view! {
        <div class="table-scroll">
            <table id="llm-judge-table">
                <caption>{t.judge_caption()}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t.col_judge()}</th>
                        {headers}
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <p class="note">
            {difficulty_max.map(|m| format!("* {}", t.difficulty_note(format!("{m:.3}"))))}
            " " {t.best_note()}
        </p>
        <Source lang table=JUDGE />
    }
}
