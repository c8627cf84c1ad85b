//! `/api/v1/operator/...`: what an operator does, with an operator's API
//! token (`Authorization: Bearer TOKEN` of a member marked by `medarabench
//! operator grant`). Anyone else, signed in or not, gets 404 on every
//! route here, before the body is read.

use app::domain::operator::{Announcement, AuditEvent, Level, audit_csv};
use app::services::Viewer;
use app::services::operator::{self, Actor, AuditFilter};
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::StatusCode;
use axum::http::header::{self, HeaderValue};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::HttpError;
use super::json_body::JsonBody;
use super::views::ErrorView;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/v1/operator/operators/{email}", put(grant).delete(revoke))
        .route("/api/v1/operator/submissions/{id}/hide", post(hide))
        .route("/api/v1/operator/submissions/{id}/restore", post(restore))
        .route("/api/v1/operator/submissions/{id}/clear-flags", post(clear_flags))
        .route("/api/v1/operator/submissions/{id}/restore-flags", post(restore_flags))
        .route("/api/v1/operator/submissions/{id}/model", put(rename_model))
        .route("/api/v1/operator/teams/{team}/ban", post(ban))
        .route("/api/v1/operator/teams/{team}/unban", post(unban))
        .route("/api/v1/operator/teams/{team}/name", put(rename_team))
        .route("/api/v1/operator/teams/{team}/quotas", put(quotas))
        .route("/api/v1/operator/announcements", get(announcements).post(announce))
        .route("/api/v1/operator/announcements/{id}", delete(unannounce))
        .route("/api/v1/operator/read-only", get(read_only).put(set_read_only))
        .route("/api/v1/operator/audit", get(audit))
        // Another method on these paths answers as a path that does not
        // exist would, not 405 with the methods it has.
        .method_not_allowed_fallback(|| async { HttpError::from(app::services::ServiceError::NotFound) })
}

/// The operator a request acts for, by its bearer token; 404 for anyone
/// else.
pub struct OperatorToken(pub Actor);

impl FromRequestParts<AppState> for OperatorToken {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let viewer = Viewer::from_request_parts(parts, state).await.unwrap_or_default();
        Ok(Self(operator::operator(&state.db, &viewer, true).await?))
    }
}

/// What an action did.
#[derive(Debug, Serialize, ToSchema)]
pub struct DoneView {
    /// `false`: it was so already, and nothing was written.
    pub changed: bool,
}

/// Why (kept in the audit log; shown to the team for hiding and banning).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReasonBody {
    #[schema(min_length = 1, max_length = 500)]
    reason: String,
}

/// A new name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NameBody {
    name: String,
}

/// The name it had before.
#[derive(Debug, Serialize, ToSchema)]
pub struct RenamedView {
    pub old: String,
    pub new: String,
}

/// A team's quotas; `null` is the server's default.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct QuotasBody {
    #[schema(required = true, minimum = 0, maximum = 1_000_000)]
    daily: Option<i64>,
    #[schema(required = true, minimum = 0, maximum = 1_000_000)]
    total: Option<i64>,
}

/// A banner for every page.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AnnounceBody {
    #[schema(min_length = 1, max_length = 500)]
    en: String,
    #[schema(min_length = 1, max_length = 500)]
    ar: String,
    #[serde(default)]
    level: Level,
    /// Unix time it stops being shown; absent or `null`: until removed.
    #[serde(default)]
    until: Option<i64>,
}

/// The banners up now.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnnouncementsView {
    pub announcements: Vec<Announcement>,
}

/// A new banner's id.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnnouncedView {
    pub id: i64,
}

/// Read-only mode: uploads and registrations answer 503.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ReadOnlyBody {
    on: bool,
    /// Why (kept in the audit log).
    #[serde(default)]
    #[schema(max_length = 500)]
    reason: String,
}

/// Audit events, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditView {
    pub events: Vec<AuditEvent>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// Only this team's events (its name, any case).
    team: Option<String>,
    /// Only this kind of event, e.g. `team_banned`.
    event: Option<String>,
    /// At most this many (default 1000, at most 10000).
    limit: Option<i64>,
    /// `csv` for CSV instead of JSON.
    format: Option<String>,
}

/// Makes the member with this address an operator.
#[utoipa::path(put, path = "/api/v1/operator/operators/{email}", tag = "operator",
    params(("email" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = DoneView), (status = 404, description = "not an operator, or no such member", body = ErrorView)))]
async fn grant(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(email): Path<String>,
) -> Result<Json<DoneView>, HttpError> {
    Ok(Json(DoneView { changed: operator::set_operator(&s.db, &a, &email, true).await? }))
}

/// Stops a member being an operator.
#[utoipa::path(delete, path = "/api/v1/operator/operators/{email}", tag = "operator",
    params(("email" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = DoneView), (status = 404, description = "not an operator, or no such member", body = ErrorView)))]
