//! The one error type of the service layer. The REST API turns it into
//! `HttpError` (status, code, message, details) and the server functions
//! into [`crate::error::ApiError`]; internal causes are logged by those
//! conversions, never sent.

use super::clients::ClientLimitReached;
use crate::db::DbError;
use crate::db::submissions::InsertError;
use crate::db::teams::CreateTeamError;
use crate::domain::submission::FieldError;
use crate::domain::{Benchmark, PredictionError};

/// Why a request's credentials were not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthProblem {
    /// An API write without `Authorization`.
    MissingBearer,
    /// `Authorization` is not `Bearer TOKEN`.
    MalformedBearer,
    /// The token is unknown or revoked.
    UnknownToken,
    /// A form write without a session cookie.
    SignedOut,
    /// The session cookie names no live session.
    SessionEnded,
    /// The email or the password is wrong.
    WrongCredentials,
}

impl AuthProblem {
    /// The sentence the API sends with `unauthorized`.
    pub fn message(self) -> &'static str {
        match self {
            Self::MissingBearer => "an `Authorization: Bearer TOKEN` header is required",
            Self::MalformedBearer => "the Authorization header must be `Bearer TOKEN`",
            Self::UnknownToken => "the API token is unknown or revoked",
            Self::SignedOut => "please sign in",
            Self::SessionEnded => "your session has ended; please sign in again",
            Self::WrongCredentials => "wrong email or password",
        }
    }
}

/// What a service can answer instead of a result.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// Unknown, or not visible to this viewer (the two are not told apart).
    #[error("not found")]
    NotFound,
    #[error("{}", .0.message())]
    Unauthorized(AuthProblem),
    /// Request fields are invalid; each problem is named.
    #[error("{}", fields_message(.0))]
    InvalidFields(Vec<FieldError>),
    /// A required part of the request is missing or unusable
    /// (`code` is stable, e.g. `missing_file`).
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    /// The prediction file was refused; nothing was stored.
    #[error("the prediction file was refused: {0}")]
    InvalidFile(#[from] PredictionError),
    /// Over the team's daily quota; it resets at UTC midnight.
    #[error("{message}")]
    QuotaExceeded { message: String, retry_after: Option<i64> },
    /// A limit per client address (registrations, uploads) is reached.
    #[error("{}", .0.message())]
    ClientLimit(ClientLimitReached),
    /// Too many failed sign-ins for one account.
    #[error("too many failed sign-ins for this account; try again in {} minutes", .retry_after / 60)]
    SigninThrottled { retry_after: i64 },
    /// An `Idempotency-Key` sent again with another file.
    #[error("{0}")]
    IdempotencyKeyReused(String),
    /// A unique name or email is taken; `field` names it.
    #[error("{message}")]
    Conflict { field: &'static str, message: String },
    /// No answer key is stored for the benchmark yet.
    #[error("no {0} answer key is stored on this server yet")]
    NoKey(Benchmark),
    /// The database failed; logged, never shown.
    #[error("internal error")]
    Db(#[from] DbError),
    /// Anything else unexpected (a background task, a stored key that no
    /// longer parses); logged, never shown.
    #[error("internal error")]
    Internal(String),
}

/// The services' result alias.
pub type Result<T, E = ServiceError> = std::result::Result<T, E>;

/// Every field problem in one line: `name: ...; email: ...`.
pub fn fields_message(errors: &[FieldError]) -> String {
    errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

impl ServiceError {
    /// An unexpected failure with its cause, for the log.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        Self::Internal(cause.to_string())
    }

    /// The cause to log, for the variants that hide theirs.
    pub fn hidden_cause(&self) -> Option<String> {
        match self {
            Self::Db(e) => Some(e.to_string()),
            Self::Internal(e) => Some(e.clone()),
            _ => None,
        }
    }
}

impl From<InsertError> for ServiceError {
    fn from(e: InsertError) -> Self {
        match e {
            InsertError::DailyQuota { .. } => Self::QuotaExceeded {
                message: e.to_string(),
                retry_after: Some(crate::db::submissions::seconds_to_utc_midnight(crate::db::now_unix())),
            },
            InsertError::TotalQuota { .. } => Self::QuotaExceeded { message: e.to_string(), retry_after: None },
            InsertError::ClientQuota { limit } => Self::ClientLimit(ClientLimitReached::uploads(limit)),
            InsertError::IdempotencyKeyReused { .. } => Self::IdempotencyKeyReused(e.to_string()),
            InsertError::Db(db) => Self::Db(db),
        }
    }
}

impl From<CreateTeamError> for ServiceError {
    fn from(e: CreateTeamError) -> Self {
        match e {
            CreateTeamError::Db(db) => Self::Db(db),
            CreateTeamError::NameTaken => Self::Conflict { field: "name", message: e.to_string() },
            CreateTeamError::EmailTaken => Self::Conflict { field: "email", message: e.to_string() },
            CreateTeamError::RegistrationLimit { limit } => Self::ClientLimit(ClientLimitReached::registrations(limit)),
        }
    }
}
