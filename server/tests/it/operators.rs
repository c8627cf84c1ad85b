//! What the operators of a board do (`medarabench operator ...` and
//! `/api/v1/operator/...` with an operator's token), on both databases:
//! nobody else can reach any of it (404); a hidden submission and a
//! banned team leave every public surface and stay in quotas and the
//! audit log; a ban stops the team's tokens and sessions at once; renames
//! and quotas apply; banners show on every page in both languages;
//! read-only mode pauses uploads and registrations with 503 and
//! `Retry-After`; the audit log says who, why and what was before.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::cli::{medarabench, stderr};
use crate::harness::{Backend, Response, TestApp};
use crate::on_both_backends;

on_both_backends!(
    only_an_operator_reaches_the_operator_routes,
    hiding_and_banning_take_rows_off_every_public_surface,
    renames_quotas_and_the_audit_log,
    banners_and_read_only_mode,
    the_operator_page_does_it_all_with_plain_forms
);

const PASSWORD: &str = "a long test password";
const OPS: &str = "ops@board.example";

/// `method path` with `token` and an optional JSON body.
async fn call(app: &TestApp, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Response {
    let mut req = Request::builder().method(method).uri(path);
    if let Some(token) = token {
        req = req.header("authorization", format!("Bearer {token}"));
    }
    let body = match body {
        Some(b) => {
            req = req.header("content-type", "application/json");
            Body::from(b.to_string())
        }
        None => Body::empty(),
    };
    app.request(req.body(body).unwrap()).await
}

/// The CLI on the app's database; panics with its stderr on failure.
fn cli(app: &TestApp, args: &[&str]) -> String {
    let out = medarabench(args, Some(app.database_url()));
    assert!(out.status.success(), "medarabench {args:?}: {}", stderr(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// An app with an operator (its token) and a team that uploaded once
/// (its token and the submission's id).
async fn board_with_an_operator(backend: Backend) -> Option<(TestApp, String, String, String)> {
    let app = TestApp::start(backend).await?;
    let ops = app.team_with_token("Board Operators", OPS).await;
    cli(&app, &["operator", "grant", OPS]);
    let team = app.team_with_token("Rude Lab", "lead@rude.example").await;
    let up = app.upload_raw(&team, "model_name=Rude-Model", TestApp::demo_predictions(0.6, 1)).await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let id = up.json()["id"].as_str().unwrap().to_owned();
    Some((app, ops, team, id))
}

fn board_models(board: &Value) -> Vec<String> {
    board["rows"].as_array().unwrap().iter().filter_map(|r| r["model"].as_str().map(str::to_owned)).collect()
}

async fn only_an_operator_reaches_the_operator_routes(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let member = app.team_with_token("Plain Lab", "lead@plain.example").await;
    let routes: [(&str, &str, Option<Value>); 8] = [
        ("GET", "/api/v1/operator/audit", None),
        ("GET", "/api/v1/operator/announcements", None),
        ("POST", "/api/v1/operator/teams/Plain%20Lab/ban", Some(json!({"reason": "x"}))),
        ("POST", "/api/v1/operator/submissions/s_nothing/hide", Some(json!("not the right shape"))),
        ("POST", "/api/v1/operator/submissions/s_nothing/clear-flags", Some(json!({"reason": "x"}))),
        ("POST", "/api/v1/operator/submissions/s_nothing/restore-flags", None),
        ("PUT", "/api/v1/operator/read-only", Some(json!({"on": true}))),
        ("PUT", "/api/v1/operator/operators/lead@plain.example", None),
    ];
    for (method, path, body) in &routes {
        for token in [None, Some(member.as_str()), Some("mbt_not-a-token")] {
            let resp = call(&app, method, path, token, body.clone()).await;
            assert_eq!(resp.status, StatusCode::NOT_FOUND, "{method} {path} with {token:?}: {}", resp.body);
            assert_eq!(resp.json()["error"]["code"], "not_found");
        }
    }
    // Another method on an operator route is no different.
    let other_method = call(&app, "GET", "/api/v1/operator/teams/Plain%20Lab/ban", Some(&member), None).await;
    assert_eq!(other_method.status, StatusCode::NOT_FOUND, "{}", other_method.body);
    assert_eq!(other_method.json()["error"]["code"], "not_found");
    // Granted by the host, the same member reaches them; revoked, not.
    cli(&app, &["operator", "grant", "LEAD@plain.example"]);
    assert_eq!(call(&app, "GET", "/api/v1/operator/audit", Some(&member), None).await.status, StatusCode::OK);
    let unknown = medarabench(&["operator", "grant", "nobody@plain.example"], Some(app.database_url()));
    assert!(!unknown.status.success() && stderr(&unknown).contains("nothing has that name"), "{}", stderr(&unknown));
    cli(&app, &["operator", "revoke", "lead@plain.example"]);
    assert_eq!(call(&app, "GET", "/api/v1/operator/audit", Some(&member), None).await.status, StatusCode::NOT_FOUND);
    // The API is described.
    let doc = app.get("/api/v1/openapi.json").await.json();
    for path in [
        "/api/v1/operator/audit",
        "/api/v1/operator/teams/{team}/ban",
        "/api/v1/operator/read-only",
        "/api/v1/operator/submissions/{id}/clear-flags",
        "/api/v1/operator/submissions/{id}/restore-flags",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} is not in the OpenAPI document");
    }
    app.finish().await;
}

async fn hiding_and_banning_take_rows_off_every_public_surface(backend: Backend) {
    let Some((app, ops, team, id)) = board_with_an_operator(backend).await else { return };
    assert!(board_models(&app.get("/api/v1/leaderboard").await.json()).contains(&"Rude-Model".to_owned()));

    // Hiding needs a reason; then the row leaves the board, the page and
    // the CSV, and its team reads it with the reason.
    let no_reason = call(
        &app,
        "POST",
        &format!("/api/v1/operator/submissions/{id}/hide"),
        Some(&ops),
        Some(json!({"reason": "  "})),
    )
    .await;
    assert_eq!(no_reason.status, StatusCode::BAD_REQUEST, "{}", no_reason.body);
    let hidden = call(
        &app,
        "POST",
        &format!("/api/v1/operator/submissions/{id}/hide"),
        Some(&ops),
        Some(json!({"reason": "offensive model name"})),
    )
    .await;
    assert_eq!(hidden.status, StatusCode::OK, "{}", hidden.body);
    assert_eq!(hidden.json()["changed"], true);
    assert!(!board_models(&app.get("/api/v1/leaderboard").await.json()).contains(&"Rude-Model".to_owned()));
    assert!(!app.get("/api/v1/leaderboard.csv").await.body.contains("Rude-Model"));
    assert!(!app.get("/").await.body.contains("Rude-Model"), "the cached page moved on");
    assert_eq!(app.get(&format!("/api/v1/submissions/{id}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("/submissions/{id}")).await.status, StatusCode::NOT_FOUND);
    let own = call(&app, "GET", &format!("/api/v1/submissions/{id}"), Some(&team), None).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.body);
    assert_eq!(own.json()["hidden"]["reason"], "offensive model name");
    let listed = call(&app, "GET", "/api/v1/submissions", Some(&team), None).await.json();
    assert_eq!(listed["submissions"].as_array().unwrap().len(), 1, "its team still lists it");
    let cookie = app.signin("lead@rude.example").await;
    let page = app.get_with_cookie(&format!("/submissions/{id}"), &cookie).await.body;
    assert!(page.contains("offensive model name"), "its team sees why");
    // Restored at the command line, it is back.
    cli(&app, &["operator", "restore", &id]);
    assert!(board_models(&app.get("/api/v1/leaderboard").await.json()).contains(&"Rude-Model".to_owned()));

    // A ban: the board loses the rows, the token and the session stop at
    // once, sign-in and registration with the address are refused.
    let ban = medarabench(&["operator", "ban", "RUDE LAB", "--reason", "spam wave"], Some(app.database_url()));
    assert!(ban.status.success(), "{}", stderr(&ban));
    assert!(stderr(&ban).contains("Rude Lab"), "{}", stderr(&ban));
    assert!(!board_models(&app.get("/api/v1/leaderboard").await.json()).contains(&"Rude-Model".to_owned()));
    let with_token = call(&app, "GET", "/api/v1/submissions", Some(&team), None).await;
    assert_eq!(with_token.status, StatusCode::UNAUTHORIZED, "{}", with_token.body);
    let upload = app.upload_raw(&team, "model_name=Again", TestApp::demo_predictions(0.5, 2)).await;
    assert_eq!(upload.status, StatusCode::UNAUTHORIZED, "{}", upload.body);
    let team_page = app.get_with_cookie("/team", &cookie).await.body;
    assert!(!team_page.contains("Rude Lab"), "the session ended");
    let signin = app.post_json("/api/v1/tokens", json!({"email": "lead@rude.example", "password": PASSWORD})).await;
    assert_eq!(signin.status, StatusCode::FORBIDDEN, "{}", signin.body);
    assert_eq!(signin.json()["error"]["code"], "team_banned");
    assert!(signin.json()["error"]["message"].as_str().unwrap().contains("spam wave"));
    let wrong =
        app.post_json("/api/v1/tokens", json!({"email": "lead@rude.example", "password": "not the password"})).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "a ban is told only to whoever knows the password");
    let again = app
        .post_json(
            "/api/v1/teams",
            json!({"name": "Polite Lab", "email": "Lead+new@rude.example", "password": PASSWORD}),
        )
        .await;
    assert_eq!(again.status, StatusCode::FORBIDDEN, "{}", again.body);
    assert_eq!(again.json()["error"]["code"], "team_banned");
    assert!(!again.body.contains("spam wave"), "the operators' reason is for the team's members only");
    // Nor does a reset link give a banned member a password and a session.
    let link = cli(&app, &["operator", "reset-link", "lead@rude.example"]);
    let token = link.trim().rsplit("token=").next().unwrap().to_owned();
    let reset = app
        .post_json("/api/v1/password-reset/confirm", json!({"token": token, "password": "a fresh long password"}))
        .await;
    assert_eq!(reset.status, StatusCode::NOT_FOUND, "{}", reset.body);

    // Lifted over the API: the members sign in again.
    let unban = call(&app, "POST", "/api/v1/operator/teams/rude%20lab/unban", Some(&ops), None).await;
    assert_eq!(unban.status, StatusCode::OK, "{}", unban.body);
    let signin = app.post_json("/api/v1/tokens", json!({"email": "lead@rude.example", "password": PASSWORD})).await;
    assert_eq!(signin.status, StatusCode::CREATED, "{}", signin.body);
    assert!(board_models(&app.get("/api/v1/leaderboard").await.json()).contains(&"Rude-Model".to_owned()));

    let events: Vec<String> = cli(&app, &["operator", "audit", "--team", "rude lab", "--json"])
        .parse::<Value>()
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap().to_owned())
        .collect();
    for event in ["submission_hidden", "submission_restored", "team_banned", "team_unbanned", "signin_banned"] {
        assert!(events.contains(&event.to_owned()), "{event} not in {events:?}");
    }
    app.finish().await;
}

async fn renames_quotas_and_the_audit_log(backend: Backend) {
    let Some((app, ops, team, id)) = board_with_an_operator(backend).await else { return };
    let renamed =
        call(&app, "PUT", "/api/v1/operator/teams/rude%20lab/name", Some(&ops), Some(json!({"name": "Renamed Lab"})))
            .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert_eq!(renamed.json()["old"], "Rude Lab");
    let taken = call(
        &app,
        "PUT",
        "/api/v1/operator/teams/renamed%20lab/name",
        Some(&ops),
        Some(json!({"name": "board operators"})),
    )
    .await;
    assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.body);
    let bad =
        call(&app, "PUT", "/api/v1/operator/teams/renamed%20lab/name", Some(&ops), Some(json!({"name": "x"}))).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    cli(&app, &["operator", "rename-model", &id, "Polite-Model"]);
    let board = app.get("/api/v1/leaderboard").await.json();
    let row = board["rows"].as_array().unwrap().iter().find(|r| r["model"] == "Polite-Model").expect("renamed row");
    assert_eq!(row["team"], "Renamed Lab");

    // Quotas: one upload a day for this team from now on.
    cli(&app, &["operator", "quota", "renamed lab", "--daily", "1"]);
    let over = app.upload_raw(&team, "model_name=Second", TestApp::demo_predictions(0.5, 3)).await;
    assert_eq!(over.status, StatusCode::TOO_MANY_REQUESTS, "{}", over.body);
    let quotas = call(
        &app,
        "PUT",
        "/api/v1/operator/teams/renamed%20lab/quotas",
        Some(&ops),
        Some(json!({"daily": null, "total": -1})),
    )
    .await;
    assert_eq!(quotas.status, StatusCode::BAD_REQUEST, "{}", quotas.body);
    let quotas = call(
        &app,
        "PUT",
        "/api/v1/operator/teams/renamed%20lab/quotas",
        Some(&ops),
        Some(json!({"daily": null, "total": null})),
    )
    .await;
    assert_eq!(quotas.status, StatusCode::OK, "{}", quotas.body);
    let again = app.upload_raw(&team, "model_name=Second", TestApp::demo_predictions(0.5, 3)).await;
    assert_eq!(again.status, StatusCode::CREATED, "the default again: {}", again.body);

    // The audit log: who, why and what was before; filtered; as CSV.
    let audit = call(&app, "GET", "/api/v1/operator/audit?event=team_renamed", Some(&ops), None).await.json();
    let events = audit["events"].as_array().unwrap();
    assert_eq!(events.len(), 1, "{audit}");
    assert_eq!(events[0]["actor"], OPS);
    assert!(events[0]["detail"].as_str().unwrap().contains("Rude Lab"), "the old name is kept");
    let csv = call(&app, "GET", "/api/v1/operator/audit?team=renamed%20lab&format=csv", Some(&ops), None).await;
    assert!(csv.headers["content-type"].to_str().unwrap().starts_with("text/csv"));
    let mut lines = csv.body.lines();
    assert_eq!(lines.next(), Some("id,at,event,team_id,team,actor,reason,detail"));
    let rows: Vec<&str> = lines.collect();
    assert!(rows.iter().any(|l| l.contains("model_renamed") && l.contains("command line")), "{rows:?}");
    assert!(rows.iter().any(|l| l.contains("quotas_changed") && l.contains("daily default -> 1")), "{rows:?}");
    assert!(rows.iter().all(|l| l.contains("Renamed Lab")), "one team's events only: {rows:?}");
    let cli_csv = cli(&app, &["operator", "audit", "--team", "Renamed Lab", "--csv"]);
    assert_eq!(cli_csv.lines().count(), csv.body.lines().count(), "{cli_csv}");
    app.finish().await;
}

async fn banners_and_read_only_mode(backend: Backend) {
    let Some((app, ops, team, _)) = board_with_an_operator(backend).await else { return };
    let past = medarabench(
        &["operator", "announce", "--en", "x", "--ar", "س", "--until", "2020-01-01T00:00:00Z"],
        Some(app.database_url()),
    );
    assert!(!past.status.success() && stderr(&past).contains("future"), "{}", stderr(&past));
    let id = cli(
        &app,
        &[
            "operator",
            "announce",
            "--en",
            "Scores freeze on Friday",
            "--ar",
            "تُجمَّد النتائج يوم الجمعة",
            "--level",
            "warning",
            "--until",
            "48h",
        ],
    );
    let id = id.trim().to_owned();
    for path in ["/", "/dataset", "/submit"] {
        let page = app.get(path).await.body;
        assert!(page.contains("Scores freeze on Friday"), "{path}");
    }
    let arabic = app.get("/?lang=ar").await.body;
    assert!(
        arabic.contains("تُجمَّد النتائج يوم الجمعة") && !arabic.contains("Scores freeze"),
        "the page's language only"
    );
    let listed = call(&app, "GET", "/api/v1/operator/announcements", Some(&ops), None).await.json();
    assert_eq!(listed["announcements"][0]["level"], "warning");
    let gone = call(&app, "DELETE", &format!("/api/v1/operator/announcements/{id}"), Some(&ops), None).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.body);
    assert!(!app.get("/").await.body.contains("Scores freeze on Friday"), "taken down");
    let ended = call(
        &app,
        "POST",
        "/api/v1/operator/announcements",
        Some(&ops),
        Some(json!({"en": "Short", "ar": "قصير", "until": 1})),
    )
    .await;
    assert_eq!(ended.status, StatusCode::BAD_REQUEST, "{}", ended.body);

    // A banner ends on time, though nothing is written then: the cached
    // page that showed it is not served after its end.
    cli(&app, &["operator", "announce", "--en", "Ends in a moment", "--ar", "ينتهي بعد لحظة", "--until", "2s"]);
    assert!(app.get("/").await.body.contains("Ends in a moment"));
    assert!(app.get("/").await.body.contains("Ends in a moment"), "served from the page cache");
    tokio::time::sleep(std::time::Duration::from_millis(3100)).await;
    assert!(!app.get("/").await.body.contains("Ends in a moment"), "gone at its end");

    // Read-only: uploads and registrations answer 503 with Retry-After,
    // every page says why, browsing and sign-in keep working.
    let on = call(
        &app,
        "PUT",
        "/api/v1/operator/read-only",
        Some(&ops),
        Some(json!({"on": true, "reason": "moving disks"})),
    )
    .await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.body);
    let upload = app.upload_raw(&team, "model_name=Paused", TestApp::demo_predictions(0.5, 9)).await;
    assert_eq!(upload.status, StatusCode::SERVICE_UNAVAILABLE, "{}", upload.body);
    assert_eq!(upload.json()["error"]["code"], "read_only");
    assert!(upload.headers.contains_key("retry-after"));
    let register = app
        .post_json("/api/v1/teams", json!({"name": "Late Lab", "email": "lead@late.example", "password": PASSWORD}))
        .await;
    assert_eq!(register.status, StatusCode::SERVICE_UNAVAILABLE, "{}", register.body);
    let home = app.get("/").await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(home.body.contains("id=\"read-only-notice\""), "every page says why");
    let signin = app.post_json("/api/v1/tokens", json!({"email": "lead@rude.example", "password": PASSWORD})).await;
    assert_eq!(signin.status, StatusCode::CREATED, "signing in still works");
    cli(&app, &["operator", "read-only", "off"]);
    let upload = app.upload_raw(&team, "model_name=Paused", TestApp::demo_predictions(0.5, 9)).await;
    assert_eq!(upload.status, StatusCode::CREATED, "{}", upload.body);
    assert!(!app.get("/").await.body.contains("id=\"read-only-notice\""));
    let audit = cli(&app, &["operator", "audit", "--event", "read_only_on"]);
    assert!(audit.contains("moving disks") && audit.contains(OPS), "{audit}");
    app.finish().await;
}

