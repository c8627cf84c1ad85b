//! `POST /api/v1/submissions` (upload), `GET /api/v1/submissions` (the
//! team's own), `GET /api/v1/submissions/{id}`, and its owner's
//! `PATCH` (change) and `DELETE` (withdraw) of it.

use app::domain::submission::RawMeta;
use app::domain::visibility::Surface;
use app::domain::{Benchmark, Coded, Message};
use app::services::edits::{self, CHANGEABLE, Changes};
use app::services::sessions::LiveToken;
use app::services::submit::{Upload, accept, idempotency_key};
use app::services::{ServiceError, Viewer};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Query, Request, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::routing::get;
use axum::{Json, Router};

use super::HttpError;
use super::extract::{BearerTeam, Client, UploadToken};
use super::json_body::JsonBody;
use super::views::{ErrorView, SubmissionListView, SubmissionPatch, SubmissionView, UploadForm, UploadView};
use crate::state::AppState;

pub fn router(upload_limit: usize) -> Router<AppState> {
    Router::new()
        .route(
            "/api/v1/submissions",
            get(list_own).post(upload).layer(axum::extract::DefaultBodyLimit::max(upload_limit)),
        )
        .route("/api/v1/submissions/{id}", get(get_one).patch(change).delete(withdraw))
}

/// Reads the upload from a multipart form (`file` + metadata fields) or a
/// raw CSV/NDJSON body with metadata in the query string.
async fn read_upload(
    state: &AppState,
    token: &LiveToken,
    client: Client,
    query: Vec<(String, String)>,
    req: Request,
) -> Result<Upload, HttpError> {
    // A value that is not visible ASCII is refused as an empty one is.
    let header = req.headers().get("idempotency-key").map(|v| v.to_str().unwrap_or_default());
    let idempotency_key = idempotency_key(header)?;
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
    let (mut results, mut permuted) = (None, None);
    let file = if is_multipart {
        let mut form = Multipart::from_request(req, state).await.map_err(|e| {
            HttpError::bad_request(
                "invalid_multipart",
                Message::new("api-invalid-multipart").arg("detail", e.body_text()),
            )
        })?;
        let mut file = None;
        while let Some(field) = form.next_field().await.map_err(multipart_error)? {
            let name = field.name().unwrap_or_default().to_owned();
            if name == "file" {
                file = Some(field.bytes().await.map_err(multipart_error)?.to_vec());
            } else if name == "results" {
                results = Some(field.bytes().await.map_err(multipart_error)?.to_vec());
            } else if name == "permuted" {
                permuted = Some(field.bytes().await.map_err(multipart_error)?.to_vec());
            } else {
                let value = field.text().await.map_err(multipart_error)?;
                if name == "benchmark" {
                    benchmark = Some(value);
                } else {
                    meta.set(&name, value);
                }
            }
        }
        file.ok_or_else(|| HttpError::bad_request("missing_file", Message::new("api-no-file-field")))?
    } else {
        Bytes::from_request(req, state)
            .await
            .map_err(|e| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    HttpError::PayloadTooLarge(
                        Message::new("api-file-too-large").arg("limit", state.config.upload_limit),
                    )
                } else {
                    HttpError::bad_request(
                        "unreadable_body",
                        Message::new("api-unreadable-body").arg("detail", e.body_text()),
                    )
                }
            })?
            .to_vec()
    };
    let benchmark = match benchmark.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
        None => Benchmark::MedAraBench,
        Some(b) => b
            .parse()
            .map_err(|e: app::domain::UnknownBenchmark| HttpError::bad_request("unknown_benchmark", e.message()))?,
    };
    let (team_id, token_id) = (token.principal.team_id, Some(token.id));
    Ok(Upload { team_id, benchmark, meta, file, results, permuted, idempotency_key, client: client.0, token_id })
}

fn multipart_error(e: axum::extract::multipart::MultipartError) -> HttpError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        HttpError::PayloadTooLarge(Message::new("api-upload-too-large"))
    } else {
        HttpError::bad_request("invalid_multipart", Message::new("api-invalid-multipart").arg("detail", e.body_text()))
    }
}

