//! A JSON body extractor whose refusals use the API's error shape.

use app::domain::Message;
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

use super::HttpError;

/// Like `axum::Json`, but a malformed body is a 400 (or 413) in the API's
/// `{"error": ...}` form naming the problem.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = HttpError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Self(v)),
            Err(rejection) => Err(rejection_to_error(rejection)),
        }
    }
}

fn rejection_to_error(r: JsonRejection) -> HttpError {
    if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return HttpError::PayloadTooLarge(Message::new("api-body-too-large"));
    }
    HttpError::bad_request("invalid_json", Message::new("api-invalid-json").arg("detail", r.body_text()))
}
