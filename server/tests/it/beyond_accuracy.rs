//! Beyond accuracy (docs/contract.md, "Beyond accuracy"): every submission
//! carries the letters it chose (`letter_shares`), beside the key's on a
//! public key, on the API and its page in both languages; and each public
//! submission offers a badge and a `model-index` block for a model card.
//! The held-out side of both is checked with the rest of the exposure
//! rules in `held_out.rs`.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::Value;

use crate::harness::{Backend, TestApp, without_markers};
use crate::on_both_backends;

on_both_backends!(letter_shares_are_counted_against_the_key, a_public_submission_offers_a_badge_and_a_model_index);

/// The demo key as read.
fn demo_key() -> app::domain::AnswerKey {
    app::domain::parse_key(app::domain::Benchmark::MedAraBench, TestApp::demo_key_csv().as_bytes()).unwrap().key
}

fn close(a: &Value, b: f64) -> bool {
    (a.as_f64().unwrap() - b).abs() < 1e-12
}

async fn letter_shares_are_counted_against_the_key(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Letters", "l@letters.example").await;
    let key = demo_key();
    // "A" on every scoreable question but the first ten, which stay
    // unanswered.
    let file: String = std::iter::once("question_id,answer\n".to_owned())
        .chain(key.items().iter().skip(10).map(|it| format!("{},A\n", it.id)))
        .collect();
    let resp = app.upload_raw(&token, "model_name=Always-A", file).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let body = resp.json();
    let shares = &body["letter_shares"];
    let answered = &key.items()[10..];
    let n = answered.len();
    assert_eq!(shares["n"], n, "{shares}");
    assert_eq!(shares["chosen"]["A"]["count"], n);
    assert_eq!(shares["chosen"]["B"]["count"], 0);
    // Against the key, computed here from the key itself.
    let against = &shares["against_key"];
    assert_eq!(against["n"], n);
    let key_a = answered.iter().filter(|it| it.answer.as_char() == 'A').count() as f64 / n as f64;
    let chance_a = answered.iter().map(|it| 1.0 / f64::from(it.options)).sum::<f64>() / n as f64;
    let p = key_a; // answering A everywhere is right exactly where the key says A
    let expected_a = answered
        .iter()
        .map(|it| if it.answer.as_char() == 'A' { p } else { (1.0 - p) / f64::from(it.options - 1) })
        .sum::<f64>()
        / n as f64;
    let a = &against["letters"]["A"];
    assert!(close(&a["chosen"], 1.0) && close(&a["key"], key_a), "{a}");
    assert!(close(&a["chance"], chance_a), "{a} vs {chance_a}");
    assert!(close(&a["expected"], expected_a), "{a} vs {expected_a}");
    assert_eq!(against["overused"], serde_json::json!(["A"]));
    assert_eq!(body["scores"]["letter_shares"], *shares, "the same under `scores`");

    // The page, in both languages: a row per letter, the note on A.
    let id = body["id"].as_str().unwrap();
    for (lang, heading) in [("", "Letters chosen"), ("?lang=ar", "الحروف المختارة")] {
        let page = without_markers(&app.get(&format!("/submissions/{id}{lang}")).await.body);
        assert!(page.contains(heading), "{heading}");
        assert!(page.contains(r#"id="letters-overused""#), "the note{lang}");
        assert!(page.contains(r#"<tr data-letter="A">"#) && page.contains(r#"<tr data-letter="E">"#), "rows{lang}");
        assert!(!page.contains(r#"id="letters-held-out""#));
    }
    // A file spread evenly over the letters raises no note.
    let spread = TestApp::demo_predictions(0.6, 5);
    let resp = app.upload_raw(&token, "model_name=Spread", spread).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    assert_eq!(resp.json()["letter_shares"]["against_key"]["overused"], serde_json::json!([]));
    app.finish().await;
}

async fn a_public_submission_offers_a_badge_and_a_model_index(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Badges", "b@badges.example").await;
    // A name that would break naive YAML or SVG.
    let model = "Qwen: \"7B\" <b>&</b> #1";
    let query = format!("model_name={}", urlencode(model));
    let resp = app.upload_raw(&token, &query, TestApp::demo_predictions(0.6, 1)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let body = resp.json();
    let id = body["id"].as_str().unwrap();
    let accuracy = body["accuracy"].as_f64().unwrap();
    let ci: Vec<f64> = body["ci95"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();

    let badge = app.get(&format!("/submissions/{id}/badge.svg")).await;
    assert_eq!(badge.status, StatusCode::OK);
    assert_eq!(badge.headers[header::CONTENT_TYPE], "image/svg+xml; charset=utf-8");
    let figures = format!("{accuracy:.3} (n = {}; 95% CI [{:.3}, {:.3}])", body["total"], ci[0], ci[1]);
    assert!(badge.body.contains(&figures), "{figures} in {}", badge.body);
    assert!(!badge.body.contains("<b>") && badge.body.contains("&lt;b&gt;"), "escaped: {}", badge.body);
    let ar = app.get(&format!("/submissions/{id}/badge.svg?lang=ar")).await;
    assert!(ar.body.contains("فترة الثقة 95%") && ar.body.contains(&format!("{accuracy:.3}")), "{}", ar.body);

    let yaml = app.get(&format!("/submissions/{id}/model-index.yaml")).await;
    assert_eq!(yaml.status, StatusCode::OK);
    assert!(yaml.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("application/yaml"));
    let docs = yaml_rust2::YamlLoader::load_from_str(&yaml.body).expect("valid YAML");
    let entry = &docs[0]["model-index"][0];
    assert_eq!(entry["name"].as_str(), Some(model), "{}", yaml.body);
    let result = &entry["results"][0];
    assert_eq!(result["task"]["type"].as_str(), Some("multiple-choice"));
    assert_eq!(result["dataset"]["name"].as_str(), Some("MedAraBench"));
    let metric = &result["metrics"][0];
    assert_eq!(metric["type"].as_str(), Some("accuracy"));
    assert_eq!(metric["value"].as_f64(), Some(accuracy));
    assert!(metric["name"].as_str().unwrap().contains(&format!("n = {}", body["total"])), "{}", yaml.body);
    assert!(result["source"]["url"].as_str().unwrap().ends_with(&format!("/submissions/{id}")), "{}", yaml.body);

    // The page links both.
    let page = without_markers(&app.get(&format!("/submissions/{id}")).await.body);
    assert!(page.contains(&format!(r#"src="/submissions/{id}/badge.svg""#)), "the badge on the page");
    assert!(page.contains(&format!(r#"href="/submissions/{id}/model-index.yaml""#)), "the block on the page");

    // A private submission has neither, even for its team; an unknown id is 404.
    let resp = app.upload_raw(&token, "model_name=Quiet&visibility=private", TestApp::demo_predictions(0.5, 2)).await;
    let private = resp.json()["id"].as_str().unwrap().to_owned();
    for path in [format!("/submissions/{private}/badge.svg"), format!("/submissions/{private}/model-index.yaml")] {
        assert_eq!(app.get(&path).await.status, StatusCode::NOT_FOUND, "{path}");
        let own = Request::get(&path).header("authorization", format!("Bearer {token}")).body(Body::empty()).unwrap();
        assert_eq!(app.request(own).await.status, StatusCode::NOT_FOUND, "{path}, its team");
    }
    let own_page = without_markers(
        &app.get_with_cookie(&format!("/submissions/{private}"), &app.signin("b@badges.example").await).await.body,
    );
    assert!(!own_page.contains("badge.svg"), "no badge offered for a private submission");
    assert_eq!(app.get("/submissions/0123456789abcdef/badge.svg").await.status, StatusCode::NOT_FOUND);
    app.finish().await;
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
