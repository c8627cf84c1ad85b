//! `/submit`: how to take part. The prediction formats the scorer accepts
//! (one table row per [`PredictionFormat`]), the letter-extraction protocol
//! as implemented (every rule with examples that the unit tests below run
//! through [`extract`](crate::domain::extract::extract); the full text is served at `/extraction-protocol.md`),
//! copy-paste commands for the `medarabench` CLI, the REST API,
//! lm-evaluation-harness, lighteval and the batch APIs, filled with this
//! site's address, and the quotas.

use leptos::prelude::*;

use crate::api::submit::{SubmitInfo, get_submit_info};
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::domain::predictions::MAX_PROBLEMS;
use crate::domain::{Extraction, Letter, MAX_PREDICTION_BYTES, PredictionFormat, Rule};
use crate::i18n::{Lang, common, submit::text, use_lang};

/// Where the full extraction protocol is served.
pub const PROTOCOL_PATH: &str = "/extraction-protocol.md";
/// Where the server serves the OpenAPI description of its REST API.
pub const OPENAPI_PATH: &str = "/api/v1/openapi.json";
/// The task files served from `public/tasks/`: the four of the
/// lm-evaluation-harness task, the lighteval task, and their README.
pub const TASK_FILES: [&str; 6] = [
    "/tasks/lm-eval/medarabench/medarabench.yaml",
    "/tasks/lm-eval/medarabench/medarabench_gen.yaml",
    "/tasks/lm-eval/medarabench/_default_template_yaml",
    "/tasks/lm-eval/medarabench/utils.py",
    "/tasks/lighteval/medarabench.py",
    "/tasks/README.md",
];
/// The tool versions the task files were written for (`public/tasks/README.md`).
const LM_EVAL_VERSION: &str = "0.4.13";
const LIGHTEVAL_VERSION: &str = "0.13.0";

/// Answer letters and their Arabic forms (contract: prediction files).
const LETTERS: [(&str, &str); 6] = [("A", "أ ا إ آ"), ("B", "ب"), ("C", "ج"), ("D", "د"), ("E", "ه هـ"), ("F", "و")];

/// A response and what the page says the protocol makes of it; the tests
/// run every one through `extract`, so the page cannot drift from the code.
struct Example {
    response: &'static str,
    gives: Extraction,
}

const fn found(response: &'static str, letter: Letter, rule: Rule) -> Example {
    Example { response, gives: Extraction::Found(letter, rule) }
}

const fn none(response: &'static str, gives: Extraction) -> Example {
    Example { response, gives }
}

use Letter::{B, C, D, E};

/// Before the rules: reasoning blocks are set aside.
const REASONING: &[Example] = &[
    found("<think>A or B?</think>\nC", C, Rule::LoneLetter),
    found("<think>أ أم ب؟</think>\nالإجابة: ج", C, Rule::AnswerPhrase),
    none("<think>The answer is C.</think>", Extraction::NotFound),
];

/// Rules 1 to 7, in priority order (the protocol's numbering).
const RULES: [&[Example]; 7] = [
    &[
        found("(c)", C, Rule::LoneLetter),
        found("**C**", C, Rule::LoneLetter),
        found("ب.", B, Rule::LoneLetter),
        found("هـ", E, Rule::LoneLetter),
    ],
    &[
        found("{\"answer\": \"C\"}", C, Rule::AnswerField),
        found("<answer>ب</answer>", B, Rule::AnswerField),
        found("The final answer is $\\boxed{C}$", C, Rule::FinalAnswer),
        found("Is the answer A? No. Final answer: C", C, Rule::FinalAnswer),
        found("الإجابة النهائية: ب", B, Rule::FinalAnswer),
        found("So the answer is **C**", C, Rule::AnswerPhrase),
        found("إذن الإجابة هي ج", C, Rule::AnswerPhrase),
        found("The answer is C", C, Rule::AnswerPhrase),
        found("الجواب: ج", C, Rule::AnswerPhrase),
        none("The answer is A or B", Extraction::Ambiguous(Rule::AnswerPhrase)),
        none("الإجابة ب أو ج", Extraction::Ambiguous(Rule::AnswerPhrase)),
    ],
    &[
        found("C) Aspirin", C, Rule::LeadingLabel),
        found("ب - القلب", B, Rule::LeadingLabel),
        none("A) Pulmonary embolism\nB) Aortic dissection", Extraction::Ambiguous(Rule::LeadingLabel)),
    ],
    &[found("I pick **B** here.", B, Rule::Bold), found("أختار **ب** هنا.", B, Rule::Bold)],
    &[
        found("The most likely diagnosis is (C) myocardial infarction.", C, Rule::BracketLabel),
        found("التشخيص الأرجح هو (ب) الذبحة الصدرية", B, Rule::BracketLabel),
    ],
    &[found("I would go with option C", C, Rule::OptionMention), found("أختار الخيار ج", C, Rule::OptionMention)],
    &[found("Let me think.\n\nD", D, Rule::LetterLine), found("لنفكر خطوة خطوة.\n\nد", D, Rule::LetterLine)],
];

