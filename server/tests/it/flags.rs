//! Key-copy forensics (CONTRACT: submission objects and board rows carry
//! `flags`): an upload that is the answer key itself reproduces the key's
//! known defects and is flagged `reproduces_key_defects`; an upload nearly
//! identical to another team's weaker submission is flagged
//! `near_duplicate` naming it; model-like uploads are not flagged. Flags
//! show in the API object, the board's JSON and CSV and the pages, in both
//! languages, and never hide a submission.

use axum::http::StatusCode;
use scraper::{Html, Selector};
use serde_json::Value;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;
use app::domain::AnswerKey;
use app::domain::exposure::Exposure;
use app::domain::synthetic::{synthetic_key, synthetic_predictions};

on_both_backends!(
    a_copy_of_the_key_is_flagged_and_a_model_is_not,
    a_near_copy_of_another_teams_file_is_flagged,
    a_server_sees_near_copies_stored_through_another,
    a_flagged_row_is_unranked_until_an_operator_clears_it,
);

/// Rows of the synthetic key: an answer "E" on a four-option question every
/// 499 rows, so 1,600 rows have four known defects.
const ROWS: usize = 1_600;

/// Stores a synthetic key as the default, with `exposure`; returns its CSV
/// and the key.
async fn store_key(app: &TestApp, exposure: Exposure) -> (String, AnswerKey) {
    let csv = synthetic_key(ROWS, 11).csv;
    let key = app.store_synthetic_key("flags-key", &csv, exposure, None).await;
    (csv, key)
}

/// A prediction file giving every row's keyed letter, rejected rows
/// included: what uploading the key itself amounts to.
fn copy_of_key(csv: &str) -> String {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let (id, answer) = (column("Question Number"), column("Correct Answer"));
    let mut out = String::from("question_id,answer\n");
    for record in reader.records() {
        let record = record.unwrap();
        let letter = record[answer].trim().to_uppercase();
        if letter.len() == 1 && ("A"..="F").contains(&letter.as_str()) {
            out.push_str(&format!("{},{letter}\n", &record[id]));
        }
    }
    out
}

async fn upload(app: &TestApp, token: &str, model: &str, file: String) -> Value {
    let resp = app.upload_raw(token, &format!("model_name={model}"), file).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    resp.json()
}

/// The flag codes of a submission object or board row.
fn codes(v: &Value) -> Vec<String> {
    v["flags"]
        .as_array()
        .unwrap_or_else(|| panic!("flags is an array: {v}"))
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_owned())
        .collect()
}

/// The board row of submission `id` in the JSON, and its CSV `flags` cell.
async fn board_flags(app: &TestApp, id: &str) -> (Value, String) {
    let board: Value = app.get("/api/v1/leaderboard").await.json();
    let row =
        board["rows"].as_array().unwrap().iter().find(|r| r["submission_id"] == id).expect("on the board").clone();
    let csv = app.get("/api/v1/leaderboard.csv").await.body;
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let flags_column =
        headers.iter().position(|h| h == "flags").unwrap_or_else(|| panic!("a flags column: {headers:?}"));
    let id_column = headers.iter().position(|h| h == "submission_id").unwrap();
    let cell = reader
        .records()
        .map(Result::unwrap)
        .find(|r| &r[id_column] == id)
        .map(|r| r[flags_column].to_owned())
        .expect("in the CSV");
    (row, cell)
}

/// The flags the submission page and the board page show for `id` (model
/// `model`), in `lang`: the page's `data-flag`s with their badge text, and
/// the board badge's `data-flags` with its explanation (shown on a tap:
/// a `<details>`, never only a hover title).
async fn page_flags(
    app: &TestApp,
    id: &str,
    model: &str,
    lang: &str,
) -> (Vec<(String, String)>, Option<(String, String)>) {
    let page = Html::parse_document(&app.get(&format!("/submissions/{id}{lang}")).await.body);
    let items = page
        .select(&Selector::parse("#flags li[data-flag]").unwrap())
        .map(|li| {
            let badge = li.select(&Selector::parse(".badge-flag").unwrap()).next().expect("a badge");
            (li.value().attr("data-flag").unwrap().to_owned(), badge.text().collect::<String>())
        })
        .collect();
    let board = Html::parse_document(&app.get(&format!("/{lang}")).await.body);
    let selector = Selector::parse(&format!("tr[data-model='{model}'] details[data-flags]")).unwrap();
    let explanation = Selector::parse("summary.badge-flag + .explanation").unwrap();
    let badge = board.select(&selector).next().map(|b| {
        (
            b.value().attr("data-flags").unwrap_or_default().to_owned(),
            b.select(&explanation).next().map(|e| e.text().collect::<String>()).unwrap_or_default(),
        )
    });
    (items, badge)
}

