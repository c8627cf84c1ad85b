//! `/submit`: how to take part. Prediction file formats, the letter
//! extraction protocol's key rules (the full text is served at
//! `/extraction-protocol.md`), copy-paste CLI and API examples filled with
//! this site's address, and the quotas.

use leptos::prelude::*;

use crate::api::submit::{SubmitInfo, get_submit_info};
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::domain::MAX_PREDICTION_BYTES;
use crate::i18n::{Lang, common, submit::text, use_lang};

/// Where the full extraction protocol is served.
pub const PROTOCOL_PATH: &str = "/extraction-protocol.md";
/// Where the server serves the OpenAPI description of its REST API.
pub const OPENAPI_PATH: &str = "/api/v1/openapi.json";

/// Answer letters and their Arabic forms (contract: prediction files).
const LETTERS: [(&str, &str); 6] = [("A", "أ ا إ آ"), ("B", "ب"), ("C", "ج"), ("D", "د"), ("E", "ه هـ"), ("F", "و")];

/// Examples of each extraction rule, in rule order (from the protocol).
const RULE_EXAMPLES: [&[&str]; 6] = [
    &["C", "(c)", "**C**", "ب.", "هـ"],
    &["The answer is C", "Answer: (c)", "الإجابة الصحيحة هي ب", "الجواب: ج"],
    &["C) Aspirin", "(ب) ...", "D. Aspirin"],
    &["I pick **B** here.", "__C__"],
    &["I would go with option C", "أختار الخيار ج"],
    &["Let me think.\\n\\nD"],
];

const CSV_EXAMPLE: &str = "question_id,answer\n1,B\n2,د\n3,c\n";
/// The second line's value is Arabic: it is shown in a `<bdi>` so that the
/// quotes around it stay in place.
const JSONL_EXAMPLE: [&str; 3] =
    ["{\"question_id\": 1, \"answer\": \"B\"}\n{\"question_id\": 2, \"response\": \"", "الإجابة الصحيحة هي د", "\"}\n"];

/// The how-to-submit page.
#[component]
pub fn SubmitPage() -> impl IntoView {
    let data = Resource::new(|| (), |_| get_submit_info());
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            <PageTitle text=t.title() />
            <h1>{t.title()}</h1>
            <p class="lede">{t.lede()}</p>
            <Steps lang />
            <Formats lang />
            <Extraction lang />
            {loaded(lang, data, move |info| view! { <Examples info lang /> }.into_any())}
        }
    }
}

#[component]
fn Steps(lang: Lang) -> impl IntoView {
    let t = text(lang);
    view! {
        <section id="steps" aria-labelledby="steps-h">
            <h2 id="steps-h">{t.steps_heading()}</h2>
            <ol>{t.steps().into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ol>
            <p>
                {t.web_intro()} " " <a href=lang.href("/register")>{t.web_register()}</a> " · "
                <a href=lang.href("/upload")>{t.web_upload()}</a>
            </p>
        </section>
    }
}

#[component]
fn Formats(lang: Lang) -> impl IntoView {
    let t = text(lang);
    let size = format!("{} MiB", MAX_PREDICTION_BYTES / (1024 * 1024));
    view! {
        <section id="formats" aria-labelledby="formats-h">
            <h2 id="formats-h">{t.formats_heading()}</h2>
            <p>{t.csv_intro()}</p>
            <pre tabindex="0" dir="ltr"><code>{CSV_EXAMPLE}</code></pre>
            <p>{t.jsonl_intro()}</p>
            <pre tabindex="0" dir="ltr"><code>{JSONL_EXAMPLE[0]} <bdi>{JSONL_EXAMPLE[1]}</bdi> {JSONL_EXAMPLE[2]}</code></pre>
            <ul id="format-rules">{t.rules(&size).into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}</ul>
            <table id="letters" class="counts">
                <caption>{t.letters_caption()}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t.col_letter()}</th>
                        <th scope="col">{t.col_arabic()}</th>
                    </tr>
                </thead>
                <tbody>
                    {LETTERS
                        .iter()
                        .map(|(latin, arabic)| view! { <tr><th scope="row">{*latin}</th><td lang="ar">{*arabic}</td></tr> })
                        .collect_view()}
                </tbody>
            </table>
        </section>
    }
}

