//! The error type every server function returns, and every page that
//! loads data shows.

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
impl From<crate::db::DbError> for ApiError {
    fn from(err: crate::db::DbError) -> Self {
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
