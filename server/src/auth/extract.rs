//! Request extractors for the two ways a team authenticates: a bearer API
//! token (scripts, the CLI) and a session cookie (the web pages).

use app::db::sessions::{self, Principal};
use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::secret_hash;
use crate::http::HttpError;
use crate::state::AppState;

pub use app::db::sessions::{SESSION_COOKIE, session_cookie};
/// How long a session lives.
pub const SESSION_TTL_SECS: i64 = 14 * 86_400;

/// A request authenticated by `Authorization: Bearer TOKEN`.
#[derive(Debug, Clone)]
pub struct BearerTeam(pub Principal);

impl FromRequestParts<AppState> for BearerTeam {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .ok_or(HttpError::Unauthorized("an `Authorization: Bearer TOKEN` header is required"))?;
        let token = header
            .strip_prefix("Bearer ")
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or(HttpError::Unauthorized("the Authorization header must be `Bearer TOKEN`"))?;
        let principal = sessions::token_principal(&state.db, &secret_hash(token))
            .await?
            .ok_or(HttpError::Unauthorized("the API token is unknown or revoked"))?;
        Ok(Self(principal))
    }
}

/// A request from a signed-in browser session.
#[derive(Debug, Clone)]
pub struct SessionTeam {
    pub principal: Principal,
    /// The stored hash of the session id (to sign out or flash a token).
    pub session_hash: String,
}

impl FromRequestParts<AppState> for SessionTeam {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let cookie = session_cookie(&parts.headers).ok_or(HttpError::Unauthorized("please sign in"))?;
        let session_hash = secret_hash(&cookie);
        let principal = sessions::session_principal(&state.db, &session_hash)
            .await?
            .ok_or(HttpError::Unauthorized("your session has ended; please sign in again"))?;
        Ok(Self { principal, session_hash })
    }
}

impl axum::extract::OptionalFromRequestParts<AppState> for SessionTeam {
    type Rejection = HttpError;

    /// `None` when there is no cookie or the session has ended.
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Option<Self>, Self::Rejection> {
        match <Self as FromRequestParts<AppState>>::from_request_parts(parts, state).await {
            Ok(s) => Ok(Some(s)),
            Err(HttpError::Unauthorized(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// The `Set-Cookie` value that starts a session.
pub fn session_set_cookie(value: &str, secure: bool) -> String {
    format!(
        "{SESSION_COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_TTL_SECS}{}",
        if secure { "; Secure" } else { "" }
    )
}

/// The `Set-Cookie` value that ends a session.
pub fn session_clear_cookie(secure: bool) -> String {
    format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{}", if secure { "; Secure" } else { "" })
}