async fn revoke(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(email): Path<String>,
) -> Result<Json<DoneView>, HttpError> {
    Ok(Json(DoneView { changed: operator::set_operator(&s.db, &a, &email, false).await? }))
}

/// Hides a submission from every public surface; its team sees the reason.
#[utoipa::path(post, path = "/api/v1/operator/submissions/{id}/hide", tag = "operator",
    params(("id" = String, Path)), request_body = ReasonBody, security(("bearer" = [])),
    responses((status = 200, body = DoneView), (status = 400, description = "no reason given", body = ErrorView),
        (status = 404, description = "not an operator, or no such submission", body = ErrorView)))]
async fn hide(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<ReasonBody>,
) -> Result<Json<DoneView>, HttpError> {
    Ok(Json(DoneView { changed: operator::hide(&s.db, &a, &id, &body.reason).await? }))
}

/// Puts a hidden submission back.
#[utoipa::path(post, path = "/api/v1/operator/submissions/{id}/restore", tag = "operator",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = DoneView), (status = 404, description = "not an operator, or no such submission", body = ErrorView)))]
async fn restore(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(id): Path<String>,
) -> Result<Json<DoneView>, HttpError> {
    Ok(Json(DoneView { changed: operator::restore(&s.db, &a, &id).await? }))
}

/// Clears a flagged submission's flags after review: no surface shows
/// them, and its row is ranked again.
#[utoipa::path(post, path = "/api/v1/operator/submissions/{id}/clear-flags", tag = "operator",
    params(("id" = String, Path)), request_body = ReasonBody, security(("bearer" = [])),
    responses((status = 200, body = DoneView), (status = 400, description = "no reason given", body = ErrorView),
        (status = 404, description = "not an operator, or no such submission with flags", body = ErrorView)))]
async fn clear_flags(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<ReasonBody>,
) -> Result<Json<DoneView>, HttpError> {
    Ok(Json(DoneView { changed: operator::clear_flags(&s.db, &a, &id, &body.reason).await? }))
}

/// Shows a submission's cleared flags again; its row is not ranked until
/// they are cleared.
#[utoipa::path(post, path = "/api/v1/operator/submissions/{id}/restore-flags", tag = "operator",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = DoneView),
        (status = 404, description = "not an operator, or no such submission with flags", body = ErrorView)))]
async fn restore_flags(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(id): Path<String>,
) -> Result<Json<DoneView>, HttpError> {
    Ok(Json(DoneView { changed: operator::restore_flags(&s.db, &a, &id).await? }))
}

/// Renames the model of one submission.
#[utoipa::path(put, path = "/api/v1/operator/submissions/{id}/model", tag = "operator",
    params(("id" = String, Path)), request_body = NameBody, security(("bearer" = [])),
    responses((status = 200, body = RenamedView), (status = 400, description = "the name is invalid", body = ErrorView),
        (status = 404, description = "not an operator, or no such submission", body = ErrorView)))]
async fn rename_model(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<NameBody>,
) -> Result<Json<RenamedView>, HttpError> {
    let old = operator::rename_model(&s.db, &a, &id, &body.name).await?;
    Ok(Json(RenamedView { old, new: body.name.trim().to_owned() }))
}

/// Bans a team: its rows leave the board, its tokens and sessions stop.
#[utoipa::path(post, path = "/api/v1/operator/teams/{team}/ban", tag = "operator",
    params(("team" = String, Path, description = "the team's name, any case")), request_body = ReasonBody, security(("bearer" = [])),
    responses((status = 200, body = DoneView), (status = 400, description = "no reason given", body = ErrorView),
        (status = 404, description = "not an operator, or no such team", body = ErrorView)))]
async fn ban(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(team): Path<String>,
    JsonBody(body): JsonBody<ReasonBody>,
) -> Result<Json<DoneView>, HttpError> {
    let (_, changed) = operator::ban(&s.db, &a, &team, &body.reason).await?;
    Ok(Json(DoneView { changed }))
}

/// Lifts a team's ban.
#[utoipa::path(post, path = "/api/v1/operator/teams/{team}/unban", tag = "operator",
    params(("team" = String, Path)), security(("bearer" = [])),
    responses((status = 200, body = DoneView), (status = 404, description = "not an operator, or no such team", body = ErrorView)))]
async fn unban(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(team): Path<String>,
) -> Result<Json<DoneView>, HttpError> {
    let (_, changed) = operator::unban(&s.db, &a, &team).await?;
    Ok(Json(DoneView { changed }))
}

/// Renames a team (the old name stays in the audit log).
#[utoipa::path(put, path = "/api/v1/operator/teams/{team}/name", tag = "operator",
    params(("team" = String, Path)), request_body = NameBody, security(("bearer" = [])),
    responses((status = 200, body = RenamedView), (status = 400, description = "the name is invalid", body = ErrorView),
        (status = 404, description = "not an operator, or no such team", body = ErrorView),
        (status = 409, description = "another team has the name", body = ErrorView)))]