/// Uploads a prediction file: scored at once against the benchmark's
/// default key and stored within the team's quota and its client
/// address's (uploads a UTC day across all teams).
#[utoipa::path(
    post, path = "/api/v1/submissions", tag = "submissions",
    security(("bearer" = [])),
    params(
        ("model_name" = Option<String>, Query, description = "the model's name (or a multipart field)"),
        ("benchmark" = Option<String>, Query, description = "`medarabench` (default) or `medarabiq`"),
        ("Idempotency-Key" = Option<String>, Header, description = "1-255 visible ASCII characters; a repeat answers 200 with the first submission"),
    ),
    request_body(description = "multipart/form-data with `file`, the metadata fields and optionally `results` \
        (lm-evaluation-harness's results_<date>.json, which fills the run facts left empty), or the raw prediction file",
        content((UploadForm = "multipart/form-data"), ("text/csv"), ("application/x-ndjson"))),
    responses(
        (status = 201, description = "scored and stored", body = UploadView),
        (status = 200, description = "a repeat of an earlier upload: its submission, nothing stored", body = UploadView),
        (status = 400, description = "a field is missing or invalid, or `results` is not an lm-evaluation-harness \
            results file (`invalid_results`)", body = ErrorView),
        (status = 401, description = "no or bad API token", body = ErrorView),
        (status = 413, description = "the file is too large", body = ErrorView),
        (status = 422, description = "the file was refused (every problem with its line)", body = ErrorView),
        (status = 429, description = "over the team's quota (`too_many_requests`), the client address's \
            (`client_quota_exceeded`) or the rate limit; see Retry-After", body = ErrorView),
        (status = 503, description = "no answer key is stored yet", body = ErrorView),
    ),
)]
pub(super) async fn upload(
    State(state): State<AppState>,
    UploadToken { token, secret }: UploadToken,
    client: Client,
    Query(query): Query<Vec<(String, String)>>,
    req: Request,
) -> Result<(StatusCode, Json<UploadView>), HttpError> {
    let upload = read_upload(&state, &token, client, query, req).await?;
    let accepted = match accept(state.scoring(), upload).await {
        // Revoked since it was remembered: not remembered any longer.
        Err(e @ ServiceError::Unauthorized(_)) => {
            state.tokens.forget(&secret).await;
            return Err(e.into());
        }
        accepted => accepted?,
    };
    // A repeat (a retry, a double click) answers 200 with the first submission.
    let status = if accepted.repeat { StatusCode::OK } else { StatusCode::CREATED };
    let body = UploadView {
        submission: SubmissionView::for_owner(&accepted.record),
        quota: (&accepted.quota).into(),
        repeat: accepted.repeat,
    };
    Ok((status, Json(body)))
}

/// The team's own submissions, newest first, with the quota left.
#[utoipa::path(
    get, path = "/api/v1/submissions", tag = "submissions",
    security(("bearer" = [])),
    responses(
        (status = 200, body = SubmissionListView),
        (status = 401, description = "no or bad API token", body = ErrorView),
    ),
)]
pub(super) async fn list_own(
    State(state): State<AppState>,
    BearerTeam(who): BearerTeam,
) -> Result<Json<SubmissionListView>, HttpError> {
    let (records, quota) = app::services::submissions::own(&state.db, who.team_id, state.quota_defaults()).await?;
    Ok(Json(SubmissionListView {
        submissions: records.iter().map(SubmissionView::for_owner).collect(),
        quota: (&quota).into(),
    }))
}

