//! Pages served from the cache of rendered pages: a signed-out view is
//! rendered once per board version and address, each response with a fresh
//! nonce in its scripts and its policy; `no-cache` with an `ETag` that a
//! browser revalidates to `304` until the board moves; a signed-in view is
//! never cached. And the browser bundle under content-hashed names, cached
//! for a year.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::harness::{Response, TestApp};
use crate::on_both_backends;

on_both_backends!(
    a_page_is_rendered_once_per_board_version_with_a_fresh_nonce_each_time,
    a_browser_revalidates_its_copy_until_the_board_moves,
    signed_in_views_are_never_cached,
);

/// The nonce of a page's policy, checked against every script it holds.
fn nonce_of(resp: &Response) -> String {
    let policy = resp.headers["content-security-policy"].to_str().unwrap();
    let start = policy.find("'nonce-").expect("a nonce in the policy") + "'nonce-".len();
    let nonce = policy[start..start + policy[start..].find('\'').unwrap()].to_owned();
    let scripts = resp.body.matches("<script").count();
    assert_eq!(resp.body.matches(&format!("nonce=\"{nonce}\"")).count(), scripts, "every script carries the nonce");
    nonce
}

async fn get_with(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> Response {
    let mut req = Request::get(path);
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    app.request(req.body(Body::empty()).unwrap()).await
}

async fn a_page_is_rendered_once_per_board_version_with_a_fresh_nonce_each_time(backend: crate::harness::Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let first = app.get("/?lang=ar").await;
    let second = app.get("/?lang=ar").await;
    assert_eq!((first.status, second.status), (StatusCode::OK, StatusCode::OK));
    let (a, b) = (nonce_of(&first), nonce_of(&second));
    assert_ne!(a, b, "never one nonce for two responses");
    assert_eq!(first.body.replace(&a, "N"), second.body.replace(&b, "N"), "the same page otherwise");
    assert_eq!(first.headers["cache-control"], "no-cache");
    let etag = first.headers["etag"].to_str().unwrap();
    assert!(etag.starts_with("W/\"") && etag.ends_with(&format!(".{a}\"")), "{etag}");
    // Another address is another page.
    let english = app.get("/").await;
    assert!(english.body.contains("lang=\"en\"") || english.body.contains("<html lang=\"en\""));
    assert_ne!(english.body.replace(&nonce_of(&english), "N"), first.body.replace(&a, "N"));

    // An upload moves the board: the next view shows it.
    let token = app.team_with_token("Cached", "c@cached.example").await;
    let up = app.upload_raw(&token, "model_name=Fresh-After-Cache-7B", TestApp::demo_predictions(0.7, 1)).await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let after = app.get("/?lang=ar").await;
    assert!(after.body.contains("Fresh-After-Cache-7B"));
    assert!(!first.body.contains("Fresh-After-Cache-7B"));

    // Visitors who miss a page at once (every open connection, at a new
    // version) wait for one render of it.
    let up = app.upload_raw(&token, "model_name=Fresh-Again-7B", TestApp::demo_predictions(0.6, 2)).await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let rendered = app.state.pages.rendered();
    let views = futures_util::future::join_all((0..8).map(|_| app.get("/"))).await;
    assert!(views.iter().all(|v| v.status == StatusCode::OK && v.body.contains("Fresh-Again-7B")));
    assert_eq!(app.state.pages.rendered(), rendered + 1, "one render for eight visitors");
    app.finish().await;
}

async fn a_browser_revalidates_its_copy_until_the_board_moves(backend: crate::harness::Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let first = app.get("/quality").await;
    let nonce = nonce_of(&first);
    let etag = first.headers["etag"].to_str().unwrap().to_owned();
    let again = get_with(&app, "/quality", &[("if-none-match", &etag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    // The policy of the copy the browser keeps: the same nonce.
    let policy = again.headers["content-security-policy"].to_str().unwrap();
    assert!(policy.contains(&format!("'nonce-{nonce}'")), "{policy}");
    // A tag naming something that is not a nonce is not trusted.
    let forged = etag.replace(&nonce, "x' 'unsafe-inline");
    assert_eq!(get_with(&app, "/quality", &[("if-none-match", &forged)]).await.status, StatusCode::OK);

    let token = app.team_with_token("Movers", "m@movers.example").await;
    let up = app.upload_raw(&token, "model_name=Mover-7B", TestApp::demo_predictions(0.6, 2)).await;
    assert_eq!(up.status, StatusCode::CREATED, "{}", up.body);
    let moved = get_with(&app, "/quality", &[("if-none-match", &etag)]).await;
    assert_eq!(moved.status, StatusCode::OK, "a new board version is a new page");
    assert_ne!(moved.headers["etag"].to_str().unwrap(), etag);
    app.finish().await;
}

async fn signed_in_views_are_never_cached(backend: crate::harness::Backend) {
    let Some(app) = TestApp::start(backend).await else { return };
    let anonymous = app.get("/").await;
    assert!(anonymous.body.contains("class=\"team-link\""));
    app.team_with_token("Header Team", "h@header.example").await;
    let cookie = app.signin("h@header.example").await;
    let signed_in = app.get_with_cookie("/", &cookie).await;
    assert_eq!(signed_in.status, StatusCode::OK);
    assert_eq!(signed_in.headers["cache-control"], "private, no-cache");
    assert!(signed_in.headers.get("etag").is_none());
    let link = signed_in.body.split("class=\"team-link\"").nth(1).unwrap_or_default();
    assert!(link[..link.find("</a>").unwrap()].contains("Header Team"), "the header names the team");
    // The signed-out page is unchanged by it.
    let again = app.get("/").await;
    let header = again.body.split("class=\"team-link\"").nth(1).unwrap_or_default();
    assert!(!header[..header.find("</a>").unwrap()].contains("Header Team"));
    app.finish().await;
}

/// The bundle under its hashed names (a site built into a scratch folder).
#[tokio::test]
async fn the_bundle_is_served_under_hashed_names_for_a_year() {
    let Some(mut app) = TestApp::start(crate::harness::Backend::Sqlite).await else { return };
    let site = tempfile::tempdir().unwrap();
    std::fs::create_dir(site.path().join("pkg")).unwrap();
    let css = "body { color: black; }\n".repeat(200);
    std::fs::write(site.path().join("pkg/medarabench.css"), &css).unwrap();
    std::fs::write(site.path().join("pkg/medarabench.js"), "export default function () {}\n").unwrap();
    app.state.set_assets(server::http::assets::Assets::load(site.path().to_str().unwrap(), "pkg", "medarabench"));
    let page = app.get("/").await;
    let href = page.body.split("rel=\"stylesheet\"").nth(1).and_then(|s| s.split("href=\"").nth(1)).unwrap();
    let href = &href[..href.find('"').unwrap()];
    assert!(
        href.starts_with("/pkg/medarabench.") && href.ends_with(".css") && href != "/pkg/medarabench.css",
        "{href}"
    );
    // No bundle on a page with nothing to do in the browser.
    assert!(!page.body.contains("modulepreload") && !page.body.contains(".wasm"));

    let plain = get_with(&app, href, &[]).await;
    assert_eq!(plain.status, StatusCode::OK);
    assert_eq!(plain.body, css);
    assert_eq!(plain.headers["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(plain.headers["content-type"], "text/css; charset=utf-8");
    let req = Request::get(href).header("accept-encoding", "gzip").body(Body::empty()).unwrap();
    let resp = server::build_router(app.state.clone()).oneshot(req).await.unwrap();
    assert_eq!(resp.headers()["content-encoding"], "gzip");
    let gzip = resp.into_body().collect().await.unwrap().to_bytes();
    assert!(gzip.len() < css.len() / 10, "{} bytes gzip", gzip.len());
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut text).unwrap();
    assert_eq!(text, css);
    app.finish().await;
}