fn is_arabic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))
}

async fn a_copy_of_the_key_is_flagged_and_a_model_is_not(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (csv, key) = store_key(&app, Exposure::Public).await;
    assert_eq!(key.canaries().len(), 4, "the synthetic key's defects");
    let token = app.team_with_token("Copiers", "c@copy.example").await;
    let copy = upload(&app, &token, "Copy-1B", copy_of_key(&csv)).await;
    assert_eq!(copy["accuracy"], 1.0, "the key scores itself perfectly: {copy}");
    assert_eq!(codes(&copy), ["reproduces_key_defects"], "{copy}");
    assert_eq!(copy["flags"][0]["message"], "reproduces 4 of 4 known key defects");
    let id = copy["id"].as_str().unwrap();
    let fetched = app
        .request(axum::http::Request::get(format!("/api/v1/submissions/{id}")).body(axum::body::Body::empty()).unwrap())
        .await
        .json();
    assert_eq!(fetched["flags"], copy["flags"], "stored with it: {fetched}");

    let honest = app.team_with_token("Honest", "h@honest.example").await;
    let model = upload(&app, &honest, "Model-7B", synthetic_predictions(&key, 0.65, 3)).await;
    assert_eq!(codes(&model), Vec::<String>::new(), "a model reproduces no defect: {model}");

    // The board: the flagged row is shown, with its flag; the other has none.
    let (row, cell) = board_flags(&app, id).await;
    assert_eq!(codes(&row), ["reproduces_key_defects"]);
    assert_eq!(cell, "reproduces_key_defects");
    let (row, cell) = board_flags(&app, model["id"].as_str().unwrap()).await;
    assert_eq!((codes(&row), cell), (vec![], String::new()));

    for lang in ["", "?lang=ar"] {
        let (items, badge) = page_flags(&app, id, "Copy-1B", lang).await;
        assert_eq!(items.len(), 1, "one flag on the page{lang}: {items:?}");
        assert_eq!(items[0].0, "reproduces_key_defects");
        assert!(items[0].1.contains('4'), "with its counts{lang}: {items:?}");
        let (flags, title) = badge.expect("a badge on the board row");
        assert_eq!(flags, "reproduces_key_defects");
        assert_eq!(is_arabic(&items[0].1), !lang.is_empty(), "{}", items[0].1);
        assert_eq!(is_arabic(&title), !lang.is_empty(), "{title}");
        let (items, badge) = page_flags(&app, model["id"].as_str().unwrap(), "Model-7B", lang).await;
        assert!(items.is_empty() && badge.is_none(), "no flag for the model{lang}");
    }
    app.finish().await;

    // On a held-out key no flag is shown anywhere until the key is
    // revealed (whether one fired would tell about the key); then it is,
    // with its counts.
    let Some(app) = TestApp::start(backend).await else { return };
    let (csv, _) = store_key(&app, Exposure::HeldOut).await;
    let token = app.team_with_token("Copiers", "c@copy.example").await;
    let copy = upload(&app, &token, "Copy-1B", copy_of_key(&csv)).await;
    let id = copy["id"].as_str().unwrap().to_owned();
    assert_eq!(codes(&copy), Vec::<String>::new(), "{copy}");
    let (row, _) = board_flags(&app, &id).await;
    assert_eq!(row["flags"], serde_json::json!([]), "{row}");
    for lang in ["", "?lang=ar"] {
        let (items, badge) = page_flags(&app, &id, "Copy-1B", lang).await;
        assert!(items.is_empty() && badge.is_none(), "no flag{lang}: {items:?}");
        // Nor anywhere else in the page: the board does not hydrate, so it
        // carries no copy of its data for that.
        let body = app.get(&format!("/{lang}")).await.body;
        assert!(!body.contains("__RESOLVED_RESOURCES[") && !body.contains("reproduce"), "{lang}");
    }
    app::db::keys::reveal(&app.state.db, "flags-key", None).await.unwrap();
    let (row, _) = board_flags(&app, &id).await;
    assert_eq!(row["flags"][0]["code"], "reproduces_key_defects", "shown at reveal: {row}");
    let (items, _) = page_flags(&app, &id, "Copy-1B", "").await;
    assert!(items.len() == 1 && items[0].1.contains('4'), "with its counts at reveal: {items:?}");
    app.finish().await;
}

