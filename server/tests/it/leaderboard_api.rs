//! `GET /api/v1/leaderboard?limit=N&after=CURSOR`: pages of the board in
//! its order, stable while it changes; and the whole-board exports, each
//! compressed once per board version and sent in the coding the request
//! prefers.

use std::io::Read;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use crate::board::predictions;
use crate::harness::{Backend, TestApp};
use crate::on_both_backends;

on_both_backends!(
    pages_give_every_row_once_in_board_order,
    a_row_added_between_pages_moves_no_other,
    bad_limits_and_cursors_are_refused,
    exports_are_compressed_once_per_version,
);

/// Uploads predictions of `model` at `accuracy` for the team of `token`.
async fn upload(app: &TestApp, token: &str, model: &str, accuracy: f64, seed: u64) {
    let resp = app.upload_raw(token, &format!("model_name={model}"), predictions(accuracy, seed)).await;
    assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
}

/// What tells two rows apart: source, model, team, submission id.
fn identity(row: &Value) -> String {
    format!("{} {} {} {}", row["source"], row["model"], row["team"], row["submission_id"])
}

/// Every page from the first, with `limit`; `between` runs after the
/// first page. Returns the pages.
async fn walk(app: &TestApp, limit: usize, between: impl AsyncFnOnce()) -> Vec<Value> {
    let mut pages = vec![app.get(&format!("/api/v1/leaderboard?limit={limit}")).await.json()];
    between().await;
    while let Some(next) = pages.last().unwrap()["next"].as_str() {
        let resp = app.get(&format!("/api/v1/leaderboard?limit={limit}&after={next}")).await;
        assert_eq!(resp.status, StatusCode::OK, "{}", resp.body);
        pages.push(resp.json());
    }
    pages
}

fn rows_of(pages: &[Value]) -> Vec<Value> {
    pages.iter().flat_map(|p| p["rows"].as_array().unwrap().clone()).collect()
}

async fn pages_give_every_row_once_in_board_order(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Cedars", "lead@cedars.example").await;
    for (i, accuracy) in [0.6, 0.3, 0.45, 0.8].into_iter().enumerate() {
        upload(&app, &token, &format!("Cedar-{i}"), accuracy, i as u64).await;
    }
    let board = app.get("/api/v1/leaderboard").await.json();
    let all = board["rows"].as_array().unwrap();
    assert!(all.len() > 10, "{} rows", all.len());

    let pages = walk(&app, 4, async || {}).await;
    assert_eq!(pages.len(), all.len().div_ceil(4));
    assert_eq!(&rows_of(&pages), all, "every row once, in the whole board's order");
    for (i, page) in pages.iter().enumerate() {
        let last = i == pages.len() - 1;
        assert_eq!(page["next"].is_null(), last, "page {i}: next is null on the last page only");
        assert!(page["rows"].as_array().unwrap().len() == 4 || last);
        assert_eq!(page["board_version"], board["board_version"]);
        assert_eq!(
            (&page["benchmark"], &page["reference"], &page["ranking"]),
            (&board["benchmark"], &board["reference"], &board["ranking"])
        );
    }
    // One page holding the whole board ends it; `after` alone pages by 1,000.
    let whole = app.get("/api/v1/leaderboard?limit=1000").await.json();
    assert_eq!((&whole["rows"], &whole["next"]), (&board["rows"], &Value::Null));
    let next = pages[0]["next"].as_str().unwrap();
    let after = app.get(&format!("/api/v1/leaderboard?after={next}")).await.json();
    assert_eq!(after["rows"].as_array().unwrap()[..], all[4..]);

    // A page has its own ETag: sent back, 304 until the board moves.
    let page = app.get("/api/v1/leaderboard?limit=4").await;
    let etag = page.headers[header::ETAG].to_str().unwrap().to_owned();
    let other = app.get("/api/v1/leaderboard?limit=5").await.headers[header::ETAG].to_str().unwrap().to_owned();
    assert_ne!(etag, other);
    let again = app
        .request(get("/api/v1/leaderboard?limit=4").header(header::IF_NONE_MATCH, &etag).body(Body::empty()).unwrap());
    assert_eq!(again.await.status, StatusCode::NOT_MODIFIED);
    upload(&app, &token, "Cedar-late", 0.5, 9).await;
    let moved = app
        .request(get("/api/v1/leaderboard?limit=4").header(header::IF_NONE_MATCH, &etag).body(Body::empty()).unwrap());
    assert_eq!(moved.await.status, StatusCode::OK);
    app.finish().await;
}

/// Rows added (one before the first page's end, one after) and a row gone
/// between two page reads: every row that was on the board throughout is
/// given once, in order; an offset would have repeated a row.
async fn a_row_added_between_pages_moves_no_other(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Cedars", "lead@cedars.example").await;
    for (i, accuracy) in [0.6, 0.3, 0.45].into_iter().enumerate() {
        upload(&app, &token, &format!("Cedar-{i}"), accuracy, i as u64).await;
    }
    let before = app.get("/api/v1/leaderboard").await.json()["rows"].as_array().unwrap().clone();
    let other = app.team_with_token("Olives", "lead@olives.example").await;
    let pages = walk(&app, 5, async || {
        upload(&app, &other, "Olive-best", 0.95, 11).await;
        upload(&app, &other, "Olive-weak", 0.1, 12).await;
    })
    .await;
    let after = app.get("/api/v1/leaderboard").await.json()["rows"].as_array().unwrap().clone();
    assert_eq!(after.len(), before.len() + 2);
    assert_ne!(pages[0]["board_version"], pages[1]["board_version"], "the board moved between the pages");

    let seen: Vec<String> = rows_of(&pages).iter().map(identity).collect();
    let kept: Vec<String> = seen.iter().filter(|r| !r.contains("Olive-")).cloned().collect();
    assert_eq!(kept, before.iter().map(identity).collect::<Vec<_>>(), "no row repeated or skipped");
    assert!(seen.iter().any(|r| r.contains("Olive-weak")), "a row added after the first page's end is given");
    assert!(!seen.iter().any(|r| r.contains("Olive-best")), "a row added before it is not (it was not yet there)");
    app.finish().await;
}