/// One submission: public ones for anyone, private ones for their team
/// (with its token or session); 404 otherwise, as for an unknown id.
#[utoipa::path(
    get, path = "/api/v1/submissions/{id}", tag = "submissions",
    params(("id" = String, Path, description = "the submission's public id")),
    security((), ("bearer" = [])),
    responses(
        (status = 200, body = SubmissionView),
        (status = 404, description = "unknown, or not visible to this caller", body = ErrorView),
    ),
)]
pub(super) async fn get_one(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Json<SubmissionView>, HttpError> {
    let seen = app::services::submissions::visible(&state.db, &viewer, &id, Surface::ApiObject).await?;
    Ok(Json(SubmissionView::new(&seen.record, seen.scores)))
}

/// The changes a JSON object asks for: text and numbers as an upload would
/// send them, `null` as an empty value. A changeable field holding
/// anything else (`true`, a list, an object) is refused, naming it.
fn changes_of(body: serde_json::Map<String, serde_json::Value>) -> Result<Changes, HttpError> {
    use serde_json::Value;
    let mut changes = Changes::default();
    let mut wrong = Vec::new();
    for (name, value) in body {
        match value {
            Value::String(text) => changes.set(name, text),
            Value::Number(n) => changes.set(name, n.to_string()),
            Value::Null => changes.set(name, ""),
            Value::Bool(chosen) if name == edits::FINAL => changes.set(name, chosen.to_string()),
            // Unknown names (and `model_name`) are the service's to refuse.
            _ if !CHANGEABLE.contains(&name.as_str()) => changes.set(name, ""),
            _ => wrong.push(name),
        }
    }
    if wrong.is_empty() {
        Ok(changes)
    } else {
        Err(HttpError::bad_request("invalid_json", Message::new("api-field-types").arg("fields", wrong.join(", "))))
    }
}

/// Changes a submission of the caller's team: its visibility, model
/// address, notes or protocol fields, each validated as at upload. The
/// model name cannot change. The board and its exports follow at once.
#[utoipa::path(
    patch, path = "/api/v1/submissions/{id}", tag = "submissions",
    params(("id" = String, Path, description = "the submission's public id")),
    security(("bearer" = [])),
    request_body = SubmissionPatch,
    responses(
        (status = 200, description = "changed (or already so): the submission as its team sees it", body = SubmissionView),
        (status = 400, description = "a value is invalid (each field named in `details`), a field is unknown \
            (`unknown_fields`), `model_name` was sent (`model_name_immutable`), or the body is not a JSON \
            object (`invalid_json`); nothing was changed", body = ErrorView),
        (status = 401, description = "no or bad API token", body = ErrorView),
        (status = 404, description = "unknown, or another team's", body = ErrorView),
        (status = 409, description = "the submission was withdrawn (`withdrawn`); `final` asked of a \
            submission whose key is public (`final_key_public`: never held out, or revealed) or beyond the \
            two chosen per model (`too_many_final`)", body = ErrorView),
        (status = 413, description = "the body is too large", body = ErrorView),
        (status = 429, description = "too many writes; see Retry-After", body = ErrorView),
    ),
)]
pub(super) async fn change(
    State(state): State<AppState>,
    BearerTeam(who): BearerTeam,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<serde_json::Map<String, serde_json::Value>>,
) -> Result<Json<SubmissionView>, HttpError> {
    let record = edits::change(&state.db, &who, &id, changes_of(body)?).await?;
    Ok(Json(SubmissionView::for_owner(&record)))
}

/// Withdraws a submission of the caller's team: off the board, its
/// exports, comparisons and every other team's view at once, but kept
/// (it still counts against the quotas and the model's attempts) and
/// still readable by its team, marked `withdrawn`. Withdrawing it again
/// answers the same and changes nothing.
#[utoipa::path(
    delete, path = "/api/v1/submissions/{id}", tag = "submissions",
    params(("id" = String, Path, description = "the submission's public id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "withdrawn (now or before): the submission as its team sees it", body = SubmissionView),
        (status = 401, description = "no or bad API token", body = ErrorView),
        (status = 404, description = "unknown, or another team's", body = ErrorView),
        (status = 429, description = "too many writes; see Retry-After", body = ErrorView),
    ),
)]
pub(super) async fn withdraw(
    State(state): State<AppState>,
    BearerTeam(who): BearerTeam,
    Path(id): Path<String>,
) -> Result<Json<SubmissionView>, HttpError> {
    let record = edits::withdraw(&state.db, &who, &id).await?;
    Ok(Json(SubmissionView::for_owner(&record)))
}
