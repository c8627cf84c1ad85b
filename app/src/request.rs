//! Reading a request's credentials: the bearer token of `Authorization`
//! and the session cookie, as the [`Credentials`] the services take; and
//! the request's [`Viewer`], resolved once per request and shared by the
//! REST handlers, the form handlers and the server functions rendering a
//! page (the server puts a [`ViewerSlot`] into every request's extensions;
//! a request for a static file never pays for the look-up).

use std::sync::Arc;

use http::HeaderMap;
use http::header::{AUTHORIZATION, COOKIE};
use tokio::sync::OnceCell;

use crate::services::sessions::SESSION_COOKIE;
use crate::services::{AuthProblem, Credentials, Db, Result, Viewer};

/// The credentials `headers` carry.
pub fn credentials(headers: &HeaderMap) -> Credentials {
    Credentials {
        bearer: headers.get(AUTHORIZATION).map(|value| bearer_token(value).map(str::to_owned)),
        session: session_cookie(headers),
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
        self.0.get_or_try_init(|| async move { Viewer::resolve(db, &credentials(headers)).await }).await.cloned()
    }
}

/// The viewer of a request: from its slot when the server put one there,
/// else looked up now.
pub async fn viewer(db: &Db, parts: &http::request::Parts) -> Result<Viewer> {
    match parts.extensions.get::<ViewerSlot>() {
        Some(slot) => slot.get(db, &parts.headers).await,
        None => Viewer::resolve(db, &credentials(&parts.headers)).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::ServiceError;

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
        let read = credentials(&headers(&[("authorization", "Basic abc"), ("cookie", "mb_session=s")]));
        assert_eq!(read, Credentials { bearer: Some(Err(AuthProblem::MalformedBearer)), session: Some("s".into()) });
        assert_eq!(credentials(&HeaderMap::new()), Credentials::default());
    }

    /// A database with one team whose member has a live session.
    async fn db_with_session() -> (Db, String) {
        let dir = std::env::temp_dir().join(format!("mb-viewer-{}-{}", std::process::id(), crate::db::now_unix()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::connect(&format!("sqlite:{}", dir.join("t.db").display())).await.unwrap();
        db.migrate().await.unwrap();
        let (_, member) = crate::db::teams::create(&db, "Team A", "a@example.org", "x", None).await.unwrap();
        let cookie = "mbs_test".to_owned();
        crate::db::sessions::create_session(&db, &crate::db::sessions::secret_hash(&cookie), member, 3600)
            .await
            .unwrap();
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
        crate::db::sessions::delete_session(&db, &crate::db::sessions::secret_hash(&cookie)).await.unwrap();
        assert_eq!(slot.get(&db, &h).await.unwrap(), first);
        let fresh = ViewerSlot::default().get(&db, &h).await.unwrap();
        assert!(matches!(fresh.session(), Err(ServiceError::Unauthorized(AuthProblem::SessionEnded))));
    }
}
