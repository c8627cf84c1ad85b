//! Every Arabic page, crawled: no English sentence in its visible text, and
//! no interval that could read reversed.
//!
//! An English sentence is three or more Latin words in a row (two letters
//! or more each, separated by spaces or commas) in a text node outside
//! `<code>`, `<kbd>`, `<pre>`, `<script>`, `<style>`, `<svg>`, `<title>`
//! and elements marked `lang="en"`, once the names of things are taken out:
//! the proper names in [`NAMES`], the models and teams the test created,
//! and glosses in parentheses that are Latin only ("(chain of thought)",
//! which name the English term beside its Arabic one).

use axum::http::StatusCode;
use scraper::{Html, Node};

use crate::harness::{Backend, PASSWORD, TestApp, session_from};

/// Proper names and technical terms that stay Latin in Arabic text.
const NAMES: &[&str] = &[
    "MedAraBench",
    "MedArabiQ",
    "JSON Lines",
    "Retry-After",
    "multipart/form-data",
    "Medical Specialty",
    "ICLR",
    "Cohen",
    "Wilson",
    "Holm",
    "McNemar",
    "Pearson",
    "QLoRA",
    "LoRA",
];

/// The team and models this test creates.
const TEAM: &str = "Rumman Lab";
const MODEL: &str = "Sidr Base Model";

/// Single English words that an Arabic page must not show as its own
/// text (outside a Latin gloss in parentheses): "Table" of "Table 4", and
/// the English names of every specialty and sub-specialty of the shipped
/// demo key.
fn english_names() -> Vec<&'static str> {
    let mut names = vec!["Table"];
    for (umbrella, _, subs) in app::domain::synthetic::SPECIALTIES {
        names.push(umbrella);
        names.extend(subs.iter().copied());
    }
    names
}

/// A key warning's code (`group_mismatch`...): a page says what the
/// warning means, never its code, in any element.
const WARNING_CODES: &[&str] = &[
    "group_mismatch",
    "duplicate_question",
    "conflicting_duplicate",
    "empty_question",
    "duplicate_options",
    "option_gap",
    "unusual_option_count",
    "missing_subspecialty",
    "answer_text_mismatch",
];

/// Three or more Latin words in a row in `text`, after the names and
/// glosses are removed; `None` when there are none.
fn english_run(text: &str) -> Option<String> {
    let cleaned = without_names_and_glosses(text);
    let mut run: Vec<&str> = Vec::new();
    let mut longest: Vec<&str> = Vec::new();
    for token in cleaned.split(|c: char| c.is_whitespace() || c == ',' || c == '\u{2068}' || c == '\u{2069}') {
        let word = token.trim_matches(|c: char| matches!(c, '.' | ':' | ';' | '“' | '”' | '"' | '!' | '?'));
        let latin_word = word.len() >= 2 && word.chars().all(|c| c.is_ascii_alphabetic() || c == '\'' || c == '-');
        if latin_word {
            run.push(word);
            if run.len() > longest.len() {
                longest = run.clone();
            }
        } else if !token.is_empty() {
            run.clear();
        }
    }
    (longest.len() >= 3).then(|| longest.join(" "))
}

/// The first of [`english_names`] that `text` shows outside a gloss.
fn english_name(text: &str) -> Option<&'static str> {
    let cleaned = without_names_and_glosses(text);
    let words: Vec<&str> = cleaned.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty()).collect();
    english_names().into_iter().find(|name| {
        let name_words: Vec<&str> = name.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| !w.is_empty()).collect();
        words.windows(name_words.len()).any(|w| w == name_words.as_slice())
    })
}

/// `text` with the proper names, the test's team and model, and Latin-only
/// glosses in parentheses taken out.
fn without_names_and_glosses(text: &str) -> String {
    let mut text = text.to_owned();
    for name in NAMES.iter().chain([&TEAM, &MODEL]) {
        text = text.replace(name, " ");
    }
    // Latin-only glosses in parentheses.
    let mut cleaned = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(open) = rest.find('(') {
        cleaned.push_str(&rest[..open]);
        let after = &rest[open..];
        match after.find(')') {
            Some(close) if !after[..close].chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)) => {
                cleaned.push(' ');
                rest = &after[close + 1..];
            }
            _ => {
                cleaned.push('(');
                rest = &after[1..];
            }
        }
    }
    cleaned.push_str(rest);
    cleaned
}

/// Elements whose text is not prose in the page's language.
fn skipped(name: &str) -> bool {
    matches!(name, "code" | "kbd" | "pre" | "script" | "style" | "svg" | "title")
}

