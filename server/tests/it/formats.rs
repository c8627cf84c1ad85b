//! What evaluation tools write, uploaded as they write it: the files in
//! `app/core/tests/fixtures/formats/` (lm-evaluation-harness 0.4.13 output,
//! lighteval details, batch API output, all over the synthetic `key.csv`)
//! through the API on both databases, raw and multipart, plain and gzip;
//! scored as the library scores them, with the detected format stored and
//! shown; a zip bomb and a file with many problems refused, nothing stored.

use std::io::Write;

use axum::body::Body;
use axum::http::{Request, StatusCode};

use crate::harness::{Backend, Response, TestApp, multipart_body};
use crate::on_both_backends;

on_both_backends!(tool_outputs_are_scored_as_written, gzip_and_bombs, every_problem_is_listed);

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../app/core/tests/fixtures/formats/");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub(crate) fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

/// The fixture key as the default key, scored by the library.
async fn app_with_fixture_key(backend: Backend) -> Option<(TestApp, app::domain::AnswerKey)> {
    // Many uploads from one client: no quota gets in the way.
    let app = TestApp::start_with(backend, |c| {
        c.daily_quota = 100;
        c.client_daily_quota = 0;
    })
    .await?;
    let csv = String::from_utf8(fixture("key.csv")).unwrap();
    app.store_key("formats-fixture", &csv, true).await;
    let key = app::domain::parse_key(app::domain::Benchmark::MedAraBench, csv.as_bytes()).unwrap().key;
    Some((app, key))
}