/// `file` with every `every`-th answer changed: over 99% the same letters.
pub(crate) fn near_copy(file: &str, every: usize) -> String {
    file.lines()
        .enumerate()
        .map(|(i, line)| match line.split_once(',') {
            Some((id, letter)) if i > 0 && i % every == 0 => {
                format!("{id},{}\n", if letter == "A" { "B" } else { "A" })
            }
            _ => format!("{line}\n"),
        })
        .collect()
}

async fn a_near_copy_of_another_teams_file_is_flagged(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (_, key) = store_key(&app, Exposure::Public).await;
    let first_file = synthetic_predictions(&key, 0.65, 21);
    let a = app.team_with_token("Original", "o@orig.example").await;
    let first = upload(&app, &a, "Orig-7B", first_file.clone()).await;
    assert_eq!(codes(&first), Vec::<String>::new(), "{first}");
    let first_id = first["id"].as_str().unwrap();

    let near_file = near_copy(&first_file, 200);
    assert_ne!(near_file, first_file);
    let b = app.team_with_token("Borrowers", "b@borrow.example").await;
    let near = upload(&app, &b, "Borrowed-7B", near_file).await;
    assert_eq!(codes(&near), ["near_duplicate"], "{near}");
    assert_eq!(near["flags"][0]["message"], format!("nearly duplicates submission {first_id}"));

    // An independent model of the same accuracy is not flagged.
    let c = app.team_with_token("Independent", "i@ind.example").await;
    let independent = upload(&app, &c, "Own-7B", synthetic_predictions(&key, 0.65, 22)).await;
    assert_eq!(codes(&independent), Vec::<String>::new(), "{independent}");

    let near_id = near["id"].as_str().unwrap();
    let (row, cell) = board_flags(&app, near_id).await;
    assert_eq!((codes(&row), cell), (vec!["near_duplicate".to_owned()], "near_duplicate".to_owned()));
    let (row, _) = board_flags(&app, first_id).await;
    assert_eq!(codes(&row), Vec::<String>::new(), "the original is not flagged");
    for lang in ["", "?lang=ar"] {
        let (items, badge) = page_flags(&app, near_id, "Borrowed-7B", lang).await;
        assert_eq!(items.iter().map(|i| i.0.as_str()).collect::<Vec<_>>(), ["near_duplicate"], "{lang}");
        assert!(items[0].1.contains(first_id), "names the other{lang}: {items:?}");
        assert_eq!(is_arabic(&items[0].1), !lang.is_empty(), "{}", items[0].1);
        assert_eq!(badge.expect("a board badge").0, "near_duplicate");
    }
    app.finish().await;
}

