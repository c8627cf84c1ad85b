//! Test harness: fresh databases and in-process requests.
//!
//! SQLite tests get a new file in a temporary directory. PostgreSQL tests
//! get a new database (`mbt_<random>`) created on the server named by
//! `MEDARABENCH_TEST_POSTGRES` (default `postgres://root@127.0.0.1:5432/postgres`)
//! and dropped when the test ends. PostgreSQL tests fail when the server is
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
/// PostgreSQL database) that is removed by [`ScratchDb::finish`].
pub struct ScratchDb {
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    /// Removed when dropped.
    Sqlite(#[expect(dead_code, reason = "held only to delete the directory on drop")] tempfile::TempDir),
    Postgres { admin_url: String, name: String },
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn unique_suffix() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("{}_{}_{}", std::process::id(), nanos % 1_000_000_000, COUNTER.fetch_add(1, Ordering::Relaxed))
}

/// Creates a fresh database of `backend`; `None` when the backend is
/// explicitly skipped.
pub async fn scratch_database(backend: Backend) -> Option<ScratchDb> {
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = format!("sqlite:{}", dir.path().join("test.db").display());
            Some(ScratchDb { url, cleanup: Cleanup::Sqlite(dir) })
        }
        Backend::Postgres => {
            if std::env::var("MEDARABENCH_SKIP_POSTGRES").is_ok_and(|v| v == "1") {
                eprintln!("skipping: MEDARABENCH_SKIP_POSTGRES=1");
                return None;
            }
            let admin_url = std::env::var("MEDARABENCH_TEST_POSTGRES")
                .unwrap_or_else(|_| "postgres://root@127.0.0.1:5432/postgres".into());
            let name = format!("mbt_{}", unique_suffix());
            let admin = Db::connect(&admin_url).await.unwrap_or_else(|e| {
                panic!("PostgreSQL at {admin_url} is unreachable ({e}); start it or set MEDARABENCH_SKIP_POSTGRES=1")
            });
            sqlx::query(&format!("CREATE DATABASE {name}"))
                .execute(admin.pool())
                .await
                .expect("create test database");
            admin.pool().close().await;
            let base = admin_url.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin_url);
            Some(ScratchDb { url: format!("{base}/{name}"), cleanup: Cleanup::Postgres { admin_url, name } })
        }
    }
}

impl ScratchDb {
    /// Opens, migrates and seeds it as `serve` does.
    pub async fn open(&self) -> Db {
        server::cli::serve::open_database(&self.url).await.expect("open test database")
    }

    /// Drops a PostgreSQL test database (SQLite files go with their directory).
    pub async fn finish(self) {
        if let Cleanup::Postgres { admin_url, name } = &self.cleanup {
            if let Ok(admin) = Db::connect(admin_url).await {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(admin.pool())
                    .await;
                admin.pool().close().await;
            }
        }
    }
}

/// A fresh, migrated and seeded database plus the router over it.
pub struct TestApp {
    pub state: AppState,
    scratch: ScratchDb,
}

impl TestApp {
    /// Starts an app on a fresh database of `backend`; `None` when the
    /// backend is explicitly skipped.
    pub async fn start(backend: Backend) -> Option<Self> {
        let scratch = scratch_database(backend).await?;
        let db = scratch.open().await;
        let state = AppState { leptos_options: config::leptos_options("127.0.0.1:3000".parse().unwrap()), db };
        Some(Self { state, scratch })
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

    /// Closes the pool and removes the database.
    pub async fn finish(self) {
        self.state.db.pool().close().await;
        self.scratch.finish().await;
    }
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
