//! Pages rendered once per board version and served as bytes.
//!
//! What a page shows to someone signed out depends on nothing but its
//! address (the language is in it: `?lang=ar`) and the data, and every
//! write that changes what pages show moves the board version (in the same
//! transaction). So a signed-out `GET` is rendered once per (board version,
//! address) and later ones get the same bytes, with two things made fresh
//! for each response:
//!
//! - the Content-Security-Policy nonce: the page is kept with a placeholder
//!   where its nonce was, and each response gets a new random nonce in its
//!   inline scripts and its policy (a nonce is never reused across pages);
//! - nothing else: cookies are never kept (a response setting one is not
//!   cached), and requests with a session cookie or a token are rendered
//!   every time (their header names the team).
//!
//! Every page is sent with `Cache-Control: no-cache` and a weak `ETag` made
//! of the board version, the page's hash and the nonce its copy holds: a
//! browser revalidating its copy gets `304 Not Modified` with the policy of
//! that same nonce (the copy it keeps is unchanged), until the board moves.
//! The version is read from the database on every request, so several
//! servers behind a load balancer agree at once.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::state::AppState;

/// At most this many bytes of pages are kept (the least used go first).
const CAPACITY_BYTES: u64 = 64 * 1024 * 1024;

/// Pages being rendered whose turns are kept (a turn is dropped a minute
/// after its last use).
const TURNS: u64 = 4_096;

/// The largest page kept; larger ones are rendered every time.
const MAX_PAGE: usize = 4 * 1024 * 1024;

/// The largest page read at all (as `html::scripts_inside_body` reads it).
const MAX_READ: usize = 64 * 1024 * 1024;

/// A page as rendered once: the bytes around each place its nonce was.
struct Page {
    status: StatusCode,
    headers: HeaderMap,
    /// The body split at its nonce: joined with a fresh one per response.
    parts: Vec<Bytes>,
    /// Board version and page hash (the nonce is added per response).
    tag: String,
    /// The route it answered, for the metrics of the responses it serves.
    route: Option<super::observe::RouteLabel>,
}

impl Page {
    fn weight(&self) -> u32 {
        u32::try_from(self.parts.iter().map(Bytes::len).sum::<usize>()).unwrap_or(u32::MAX)
    }

    /// The page with `nonce` in its scripts and its policy.
    fn response(&self, nonce: &str) -> Response {
        let mut body = Vec::with_capacity(self.parts.iter().map(Bytes::len).sum::<usize>() + 64);
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                body.extend_from_slice(nonce.as_bytes());
            }
            body.extend_from_slice(part);
        }
        let mut resp = Response::new(Body::from(body));
        *resp.status_mut() = self.status;
        *resp.headers_mut() = self.headers.clone();
        self.set_validators(resp.headers_mut(), nonce);
        self.label(resp)
    }

    /// `resp` named with the route the page answered.
    fn label(&self, mut resp: Response) -> Response {
        if let Some(route) = &self.route {
            resp.extensions_mut().insert(route.clone());
        }
        resp
    }

    /// `304 Not Modified` for a browser whose copy holds `nonce`.
    fn not_modified(&self, nonce: &str) -> Response {
        let mut resp = StatusCode::NOT_MODIFIED.into_response();
        self.set_validators(resp.headers_mut(), nonce);
        self.label(resp)
    }

    fn set_validators(&self, headers: &mut HeaderMap, nonce: &str) {
        if let Ok(v) = HeaderValue::from_str(&format!("W/\"{}.{nonce}\"", self.tag)) {
            headers.insert(header::ETAG, v);
        }
        if let Ok(v) = HeaderValue::from_str(&app::settings::page_policy(nonce)) {
            headers.insert(header::CONTENT_SECURITY_POLICY, v);
        }
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }

    /// The nonce of the browser's copy, when `If-None-Match` names this
    /// page as it is now.
    fn revalidated<'a>(&self, request: &'a HeaderMap) -> Option<&'a str> {
        let sent = request.get(header::IF_NONE_MATCH)?.to_str().ok()?;
        sent.split(',').find_map(|tag| {
            let tag = tag.trim().strip_prefix("W/").unwrap_or(tag.trim()).trim_matches('"');
            let (page, nonce) = tag.rsplit_once('.')?;
            (page == self.tag && is_nonce(nonce)).then_some(nonce)
        })
    }
}