async fn upload_multipart(app: &TestApp, token: &str, model: &str, filename: &str, bytes: &[u8]) -> Response {
    let (content_type, body) = multipart_body(&[("model_name", model)], Some((filename, bytes)));
    app.request(
        Request::post("/api/v1/submissions")
            .header("authorization", format!("Bearer {token}"))
            .header("content-type", content_type)
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

async fn tool_outputs_are_scored_as_written(backend: Backend) {
    let Some((app, key)) = app_with_fixture_key(backend).await else { return };
    let token = app.team_with_token("Harness", "harness@lab.example").await;
    let files = [
        ("lm-eval-mc.samples.jsonl", "lm-eval-samples"),
        ("lm-eval-gen.samples.jsonl", "lm-eval-samples"),
        ("openai-batch.output.jsonl", "openai-batch"),
        ("anthropic-batch.results.jsonl", "anthropic-batch"),
        ("lighteval-0.11.details.parquet", "lighteval-details"),
        ("lighteval-0.10.details.parquet", "lighteval-details"),
    ];
    for (i, (name, format)) in files.iter().enumerate() {
        let bytes = fixture(name);
        let expected = app::domain::score_bytes(&key, &bytes).unwrap().card;
        let resp = upload_multipart(&app, &token, &format!("model-{i}"), name, &bytes).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{name}: {}", resp.body);
        let sub = resp.json();
        assert_eq!(sub["format"], *format, "{name}");
        assert_eq!(sub["file_format"], *format, "{name}");
        for field in ["correct", "total", "missing", "unparsed", "accuracy"] {
            assert_eq!(sub[field], serde_json::to_value(&expected).unwrap()[field], "{name}: {field}");
        }
        // The stored format is what the API gives back later too.
        let id = sub["id"].as_str().unwrap();
        let again = app
            .request(
                Request::get(format!("/api/v1/submissions/{id}"))
                    .header("authorization", format!("Bearer {token}"))
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(again.json()["format"], *format, "{name}");
    }
    // The harness's own accuracy: the results file beside the samples.
    let results: serde_json::Value = serde_json::from_slice(&fixture("lm-eval-mc.results.json")).unwrap();
    let harness = results["results"]["medarabench"]["acc,none"].as_f64().unwrap();
    let resp =
        upload_multipart(&app, &token, "harness-check", "s.jsonl", &fixture("lm-eval-mc-predict-only.samples.jsonl"))
            .await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    assert!((resp.json()["accuracy"].as_f64().unwrap() - harness).abs() < 1e-9);
    // The board's verified rows say the format too.
    let board = app.get("/api/v1/leaderboard").await.json();
    let formats: Vec<&str> = board["rows"].as_array().unwrap().iter().filter_map(|r| r["format"].as_str()).collect();
    assert!(formats.contains(&"anthropic-batch") && formats.contains(&"lm-eval-samples"), "{formats:?}");
    app.finish().await;
}

async fn gzip_and_bombs(backend: Backend) {
    let Some((app, key)) = app_with_fixture_key(backend).await else { return };
    let token = app.team_with_token("Zipped", "zip@lab.example").await;
    // A raw body sent with Content-Encoding: gzip.
    let plain = fixture("openai-batch.output.jsonl");
    let resp = app
        .request(
            Request::post("/api/v1/submissions?model_name=gz-raw")
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", "application/x-ndjson")
                .header("content-encoding", "gzip")
                .body(Body::from(gzip(&plain)))
                .unwrap(),
        )
        .await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    assert_eq!(resp.json()["format"], "openai-batch");
    assert_eq!(resp.json()["correct"], app::domain::score_bytes(&key, &plain).unwrap().card.correct);
    // A .gz file in a multipart form.
    let resp =
        upload_multipart(&app, &token, "gz-form", "samples.jsonl.gz", &gzip(&fixture("lm-eval-mc.samples.jsonl")))
            .await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    assert_eq!(resp.json()["format"], "lm-eval-samples");
    let stored = app.submission_count().await;
    // A zip bomb: a few kilobytes that inflate past the limit. 413, and
    // nothing is stored.
    let mut bomb = b"question_id,answer\n1,A\n".to_vec();
    bomb.resize(app::domain::MAX_PREDICTION_BYTES + 1024, b'\n');
    let bomb = gzip(&bomb);
    assert!(bomb.len() < 1 << 20, "{} bytes", bomb.len());
    let resp = upload_multipart(&app, &token, "bomb", "bomb.csv.gz", &bomb).await;
    assert_eq!(resp.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", resp.body);
    assert_eq!(resp.json()["error"]["code"], "file_too_large");
    assert_eq!(app.submission_count().await, stored);
    app.finish().await;
}

async fn every_problem_is_listed(backend: Backend) {
    let Some((app, _key)) = app_with_fixture_key(backend).await else { return };
    let token = app.team_with_token("Sloppy", "sloppy@lab.example").await;
    let mut csv = String::from("question_id,answer\n");
    for i in 1..=150 {
        csv.push_str(&format!("{i},{}\n", if i % 2 == 0 { "Z" } else { "A" }));
    }
    let resp = app.upload_raw(&token, "model_name=sloppy", csv).await;
    assert_eq!(resp.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", resp.body);
    let details = resp.json()["error"]["details"].as_array().unwrap().clone();
    // Bad letters (even ids) and ids the key does not have (past 30)
    // together, in line order (id i is on line i + 1), the first 100 of
    // them, each with its line.
    let expected: Vec<u64> = (1..=150u64).filter(|i| i % 2 == 0 || *i > 30).map(|i| i + 1).take(100).collect();
    let lines: Vec<u64> = details.iter().map(|d| d["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, expected);
    let unknown = details.iter().filter(|d| d["problem"].as_str().unwrap_or_default().contains("unknown")).count();
    assert_eq!(unknown, expected.iter().filter(|&&line| line % 2 == 0 && line > 31).count(), "{details:?}");
    // Ids the key does not have are all named when scoring.
    let resp = app.upload_raw(&token, "model_name=sloppy", "question_id,answer\n1,A\n31,B\n32,C\n2,D\n").await;
    assert_eq!(resp.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", resp.body);
    let lines: Vec<u64> =
        resp.json()["error"]["details"].as_array().unwrap().iter().map(|d| d["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [3, 4]);
    assert_eq!(app.submission_count().await, 0);
    app.finish().await;
}
