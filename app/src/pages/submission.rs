//! `/submissions/:id`: a verified submission's score with its n and 95% CI,
//! what explains it (missing, unparsed, ignored, chance level), every
//! breakdown (with the specialty × level heatmap and its SVG chart), and
//! the protocol card it was declared with. On a held-out key: the Ladder's
//! overall score only, and a note saying why.

use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use crate::api::teams::{SubmissionPageData, submission_page};
use crate::components::figures::Num;
use crate::components::forms::{FormError, LangField, options};
use crate::components::head::PageTitle;
use crate::components::heatmap::Heatmap;
use crate::components::loaded::loaded;
use crate::components::score::{AccuracyWithCi, BreakdownTable};
use crate::domain::ScoreCard;
use crate::domain::errata::VersionScore;
use crate::domain::exposure::{Exposure, OverallScore, ShownScores};
use crate::domain::forensics::ShownFlag;
use crate::domain::letters::{LetterCount, LetterShares};
use crate::domain::split::{Part, PartScore};
use crate::domain::submission::{
    CHAIN_OF_THOUGHT, CONTAMINATION, MODEL_CATEGORIES, PROMPT_LANGUAGES, RawMeta, SubmissionMeta, VISIBILITY,
};
use crate::domain::team::RefusedChange;
use crate::domain::types::Letter;
use crate::format::{acc, utc_date, utc_datetime};
use crate::i18n::form_errors::say;
use crate::i18n::score::BreakdownKind;
use crate::i18n::submission::{text, value_label};
use crate::i18n::{Lang, use_lang};
use crate::pages::not_found::answer_not_found;

/// The address of a submission's heatmap chart (`/charts/submissions/{id}/heatmap.svg`).
pub fn heatmap_chart_path(id: &str) -> String {
    format!("/charts/submissions/{id}/heatmap.svg")
}

#[component]
pub fn SubmissionPageView() -> impl IntoView {
    let params = use_params_map();
    let data = Resource::new(move || params.read().get("id").unwrap_or_default(), submission_page);
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            {loaded(lang, data, move |page| match page {
                Some(page) => view! { <SubmissionDetails page lang /> }.into_any(),
                None => view! {
                    {answer_not_found()}
                    <PageTitle text=t.not_found_title() />
                    <h1 id="submission-not-found">{t.not_found_title()}</h1>
                    <p>{t.not_found_text()}</p>
                }.into_any(),
            })}
        }
    }
}

