//! One board row per team and model: the latest submission the board may
//! show (not the best), with the number of attempts and the date of the
//! first; the team page lists every attempt.

use axum::http::StatusCode;
use scraper::{Html, Selector};
use serde_json::Value;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;

on_both_backends!(repeated_uploads_of_one_model_give_one_row_with_its_attempts);

async fn repeated_uploads_of_one_model_give_one_row_with_its_attempts(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Tries", "t@tries.example").await;
    let mut ids = Vec::new();
    // The best first, then worse ones; the third is private.
    for (i, (accuracy, visibility)) in [(0.8, "public"), (0.5, "public"), (0.3, "private")].into_iter().enumerate() {
        let q = format!("model_name=Tried-7B&visibility={visibility}");
        let resp = app.upload_raw(&token, &q, TestApp::demo_predictions(accuracy, i as u64 + 1)).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        ids.push((resp.json()["id"].as_str().unwrap().to_owned(), resp.json()["created_at"].as_i64().unwrap()));
    }
    let other = app.upload_raw(&token, "model_name=Other-1B", TestApp::demo_predictions(0.6, 9)).await;
    assert_eq!(other.status, StatusCode::CREATED);

    let board: Value = app.get("/api/v1/leaderboard").await.json();
    let ours: Vec<&Value> = board["rows"].as_array().unwrap().iter().filter(|r| r["team"] == "Tries").collect();
    assert_eq!(ours.len(), 2, "one row per model: {ours:?}");
    let tried = ours.iter().find(|r| r["model"] == "Tried-7B").unwrap();
    assert_eq!(tried["submission_id"], ids[1].0.as_str(), "the latest public one, not the best: {tried}");
    assert_eq!(tried["attempts"], 3, "every attempt counts, the private one too");
    assert_eq!(tried["first_submitted_at"], ids[0].1);
    assert_eq!(tried["format"], "csv", "the detected input format: {tried}");
    let single = ours.iter().find(|r| r["model"] == "Other-1B").unwrap();
    assert_eq!(single["attempts"], 1);

    let csv = app.get("/api/v1/leaderboard.csv").await.body;
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let column = header.iter().position(|c| *c == "attempts").expect("an attempts column");
    let row = csv.lines().find(|l| l.starts_with("Tried-7B,")).expect("the CSV row");
    assert_eq!(row.split(',').nth(column), Some("3"), "{row}");

    for lang in ["", "?lang=ar"] {
        let page = Html::parse_document(&app.get(&format!("/{lang}")).await.body);
        let attempts: Vec<String> = page
            .select(&Selector::parse("tr[data-model='Tried-7B'] .attempts").unwrap())
            .map(|e| e.value().attr("data-attempts").unwrap_or_default().to_owned())
            .collect();
        assert_eq!(attempts, ["3"], "the board page{lang}");
    }

    let cookie = app.signin("t@tries.example").await;
    let team = Html::parse_document(&app.get_with_cookie("/team", &cookie).await.body);
    let listed = team.select(&Selector::parse("table.submissions tbody tr").unwrap()).count();
    assert_eq!(listed, 4, "the team page lists every attempt");
    app.finish().await;
}
