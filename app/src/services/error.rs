//! The one error type of the service layer. The REST API turns it into
//! `HttpError` (status, code, message, details) and the server functions
//! into [`crate::error::ApiError`]; internal causes are logged by those
//! conversions, never sent. A service error carries message codes
//! ([`ServiceError::messages`]), never words: the sentences, and
//! `Display`, are rendered by `crate::error::ServiceErrorText`.

use super::clients::ClientLimitReached;
use crate::db::DbError;
use crate::db::submissions::InsertError;
use crate::db::teams::CreateTeamError;
use crate::domain::submission::FieldError;
use crate::domain::{Benchmark, Coded, Message, PredictionError};

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
    /// The message the API sends with `unauthorized`.
    pub fn message(self) -> Message {
        Message::new(match self {
            Self::MissingBearer => "api-missing-bearer",
            Self::MalformedBearer => "api-malformed-bearer",
            Self::UnknownToken => "api-unknown-token",
            Self::SignedOut => "api-signed-out",
            Self::SessionEnded => "api-session-ended",
            Self::WrongCredentials => "api-wrong-credentials",
        })
    }
}

/// What a service can answer instead of a result. Each variant's words
/// live in the locales (`api.ftl`, `errors.ftl`): [`ServiceError::messages`]
/// gives their codes and arguments; `crate::error::ServiceErrorText` the
/// sentence in a language, and `Display` the English one (for the CLI and
/// the logs).
#[derive(Debug)]
pub enum ServiceError {
    /// Unknown, or not visible to this viewer (the two are not told apart).
    NotFound,
    Unauthorized(AuthProblem),
    /// Request fields are invalid; each problem is named.
    InvalidFields(Vec<FieldError>),
    /// A required part of the request is missing or unusable
    /// (`code` is stable, e.g. `missing_file`).
    BadRequest {
        code: &'static str,
        message: Message,
    },
    /// The prediction file was refused; nothing was stored.
    InvalidFile(PredictionError),
    /// The permuted task's file sent beside it was refused; nothing was
    /// stored.
    InvalidPermutedFile(PredictionError),
    /// Over a quota; `retry_after` in seconds (`None`: it never resets).
    QuotaExceeded {
        message: Message,
        retry_after: Option<i64>,
    },
    /// A limit per client address (registrations, uploads) is reached.
    ClientLimit(ClientLimitReached),
    /// Too many failed sign-ins for one account.
    SigninThrottled {
        retry_after: i64,
    },
    /// An `Idempotency-Key` sent again with another file; `first` is the
    /// submission it was used for.
    IdempotencyKeyReused {
        first: String,
    },
    /// The request conflicts with the state of what it names (`code` is
    /// stable, e.g. `withdrawn`).
    StateConflict {
        code: &'static str,
        message: Message,
    },
    /// The caller may not do this yet (`code` is stable, e.g.
    /// `team_not_admitted`).
    Forbidden {
        code: &'static str,
        message: Message,
    },
    /// A service the server relies on (the mail relay) failed; nothing
    /// was kept, and the request may be sent again.
    Unavailable {
        code: &'static str,
        message: Message,
    },
    /// A unique name or email is taken; `field` names it.
    Conflict {
        field: &'static str,
    },
    /// No answer key is stored for the benchmark yet.
    NoKey(Benchmark),
    /// The database failed; logged, never shown.
    Db(DbError),
    /// Anything else unexpected (a background task, a stored key that no
    /// longer parses); logged, never shown.
    Internal(String),
}

/// The services' result alias.
pub type Result<T, E = ServiceError> = std::result::Result<T, E>;

