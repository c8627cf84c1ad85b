//! Request extractors: the request's [`Viewer`] (resolved once per request,
//! `app::request`), the two ways a team acts: a bearer API
//! token (scripts, the CLI) and a session cookie (the web pages), and the
//! [`Client`] a request counts against for the limits per client address.

use std::net::{IpAddr, SocketAddr};

use app::request::{self, ViewerSlot};
use app::services::clients::ClientKey;
use app::services::sessions::{LiveToken, Principal};
use app::services::{AuthProblem, ServiceError, Session, Viewer};
use axum::extract::{ConnectInfo, FromRequestParts, Request};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap};
use axum::middleware::Next;
use axum::response::Response;
use cookie::{Cookie, SameSite};

use super::HttpError;
use crate::config::TrustedProxies;
use crate::state::AppState;

pub use app::request::session_cookie;
pub use app::services::sessions::SESSION_COOKIE;
/// How long a session lives.
pub const SESSION_TTL_SECS: i64 = 14 * 86_400;

/// Gives each request an empty viewer slot, filled on first use.
pub async fn viewer_slot(mut req: Request, next: Next) -> Response {
    req.extensions_mut().insert(ViewerSlot::default());
    next.run(req).await
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(request::viewer(&state.db, parts).await?)
    }
}

/// A request authenticated by `Authorization: Bearer TOKEN`.
#[derive(Debug, Clone)]
pub struct BearerTeam(pub Principal);

impl FromRequestParts<AppState> for BearerTeam {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        Ok(Self(viewer.bearer()?.clone()))
    }
}

/// An upload's bearer token, as the process remembers it
/// (`app::services::tokens`): the upload's transaction checks that it is
/// still live. Other API requests use [`BearerTeam`].
pub struct UploadToken {
    pub token: LiveToken,
    /// The secret sent, to forget the token if it turns out revoked.
    pub secret: String,
}

impl FromRequestParts<AppState> for UploadToken {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let unauthorized = |problem| HttpError::from(ServiceError::Unauthorized(problem));
        let header = parts.headers.get(AUTHORIZATION).ok_or_else(|| unauthorized(AuthProblem::MissingBearer))?;
        let secret = request::bearer_token(header).map_err(unauthorized)?.to_owned();
        match state.tokens.live(&state.db, &secret).await? {
            Some(token) => Ok(Self { token, secret }),
            None => Err(unauthorized(AuthProblem::UnknownToken)),
        }
    }
}

/// A request from a signed-in browser session.
#[derive(Debug, Clone)]
pub struct SessionTeam(pub Session);

impl FromRequestParts<AppState> for SessionTeam {
    type Rejection = HttpError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        Ok(Self(viewer.session()?.clone()))
    }
}

impl axum::extract::OptionalFromRequestParts<AppState> for SessionTeam {
    type Rejection = HttpError;

    /// `None` when there is no cookie or the session has ended.
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Option<Self>, Self::Rejection> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        Ok(viewer.signed_in().cloned().map(Self))
    }
}

/// The address a request counts against, for every limit per client (the
/// write rate, registrations, uploads): the connection's peer, or behind
/// trusted proxies the client they name in `X-Forwarded-For`, every line
/// of it read ([`TrustedProxies::client`]). Without proxies the header is
/// anyone's to write and is ignored. `None` when neither is known
/// (in-process tests).
pub fn client_address(
    headers: &HeaderMap,
    extensions: &Extensions,
    proxies: Option<&TrustedProxies>,
) -> Option<IpAddr> {
    let peer = extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let Some(proxies) = proxies else { return peer };
    // Split as bytes: a client's line may hold bytes that are not text,
    // and the address a proxy appended to that line must still count (an
    // entry that is not text stays as one that is not an address).
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|line| line.as_bytes().split(|&b| b == b','))
        .map(|entry| std::str::from_utf8(entry).map_or("?", str::trim))
        .filter(|entry| !entry.is_empty())
        .collect();
    proxies.client(peer, &entries)
}

/// The client a request comes from, as the keyed hash of its
/// [`client_address`] (`None`: not known, and then not limited).
#[derive(Debug, Clone)]
pub struct Client(pub Option<ClientKey>);

