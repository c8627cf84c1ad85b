//! Key versions and errata through the real binary: `keys import FILE
//! --supersedes NAME` stores a corrected key and scores every stored
//! submission of NAME on it again; a crash mid-way resumes without double
//! counting; submissions stored before predictions were kept are reported
//! and keep their score; the board, the API object, the submission page
//! and the quality page follow.

use std::collections::{BTreeMap, HashMap};

use app::domain::synthetic::{synthetic_key, synthetic_predictions, with_answers};
use app::domain::{AnswerKey, Benchmark, Letter, PredictionFile, parse_key};
use axum::http::StatusCode;

use crate::cli::{Files, medarabench, s, stderr, stdout_json};
use crate::harness::{Backend, TestApp, without_markers};
use crate::on_both_backends;

/// Submissions on the key that gets corrected (more than one batch).
const ON_KEY: usize = 58;
/// Of those, how many are made to look stored before predictions were kept.
const OLD_ROWS: usize = 2;

fn parsed(csv: &str) -> AnswerKey {
    parse_key(Benchmark::MedAraBench, csv.as_bytes()).unwrap().key
}

/// The letter a prediction file gives each question.
fn letters(file: &str) -> HashMap<u32, Option<Letter>> {
    PredictionFile::parse(file.as_bytes()).unwrap().rows.iter().map(|p| (p.id.get(), p.choice)).collect()
}

/// What `changes` (new answers of v1's scoreable questions) do to the
/// correct count of the submission of `file`: +1 where the file gives the
/// new answer, -1 where it gave the old one.
fn expected_delta(v1: &AnswerKey, changes: &BTreeMap<u32, Letter>, file: &str) -> i64 {
    let given = letters(file);
    changes
        .iter()
        .map(|(id, new)| {
            let old = v1.items().iter().find(|it| it.id.get() == *id).unwrap().answer;
            let g = given.get(id).copied().flatten();
            i64::from(g == Some(*new)) - i64::from(g == Some(old))
        })
        .sum()
}

/// Every stored row of `submission_scores`: (submission, key, correct).
async fn score_rows(app: &TestApp) -> Vec<(i64, i64, i64)> {
    sqlx::query_as("SELECT submission_id, key_id, correct FROM submission_scores ORDER BY submission_id, key_id")
        .fetch_all(app.state.db.pool())
        .await
        .unwrap()
}

/// What the board and the API show of every submission.
async fn shown(app: &TestApp) -> Vec<(String, i64, i64, f64, String)> {
    sqlx::query_as("SELECT public_id, key_id, correct, accuracy, scorecard_json FROM submissions ORDER BY id")
        .fetch_all(app.state.db.pool())
        .await
        .unwrap()
}

async fn key_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM answer_keys").fetch_one(app.state.db.pool()).await.unwrap()
}

on_both_backends!(an_erratum_rescores_every_submission_once);