async fn bad_limits_and_cursors_are_refused(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    for (query, code, named) in [
        ("limit=0", "invalid_limit", "`limit`"),
        ("limit=1001", "invalid_limit", "`limit`"),
        ("limit=ten", "invalid_limit", "`limit`"),
        ("limit=5&after=%25%25%25", "invalid_cursor", "`after`"),
        ("after=eyJtb2RlbCI6MX0", "invalid_cursor", "`after`"),
    ] {
        let resp = app.get(&format!("/api/v1/leaderboard?{query}")).await;
        assert_eq!(resp.status, StatusCode::BAD_REQUEST, "{query}");
        let error = &resp.json()["error"];
        assert_eq!(error["code"], code, "{query}");
        assert!(error["message"].as_str().unwrap().contains(named), "{query}: {error}");
    }
    let resp = app.get("/api/v1/leaderboard?limit=1001").await;
    assert!(resp.json()["error"]["message"].as_str().unwrap().contains("1001"), "the value refused is named");
    app.finish().await;
}

fn get(path: &str) -> axum::http::request::Builder {
    Request::get(path)
}

/// `GET path` with `Accept-Encoding: accept` (none when empty): status,
/// headers and the body's bytes as sent.
async fn get_encoded(app: &TestApp, path: &str, accept: &str) -> (StatusCode, HeaderMap, Bytes) {
    let mut req = get(path);
    if !accept.is_empty() {
        req = req.header(header::ACCEPT_ENCODING, accept);
    }
    let resp = server::build_router(app.state.clone()).oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let (parts, body) = resp.into_parts();
    (parts.status, parts.headers, body.collect().await.unwrap().to_bytes())
}

fn decode(encoding: Option<&str>, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match encoding {
        None => out.extend_from_slice(body),
        Some("gzip") => drop(flate2::read::GzDecoder::new(body).read_to_end(&mut out).unwrap()),
        Some("br") => drop(brotli::Decompressor::new(body, 4096).read_to_end(&mut out).unwrap()),
        Some(other) => panic!("unexpected Content-Encoding {other}"),
    }
    out
}

/// Each whole-board export in each coding: the one the request prefers,
/// decoding to exactly the identity body, with `Vary: Accept-Encoding`;
/// compressed once per board version, however many requests ask, at once
/// or after.
async fn exports_are_compressed_once_per_version(backend: Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let token = app.team_with_token("Cedars", "lead@cedars.example").await;
    upload(&app, &token, "Cedar-70B", 0.6, 1).await;
    let paths = ["/api/v1/leaderboard", "/api/v1/leaderboard.csv", "/api/v1/leaderboard.csv?include=reference"];
    for path in paths {
        let (status, headers, identity) = get_encoded(&app, path, "").await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(headers.get(header::CONTENT_ENCODING).is_none(), "{path}: identity without Accept-Encoding");
        assert!(String::from_utf8_lossy(&identity).contains("Cedar-70B"), "{path}");
        for (accept, expected) in [
            ("gzip", Some("gzip")),
            ("br", Some("br")),
            ("gzip, deflate, br", Some("br")),
            ("br;q=0, gzip", Some("gzip")),
            ("gzip;q=0.2, br;q=0.1", Some("gzip")),
            ("deflate", None),
            ("identity", None),
        ] {
            let (status, headers, body) = get_encoded(&app, path, accept).await;
            assert_eq!(status, StatusCode::OK, "{path} {accept}");
            let encoding = headers.get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap());
            assert_eq!(encoding, expected, "{path} {accept}");
            assert_eq!(headers.get_all(header::CONTENT_ENCODING).iter().count(), usize::from(expected.is_some()));
            assert_eq!(headers[header::VARY], "accept-encoding", "{path} {accept}");
            assert_eq!(decode(encoding, &body), identity, "{path} {accept}: decodes to the identity body");
        }
    }
    assert_eq!(app.state.exports.made(), 3, "each export compressed once at this version");

    // A new version: requests that all arrive at once share one compression.
    upload(&app, &token, "Cedar-8B", 0.4, 2).await;
    let at_once = ["gzip", "br", "", "br", "gzip"].map(|accept| get_encoded(&app, paths[0], accept));
    let answers = futures_util::future::join_all(at_once).await;
    assert!(answers.iter().all(|(status, _, _)| *status == StatusCode::OK));
    let bodies: Vec<Vec<u8>> = answers
        .iter()
        .map(|(_, headers, body)| decode(headers.get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap()), body))
        .collect();
    assert!(bodies.windows(2).all(|w| w[0] == w[1]) && String::from_utf8_lossy(&bodies[0]).contains("Cedar-8B"));
    assert_eq!(app.state.exports.made(), 4, "one more: the JSON of the new version");
    app.finish().await;
}
