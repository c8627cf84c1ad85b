//! The `/operator` page's forms (they work without JavaScript, and the
//! CSRF guard checks them as every cookie-authenticated write): each calls
//! the same service as `medarabench operator ...` and the API, then goes
//! back to `/operator` with `?done=changed|unchanged` or
//! `?error=not_found|invalid|name_taken`, in the form's language. Anyone
//! who is not a signed-in operator gets 404, as for an unknown address.

use app::domain::operator::{Level, audit_csv};
use app::i18n::Lang;
use app::services::operator::{self, Actor, AuditFilter};
use app::services::{ServiceError, Viewer};
use axum::Router;
use axum::extract::{Form, FromRequestParts, Query, State};
use axum::http::header::{self, HeaderValue};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;

use super::HttpError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/operator/read-only", post(read_only))
        .route("/operator/announce", post(announce))
        .route("/operator/unannounce", post(unannounce))
        .route("/operator/hide", post(hide))
        .route("/operator/restore", post(restore))
        .route("/operator/clear-flags", post(clear_flags))
        .route("/operator/restore-flags", post(restore_flags))
        .route("/operator/rename-model", post(rename_model))
        .route("/operator/ban", post(ban))
        .route("/operator/unban", post(unban))
        .route("/operator/rename-team", post(rename_team))
        .route("/operator/quota", post(quota))
        .route("/operator/audit.csv", get(audit_csv_export))
        .method_not_allowed_fallback(|| async { HttpError::from(ServiceError::NotFound) })
}

/// The signed-in operator (by session); 404 for anyone else.
pub struct OperatorSession(pub Actor);

impl FromRequestParts<AppState> for OperatorSession {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let viewer = Viewer::from_request_parts(parts, state).await.unwrap_or_default();
        Ok(Self(operator::operator(&state.db, &viewer, false).await?))
    }
}

/// Every field any of the forms sends (each reads its own).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct OperatorForm {
    lang: Option<String>,
    id: String,
    team: String,
    new: String,
    reason: String,
    en: String,
    ar: String,
    level: String,
    until: String,
    on: String,
    daily: String,
    total: String,
}

impl OperatorForm {
    fn lang(&self) -> Lang {
        Lang::from_param(self.lang.as_deref())
    }
}

/// Back to the page saying what the action did, or why it was refused;
/// an unexpected failure stays an error response.
fn outcome(lang: Lang, result: Result<bool, ServiceError>) -> Result<Response, HttpError> {
    let query = match result {
        Ok(true) => "done=changed",
        Ok(false) => "done=unchanged",
        Err(ServiceError::NotFound) => "error=not_found",
        Err(ServiceError::InvalidFields(_)) => "error=invalid",
        Err(ServiceError::Conflict { .. }) => "error=name_taken",
        Err(e) => return Err(e.into()),
    };
    let mut resp = axum::http::StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(&lang.href(&format!("/operator?{query}"))) {
        resp.headers_mut().insert(header::LOCATION, v);
    }
    Ok(resp)
}

/// A quota box: blank is the server's default.
fn quota_field(field: &'static str, value: &str) -> Result<Option<i64>, ServiceError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    value.parse().map(Some).map_err(|_| {
        let problem =
            app::domain::submission::FieldProblem::Number { min: "0".into(), max: operator::MAX_QUOTA.to_string() };
        ServiceError::InvalidFields(vec![app::domain::submission::FieldError::new(field, problem)])
    })
}

/// A `datetime-local` value (`2026-12-31T18:00`, read as UTC) as Unix
/// seconds; blank: no end.
fn until_field(value: &str) -> Result<Option<i64>, ServiceError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    let with_seconds = if value.len() == 16 { format!("{value}:00Z") } else { format!("{value}Z") };
    humantime::parse_rfc3339(&with_seconds)
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .and_then(|d| i64::try_from(d.as_secs()).ok())
        .map(Some)
        .ok_or_else(|| {
            let problem = app::domain::submission::FieldProblem::InThePast;
            ServiceError::InvalidFields(vec![app::domain::submission::FieldError::new("until", problem)])
        })
}

async fn read_only(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    let on = f.on == "on";
    outcome(f.lang(), operator::set_read_only(&s.db, &a, on, &f.reason).await)
}

async fn announce(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    let level = Level::parse(&f.level).unwrap_or_default();
    let result = match until_field(&f.until) {
        Ok(until) => operator::announce(&s.db, &a, level, &f.en, &f.ar, until, operator::now()).await.map(|_| true),
        Err(e) => Err(e),
    };
    outcome(f.lang(), result)
}

async fn unannounce(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    let result = match f.id.trim().parse::<i64>() {
        Ok(id) => operator::remove_announcement(&s.db, &a, id).await.map(|()| true),
        Err(_) => Err(ServiceError::NotFound),
    };
    outcome(f.lang(), result)
}

async fn hide(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    outcome(f.lang(), operator::hide(&s.db, &a, f.id.trim(), &f.reason).await)
}

async fn restore(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    outcome(f.lang(), operator::restore(&s.db, &a, f.id.trim()).await)
}

async fn clear_flags(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    outcome(f.lang(), operator::clear_flags(&s.db, &a, f.id.trim(), &f.reason).await)
}

async fn restore_flags(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    outcome(f.lang(), operator::restore_flags(&s.db, &a, f.id.trim()).await)
}

async fn rename_model(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    outcome(f.lang(), operator::rename_model(&s.db, &a, f.id.trim(), &f.new).await.map(|_| true))
}

async fn ban(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    outcome(f.lang(), operator::ban(&s.db, &a, &f.team, &f.reason).await.map(|(_, changed)| changed))
}

async fn unban(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    outcome(f.lang(), operator::unban(&s.db, &a, &f.team).await.map(|(_, changed)| changed))
}

async fn rename_team(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    outcome(f.lang(), operator::rename_team(&s.db, &a, &f.team, &f.new).await.map(|_| true))
}

async fn quota(
    State(s): State<AppState>,
    OperatorSession(a): OperatorSession,
    Form(f): Form<OperatorForm>,
) -> Result<Response, HttpError> {
    let result = match (quota_field("daily", &f.daily), quota_field("total", &f.total)) {
        (Ok(daily), Ok(total)) => operator::set_quotas(&s.db, &a, &f.team, daily, total).await.map(|_| true),
        (Err(e), _) | (_, Err(e)) => Err(e),
    };
    outcome(f.lang(), result)
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct AuditQuery {
    team: String,
    event: String,
}

/// The audit log as CSV, with the page's filter (up to 10,000 events).
async fn audit_csv_export(
    State(s): State<AppState>,
    OperatorSession(_): OperatorSession,
    Query(q): Query<AuditQuery>,
) -> Result<Response, HttpError> {
    let filter = AuditFilter {
        team: Some(q.team.trim().to_owned()).filter(|t| !t.is_empty()),
        event: Some(q.event.trim().to_owned()).filter(|e| !e.is_empty()),
        limit: operator::MAX_AUDIT_EVENTS,
    };
    let events = operator::audit(&s.db, &filter).await?;
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")),
        (header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"audit.csv\"")),
    ];
    Ok((headers, audit_csv(&events)).into_response())
}
