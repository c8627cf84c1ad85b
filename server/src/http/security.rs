//! Cross-cutting defences: security headers on every response, and the
//! CSRF check on cookie-authenticated writes.

use axum::extract::Request;
use axum::http::header::{self, HeaderValue};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::HttpError;
use crate::auth::extract::session_cookie;

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
    path.starts_with("/auth/") || path.starts_with("/team/") || path == "/upload"
}

/// Whether a write comes from this site: `Sec-Fetch-Site` (sent by every
/// current browser) must be `same-origin` or `none`; without it, `Origin`
/// must name this host. A write with neither is refused.
pub fn same_origin(headers: &HeaderMap) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return site == "same-origin" || site == "none";
    }
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    match (origin, host) {
        (Some(origin), Some(host)) => {
            origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://")) == Some(host)
        }
        _ => false,
    }
}

/// Refuses cross-site writes that a browser's cookies would authenticate:
/// every write to the form endpoints, and any other write carrying the
/// session cookie but no bearer token (bearer-token routes are exempt).
pub async fn csrf_guard(req: Request, next: Next) -> Response {
    let method = req.method();
    let safe = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let headers = req.headers();
    let bearer = headers.contains_key(header::AUTHORIZATION);
    let needs_check = !safe && (is_form_path(req.uri().path()) || (session_cookie(headers).is_some() && !bearer));
    if needs_check && !same_origin(headers) {
        tracing::warn!(path = %req.uri().path(), "refused a cross-site write");
        return HttpError::Forbidden(
            "cross-site request refused: this form must be sent from the leaderboard's own pages",
        )
        .into_response();
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
        assert!(same_origin(&headers(&[("sec-fetch-site", "same-origin")])));
        assert!(!same_origin(&headers(&[("sec-fetch-site", "cross-site"), ("origin", "http://a"), ("host", "a")])));
        assert!(same_origin(&headers(&[("origin", "http://127.0.0.1:3000"), ("host", "127.0.0.1:3000")])));
        assert!(!same_origin(&headers(&[("origin", "https://evil.example"), ("host", "127.0.0.1:3000")])));
        assert!(!same_origin(&headers(&[("host", "127.0.0.1:3000")])));
    }
}