/// A refusal stops rules 3 to 7.
const REFUSAL: &[Example] = &[
    none("I cannot answer this. Option A and option B both seem plausible.", Extraction::NotFound),
    none("لا أستطيع الإجابة، فالخيار أ والخيار ب محتملان.", Extraction::NotFound),
];

/// Rules 4 to 7 checked against each other.
const WEAK: &[Example] = &[
    none("Option A is wrong.\n\nC", Extraction::Ambiguous(Rule::OptionMention)),
    none("**أ** خطأ و**ج** صحيح", Extraction::Ambiguous(Rule::Bold)),
];

/// Free text mentioning letters.
const UNPARSED: &[Example] = &[
    none("Vitamin B12 deficiency", Extraction::NotFound),
    none("E. coli is the commonest cause", Extraction::NotFound),
    none("المريض مصاب بالتهاب الكبد B", Extraction::NotFound),
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
            <Protocol lang />
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

/// The size limit as the page writes it ("64 MiB").
fn size_limit() -> String {
    format!("{} MiB", MAX_PREDICTION_BYTES / (1024 * 1024))
}

#[component]
fn Formats(lang: Lang) -> impl IntoView {
    let t = text(lang);
    let rows = PredictionFormat::ALL
        .into_iter()
        .zip(t.format_tools())
        .zip(t.format_questions())
        .zip(t.format_choices())
        .map(|(((format, tool), question), choice)| {
            view! {
                <tr>
                    <th scope="row"><code>{format.as_str()}</code></th>
                    <td>{tool}</td>
                    <td>{question}</td>
                    <td>{choice}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section id="formats" aria-labelledby="formats-h">
            <h2 id="formats-h">{t.formats_heading()}</h2>
            <p>{t.formats_intro()}</p>
            <div class="table-scroll">
                <table id="formats-table">
                    <caption>{t.formats_caption()}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t.col_format()}</th>
                            <th scope="col">{t.col_tool()}</th>
                            <th scope="col">{t.col_question()}</th>
                            <th scope="col">{t.col_choice()}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <p>{t.csv_intro()}</p>
            <pre tabindex="0" dir="ltr"><code>{CSV_EXAMPLE}</code></pre>
            <p>{t.jsonl_intro()}</p>
            <pre tabindex="0" dir="ltr"><code>{JSONL_EXAMPLE[0]} <bdi>{JSONL_EXAMPLE[1]}</bdi> {JSONL_EXAMPLE[2]}</code></pre>
            <ul id="format-rules">
                {t.rules(size_limit(), MAX_PROBLEMS).into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}
            </ul>
            <div class="table-scroll">
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
            </div>
        </section>
    }
}

/// Examples, each with what it gives; line breaks are shown as `\n`.
fn example_list(lang: Lang, examples: &'static [Example]) -> impl IntoView + use<> {
    let t = text(lang);
    let items = examples
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let shown = e.response.replace('\n', "\\n");
            let language = if e.response.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)) { "ar" } else { "en" };
            let gives = match e.gives {
                Extraction::Found(letter, _) => t.extraction_gives(letter.to_string()),
                _ => t.extraction_gives_nothing(),
            };
            view! { {(i > 0).then_some(" · ")} <code dir="auto" lang=language>{shown}</code> " " {gives} }
        })
        .collect_view();
    view! { <span class="examples">{t.extraction_examples()} ": " {items}</span> }
}

/// One step of the protocol: its name, what it does, its examples.
fn step(lang: Lang, name: String, what: String, cases: &'static [Example]) -> impl IntoView + use<> {
    view! { <strong>{name}</strong> ": " {what} " " {example_list(lang, cases)} }
}

