//! The REST API's error messages follow `Accept-Language` (docs/contract.md:
//! "Error codes are stable; messages follow Accept-Language"): the same
//! refusal answers the same status and code in English and in Arabic, its
//! message and each detail in the language asked for, and without the
//! header in English.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::harness::{Backend, Response, TestApp};
use crate::on_both_backends;

on_both_backends!(error_messages_follow_accept_language);

/// Whether `text` has Arabic letters and no run of three English words
/// outside the isolated spans (FSI/LRI … PDI) that quote code and names.
fn is_arabic(text: &str) -> bool {
    let mut plain = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '\u{2066}' | '\u{2067}' | '\u{2068}' => depth += 1,
            '\u{2069}' => depth = depth.saturating_sub(1),
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let text = plain.as_str();
    let has_arabic = text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c));
    let mut run = 0;
    for word in text.split(|c: char| !c.is_ascii_alphabetic()) {
        if word.len() > 1 {
            run += 1;
            if run >= 3 {
                return false;
            }
        } else if !word.is_empty() || run == 0 {
            run = 0;
        }
    }
    has_arabic
}

async fn both(
    app: &TestApp,
    build: impl Fn() -> axum::http::request::Builder,
    body: impl Fn() -> Body,
) -> (Response, Response) {
    let en = app.request(build().body(body()).unwrap()).await;
    let ar = app.request(build().header("accept-language", "ar-EG,ar;q=0.9,en;q=0.5").body(body()).unwrap()).await;
    (en, ar)
}

fn check(en: &Response, ar: &Response, status: StatusCode, code: &str) -> (Value, Value) {
    assert_eq!(en.status, status, "{}", en.body);
    assert_eq!(ar.status, status, "{}", ar.body);
    let (en, ar) = (en.json(), ar.json());
    assert_eq!(en["error"]["code"], code, "{en}");
    assert_eq!(ar["error"]["code"], code, "the code does not depend on the language: {ar}");
    let (en_message, ar_message) = (en["error"]["message"].as_str().unwrap(), ar["error"]["message"].as_str().unwrap());
    assert!(!is_arabic(en_message) && en_message.is_ascii(), "English by default: {en_message}");
    assert!(is_arabic(ar_message), "Arabic when asked: {ar_message}");
    let (en_details, ar_details) =
        (en["error"]["details"].as_array().unwrap(), ar["error"]["details"].as_array().unwrap());
    assert_eq!(en_details.len(), ar_details.len(), "{en} / {ar}");
    for (e, a) in en_details.iter().zip(ar_details) {
        assert_eq!(e["field"], a["field"]);
        assert_eq!(e["line"], a["line"]);
        assert!(is_arabic(a["problem"].as_str().unwrap()), "an Arabic detail: {a}");
    }
    (en, ar)
}

async fn error_messages_follow_accept_language(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Languages", "l@languages.example").await;

    // 404 on the API and 401 without a token.
    let (en, ar) = both(&app, || Request::get("/api/v1/submissions/does-not-exist"), Body::empty).await;
    check(&en, &ar, StatusCode::NOT_FOUND, "not_found");
    let (en, ar) = both(&app, || Request::get("/api/v1/submissions"), Body::empty).await;
    let (en, _) = check(&en, &ar, StatusCode::UNAUTHORIZED, "unauthorized");
    assert!(en["error"]["message"].as_str().unwrap().contains("Authorization: Bearer TOKEN"), "{en}");

    // 400: every invalid field, each named, in both languages.
    let team = || json!({"name": "x", "email": "not-an-address", "password": "short"}).to_string();
    let post_team = || Request::post("/api/v1/teams").header("content-type", "application/json");
    let (en, ar) = both(&app, post_team, || Body::from(team())).await;
    let (en, ar) = check(&en, &ar, StatusCode::BAD_REQUEST, "invalid_fields");
    let fields: Vec<&str> =
        en["error"]["details"].as_array().unwrap().iter().map(|d| d["field"].as_str().unwrap()).collect();
    assert_eq!(fields, ["name", "email", "password"], "{en}");
    for field in fields {
        assert!(ar["error"]["message"].as_str().unwrap().contains(field), "the Arabic message names {field}: {ar}");
    }

    // 422: a refused file names its line in either language.
    let upload = || {
        Request::post("/api/v1/submissions?model_name=Refused")
            .header("authorization", format!("Bearer {token}"))
            .header("content-type", "text/csv")
    };
    let (en, ar) = both(&app, upload, || Body::from("question_id,answer\nabc,A\n")).await;
    let (en, ar) = check(&en, &ar, StatusCode::UNPROCESSABLE_ENTITY, "invalid_predictions");
    assert_eq!(en["error"]["details"][0]["line"], 2, "{en}");
    assert!(en["error"]["details"][0]["problem"].as_str().unwrap().starts_with("line 2:"), "{en}");
    assert!(ar["error"]["details"][0]["problem"].as_str().unwrap().starts_with("السطر 2"), "{ar}");
    assert_eq!(app.submission_count().await, 0, "nothing stored");

    // 409: a taken name.
    let taken = || {
        json!({"name": "Languages", "email": "other@languages.example", "password": "long enough password"}).to_string()
    };
    let (en, ar) = both(&app, post_team, || Body::from(taken())).await;
    check(&en, &ar, StatusCode::CONFLICT, "conflict");
    app.finish().await;
}
