//! Who a request acts for, resolved once per request.
//!
//! A request can carry an API token (`Authorization: Bearer TOKEN`, scripts
//! and the CLI) and a session cookie (the web pages). [`Viewer::resolve`]
//! looks both up; the server puts a [`ViewerSlot`] into every request's
//! extensions so that the REST handlers, the form handlers and the server
//! functions rendering a page all share one resolution, made on first use
//! (a request for a static file never pays for it).

use std::sync::Arc;

use http::HeaderMap;
use http::header::{AUTHORIZATION, COOKIE};
use tokio::sync::OnceCell;

use super::error::{AuthProblem, Result, ServiceError};
use crate::db::Db;
use crate::db::sessions::{self, Principal, SESSION_COOKIE, secret_hash};
use crate::domain::visibility;

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

    /// Looks up the bearer token and the session cookie of `headers`.
    pub async fn resolve(db: &Db, headers: &HeaderMap) -> Result<Self> {
        let bearer = match headers.get(AUTHORIZATION) {
            None => None,
            Some(value) => Some(match bearer_token(value) {
                Err(problem) => Err(problem),
                Ok(token) => sessions::token_principal(db, &secret_hash(token)).await?.ok_or(AuthProblem::UnknownToken),
            }),
        };
        let session = match session_cookie(headers) {
            None => None,
            Some(cookie) => {
                let hash = secret_hash(&cookie);
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

/// The token of an `Authorization: Bearer TOKEN` header.
pub fn bearer_token(value: &http::HeaderValue) -> Result<&str, AuthProblem> {
    value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(AuthProblem::MalformedBearer)
}

/// The session cookie's value, if the request carries one.
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(cookie::Cookie::split_parse)
        .filter_map(std::result::Result::ok)
        .find(|c| c.name() == SESSION_COOKIE)
        .map(|c| c.value().to_owned())
}

/// One request's viewer, resolved on first use and then shared. The server
/// inserts a fresh slot into each request's extensions.
#[derive(Debug, Clone, Default)]
pub struct ViewerSlot(Arc<OnceCell<Viewer>>);

impl ViewerSlot {
    /// The viewer of the request whose headers are `headers`.
    pub async fn get(&self, db: &Db, headers: &HeaderMap) -> Result<Viewer> {
        self.0.get_or_try_init(|| Viewer::resolve(db, headers)).await.cloned()
    }
}

/// The viewer of a request: from its slot when the server put one there,
/// else looked up now.
pub async fn of_request(db: &Db, parts: &http::request::Parts) -> Result<Viewer> {
    match parts.extensions.get::<ViewerSlot>() {
        Some(slot) => slot.get(db, &parts.headers).await,
        None => Viewer::resolve(db, &parts.headers).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        pairs.iter().map(|(k, v)| (k.parse().unwrap(), v.parse().unwrap())).collect()
    }

    #[test]
    fn the_session_cookie_is_found_among_others() {
        let h = headers(&[("cookie", "a=1; mb_session=mbs_abc; b=2")]);
        assert_eq!(session_cookie(&h).as_deref(), Some("mbs_abc"));
        assert_eq!(session_cookie(&headers(&[("cookie", "mb_sessionx=1; x=mb_session")])), None);
        assert_eq!(session_cookie(&HeaderMap::new()), None);
    }

    #[test]
    fn bearer_headers_are_read_strictly() {
        let v = |s: &str| http::HeaderValue::from_str(s).unwrap();
        assert_eq!(bearer_token(&v("Bearer mbt_1")), Ok("mbt_1"));
        assert_eq!(bearer_token(&v("Basic abc")), Err(AuthProblem::MalformedBearer));
        assert_eq!(bearer_token(&v("Bearer  ")), Err(AuthProblem::MalformedBearer));
    }

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

    /// A database with one team whose member has a live session.
    async fn db_with_session() -> (Db, String) {
        let dir = std::env::temp_dir().join(format!("mb-viewer-{}-{}", std::process::id(), crate::db::now_unix()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::connect(&format!("sqlite:{}", dir.join("t.db").display())).await.unwrap();
        db.migrate().await.unwrap();
        let (_, member) = crate::db::teams::create(&db, "Team A", "a@example.org", "x", None).await.unwrap();
        let cookie = "mbs_test".to_owned();
        sessions::create_session(&db, &secret_hash(&cookie), member, 3600).await.unwrap();
        (db, cookie)
    }

    #[tokio::test]
    async fn a_request_resolves_its_viewer_once() {
        let (db, cookie) = db_with_session().await;
        let h = headers(&[("cookie", &format!("mb_session={cookie}"))]);
        let slot = ViewerSlot::default();
        let first = slot.get(&db, &h).await.unwrap();
        assert!(first.signed_in().is_some());
        // The session ends mid-request: the request keeps the viewer it
        // resolved, while a new request sees the session gone.
        sessions::delete_session(&db, &secret_hash(&cookie)).await.unwrap();
        assert_eq!(slot.get(&db, &h).await.unwrap(), first);
        let fresh = ViewerSlot::default().get(&db, &h).await.unwrap();
        assert!(matches!(fresh.session(), Err(ServiceError::Unauthorized(AuthProblem::SessionEnded))));
    }
}
