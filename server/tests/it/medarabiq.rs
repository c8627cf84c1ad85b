//! MedArabiQ as a second benchmark: its key imported, uploads to either
//! benchmark, and the comparison page built only from verified scores.

use app::db::keys::{self, NewKey};
use app::domain::synthetic::{synthetic_medarabiq, synthetic_predictions};
use app::domain::{Benchmark, parse_key};
use axum::http::StatusCode;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;

on_both_backends!(comparison_page_pairs_verified_scores);

async fn comparison_page_pairs_verified_scores(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    // No MedArabiQ key, no pairs: the page says so and shows the finding in words.
    let empty = app.get("/medarabiq").await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(empty.body.contains("id=\"no-pairs\""), "{}", empty.body);
    assert_eq!(app.get("/charts/medarabiq.svg").await.status, StatusCode::NOT_FOUND, "no pairs, no chart");
    // Commands are code, left to right, in both languages; no Markdown backticks leak into the text.
    for page in [&empty.body, &app.get("/medarabiq?lang=ar").await.body] {
        let page = crate::harness::section(page, "<main", "</main>");
        assert!(!page.contains('`'), "{page}");
        let commands = page.matches("<code dir=\"ltr\" class=\"command\">").count();
        // The submit option, twice; the operators' import command is not
        // for teams and is not on the page.
        assert_eq!(commands, 2, "the option twice: {page}");
        assert!(!page.contains("keys import"), "{page}");
    }
    assert!(empty.body.contains("most models score higher on MedArabiQ"));
    assert!(empty.body.contains("No MedArabiQ answer key is stored"));
    let token = app.team_with_token("Qalam", "q@qalam.example").await;
    let refused = app.upload_raw(&token, "model_name=Qalam-7B&benchmark=medarabiq", "question_id,answer\n1,A\n").await;
    assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE, "{}", refused.body);

    let csv = synthetic_medarabiq(120, 8);
    let checked = parse_key(Benchmark::MedArabiQ, csv.as_bytes()).unwrap();
    assert_eq!(checked.report.scoreable, 120);
    keys::insert(
        &app.state.db,
        NewKey {
            benchmark: Benchmark::MedArabiQ,
            name: "medarabiq-test",
            report: &checked.report,
            content: csv.as_bytes(),
            synthetic: true,
            exposure: app::domain::exposure::Exposure::Public,
            split: None,
        },
    )
    .await
    .unwrap();
    let q_preds = synthetic_predictions(&checked.key, 0.7, 1);
    let bench_key = parse_key(Benchmark::MedAraBench, TestApp::demo_key_csv().as_bytes()).unwrap().key;
    let b_preds = synthetic_predictions(&bench_key, 0.4, 2);

    let q = app.upload_raw(&token, "model_name=Qalam-7B&benchmark=medarabiq", q_preds).await;
    assert_eq!(q.status, StatusCode::CREATED, "{}", q.body);
    let q = q.json();
    assert_eq!(q["benchmark"], "medarabiq");
    assert_eq!(q["total"], 120);
    // Only on MedArabiQ so far: still no pair.
    assert!(app.get("/medarabiq").await.body.contains("id=\"no-pairs\""));
    let b = app.upload_raw(&token, "model_name=Qalam-7B", b_preds).await.json();

    let page = app.get("/medarabiq").await;
    assert!(page.body.contains("data-model=\"Qalam-7B\""), "{}", page.body);
    assert!(page.body.contains(&format!("{:.3}", q["accuracy"].as_f64().unwrap())));
    assert!(page.body.contains(&format!("{:.3}", b["accuracy"].as_f64().unwrap())));
    let diff = q["accuracy"].as_f64().unwrap() - b["accuracy"].as_f64().unwrap();
    assert!(page.body.contains(&format!("{diff:+.3}")), "the difference is shown");
    assert!(page.body.contains("role=\"img\"") && page.body.contains("chart-medarabiq-title"));
    // The same chart downloads as an SVG file, in either language.
    assert!(page.body.contains("href=\"/charts/medarabiq.svg\""), "download link");
    let chart = app.get("/charts/medarabiq.svg").await;
    assert_eq!(chart.status, StatusCode::OK);
    assert!(chart.headers["content-type"].to_str().unwrap().starts_with("image/svg+xml"));
    assert!(chart.body.contains("<title id=\"chart-medarabiq-title\">") && chart.body.contains("Qalam-7B"));
    let chart_ar = app.get("/charts/medarabiq.svg?lang=ar").await.body;
    assert!(chart_ar.contains("دقة MedArabiQ مقابل دقة MedAraBench"), "{chart_ar}");
    // The stored MedArabiQ key is synthetic: the page says so beside its
    // size, and marks the score on it (and the MedAraBench score, on the
    // synthetic demo key) as such.
    assert!(page.body.contains("is a synthetic demo key of 120 questions"), "{}", page.body);
    assert_eq!(page.body.matches("<span class=\"badge badge-demo\">synthetic key").count(), 2, "{}", page.body);

    let ar = app.get("/medarabiq?lang=ar").await;
    assert!(ar.body.contains("dir=\"rtl\"") && ar.body.contains("ما توصّلت إليه الورقة"));
    app.finish().await;
}
