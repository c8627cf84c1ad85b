//! `/compare?a=ID&b=ID`: two public submissions on the same key side by
//! side, overall and by specialty and level, with the paired difference
//! and the exact McNemar test; or, when a side is a row published in the
//! paper (`paper:<model>`), both overall with the unpaired difference
//! (Newcombe's hybrid score interval). The pickers are a GET form, so the
//! page works without JavaScript; hydrated, the router applies it in place.

use leptos::prelude::*;
use leptos_router::components::Form;
use leptos_router::hooks::use_query_map;

use crate::api::compare::{
    ChoiceOrigin, CompareCell, CompareChoice, CompareOutcome, CompareSide, Comparison, QuestionSets,
    UnpairedComparison, UnpairedSide, compare, compare_choices,
};
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::components::score::{AccuracyWithCi, CiBar};
use crate::format::{acc, ci};
use crate::i18n::{Arg, Lang, common, compare::text, count, leaderboard, use_lang};

/// A p-value: three decimals, or scientific notation below 0.001.
pub fn format_p(p: f64) -> String {
    if p >= 0.001 { format!("{p:.3}") } else { format!("{p:.1e}") }
}

/// A signed difference with three decimals.
fn signed(x: f64) -> String {
    format!("{x:+.3}")
}

#[component]
pub fn ComparePage() -> impl IntoView {
    let lang = use_lang();
    let query = use_query_map();
    let ids = Memo::new(move |_| {
        let q = query.read();
        (q.get("a").unwrap_or_default(), q.get("b").unwrap_or_default())
    });
    let outcome = Resource::new(move || ids.get(), |(a, b)| compare(a, b));
    let choices = Resource::new(move || ids.get(), |(a, b)| compare_choices(a, b));
    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            <PageTitle text=t.title() />
            <h1>{t.title()}</h1>
            <p class="lede">{t.lede()}</p>
            <Suspense fallback=move || view! { <p>{common::text(lang).loading()}</p> }>
                {move || Suspend::new(async move {
                    let choices = choices.await.unwrap_or_default();
                    view! { <Pickers choices ids lang /> }
                })}
            </Suspense>
            {loaded(lang, outcome, move |outcome| view! { <Outcome outcome lang /> }.into_any())}
            <p><a href=lang.href("/")>{t.back()}</a></p>
        }
    }
}

/// A choice as the picker words it: a submission with its team, accuracy
/// and id; a published row with its source ("Paper, Table 4").
fn choice_label(c: &CompareChoice, lang: Lang) -> String {
    match &c.origin {
        ChoiceOrigin::Submission { team } => format!("{} — {team} ({}, {})", c.model, acc(c.accuracy), c.id),
        ChoiceOrigin::Published { source_table } => {
            let source = leaderboard::text(lang).paper(common::source_label(lang, source_table));
            format!("{} — {source} ({})", c.model, acc(c.accuracy))
        }
    }
}

/// Two selects of public submissions and published rows (in groups), as
/// a GET form.
#[component]
fn Pickers(choices: Vec<CompareChoice>, ids: Memo<(String, String)>, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let select = move |name: &'static str, label: String, current: Signal<String>| {
        let group = |label: String, published: bool| {
            let members: Vec<&CompareChoice> =
                choices.iter().filter(|c| matches!(c.origin, ChoiceOrigin::Published { .. }) == published).collect();
            let options = members
                .iter()
                .map(|c| {
                    let id = c.id.clone();
                    view! {
                        <option value=c.id.clone() selected=move || current.get() == id>{choice_label(c, lang)}</option>
                    }
                })
                .collect_view();
            (!members.is_empty()).then(|| view! { <optgroup label=label>{options}</optgroup> })
        };
        view! {
            <label>
                {label}
                <select name=name required=true>
                    <option value="">{t.choose()}</option>
                    {group(t.group_submissions(), false)}
                    {group(t.group_published(), true)}
                </select>
            </label>
        }
    };
    let a = Signal::derive(move || ids.get().0);
    let b = Signal::derive(move || ids.get().1);
    view! {
        <Form method="get" action="/compare">
            <fieldset class="filters" id="compare-form">
                <legend>{t.form_legend()}</legend>
                {select("a", t.label_a(), a)}
                {select("b", t.label_b(), b)}
                {(lang == Lang::Ar).then(|| view! { <input type="hidden" name=Lang::PARAM value="ar" /> })}
                <button type="submit">{t.submit()}</button>
            </fieldset>
        </Form>
    }
}

