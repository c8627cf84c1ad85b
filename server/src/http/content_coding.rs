//! Answers kept compressed (the leaderboard's whole-board exports,
//! [`crate::exports`]): the coding a request's `Accept-Encoding` prefers,
//! and the marker that keeps the compression layer (`super::compression`)
//! off such an answer, whichever coding it was sent in.

use axum::body::HttpBody;
use axum::http::{HeaderMap, HeaderValue, Response, header};
use tower_http::compression::predicate::Predicate;

use crate::exports::Coding;

/// The coding to send to a request with `headers`: brotli or gzip,
/// whichever `Accept-Encoding` weighs more (brotli on a tie; `*` stands for
/// both when they are not named; `q=0` refuses one), or identity when it
/// accepts neither, weighs `identity` above them, or has no such header.
pub fn preferred(headers: &HeaderMap) -> Coding {
    let (mut brotli, mut gzip, mut any, mut identity) = (None, None, None, None);
    let values = headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok());
    for (name, q) in values.flat_map(|v| v.split(',')).filter_map(coding_and_quality) {
        let slot = match name.to_ascii_lowercase().as_str() {
            "br" => &mut brotli,
            "gzip" | "x-gzip" => &mut gzip,
            "*" => &mut any,
            "identity" => &mut identity,
            _ => continue,
        };
        slot.get_or_insert(q);
    }
    let brotli = brotli.or(any).unwrap_or(0.0);
    let gzip = gzip.or(any).unwrap_or(0.0);
    let (coding, q) = if brotli >= gzip { (Coding::Brotli, brotli) } else { (Coding::Gzip, gzip) };
    if q <= 0.0 || identity.is_some_and(|identity| identity > q) { Coding::Identity } else { coding }
}

/// `gzip;q=0.5` as `("gzip", 0.5)`; `None` for an empty or unreadable one.
fn coding_and_quality(item: &str) -> Option<(&str, f32)> {
    let mut parts = item.split(';').map(str::trim);
    let name = parts.next().filter(|n| !n.is_empty())?;
    let mut q = 1.0;
    for param in parts {
        if let Some((key, value)) = param.split_once('=')
            && key.trim().eq_ignore_ascii_case("q")
        {
            q = value.trim().parse::<f32>().ok().filter(|q| (0.0..=1.0).contains(q))?;
        }
    }
    Some((name, q))
}

/// In a response's extensions: its body is already in the coding the
/// request preferred (identity included), so the compression layer must
/// leave it as it is.
#[derive(Debug, Clone, Copy)]
pub struct Negotiated;

/// `Vary: Accept-Encoding`: the answer depends on that header (a `304`
/// too, for the caches that keep one answer per coding).
pub fn vary() -> (header::HeaderName, HeaderValue) {
    (header::VARY, HeaderValue::from_static("accept-encoding"))
}

/// The headers of an answer sent in `coding`: `Content-Encoding` (none for
/// identity) and [`vary`].
pub fn headers(coding: Coding) -> impl Iterator<Item = (header::HeaderName, HeaderValue)> {
    let encoding = coding.content_encoding().map(|c| (header::CONTENT_ENCODING, HeaderValue::from_static(c)));
    encoding.into_iter().chain([vary()])
}

/// The compression layer's predicate: not for a [`Negotiated`] answer.
#[derive(Debug, Clone, Copy)]
pub struct NotNegotiated;

impl Predicate for NotNegotiated {
    fn should_compress<B>(&self, response: &Response<B>) -> bool
    where
        B: HttpBody,
    {
        response.extensions().get::<Negotiated>().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prefers(value: &'static str) -> Coding {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(value));
        preferred(&headers)
    }

    #[test]
    fn the_heavier_accepted_coding_wins() {
        assert_eq!(preferred(&HeaderMap::new()), Coding::Identity, "no header: identity");
        assert_eq!(prefers("gzip, deflate, br, zstd"), Coding::Brotli, "a tie goes to brotli");
        assert_eq!(prefers("gzip"), Coding::Gzip);
        assert_eq!(prefers("x-gzip"), Coding::Gzip);
        assert_eq!(prefers("GZIP;Q=0.5, br;q=0.4"), Coding::Gzip);
        assert_eq!(prefers("br;q=0, gzip"), Coding::Gzip, "q=0 refuses brotli");
        assert_eq!(prefers("br;q=0.0, gzip;q=0.000"), Coding::Identity);
        assert_eq!(prefers("deflate, identity"), Coding::Identity, "neither accepted");
        assert_eq!(prefers("identity"), Coding::Identity);
        assert_eq!(prefers("*"), Coding::Brotli);
        assert_eq!(prefers("*;q=0.5, gzip"), Coding::Gzip, "a named coding outweighs *");
        assert_eq!(prefers("*, br;q=0"), Coding::Gzip, "* stands for the ones not named");
        assert_eq!(prefers("*;q=0"), Coding::Identity);
        assert_eq!(prefers("gzip;q=0.5, identity"), Coding::Identity, "identity weighed above gzip");
        assert_eq!(prefers("gzip;q=0.5"), Coding::Gzip, "identity not named does not outweigh gzip");
        assert_eq!(prefers("gzip;q=2, br;q=abc"), Coding::Identity, "unreadable weights count for nothing");
        assert_eq!(prefers(" , ;q=1, br ; q = 0.9"), Coding::Brotli);
    }

    #[test]
    fn every_header_line_counts() {
        let mut headers = HeaderMap::new();
        headers.append(header::ACCEPT_ENCODING, HeaderValue::from_static("br;q=0"));
        headers.append(header::ACCEPT_ENCODING, HeaderValue::from_static("gzip"));
        assert_eq!(preferred(&headers), Coding::Gzip);
    }
}
