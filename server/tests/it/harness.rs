//! Test harness: fresh databases and in-process requests.
//!
//! SQLite tests get a new file in a temporary directory. PostgreSQL tests
//! get a new database (`mbt_<random>`) created on the server named by
//! `MEDARABENCH_TEST_POSTGRES` (default `postgres://root@127.0.0.1:5432/postgres`)
//! and dropped when the test ends, whether it passes or panics. PostgreSQL tests fail when the server is
//! unreachable, unless `MEDARABENCH_SKIP_POSTGRES=1` says to skip them.

use std::sync::atomic::{AtomicU64, Ordering};

use app::db::Db;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use server::{AppState, build_router, config};
use tower::ServiceExt;

/// Which database a test runs on.
#[derive(Debug, Clone, Copy)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A fresh, empty database (a file in a temporary directory, or a new
/// PostgreSQL database) that is removed by [`ScratchDb::finish`] or, when
/// the test panics before it gets there, when it is dropped.
pub struct ScratchDb {
    pub url: String,
    /// `None` once removed.
    cleanup: Option<Cleanup>,
}

enum Cleanup {
    /// Removed when dropped.
    Sqlite(#[expect(dead_code, reason = "held only to delete the directory on drop")] tempfile::TempDir),
    Postgres {
        admin_url: String,
        name: String,
    },
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn unique_suffix() -> String {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    format!("{}_{}_{}", std::process::id(), nanos % 1_000_000_000, COUNTER.fetch_add(1, Ordering::Relaxed))
}

/// PostgreSQL's plan (`EXPLAIN EXECUTE`, one line a row) for `sql`
/// prepared with the parameter `types` and run with `args` (SQL literals).
pub async fn postgres_plan(conn: &mut sqlx::AnyConnection, types: &str, sql: &str, args: &str) -> String {
    sqlx::query(&format!("PREPARE planned ({types}) AS {sql}")).execute(&mut *conn).await.unwrap();
    let plan: Vec<String> =
        sqlx::query_scalar(&format!("EXPLAIN EXECUTE planned({args})")).fetch_all(&mut *conn).await.unwrap();
    sqlx::query("DEALLOCATE planned").execute(&mut *conn).await.unwrap();
    plan.join("\n")
}

/// The PostgreSQL server tests create their databases on.
fn postgres_admin_url() -> String {
    std::env::var("MEDARABENCH_TEST_POSTGRES").unwrap_or_else(|_| "postgres://root@127.0.0.1:5432/postgres".into())
}

/// Creates a fresh database of `backend`; `None` when the backend is
/// explicitly skipped.
pub async fn scratch_database(backend: Backend) -> Option<ScratchDb> {
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = format!("sqlite:{}", dir.path().join("test.db").display());
            Some(ScratchDb { url, cleanup: Some(Cleanup::Sqlite(dir)) })
        }
        Backend::Postgres => {
            if std::env::var("MEDARABENCH_SKIP_POSTGRES").is_ok_and(|v| v == "1") {
                eprintln!("skipping: MEDARABENCH_SKIP_POSTGRES=1");
                return None;
            }
            let admin_url = postgres_admin_url();
            let name = format!("mbt_{}", unique_suffix());
            let admin = Db::connect(&admin_url).await.unwrap_or_else(|e| {
                panic!("PostgreSQL at {admin_url} is unreachable ({e}); start it or set MEDARABENCH_SKIP_POSTGRES=1")
            });
            sqlx::query(&format!("CREATE DATABASE {name}")).execute(admin.pool()).await.expect("create test database");
            admin.pool().close().await;
            let base = admin_url.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin_url);
            Some(ScratchDb { url: format!("{base}/{name}"), cleanup: Some(Cleanup::Postgres { admin_url, name }) })
        }
    }
}

impl ScratchDb {
    /// Opens, migrates and seeds it as `serve` does.
    pub async fn open(&self) -> Db {
        server::cli::serve::open_database(&self.url).await.expect("open test database")
    }

    /// Drops a PostgreSQL test database (SQLite files go with their directory).
    pub async fn finish(mut self) {
        if let Some(Cleanup::Postgres { admin_url, name }) = self.cleanup.take() {
            drop_postgres_database(&admin_url, &name).await;
        }
    }