#[component]
fn SubmissionDetails(page: SubmissionPageData, lang: Lang) -> impl IntoView {
    let SubmissionPageData {
        id,
        team_name,
        benchmark,
        key_name,
        key_synthetic,
        meta,
        file_sha256,
        file_format,
        created_at,
        scores,
        parts,
        final_choice,
        own,
        rescorable,
        versions,
        flags,
        withdrawn_at,
        hidden_reason,
        refused_change,
        site_url,
    } = page;
    let t = text(lang);
    let title = t.title(&meta.model_name, &team_name);
    let na = |s: &str| if s.is_empty() || s == "unknown" { t.not_stated().to_owned() } else { s.to_owned() };
    let choice = |s: &str| {
        if s.is_empty() || s == "unknown" { t.not_stated().to_owned() } else { value_label(lang, s).to_owned() }
    };
    let number =
        |v: Option<String>| v.map_or_else(|| t.not_stated().into_any(), |v| view! { <Num value=v /> }.into_any());
    view! {
        <PageTitle text=title.clone() />
        <h1 id="submission-title">{title}</h1>
        <Done lang />
        {withdrawn_at.map(|at| view! {
            <p class="notice" role="note" id="withdrawn-notice">{t.withdrawn_before()}<Num value=utc_datetime(at) />{t.withdrawn_after()}</p>
        })}
        {hidden_reason.clone().map(|reason| view! {
            <p class="notice" role="note" id="hidden-notice">{t.hidden_by_operators()} <span dir="auto">{reason}</span></p>
        })}
        {key_synthetic.then(|| view! {
            <p class="notice" role="note" id="synthetic-notice">{t.synthetic_before()} <bdi>{key_name.clone()}</bdi> {t.synthetic_after()}</p>
        })}
        <p class="headline">{t.accuracy()} <AccuracyWithCi lang accuracy=scores.accuracy() n=scores.total() ci95=scores.ci95() />
            {t.on()} <bdi>{benchmark.clone()}</bdi> {t.key()} <code>{key_name}</code> {t.verified()}</p>
        <Flags lang flags />
        {parts.map(|(public, private)| view! { <PartScores lang public private /> })}
        {match &scores {
            ShownScores::Full(card) => view! { <ScoreFacts card=card.clone() lang /> }.into_any(),
            ShownScores::Overall(overall) => view! { <HeldOutFacts overall=overall.clone() lang /> }.into_any(),
        }}
        {scores.letter_shares().cloned().map(|shares| view! { <Letters shares lang /> })}
        <CalibrationSection scores=scores.clone() id=id.clone() lang />
        <OrderSection scores=scores.clone() lang />
        {(meta.visibility.is_shared() && scores.card().is_some()).then(|| view! { <p id="compare-link"><a href=lang.href(&format!("/compare?a={id}"))>{crate::i18n::leaderboard::text(lang).compare_link()}</a></p> })}
        <h2>{t.protocol()}</h2>
        <dl class="protocol">
            <dt>{t.prompt_language()}</dt><dd>{choice(meta.prompt_language.as_str())}</dd>
            <dt>{t.shots()}</dt><dd>{number(meta.shots.map(|s| s.to_string()))}</dd>
            <dt>{t.temperature()}</dt><dd>{number(meta.temperature.map(|v| v.to_string()))}</dd>
            <dt>{t.chain_of_thought()}</dt><dd>{choice(meta.chain_of_thought.as_str())}</dd>
            <dt>{t.extraction()}</dt><dd dir="auto">{na(&meta.extraction)}</dd>
            <dt>{t.contamination()}</dt><dd>{choice(meta.contamination.as_str())}</dd>
            <dt>{t.model_params()}</dt><dd dir="auto">{na(&meta.model_params)}</dd>
            <dt>{t.model_args()}</dt><dd dir="ltr" id="model-args">{na(&meta.model_args)}</dd>
            <dt>{t.generation()}</dt><dd dir="ltr" id="generation">{na(&meta.generation)}</dd>
            <dt>{t.model_category()}</dt><dd id="model-category">{choice(meta.model_category.as_str())}</dd>
            <dt>{t.model_url()}</dt><dd>{if meta.model_url.is_empty() { t.not_stated().into_any() } else {
                view! { <a href=meta.model_url.clone() rel="nofollow noopener" dir="ltr">{meta.model_url.clone()}</a> }.into_any() }}</dd>
            <dt>{t.notes()}</dt><dd dir="auto">{na(&meta.notes)}</dd>
            <dt>{t.file()}</dt><dd>{file_format} {t.sha256()} <code dir="ltr">{file_sha256}</code></dd>
            <dt>{t.submitted()}</dt><dd><Num value=utc_datetime(created_at) /> {own.then_some(t.own())} " · " {value_label(lang, meta.visibility.as_str()).to_owned()}</dd>
        </dl>
        {scores.card().cloned().map(|card| view! { <Breakdowns card id=id.clone() lang /> })}
        {(meta.visibility.is_shared() && withdrawn_at.is_none() && hidden_reason.is_none())
            .then(|| view! { <ForModelCards id=id.clone() site_url=site_url.clone() lang /> })}
        <KeyVersions lang rescorable versions />
        {(own && withdrawn_at.is_none() && scores.exposure() == Exposure::HeldOut).then(|| view! { <FinalForm id=id.clone() chosen=final_choice lang /> })}
        {(own && withdrawn_at.is_none()).then(|| view! { <OwnerForms id=id.clone() meta=meta.clone() refused=refused_change.clone() lang /> })}
    }
}

