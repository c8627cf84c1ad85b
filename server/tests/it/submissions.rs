//! Uploads through the API: scored at once like the CLI, refused files
//! change nothing, the quota holds under concurrency, privacy holds.

use std::process::Command;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::Value;

use crate::harness::{Backend, TestApp, multipart_body};
use crate::on_both_backends;

on_both_backends!(
    upload_scores_like_the_cli,
    multipart_upload_with_protocol_card,
    malformed_files_are_refused_and_change_nothing,
    quota_holds_under_fifty_concurrent_uploads,
    private_submissions_stay_private,
    leaderboard_lists_verified_submissions,
    a_temperature_given_or_not_in_any_order,
    the_upload_answers_with_the_submission_as_stored,
);

async fn upload_scores_like_the_cli(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Cedars", "lead@cedars.example").await;
    let preds = TestApp::demo_predictions(0.6, 1);

    let resp = app.upload_raw(&token, "model_name=Cedar-7B", preds.clone()).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let sub = resp.json();

    // The same file scored offline by the CLI against the same key.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("key.csv"), TestApp::demo_key_csv()).unwrap();
    std::fs::write(dir.path().join("preds.csv"), &preds).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_medarabench"))
        .args(["score", "--keys"])
        .arg(dir.path().join("key.csv"))
        .arg("--predictions")
        .arg(dir.path().join("preds.csv"))
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    for field in [
        "accuracy",
        "correct",
        "total",
        "missing",
        "unparsed",
        "ignored",
        "ci95",
        "by_specialty",
        "by_level",
        "by_options",
    ] {
        assert_eq!(sub[field], cli[field], "{field} differs between the API and the CLI");
    }
    assert_eq!(sub["scores"]["correct"], cli["correct"]);
    assert_eq!(sub["model_name"], "Cedar-7B");
    assert_eq!(sub["team"], "Cedars");
    assert_eq!(sub["key"]["synthetic"], true);
    assert_eq!(sub["quota"]["daily_remaining"], 4);
    assert_eq!(app.submission_count().await, 1);

    // Readable by id, and listed for the team with the quota left.
    let id = sub["id"].as_str().unwrap();
    let one = app.get(&format!("/api/v1/submissions/{id}")).await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.json()["correct"], cli["correct"]);
    let list = app
        .request(
            Request::get("/api/v1/submissions")
                .header("authorization", format!("Bearer {token}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(list.status, StatusCode::OK);
    let list = list.json();
    assert_eq!(list["submissions"].as_array().unwrap().len(), 1);
    assert_eq!(list["quota"]["daily_remaining"], 4);

    // The result page says plainly that the key is synthetic, with n and CI.
    let page = app.get(&format!("/submissions/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("synthetic demo key"), "{}", page.body);
    assert!(page.body.contains(&format!("{:.3}", cli["accuracy"].as_f64().unwrap())));
    assert!(page.body.contains("95% CI"));
    app.finish().await;
}

async fn multipart_upload_with_protocol_card(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Palms", "a@palms.example").await;
    let preds = TestApp::demo_predictions(0.4, 2);
    let (ctype, body) = multipart_body(
        &[
            ("model_name", "Palm-8B"),
            ("model_url", "https://example.org/palm"),
            ("prompt_language", "ar"),
            ("shots", "3"),
            ("temperature", "0"),
            ("chain_of_thought", "no"),
            ("contamination", "none"),
        ],
        Some(("preds.csv", preds.as_bytes())),
    );
    let resp = app
        .request(
            Request::post("/api/v1/submissions")
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", ctype)
                .body(Body::from(body))
                .unwrap(),
        )
        .await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let sub = resp.json();
    assert_eq!(sub["protocol"]["prompt_language"], "ar");
    assert_eq!(sub["protocol"]["shots"], 3);
    assert_eq!(sub["contamination"], "none");
    assert_eq!(sub["model_url"], "https://example.org/palm");

    // Invalid metadata is refused naming each field, and stores nothing.
    let (ctype, body) = multipart_body(&[("model_name", ""), ("shots", "-2")], Some(("p.csv", preds.as_bytes())));
    let resp = app
        .request(
            Request::post("/api/v1/submissions")
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", ctype)
                .body(Body::from(body))
                .unwrap(),
        )
        .await;
    assert_eq!(resp.status, StatusCode::BAD_REQUEST);
    let details = resp.json()["error"]["details"].clone();
    let fields: Vec<&str> = details.as_array().unwrap().iter().map(|d| d["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["model_name", "shots"]);
    assert_eq!(app.submission_count().await, 1);
    app.finish().await;
}

/// Malformed files: each must be refused with a 4xx whose message names
/// the problem, and leave the submission count and the quota unchanged.
fn malformed_files(valid_id: u32) -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let id = valid_id;
    let long_line = format!("question_id,answer\n{id},{}\n", "A".repeat(1_100_000));
    let mut nul = format!("question_id,answer\n{id},A\n").into_bytes();
    nul.insert(22, 0);
    vec![
        ("empty file", vec![], "empty"),
        ("only a BOM", b"\xEF\xBB\xBF".to_vec(), "empty"),
        ("only whitespace", b"   \n\n  \n".to_vec(), ""),
        ("header only", b"question_id,answer\n".to_vec(), ""),
        ("wrong header", format!("id,letter\n{id},A\n").into_bytes(), "header"),
        ("missing answer column", format!("question_id\n{id}\n").into_bytes(), "answer"),
        ("tab separated", format!("question_id\tanswer\n{id}\tA\n").into_bytes(), ""),
        (
            "bad UTF-8",
            [b"question_id,answer\n".as_slice(), format!("{id},").as_bytes(), b"\xC3\x28\n"].concat(),
            "UTF-8",
        ),
        ("UTF-16 file", b"\xFF\xFEq\x00u\x00e\x00s\x00".to_vec(), ""),
        ("NUL byte", nul, "NUL"),
        ("duplicate ids", format!("question_id,answer\n{id},A\n{id},B\n").into_bytes(), "duplicate"),
        ("unknown id", "question_id,answer\n987654,A\n".into(), "987654"),
        ("unknown id beside a bad letter", format!("question_id,answer\n{id},Z\n987654,A\n").into_bytes(), "987654"),
        ("id zero", "question_id,answer\n0,A\n".into(), ""),
        ("negative id", "question_id,answer\n-3,A\n".into(), ""),
        ("non-numeric id", "question_id,answer\nabc,A\n".into(), ""),
        ("fractional id", "question_id,answer\n1.5,A\n".into(), ""),
        ("empty id", "question_id,answer\n,A\n".into(), ""),
        ("answer not a letter", format!("question_id,answer\n{id},Z\n").into_bytes(), ""),
        ("two letters", format!("question_id,answer\n{id},AB\n").into_bytes(), ""),
        ("answer is a number", format!("question_id,answer\n{id},3\n").into_bytes(), ""),
        ("huge line", long_line.into_bytes(), ""),
        ("binary file (PNG)", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00".to_vec(), "not a text file"),
        ("gzip bytes", b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\x48\xcd\xc9\xc9\x07\x00".to_vec(), ""),
        ("unbalanced quote", format!("question_id,answer\n\"{id},A\n").into_bytes(), ""),
        (
            "truncated JSONL",
            format!("{{\"question_id\": {id}, \"answer\": \"A\"}}\n{{\"question_id\": 2, \"ans").into_bytes(),
            "",
        ),
        ("JSONL not an object", "[1, \"A\"]\n".into(), ""),
        ("JSONL missing id", "{\"answer\": \"A\"}\n".into(), ""),
        ("JSONL id is an object", "{\"question_id\": {\"x\": 1}, \"answer\": \"A\"}\n".into(), ""),
        ("JSONL answer is a number", format!("{{\"question_id\": {id}, \"answer\": 1}}\n").into_bytes(), ""),
        ("JSONL neither answer nor response", format!("{{\"question_id\": {id}}}\n").into_bytes(), ""),
        (
            "JSONL duplicate ids",
            format!("{{\"question_id\": {id}, \"answer\": \"A\"}}\n{{\"question_id\": {id}, \"answer\": \"B\"}}\n")
                .into_bytes(),
            "duplicate",
        ),
        ("JSON array instead of lines", format!("[{{\"question_id\": {id}, \"answer\": \"A\"}}]").into_bytes(), ""),
        ("XML", b"<?xml version=\"1.0\"?><answers><a id=\"1\">A</a></answers>".to_vec(), ""),
        ("HTML", b"<html><body>question_id,answer</body></html>".to_vec(), ""),
        ("duplicate header columns", format!("question_id,answer,answer\n{id},A,B\n").into_bytes(), ""),
    ]
}

async fn malformed_files_are_refused_and_change_nothing(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Refusals", "r@refusals.example").await;
    let key =
        app::domain::parse_key(app::domain::Benchmark::MedAraBench, TestApp::demo_key_csv().as_bytes()).unwrap().key;
    let valid_id = key.items()[0].id.get();
    let cases = malformed_files(valid_id);
    assert!(cases.len() >= 30);
    for (what, bytes, must_mention) in cases {
        let resp = app.upload_raw(&token, "model_name=m", bytes).await;
        assert!(resp.status.is_client_error(), "{what}: expected 4xx, got {} {}", resp.status, resp.body);
        let err = resp.json();
        let message = err["error"]["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{what}: no message");
        assert!(message.contains(must_mention), "{what}: message {message:?} should mention {must_mention:?}");
    }
    // Over the size limit: 413.
    let big = vec![b'a'; app.state.config.upload_limit + 10];
    let resp = app.upload_raw(&token, "model_name=m", big).await;
    assert_eq!(resp.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", resp.body);
    // No file at all.
    let resp = app.upload_raw(&token, "model_name=m", Vec::<u8>::new()).await;
    assert_eq!(resp.status, StatusCode::BAD_REQUEST);

    assert_eq!(app.submission_count().await, 0, "refused files store nothing");
    let resp = app.upload_raw(&token, "model_name=ok", TestApp::demo_predictions(0.5, 3)).await;
    assert_eq!(resp.status, StatusCode::CREATED);
    assert_eq!(resp.json()["quota"]["daily_remaining"], 4, "refusals did not use the quota");
    app.finish().await;
}

async fn quota_holds_under_fifty_concurrent_uploads(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Racers", "r@racers.example").await;
    let preds = TestApp::demo_predictions(0.5, 4);
    let app = std::sync::Arc::new(app);
    let mut set = tokio::task::JoinSet::new();
    for i in 0..50 {
        let (app, token, preds) = (app.clone(), token.clone(), preds.clone());
        set.spawn(async move { app.upload_raw(&token, &format!("model_name=racer-{i}"), preds).await });
    }
    let (mut created, mut limited) = (0, 0);
    while let Some(resp) = set.join_next().await {
        let resp = resp.unwrap();
        match resp.status {
            StatusCode::CREATED => created += 1,
            StatusCode::TOO_MANY_REQUESTS => {
                limited += 1;
                let retry: i64 = resp.headers["retry-after"].to_str().unwrap().parse().unwrap();
                assert!((1..=86_400).contains(&retry), "Retry-After {retry}");
            }
            other => panic!("unexpected {other}: {}", resp.body),
        }
    }
    assert_eq!((created, limited), (5, 45));
    assert_eq!(app.submission_count().await, 5);
    let app = std::sync::Arc::into_inner(app).expect("all tasks done");
    app.finish().await;
}

async fn private_submissions_stay_private(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let owner = app.team_with_token("Owners", "o@owners.example").await;
    let other = app.team_with_token("Others", "o@others.example").await;
    let resp = app.upload_raw(&owner, "model_name=secret&visibility=private", TestApp::demo_predictions(0.5, 5)).await;
    assert_eq!(resp.status, StatusCode::CREATED);
    let id = resp.json()["id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/submissions/{id}");
    assert_eq!(app.get(&path).await.status, StatusCode::NOT_FOUND);
    let as_other = app
        .request(Request::get(&path).header("authorization", format!("Bearer {other}")).body(Body::empty()).unwrap())
        .await;
    assert_eq!(as_other.status, StatusCode::NOT_FOUND);
    let as_owner = app
        .request(Request::get(&path).header("authorization", format!("Bearer {owner}")).body(Body::empty()).unwrap())
        .await;
    assert_eq!(as_owner.status, StatusCode::OK);
    let board = app.get("/api/v1/leaderboard").await.json();
    assert!(!board.to_string().contains("secret"), "private models stay off the board");
    // The result page hides it behind a real 404 (no soft 404), in both
    // languages, as it does an id that does not exist.
    for path in
        [format!("/submissions/{id}"), format!("/submissions/{id}?lang=ar"), "/submissions/0000000000000000".into()]
    {
        let page = app.get(&path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(page.body.contains("id=\"submission-not-found\""), "{path}: {}", page.body);
    }
    app.finish().await;
}

async fn leaderboard_lists_verified_submissions(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("<b>Bold</b> & Co", "b@bold.example").await;
    let resp = app
        .upload_raw(&token, "model_name=%3Cscript%3Ealert(1)%3C%2Fscript%3E", TestApp::demo_predictions(0.7, 6))
        .await;
    assert_eq!(resp.status, StatusCode::CREATED);
    let board = app.get("/api/v1/leaderboard").await.json();
    let rows = board["rows"].as_array().unwrap();
    let verified: Vec<&Value> = rows.iter().filter(|r| r["source"] == "verified").collect();
    assert_eq!(verified.len(), 1);
    assert_eq!(verified[0]["team"], "<b>Bold</b> & Co");
    assert_eq!(verified[0]["synthetic_key"], true);
    assert_eq!(rows.iter().filter(|r| r["source"] == "reported").count(), 16);

    // The CSV export: the same rows, markup kept as text, no formula injection.
    let csv = app.get("/api/v1/leaderboard.csv").await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.headers["content-type"].to_str().unwrap().starts_with("text/csv"));
    let mut reader = csv::Reader::from_reader(csv.body.as_bytes());
    let header = reader.headers().unwrap().clone();
    assert_eq!(&header[0], "model");
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 17);
    let team_col = header.iter().position(|h| h == "team").unwrap();
    let model_col = header.iter().position(|h| h == "model").unwrap();
    let verified = records.iter().find(|r| &r[team_col] == "<b>Bold</b> & Co").expect("the team as text");
    assert_eq!(&verified[model_col], "<script>alert(1)</script>");
    assert_eq!(&records[0][model_col], "GPT-o3");
    app.finish().await;
}

/// Uploads with and without a temperature, one after the other and at
/// once, on the same connections: each is stored with what it said. (Over
/// sqlx's `Any` driver a missing float is sent to PostgreSQL as a 4-byte
/// float, and a statement prepared with it then refused a real one.)
async fn a_temperature_given_or_not_in_any_order(backend: Backend) {
    let Some(app) = TestApp::start_with_quota(backend, 100).await else { return };
    let token = app.team_with_token("Thermo", "t@thermo.example").await;
    let app = std::sync::Arc::new(app);
    let upload = |i: u64| {
        let (app, token) = (app.clone(), token.clone());
        async move {
            let model = format!("model_name=Thermo-{i}");
            let query = if i.is_multiple_of(2) { model } else { format!("{model}&temperature=0.{i}") };
            let resp = app.upload_raw(&token, &query, TestApp::demo_predictions(0.5, i)).await;
            assert_eq!(resp.status, StatusCode::CREATED, "upload {i}: {}", resp.body);
            let expected = if i.is_multiple_of(2) {
                Value::Null
            } else {
                serde_json::json!(format!("0.{i}").parse::<f64>().unwrap())
            };
            assert_eq!(resp.json()["protocol"]["temperature"], expected, "upload {i}");
        }
    };
    for i in 0..6 {
        upload(i).await;
    }
    let mut set = tokio::task::JoinSet::new();
    for i in 6..22 {
        set.spawn(upload(i));
    }
    while let Some(done) = set.join_next().await {
        done.unwrap();
    }
    let app = std::sync::Arc::into_inner(app).expect("all tasks done");
    app.finish().await;
}

/// The upload's answer is built from what was written, not read back: it
/// must be what reading the submission gives, field for field.
async fn the_upload_answers_with_the_submission_as_stored(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Mirrors", "m@mirrors.example").await;
    let owner_get = |id: String| {
        Request::get(format!("/api/v1/submissions/{id}"))
            .header("authorization", format!("Bearer {token}"))
            .body(Body::empty())
            .unwrap()
    };
    for (query, accuracy) in [
        ("model_name=Mirror-1&temperature=0.7&shots=3&notes=first", 0.55),
        ("model_name=Mirror-2&visibility=private&model_category=open-medical", 0.8),
    ] {
        let resp = app.upload_raw(&token, query, TestApp::demo_predictions(accuracy, 9)).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        let mut uploaded = resp.json();
        let fields = uploaded.as_object_mut().unwrap();
        assert!(fields.remove("quota").is_some() && fields.remove("repeat").is_some());
        let id = uploaded["id"].as_str().unwrap().to_owned();
        let read = app.request(owner_get(id)).await;
        assert_eq!(read.status, StatusCode::OK, "{}", read.body);
        assert_eq!(uploaded, read.json(), "{query}: the answer differs from the stored submission");
    }
    app.finish().await;
}