    /// The PostgreSQL database's name (`None` on SQLite or once dropped).
    pub fn postgres_name(&self) -> Option<&str> {
        match &self.cleanup {
            Some(Cleanup::Postgres { name, .. }) => Some(name),
            _ => None,
        }
    }
}

impl Drop for ScratchDb {
    /// A test that panicked never called [`ScratchDb::finish`]: its
    /// PostgreSQL database is dropped here, on a thread of its own with a
    /// runtime of its own (a drop cannot wait on the test's runtime, which
    /// may be the one unwinding), and this waits until it is gone.
    fn drop(&mut self) {
        if let Some(Cleanup::Postgres { admin_url, name }) = self.cleanup.take() {
            let dropped = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
                runtime.block_on(drop_postgres_database(&admin_url, &name));
            });
            let _ = dropped.join();
        }
    }
}

/// Drops the database `name`, ending any connection still open to it.
async fn drop_postgres_database(admin_url: &str, name: &str) {
    if let Ok(admin) = Db::connect(admin_url).await {
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(admin.pool()).await;
        admin.pool().close().await;
    }
}

/// A PostgreSQL database held by a test that panics is dropped all the
/// same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_test_database_is_dropped_even_when_the_test_panics() {
    let Some(scratch) = scratch_database(Backend::Postgres).await else { return };
    let name = scratch.postgres_name().expect("a PostgreSQL database").to_owned();
    let db = scratch.open().await;
    let failing = tokio::spawn(async move {
        let _held = (scratch, db);
        panic!("a failing test");
    });
    assert!(failing.await.expect_err("the test panicked").is_panic());
    let admin = Db::connect(&postgres_admin_url()).await.expect("PostgreSQL");
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pg_database WHERE datname = $1")
        .bind(&name)
        .fetch_one(admin.pool())
        .await
        .unwrap();
    admin.pool().close().await;
    assert_eq!(left, 0, "{name} was left behind");
}

/// A fresh, migrated and seeded database plus the router over it.
pub struct TestApp {
    pub state: AppState,
    /// The database this app created (`None` for a [`TestApp::second_process`]).
    scratch: Option<ScratchDb>,
}

impl TestApp {
    /// Starts an app on a fresh database of `backend`, as `serve` starts
    /// (waiting for its near-duplicate index's build, which `serve` runs
    /// beside its requests); `None` when the backend is explicitly skipped.
    pub async fn start(backend: Backend) -> Option<Self> {
        Self::start_with(backend, |_| {}).await
    }

    /// Like [`TestApp::start`], with every team's daily and total quota at `n`.
    pub async fn start_with_quota(backend: Backend, n: i64) -> Option<Self> {
        Self::start_with(backend, |c| {
            c.daily_quota = n;
            c.total_quota = n;
        })
        .await
    }

    /// Like [`TestApp::start`], with changes to the server configuration.
    /// The default request timeout is raised for tests: debug builds on a
    /// loaded 2-core machine are slow, and the 408 path has its own test.
    pub async fn start_with(backend: Backend, configure: impl FnOnce(&mut config::ServerConfig)) -> Option<Self> {
        // The server's errors go to the test's captured output: a failing
        // test shows what went wrong on the server.
        let _ = tracing_subscriber::fmt().with_test_writer().with_env_filter("error").try_init();
        let scratch = scratch_database(backend).await?;
        let db = scratch.open().await;
        server::cli::serve::ensure_demo_key(&db).await.expect("demo key");
        let secret = server::cli::serve::server_secret(&db).await.expect("secret");
        let client_secret = server::cli::serve::client_secret(&db).await.expect("client secret");
        let mut config = config::ServerConfig {
            secret,
            client_secret,
            request_timeout: std::time::Duration::from_secs(300),
            ..config::ServerConfig::default()
        };
        configure(&mut config);
        let state = AppState::new(config::leptos_options("127.0.0.1:3000".parse().unwrap()), db, config);
        server::cli::serve::index_near_duplicates(state.clone()).await;
        Some(Self { state, scratch: Some(scratch) })
    }