/// The English runs in the visible text of an Arabic page, and the
/// intervals (`[0.590, 0.618]`) not isolated left-to-right.
fn problems(html: &str) -> Vec<String> {
    let doc = Html::parse_document(html);
    let mut found = Vec::new();
    for node in doc.tree.nodes() {
        let Node::Text(text) = node.value() else { continue };
        let mut hidden = false;
        let mut ltr = false;
        for ancestor in node.ancestors() {
            if let Some(el) = ancestor.value().as_element() {
                hidden |= skipped(el.name()) || el.attr("lang").is_some_and(|l| l != "ar");
                ltr |= el.name() == "bdi" || el.attr("dir") == Some("ltr");
            }
        }
        if let Some(code) = WARNING_CODES.iter().find(|c| text.contains(*c)) {
            found.push(format!("a warning's code {code:?} in {:?}", text.trim()));
        }
        if hidden {
            continue;
        }
        if let Some(run) = english_run(text) {
            found.push(format!("English: {run:?} in {:?}", text.trim()));
        }
        if let Some(name) = english_name(text) {
            found.push(format!("English name {name:?} in {:?}", text.trim()));
        }
        if let Some(start) = text.find('[') {
            let interval = &text[start..];
            let isolated = text[..start].ends_with(['\u{2066}', '\u{2068}']);
            if interval.contains(", ") && interval.contains(']') && !ltr && !isolated {
                found.push(format!("interval not isolated: {:?}", text.trim()));
            }
        }
    }
    found
}

/// Fetches `path` and returns its problems, prefixed with the path.
async fn crawl(app: &TestApp, path: &str, cookie: Option<&str>, expected: StatusCode) -> Vec<String> {
    let resp = match cookie {
        Some(cookie) => app.get_with_cookie(path, cookie).await,
        None => app.get(path).await,
    };
    assert_eq!(resp.status, expected, "{path}");
    assert!(resp.body.contains("<html lang=\"ar\" dir=\"rtl\""), "{path} is in Arabic");
    problems(&resp.body).into_iter().map(|p| format!("{path}: {p}")).collect()
}

/// A team registered through the form and signed in, with one verified
/// submission; returns its session and the submission's address.
async fn team_with_submission(app: &TestApp) -> (String, String) {
    let resp = app
        .post_form(
            "/auth/register",
            &[("name", TEAM), ("email", "r@rumman.example"), ("password", PASSWORD), ("lang", "ar")],
            None,
        )
        .await;
    let cookie = session_from(&resp).expect("a session");
    let predictions = TestApp::demo_predictions(0.6, 7);
    let done = app.upload_form(&cookie, &[("lang", "ar"), ("model_name", MODEL)], &predictions, false).await;
    let location = done.headers["location"].to_str().unwrap().to_owned();
    assert!(location.starts_with("/submissions/"), "{location}");
    (cookie, location)
}

crate::on_both_backends!(arabic_pages_have_no_english_sentence);

async fn arabic_pages_have_no_english_sentence(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (cookie, submission) = team_with_submission(&app).await;
    let mut found = Vec::new();
    for path in [
        "/",
        "/quality",
        "/adapting",
        "/medarabiq",
        "/dataset",
        "/submit",
        "/compare",
        "/signin",
        "/register",
        "/reset",
    ] {
        found.extend(crawl(&app, &format!("{path}?lang=ar"), None, StatusCode::OK).await);
    }
    for path in ["/upload?lang=ar", "/upload?error=client_quota_exceeded&lang=ar", "/team?lang=ar", &submission] {
        found.extend(crawl(&app, path, Some(&cookie), StatusCode::OK).await);
    }
    found.extend(crawl(&app, "/no-such-page?lang=ar", None, StatusCode::NOT_FOUND).await);
    found.extend(crawl(&app, "/reset?sent=1&lang=ar", None, StatusCode::OK).await);
    for path in ["/reset?token=mbr_gone&lang=ar", "/join?token=mbi_gone&lang=ar"] {
        found.extend(crawl(&app, path, None, StatusCode::NOT_FOUND).await);
    }
    // The operators' page, with a banner up, a submission hidden and a
    // team banned, and what its forms say after an action.
    let cli = |args: &[&str]| {
        let out = crate::cli::medarabench(args, Some(app.database_url()));
        assert!(out.status.success(), "{}", crate::cli::stderr(&out));
    };
    cli(&["operator", "grant", "r@rumman.example"]);
    cli(&[
        "operator",
        "announce",
        "--en",
        "Scores freeze on Friday",
        "--ar",
        "تُجمَّد النتائج يوم الجمعة",
        "--until",
        "2d",
    ]);
    let id = submission.trim_start_matches("/submissions/").split('?').next().unwrap().to_owned();
    cli(&["operator", "hide", &id, "--reason", "سبب الإخفاء"]);
    app.team_with_token("Nakhil Lab", "n@nakhil.example").await;
    cli(&["operator", "ban", "Nakhil Lab", "--reason", "سبب الحظر"]);
    for path in ["/operator?lang=ar", "/operator?done=changed&lang=ar", "/operator?error=invalid&lang=ar"] {
        found.extend(crawl(&app, path, Some(&cookie), StatusCode::OK).await);
    }
    found.extend(crawl(&app, "/signin?error=wrong_credentials,too_many_attempts&lang=ar", None, StatusCode::OK).await);
    found.extend(crawl(&app, "/register?error=registration_limit&lang=ar", None, StatusCode::OK).await);
    assert!(found.is_empty(), "{}", found.join("\n"));
    app.finish().await;
}