/// A withdrawal's confirmation (`?done=withdrawn`), at the top of the
/// page, where the page lands once the owner's forms are gone.
#[component]
fn Done(lang: Lang) -> impl IntoView {
    let query = leptos_router::hooks::use_query_map();
    let t = text(lang);
    move || {
        (query.read().get("done").as_deref() == Some("withdrawn"))
            .then(|| view! { <p class="notice done" role="status" id="done">{t.done_withdrawn()}</p> })
    }
}

/// A saved change's confirmation (`?done=changed`), beside the form that
/// made it: it takes the focus (`autofocus`; the redirect has no anchor,
/// which would make a browser skip it), so it is in view and read out.
#[component]
fn Changed(lang: Lang) -> impl IntoView {
    let query = leptos_router::hooks::use_query_map();
    let t = text(lang);
    move || {
        (query.read().get("done").as_deref() == Some("changed")).then(|| {
            view! { <p class="notice done" role="status" id="done" tabindex="-1" autofocus>{t.done_changed()}</p> }
        })
    }
}

/// The owner's forms (plain posts: they work without JavaScript): change
/// the declared facts, filled with the stored values or with what was
/// typed into a refused change; and withdraw, behind a confirmation box.
#[component]
fn OwnerForms(id: String, meta: SubmissionMeta, refused: Option<RefusedChange>, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let u = crate::i18n::upload::text(lang);
    let (reasons, typed) = match refused {
        Some(r) => (r.reasons, r.typed),
        None => (String::new(), RawMeta::default()),
    };
    // A refused change shows what was typed; otherwise the stored values.
    let value = |typed: &Option<String>, stored: String| typed.clone().unwrap_or(stored);
    let shots = value(&typed.shots, meta.shots.map(|s| s.to_string()).unwrap_or_default());
    let temperature = value(&typed.temperature, meta.temperature.map(|s| s.to_string()).unwrap_or_default());
    let chosen = |typed: &Option<String>, stored: &str| Some(typed.clone().unwrap_or_else(|| stored.to_owned()));
    let visibility = chosen(&typed.visibility, meta.visibility.as_str());
    let category = chosen(&typed.model_category, meta.model_category.as_str());
    let prompt_language = chosen(&typed.prompt_language, meta.prompt_language.as_str());
    let chain_of_thought = chosen(&typed.chain_of_thought, meta.chain_of_thought.as_str());
    let contamination = chosen(&typed.contamination, meta.contamination.as_str());
    // A textarea's text is not escaped as its child: set as escaped HTML.
    let notes_html = html_escape::encode_text(&value(&typed.notes, meta.notes.clone())).into_owned();
    view! {
        <section id="owner" aria-labelledby="owner-h">
            <h2 id="owner-h">{t.owner_heading()}</h2>
            <Changed lang />
            <p class="note">{t.owner_intro()}</p>
            <FormError lang detail=reasons />
            <form method="post" action=format!("/submissions/{id}/change") class="stack" id="change-form">
                <LangField lang />
                <label>{u.visibility()} <select name="visibility">{options(lang, VISIBILITY, visibility.as_deref(), "public")}</select></label>
                <label>{u.model_url()} <input name="model_url" type="url" maxlength="500" placeholder="https://…" dir="ltr"
                    value=value(&typed.model_url, meta.model_url.clone()) /></label>
                <label>{u.model_params()} <input name="model_params" maxlength="40" placeholder=u.params_placeholder()
                    value=value(&typed.model_params, meta.model_params.clone()) /></label>
                <label>{u.model_category()} <select name="model_category">{options(lang, MODEL_CATEGORIES, category.as_deref(), "unknown")}</select></label>
                <label>{u.notes()} <textarea name="notes" maxlength="2000" rows="3" dir="auto" inner_html=notes_html></textarea></label>
                <label>{u.prompt_language()} <select name="prompt_language">{options(lang, PROMPT_LANGUAGES, prompt_language.as_deref(), "unknown")}</select></label>
                <label>{u.shots()} <input name="shots" type="number" min="0" max="100" value=shots /></label>
                <label>{u.temperature()} <input name="temperature" type="number" min="0" max="2" step="any" value=temperature /></label>
                <label>{u.chain_of_thought()} <select name="chain_of_thought">{options(lang, CHAIN_OF_THOUGHT, chain_of_thought.as_deref(), "unknown")}</select></label>
                <label>{u.extraction()} <input name="extraction" maxlength="200" dir="auto" placeholder=u.extraction_placeholder()
                    value=value(&typed.extraction, meta.extraction.clone()) /></label>
                <label>{u.model_args()} <input name="model_args" maxlength="500" dir="ltr" placeholder=u.model_args_placeholder()
                    value=value(&typed.model_args, meta.model_args.clone()) /></label>
                <label>{u.generation()} <input name="generation" maxlength="500" dir="ltr" placeholder=u.generation_placeholder()
                    value=value(&typed.generation, meta.generation.clone()) /></label>
                <label>{u.contamination()} <select name="contamination">{options(lang, CONTAMINATION, contamination.as_deref(), "unknown")}</select></label>
                <button type="submit">{t.save()}</button>
            </form>
            <h3>{t.withdraw_heading()}</h3>
            <p class="note">{t.withdraw_intro()}</p>
            <form method="post" action=format!("/submissions/{id}/withdraw") class="stack" id="withdraw-form">
                <LangField lang />
                <label class="check"><input type="checkbox" name="confirm" value="yes" required /> {t.withdraw_confirm()}</label>
                <button type="submit" class="danger">{t.withdraw_button()}</button>
            </form>
        </section>
    }
}