    /// Another server process on the same database, as behind a load
    /// balancer: its own pool and its own in-memory caches (board, keys,
    /// comparisons), the same configuration, started as `serve` starts
    /// (its near-duplicate index built first). Finish it before `self`.
    pub async fn second_process(&self) -> Self {
        let url = &self.scratch.as_ref().expect("a second process of the first").url;
        let db = server::cli::serve::open_database(url).await.expect("open the database again");
        let config = (*self.state.config).clone();
        let state = AppState::new(self.state.leptos_options.clone(), db, config);
        server::cli::serve::index_near_duplicates(state.clone()).await;
        Self { state, scratch: None }
    }

    /// [`TestApp::second_process`] whose start has not built its
    /// near-duplicate index yet: a `serve` whose build still runs beside
    /// its requests (`app::services::near_duplicates::build` builds it).
    pub async fn second_process_unbuilt(&self) -> Self {
        let url = &self.scratch.as_ref().expect("a second process of the first").url;
        let db = server::cli::serve::open_database(url).await.expect("open the database again");
        let config = (*self.state.config).clone();
        Self { state: AppState::new(self.state.leptos_options.clone(), db, config), scratch: None }
    }

    /// A server process on the database at `url` (a restored copy), with
    /// this app's configuration, started as [`TestApp::second_process`].
    /// Finish it before `self`.
    pub async fn on_database(&self, url: &str) -> Self {
        let db = server::cli::serve::open_database(url).await.expect("open the database");
        let config = (*self.state.config).clone();
        let state = AppState::new(self.state.leptos_options.clone(), db, config);
        server::cli::serve::index_near_duplicates(state.clone()).await;
        Self { state, scratch: None }
    }

    /// The URL of this app's database, for the CLI to run on it.
    pub fn database_url(&self) -> &str {
        &self.scratch.as_ref().expect("the app that created the database").url
    }