crate::on_both_backends!(arabic_key_reports_have_no_english_sentence);

/// The key report of `/quality` and `/dataset` with a key that has rejected
/// rows of every kind the official reader finds: each reason is an Arabic
/// sentence (not English marked `lang="en"`).
async fn arabic_key_reports_have_no_english_sentence(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let report = app.store_key("defective-key", &TestApp::defective_key_csv(), false).await;
    assert!(report.rejected.len() >= 8, "{:?}", report.rejected);
    let mut found = Vec::new();
    for path in ["/quality?lang=ar", "/dataset?lang=ar"] {
        found.extend(crawl(&app, path, None, StatusCode::OK).await);
        let page = app.get(path).await;
        let doc = Html::parse_document(&page.body);
        let cells = scraper::Selector::parse("#key-rejected tbody td[data-reasons]").unwrap();
        let reasons: Vec<String> = doc.select(&cells).map(|td| td.text().collect()).collect();
        assert_eq!(reasons.len(), report.rejected.len(), "{path}: every rejected row, worded from its codes");
        for reason in reasons {
            // The reasons are prose whatever element holds them.
            found.extend(english_run(&reason).map(|run| format!("{path}: English reason: {run:?} in {reason:?}")));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    app.finish().await;
}

/// The reasons of a refused file come from the server's session flash,
/// which keeps the refusal's code and arguments
/// (`app::i18n::form_errors::refusal_to_flash`), so the page words them in
/// its own language.
mod a_refused_upload_gives_its_reasons_in_arabic {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        super::a_refused_upload_gives_its_reasons_in_arabic(crate::harness::Backend::Sqlite).await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        super::a_refused_upload_gives_its_reasons_in_arabic(crate::harness::Backend::Postgres).await
    }
}

async fn a_refused_upload_gives_its_reasons_in_arabic(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (cookie, _) = team_with_submission(&app).await;
    let bad = "question_id,answer\n1,A\n1,B\n";
    let refused = app.upload_form(&cookie, &[("lang", "ar"), ("model_name", "Bad")], bad, false).await;
    let back = refused.headers["location"].to_str().unwrap().to_owned();
    assert_eq!(back, "/upload?error=upload_refused&lang=ar");
    let page = app.get_with_cookie(&back, &cookie).await;
    let doc = Html::parse_document(&page.body);
    let detail = doc
        .select(&scraper::Selector::parse("#form-error-detail").unwrap())
        .next()
        .map(|d| d.text().collect::<String>())
        .expect("the refusal's reasons");
    assert!(detail.contains('1'), "{detail}");
    let mut found = problems(&page.body);
    // The reasons are prose whatever element holds them.
    found.extend(english_run(&detail).map(|run| format!("English reason: {run:?} in {detail:?}")));
    assert!(found.is_empty(), "{}", found.join("\n"));
    app.finish().await;
}

#[test]
fn english_names_and_warning_codes_are_found_and_glosses_are_not() {
    assert_eq!(english_name("الورقة، Table 4"), Some("Table"));
    assert_eq!(english_name("علم الأنسجة (Histology)"), None);
    assert_eq!(english_name("Cell Biology"), Some("Cell Biology"));
    assert_eq!(english_name("Histology"), Some("Histology"));
    assert_eq!(english_name("Histologyx"), None);
    let page = "<html lang=\"ar\"><body><table><tr><th><code>group_mismatch</code></th><td>Genetics</td></tr></table></body></html>";
    let found = problems(page);
    assert!(found.iter().any(|p| p.contains("group_mismatch")), "{found:?}");
    assert!(found.iter().any(|p| p.contains("Genetics")), "{found:?}");
}

#[test]
fn english_runs_are_found_and_names_are_not() {
    assert_eq!(english_run("the file is empty").as_deref(), Some("the file is empty"));
    assert_eq!(english_run("line 3: duplicate question_id 7").as_deref(), None);
    assert_eq!(english_run("التفكير المتسلسل (chain of thought)"), None);
    assert_eq!(english_run("لوحة صدارة MedAraBench و JSON Lines"), None);
    assert_eq!(english_run("Upload and score"), Some("Upload and score".into()));
    assert!(problems("<html><body><p>[0.590, 0.618]</p></body></html>").len() == 1);
    assert!(problems("<html><body><p dir=\"ltr\">[0.590, 0.618]</p></body></html>").is_empty());
    assert!(problems("<html><body><code>cargo run the thing</code></body></html>").is_empty());
}
