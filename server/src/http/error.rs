//! The API's error type: a status code, a stable machine-readable code and
//! a message for people, in the language the request asks for
//! (`Accept-Language`: `en` or `ar`). Internal causes are logged, never
//! sent.
//!
//! A response is written in English; [`localize`], a middleware, swaps in
//! the Arabic body (kept in the response's extensions) when the request
//! prefers Arabic. The words come from the locales (`api.ftl`,
//! `errors.ftl`), through the services' codes.

use app::domain::submission::FieldError;
use app::domain::{Coded, InputError, Message, PredictionError};
use app::error::ServiceErrorText;
use app::i18n::Lang;
use app::i18n::form_errors::{say, sentence};
use app::services::{DbError, ServiceError};
use axum::Json;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::views::{ErrorBodyView, ErrorView, ProblemView};

/// An error as the REST API reports it:
/// `{"error": {"code": "...", "message": "...", "details": [...]}}`.
#[derive(Debug)]
pub enum HttpError {
    /// What a service refused, or failed at.
    Service(ServiceError),
    /// The request itself cannot be read (a multipart form, a JSON body).
    BadRequest { code: &'static str, message: Message },
    /// A cookie-authenticated write from another site.
    CrossSite,
    /// The body is over the size limit.
    PayloadTooLarge(Message),
    /// Too many writes from one client address in a minute.
    WriteRate { limit: u32, retry_after: u64 },
    /// Any other unexpected failure; logged only.
    Unexpected(anyhow::Error),
}

/// The layer's result alias.
pub type Result<T, E = HttpError> = std::result::Result<T, E>;

impl HttpError {
    /// A 400 with one message.
    pub fn bad_request(code: &'static str, message: Message) -> Self {
        Self::BadRequest { code, message }
    }

    /// A 404.
    pub fn not_found() -> Self {
        Self::Service(ServiceError::NotFound)
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        let Self::Service(e) = self else {
            return match self {
                Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
                Self::CrossSite => StatusCode::FORBIDDEN,
                Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
                Self::WriteRate { .. } => StatusCode::TOO_MANY_REQUESTS,
                Self::Service(_) | Self::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
            };
        };
        match e {
            ServiceError::NotFound => StatusCode::NOT_FOUND,
            ServiceError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ServiceError::InvalidFields(_) | ServiceError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ServiceError::InvalidFile(PredictionError::Input(
                InputError::TooLarge { .. } | InputError::TooLargeDecompressed { .. },
            )) => StatusCode::PAYLOAD_TOO_LARGE,
            ServiceError::InvalidPermutedFile(PredictionError::Input(
                InputError::TooLarge { .. } | InputError::TooLargeDecompressed { .. },
            )) => StatusCode::PAYLOAD_TOO_LARGE,
            ServiceError::InvalidFile(_)
            | ServiceError::InvalidPermutedFile(_)
            | ServiceError::IdempotencyKeyReused { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ServiceError::QuotaExceeded { .. }
            | ServiceError::SigninThrottled { .. }
            | ServiceError::ClientLimit(_) => StatusCode::TOO_MANY_REQUESTS,
            ServiceError::Conflict { .. } | ServiceError::StateConflict { .. } => StatusCode::CONFLICT,
            ServiceError::NoKey(_) | ServiceError::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ServiceError::Forbidden { .. } => StatusCode::FORBIDDEN,
            ServiceError::Db(_) | ServiceError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable machine-readable code.
    pub fn code(&self) -> &'static str {
        let Self::Service(e) = self else {
            return match self {
                Self::BadRequest { code, .. } => code,
                Self::CrossSite => "forbidden",
                Self::PayloadTooLarge(_) => "payload_too_large",
                Self::WriteRate { .. } => "too_many_requests",
                Self::Service(_) | Self::Unexpected(_) => "internal",
            };
        };
        match e {
            ServiceError::NotFound => "not_found",
            ServiceError::Unauthorized(_) => "unauthorized",
            ServiceError::InvalidFields(_) => "invalid_fields",
            ServiceError::BadRequest { code, .. }
            | ServiceError::StateConflict { code, .. }
            | ServiceError::Forbidden { code, .. }
            | ServiceError::Unavailable { code, .. } => code,
            ServiceError::InvalidFile(_) if self.status() == StatusCode::PAYLOAD_TOO_LARGE => "file_too_large",
            ServiceError::InvalidFile(_) => "invalid_predictions",
            ServiceError::InvalidPermutedFile(_) if self.status() == StatusCode::PAYLOAD_TOO_LARGE => "file_too_large",
            ServiceError::InvalidPermutedFile(_) => "invalid_permuted_predictions",
            ServiceError::QuotaExceeded { .. } | ServiceError::SigninThrottled { .. } => "too_many_requests",
            ServiceError::ClientLimit(limit) => limit.code(),
            ServiceError::IdempotencyKeyReused { .. } => "idempotency_key_reused",
            ServiceError::Conflict { .. } => "conflict",
            ServiceError::NoKey(_) => "no_answer_key",
            ServiceError::Db(_) | ServiceError::Internal(_) => "internal",
        }
    }

    /// The message, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            Self::Service(e) => e.text(lang),
            Self::BadRequest { message, .. } | Self::PayloadTooLarge(message) => sentence(lang, message),
            Self::CrossSite => say(lang, &Message::new("api-cross-site")),
            Self::WriteRate { limit, retry_after } => {
                say(lang, &Message::new("api-write-rate").arg("limit", limit).arg("seconds", retry_after))
            }
            Self::Unexpected(_) => say(lang, &Message::new("api-internal")),
        }
    }