    /// Sends one request through the whole router.
    pub async fn request(&self, req: Request<Body>) -> Response {
        let resp = build_router(self.state.clone()).oneshot(req).await.expect("router is infallible");
        let status = resp.status();
        let headers = resp.headers().clone();
        let bytes = resp.into_body().collect().await.expect("read body").to_bytes();
        Response { status, headers, body: String::from_utf8_lossy(&bytes).into_owned() }
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> Response {
        self.request(Request::get(path).body(Body::empty()).unwrap()).await
    }

    /// `POST path` with a JSON body.
    pub async fn post_json(&self, path: &str, body: serde_json::Value) -> Response {
        self.request(
            Request::post(path).header("content-type", "application/json").body(Body::from(body.to_string())).unwrap(),
        )
        .await
    }

    /// A browser-like form post from this site (same-origin headers), with
    /// an optional session cookie.
    pub async fn post_form(&self, path: &str, form: &[(&str, &str)], cookie: Option<&str>) -> Response {
        let body = serde_urlencoded::to_string(form).unwrap();
        let mut req = Request::post(path)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("host", "127.0.0.1:3000")
            .header("origin", "http://127.0.0.1:3000");
        if let Some(c) = cookie {
            req = req.header("cookie", format!("mb_session={c}"));
        }
        self.request(req.body(Body::from(body)).unwrap()).await
    }

    /// `GET path` with a session cookie.
    pub async fn get_with_cookie(&self, path: &str, cookie: &str) -> Response {
        self.request(Request::get(path).header("cookie", format!("mb_session={cookie}")).body(Body::empty()).unwrap())
            .await
    }

    /// Registers a team and returns an API token for it.
    pub async fn team_with_token(&self, name: &str, email: &str) -> String {
        let resp = self
            .post_json("/api/v1/teams", serde_json::json!({"name": name, "email": email, "password": PASSWORD}))
            .await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        let resp = self.post_json("/api/v1/tokens", serde_json::json!({"email": email, "password": PASSWORD})).await;
        assert_eq!(resp.status, StatusCode::CREATED, "{}", resp.body);
        resp.json()["token"].as_str().unwrap().to_owned()
    }

    /// Uploads a raw prediction body with a bearer token.
    pub async fn upload_raw(&self, token: &str, query: &str, body: impl Into<Body>) -> Response {
        self.request(
            Request::post(format!("/api/v1/submissions?{query}"))
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", "text/csv")
                .body(body.into())
                .unwrap(),
        )
        .await
    }

    /// Uploads `file` for `model` with the permuted task's file beside it
    /// (the multipart `permuted` part), with a bearer token.
    pub async fn upload_with_permuted(&self, token: &str, model: &str, file: &str, permuted: &str) -> Response {
        let files = [("file", "preds.csv", file.as_bytes()), ("permuted", "permuted.csv", permuted.as_bytes())];
        let (content_type, body) = multipart_parts(&[("model_name", model)], &files);
        self.request(
            Request::post("/api/v1/submissions")
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", content_type)
                .body(Body::from(body))
                .unwrap(),
        )
        .await
    }

    /// The upload form posted from this site's page with a session: the
    /// `fields` (send `lang` first, as the page does) and `file`; `script`
    /// adds the header the page's script sends (`X-Form-Client: script`).
    pub async fn upload_form(&self, cookie: &str, fields: &[(&str, &str)], file: &str, script: bool) -> Response {
        let (content_type, body) = multipart_body(fields, Some(("preds.csv", file.as_bytes())));
        let mut req = Request::post("/upload")
            .header("content-type", content_type)
            .header("host", "127.0.0.1:3000")
            .header("origin", "http://127.0.0.1:3000")
            .header("cookie", format!("mb_session={cookie}"));
        if script {
            req = req.header("x-form-client", "script");
        }
        self.request(req.body(Body::from(body)).unwrap()).await
    }

    /// Moves the board version, as every write that changes what pages show
    /// does in its transaction: for a test that changes rows behind the
    /// server's back (the cache of rendered pages is keyed by the version).
    pub async fn board_moved(&self) {
        // Writer 0: any row may have changed, the whole board is made again.
        let mut tx = self.state.db.writer().begin().await.expect("a transaction");
        app::db::board::bump_version(&mut tx, 0).await.expect("move the board version");
        tx.commit().await.expect("commit the board's move");
    }

    /// Submissions stored in total.
    pub async fn submission_count(&self) -> i64 {
        sqlx::query_scalar("SELECT COUNT(*) FROM submissions").fetch_one(self.state.db.pool()).await.unwrap()
    }

    /// The demo key's CSV (what `serve` stores when no key is imported).
    pub fn demo_key_csv() -> String {
        app::domain::synthetic::synthetic_key(server::cli::serve::DEMO_KEY_ROWS, server::cli::serve::DEMO_KEY_SEED).csv
    }

    /// Predictions for the demo key, right on about `accuracy` of it.
    pub fn demo_predictions(accuracy: f64, seed: u64) -> String {
        let csv = Self::demo_key_csv();
        let key = app::domain::parse_key(app::domain::Benchmark::MedAraBench, csv.as_bytes()).unwrap().key;
        app::domain::synthetic::synthetic_predictions(&key, accuracy, seed)
    }

    /// A MedAraBench key with two scoreable rows and a row for each defect
    /// the official reader rejects: an answer naming an empty option, a
    /// blank answer, an answer that is not a letter with a bad level, an
    /// unreadable id, an answer that is text with blank level and
    /// specialty, a short row, and an id on two rows.
    pub fn defective_key_csv() -> String {
        "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
         Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n\
         1,q1,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\n\
         2,q2,a,b,c,d,e,,B,Y2,Surgery,ABCDE,Surgery\n\
         3,q3,a,b,c,d,,,E,Y1,Anatomy,ABCD,Anatomy\n\
         4,q4,a,b,c,d,,,,Y1,Anatomy,ABCD,Anatomy\n\
         5,q5,a,b,c,d,,,A+B,Y9,Anatomy,ABCD,Anatomy\n\
         x,q6,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\n\
         7,q7,a,b,c,d,,,the first option,,Anatomy,ABCD,\n\
         8,q8,a,b,c,d,,,A,Y1,Anatomy,ABCD\n\
         1,q9,a,b,c,d,,,C,Y3,Anatomy,ABCD,Anatomy\n"
            .to_owned()
    }

    /// Stores `csv`, read as a MedAraBench key, as the newest (so the
    /// default) key, as `keys import` does; returns its report.
    pub async fn store_key(&self, name: &str, csv: &str, synthetic: bool) -> app::domain::KeyReport {
        let report = app::domain::parse_key(app::domain::Benchmark::MedAraBench, csv.as_bytes()).unwrap().report;
        self.store_key_with_report(name, csv, &report, synthetic).await;
        report
    }

    /// [`TestApp::store_key`] with a given report (one stored by an older
    /// version, say).
    pub async fn store_key_with_report(&self, name: &str, csv: &str, report: &app::domain::KeyReport, synthetic: bool) {
        let key = app::db::keys::NewKey {
            benchmark: app::domain::Benchmark::MedAraBench,
            name,
            report,
            content: csv.as_bytes(),
            synthetic,
            exposure: app::domain::exposure::Exposure::Public,
            split: None,
        };
        app::db::keys::insert(&self.state.db, key).await.expect("store key");
    }

    /// Stores `csv`, a synthetic MedAraBench key, as the default key with
    /// `exposure` and (held out) its `split`; returns the key as read.
    pub async fn store_synthetic_key(
        &self,
        name: &str,
        csv: &str,
        exposure: app::domain::exposure::Exposure,
        split: Option<app::db::keys::KeySplit>,
    ) -> app::domain::AnswerKey {
        let checked = app::domain::parse_key(app::domain::Benchmark::MedAraBench, csv.as_bytes()).unwrap();
        let key = app::db::keys::NewKey {
            benchmark: app::domain::Benchmark::MedAraBench,
            name,
            report: &checked.report,
            content: csv.as_bytes(),
            synthetic: true,
            exposure,
            split,
        };
        app::db::keys::insert(&self.state.db, key).await.expect("store key");
        checked.key
    }

    /// Signs a member in through the web form and returns the session.
    pub async fn signin(&self, email: &str) -> String {
        let resp = self.post_form("/auth/signin", &[("email", email), ("password", PASSWORD)], None).await;
        session_from(&resp).unwrap_or_else(|| panic!("a session for {email}: {} {}", resp.status, resp.body))
    }

    /// Closes the pool and removes the database (if this app created it).
    pub async fn finish(self) {
        self.state.db.close().await;
        if let Some(scratch) = self.scratch {
            scratch.finish().await;
        }
    }
}

/// The password every test team uses.
pub const PASSWORD: &str = "a long test password";

/// A multipart/form-data body with text fields and one file.
pub fn multipart_body(fields: &[(&str, &str)], file: Option<(&str, &[u8])>) -> (String, Vec<u8>) {
    let files: Vec<(&str, &str, &[u8])> = file.into_iter().map(|(filename, bytes)| ("file", filename, bytes)).collect();
    multipart_parts(fields, &files)
}

/// A multipart/form-data body with text fields and file parts
/// (`(part name, file name, bytes)`).
pub fn multipart_parts(fields: &[(&str, &str)], files: &[(&str, &str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "----medarabench-test-boundary";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    for (name, filename, bytes) in files {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: text/csv\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// The session cookie a response sets, if any.
pub fn session_from(resp: &Response) -> Option<String> {
    resp.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("mb_session="))
        .map(|c| c.split(';').next().unwrap_or("").to_owned())
        .filter(|c| !c.is_empty())
}

/// A collected response.
pub struct Response {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: String,
}

impl Response {
    /// The body parsed as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Declares `sqlite` and `postgres` tests that run `$body(Backend)`.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::harness::Backend::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name($crate::harness::Backend::Postgres).await
            }
        }
    )*};
}

/// A page's HTML with Leptos's hydration markers (`<!>`, `<!--...-->`)
/// removed, so adjacent text nodes read as one string.
pub fn without_markers(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find("<!") {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end =
            if tail.starts_with("<!--") { tail.find("-->").map(|e| e + 3) } else { tail.find('>').map(|e| e + 1) };
        rest = &tail[end.unwrap_or(tail.len())..];
    }
    out.push_str(rest);
    out
}

/// The part of `html` from `start` (e.g. `<table id="table-2"`) up to the
/// first `end` after it; panics if `start` is not there.
pub fn section<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html.find(start).unwrap_or_else(|| panic!("{start} not in the page"));
    let rest = &html[from..];
    &rest[..rest.find(end).map_or(rest.len(), |e| e + end.len())]
}
