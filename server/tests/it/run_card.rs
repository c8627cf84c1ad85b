//! The protocol card filled from lm-evaluation-harness's results file (the
//! real files lm-eval 0.4.13 wrote, in `app/core/tests/fixtures/formats/`):
//! sent as the `results` part of the API's multipart upload and as the web
//! form's second file, it fills what the team left empty (what it typed
//! wins); any other file there is refused and nothing is stored.

use axum::body::Body;
use axum::http::{Request, StatusCode};

use crate::harness::{Response, TestApp};
use crate::on_both_backends;

on_both_backends!(the_results_file_fills_the_card_left_empty, a_wrong_results_file_stores_nothing);

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../app/core/tests/fixtures/formats/");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}{name}")).unwrap()
}

/// A multipart body: text fields, the prediction file and a results file.
fn body(fields: &[(&str, &str)], file: &[u8], results: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----run-card-boundary";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    for (name, filename, bytes) in [("file", "preds.csv", file), ("results", "results_2026.json", results)] {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn api_upload(app: &TestApp, token: &str, fields: &[(&str, &str)], results: &[u8]) -> Response {
    let (content_type, body) = body(fields, TestApp::demo_predictions(0.6, 5).as_bytes(), results);
    let req = Request::post("/api/v1/submissions")
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", content_type)
        .body(Body::from(body))
        .unwrap();
    app.request(req).await
}

async fn the_results_file_fills_the_card_left_empty(backend: crate::harness::Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Harness Users", "h@harness.example").await;
    let resp =
        api_upload(&app, &token, &[("model_name", "Gen-From-Results")], &fixture("lm-eval-gen.results.json")).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let protocol = &resp.json()["protocol"];
    assert_eq!(protocol["shots"], 0);
    assert_eq!(protocol["temperature"], 0.7);
    assert_eq!(protocol["model_args"], "dummy: foo=bar");
    assert_eq!(
        protocol["generation"],
        "lm-eval 0.4.13; task medarabench_gen (generate_until); until [\"\\n\\n\",\"Question:\"]; max_gen_toks 64; \
         do_sample true; temperature 0.7"
    );

    // What the team typed wins; gzip is read as well.
    let gz = {
        use std::io::Write;
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(&fixture("lm-eval-mc.results.json")).unwrap();
        e.finish().unwrap()
    };
    let fields = [("model_name", "Mc-From-Results"), ("shots", "5"), ("model_args", "hf: pretrained=org/typed")];
    let resp = api_upload(&app, &token, &fields, &gz).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let protocol = &resp.json()["protocol"];
    assert_eq!(protocol["shots"], 5);
    assert_eq!(protocol["model_args"], "hf: pretrained=org/typed");
    assert_eq!(protocol["temperature"], serde_json::Value::Null, "log-likelihoods: no temperature");
    assert_eq!(
        protocol["generation"],
        "lm-eval 0.4.13; task medarabench (multiple_choice: log-likelihood of each option)"
    );

    // The web form's second file does the same, and the page shows it.
    let cookie = app.signin("h@harness.example").await;
    let (content_type, body) = body(
        &[("lang", "ar"), ("model_name", "Web-From-Results")],
        TestApp::demo_predictions(0.5, 6).as_bytes(),
        &fixture("lm-eval-gen.results.json"),
    );
    let req = Request::post("/upload")
        .header("content-type", content_type)
        .header("host", "127.0.0.1:3000")
        .header("origin", "http://127.0.0.1:3000")
        .header("cookie", format!("mb_session={cookie}"))
        .body(Body::from(body))
        .unwrap();
    let resp = app.request(req).await;
    assert_eq!(resp.status, StatusCode::SEE_OTHER, "{}", resp.body);
    let location = resp.headers["location"].to_str().unwrap();
    let page = app.get_with_cookie(location, &cookie).await;
    assert!(
        page.body.contains("dummy: foo=bar"),
        "the page shows the model arguments; {location} answered {}: {}",
        page.status,
        page.body.chars().take(3000).collect::<String>()
    );
    assert!(page.body.contains("task medarabench_gen (generate_until)"));
    app.finish().await;
}

async fn a_wrong_results_file_stores_nothing(backend: crate::harness::Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Mixups", "m@mixups.example").await;
    // The samples file given as the results file, and a file that is no JSON.
    for (results, says) in [
        (fixture("lm-eval-mc.samples.jsonl"), "samples file"),
        (b"not json at all".to_vec(), "not JSON"),
        (b"{\"model\": \"x\"}".to_vec(), "not an lm-evaluation-harness results file"),
    ] {
        let resp = api_upload(&app, &token, &[("model_name", "Mixed-Up")], &results).await;
        assert_eq!(resp.status, StatusCode::BAD_REQUEST, "{}", resp.body);
        let error = &resp.json()["error"];
        assert_eq!(error["code"], "invalid_results");
        assert!(error["message"].as_str().unwrap().contains(says), "{error}");
    }
    assert_eq!(app.submission_count().await, 0);
    app.finish().await;
}