/// The owner's choice of the submissions that count in a held-out key's
/// final standing (at most two per model; none chosen: the latest).
#[component]
fn FinalForm(id: String, chosen: bool, lang: Lang) -> impl IntoView {
    let t = text(lang);
    view! {
        <section id="final" aria-labelledby="final-h">
            <h2 id="final-h">{t.final_heading()}</h2>
            <p class="note" id="final-state">{if chosen { t.final_chosen() } else { t.final_not_chosen() }}</p>
            <form method="post" action=format!("/submissions/{id}/final") class="stack" id="final-form">
                <LangField lang />
                <input type="hidden" name="final" value=if chosen { "false" } else { "true" } />
                <button type="submit">{if chosen { t.final_unchoose() } else { t.final_choose() }}</button>
            </form>
        </section>
    }
}

/// Key-copy forensics' flags, each a badge with what it says and a plain
/// explanation of its kind; nothing when there are none.
#[component]
fn Flags(lang: Lang, flags: Vec<ShownFlag>) -> impl IntoView {
    let t = text(lang);
    (!flags.is_empty()).then(|| {
        let items = flags
            .into_iter()
            .map(|f| {
                let explain = if f.code == "near_duplicate" { t.flag_explain_near() } else { t.flag_explain_defects() };
                view! {
                    <li data-flag=f.code.clone()>
                        <span class="badge badge-flag">{say(lang, &f.message)}</span> " " {explain}
                    </li>
                }
            })
            .collect_view();
        view! {
            <section id="flags" class="notice" role="note" aria-labelledby="flags-h">
                <h2 id="flags-h">{t.flags_heading()}</h2>
                <p>{t.flags_intro()}</p>
                <ul>{items}</ul>
            </section>
        }
    })
}

/// What explains a score on a public key: correct, missing, unparsed and
/// ignored counts, and chance level.
#[component]
fn ScoreFacts(card: ScoreCard, lang: Lang) -> impl IntoView {
    let t = text(lang);
    view! {
        <ul class="facts">
            <li>{t.correct()} <span class="num">{card.correct}</span> {t.of()} <span class="num">{card.total}</span></li>
            <li>{t.missing()} <span class="num" id="missing">{card.missing}</span></li>
            <li>{t.unparsed()} <span class="num" id="unparsed">{card.unparsed}</span></li>
            <li>{t.ignored()} <span class="num">{card.ignored}</span></li>
            <li>{t.random()} <span class="num">{acc(card.random_baseline.expected_accuracy)}</span>
                " (" <Num value=format!("n = {}", card.total) /> ")" {t.chance_adjusted()}
                <span class="num">{acc(card.chance_adjusted)}</span></li>
        </ul>
    }
}