/// Whether `s` is a nonce as this module makes them (so a value taken from
/// a request header can go into a policy).
fn is_nonce(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A fresh nonce: 128 random bits, in hex.
fn new_nonce() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// The rendered pages, by board version and address. Only the newest
/// version's pages are ever asked for again (a request looks pages up by
/// the version it reads), so keeping a page of a newer version drops every
/// page of older ones: under a stream of uploads the cache would otherwise
/// fill with pages no one will read, up to [`CAPACITY_BYTES`].
#[derive(Clone)]
pub struct PageCache {
    pages: moka::sync::Cache<String, Arc<Page>>,
    /// The newest version a page was kept of.
    newest: Arc<std::sync::Mutex<String>>,
    /// One turn per key being rendered: requests that miss the same page
    /// at once wait for the first one's render instead of each rendering
    /// it (at a new board version every open connection misses at once).
    turns: moka::sync::Cache<String, Arc<tokio::sync::Mutex<()>>>,
    /// Pages rendered and kept since the process started.
    rendered: Arc<std::sync::atomic::AtomicU64>,
}

impl Default for PageCache {
    fn default() -> Self {
        Self {
            pages: moka::sync::Cache::builder()
                .max_capacity(CAPACITY_BYTES)
                .weigher(|_: &String, page: &Arc<Page>| page.weight())
                .build(),
            newest: Arc::default(),
            turns: moka::sync::Cache::builder()
                .max_capacity(TURNS)
                .time_to_idle(std::time::Duration::from_secs(60))
                .build(),
            rendered: Arc::default(),
        }
    }
}

impl PageCache {
    fn get(&self, key: &str) -> Option<Arc<Page>> {
        self.pages.get(key)
    }

    /// Pages rendered and kept since the process started.
    pub fn rendered(&self) -> u64 {
        self.rendered.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The turn to render the page `key`.
    fn turn(&self, key: &str) -> Arc<tokio::sync::Mutex<()>> {
        self.turns.get_with_by_ref(key, Arc::default)
    }

    /// Keeps `page`, rendered at `version` (as `served_version` gives it),
    /// under `key`; first drops the pages of older versions when `version`
    /// is newer than any kept before. A page of an older version (rendered
    /// while the board moved on) is kept but drops nothing.
    fn keep(&self, version: &str, key: String, page: Arc<Page>) {
        {
            let mut newest = self.newest.lock().unwrap_or_else(|p| p.into_inner());
            if is_newer(version, &newest) {
                self.pages.invalidate_all();
                version.clone_into(&mut newest);
            }
        }
        self.pages.insert(key, page);
        self.rendered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Whether served version `a` is newer than `b` (`""`: none). A served
/// version is the database's (`"13"`, `"13.1"`) or, while the served board
/// is behind it, both (`"13~12"`): the database's decides, then the board's.
fn is_newer(a: &str, b: &str) -> bool {
    use app::domain::board::version_is_older;
    if b.is_empty() {
        return true;
    }
    fn split(v: &str) -> (&str, &str) {
        v.split_once('~').unwrap_or((v, v))
    }
    let ((a_db, a_board), (b_db, b_board)) = (split(a), split(b));
    version_is_older(b_db, a_db) || (a_db == b_db && version_is_older(b_board, a_board))
}

impl std::fmt::Debug for PageCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageCache").field("pages", &self.pages.entry_count()).finish()
    }
}

/// Whether `path` can be a page: not the API, a chart, the bundle, a font
/// or any other file (a last segment with a dot), which never read the
/// board version for it.
fn is_page_path(path: &str) -> bool {
    const NOT_PAGES: &[&str] = &["/api/", "/charts/", "/pkg/", "/fonts/", "/tasks/", "/_fn/", "/healthz"];
    !NOT_PAGES.iter().any(|p| path.starts_with(p)) && !path.rsplit('/').next().unwrap_or("").contains('.')
}

/// Pages that spend a mailed link (`?token=`): what they show changes when
/// the link is used, which moves no board version, and their address holds
/// a secret that no cache should keep.
const LINK_PAGES: &[&str] = &["/reset", "/join"];

/// Whether a request may be answered from the cache: a signed-out `GET`
/// of a page, but a link's.
fn cacheable(req: &Request) -> bool {
    req.method() == Method::GET
        && is_page_path(req.uri().path())
        && !LINK_PAGES.contains(&req.uri().path())
        && !req.headers().contains_key(header::AUTHORIZATION)
        && super::extract::session_cookie(req.headers()).is_none()
}

fn is_html(headers: &HeaderMap) -> bool {
    headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("text/html"))
}

/// The nonce of a rendered page's policy.
fn policy_nonce(headers: &HeaderMap) -> Option<String> {
    let policy = headers.get(header::CONTENT_SECURITY_POLICY)?.to_str().ok()?;
    let start = policy.find("'nonce-")? + "'nonce-".len();
    let len = policy[start..].find('\'')?;
    Some(policy[start..start + len].to_owned()).filter(|n| n.len() >= 16)
}

/// A rendered page as kept: `None` when it must not be (not a page, an
/// error, a cookie, no nonce, too large).
async fn keep(resp: Response, version: &str) -> Result<Arc<Page>, Response> {
    let keepable = resp.status() == StatusCode::OK
        && is_html(resp.headers())
        && !resp.headers().contains_key(header::SET_COOKIE)
        && !resp.headers().contains_key(header::CONTENT_ENCODING);
    let Some(nonce) = policy_nonce(resp.headers()).filter(|_| keepable) else { return Err(resp) };
    let (parts, body) = resp.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_READ).await {
        Ok(bytes) => bytes,
        Err(e) => {
            tracing::error!(error = %e, "cannot read a page being sent");
            return Err(StatusCode::INTERNAL_SERVER_ERROR.into_response());
        }
    };
    if bytes.len() > MAX_PAGE {
        return Err(Response::from_parts(parts, Body::from(bytes)));
    }
    let mut headers = parts.headers;
    headers.remove(header::CONTENT_LENGTH);
    headers.remove(header::CONTENT_SECURITY_POLICY);
    let mut pieces = Vec::new();
    let mut rest = bytes.clone();
    while let Some(at) = memchr::memmem::find(&rest, nonce.as_bytes()) {
        pieces.push(rest.slice(..at));
        rest = rest.slice(at + nonce.len()..);
    }
    pieces.push(rest);
    // The page's hash over its bytes without the nonce.
    let hash = app::domain::input::sha256_hex(&pieces.concat());
    let tag = format!("{version}-{}", &hash[..16]);
    let route = parts.extensions.get::<super::observe::RouteLabel>().cloned();
    Ok(Arc::new(Page { status: parts.status, headers, parts: pieces, tag, route }))
}

