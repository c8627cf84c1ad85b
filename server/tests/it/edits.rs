//! A team changing (`PATCH /api/v1/submissions/{id}`) and withdrawing
//! (`DELETE`) its submissions: every change shows at once on the
//! submission and the board, invalid values change nothing, another team
//! gets 404, and a withdrawn submission leaves every shared surface while
//! its team still reads it.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use scraper::{Html, Selector};
use serde_json::{Value, json};

use crate::harness::{Backend, Response, TestApp};
use crate::on_both_backends;

on_both_backends!(
    each_field_changes_everywhere_at_once,
    a_private_submission_leaves_the_board_at_once,
    invalid_changes_change_nothing,
    other_teams_and_strangers_change_nothing,
    a_withdrawn_submission_is_its_teams_only,
    the_description_lists_both_operations,
);

async fn send(app: &TestApp, method: &str, path: &str, token: Option<&str>, body: Option<String>) -> Response {
    let mut req = Request::builder().method(method).uri(path);
    if let Some(token) = token {
        req = req.header("authorization", format!("Bearer {token}"));
    }
    let body = match body {
        Some(b) => {
            req = req.header("content-type", "application/json");
            Body::from(b)
        }
        None => Body::empty(),
    };
    app.request(req.body(body).unwrap()).await
}

pub(crate) async fn patch(app: &TestApp, token: &str, id: &str, body: Value) -> Response {
    send(app, "PATCH", &format!("/api/v1/submissions/{id}"), Some(token), Some(body.to_string())).await
}

async fn withdraw(app: &TestApp, token: &str, id: &str) -> Response {
    send(app, "DELETE", &format!("/api/v1/submissions/{id}"), Some(token), None).await
}

async fn get_own(app: &TestApp, token: &str, id: &str) -> Response {
    send(app, "GET", &format!("/api/v1/submissions/{id}"), Some(token), None).await
}