/// A score on a held-out key: what the Ladder shows, and why nothing else
/// is; on a split key, that it is the public part's.
#[component]
fn HeldOutFacts(overall: OverallScore, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let step = format!("{:.2}", overall.ladder_step * 100.0);
    let public = (overall.part == Some(Part::Public)).then(|| {
        view! { <p class="notice" role="note" id="public-part-notice">{t.public_part(crate::i18n::Arg::count(overall.total as u64))}</p> }
    });
    let chance = overall
        .at_or_below_chance
        .then(|| view! { <p class="notice" role="note" id="chance-notice">{t.at_or_below_chance()}</p> });
    let held = overall
        .not_above_team_best
        .then(|| view! { <p class="notice" role="note" id="held-notice">{t.not_above_team_best()}</p> });
    view! {
        <p class="notice" role="note" id="held-out-notice">{t.held_out(step)}</p>
        {public}
        {chance}
        {held}
        <ul class="facts">
            <li>{t.unparsed()} <span class="num" id="unparsed">{overall.unparsed}</span></li>
            <li>{t.random()} <span class="num">{acc(overall.random_baseline.expected_accuracy)}</span>
                " (" <Num value=format!("n = {}", overall.total) /> ")" {t.chance_adjusted()}
                <span class="num">{acc(overall.chance_adjusted)}</span></li>
        </ul>
    }
}

/// A revealed split key's two parts: the public one (all that was shown
/// before the reveal) and the private one (the final standing).
#[component]
fn PartScores(lang: Lang, public: PartScore, private: PartScore) -> impl IntoView {
    let t = text(lang);
    view! {
        <section id="parts" aria-labelledby="parts-h">
            <h2 id="parts-h">{t.parts()}</h2>
            <p class="note">{t.parts_note()}</p>
            <ul class="facts">
                <li id="private-part">{t.private_part()} " " <AccuracyWithCi lang accuracy=private.accuracy n=private.n ci95=private.ci95 /></li>
                <li id="public-part">{t.public_part_score()} " " <AccuracyWithCi lang accuracy=public.accuracy n=public.n ci95=public.ci95 /></li>
            </ul>
        </section>
    }
}

/// Every breakdown of a public key's score card, with the heatmap chart.
#[component]
fn Breakdowns(card: ScoreCard, id: String, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let chart = lang.href(&heatmap_chart_path(&id));
    let chart_file = format!("medarabench-{id}-heatmap.svg");
    let has_cells = !card.by_cell.is_empty();
    view! {
        <h2>{t.by_specialty()}</h2>
        <BreakdownTable lang caption=t.by_specialty_caption() kind=BreakdownKind::Specialty cells=card.by_specialty.clone() />
        <h2>{t.by_level()}</h2>
        <p class="note">{t.level_note()}</p>
        <BreakdownTable lang caption=t.by_level_caption() kind=BreakdownKind::Level cells=card.by_level.clone() />
        <section id="by-cell" aria-labelledby="by-cell-h">
            <h2 id="by-cell-h">{t.by_cell()}</h2>
            <p class="note" id="heatmap-confounded">{t.by_cell_note()}</p>
            <Heatmap lang cells=card.by_cell.clone() />
            {has_cells.then(|| view! {
                <figure class="chart" id="heatmap-chart">
                    <img class="chart-img" src=chart.clone() alt=t.by_cell_chart_alt() loading="lazy" />
                    <figcaption>
                        <a href=chart.clone() download=chart_file.clone() type="image/svg+xml">{t.by_cell_download()}</a>
                    </figcaption>
                </figure>
            })}
        </section>
        <h2>{t.by_options()}</h2>
        <BreakdownTable lang caption=t.by_options_caption() kind=BreakdownKind::Options cells=card.by_options.clone() />
        <h2>{t.by_subspecialty()}</h2>
        <BreakdownTable lang caption=t.by_subspecialty_caption() kind=BreakdownKind::Subspecialty cells=card.by_subspecialty.clone() />
    }
}