async fn rename_team(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(team): Path<String>,
    JsonBody(body): JsonBody<NameBody>,
) -> Result<Json<RenamedView>, HttpError> {
    let old = operator::rename_team(&s.db, &a, &team, &body.name).await?;
    Ok(Json(RenamedView { old, new: body.name.trim().to_owned() }))
}

/// Sets a team's quotas.
#[utoipa::path(put, path = "/api/v1/operator/teams/{team}/quotas", tag = "operator",
    params(("team" = String, Path)), request_body = QuotasBody, security(("bearer" = [])),
    responses((status = 200, body = QuotasBody), (status = 400, description = "a quota is out of range", body = ErrorView),
        (status = 404, description = "not an operator, or no such team", body = ErrorView)))]
async fn quotas(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(team): Path<String>,
    JsonBody(body): JsonBody<QuotasBody>,
) -> Result<Json<QuotasBody>, HttpError> {
    operator::set_quotas(&s.db, &a, &team, body.daily, body.total).await?;
    Ok(Json(body))
}

/// The banners up now.
#[utoipa::path(get, path = "/api/v1/operator/announcements", tag = "operator", security(("bearer" = [])),
    responses((status = 200, body = AnnouncementsView), (status = 404, description = "not an operator", body = ErrorView)))]
async fn announcements(
    State(s): State<AppState>,
    OperatorToken(_): OperatorToken,
) -> Result<Json<AnnouncementsView>, HttpError> {
    Ok(Json(AnnouncementsView { announcements: operator::announcements(&s.db).await? }))
}

/// Puts up a banner on every page.
#[utoipa::path(post, path = "/api/v1/operator/announcements", tag = "operator", request_body = AnnounceBody, security(("bearer" = [])),
    responses((status = 201, body = AnnouncedView), (status = 400, description = "a text is missing or the end is past", body = ErrorView),
        (status = 404, description = "not an operator", body = ErrorView)))]
async fn announce(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    JsonBody(body): JsonBody<AnnounceBody>,
) -> Result<(StatusCode, Json<AnnouncedView>), HttpError> {
    let id = operator::announce(&s.db, &a, body.level, &body.en, &body.ar, body.until, operator::now()).await?;
    Ok((StatusCode::CREATED, Json(AnnouncedView { id })))
}

/// Takes a banner down.
#[utoipa::path(delete, path = "/api/v1/operator/announcements/{id}", tag = "operator",
    params(("id" = i64, Path)), security(("bearer" = [])),
    responses((status = 204, description = "taken down"), (status = 404, description = "not an operator, or no such banner up", body = ErrorView)))]
async fn unannounce(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    Path(id): Path<i64>,
) -> Result<StatusCode, HttpError> {
    operator::remove_announcement(&s.db, &a, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Whether the board is read-only.
#[utoipa::path(get, path = "/api/v1/operator/read-only", tag = "operator", security(("bearer" = [])),
    responses((status = 200, body = ReadOnlyBody), (status = 404, description = "not an operator", body = ErrorView)))]
async fn read_only(
    State(s): State<AppState>,
    OperatorToken(_): OperatorToken,
) -> Result<Json<ReadOnlyBody>, HttpError> {
    let on = operator::notices(&s.db).await?.read_only;
    Ok(Json(ReadOnlyBody { on, reason: String::new() }))
}

/// Pauses uploads and registrations, or lets them in again.
#[utoipa::path(put, path = "/api/v1/operator/read-only", tag = "operator", request_body = ReadOnlyBody, security(("bearer" = [])),
    responses((status = 200, body = DoneView), (status = 400, description = "the body is not valid JSON or the reason is too long", body = ErrorView),
        (status = 404, description = "not an operator", body = ErrorView)))]
async fn set_read_only(
    State(s): State<AppState>,
    OperatorToken(a): OperatorToken,
    JsonBody(body): JsonBody<ReadOnlyBody>,
) -> Result<Json<DoneView>, HttpError> {
    Ok(Json(DoneView { changed: operator::set_read_only(&s.db, &a, body.on, &body.reason).await? }))
}

/// The audit log, newest first, as JSON or (`format=csv`) CSV.
#[utoipa::path(get, path = "/api/v1/operator/audit", tag = "operator", params(AuditQuery), security(("bearer" = [])),
    responses((status = 200, body = AuditView, description = "JSON, or CSV with `format=csv`"),
        (status = 404, description = "not an operator", body = ErrorView)))]
async fn audit(
    State(s): State<AppState>,
    OperatorToken(_): OperatorToken,
    Query(q): Query<AuditQuery>,
) -> Result<Response, HttpError> {
    let filter = AuditFilter { team: q.team, event: q.event, limit: q.limit.unwrap_or(1000) };
    let events = operator::audit(&s.db, &filter).await?;
    if q.format.as_deref() == Some("csv") {
        let headers = [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"audit.csv\"")),
        ];
        return Ok((headers, audit_csv(&events)).into_response());
    }
    Ok(Json(AuditView { events }).into_response())
}