async fn an_erratum_rescores_every_submission_once(backend: Backend) {
    let Some(app) = TestApp::start_with(backend, |c| {
        c.daily_quota = 1000;
        c.total_quota = 1000;
        c.writes_per_minute = 10_000;
    })
    .await
    else {
        return;
    };
    let url = app.database_url().to_owned();
    let files = Files::new();
    let token = app.team_with_token("Errata Lab", "lead@errata.example").await;

    // One submission on the demo key: another key, never touched.
    let demo_file = TestApp::demo_predictions(0.6, 1);
    let resp = app.upload_raw(&token, "model_name=Demo-1", demo_file).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let on_demo = resp.json()["id"].as_str().unwrap().to_owned();

    // Version 1 of the key, then submissions on it.
    let v1_csv = synthetic_key(300, 8).csv;
    let v1 = parsed(&v1_csv);
    let out = medarabench(&["keys", "import", s(&files.write("v1.csv", &v1_csv)), "--name", "base"], Some(&url));
    assert!(out.status.success(), "{}", stderr(&out));
    let mut uploaded: Vec<(String, String)> = Vec::new();
    for i in 0..ON_KEY {
        let file = synthetic_predictions(&v1, 0.3 + (i as f64) / 100.0, 100 + i as u64);
        let resp = app.upload_raw(&token, &format!("model_name=Model-{i}"), file.clone()).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        uploaded.push((resp.json()["id"].as_str().unwrap().to_owned(), file));
    }
    // The first two look like rows stored before predictions were kept.
    let old: Vec<&str> = uploaded[..OLD_ROWS].iter().map(|(id, _)| id.as_str()).collect();
    for id in &old {
        sqlx::query("UPDATE submissions SET predictions = NULL, predictions_key_id = NULL WHERE public_id = $1")
            .bind(*id)
            .execute(app.state.db.pool())
            .await
            .unwrap();
    }
    let before: HashMap<String, i64> =
        shown(&app).await.into_iter().map(|(id, _, correct, _, _)| (id, correct)).collect();

    // Version 2: k answers changed (each to another letter its question
    // offers), computed against each submission's own file below.
    let mut changes: BTreeMap<u32, Letter> = BTreeMap::new();
    for item in v1.items().iter().step_by(37).take(7) {
        let other = Letter::ALL[..usize::from(item.options)].iter().copied().find(|l| *l != item.answer).unwrap();
        changes.insert(item.id.get(), other);
    }
    let v2_csv = with_answers(&v1_csv, &changes.iter().map(|(id, l)| (*id, l.to_string())).collect());
    let v2_path = files.write("v2.csv", &v2_csv);
    let import_v2 = ["keys", "import", s(&v2_path), "--supersedes", "base", "--json"];

    // A crash mid-way: the process stops after 53 submissions are written,
    // 50 of them (one batch) committed.
    let mut crash = crate::cli::command(&import_v2, Some(&url));
    let crashed = crash.env(server::cli::keys::ABORT_AFTER_ENV, "53").output().unwrap();
    assert_eq!(crashed.status.code(), Some(70), "{}", stderr(&crashed));
    let v2_id: i64 = sqlx::query_scalar("SELECT id FROM answer_keys WHERE name = 'base v2'")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    let on_v2 = |rows: &[(i64, i64, i64)]| rows.iter().filter(|r| r.1 == v2_id).count();
    assert_eq!(on_v2(&score_rows(&app).await), 50, "the committed batch only");

    // The rerun finishes the rest and reports the old rows.
    let out = medarabench(&import_v2, Some(&url));
    let doc = stdout_json(&out);
    let err = stderr(&out);
    assert!(err.contains("already version 2"), "{err}");
    assert!(err.contains("re-scored 6 submission(s) on version 2"), "{err}");
    assert!(err.contains("2 submission(s) not re-scorable") && err.contains(old[0]) && err.contains(old[1]), "{err}");
    assert_eq!(doc["rescore"]["rescored"], 6);
    assert_eq!(doc["rescore"]["scored_on_version"], (ON_KEY - OLD_ROWS) as i64);
    assert_eq!(doc["rescore"]["not_rescorable"].as_array().unwrap().len(), OLD_ROWS);
    assert_eq!(doc["stored"]["version"], 2);

    // Exactly one score per submission and version; every re-scored
    // submission moved by what its file says, the others did not move.
    let rows = score_rows(&app).await;
    assert_eq!(rows.len(), 1 + ON_KEY + (ON_KEY - OLD_ROWS), "one row per submission and version: {rows:?}");
    let now: HashMap<String, (i64, i64)> =
        shown(&app).await.into_iter().map(|(id, key, correct, _, _)| (id, (key, correct))).collect();
    let mut moved = 0;
    for (id, file) in &uploaded {
        let delta = if old.contains(&id.as_str()) { 0 } else { expected_delta(&v1, &changes, file) };
        assert_eq!(now[id].1, before[id] + delta, "{id}");
        moved += usize::from(delta != 0);
        let api = app.get(&format!("/api/v1/submissions/{id}")).await.json();
        assert_eq!(api["correct"], now[id].1);
        let versions = api["versions"].as_array().unwrap();
        assert_eq!(versions.len(), 2, "{api}");
        assert_eq!(versions[0]["score"]["correct"], before[id]);
        if old.contains(&id.as_str()) {
            assert_eq!(api["rescorable"], false);
            assert!(versions[1]["score"].is_null() && versions[0]["current"] == true);
            assert_eq!(now[id].0, api_key_id(&app, "base").await, "kept on version 1");
        } else {
            assert_eq!(api["rescorable"], true);
            assert_eq!(versions[1]["score"]["correct"], before[id] + delta);
            assert_eq!(versions[1]["current"], true);
            assert_eq!(now[id].0, v2_id);
        }
    }
    assert!(moved > 10, "the erratum moves most scores ({moved})");
    assert_eq!(now[&on_demo], (api_key_id(&app, server::cli::serve::DEMO_KEY_NAME).await, before[&on_demo]));

    // The board marks the old rows; the submission page lists both versions.
    let board = app.get("/api/v1/leaderboard").await.json();
    for row in board["rows"].as_array().unwrap().iter().filter(|r| r["source"] == "verified") {
        let id = row["submission_id"].as_str().unwrap();
        assert_eq!(row["key_superseded"], old.contains(&id), "{row}");
    }
    let page = without_markers(&app.get(&format!("/submissions/{}", uploaded[5].0)).await.body);
    let html = scraper::Html::parse_document(&page);
    let versions = scraper::Selector::parse("#key-versions tbody tr").unwrap();
    let cells: Vec<String> = html.select(&versions).map(|r| r.text().collect::<String>()).collect();
    assert_eq!(cells.len(), 2, "{page}");
    assert!(cells[1].contains(&(before[&uploaded[5].0] + expected_delta(&v1, &changes, &uploaded[5].1)).to_string()));
    let old_page = without_markers(&app.get(&format!("/submissions/{}", old[0])).await.body);
    assert!(
        scraper::Html::parse_document(&old_page)
            .select(&scraper::Selector::parse("#not-rescorable").unwrap())
            .next()
            .is_some()
    );

    // The quality page lists each changed id with its reason, no answers.
    let quality = without_markers(&app.get("/quality").await.body);
    let html = scraper::Html::parse_document(&quality);
    let listed = scraper::Selector::parse("#errata tbody tr").unwrap();
    let rows: Vec<(String, String)> = html
        .select(&listed)
        .map(|r| {
            let cells: Vec<String> = r.text().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned).collect();
            (cells[0].clone(), cells[1..].join(" "))
        })
        .collect();
    let expected: Vec<String> = changes.keys().map(u32::to_string).collect();
    assert_eq!(rows.iter().map(|r| r.0.clone()).collect::<Vec<_>>(), expected, "{quality}");
    assert!(rows.iter().all(|r| r.1.contains("answer changed")), "{rows:?}");

    // A rerun after completion changes nothing.
    let (scores, submissions) = (score_rows(&app).await, shown(&app).await);
    let out = medarabench(&import_v2, Some(&url));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("re-scored 0 submission(s)"), "{}", stderr(&out));
    assert_eq!((score_rows(&app).await, shown(&app).await), (scores, submissions));

    // An unknown name, and a key of another benchmark: refused, nothing stored.
    let keys = key_count(&app).await;
    let v3 = files.write("v3.csv", with_answers(&v1_csv, &BTreeMap::from([(v1.items()[0].id.get(), String::new())])));
    let out = medarabench(&["keys", "import", s(&v3), "--supersedes", "no-such-key"], Some(&url));
    assert!(!out.status.success());
    assert!(stderr(&out).contains("no stored key is named \"no-such-key\""), "{}", stderr(&out));
    assert_eq!(stderr(&out).trim().lines().count(), 1, "one line: {}", stderr(&out));
    let medarabiq = files.write("iq.csv", app::domain::synthetic::synthetic_medarabiq(40, 2));
    let out =
        medarabench(&["keys", "import", s(&medarabiq), "--benchmark", "medarabiq", "--supersedes", "base"], Some(&url));
    assert!(!out.status.success());
    assert!(stderr(&out).contains("is a medarabench key"), "{}", stderr(&out));
    assert_eq!(stderr(&out).trim().lines().count(), 1, "one line: {}", stderr(&out));
    assert_eq!(key_count(&app).await, keys, "nothing stored");
    app.finish().await;
}

async fn api_key_id(app: &TestApp, name: &str) -> i64 {
    sqlx::query_scalar("SELECT id FROM answer_keys WHERE name = $1")
        .bind(name)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap_or_else(|e| panic!("key {name}: {e}"))
}
