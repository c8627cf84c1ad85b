//! The error type every server function returns, and every page that
//! loads data shows; and the words of the services' errors
//! ([`ServiceErrorText`], `Display`), which services leave to their
//! callers: a service returns message codes, never text.

use leptos::prelude::{FromServerFnError, ServerFnErrorErr};
use leptos::server_fn::codec::JsonEncoding;
use serde::{Deserialize, Serialize};

/// What a page can be told when a server function fails. Internal causes
/// are logged on the server and never sent to the browser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
pub enum ApiError {
    /// The database did not answer or a query failed.
    #[error("the results database is unavailable; please try again shortly")]
    Unavailable,
    /// The server-function transport itself failed.
    #[error("request failed: {0}")]
    Transport(ServerFnErrorErr),
}

impl FromServerFnError for ApiError {
    type Encoder = JsonEncoding;

    fn from_server_fn_error(value: ServerFnErrorErr) -> Self {
        Self::Transport(value)
    }
}

#[cfg(feature = "ssr")]
impl From<crate::services::DbError> for ApiError {
    fn from(err: crate::services::DbError) -> Self {
        tracing::error!(error = %err, "database error in a server function");
        Self::Unavailable
    }
}

#[cfg(feature = "ssr")]
impl From<crate::services::ServiceError> for ApiError {
    /// Pages only ever read: an expected refusal (not found, signed out)
    /// is handled by the server function itself; whatever reaches here is
    /// logged and shown as unavailable.
    fn from(err: crate::services::ServiceError) -> Self {
        match err.hidden_cause() {
            Some(cause) => tracing::error!(error = %cause, "service failure in a server function"),
            None => tracing::warn!(error = %err, "unexpected refusal in a server function"),
        }
        Self::Unavailable
    }
}

/// The words of a service error, from the locales (`api.ftl`,
/// `errors.ftl`), through the codes [`ServiceError::messages`] gives.
/// `ServiceError`'s `Display` is its English text (for the CLI and the
/// logs).
///
/// [`ServiceError::messages`]: crate::services::ServiceError::messages
#[cfg(feature = "ssr")]
pub trait ServiceErrorText {
    /// What this error says in `lang`, as one line.
    fn text(&self, lang: crate::i18n::Lang) -> String;
}

#[cfg(feature = "ssr")]
impl ServiceErrorText for crate::services::ServiceError {
    fn text(&self, lang: crate::i18n::Lang) -> String {
        crate::i18n::form_errors::sentences(lang, &self.messages())
    }
}

#[cfg(feature = "ssr")]
impl std::fmt::Display for crate::services::ServiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(crate::i18n::Lang::En))
    }
}

/// What a web form says when a limit per client address is reached (in
/// the page's language).
#[cfg(feature = "ssr")]
impl From<crate::services::clients::ClientLimitReached> for crate::i18n::form_errors::FormErrorCode {
    fn from(limit: crate::services::clients::ClientLimitReached) -> Self {
        use crate::services::clients::ClientLimitReached;
        match limit {
            ClientLimitReached::Registrations { .. } => Self::RegistrationLimit,
            ClientLimitReached::Uploads { .. } => Self::ClientQuotaExceeded,
        }
    }
}