/// Uploads `model` (public unless `query` says otherwise) and returns its id.
async fn upload(app: &TestApp, token: &str, query: &str, seed: u64) -> String {
    let resp = app.upload_raw(token, query, TestApp::demo_predictions(0.6, seed)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
    resp.json()["id"].as_str().unwrap().to_owned()
}

/// The board's row of submission `id`, if it has one.
async fn board_row(app: &TestApp, id: &str) -> Option<Value> {
    let board = app.get("/api/v1/leaderboard").await.json();
    board["rows"].as_array().unwrap().iter().find(|r| r["submission_id"] == id).cloned()
}

/// Whether the CSV export has a line naming `id`.
async fn in_csv(app: &TestApp, id: &str) -> bool {
    app.get("/api/v1/leaderboard.csv").await.body.lines().any(|l| l.contains(id))
}

/// The fields named in an error's `details`.
fn detail_fields(resp: &Response) -> Vec<String> {
    let mut fields: Vec<String> = resp.json()["error"]["details"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["field"].as_str().unwrap().to_owned())
        .collect();
    fields.sort();
    fields
}

async fn each_field_changes_everywhere_at_once(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Edit Lab", "e@edit.example").await;
    let id = upload(&app, &token, "model_name=Edited-8B", 1).await;
    let version = app.get("/api/v1/leaderboard").await.json()["board_version"].clone();

    // (field, value sent, where the submission object shows it, what it shows)
    let cases = [
        ("model_url", json!("https://example.org/edited"), "/model_url", json!("https://example.org/edited")),
        ("model_params", json!("8B"), "/model_params", json!("8B")),
        ("notes", json!("a private remark"), "/notes", json!("a private remark")),
        ("prompt_language", json!("ar"), "/protocol/prompt_language", json!("ar")),
        ("shots", json!(3), "/protocol/shots", json!(3)),
        ("shots", json!("5"), "/protocol/shots", json!(5)),
        ("temperature", json!(0.7), "/protocol/temperature", json!(0.7)),
        ("chain_of_thought", json!("yes"), "/protocol/chain_of_thought", json!("yes")),
        ("extraction", json!("first letter"), "/protocol/extraction", json!("first letter")),
        ("contamination", json!("train"), "/contamination", json!("train")),
        ("temperature", Value::Null, "/protocol/temperature", Value::Null),
        ("temperature", json!(1.5), "/protocol/temperature", json!(1.5)),
    ];
    for (field, value, pointer, shown) in cases {
        let resp = patch(&app, &token, &id, json!({ field: value })).await;
        assert_eq!(resp.status, StatusCode::OK, "{field}: {}", resp.body);
        assert_eq!(resp.json().pointer(pointer), Some(&shown), "{field}: the answer");
        let got = app.get(&format!("/api/v1/submissions/{id}")).await;
        assert_eq!(got.json().pointer(pointer), Some(&shown), "{field}: GET, anonymous (public)");
    }
    let one = app.get(&format!("/api/v1/submissions/{id}")).await.json();
    assert_eq!(one["model_name"], "Edited-8B");
    assert_eq!(one["withdrawn"], false);
    assert_eq!(one["withdrawn_at"], Value::Null);

    let row = board_row(&app, &id).await.expect("still on the board");
    assert_eq!(row["params"], "8B", "{row}");
    assert_eq!(row["contamination"], "train", "{row}");
    let board = app.get("/api/v1/leaderboard").await.json();
    assert_ne!(board["board_version"], version, "the board moved on");

    // Several at once; a value already stored changes nothing.
    let resp = patch(&app, &token, &id, json!({"model_params": "9B", "contamination": "none", "shots": 5})).await;
    assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
    assert_eq!(board_row(&app, &id).await.unwrap()["params"], "9B");
    let unchanged = app.get("/api/v1/leaderboard").await.json()["board_version"].clone();
    let resp = patch(&app, &token, &id, json!({"model_params": "9B"})).await;
    assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
    assert_eq!(app.get("/api/v1/leaderboard").await.json()["board_version"], unchanged, "nothing changed");

    // The audit log names the fields changed, never the notes' words.
    let events = app::db::audit::events(&app.state.db, "submission_changed").await.unwrap();
    assert_eq!(events.len(), 13, "one event per change that changed something: {events:?}");
    assert!(events.iter().all(|(_, team, detail)| team.is_some() && detail.starts_with(&id)), "{events:?}");
    assert!(events.iter().any(|(_, _, detail)| detail.ends_with("notes")), "{events:?}");
    assert!(events[0].2.contains("model_params") && events[0].2.contains("contamination"), "{events:?}");
    assert!(!events.iter().any(|(_, _, detail)| detail.contains("private remark")), "{events:?}");
    app.finish().await;
}

async fn a_private_submission_leaves_the_board_at_once(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Shy Lab", "s@shy.example").await;
    let id = upload(&app, &token, "model_name=Shy-1B", 2).await;
    assert!(board_row(&app, &id).await.is_some() && in_csv(&app, &id).await, "public at first");

    let resp = patch(&app, &token, &id, json!({"visibility": "private"})).await;
    assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
    assert_eq!(resp.json()["visibility"], "private");
    assert!(board_row(&app, &id).await.is_none(), "gone from the board's JSON");
    assert!(!in_csv(&app, &id).await, "gone from its CSV");
    assert_eq!(app.get(&format!("/api/v1/submissions/{id}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(get_own(&app, &token, &id).await.json()["visibility"], "private", "its team still reads it");

    let resp = patch(&app, &token, &id, json!({"visibility": " Public "})).await;
    assert_eq!(resp.status, StatusCode::OK, "read as at upload: {}", resp.body);
    assert!(board_row(&app, &id).await.is_some() && in_csv(&app, &id).await, "back on the board");
    app.finish().await;
}

async fn invalid_changes_change_nothing(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Careful Lab", "c@careful.example").await;
    let id = upload(&app, &token, "model_name=Careful-2B&notes=kept&shots=1", 3).await;
    let before = get_own(&app, &token, &id).await.body;

    let resp = patch(
        &app,
        &token,
        &id,
        json!({
            "visibility": "secret", "model_url": "javascript:alert(1)", "shots": -1, "temperature": "hot",
            "contamination": "maybe", "prompt_language": "fr", "chain_of_thought": "perhaps",
            "model_params": "8B\u{202E}", "notes": "changed",
        }),
    )
    .await;
    assert_eq!(resp.status, StatusCode::BAD_REQUEST, "{}", resp.body);
    assert_eq!(resp.json()["error"]["code"], "invalid_fields");
    assert_eq!(
        detail_fields(&resp),
        [
            "chain_of_thought",
            "contamination",
            "model_params",
            "model_url",
            "prompt_language",
            "shots",
            "temperature",
            "visibility"
        ],
        "every invalid field named, and only those"
    );

    let resp = patch(&app, &token, &id, json!({"model_name": "Renamed-2B"})).await;
    assert_eq!(resp.status, StatusCode::BAD_REQUEST, "{}", resp.body);
    assert_eq!(resp.json()["error"]["code"], "model_name_immutable");

    let resp = patch(&app, &token, &id, json!({"colour": "red", "notes": "x", "size": 9})).await;
    assert_eq!(resp.status, StatusCode::BAD_REQUEST, "{}", resp.body);
    assert_eq!(resp.json()["error"]["code"], "unknown_fields");
    let message = resp.json()["error"]["message"].as_str().unwrap().to_owned();
    assert!(message.contains("colour") && message.contains("size"), "names each: {message}");

    let resp = patch(&app, &token, &id, json!({"notes": true, "shots": [1]})).await;
    assert_eq!(resp.status, StatusCode::BAD_REQUEST, "{}", resp.body);
    let message = resp.json()["error"]["message"].as_str().unwrap().to_owned();
    assert!(message.contains("notes") && message.contains("shots"), "names each: {message}");

    let path = format!("/api/v1/submissions/{id}");
    for body in ["[1, 2]", "not json", ""] {
        let resp = send(&app, "PATCH", &path, Some(&token), Some(body.to_owned())).await;
        assert_eq!(resp.status, StatusCode::BAD_REQUEST, "{body:?}: {}", resp.body);
        assert_eq!(resp.json()["error"]["code"], "invalid_json");
    }

    // In Arabic, the same code.
    let req = Request::patch(&path)
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json")
        .header("accept-language", "ar")
        .body(Body::from(json!({"model_name": "x"}).to_string()))
        .unwrap();
    let resp = app.request(req).await;
    assert_eq!(resp.status, StatusCode::BAD_REQUEST);
    assert_eq!(resp.json()["error"]["code"], "model_name_immutable");
    assert!(resp.json()["error"]["message"].as_str().unwrap().contains("اسم النموذج"), "{}", resp.body);

    assert_eq!(get_own(&app, &token, &id).await.body, before, "nothing changed");
    assert!(app::db::audit::events(&app.state.db, "submission_changed").await.unwrap().is_empty());
    app.finish().await;
}

async fn other_teams_and_strangers_change_nothing(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let owner = app.team_with_token("Owner Lab", "o@owner.example").await;
    let other = app.team_with_token("Other Lab", "o@other.example").await;
    let id = upload(&app, &owner, "model_name=Owned-3B", 4).await;
    let private = upload(&app, &owner, "model_name=Owned-Private&visibility=private", 5).await;
    let before = get_own(&app, &owner, &id).await.body;

    let unknown = patch(&app, &other, "no-such-id", json!({"notes": "x"})).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    for target in [&id, &private] {
        let resp = patch(&app, &other, target, json!({"visibility": "private", "notes": "x"})).await;
        assert_eq!(resp.status, StatusCode::NOT_FOUND, "{}", resp.body);
        assert_eq!(resp.body, unknown.body, "another team's is answered as an unknown id");
        let resp = withdraw(&app, &other, target).await;
        assert_eq!(resp.status, StatusCode::NOT_FOUND, "{}", resp.body);
        assert_eq!(resp.body, unknown.body);
    }
    let path = format!("/api/v1/submissions/{id}");
    for token in [None, Some("mbt_not_a_token")] {
        for method in ["PATCH", "DELETE"] {
            let body = (method == "PATCH").then(|| json!({"notes": "x"}).to_string());
            let resp = send(&app, method, &path, token, body).await;
            assert_eq!(resp.status, StatusCode::UNAUTHORIZED, "{method} {token:?}: {}", resp.body);
            assert_eq!(resp.json()["error"]["code"], "unauthorized");
        }
    }
    assert_eq!(get_own(&app, &owner, &id).await.body, before, "nothing changed");
    assert!(board_row(&app, &id).await.is_some(), "still on the board");
    for event in ["submission_changed", "submission_withdrawn"] {
        assert!(app::db::audit::events(&app.state.db, event).await.unwrap().is_empty(), "{event}");
    }
    app.finish().await;
}

async fn a_withdrawn_submission_is_its_teams_only(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Retiring Lab", "r@retiring.example").await;
    let other = app.team_with_token("Watching Lab", "w@watching.example").await;
    let id = upload(&app, &token, "model_name=Retired-7B", 6).await;
    let partner = upload(&app, &other, "model_name=Partner-7B", 7).await;
    let compare = format!("/compare?a={id}&b={partner}");
    let compared = |html: &str| html.contains("id=\"compare-sides\"");
    let offered = |html: &str| {
        let page = Html::parse_document(html);
        page.select(&Selector::parse(&format!("select[name='a'] option[value='{id}']")).unwrap()).count() > 0
    };
    let page = app.get(&compare).await.body;
    assert!(compared(&page) && offered(&page), "comparable at first");
    let quota_before = get_list(&app, &token).await["quota"]["total_remaining"].clone();

    let resp = withdraw(&app, &token, &id).await;
    assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
    let withdrawn = resp.json();
    assert_eq!(withdrawn["id"], id.as_str());
    assert_eq!(withdrawn["withdrawn"], true);
    let at = withdrawn["withdrawn_at"].as_i64().expect("a time");

    // Gone from every shared surface, and from every other viewer.
    assert!(board_row(&app, &id).await.is_none(), "off the board");
    assert!(!in_csv(&app, &id).await, "off the CSV");
    assert!(!app.get("/api/v1/leaderboard").await.body.contains("Retired-7B"));
    let page = app.get(&compare).await.body;
    assert!(!compared(&page) && !offered(&page), "no comparison, not in the pickers");
    for path in [
        format!("/api/v1/submissions/{id}"),
        format!("/submissions/{id}"),
        format!("/charts/submissions/{id}/heatmap.svg"),
    ] {
        assert_eq!(app.get(&path).await.status, StatusCode::NOT_FOUND, "anonymous: {path}");
    }
    assert_eq!(get_own(&app, &other, &id).await.status, StatusCode::NOT_FOUND, "another team");

    // Its team still reads it, marked withdrawn; it still counts.
    let own = get_own(&app, &token, &id).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.body);
    assert_eq!((own.json()["withdrawn"].clone(), own.json()["withdrawn_at"].clone()), (json!(true), json!(at)));
    let list = get_list(&app, &token).await;
    let listed = list["submissions"].as_array().unwrap().iter().find(|s| s["id"] == id.as_str()).cloned();
    assert_eq!(listed.expect("in the team's list")["withdrawn"], true);
    assert_eq!(list["quota"]["total_remaining"], quota_before, "still counts against the quota");
    let cookie = app.signin("r@retiring.example").await;
    assert_eq!(app.get_with_cookie(&format!("/submissions/{id}"), &cookie).await.status, StatusCode::OK);
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM submissions WHERE public_id = $1")
        .bind(&id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(count, 1, "kept in the database");

    // A second withdrawal answers the same and records nothing new.
    let again = withdraw(&app, &token, &id).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(again.json()["withdrawn_at"], at);
    let events = app::db::audit::events(&app.state.db, "submission_withdrawn").await.unwrap();
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].2, id);

    // No change once withdrawn.
    let resp = patch(&app, &token, &id, json!({"visibility": "public"})).await;
    assert_eq!(resp.status, StatusCode::CONFLICT, "{}", resp.body);
    assert_eq!(resp.json()["error"]["code"], "withdrawn");
    assert!(board_row(&app, &id).await.is_none(), "still off the board");

    // A new upload of the model is shown, with the withdrawn try among its attempts.
    let next = upload(&app, &token, "model_name=Retired-7B", 8).await;
    let row = board_row(&app, &next).await.expect("the new upload is shown");
    assert_eq!(row["attempts"], 2, "{row}");
    app.finish().await;
}

/// The team's own list.
async fn get_list(app: &TestApp, token: &str) -> Value {
    let resp = send(app, "GET", "/api/v1/submissions", Some(token), None).await;
    assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
    resp.json()
}

async fn the_description_lists_both_operations(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let doc = app.get("/api/v1/openapi.json").await.json();
    let one = &doc["paths"]["/api/v1/submissions/{id}"];
    for (method, statuses) in
        [("patch", &["200", "400", "401", "404", "409", "413", "429"][..]), ("delete", &["200", "401", "404", "429"])]
    {
        let responses = one[method]["responses"].as_object().unwrap_or_else(|| panic!("{method} is not described"));
        let mut listed: Vec<&str> = responses.keys().map(String::as_str).collect();
        listed.sort();
        assert_eq!(listed, statuses, "{method}");
    }
    let body = &one["patch"]["requestBody"]["content"]["application/json"]["schema"]["$ref"];
    assert_eq!(body, "#/components/schemas/SubmissionPatch");
    let patch_schema = &doc["components"]["schemas"]["SubmissionPatch"];
    assert_eq!(patch_schema["additionalProperties"], false, "{patch_schema}");
    assert!(patch_schema["properties"]["model_name"].is_null(), "the model name is not changeable");
    let view = &doc["components"]["schemas"]["SubmissionView"];
    // The score card is flattened into the view: its own fields are one part of an `allOf`.
    let parts = view["allOf"].as_array().map_or_else(|| vec![view], |all| all.iter().collect());
    let required: Vec<&str> =
        parts.iter().flat_map(|p| p["required"].as_array().into_iter().flatten()).filter_map(Value::as_str).collect();
    assert!(required.contains(&"withdrawn") && required.contains(&"withdrawn_at"), "{required:?}");
    app.finish().await;
}