#[component]
fn Protocol(lang: Lang) -> impl IntoView {
    let t = text(lang);
    let rules = t
        .extraction_rules()
        .into_iter()
        .zip(RULES)
        .map(|((name, what), cases)| view! { <li>{step(lang, name, what, cases)}</li> })
        .collect_view();
    view! {
        <section id="extraction" aria-labelledby="extraction-h">
            <h2 id="extraction-h">{t.extraction_heading()}</h2>
            <p>{t.extraction_intro()}</p>
            <p id="extraction-reasoning">{step(lang, t.reasoning_name(), t.reasoning_text(), REASONING)}</p>
            <ol id="extraction-rules">{rules}</ol>
            <p id="extraction-refusal">{step(lang, t.refusal_name(), t.refusal_text(), REFUSAL)}</p>
            <p id="extraction-weak">{step(lang, t.weak_name(), t.weak_text(), WEAK)}</p>
            <p id="extraction-unparsed">{step(lang, t.unparsed_name(), t.unparsed_text(), UNPARSED)}</p>
            <p>{t.standalone()}</p>
            <p>
                {t.full_protocol()} " " <a href=PROTOCOL_PATH type="text/markdown"><code>"extraction-protocol.md"</code></a>
            </p>
        </section>
    }
}

/// The CLI example: check offline, then upload.
fn cli_commands(origin: &str) -> String {
    format!(
        "export SERVER={origin}\nexport TOKEN=...   # your API token\n\n\
         # check the file offline against the public test split (prints the detected format)\n\
         medarabench score --keys medarabench-test_split.csv --predictions preds.csv\n\n\
         # or against the synthetic demo key, the questions a site without an imported key scores\n\
         medarabench keys synthetic demo-key.csv\n\
         medarabench score --keys demo-key.csv --predictions preds.csv\n\n\
         # upload it\n\
         medarabench submit --server \"$SERVER\" --token \"$TOKEN\" --model \"My-Model-7B\" preds.csv\n"
    )
}

/// The REST API example.
const API_COMMANDS: &str = "# once: register a team, then get an API token (shown once)\n\
     curl -X POST \"$SERVER/api/v1/teams\" -H 'Content-Type: application/json' \\\n  \
     -d '{\"name\": \"My Lab\", \"email\": \"me@example.org\", \"password\": \"a-long-passphrase\"}'\n\
     curl -X POST \"$SERVER/api/v1/tokens\" -H 'Content-Type: application/json' \\\n  \
     -d '{\"email\": \"me@example.org\", \"password\": \"a-long-passphrase\"}'\n\n\
     # each submission\n\
     curl -H \"Authorization: Bearer $TOKEN\" -F file=@preds.csv -F model_name=My-Model-7B \\\n  \
     \"$SERVER/api/v1/submissions\"\n\n\
     # or the file itself as the body, gzip-compressed\n\
     gzip -k samples.jsonl\n\
     curl -H \"Authorization: Bearer $TOKEN\" -H 'Content-Encoding: gzip' --data-binary @samples.jsonl.gz \\\n  \
     \"$SERVER/api/v1/submissions?model_name=My-Model-7B\"\n\n\
     # your submissions, newest first, with the quota left\n\
     curl -H \"Authorization: Bearer $TOKEN\" \"$SERVER/api/v1/submissions\"\n";

/// Install lm-evaluation-harness, fetch the task from `origin`, run it, upload.
fn lm_eval_commands(origin: &str) -> String {
    let dir = TASK_FILES[0].rsplit_once('/').map_or("", |(dir, _)| dir);
    let files: Vec<&str> = TASK_FILES[..4].iter().filter_map(|p| p.rsplit('/').next()).collect();
    let files = files.join(" ");
    format!(
        "python3 -m venv .venv-lm-eval\n\
         .venv-lm-eval/bin/pip install \"lm-eval[hf]=={LM_EVAL_VERSION}\"\n\n\
         # the task files, from this site\n\
         mkdir -p medarabench\n\
         for f in {files}; do\n  \
         curl -fsS -o \"medarabench/$f\" \"{origin}{dir}/$f\"\n\
         done\n\n\
         # the questions come from your copy of the official test-split CSV\n\
         .venv-lm-eval/bin/lm_eval --model hf \\\n  \
         --model_args pretrained=Qwen/Qwen2.5-0.5B-Instruct,dtype=auto \\\n  \
         --device cuda:0 --batch_size 8 \\\n  \
         --tasks medarabench --include_path medarabench \\\n  \
         --metadata medarabench_csv=/path/to/medarabench-test_split.csv \\\n  \
         --log_samples --output_path out/\n\n\
         # upload the samples file as it is (the results file fills the protocol card)\n\
         medarabench submit --server \"$SERVER\" --token \"$TOKEN\" --model Qwen2.5-0.5B-Instruct \\\n  \
         --results out/*/results_*.json out/*/samples_medarabench_2*.jsonl\n"
    )
}