/// The submission's score on every version of its key (version, date,
/// accuracy with its n and 95% CI), and why a version has none.
#[component]
fn KeyVersions(lang: Lang, rescorable: bool, versions: Vec<VersionScore>) -> impl IntoView {
    let t = text(lang);
    // None on a held-out key: each version's correct count is per question.
    if versions.is_empty() {
        return ().into_any();
    }
    let kept = versions.iter().find(|v| v.current).map(|v| v.version);
    let stuck = !rescorable && versions.iter().any(|v| v.score.is_none());
    let rows = versions
        .into_iter()
        .map(|v| {
            let score = match v.score {
                Some(s) => view! {
                    <td><AccuracyWithCi lang accuracy=s.accuracy n=s.total ci95=s.ci95 /></td>
                    <td class="num">{s.correct} {t.of()} {s.total}</td>
                }
                .into_any(),
                None => {
                    let why = if rescorable { t.version_pending() } else { t.version_not_scored() };
                    view! { <td colspan="2" class="not-scored">{why}</td> }.into_any()
                }
            };
            view! {
                <tr data-version=v.version data-current=v.current.then_some("true")>
                    <td class="num">{v.version}</td>
                    <td><code>{v.key}</code> {v.current.then(|| t.version_current())}</td>
                    <td><Num value=utc_date(v.imported_at) /></td>
                    {score}
                </tr>
            }
        })
        .collect_view();
    view! {
        <section id="versions" aria-labelledby="versions-h">
            <h2 id="versions-h">{t.versions_heading()}</h2>
            <p class="note">{t.versions_intro()}</p>
            {stuck.then(|| view! {
                <p class="notice" role="note" id="not-rescorable">{t.not_rescorable(kept.unwrap_or(1).to_string())}</p>
            })}
            <div class="table-scroll">
                <table id="key-versions">
                    <caption>{t.versions_caption()}</caption>
                    <thead>
                        <tr>
                            <th scope="col" class="num">{t.col_version()}</th>
                            <th scope="col">{t.col_key()}</th>
                            <th scope="col">{t.col_imported()}</th>
                            <th scope="col">{t.col_accuracy()}</th>
                            <th scope="col" class="num">{t.col_correct()}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
    .into_any()
}

/// Which option letters the file chose, with n and 95% CI: on a public
/// key over the scoreable questions it answered, beside the key's, the
/// expected and guessing's shares (one n for the whole table), with a
/// note for a letter chosen clearly more often than expected; on a
/// held-out key the file's own choices only.
#[component]
fn Letters(shares: LetterShares, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let against = shares.against_key.clone();
    let row = |letter: Letter, count: usize, share: f64, n: usize, ci95: [f64; 2]| {
        view! {
            <th scope="row">{letter_label(lang, letter)}</th>
            <td class="num">{count}</td>
            <td><AccuracyWithCi lang accuracy=share n ci95 /></td>
        }
    };
    let rows = match &against {
        Some(a) => a
            .letters
            .iter()
            .map(|(letter, k)| {
                view! {
                    <tr data-letter=letter.to_string()>
                        {row(*letter, k.count, k.chosen, a.n, k.ci95)}
                        <td class="num">{acc(k.key)}</td>
                        <td class="num">{acc(k.expected)}</td>
                        <td class="num">{acc(k.chance)}</td>
                    </tr>
                }
                .into_any()
            })
            .collect_view(),
        None => shares
            .chosen
            .iter()
            .map(|(letter, c): (&Letter, &LetterCount)| {
                view! { <tr data-letter=letter.to_string()>{row(*letter, c.count, c.share, shares.n, c.ci95)}</tr> }
                    .into_any()
            })
            .collect_view(),
    };
    let overused = against.as_ref().filter(|a| !a.overused.is_empty()).map(|a| {
        let separator = if lang == Lang::Ar { "، " } else { ", " };
        let letters = a.overused.iter().map(|l| letter_label(lang, *l)).collect::<Vec<_>>().join(separator);
        view! { <p class="notice" role="note" id="letters-overused">{t.letters_overused(letters)}</p> }
    });
    view! {
        <section id="letters" aria-labelledby="letters-h">
            <h2 id="letters-h">{t.letters_heading()}</h2>
            <p class="note">{t.letters_intro()}</p>
            {overused}
            {match &against {
                Some(a) => view! { <p class="note">{t.letters_against_n(crate::i18n::Arg::count(a.n as u64))}</p> }.into_any(),
                None => view! { <p class="note" id="letters-held-out">{t.letters_held_out()}</p> }.into_any(),
            }}
            <div class="table-scroll">
                <table id="letter-shares">
                    <caption>{t.letters_caption()}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t.letters_col_letter()}</th>
                            <th scope="col" class="num">{t.letters_col_chosen()}</th>
                            <th scope="col">{t.letters_col_share()}</th>
                            {against.is_some().then(|| view! {
                                <th scope="col" class="num">{t.letters_col_key()}</th>
                                <th scope="col" class="num">{t.letters_col_expected()}</th>
                                <th scope="col" class="num">{t.letters_col_chance()}</th>
                            })}
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

/// The calibration of the file's confidences: its figures, each with n
/// and the accuracies with their 95% CI, and its two charts; "not given"
/// when the file gave no confidence, and why nothing shows on a held-out key.
#[component]
fn CalibrationSection(scores: ShownScores, id: String, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let body = match (scores.card(), scores.calibration().cloned()) {
        (None, _) => view! { <p class="note" id="calibration-held-out">{t.calibration_held_out()}</p> }.into_any(),
        (Some(_), None) => {
            view! { <p class="note" id="calibration-not-given">{t.calibration_not_given()}</p> }.into_any()
        }
        (Some(_), Some(c)) => {
            let chart = |name: &str| lang.href(&format!("/charts/submissions/{id}/{name}.svg"));
            let coverage = c
                .accuracy_at_coverage
                .iter()
                .map(|(name, accuracy)| {
                    let percent = (name.parse::<f64>().unwrap_or_default() * 100.0).round() as u64;
                    let n = c.coverage_n.get(name).copied().unwrap_or_default();
                    view! {
                        <tr data-coverage=name.clone()>
                            <th scope="row">{t.calibration_at_coverage(percent)}</th>
                            <td><AccuracyWithCi lang accuracy=*accuracy n ci95=c.accuracy_ci95_at(name) /></td>
                        </tr>
                    }
                })
                .collect_view();
            let figure = |label: String, id: &'static str, value: String| {
                view! { <tr id=id><th scope="row">{label}</th><td class="num" dir="ltr">{value}</td></tr> }
            };
            let [lo, hi] = c.ece_ci95;
            let ece = format!("{:.3} [{lo:.3}, {hi:.3}]", c.ece);
            view! {
                <p class="note" id="calibration-n">{t.calibration_n(crate::i18n::Arg::count(c.n as u64))}</p>
                <div class="table-scroll">
                    <table id="calibration-figures">
                        <caption>{t.calibration_caption()}</caption>
                        <thead><tr>
                            <th scope="col">{t.calibration_col_figure()}</th>
                            <th scope="col">{t.calibration_col_value()}</th>
                        </tr></thead>
                        <tbody>
                            {figure(t.calibration_mean_confidence(), "calibration-mean-confidence", format!("{:.3}", c.mean_confidence))}
                            <tr id="calibration-accuracy">
                                <th scope="row">{t.calibration_accuracy()}</th>
                                <td><AccuracyWithCi lang accuracy=c.accuracy n=c.n ci95=c.accuracy_ci95 /></td>
                            </tr>
                            {figure(t.calibration_ece(), "calibration-ece", ece)}
                            {figure(t.calibration_brier(), "calibration-brier", format!("{:.3}", c.brier))}
                            {figure(t.calibration_aurc(), "calibration-aurc", format!("{:.3}", c.aurc))}
                            {coverage}
                        </tbody>
                    </table>
                </div>
                <div class="chart-pair">
                    <figure class="chart" id="reliability-chart">
                        <img class="chart-img" src=chart("reliability") alt=t.reliability_alt() loading="lazy" width="560" height="480" />
                    </figure>
                    <figure class="chart" id="risk-coverage-chart">
                        <img class="chart-img" src=chart("risk-coverage") alt=t.risk_alt() loading="lazy" width="560" height="480" />
                    </figure>
                </div>
            }
            .into_any()
        }
    };
    view! {
        <section id="calibration" aria-labelledby="calibration-h">
            <h2 id="calibration-h">{t.calibration_heading()}</h2>
            <p class="note">{t.calibration_intro()}</p>
            {body}
        </section>
    }
}

/// The option-order figures of the permuted task's file, each with its n
/// and 95% CI; "not given" without one, and why nothing shows on a
/// held-out key.
#[component]
fn OrderSection(scores: ShownScores, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let body = match (scores.card(), scores.robustness().cloned()) {
        (None, _) => view! { <p class="note" id="order-held-out">{t.order_held_out()}</p> }.into_any(),
        (Some(_), None) => view! { <p class="note" id="order-not-given">{t.order_not_given()}</p> }.into_any(),
        (Some(card), Some(r)) => {
            let row = |id: &'static str, label: String, accuracy: f64, n: usize, ci95: [f64; 2]| {
                view! {
                    <tr id=id>
                        <th scope="row">{label}</th>
                        <td><AccuracyWithCi lang accuracy n ci95 /></td>
                    </tr>
                }
            };
            view! {
                <div class="table-scroll">
                    <table id="order-figures">
                        <caption>{t.order_caption()}</caption>
                        <thead><tr>
                            <th scope="col">{t.order_col_figure()}</th>
                            <th scope="col">{t.order_col_value()}</th>
                        </tr></thead>
                        <tbody>
                            {row("order-accuracy", t.order_accuracy(), card.accuracy, card.total, card.ci95)}
                            {row("order-accuracy-permuted", t.order_accuracy_permuted(), r.accuracy_permuted, r.n, r.accuracy_permuted_ci95)}
                            {row("order-consistent", t.order_consistent(), r.consistent_accuracy, r.n, r.consistent_accuracy_ci95)}
                            {row("order-sensitivity", t.order_sensitivity(), r.order_sensitivity, r.order_sensitivity_n, r.order_sensitivity_ci95)}
                        </tbody>
                    </table>
                </div>
            }
            .into_any()
        }
    };
    view! {
        <section id="option-order" aria-labelledby="option-order-h">
            <h2 id="option-order-h">{t.order_heading()}</h2>
            <p class="note">{t.order_intro()}</p>
            {body}
        </section>
    }
}

