//! The OpenAPI description: served at /api/v1/openapi.json, version 3.1,
//! describing every REST operation the server routes, each with the
//! statuses it answers; the real answers carry every field their schema
//! requires; How to submit links it in both languages. (schemathesis
//! checks the whole API against it in CI.)

use axum::http::StatusCode;
use serde_json::Value;

use crate::harness::{Backend, TestApp};
use crate::on_both_backends;

on_both_backends!(the_description_matches_the_api);

/// The fields `schema` (after `$ref`s and `allOf`s) requires.
fn required_fields(doc: &Value, schema: &Value, out: &mut Vec<String>) {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap();
        return required_fields(doc, &doc["components"]["schemas"][name], out);
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        required_fields(doc, part, out);
    }
    for field in schema["required"].as_array().into_iter().flatten() {
        out.push(field.as_str().unwrap().to_owned());
    }
}

fn response_schema<'a>(doc: &'a Value, path: &str, method: &str, status: &str) -> &'a Value {
    let response = &doc["paths"][path][method]["responses"][status];
    assert!(response.is_object(), "{method} {path} does not describe {status}");
    &response["content"]["application/json"]["schema"]
}

/// `schema`, or the schema its `$ref` names.
fn resolved<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => resolved(doc, &doc["components"]["schemas"][reference.rsplit('/').next().unwrap()]),
        None => schema,
    }
}

/// Whether `body` has every field `schema` requires, and no other when
/// the schema allows no other.
fn fits(doc: &Value, schema: &Value, body: &Value) -> bool {
    let mut required = Vec::new();
    required_fields(doc, schema, &mut required);
    let schema = resolved(doc, schema);
    let closed = schema["additionalProperties"] == false;
    required.iter().all(|f| body.get(f).is_some())
        && (!closed || body.as_object().unwrap().keys().all(|k| schema["properties"].get(k).is_some()))
}

fn assert_has_required(doc: &Value, schema: &Value, body: &Value, what: &str) {
    if let Some(choices) = resolved(doc, schema)["oneOf"].as_array() {
        let fitting = choices.iter().filter(|choice| fits(doc, choice, body)).count();
        assert_eq!(fitting, 1, "{what}: the body fits {fitting} of the schema's oneOf, not exactly one");
        return;
    }
    let mut required = Vec::new();
    required_fields(doc, schema, &mut required);
    assert!(!required.is_empty(), "{what}: the schema requires nothing");
    for field in required {
        assert!(body.get(&field).is_some(), "{what}: `{field}` is required by the description but absent");
    }
}

async fn the_description_matches_the_api(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let resp = app.get("/api/v1/openapi.json").await;
    assert_eq!(resp.status, StatusCode::OK);
    assert!(resp.headers["content-type"].to_str().unwrap().starts_with("application/json"));
    let doc = resp.json();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"), "{}", doc["openapi"]);
    for (path, method) in [
        ("/api/v1/teams", "post"),
        ("/api/v1/tokens", "post"),
        ("/api/v1/submissions", "post"),
        ("/api/v1/submissions", "get"),
        ("/api/v1/submissions/{id}", "get"),
        ("/api/v1/leaderboard", "get"),
        ("/api/v1/leaderboard.csv", "get"),
    ] {
        assert!(doc["paths"][path][method].is_object(), "{method} {path} is not described");
    }
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
    for page in ["/submit", "/submit?lang=ar"] {
        let html = app.get(page).await.body;
        assert!(html.contains("href=\"/api/v1/openapi.json\""), "{page} does not link the description");
    }

    // Real answers against their described schemas.
    let token = app.team_with_token("Schema Lab", "s@schema.example").await;
    let upload = app.upload_raw(&token, "model_name=Described", TestApp::demo_predictions(0.6, 3)).await;
    assert_eq!(upload.status, StatusCode::CREATED, "{}", upload.body);
    let body = upload.json();
    assert_has_required(&doc, response_schema(&doc, "/api/v1/submissions", "post", "201"), &body, "upload");
    let id = body["id"].as_str().unwrap();
    let one = app.get(&format!("/api/v1/submissions/{id}")).await.json();
    assert_has_required(&doc, response_schema(&doc, "/api/v1/submissions/{id}", "get", "200"), &one, "submission");
    let board = app.get("/api/v1/leaderboard").await.json();
    let board_schema = response_schema(&doc, "/api/v1/leaderboard", "get", "200");
    assert_has_required(&doc, board_schema, &board, "leaderboard");
    let page = app.get("/api/v1/leaderboard?limit=2").await.json();
    assert_has_required(&doc, board_schema, &page, "leaderboard page");
    let bad_limit = app.get("/api/v1/leaderboard?limit=0").await.json();
    assert_has_required(&doc, response_schema(&doc, "/api/v1/leaderboard", "get", "400"), &bad_limit, "bad limit");
    let refused = app.upload_raw(&token, "model_name=Bad", "not,a,prediction,file\n").await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", refused.body);
    let error_schema = response_schema(&doc, "/api/v1/submissions", "post", "422");
    assert_has_required(&doc, error_schema, &refused.json(), "error");
    app.finish().await;
}