#[component]
fn Extraction(lang: Lang) -> impl IntoView {
    let t = text(lang);
    let rules = t
        .extraction_rules()
        .into_iter()
        .zip(RULE_EXAMPLES)
        .map(|((name, what), examples)| {
            let examples = examples.iter().map(|e| view! { <code dir="auto">{*e}</code> " " }).collect_view();
            view! {
                <li>
                    <strong>{name}</strong> ": " {what} ". " <span class="examples">{t.extraction_examples()} ": " {examples}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <section id="extraction" aria-labelledby="extraction-h">
            <h2 id="extraction-h">{t.extraction_heading()}</h2>
            <p>{t.extraction_intro()}</p>
            <ol id="extraction-rules">{rules}</ol>
            <p>{t.standalone()}</p>
            <p>
                {t.full_protocol()} " " <a href=PROTOCOL_PATH type="text/markdown"><code>"extraction-protocol.md"</code></a>
            </p>
        </section>
    }
}

#[component]
fn Examples(info: SubmitInfo, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let origin = info.origin;
    let cli = format!(
        "export SERVER={origin}\nexport TOKEN=...   # your API token\n\n\
         # check the file offline against the public test split\n\
         medarabench score --keys medarabench-test_split.csv --predictions preds.csv\n\n\
         # upload it\n\
         medarabench submit --server \"$SERVER\" --token \"$TOKEN\" --model \"My-Model-7B\" preds.csv\n"
    );
    let api = "# once: register a team, then get an API token (shown once)\n\
         curl -X POST \"$SERVER/api/v1/teams\" -H 'Content-Type: application/json' \\\n  \
         -d '{\"name\": \"My Lab\", \"email\": \"me@example.org\", \"password\": \"a-long-passphrase\"}'\n\
         curl -X POST \"$SERVER/api/v1/tokens\" -H 'Content-Type: application/json' \\\n  \
         -d '{\"email\": \"me@example.org\", \"password\": \"a-long-passphrase\"}'\n\n\
         # each submission\n\
         curl -H \"Authorization: Bearer $TOKEN\" -F file=@preds.csv -F model_name=My-Model-7B \\\n  \
         \"$SERVER/api/v1/submissions\"\n\n\
         # your submissions, newest first, with the quota left\n\
         curl -H \"Authorization: Bearer $TOKEN\" \"$SERVER/api/v1/submissions\"\n";
    let (daily, total) = match info.quota {
        Some(q) => (q.daily_quota.to_string(), q.total_quota.to_string()),
        None => ("5".to_owned(), common::text(lang).not_reported().to_owned()),
    };
    // The limits per client address, each said only when it is on.
    let limited = |n: i64| (n > 0).then_some(n);
    let client_uploads = info.quota.and_then(|q| limited(q.client_daily_quota)).map(|n| t.quota_client(n));
    let client_teams = info.quota.and_then(|q| limited(q.registrations_per_day)).map(|n| t.quota_registrations(n));
    view! {
        <section id="cli" aria-labelledby="cli-h">
            <h2 id="cli-h">{t.cli_heading()}</h2>
            <p>{t.cli_intro()}</p>
            <pre tabindex="0" dir="ltr" lang="en"><code>{cli}</code></pre>
            <p>{t.server_note()}</p>
        </section>
        <section id="api" aria-labelledby="api-h">
            <h2 id="api-h">{t.api_heading()}</h2>
            <p>{t.api_intro()}</p>
            <pre tabindex="0" dir="ltr" lang="en"><code>{api}</code></pre>
            <p>{t.api_fields()}</p>
            <p id="openapi">
                {t.api_description()} " " <a href=OPENAPI_PATH type="application/json"><code>"openapi.json"</code></a>
            </p>
        </section>
        <section id="quota" aria-labelledby="quota-h">
            <h2 id="quota-h">{t.quota_heading()}</h2>
            <p id="quota-text">{t.quota(&daily, &total)}</p>
            {client_uploads.map(|text| view! { <p id="quota-client">{text}</p> })}
            {client_teams.map(|text| view! { <p id="quota-registrations">{text}</p> })}
        </section>
    }
}