impl FromRequestParts<AppState> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let ip = client_address(&parts.headers, &parts.extensions, state.config.proxies.as_ref());
        Ok(Self(ip.map(|ip| ClientKey::new(&state.config.client_secret, ip))))
    }
}

/// The session cookie with its attributes: HttpOnly, SameSite=Lax, for
/// the whole site, Secure when served over HTTPS.
fn session_cookie_with(value: String, max_age_secs: i64, secure: bool) -> String {
    Cookie::build((SESSION_COOKIE, value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(cookie::time::Duration::seconds(max_age_secs))
        .secure(secure)
        .build()
        .to_string()
}

/// The `Set-Cookie` value that starts a session.
pub fn session_set_cookie(value: &str, secure: bool) -> String {
    session_cookie_with(value.to_owned(), SESSION_TTL_SECS, secure)
}

/// The `Set-Cookie` value that ends a session.
pub fn session_clear_cookie(secure: bool) -> String {
    session_cookie_with(String::new(), 0, secure)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_cookies_carry_every_attribute() {
        let set = session_set_cookie("mbs_x", true);
        for part in ["mb_session=mbs_x", "HttpOnly", "SameSite=Lax", "Path=/", "Secure", "Max-Age=1209600"] {
            assert!(set.contains(part), "{set} lacks {part}");
        }
        let clear = session_clear_cookie(false);
        assert!(clear.starts_with("mb_session=;") && clear.contains("Max-Age=0"), "{clear}");
        assert!(!clear.contains("Secure"), "{clear}");
    }

    #[test]
    fn the_client_is_the_peer_or_the_one_the_trusted_proxy_names() {
        // HAProxy's `option forwardfor` adds a header line of its own and
        // keeps the one the client wrote.
        let mut req = Request::builder()
            .uri("/api/v1/teams")
            .header("x-forwarded-for", "1.2.3.4, 5.5.5.5")
            .header("x-forwarded-for", "6.6.6.6")
            .body(axum::body::Body::empty())
            .unwrap();
        req.extensions_mut().insert(ConnectInfo("9.9.9.9:1234".parse::<SocketAddr>().unwrap()));
        let client = |req: &Request, proxies: Option<TrustedProxies>| {
            client_address(req.headers(), req.extensions(), proxies.as_ref())
        };
        assert_eq!(client(&req, None), Some("9.9.9.9".parse().unwrap()), "the peer, unless behind a proxy");
        assert_eq!(client(&req, Some(TrustedProxies::Hops(1))), Some("6.6.6.6".parse().unwrap()));
        assert_eq!(client(&req, Some(TrustedProxies::Hops(2))), Some("5.5.5.5".parse().unwrap()));
        // Bytes that are not text before the proxy's entry on the same
        // line (nginx appends to the client's line) do not hide it.
        let mut garbled = Request::builder()
            .uri("/api/v1/teams")
            .header("x-forwarded-for", axum::http::HeaderValue::from_bytes(b"\xff\xfe, 6.6.6.6").unwrap())
            .body(axum::body::Body::empty())
            .unwrap();
        garbled.extensions_mut().insert(ConnectInfo("9.9.9.9:1234".parse::<SocketAddr>().unwrap()));
        assert_eq!(client(&garbled, Some(TrustedProxies::Hops(1))), Some("6.6.6.6".parse().unwrap()));
        assert_eq!(
            client(&garbled, Some(TrustedProxies::Hops(2))),
            Some("9.9.9.9".parse().unwrap()),
            "not an address: the peer"
        );
        let bare = Request::builder().uri("/").body(axum::body::Body::empty()).unwrap();
        assert_eq!(client(&bare, Some(TrustedProxies::Hops(1))), None, "unknown: not limited");
    }
}

/// `?lang=ar` of the files served in either language (charts, the
/// dataset card, a model card's badge); English without it.
#[derive(Debug, serde::Deserialize)]
pub struct LangQuery {
    lang: Option<String>,
}

impl LangQuery {
    /// The language asked for.
    pub fn lang(&self) -> app::i18n::Lang {
        app::i18n::Lang::from_param(self.lang.as_deref())
    }
}