/// An option letter as a reader of `lang` names it: in Arabic the Arabic
/// letter, with the Latin one the files use beside it ("أ (A)").
fn letter_label(lang: Lang, letter: Letter) -> String {
    match lang {
        Lang::En => letter.to_string(),
        Lang::Ar => format!("{} ({letter})", letter.arabic()),
    }
}

/// A public submission's badge and model-index block, for a model card.
#[component]
fn ForModelCards(id: String, site_url: String, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let badge = format!("/submissions/{id}/badge.svg");
    let yaml = format!("/submissions/{id}/model-index.yaml");
    // A model card lives elsewhere: the Markdown names the site in full.
    let site = site_url.trim_end_matches('/');
    let markdown = format!("[![MedAraBench]({site}{badge})]({site}/submissions/{id})");
    let shown = if lang == Lang::Ar { format!("{badge}?lang=ar") } else { badge.clone() };
    view! {
        <section id="model-card" aria-labelledby="model-card-h">
            <h2 id="model-card-h">{t.card_heading()}</h2>
            <p class="note">{t.card_intro()}</p>
            <p><img src=shown alt=t.card_badge_alt() id="badge" height="20" loading="lazy" /></p>
            <p>{t.card_markdown()} <code dir="ltr" id="badge-markdown">{markdown}</code></p>
            <p><a href=yaml type="application/yaml" id="model-index-link">{t.card_yaml()}</a></p>
        </section>
    }
}
