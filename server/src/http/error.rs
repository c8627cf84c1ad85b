//! The API's error type: a status code, a stable machine-readable code and
//! a message for people. Internal causes are logged, never sent.

use app::db::DbError;
use app::domain::PredictionError;
use app::domain::submission::FieldError;
use app::services::ServiceError;
use app::services::clients::ClientLimitReached;
use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::views::{ErrorBodyView, ErrorView, ProblemView};

/// An error as the REST API reports it:
/// `{"error": {"code": "...", "message": "...", "details": [...]}}`.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// A request field is missing or invalid.
    #[error("{message}")]
    BadRequest { code: &'static str, message: String, details: Vec<ProblemView> },
    /// The prediction file was refused; nothing was stored.
    #[error("the prediction file was refused: {0}")]
    InvalidFile(#[from] PredictionError),
    /// No or bad credentials.
    #[error("{0}")]
    Unauthorized(&'static str),
    /// A cookie-authenticated write from another site.
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("not found")]
    NotFound,
    /// A unique name or email is taken; `field` names it.
    #[error("{message}")]
    Conflict { field: &'static str, message: String },
    /// The request is well formed but cannot be carried out as sent.
    #[error("{message}")]
    Unprocessable { code: &'static str, message: String },
    /// The body is over the size limit.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// Quota or throttling; `retry_after` in seconds.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: Option<i64> },
    /// A limit per client address; its code names which, and it resets at
    /// 00:00 UTC (`Retry-After`).
    #[error("{}", .0.message())]
    ClientLimit(ClientLimitReached),
    /// No answer key stored for the benchmark.
    #[error("no {0} answer key is stored on this server yet")]
    NoKey(String),
    /// A database failure; details go to the log only.
    #[error("internal error")]
    Internal(#[from] DbError),
    /// Any other unexpected failure; logged only.
    #[error("internal error")]
    Unexpected(#[from] anyhow::Error),
}

/// The layer's result alias.
pub type Result<T, E = HttpError> = std::result::Result<T, E>;

impl HttpError {
    /// A 400 with one message.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::BadRequest { code, message: message.into(), details: Vec::new() }
    }

    /// A 400 listing each invalid field.
    pub fn invalid_fields(errors: Vec<FieldError>) -> Self {
        let message = app::services::error::fields_message(&errors);
        let details = errors.into_iter().map(|e| ProblemView::Field { field: e.field, problem: e.problem }).collect();
        Self::BadRequest { code: "invalid_fields", message, details }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::InvalidFile(PredictionError::Input(app::domain::InputError::TooLarge { .. })) => {
                StatusCode::PAYLOAD_TOO_LARGE
            }
            Self::InvalidFile(_) | Self::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests { .. } | Self::ClientLimit(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::NoKey(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) | Self::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest { code, .. } => code,
            Self::InvalidFile(_) if self.status() == StatusCode::PAYLOAD_TOO_LARGE => "file_too_large",
            Self::InvalidFile(_) => "invalid_predictions",
            Self::Unauthorized(_) => "unauthorized",
            Self::Forbidden(_) => "forbidden",
            Self::NotFound => "not_found",
            Self::Conflict { .. } => "conflict",
            Self::Unprocessable { code, .. } => code,
            Self::PayloadTooLarge(_) => "payload_too_large",
            Self::TooManyRequests { .. } => "too_many_requests",
            Self::ClientLimit(limit) => limit.code(),
            Self::NoKey(_) => "no_answer_key",
            Self::Internal(_) | Self::Unexpected(_) => "internal",
        }
    }

    fn details(self) -> Vec<ProblemView> {
        match self {
            Self::BadRequest { details, .. } => details,
            Self::InvalidFile(e) => vec![ProblemView::Line { line: e.line(), problem: e.to_string() }],
            Self::Conflict { field, message } => vec![ProblemView::Field { field, problem: message }],
            _ => Vec::new(),
        }
    }
}

impl From<ServiceError> for HttpError {
    fn from(e: ServiceError) -> Self {
        match e {
            ServiceError::NotFound => Self::NotFound,
            ServiceError::Unauthorized(problem) => Self::Unauthorized(problem.message()),
            ServiceError::InvalidFields(fields) => Self::invalid_fields(fields),
            ServiceError::BadRequest { code, message } => Self::bad_request(code, message),
            ServiceError::InvalidFile(file) => Self::InvalidFile(file),
            ServiceError::QuotaExceeded { message, retry_after } => Self::TooManyRequests { message, retry_after },
            ServiceError::SigninThrottled { retry_after } => {
                Self::TooManyRequests { message: e.to_string(), retry_after: Some(retry_after) }
            }
            ServiceError::IdempotencyKeyReused(message) => {
                Self::Unprocessable { code: "idempotency_key_reused", message }
            }
            ServiceError::ClientLimit(limit) => Self::ClientLimit(limit),
            ServiceError::Conflict { field, message } => Self::Conflict { field, message },
            ServiceError::NoKey(benchmark) => Self::NoKey(benchmark.to_string()),
            ServiceError::Db(db) => Self::Internal(db),
            ServiceError::Internal(cause) => Self::Unexpected(anyhow::anyhow!(cause)),
        }
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        match &self {
            Self::Internal(cause) => tracing::error!(error = %cause, "internal error"),
            Self::Unexpected(cause) => tracing::error!(error = %cause, "unexpected error"),
            _ => {}
        }
        let (status, code, message) = (self.status(), self.code(), self.to_string());
        let retry_after = match &self {
            Self::TooManyRequests { retry_after, .. } => Some(*retry_after),
            Self::ClientLimit(limit) => Some(Some(limit.retry_after())),
            _ => None,
        };
        let body = ErrorView { error: ErrorBodyView { code, message, details: self.details() } };
        let mut resp = (status, Json(body)).into_response();
        if let Some(retry_after) = retry_after {
            // A total quota never resets; a day is the honest lower bound.
            let secs = retry_after.unwrap_or(86_400).max(1);
            if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
                resp.headers_mut().insert(header::RETRY_AFTER, v);
            }
        }
        resp
    }
}
