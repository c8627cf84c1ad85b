//! The foundation: health check, the leaderboard page and its JSON.

use axum::http::StatusCode;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;

on_both_backends!(
    healthz_answers,
    leaderboard_lists_published_models,
    leaderboard_json_has_every_model,
    unknown_page_is_404,
    pages_render_while_routers_are_built,
);

async fn healthz_answers(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let resp = app.get("/healthz").await;
    assert_eq!(resp.status, StatusCode::OK);
    assert_eq!(resp.json()["status"], "ok");
    app.finish().await;
}

/// Model names in the order the server-rendered table lists them.
fn table_models(html: &str) -> Vec<String> {
    html.split("<tr data-model=\"").skip(1).map(|s| s[..s.find('"').unwrap()].to_owned()).collect()
}

async fn leaderboard_lists_published_models(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let resp = app.get("/").await;
    assert_eq!(resp.status, StatusCode::OK);
    let models = table_models(&resp.body);
    assert_eq!(models.len(), 16, "all 16 published models: {models:?}");
    assert_eq!(models.first().map(String::as_str), Some("GPT-o3"));
    assert_eq!(models.last().map(String::as_str), Some("Llama-3.1-8B-instruct"));
    let first_row = &resp.body[resp.body.find("data-model=\"GPT-o3\"").unwrap()..];
    let first_row = &first_row[..first_row.find("</tr>").unwrap()];
    assert!(first_row.contains("0.765"), "GPT-o3 row shows 0.765: {first_row}");
    assert!(first_row.contains("proprietary, general"), "{first_row}");
    let last_row = &resp.body[resp.body.find("data-model=\"Llama-3.1-8B-instruct\"").unwrap()..];
    let last_row = &last_row[..last_row.find("</tr>").unwrap()];
    assert!(last_row.contains("0.170"), "{last_row}");
    assert!(resp.body.contains("Table 4"));

    // The server sorts too, for browsers without JavaScript.
    let resp = app.get("/?sort=model&dir=asc").await;
    let models = table_models(&resp.body);
    let mut sorted = models.clone();
    sorted.sort_by_key(|m| m.to_lowercase());
    assert_eq!(models, sorted);
    assert_eq!(models.len(), 16);
    app.finish().await;
}

async fn leaderboard_json_has_every_model(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let resp = app.get("/api/v1/leaderboard").await;
    assert_eq!(resp.status, StatusCode::OK);
    let json = resp.json();
    let rows = json["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 16);
    assert_eq!(rows[0]["model"], "GPT-o3");
    assert_eq!(rows[0]["accuracy"], 0.765);
    assert_eq!(rows[0]["source"], "reported");
    assert_eq!(rows[15]["model"], "Llama-3.1-8B-instruct");
    assert_eq!(rows[15]["accuracy"], 0.17);
    app.finish().await;
}

async fn unknown_page_is_404(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let resp = app.get("/no-such-page").await;
    assert_eq!(resp.status, StatusCode::NOT_FOUND);
    assert!(resp.body.contains("Page not found"));
    app.finish().await;
}

/// Pages render while other routers are being built. Building a router
/// once generated the Leptos route list, which raises a process-wide "do
/// not load resources" flag; a page whose resource first ran meanwhile
/// never finished (leptos-rs/leptos#4773). Every request here builds its
/// own router, as the harness does, so a regression hangs one of them.
async fn pages_render_while_routers_are_built(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let app = std::sync::Arc::new(app);
    let paths = ["/", "/quality", "/dataset", "/adapting", "/medarabiq", "/compare", "/submit", "/?lang=ar"];
    let tasks: Vec<_> = (0..24)
        .map(|i| {
            let app = app.clone();
            let path = paths[i % paths.len()];
            tokio::spawn(async move {
                let resp = tokio::time::timeout(std::time::Duration::from_secs(120), app.get(path))
                    .await
                    .unwrap_or_else(|_| panic!("GET {path} did not finish in 120 s"));
                (path, resp.status, resp.body.contains("</html>"))
            })
        })
        .collect();
    for task in tasks {
        let (path, status, complete) = task.await.expect("request task");
        assert_eq!(status, StatusCode::OK, "GET {path}");
        assert!(complete, "GET {path}: the page was cut short");
    }
    match std::sync::Arc::try_unwrap(app) {
        Ok(app) => app.finish().await,
        Err(_) => panic!("a request task still holds the app"),
    }
}