#[component]
fn Outcome(outcome: CompareOutcome, lang: Lang) -> impl IntoView {
    let t = text(lang);
    match outcome {
        CompareOutcome::Incomplete => view! { <p class="note" id="compare-message">{t.incomplete()}</p> }.into_any(),
        CompareOutcome::Same => view! { <p class="notice" role="alert" id="compare-message">{t.same()}</p> }.into_any(),
        CompareOutcome::NotFound(id) => {
            view! { <p class="notice" role="alert" id="compare-message">{t.not_found(&id)}</p> }.into_any()
        }
        CompareOutcome::HeldOut(id) => {
            view! { <p class="notice" role="alert" id="compare-message">{t.held_out(&id)}</p> }.into_any()
        }
        CompareOutcome::NotPublished(model) => {
            view! { <p class="notice" role="alert" id="compare-message">{t.not_published(&model)}</p> }.into_any()
        }
        CompareOutcome::OtherBenchmark(id) => {
            view! { <p class="notice" role="alert" id="compare-message">{t.other_benchmark(&id)}</p> }.into_any()
        }
        CompareOutcome::DifferentKeys { a, b } => view! {
            <p class="notice" role="alert" id="compare-message">{t.different_keys(&a.key_name, &b.key_name)}</p>
            <Sides a=*a b=*b lang />
        }
        .into_any(),
        CompareOutcome::Compared(c) => view! { <Compared c=*c lang /> }.into_any(),
        CompareOutcome::Unpaired(c) => view! { <Unpaired c=*c lang /> }.into_any(),
    }
}

/// The two submissions' names, teams, keys and overall accuracy.
#[component]
fn Sides(a: CompareSide, b: CompareSide, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let model = move |s: &CompareSide| {
        view! { <a href=lang.href(&format!("/submissions/{}", s.id))>{s.model.clone()}</a> }
    };
    let rows = view! {
        <tr><th scope="row">{t.row_model()}</th><td>{model(&a)}</td><td>{model(&b)}</td></tr>
        <tr><th scope="row">{t.row_team()}</th><td>{a.team.clone()}</td><td>{b.team.clone()}</td></tr>
        <tr>
            <th scope="row">{t.row_accuracy()}</th>
            <td><AccuracyWithCi lang accuracy=a.accuracy n=a.n ci95=a.ci95 /></td>
            <td><AccuracyWithCi lang accuracy=b.accuracy n=b.n ci95=b.ci95 /></td>
        </tr>
        <tr><th scope="row">{t.row_key()}</th><td><code>{a.key_name.clone()}</code></td><td><code>{b.key_name.clone()}</code></td></tr>
    };
    sides_table(t.col_submission(), rows)
}

