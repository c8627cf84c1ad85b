//! The API's error type: a status code, a stable machine-readable code and
//! a message for people. Internal causes are logged, never sent.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An error as the REST API reports it:
/// `{"error": {"code": "...", "message": "...", "details": [...]}}`.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// The database failed; details go to the log only.
    #[error("internal error")]
    Internal(#[from] app::db::DbError),
}

impl HttpError {
    fn status(&self) -> StatusCode {
        match self {
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            Self::Internal(_) => "internal",
        }
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        if let Self::Internal(cause) = &self {
            tracing::error!(error = %cause, "internal error");
        }
        let body = json!({"error": {"code": self.code(), "message": self.to_string(), "details": []}});
        (self.status(), Json(body)).into_response()
    }
}