async fn the_operator_page_does_it_all_with_plain_forms(backend: Backend) {
    let Some((app, _, _, id)) = board_with_an_operator(backend).await else { return };
    let member = app.signin("lead@rude.example").await;
    assert_eq!(app.get_with_cookie("/operator", &member).await.status, StatusCode::NOT_FOUND, "not an operator");
    assert_eq!(app.get("/operator").await.status, StatusCode::NOT_FOUND, "signed out");
    let refused = app.post_form("/operator/hide", &[("id", &id), ("reason", "x")], Some(&member)).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND, "{}", refused.body);

    let ops = app.signin(OPS).await;
    let page = app.get_with_cookie("/operator", &ops).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    for form in
        ["read-only-form", "announce-form", "hide-form", "ban-form", "rename-team-form", "quota-form", "audit-filter"]
    {
        assert!(page.body.contains(&format!("id=\"{form}\"")), "{form}");
    }
    let arabic = app.get_with_cookie("/operator?lang=ar", &ops).await.body;
    assert!(arabic.contains("dir=\"rtl\"") && arabic.contains("المشرفون"), "the page in Arabic");

    // Each form goes back to the page saying what it did.
    let hide = app.post_form("/operator/hide", &[("lang", "ar"), ("id", &id), ("reason", "spam")], Some(&ops)).await;
    assert_eq!(hide.status, StatusCode::SEE_OTHER);
    assert_eq!(hide.headers["location"], "/operator?done=changed&lang=ar");
    assert!(!app.get("/api/v1/leaderboard").await.body.contains("Rude-Model"));
    let page = app.get_with_cookie("/operator?done=changed", &ops).await.body;
    assert!(page.contains("id=\"operator-done\"") && page.contains("id=\"hidden-submissions\""), "{page}");
    let again = app.post_form("/operator/hide", &[("id", &id), ("reason", "spam")], Some(&ops)).await;
    assert_eq!(again.headers["location"], "/operator?done=unchanged");
    let unknown = app.post_form("/operator/restore", &[("id", "s_nothing")], Some(&ops)).await;
    assert_eq!(unknown.headers["location"], "/operator?error=not_found");
    let restore = app.post_form("/operator/restore", &[("id", &id)], Some(&ops)).await;
    assert_eq!(restore.headers["location"], "/operator?done=changed");
    let past = app
        .post_form(
            "/operator/announce",
            &[("en", "Old"), ("ar", "قديم"), ("level", "info"), ("until", "2020-01-01T10:00")],
            Some(&ops),
        )
        .await;
    assert_eq!(past.headers["location"], "/operator?error=invalid");
    let up = app
        .post_form(
            "/operator/announce",
            &[("en", "Maintenance at noon"), ("ar", "صيانة ظهرًا"), ("level", "warning"), ("until", "")],
            Some(&ops),
        )
        .await;
    assert_eq!(up.headers["location"], "/operator?done=changed");
    assert!(app.get("/").await.body.contains("Maintenance at noon"));
    let quota =
        app.post_form("/operator/quota", &[("team", "rude lab"), ("daily", "two"), ("total", "")], Some(&ops)).await;
    assert_eq!(quota.headers["location"], "/operator?error=invalid");
    let ban = app.post_form("/operator/ban", &[("team", "rude lab"), ("reason", "spam wave")], Some(&ops)).await;
    assert_eq!(ban.headers["location"], "/operator?done=changed");
    assert!(app.get_with_cookie("/operator", &ops).await.body.contains("id=\"banned-teams\""));
    let taken =
        app.post_form("/operator/rename-team", &[("team", "rude lab"), ("new", "Board Operators")], Some(&ops)).await;
    assert_eq!(taken.headers["location"], "/operator?error=name_taken");

    // A cross-site post is refused before anything is read.
    let forged = app
        .request(
            axum::http::Request::post("/operator/unban")
                .header("content-type", "application/x-www-form-urlencoded")
                .header("host", "127.0.0.1:3000")
                .header("origin", "https://evil.example")
                .header("cookie", format!("mb_session={ops}"))
                .body(Body::from("team=rude+lab"))
                .unwrap(),
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);

    // The audit log filtered on the page, and as CSV.
    let filtered = app.get_with_cookie("/operator?team=Rude%20Lab&event=team_banned", &ops).await.body;
    assert!(filtered.contains("spam wave") && filtered.contains(OPS), "who and why");
    assert!(!filtered.contains("submission_hidden</code>"), "one event kind");
    let csv = app.get_with_cookie("/operator/audit.csv?team=rude+lab&event=", &ops).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.body.starts_with("id,at,event,team_id,team,actor,reason,detail"));
    assert!(csv.body.contains("team_banned") && csv.body.contains("submission_restored"), "{}", csv.body);
    assert_eq!(app.get_with_cookie("/operator/audit.csv", &member).await.status, StatusCode::NOT_FOUND);
    app.finish().await;
}