/// Install lighteval, fetch the task from `origin`, run it, upload.
fn lighteval_commands(origin: &str) -> String {
    let task = TASK_FILES[4];
    format!(
        "python3 -m venv .venv-lighteval\n\
         .venv-lighteval/bin/pip install \"lighteval=={LIGHTEVAL_VERSION}\"\n\n\
         # the task file, from this site\n\
         curl -fsS -O \"{origin}{task}\"\n\n\
         MEDARABENCH_CSV=/path/to/medarabench-test_split.csv \\\n  \
         .venv-lighteval/bin/lighteval accelerate \\\n  \
         \"model_name=Qwen/Qwen2.5-0.5B-Instruct\" \\\n  \
         \"community|medarabench|0\" \\\n  \
         --custom-tasks medarabench.py \\\n  \
         --output-dir out-lighteval/ --save-details\n\n\
         # upload the details file as it is\n\
         medarabench submit --server \"$SERVER\" --token \"$TOKEN\" --model Qwen2.5-0.5B-Instruct \\\n  \
         out-lighteval/details/*/*/details_*.parquet\n"
    )
}

/// Batch APIs: the `custom_id` of each request, then the output file as it is.
const BATCH_COMMANDS: &str = "# each request carries the question number in custom_id (123, q123, question_123)\n\
     # OpenAI / vLLM, one line of the input file:\n\
     {\"custom_id\": \"q17\", \"method\": \"POST\", \"url\": \"/v1/chat/completions\",\n \
     \"body\": {\"model\": \"MODEL\", \"messages\": [{\"role\": \"user\", \"content\": \"...\"}]}}\n\
     # Anthropic Message Batches, one entry of \"requests\":\n\
     {\"custom_id\": \"q17\", \"params\": {\"model\": \"MODEL\", \"max_tokens\": 1024,\n \
     \"messages\": [{\"role\": \"user\", \"content\": \"...\"}]}}\n\n\
     # OpenAI: download the output file and upload it as it is\n\
     curl -fsS \"https://api.openai.com/v1/files/$OUTPUT_FILE_ID/content\" \\\n  \
     -H \"Authorization: Bearer $OPENAI_API_KEY\" -o batch_output.jsonl\n\
     medarabench submit --server \"$SERVER\" --token \"$TOKEN\" --model My-Model batch_output.jsonl\n\n\
     # vLLM writes the same format\n\
     python -m vllm.entrypoints.openai.run_batch -i batch_input.jsonl -o batch_output.jsonl --model MODEL\n\n\
     # Anthropic: download the results and upload them as they are\n\
     curl -fsS \"https://api.anthropic.com/v1/messages/batches/$BATCH_ID/results\" \\\n  \
     -H \"x-api-key: $ANTHROPIC_API_KEY\" -H \"anthropic-version: 2023-06-01\" -o results.jsonl\n\
     medarabench submit --server \"$SERVER\" --token \"$TOKEN\" --model My-Model results.jsonl\n";

/// Links to task files, each shown by its file name.
fn task_links(paths: &'static [&'static str]) -> impl IntoView + use<> {
    paths
        .iter()
        .enumerate()
        .map(|(i, path)| {
            let name = path.rsplit('/').next().unwrap_or(path);
            view! { {(i > 0).then_some(" · ")} <a href=*path><code>{name}</code></a> }
        })
        .collect_view()
}