/// Serves signed-out page views from [`PageCache`], rendering each (board
/// version, address) once, however many ask at once; every HTML response
/// says `no-cache`.
pub async fn cached_pages(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if !cacheable(&req) {
        let mut resp = next.run(req).await;
        if is_html(resp.headers()) {
            resp.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
        }
        return resp;
    }
    let version = match app::services::board::served_version(&state.db).await {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %e, "board version unreadable: page rendered without the cache");
            return next.run(req).await;
        }
    };
    let key = format!("{version}\n{}", req.uri());
    let served = |page: Arc<Page>, headers: &HeaderMap| match page.revalidated(headers) {
        Some(nonce) => page.not_modified(nonce),
        None => page.response(&new_nonce()),
    };
    if let Some(page) = state.pages.get(&key) {
        return served(page, req.headers());
    }
    let turn = state.pages.turn(&key);
    let _turn = turn.lock().await;
    // Rendered by the request whose turn came first.
    if let Some(page) = state.pages.get(&key) {
        return served(page, req.headers());
    }
    let resp = next.run(req).await;
    match keep(resp, &version).await {
        Ok(page) => {
            let resp = page.response(&new_nonce());
            state.pages.keep(&version, key, page);
            resp
        }
        Err(resp) => resp,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_fresh_and_recognised() {
        let (a, b) = (new_nonce(), new_nonce());
        assert_ne!(a, b);
        assert!(is_nonce(&a) && is_nonce(&b));
        assert!(!is_nonce("' 'unsafe-inline"), "nothing but a nonce goes into a policy");
        assert!(!is_nonce(&a[..31]));
    }

    fn page(tag: &str) -> Arc<Page> {
        Arc::new(Page {
            status: StatusCode::OK,
            headers: HeaderMap::new(),
            parts: vec![Bytes::from_static(b"<p>board</p>")],
            tag: tag.to_owned(),
            route: None,
        })
    }

    #[test]
    fn a_newer_versions_page_drops_the_older_versions_pages() {
        let cache = PageCache::default();
        cache.keep("12", "12\n/".into(), page("12"));
        cache.keep("12", "12\n/quality".into(), page("12"));
        assert!(cache.get("12\n/").is_some() && cache.get("12\n/quality").is_some());
        // The database moved on; the served board is still 12.
        cache.keep("13~12", "13~12\n/".into(), page("13~12"));
        assert!(cache.get("12\n/").is_none() && cache.get("12\n/quality").is_none(), "no request asks for 12 again");
        cache.keep("13", "13\n/".into(), page("13"));
        assert!(cache.get("13~12\n/").is_none());
        // A page rendered at an older version, finished late: kept, and it drops nothing.
        cache.keep("13~12", "13~12\n/quality".into(), page("13~12"));
        cache.keep("12", "12\n/teams".into(), page("12"));
        assert!(cache.get("13\n/").is_some(), "the newest version's page stays");
        cache.keep("13.1", "13.1\n/".into(), page("13.1"));
        cache.pages.run_pending_tasks();
        assert_eq!(cache.pages.entry_count(), 1, "only the banner's new version's page is left");
        assert!(cache.get("13.1\n/").is_some());
    }

    #[test]
    fn served_versions_are_ordered_by_the_database_then_the_board() {
        assert!(is_newer("12", ""));
        assert!(is_newer("13~12", "12") && is_newer("13", "13~12") && is_newer("14~12", "13"));
        assert!(is_newer("10", "9"), "by number, not as text");
        assert!(!is_newer("13~12", "13") && !is_newer("12", "13~12") && !is_newer("13", "13"));
    }

    #[test]
    fn only_pages_are_looked_up() {
        for page in ["/", "/quality", "/submissions/abc123", "/compare"] {
            assert!(is_page_path(page), "{page}");
        }
        for file in [
            "/favicon.ico",
            "/pkg/medarabench.css",
            "/api/v1/leaderboard",
            "/charts/leaderboard.svg",
            "/healthz",
            "/dataset-card.md",
            "/tasks/lm-eval/medarabench/utils.py",
        ] {
            assert!(!is_page_path(file), "{file}");
        }
    }

    #[test]
    fn the_policy_names_its_nonce() {
        let mut h = HeaderMap::new();
        let policy = app::settings::page_policy("0123456789abcdef0123");
        h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_str(&policy).unwrap());
        assert_eq!(policy_nonce(&h).as_deref(), Some("0123456789abcdef0123"));
    }
}