/// The table of the two sides, A and B, under `heading`, with `rows`.
fn sides_table(heading: String, rows: impl IntoView) -> impl IntoView {
    view! {
        <div class="table-scroll">
            <table class="compare-sides" id="compare-sides">
                <thead>
                    <tr>
                        <th scope="col">{heading}</th>
                        <th scope="col">"A"</th>
                        <th scope="col">"B"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

#[component]
fn Compared(c: Comparison, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let synthetic = c.a.key_synthetic || c.b.key_synthetic;
    let n = c.a.n;
    view! {
        {synthetic.then(|| view! { <p class="notice" role="note" id="synthetic-notice">{t.synthetic_notice()}</p> })}
        <Sides a=c.a.clone() b=c.b.clone() lang />
        <h2>{t.difference_heading()}</h2>
        <dl class="protocol" id="compare-difference">
            <dt>{t.difference()}</dt>
            <dd><strong class="num" id="difference" data-value=c.difference.to_string()>{signed(c.difference)}</strong></dd>
            <dt>{t.paired_ci()}</dt>
            <dd>
                <span class="num" dir="ltr" id="difference-ci" data-low=c.difference_ci95[0].to_string() data-high=c.difference_ci95[1].to_string()>
                    {format!("[{}, {}]", signed(c.difference_ci95[0]), signed(c.difference_ci95[1]))}
                </span>
                " " <span class="note">{t.bootstrap_note(count(c.replicates as u64), count(n as u64))}</span>
            </dd>
            <dt>{t.mcnemar()}</dt>
            <dd>
                <span class="num" id="mcnemar-p" data-value=c.mcnemar_p.to_string()>{format_p(c.mcnemar_p)}</span>
                " " <span class="note">{t.discordant(Arg::count(c.only_a as u64), Arg::count(c.only_b as u64))}</span>
            </dd>
        </dl>
        <p class="note">{t.reading()}</p>
        <h2>{t.by_specialty()}</h2>
        <CellTable id="by-specialty" heading=t.col_specialty() cells=c.by_specialty lang specialty=true />
        <h2>{t.by_level()}</h2>
        <CellTable id="by-level" heading=t.col_level() cells=c.by_level lang specialty=false />
        <p class="note">{t.cells_note()}</p>
    }
}

/// One side of an unpaired comparison: its name, who or where it comes
/// from, its accuracy and what it was scored on.
#[component]
fn UnpairedSides(a: UnpairedSide, b: UnpairedSide, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let model = move |s: &UnpairedSide| match s {
        UnpairedSide::Submission(s) => {
            view! { <a href=lang.href(&format!("/submissions/{}", s.id)) dir="auto">{s.model.clone()}</a> }.into_any()
        }
        UnpairedSide::Published(p) => view! { <span dir="auto">{p.model.clone()}</span> }.into_any(),
    };
    let source = move |s: &UnpairedSide| match s {
        UnpairedSide::Submission(s) => view! { <span dir="auto">{s.team.clone()}</span> }.into_any(),
        UnpairedSide::Published(p) => {
            leaderboard::text(lang).paper(common::source_label(lang, &p.source_table)).into_any()
        }
    };
    let accuracy = move |s: &UnpairedSide| {
        let approx = s.ci95_approximate().then(|| {
            view! { " " <abbr class="approx" title=leaderboard::text(lang).approx_title()>"≈"</abbr> }
        });
        view! { <AccuracyWithCi lang accuracy=s.accuracy() n=s.n() ci95=s.ci95() /> {approx} }
    };
    let key = move |s: &UnpairedSide| match s {
        UnpairedSide::Submission(s) => view! { <code>{s.key_name.clone()}</code> }.into_any(),
        UnpairedSide::Published(_) => t.paper_split().into_any(),
    };
    let rows = view! {
        <tr><th scope="row">{t.row_model()}</th><td>{model(&a)}</td><td>{model(&b)}</td></tr>
        <tr><th scope="row">{t.row_source()}</th><td>{source(&a)}</td><td>{source(&b)}</td></tr>
        <tr>
            <th scope="row">{t.row_accuracy()}</th>
            <td id="accuracy-a">{accuracy(&a)}</td>
            <td id="accuracy-b">{accuracy(&b)}</td>
        </tr>
        <tr><th scope="row">{t.row_key()}</th><td>{key(&a)}</td><td>{key(&b)}</td></tr>
    };
    sides_table(t.col_side(), rows)
}

/// A comparison with a published row: both overall and the unpaired
/// difference; no McNemar test and no cells (published rows have none).
#[component]
fn Unpaired(c: UnpairedComparison, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let synthetic_key = [&c.a, &c.b].into_iter().find_map(|s| match s {
        UnpairedSide::Submission(s) if s.key_synthetic => Some(s.key_name.clone()),
        _ => None,
    });
    let questions = match (c.questions, synthetic_key) {
        (QuestionSets::SyntheticKey, Some(key)) => Some(t.different_questions_synthetic(&key)),
        (QuestionSets::SyntheticKey, None) | (QuestionSets::DifferentCount, _) => Some(t.different_questions_count()),
        (QuestionSets::SameCount, _) => None,
    };
    let [low, high] = c.difference_ci95;
    view! {
        <p class="notice" role="note" id="unpaired-notice">{t.unpaired_notice()}</p>
        {questions.map(|q| view! { <p class="notice" role="alert" id="question-sets-notice">{q}</p> })}
        <UnpairedSides a=c.a.clone() b=c.b.clone() lang />
        {c.ci95_approximate().then(|| view! { <p class="note" id="approximate-note">{t.approximate_note()}</p> })}
        <h2>{t.difference_heading()}</h2>
        <dl class="protocol" id="compare-difference">
            <dt>{t.difference()}</dt>
            <dd>
                <strong class="num" dir="ltr" id="difference" data-value=c.difference.to_string()>{signed(c.difference)}</strong>
            </dd>
            <dt>{t.unpaired_ci()}</dt>
            <dd>
                <span class="num" dir="ltr" id="difference-ci" data-low=low.to_string() data-high=high.to_string()>
                    {format!("[{}, {}]", signed(low), signed(high))}
                </span>
                " " <span class="note">{t.newcombe_note()}</span>
            </dd>
        </dl>
        <p class="note">{t.unpaired_reading()}</p>
    }
}

#[component]
fn CellTable(id: &'static str, heading: String, cells: Vec<CompareCell>, lang: Lang, specialty: bool) -> impl IntoView {
    let t = text(lang);
    let name = move |n: &str| match (specialty, lang) {
        (true, _) => common::specialty_label(lang, n),
        (false, _) => common::level_label(lang, n),
    };
    let side = move |b: Option<crate::domain::Breakdown>| match b {
        Some(b) => view! {
            <span class="num">{acc(b.accuracy)}</span>
            " " <CiBar lang accuracy=b.accuracy ci95=b.ci95 />
            " " <span class="num ci" dir="ltr">{ci(b.ci95)}</span>
        }
        .into_any(),
        None => common::text(lang).none().into_any(),
    };
    let rows = cells
        .into_iter()
        .map(|cell| {
            let n = cell.a.or(cell.b).map_or(0, |b| b.total);
            view! {
                <tr data-key=cell.name.clone()>
                    <th scope="row">{name(&cell.name)}</th>
                    <td class="num">{count(n as u64)}</td>
                    <td class="acc">{side(cell.a)}</td>
                    <td class="acc">{side(cell.b)}</td>
                    <td class="num">{cell.difference().map(signed).unwrap_or_default()}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table class="compare-cells leaderboard" id=id>
                <thead>
                    <tr>
                        <th scope="col">{heading}</th>
                        <th scope="col" class="num">{t.col_n()}</th>
                        <th scope="col">{t.col_accuracy_a()}</th>
                        <th scope="col">{t.col_accuracy_b()}</th>
                        <th scope="col" class="num">{t.col_difference()}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::format_p;

    #[test]
    fn p_values() {
        assert_eq!(format_p(1.0), "1.000");
        assert_eq!(format_p(0.0123), "0.012");
        assert_eq!(format_p(1.5e-45), "1.5e-45");
    }
}