#[component]
fn Tools(origin: String, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let readme = move || {
        view! { <p>{t.tasks_readme()} " " <a href=TASK_FILES[5] type="text/markdown"><code>"README.md"</code></a></p> }
    };
    let notes = |notes: Vec<String>| notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view();
    view! {
        <section id="lm-eval" aria-labelledby="lm-eval-h">
            <h2 id="lm-eval-h">{t.lm_eval_heading()}</h2>
            <p>{t.lm_eval_intro()}</p>
            <p>{t.task_files_intro()} " " {task_links(&TASK_FILES[..4])}</p>
            <pre tabindex="0" dir="ltr" lang="en"><code>{lm_eval_commands(&origin)}</code></pre>
            <ul>{notes(t.lm_eval_notes())}</ul>
            {readme()}
        </section>
        <section id="lighteval" aria-labelledby="lighteval-h">
            <h2 id="lighteval-h">{t.lighteval_heading()}</h2>
            <p>{t.lighteval_intro()}</p>
            <p>{t.task_files_intro()} " " {task_links(&TASK_FILES[4..5])}</p>
            <pre tabindex="0" dir="ltr" lang="en"><code>{lighteval_commands(&origin)}</code></pre>
            <ul>{notes(t.lighteval_notes())}</ul>
            {readme()}
        </section>
        <section id="batch" aria-labelledby="batch-h">
            <h2 id="batch-h">{t.batch_heading()}</h2>
            <p>{t.batch_intro()}</p>
            <pre tabindex="0" dir="ltr" lang="en"><code>{BATCH_COMMANDS}</code></pre>
            <ul>{notes(t.batch_notes())}</ul>
        </section>
    }
}

