//! `POST /api/v1/submissions` (upload), `GET /api/v1/submissions` (the
//! team's own) and `GET /api/v1/submissions/{id}`.

use app::db::submissions::{self, QuotaUse, SubmissionRecord};
use app::domain::Benchmark;
use app::domain::submission::RawMeta;
use app::domain::visibility::{Access, Surface, Viewer, access};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Query, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use super::HttpError;
use crate::auth::extract::{BearerTeam, session_cookie};
use crate::state::AppState;
use crate::submit::{Upload, accept};

pub fn router(upload_limit: usize) -> Router<AppState> {
    Router::new()
        .route(
            "/api/v1/submissions",
            get(list_own).post(upload).layer(axum::extract::DefaultBodyLimit::max(upload_limit)),
        )
        .route("/api/v1/submissions/{id}", get(get_one))
}

/// The API's submission object: identity, metadata, protocol card and the
/// score card's fields at the top level (as `score --json` prints them).
pub fn submission_json(r: &SubmissionRecord) -> Value {
    let mut v = serde_json::to_value(&r.card).unwrap_or_else(|_| json!({}));
    let m = &r.meta;
    let extra = json!({
        "id": r.public_id,
        "team": r.team_name,
        "benchmark": r.benchmark,
        "model_name": m.model_name,
        "model_url": m.model_url,
        "model_params": m.model_params,
        "notes": m.notes,
        "protocol": {
            "prompt_language": m.prompt_language,
            "shots": m.shots,
            "temperature": m.temperature,
            "chain_of_thought": m.chain_of_thought,
            "extraction": m.extraction,
        },
        "contamination": m.contamination,
        "visibility": m.visibility,
        "file_sha256": r.file_sha256,
        "file_format": r.file_format,
        "created_at": r.created_at,
        "key": {"name": r.key_name, "sha256": r.key_sha256, "synthetic": r.key_synthetic},
        "scores": r.card,
    });
    if let (Some(obj), Value::Object(more)) = (v.as_object_mut(), extra) {
        obj.extend(more);
    }
    v
}

fn quota_json(q: &QuotaUse) -> Value {
    json!({
        "daily_limit": q.daily_limit, "daily_remaining": q.daily_remaining(),
        "total_limit": q.total_limit, "total_remaining": q.total_remaining(),
        "remaining": q.remaining(),
    })
}

/// Reads the upload from a multipart form (`file` + metadata fields) or a
/// raw CSV/NDJSON body with metadata in the query string.
async fn read_upload(
    state: &AppState,
    team_id: i64,
    query: Vec<(String, String)>,
    req: Request,
) -> Result<Upload, HttpError> {
    let idempotency_key = crate::submit::idempotency_key(req.headers().get("idempotency-key"))?;
    let mut meta = RawMeta::default();
    let mut benchmark: Option<String> = None;
    for (k, v) in query {
        if k == "benchmark" {
            benchmark = Some(v);
        } else {
            meta.set(&k, v);
        }
    }
    let is_multipart = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let file = if is_multipart {
        let mut form = Multipart::from_request(req, state)
            .await
            .map_err(|e| HttpError::bad_request("invalid_multipart", e.body_text()))?;
        let mut file = None;
        while let Some(field) = form.next_field().await.map_err(multipart_error)? {
            let name = field.name().unwrap_or_default().to_owned();
            if name == "file" {
                file = Some(field.bytes().await.map_err(multipart_error)?.to_vec());
            } else {
                let value = field.text().await.map_err(multipart_error)?;
                if name == "benchmark" {
                    benchmark = Some(value);
                } else {
                    meta.set(&name, value);
                }
            }
        }
        file.ok_or_else(|| HttpError::bad_request("missing_file", "the multipart form has no `file` field"))?
    } else {
        Bytes::from_request(req, state)
            .await
            .map_err(|e| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    HttpError::PayloadTooLarge(format!("the file is larger than {} bytes", state.config.upload_limit))
                } else {
                    HttpError::bad_request("unreadable_body", e.body_text())
                }
            })?
            .to_vec()
    };
    let benchmark = match benchmark.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
        None => Benchmark::MedAraBench,
        Some(b) => b
            .parse()
            .map_err(|e: app::domain::UnknownBenchmark| HttpError::bad_request("unknown_benchmark", e.to_string()))?,
    };
    Ok(Upload { team_id, benchmark, meta, file, idempotency_key })
}

fn multipart_error(e: axum::extract::multipart::MultipartError) -> HttpError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        HttpError::PayloadTooLarge("the upload is larger than the size limit".into())
    } else {
        HttpError::bad_request("invalid_multipart", e.body_text())
    }
}

async fn upload(
    State(state): State<AppState>,
    BearerTeam(who): BearerTeam,
    Query(query): Query<Vec<(String, String)>>,
    req: Request,
) -> Result<(StatusCode, Json<Value>), HttpError> {
    let upload = read_upload(&state, who.team_id, query, req).await?;
    let accepted = accept(&state, upload).await?;
    let mut body = submission_json(&accepted.record);
    body["quota"] = quota_json(&accepted.quota);
    // A repeat (a retry, a double click) answers 200 with the first submission.
    body["repeat"] = json!(accepted.repeat);
    let status = if accepted.repeat { StatusCode::OK } else { StatusCode::CREATED };
    Ok((status, Json(body)))
}

async fn list_own(State(state): State<AppState>, BearerTeam(who): BearerTeam) -> Result<Json<Value>, HttpError> {
    let records = submissions::for_team(&state.db, who.team_id).await?;
    let quota = submissions::quota(&state.db, who.team_id, state.quota_defaults()).await?;
    Ok(Json(json!({
        "submissions": records.iter().map(submission_json).collect::<Vec<_>>(),
        "quota": quota_json(&quota),
    })))
}

async fn get_one(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, HttpError> {
    Ok(Json(submission_json(&visible(&state, &id, &headers, Surface::ApiObject).await?)))
}

/// The submission `id` as the request may see it on `surface`, as the
/// policy (`app::domain::visibility::access`) decides; 404 when hidden, as
/// for an unknown id.
pub(super) async fn visible(
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
    surface: Surface,
) -> Result<SubmissionRecord, HttpError> {
    let record = submissions::get(&state.db, id).await?.ok_or(HttpError::NotFound)?;
    let viewer = Viewer::from_team(viewer_team(state, headers).await);
    match access(viewer, record.team_id, record.meta.visibility, surface) {
        Access::Full => Ok(record),
        Access::Hidden => Err(HttpError::NotFound),
    }
}

async fn viewer_team(state: &AppState, headers: &HeaderMap) -> Option<i64> {
    if headers.contains_key(axum::http::header::AUTHORIZATION) {
        use axum::extract::FromRequestParts;
        let (mut parts, ()) = Request::new(()).into_parts();
        parts.headers = headers.clone();
        return BearerTeam::from_request_parts(&mut parts, state).await.ok().map(|b| b.0.team_id);
    }
    let cookie = session_cookie(headers)?;
    app::db::sessions::session_principal(&state.db, &crate::auth::secret_hash(&cookie))
        .await
        .ok()
        .flatten()
        .map(|p| p.team_id)
}