/// A flagged row stays on the board without a rank until an operator
/// clears its flags (then no surface shows them, and it is ranked); a
/// near-duplicate names the other submission only where the viewer may
/// open it.
async fn a_flagged_row_is_unranked_until_an_operator_clears_it(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (_, key) = store_key(&app, Exposure::Public).await;
    let first_file = synthetic_predictions(&key, 0.65, 41);
    let a = app.team_with_token("Original", "o@orig.example").await;
    let first = upload(&app, &a, "Orig-7B", first_file.clone()).await;
    let first_id = first["id"].as_str().unwrap().to_owned();
    let b = app.team_with_token("Borrowers", "b@borrow.example").await;
    let near = upload(&app, &b, "Borrowed-7B", near_copy(&first_file, 200)).await;
    assert_eq!(codes(&near), ["near_duplicate"], "{near}");
    let near_id = near["id"].as_str().unwrap().to_owned();
    let rank = |row: &Value| row["rank_best"].as_u64();

    // Flagged: on the board, not ranked; the original is.
    let (row, _) = board_flags(&app, &near_id).await;
    assert_eq!((codes(&row), rank(&row)), (vec!["near_duplicate".to_owned()], None), "{row}");
    assert!(rank(&board_flags(&app, &first_id).await.0).is_some(), "the original is ranked");
    let board = app.get("/").await.body;
    let row_html = crate::harness::section(&board, "data-model=\"Borrowed-7B\"", "</tr>");
    assert!(row_html.contains("not ranked") && row_html.contains("details"), "{row_html}");

    // The original hidden by the operators: nobody may open it, so no
    // page names it; the flag still says what it is.
    let cli = |args: &[&str]| crate::cli::medarabench(args, Some(app.database_url()));
    assert!(cli(&["operator", "hide", &first_id, "--reason", "a test"]).status.success());
    for page in [app.get(&format!("/submissions/{near_id}")).await.body, app.get("/").await.body] {
        assert!(!page.contains(&first_id), "the hidden original is not named");
        assert!(page.contains("nearly duplicates another team"), "the flag says what it found");
    }
    let api: Value = app.get(&format!("/api/v1/submissions/{near_id}")).await.json();
    assert_eq!(api["flags"][0]["message"], "nearly duplicates another team's submission", "{api}");
    assert!(cli(&["operator", "restore", &first_id]).status.success());
    assert!(app.get(&format!("/submissions/{near_id}")).await.body.contains(&first_id), "named again");

    // Reviewed and cleared: no flag anywhere, and ranked.
    let cleared = cli(&["operator", "clear-flags", &near_id, "--reason", "both teams trained on one public model"]);
    assert!(cleared.status.success(), "{}", crate::cli::stderr(&cleared));
    let (row, cell) = board_flags(&app, &near_id).await;
    assert_eq!((codes(&row), cell.as_str()), (vec![], ""), "{row}");
    assert!(rank(&row).is_some(), "ranked once cleared: {row}");
    let page = app.get(&format!("/submissions/{near_id}")).await.body;
    assert!(!page.contains("id=\"flags\""), "no flag on its page");
    let api: Value = app.get(&format!("/api/v1/submissions/{near_id}")).await.json();
    assert_eq!(api["flags"], serde_json::json!([]), "{api}");
    let audit = cli(&["operator", "audit", "--event", "flags_cleared", "--json"]);
    let audit = String::from_utf8_lossy(&audit.stdout);
    assert!(audit.contains(&near_id) && audit.contains("one public model"), "{audit}");
    // Clearing again changes nothing; a submission without flags has none to clear.
    assert!(cli(&["operator", "clear-flags", &near_id, "--reason", "again"]).status.success());
    assert!(!cli(&["operator", "clear-flags", &first_id, "--reason", "x"]).status.success());

    // Shown again: unranked again.
    assert!(cli(&["operator", "restore-flags", &near_id]).status.success());
    let (row, _) = board_flags(&app, &near_id).await;
    assert_eq!((codes(&row), rank(&row)), (vec!["near_duplicate".to_owned()], None), "{row}");
    app.finish().await;
}

/// Servers behind a load balancer share the near-duplicate index in the
/// database: a near copy is flagged whichever server stored the original.
async fn a_server_sees_near_copies_stored_through_another(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let (_, key) = store_key(&app, Exposure::Public).await;
    let other = app.second_process().await;
    let a = app.team_with_token("First", "f@first.example").await;
    let b = app.team_with_token("Second", "s@second.example").await;
    let c = app.team_with_token("Third", "t@third.example").await;
    let original = synthetic_predictions(&key, 0.6, 31);
    // This server stores the original...
    let first = upload(&app, &a, "First-7B", original.clone()).await;
    assert_eq!(codes(&first), Vec::<String>::new(), "{first}");
    // ...the other stores a near copy of it, which it finds...
    let near = upload(&other, &b, "Second-7B", near_copy(&original, 150)).await;
    assert_eq!(codes(&near), ["near_duplicate"], "{near}");
    assert_eq!(near["flags"][0]["message"], format!("nearly duplicates submission {}", first["id"].as_str().unwrap()));
    // ...and this server finds the other's copy closest to a third.
    let third = upload(&app, &c, "Third-7B", near_copy(&original, 150)).await;
    assert_eq!(codes(&third), ["near_duplicate"], "{third}");
    assert_eq!(third["flags"][0]["message"], format!("nearly duplicates submission {}", near["id"].as_str().unwrap()));
    other.finish().await;
    app.finish().await;
}
