//! Who a request acts for, resolved once per request.
//!
//! A request can carry an API token (`Authorization: Bearer TOKEN`, scripts
//! and the CLI) and a session cookie (the web pages). Its caller reads them
//! from the request into [`Credentials`] (`crate::request`), and
//! [`Viewer::resolve`] looks both up.

use super::error::{AuthProblem, Result, ServiceError};
use crate::db::Db;
use crate::db::sessions::{self, Principal, secret_hash};
use crate::domain::visibility;

/// What a request presents, as plain values.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Credentials {
    /// The token of the `Authorization` header: `None` without the header,
    /// [`AuthProblem::MalformedBearer`] when it is not `Bearer TOKEN`.
    pub bearer: Option<Result<String, AuthProblem>>,
    /// The session cookie's value, if the request carries one.
    pub session: Option<String>,
}

/// A live browser session and the team it belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    pub principal: Principal,
    /// The stored hash of the session id (to sign out, or keep a flash).
    pub hash: String,
}

/// The request's credentials, looked up.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Viewer {
    /// `None` without an `Authorization` header.
    bearer: Option<Result<Principal, AuthProblem>>,
    /// `None` without a session cookie.
    session: Option<Result<Session, AuthProblem>>,
}

impl Viewer {
    /// Nobody signed in.
    pub fn anonymous() -> Self {
        Self::default()
    }

    /// Looks up the bearer token and the session cookie of `credentials`.
    pub async fn resolve(db: &Db, credentials: &Credentials) -> Result<Self> {
        let bearer = match &credentials.bearer {
            None => None,
            Some(Err(problem)) => Some(Err(*problem)),
            Some(Ok(token)) => {
                Some(sessions::token_principal(db, &secret_hash(token)).await?.ok_or(AuthProblem::UnknownToken))
            }
        };
        let session = match &credentials.session {
            None => None,
            Some(cookie) => {
                let hash = secret_hash(cookie);
                Some(match sessions::session_principal(db, &hash).await? {
                    Some(principal) => Ok(Session { principal, hash }),
                    None => Err(AuthProblem::SessionEnded),
                })
            }
        };
        Ok(Self { bearer, session })
    }

    /// The team an API write acts for: the bearer token's.
    pub fn bearer(&self) -> Result<&Principal> {
        match &self.bearer {
            None => Err(ServiceError::Unauthorized(AuthProblem::MissingBearer)),
            Some(Err(problem)) => Err(ServiceError::Unauthorized(*problem)),
            Some(Ok(principal)) => Ok(principal),
        }
    }

    /// The session a form write or a team page acts for.
    pub fn session(&self) -> Result<&Session> {
        match &self.session {
            None => Err(ServiceError::Unauthorized(AuthProblem::SignedOut)),
            Some(Err(problem)) => Err(ServiceError::Unauthorized(*problem)),
            Some(Ok(session)) => Ok(session),
        }
    }

    /// The live session, if any.
    pub fn signed_in(&self) -> Option<&Session> {
        self.session.as_ref().and_then(|s| s.as_ref().ok())
    }

    /// The team reading: the token's when an `Authorization` header is sent
    /// (a bad token reads as nobody), else the session's.
    pub fn team(&self) -> Option<i64> {
        match &self.bearer {
            Some(bearer) => bearer.as_ref().ok().map(|p| p.team_id),
            None => self.signed_in().map(|s| s.principal.team_id),
        }
    }

    /// The viewer as the visibility policy sees it.
    pub fn policy(&self) -> visibility::Viewer {
        visibility::Viewer::from_team(self.team())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sent_token_decides_who_reads_even_when_bad() {
        let session = Session { principal: Principal { team_id: 7, member_id: Some(1) }, hash: "h".into() };
        let with_session = Viewer { bearer: None, session: Some(Ok(session.clone())) };
        assert_eq!(with_session.team(), Some(7));
        let bad_token = Viewer { bearer: Some(Err(AuthProblem::UnknownToken)), session: Some(Ok(session)) };
        assert_eq!(bad_token.team(), None);
        assert!(matches!(bad_token.bearer(), Err(ServiceError::Unauthorized(AuthProblem::UnknownToken))));
        assert!(matches!(Viewer::anonymous().session(), Err(ServiceError::Unauthorized(AuthProblem::SignedOut))));
    }
}
