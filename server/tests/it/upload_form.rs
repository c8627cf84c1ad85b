//! The web upload form after a refusal (without JavaScript, as the page's
//! script ends the same way): every problem of the file is listed with its
//! line, in the page's language, and the form comes back with what was
//! typed, once.

use scraper::{Html, Selector};

use crate::harness::{Backend, PASSWORD, TestApp};
use crate::on_both_backends;

on_both_backends!(a_refused_upload_keeps_the_form_and_lists_every_problem);

fn value(doc: &Html, css: &str) -> Option<String> {
    let el = doc.select(&Selector::parse(css).unwrap()).next()?;
    match el.value().name() {
        "textarea" => Some(el.text().collect()),
        "select" => el
            .select(&Selector::parse("option[selected]").unwrap())
            .next()
            .and_then(|o| o.value().attr("value").map(str::to_owned)),
        _ => el.value().attr("value").map(str::to_owned),
    }
}

async fn a_refused_upload_keeps_the_form_and_lists_every_problem(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let resp = app
        .post_json(
            "/api/v1/teams",
            serde_json::json!({"name": "Typists", "email": "t@typists.example", "password": PASSWORD}),
        )
        .await;
    assert_eq!(resp.status, axum::http::StatusCode::CREATED, "{}", resp.body);
    let cookie = app.signin("t@typists.example").await;
    // Three problems on lines 3, 4 and 5.
    let bad = "question_id,answer\n1,A\n2,Z\nx,B\n1,C\n";
    let fields = [
        ("lang", "en"),
        ("model_name", "Typed-Model-7B"),
        ("model_url", "https://example.org/typed"),
        ("model_params", "7B"),
        ("notes", "notes typed </textarea><b>by hand</b>"),
        ("prompt_language", "ar"),
        ("shots", "3"),
        ("temperature", "0.2"),
        ("chain_of_thought", "yes"),
        ("extraction", "server protocol"),
        ("contamination", "none"),
        ("visibility", "private"),
    ];
    let refused = app.upload_form(&cookie, &fields, bad, false).await;
    assert_eq!(refused.headers["location"], "/upload?error=upload_refused");
    let page = app.get_with_cookie("/upload?error=upload_refused", &cookie).await;
    let doc = Html::parse_document(&page.body);
    let alert: String = doc.select(&Selector::parse("[role=alert]").unwrap()).flat_map(|a| a.text()).collect();
    for line in ["line 3", "line 4", "line 5"] {
        assert!(alert.contains(line), "{line} in {alert}");
    }
    // Everything typed is back in the form (the notes as text, escaped).
    for (name, typed) in &fields[1..] {
        let css = format!("[name={name}]");
        assert_eq!(value(&doc, &css).as_deref(), Some(*typed), "{name}");
    }
    let at = page.body.find("<b>by hand</b>");
    assert!(
        at.is_none(),
        "notes are escaped: {}",
        &page.body[at.unwrap_or(0).saturating_sub(300)..at.unwrap_or(0) + 40]
    );
    // Once: a later visit starts empty.
    let again = app.get_with_cookie("/upload", &cookie).await;
    let doc = Html::parse_document(&again.body);
    assert_eq!(value(&doc, "[name=model_name]").unwrap_or_default(), "");
    assert_eq!(app.submission_count().await, 0);
    app.finish().await;
}
