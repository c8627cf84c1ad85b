//! `/submissions/:id`: a verified submission's score with its n and 95% CI,
//! what explains it (missing, unparsed, ignored, chance level), every
//! breakdown, and the protocol card it was declared with.

use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::hooks::use_params_map;

use crate::api::teams::{SubmissionPageData, submission_page};
use crate::components::score::{AccuracyWithCi, BreakdownTable};
use crate::format::{acc, utc_datetime};

#[component]
pub fn SubmissionPageView() -> impl IntoView {
    let params = use_params_map();
    let data = Resource::new(move || params.read().get("id").unwrap_or_default(), submission_page);
    view! {
        <Suspense fallback=|| view! { <p>"Loading…"</p> }>
            {move || Suspend::new(async move {
                match data.await {
                    Ok(Some(page)) => view! { <SubmissionDetails page /> }.into_any(),
                    Ok(None) => view! {
                        <Title text="Submission not found" />
                        <h1>"Submission not found"</h1>
                        <p>"It does not exist, or it is private to its team."</p>
                    }.into_any(),
                    Err(e) => view! { <p class="error" role="alert">{e.to_string()}</p> }.into_any(),
                }
            })}
        </Suspense>
    }
}

#[component]
fn SubmissionDetails(page: SubmissionPageData) -> impl IntoView {
    let SubmissionPageData { id: _, team_name, benchmark, key_name, key_synthetic, meta, file_sha256, file_format, created_at, card, own } = page;
    let title = format!("{} by {}", meta.model_name, team_name);
    let na = |s: &str| if s.is_empty() || s == "unknown" { "not stated".to_owned() } else { s.to_owned() };
    view! {
        <Title text=title.clone() />
        <h1 id="submission-title">{title}</h1>
        {key_synthetic.then(|| view! {
            <p class="notice" role="note" id="synthetic-notice">"Scored on a synthetic demo key (" {key_name.clone()}
                "), not the real MedAraBench test split: this score says nothing about the model."</p>
        })}
        <p class="headline">"Accuracy " <AccuracyWithCi accuracy=card.accuracy n=card.total ci95=card.ci95 />
            " on " {benchmark.clone()} " (key " <code>{key_name}</code> "). Verified here: scored by this server."</p>
        <ul class="facts">
            <li>"Correct: " <span class="num">{card.correct}</span> " of " <span class="num">{card.total}</span></li>
            <li>"Missing from the file (counted wrong): " <span class="num" id="missing">{card.missing}</span></li>
            <li>"Unparsed responses (counted wrong): " <span class="num" id="unparsed">{card.unparsed}</span></li>
            <li>"Ignored (questions the key rejects): " <span class="num">{card.ignored}</span></li>
            <li>"Uniform random guessing would score " <span class="num">{acc(card.random_baseline.expected_accuracy)}</span>
                " (n = " <span class="num">{card.total}</span> "); chance-adjusted accuracy "
                <span class="num">{acc(card.chance_adjusted)}</span></li>
        </ul>
        <h2>"Protocol card"</h2>
        <dl class="protocol">
            <dt>"Prompt language"</dt><dd>{na(&meta.prompt_language)}</dd>
            <dt>"Shots"</dt><dd>{meta.shots.map_or_else(|| "not stated".into(), |s| s.to_string())}</dd>
            <dt>"Temperature"</dt><dd>{meta.temperature.map_or_else(|| "not stated".into(), |t| t.to_string())}</dd>
            <dt>"Chain of thought"</dt><dd>{na(&meta.chain_of_thought)}</dd>
            <dt>"Letter extraction"</dt><dd>{na(&meta.extraction)}</dd>
            <dt>"Trained on MedAraBench data"</dt><dd>{na(&meta.contamination)}</dd>
            <dt>"Parameters"</dt><dd>{na(&meta.model_params)}</dd>
            <dt>"Model URL"</dt><dd>{if meta.model_url.is_empty() { "not stated".into_any() } else {
                view! { <a href=meta.model_url.clone() rel="nofollow noopener">{meta.model_url.clone()}</a> }.into_any() }}</dd>
            <dt>"Notes"</dt><dd>{na(&meta.notes)}</dd>
            <dt>"File"</dt><dd>{file_format} ", SHA-256 " <code>{file_sha256}</code></dd>
            <dt>"Submitted"</dt><dd>{utc_datetime(created_at)} {own.then_some(" · your team's submission")} " · " {meta.visibility.clone()}</dd>
        </dl>
        <h2>"By specialty"</h2>
        <BreakdownTable caption="Accuracy by umbrella specialty".into() heading="specialty" cells=card.by_specialty.clone() />
        <h2>"By level"</h2>
        <p class="note">"Specialty and level are confounded in this test split (for example, Ophthalmology questions are all Y5): compare levels with care."</p>
        <BreakdownTable caption="Accuracy by year of medical school".into() heading="level" cells=card.by_level.clone() />
        <h2>"By number of options"</h2>
        <BreakdownTable caption="Accuracy by option count".into() heading="options" cells=card.by_options.clone() />
        <h2>"By sub-specialty"</h2>
        <BreakdownTable caption="Accuracy by sub-specialty (the key's Medical Specialty column)".into() heading="sub-specialty" cells=card.by_subspecialty.clone() />
    }
}
