//! Cross-cutting defences: security headers on every response, and the
//! CSRF check on cookie-authenticated writes.

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderValue};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, Method, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::HttpError;
use super::extract::session_cookie;
use crate::state::AppState;

/// The policy for responses that are not pages (JSON, SVG, files): they
/// may load nothing. Pages set their own, with the inline-script nonce.
const DEFAULT_CSP: &str = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// Adds security headers; a page's own Content-Security-Policy is kept.
pub async fn security_headers(req: Request, next: Next) -> Response {
    let mut resp = next.run(req).await;
    let h = resp.headers_mut();
    if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(DEFAULT_CSP));
    }
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    resp
}

/// Paths whose writes act on a browser session (or start one).
fn is_form_path(path: &str) -> bool {
    path.starts_with("/auth/") || path.starts_with("/team/") || path.starts_with("/operator/") || path == "/upload"
}

/// Whether a write comes from this site: `Sec-Fetch-Site` (sent by every
/// current browser) must be `same-origin` or `none`; without it, `Origin`
/// must name this site exactly: the scheme the server is reached by
/// (`scheme`), the `Host` and the port (a default port may be left out).
/// A write with neither is refused.
pub fn same_origin(headers: &HeaderMap, scheme: &str) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return site == "same-origin" || site == "none";
    }
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).and_then(|h| h.parse::<Authority>().ok());
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()).and_then(|o| o.parse::<Uri>().ok());
    let (Some(host), Some(origin)) = (host, origin) else { return false };
    let default_port = |scheme: &str| match scheme {
        "https" => Some(443),
        "http" => Some(80),
        _ => None,
    };
    let Some(origin_scheme) = origin.scheme_str() else { return false };
    origin.path_and_query().is_none_or(|p| p.as_str().is_empty() || p.as_str() == "/")
        && origin_scheme.eq_ignore_ascii_case(scheme)
        && origin.host().is_some_and(|h| h.eq_ignore_ascii_case(host.host()))
        && origin.port_u16().or(default_port(scheme)) == host.port_u16().or(default_port(scheme))
}

/// The scheme clients reach this server by: `http` (it serves plain HTTP),
/// or behind a proxy the proxy's `X-Forwarded-Proto` (its last entry).
pub fn public_scheme(headers: &HeaderMap, behind_proxy: bool) -> &str {
    let forwarded = || headers.get("x-forwarded-proto")?.to_str().ok()?.rsplit(',').next().map(str::trim);
    match behind_proxy.then(forwarded).flatten() {
        Some(p) if p.eq_ignore_ascii_case("https") => "https",
        _ => "http",
    }
}

/// Refuses cross-site writes that a browser's cookies would authenticate:
/// every write to the form endpoints, and any other write carrying the
/// session cookie, unless it is an API write with a well-formed bearer
/// token (the API authenticates writes by the token alone, never by the
/// cookie). A request is checked for the way it is authenticated: an
/// `Authorization` header beside the cookie on any other route changes
/// nothing.
pub async fn csrf_guard(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let method = req.method();
    let safe = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let headers = req.headers();
    let path = req.uri().path();
    let api_bearer = path.starts_with("/api/")
        && headers.get(header::AUTHORIZATION).is_some_and(|value| app::request::bearer_token(value).is_ok());
    let needs_check = !safe && (is_form_path(path) || (session_cookie(headers).is_some() && !api_bearer));
    if needs_check && !same_origin(headers, public_scheme(headers, state.config.behind_proxy())) {
        tracing::warn!(path = %req.uri().path(), "refused a cross-site write");
        return HttpError::CrossSite.into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(k, v)| (header::HeaderName::from_static(k), HeaderValue::from_static(v))).collect()
    }

    #[test]
    fn same_origin_rules() {
        let http = |pairs: &[(&'static str, &'static str)]| same_origin(&headers(pairs), "http");
        assert!(http(&[("sec-fetch-site", "same-origin")]));
        assert!(!http(&[("sec-fetch-site", "cross-site"), ("origin", "http://a"), ("host", "a")]));
        assert!(http(&[("origin", "http://127.0.0.1:3000"), ("host", "127.0.0.1:3000")]));
        assert!(!http(&[("origin", "https://evil.example"), ("host", "127.0.0.1:3000")]));
        assert!(!http(&[("host", "127.0.0.1:3000")]));
    }

    /// Scheme, host and port must all match; a default port may be left out.
    #[test]
    fn same_origin_compares_scheme_host_and_port() {
        let check = |origin: &'static str, host: &'static str, scheme: &str| {
            same_origin(&headers(&[("origin", origin), ("host", host)]), scheme)
        };
        assert!(!check("https://127.0.0.1:3000", "127.0.0.1:3000", "http"), "https origin on an http server");
        assert!(!check("http://board.example", "board.example", "https"), "http origin on an https site");
        assert!(check("https://board.example", "board.example", "https"));
        assert!(check("https://board.example:443", "board.example", "https"));
        assert!(check("http://board.example", "board.example:80", "http"));
        assert!(check("http://Board.Example", "board.example", "http"));
        assert!(!check("http://127.0.0.1:3001", "127.0.0.1:3000", "http"), "another port");
        assert!(!check("http://127.0.0.1", "127.0.0.1:3000", "http"), "a missing port is the default port");
        assert!(!check("http://127.0.0.1:3000.evil.example", "127.0.0.1:3000", "http"));
        assert!(!check("null", "127.0.0.1:3000", "http"));
        assert!(!check("http://127.0.0.1:3000/path", "127.0.0.1:3000", "http"));
    }

    #[test]
    fn the_public_scheme_is_http_unless_a_trusted_proxy_says_https() {
        let forwarded = headers(&[("x-forwarded-proto", "https")]);
        assert_eq!(public_scheme(&forwarded, false), "http", "not behind a proxy: the header is anyone's");
        assert_eq!(public_scheme(&forwarded, true), "https");
        assert_eq!(public_scheme(&headers(&[]), true), "http");
    }
}
