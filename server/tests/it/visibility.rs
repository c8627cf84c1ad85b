//! The visibility policy over HTTP: every surface that shows a submission
//! × {its team, another team, anonymous} × {public, private}, as the
//! policy's table in `app::domain::visibility` says.

use axum::body::Body;
use axum::http::{Request, StatusCode};

use crate::harness::{Backend, Response, TestApp};
use crate::on_both_backends;

on_both_backends!(every_surface_follows_the_policy);

/// A viewer as the requests carry it: a session cookie and an API token.
struct Who {
    name: &'static str,
    cookie: Option<String>,
    token: Option<String>,
}

async fn get(app: &TestApp, who: &Who, path: &str, bearer: bool) -> Response {
    let mut req = Request::get(path);
    match (bearer, &who.token, &who.cookie) {
        (true, Some(token), _) => req = req.header("authorization", format!("Bearer {token}")),
        (false, _, Some(cookie)) => req = req.header("cookie", format!("mb_session={cookie}")),
        _ => {}
    }
    app.request(req.body(Body::empty()).unwrap()).await
}

/// Whether `who` sees the submission `id` (model `model`) on `surface`.
async fn sees(app: &TestApp, who: &Who, surface: &str, id: &str, model: &str, other_public: &str) -> bool {
    match surface {
        "page" => status_says(get(app, who, &format!("/submissions/{id}"), false).await, surface),
        "api object" => status_says(get(app, who, &format!("/api/v1/submissions/{id}"), true).await, surface),
        "heatmap chart" => {
            status_says(get(app, who, &format!("/charts/submissions/{id}/heatmap.svg"), false).await, surface)
        }
        "compare" => {
            let page = get(app, who, &format!("/compare?a={id}&b={other_public}"), false).await;
            page.body.contains("id=\"compare-sides\"")
        }
        "board" => get(app, who, "/", false).await.body.contains(model),
        "exports" => {
            let json = get(app, who, "/api/v1/leaderboard", true).await.body.contains(model);
            let csv = get(app, who, "/api/v1/leaderboard.csv", true).await.body.contains(model);
            assert_eq!(json, csv, "the JSON and CSV exports agree");
            json
        }
        other => panic!("unknown surface {other}"),
    }
}

/// 200 shows it; 404 (as for an unknown id) hides it; nothing else.
fn status_says(resp: Response, surface: &str) -> bool {
    match resp.status {
        StatusCode::OK => true,
        StatusCode::NOT_FOUND => false,
        other => panic!("{surface}: {other} {}", resp.body),
    }
}

async fn every_surface_follows_the_policy(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let owner_token = app.team_with_token("Owner Lab", "o@owner.example").await;
    let other_token = app.team_with_token("Other Lab", "o@other.example").await;
    let owner = Who { name: "owner", cookie: Some(app.signin("o@owner.example").await), token: Some(owner_token) };
    let other = Who { name: "other team", cookie: Some(app.signin("o@other.example").await), token: Some(other_token) };
    let anonymous = Who { name: "anonymous", cookie: None, token: None };
    let token = owner.token.clone().unwrap();
    let upload = |model: &'static str, visibility: &'static str, seed: u64| {
        let (app, token) = (&app, token.clone());
        async move {
            let q = format!("model_name={model}&visibility={visibility}");
            let resp = app.upload_raw(&token, &q, TestApp::demo_predictions(0.6, seed)).await;
            assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
            resp.json()["id"].as_str().unwrap().to_owned()
        }
    };
    let public = upload("Shown-Public", "public", 1).await;
    let private = upload("Hidden-Private", "private", 2).await;
    let partner = upload("Partner-Public", "public", 3).await;

    // (surface, viewer, sees the public one, sees the private one)
    #[rustfmt::skip]
    let table = [
        ("page",          &owner, true, true),  ("page",          &other, true, false), ("page",          &anonymous, true, false),
        ("api object",    &owner, true, true),  ("api object",    &other, true, false), ("api object",    &anonymous, true, false),
        ("heatmap chart", &owner, true, true),  ("heatmap chart", &other, true, false), ("heatmap chart", &anonymous, true, false),
        ("compare",       &owner, true, false), ("compare",       &other, true, false), ("compare",       &anonymous, true, false),
        ("board",         &owner, true, false), ("board",         &other, true, false), ("board",         &anonymous, true, false),
        ("exports",       &owner, true, false), ("exports",       &other, true, false), ("exports",       &anonymous, true, false),
    ];
    for (surface, who, sees_public, sees_private) in table {
        let shown = sees(&app, who, surface, &public, "Shown-Public", &partner).await;
        assert_eq!(shown, sees_public, "{surface}, {}: the public submission", who.name);
        let shown = sees(&app, who, surface, &private, "Hidden-Private", &partner).await;
        assert_eq!(shown, sees_private, "{surface}, {}: the private submission", who.name);
    }
    app.finish().await;
}
