//! The model's category, declared at upload (or changed later by its
//! owner), puts a verified row under the board's category filter as the
//! published rows are: in the JSON and CSV exports and on the page.

use axum::body::Body;
use axum::http::{Request, StatusCode};

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;

on_both_backends!(declared_categories_are_filtered_like_published_ones);

async fn declared_categories_are_filtered_like_published_ones(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Categorised", "cat@lab.example").await;
    let preds = TestApp::demo_predictions(0.6, 4);
    let resp = app.upload_raw(&token, "model_name=Cat-Arabic-7B&model_category=open-arabic", preds.clone()).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    let sub = resp.json();
    assert_eq!(sub["model_category"], "open-arabic");
    let id = sub["id"].as_str().unwrap().to_owned();
    let plain = app.upload_raw(&token, "model_name=Cat-Undeclared", TestApp::demo_predictions(0.5, 5)).await;
    assert_eq!(plain.json()["model_category"], "unknown");

    // The board's rows: the declared one carries the published spelling.
    let board = app.get("/api/v1/leaderboard").await.json();
    let row = |model: &str| board["rows"].as_array().unwrap().iter().find(|r| r["model"] == model).cloned().unwrap();
    assert_eq!(row("Cat-Arabic-7B")["category"], "open, Arabic");
    assert_eq!(row("Fanar-C-1-8.7B")["category"], "open, Arabic");
    assert!(row("Cat-Undeclared")["category"].is_null());
    // The filter on the page keeps it with the published open-Arabic models.
    let page = app.get("/?category=open-arabic").await.body;
    assert!(page.contains("Cat-Arabic-7B") && page.contains("Fanar-C-1-8.7B"), "open-arabic page");
    assert!(!page.contains("Cat-Undeclared") && !page.contains("GPT-o3"));
    let page = app.get("/?category=open-medical").await.body;
    assert!(!page.contains("Cat-Arabic-7B"));
    // Arabic page: the category in Arabic.
    let page = app.get(&format!("/submissions/{id}?lang=ar")).await.body;
    assert!(page.contains("مفتوح المصدر، عربي"), "the category in Arabic");

    // A bad name is refused naming the field; nothing is stored.
    let before = app.submission_count().await;
    let bad = app.upload_raw(&token, "model_name=Cat-Bad&model_category=open-klingon", preds).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    assert_eq!(bad.json()["error"]["details"][0]["field"], "model_category");
    assert_eq!(app.submission_count().await, before);

    // The owner moves it to another category: the filter follows at once.
    let patch = app
        .request(
            Request::patch(format!("/api/v1/submissions/{id}"))
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", "application/json")
                .body(Body::from(r#"{"model_category": "open-medical"}"#))
                .unwrap(),
        )
        .await;
    assert_eq!(patch.status, StatusCode::OK, "{}", patch.body);
    assert_eq!(patch.json()["model_category"], "open-medical");
    let page = app.get("/?category=open-medical").await.body;
    assert!(page.contains("Cat-Arabic-7B"));
    let csv = app.get("/api/v1/leaderboard.csv").await.body;
    let line = csv.lines().find(|l| l.contains("Cat-Arabic-7B")).unwrap();
    assert!(line.contains("open, medical"), "{line}");
    app.finish().await;
}