#[component]
fn Examples(info: SubmitInfo, lang: Lang) -> impl IntoView {
    let t = text(lang);
    let origin = info.origin;
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
            <pre tabindex="0" dir="ltr" lang="en"><code>{cli_commands(&origin)}</code></pre>
            <p>{t.server_note()}</p>
            <p>{t.cli_format_note()}</p>
        </section>
        <section id="api" aria-labelledby="api-h">
            <h2 id="api-h">{t.api_heading()}</h2>
            <p>{t.api_intro()}</p>
            <pre tabindex="0" dir="ltr" lang="en"><code>{API_COMMANDS}</code></pre>
            <p>{t.api_fields()}</p>
            <p id="openapi">
                {t.api_description()} " " <a href=OPENAPI_PATH type="application/json"><code>"openapi.json"</code></a>
            </p>
        </section>
        <Tools origin lang />
        <section id="quota" aria-labelledby="quota-h">
            <h2 id="quota-h">{t.quota_heading()}</h2>
            <p id="quota-text">{t.quota(&daily, &total)}</p>
            {client_uploads.map(|text| view! { <p id="quota-client">{text}</p> })}
            {client_teams.map(|text| view! { <p id="quota-registrations">{text}</p> })}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::domain::extract::extract;
    use crate::domain::{PredictionFile, QuestionId};

    /// The protocol's number of the rule that decided.
    fn rule_number(rule: Rule) -> usize {
        match rule {
            Rule::LoneLetter => 1,
            Rule::AnswerField | Rule::FinalAnswer | Rule::AnswerPhrase => 2,
            Rule::LeadingLabel => 3,
            Rule::Bold => 4,
            Rule::BracketLabel => 5,
            Rule::OptionMention => 6,
            Rule::LetterLine => 7,
        }
    }

    fn arabic(s: &str) -> bool {
        s.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
    }

    fn groups() -> Vec<(&'static str, &'static [Example])> {
        let mut all = vec![("reasoning", REASONING), ("refusal", REFUSAL), ("weak", WEAK), ("unparsed", UNPARSED)];
        all.extend(RULES.iter().map(|cases| ("rule", *cases)));
        all
    }

    #[test]
    fn every_example_gives_what_the_page_says() {
        for (group, cases) in groups() {
            for e in cases {
                assert_eq!(extract(e.response), e.gives, "{group}: {:?}", e.response);
            }
        }
    }

    #[test]
    fn every_step_has_english_and_arabic_examples() {
        for (group, cases) in groups() {
            assert!(cases.iter().any(|e| arabic(e.response)), "{group}: no Arabic example");
            assert!(cases.iter().any(|e| !arabic(e.response)), "{group}: no English example");
        }
    }

    #[test]
    fn each_rule_is_shown_deciding_and_every_rule_of_the_code_is_shown() {
        for (i, cases) in RULES.iter().enumerate() {
            for e in *cases {
                let rule = match e.gives {
                    Extraction::Found(_, rule) | Extraction::Ambiguous(rule) => rule,
                    Extraction::NotFound => panic!("rule {}: {:?} decides nothing", i + 1, e.response),
                };
                assert_eq!(rule_number(rule), i + 1, "{:?}", e.response);
            }
        }
        let shown: Vec<Rule> = RULES
            .iter()
            .flat_map(|cases| cases.iter())
            .filter_map(|e| match e.gives {
                Extraction::Found(_, rule) => Some(rule),
                _ => None,
            })
            .collect();
        let every = [
            Rule::LoneLetter,
            Rule::AnswerField,
            Rule::FinalAnswer,
            Rule::AnswerPhrase,
            Rule::LeadingLabel,
            Rule::Bold,
            Rule::BracketLabel,
            Rule::OptionMention,
            Rule::LetterLine,
        ];
        for rule in every {
            assert!(shown.contains(&rule), "no example of {rule:?}");
        }
        // The steps that say a letter is not read show exactly that.
        for e in REFUSAL.iter().chain(UNPARSED) {
            assert_eq!(e.gives, Extraction::NotFound, "{:?}", e.response);
        }
        assert!(WEAK.iter().all(|e| matches!(e.gives, Extraction::Ambiguous(r) if rule_number(r) >= 4)));
    }

    #[test]
    fn both_languages_name_every_rule_and_every_format() {
        for lang in [Lang::En, Lang::Ar] {
            let t = text(lang);
            assert_eq!(t.extraction_rules().len(), RULES.len());
            for list in [t.format_tools(), t.format_questions(), t.format_choices()] {
                assert_eq!(list.len(), PredictionFormat::ALL.len());
            }
        }
        let rules = text(Lang::En).rules(size_limit(), MAX_PROBLEMS).join("\n");
        assert!(rules.contains(&format!("at most {} MiB", MAX_PREDICTION_BYTES >> 20)), "{rules}");
        assert!(rules.contains(&format!("the first {MAX_PROBLEMS}")), "{rules}");
    }

    #[test]
    fn every_linked_task_file_is_served() {
        let public = Path::new(env!("CARGO_MANIFEST_DIR")).join("../public");
        for path in TASK_FILES {
            assert!(public.join(path.trim_start_matches('/')).is_file(), "{path}");
        }
    }

    #[test]
    fn the_commands_fetch_this_sites_task_files_with_the_tested_versions() {
        let readme = include_str!("../../../public/tasks/README.md");
        let lm = lm_eval_commands("https://board.example");
        assert!(lm.contains("\"https://board.example/tasks/lm-eval/medarabench/$f\""), "{lm}");
        let files = "for f in medarabench.yaml medarabench_gen.yaml _default_template_yaml utils.py; do";
        assert!(lm.contains(files), "{lm}");
        let pin = format!("lm-eval[hf]=={LM_EVAL_VERSION}");
        assert!(lm.contains(&pin) && readme.contains(&pin), "{pin}");
        assert!(lm.contains("--include_path medarabench") && lm.contains("--log_samples"), "{lm}");
        assert!(lm.contains("medarabench submit") && lm.contains("samples_medarabench_2*.jsonl"), "{lm}");
        let le = lighteval_commands("https://board.example");
        assert!(le.contains("\"https://board.example/tasks/lighteval/medarabench.py\""), "{le}");
        let pin = format!("lighteval=={LIGHTEVAL_VERSION}");
        assert!(le.contains(&pin) && readme.contains(&pin), "{pin}");
        assert!(le.contains("--custom-tasks medarabench.py") && le.contains("--save-details"), "{le}");
        assert!(cli_commands("https://board.example").starts_with("export SERVER=https://board.example\n"));
    }

    #[test]
    fn the_custom_id_forms_the_page_shows_are_read() {
        for custom_id in ["17", "q17", "question_17", "q-17"] {
            let line = format!(
                r#"{{"custom_id": "{custom_id}", "response": {{"status_code": 200, "body": {{"choices": [{{"message": {{"content": "C"}}}}]}}}}}}"#
            );
            let file = PredictionFile::parse(line.as_bytes()).unwrap_or_else(|e| panic!("{custom_id}: {e}"));
            assert_eq!(file.format, PredictionFormat::OpenaiBatch);
            assert_eq!(file.rows[0].id, QuestionId::new(17).expect("id"), "{custom_id}");
            assert_eq!(file.rows[0].choice, Some(Letter::C));
        }
        assert!(BATCH_COMMANDS.contains("\"custom_id\": \"q17\""));
    }
}