    /// Each problem, in `lang`: a field's or a line's.
    pub fn details(&self, lang: Lang) -> Vec<ProblemView> {
        let field = |e: &FieldError| ProblemView::Field { field: e.field, problem: say(lang, &e.problem.message()) };
        match self {
            Self::Service(ServiceError::InvalidFields(fields)) => fields.iter().map(field).collect(),
            Self::Service(ServiceError::InvalidFile(e) | ServiceError::InvalidPermutedFile(e)) => e
                .problems()
                .iter()
                .map(|p| ProblemView::Line { line: p.line(), problem: say(lang, &p.message()) })
                .collect(),
            Self::Service(e @ ServiceError::Conflict { field }) => {
                vec![ProblemView::Field { field, problem: e.text(lang) }]
            }
            _ => Vec::new(),
        }
    }

    /// Seconds for `Retry-After`: `Some(None)` for a quota that never resets.
    fn retry_after(&self) -> Option<Option<i64>> {
        match self {
            Self::Service(ServiceError::QuotaExceeded { retry_after, .. }) => Some(*retry_after),
            Self::Service(ServiceError::SigninThrottled { retry_after }) => Some(Some(*retry_after)),
            Self::Service(ServiceError::ClientLimit(limit)) => Some(Some(limit.retry_after())),
            Self::Service(ServiceError::Unavailable { code: "read_only", .. }) => {
                Some(Some(app::services::operator::READ_ONLY_RETRY_SECS))
            }
            Self::WriteRate { retry_after, .. } => Some(Some(i64::try_from(*retry_after).unwrap_or(i64::MAX))),
            _ => None,
        }
    }

    /// The response body in `lang`.
    fn body(&self, lang: Lang) -> ErrorView {
        ErrorView {
            error: ErrorBodyView { code: self.code(), message: self.message(lang), details: self.details(lang) },
        }
    }
}

impl std::fmt::Display for HttpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for HttpError {}

impl From<ServiceError> for HttpError {
    fn from(e: ServiceError) -> Self {
        Self::Service(e)
    }
}

impl From<DbError> for HttpError {
    fn from(e: DbError) -> Self {
        Self::Service(ServiceError::Db(e))
    }
}

impl From<PredictionError> for HttpError {
    fn from(e: PredictionError) -> Self {
        Self::Service(ServiceError::InvalidFile(e))
    }
}

impl From<anyhow::Error> for HttpError {
    fn from(e: anyhow::Error) -> Self {
        Self::Unexpected(e)
    }
}

/// The Arabic body of an error response, for [`localize`].
#[derive(Clone)]
struct ArabicBody(axum::body::Bytes);

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        match &self {
            Self::Service(e) => {
                if let Some(cause) = e.hidden_cause() {
                    tracing::error!(error = %cause, "internal error");
                }
            }
            Self::Unexpected(cause) => tracing::error!(error = %cause, "unexpected error"),
            _ => {}
        }
        let arabic = serde_json::to_vec(&self.body(Lang::Ar)).map(|b| ArabicBody(b.into()));
        let mut resp = (self.status(), Json(self.body(Lang::En))).into_response();
        if let Ok(arabic) = arabic {
            resp.extensions_mut().insert(arabic);
        }
        resp.extensions_mut().insert(super::observe::ErrorCode(self.code()));
        if let Some(retry_after) = self.retry_after() {
            // A total quota never resets; a day is the honest lower bound.
            let secs = retry_after.unwrap_or(86_400).max(1);
            if let Ok(v) = HeaderValue::from_str(&secs.to_string()) {
                resp.headers_mut().insert(header::RETRY_AFTER, v);
            }
        }
        resp
    }
}

/// The language an API client asks for: the first of `Accept-Language`'s
/// languages (by quality) that is English or Arabic, in any region.
pub fn request_lang(headers: &HeaderMap) -> Lang {
    let Some(value) = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()) else {
        return Lang::En;
    };
    accept_language::parse(value)
        .iter()
        .find_map(|tag| match tag.split('-').next().map(str::to_ascii_lowercase).as_deref() {
            Some("ar") => Some(Lang::Ar),
            Some("en") => Some(Lang::En),
            _ => None,
        })
        .unwrap_or(Lang::En)
}

/// The middleware: an error answered to a request that prefers Arabic gets
/// its Arabic body. Every other response passes unchanged.
pub async fn localize(req: Request, next: Next) -> Response {
    let lang = request_lang(req.headers());
    let mut resp = next.run(req).await;
    if lang == Lang::Ar
        && let Some(ArabicBody(body)) = resp.extensions_mut().remove::<ArabicBody>()
    {
        resp.headers_mut().remove(header::CONTENT_LENGTH);
        resp.headers_mut().insert(header::CONTENT_LANGUAGE, HeaderValue::from_static("ar"));
        *resp.body_mut() = Body::from(body);
    }
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(value: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static(value));
        h
    }

    #[test]
    fn the_request_language_follows_accept_language_qualities() {
        assert_eq!(request_lang(&HeaderMap::new()), Lang::En);
        assert_eq!(request_lang(&headers("ar")), Lang::Ar);
        assert_eq!(request_lang(&headers("ar-EG,ar;q=0.9,en;q=0.8")), Lang::Ar);
        assert_eq!(request_lang(&headers("fr-FR, en;q=0.5, ar;q=0.9")), Lang::Ar);
        assert_eq!(request_lang(&headers("en-GB, ar;q=0.3")), Lang::En);
        assert_eq!(request_lang(&headers("de, fr")), Lang::En);
        assert_eq!(request_lang(&headers(", ,;;")), Lang::En);
    }
}