impl ServiceError {
    /// The codes and arguments of what this error says: one message, or
    /// one per field for [`ServiceError::InvalidFields`].
    pub fn messages(&self) -> Vec<Message> {
        let one = match self {
            Self::InvalidFields(fields) => return fields.iter().map(Coded::message).collect(),
            Self::NotFound => Message::new("api-not-found"),
            Self::Unauthorized(problem) => problem.message(),
            Self::BadRequest { message, .. }
            | Self::QuotaExceeded { message, .. }
            | Self::StateConflict { message, .. }
            | Self::Forbidden { message, .. }
            | Self::Unavailable { message, .. } => message.clone(),
            // Every problem of a refused file, after the count when several.
            Self::InvalidFile(file @ PredictionError::Several(all)) => {
                return std::iter::once(file.message()).chain(all.iter().map(Coded::message)).collect();
            }
            Self::InvalidFile(file) => file.message(),
            // Which file, then every problem of it.
            Self::InvalidPermutedFile(file) => {
                let all = file.problems().iter().map(Coded::message);
                return std::iter::once(Message::new("api-permuted-file-refused")).chain(all).collect();
            }
            Self::SigninThrottled { retry_after } => {
                Message::new("api-signin-throttled").arg("minutes", (retry_after.max(&1) + 59) / 60)
            }
            Self::IdempotencyKeyReused { first } => Message::new("api-idempotency-key-reused").arg("first", first),
            Self::Conflict { field: "email" } => Message::new("api-email-taken"),
            Self::Conflict { .. } => Message::new("api-name-taken"),
            Self::NoKey(benchmark) => Message::new("api-no-key").arg("benchmark", benchmark),
            Self::ClientLimit(limit) => limit.message(),
            Self::Db(_) | Self::Internal(_) => Message::new("api-internal"),
        };
        vec![one]
    }

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

impl std::error::Error for ServiceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::InvalidFile(e) | Self::InvalidPermutedFile(e) => Some(e),
            Self::Db(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PredictionError> for ServiceError {
    fn from(e: PredictionError) -> Self {
        Self::InvalidFile(e)
    }
}

impl From<DbError> for ServiceError {
    fn from(e: DbError) -> Self {
        Self::Db(e)
    }
}

impl From<InsertError> for ServiceError {
    fn from(e: InsertError) -> Self {
        match e {
            InsertError::DailyQuota { limit } => Self::QuotaExceeded {
                message: Message::new("api-daily-quota").arg("limit", limit),
                retry_after: Some(crate::db::submissions::seconds_to_utc_midnight(crate::db::now_unix())),
            },
            InsertError::TotalQuota { limit } => {
                Self::QuotaExceeded { message: Message::new("api-total-quota").arg("limit", limit), retry_after: None }
            }
            InsertError::IdempotencyKeyReused { first } => Self::IdempotencyKeyReused { first },
            InsertError::ClientQuota { limit } => Self::ClientLimit(ClientLimitReached::uploads(limit)),
            e @ InsertError::KeyChanged => Self::internal(e),
            InsertError::TokenRevoked => Self::Unauthorized(AuthProblem::UnknownToken),
            InsertError::NotAdmitted(mode) => Self::Forbidden {
                code: "team_not_admitted",
                message: Message::new(match mode {
                    crate::domain::registration::Registration::Approved => "api-awaiting-approval",
                    _ => "api-awaiting-email",
                }),
            },
            InsertError::Db(db) => Self::Db(db),
        }
    }
}

impl From<CreateTeamError> for ServiceError {
    fn from(e: CreateTeamError) -> Self {
        match e {
            CreateTeamError::Db(db) => Self::Db(db),
            CreateTeamError::NameTaken => Self::Conflict { field: "name" },
            CreateTeamError::EmailTaken => Self::Conflict { field: "email" },
            CreateTeamError::AddressTaken => {
                Self::StateConflict { code: "address_taken", message: Message::new("api-address-taken") }
            }
            // The operators' reason is for the team's members, not for
            // whoever types one of their addresses.
            CreateTeamError::Banned { .. } => {
                Self::Forbidden { code: "team_banned", message: Message::new("api-address-banned") }
            }
            CreateTeamError::RegistrationLimit { limit } => Self::ClientLimit(ClientLimitReached::registrations(limit)),
        }
    }
}
