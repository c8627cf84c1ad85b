//! Repository functions: every SQL statement of the application lives here.
//!
//! The same code runs on SQLite (embedded, the default) and PostgreSQL
//! through sqlx's `Any` driver, so queries stick to SQL both understand and
//! use `$1`-style placeholders (SQLite accepts them too). Each backend has
//! its own migration folder with the same version numbers.

pub mod audit;
pub mod backup;
pub mod board;
pub mod clients;
pub mod compare;
pub mod key_audit;
pub mod key_versions;
pub mod keys;
pub mod medarabiq;
pub mod members;
pub mod near_duplicates;
pub mod operator;
pub mod published;
pub mod repeats;
pub mod seed;
pub mod sessions;
mod shown;
pub mod submissions;
pub mod teams;

use std::str::FromStr;
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

/// Errors of the data layer.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("unsupported database URL {0:?}: use sqlite:PATH or postgres://...")]
    UnsupportedUrl(String),
    #[error("cannot create the database directory {path}: {source}")]
    CreateDir { path: String, source: std::io::Error },
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Sqlx(#[from] sqlx::Error),
    #[error("seed data is invalid: {0}")]
    Seed(String),
    #[error("a background computation failed: {0}")]
    Background(String),
    /// The failure of a computation that several callers waited for (a
    /// cached board), as each of them gets it.
    #[error("{0}")]
    Shared(std::sync::Arc<DbError>),
}

impl DbError {
    /// The error of a computation shared through a cache: itself when this
    /// caller is its only holder, else [`DbError::Shared`].
    pub fn shared(e: std::sync::Arc<DbError>) -> Self {
        std::sync::Arc::try_unwrap(e).unwrap_or_else(Self::Shared)
    }
}

/// Result alias of the data layer.
pub type Result<T, E = DbError> = std::result::Result<T, E>;

/// Which database engine a [`Db`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A connection pool plus the backend it points at. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Db {
    pool: AnyPool,
    /// Where write transactions run: on SQLite a pool of one connection, so
    /// that writers of this process queue for it in order instead of
    /// sleeping in SQLite's busy handler (which backs off by up to 100 ms
    /// a try) while another holds the write lock; on PostgreSQL `pool`.
    writer: AnyPool,
    backend: Backend,
    /// The board this process serves, kept in step with the database's
    /// (see [`board`]).
    board_keeper: std::sync::Arc<board::BoardKeeper>,
    /// Comparisons computed by this process (see [`compare`]).
    comparisons: std::sync::Arc<compare::ComparisonCache>,
}

/// The connections a server keeps to PostgreSQL.
const POSTGRES_CONNECTIONS: u32 = 8;

/// How much of an SQLite file its connections read through a memory map.
const SQLITE_MMAP_PRAGMA: &str = "PRAGMA mmap_size = 268435456";

/// The first key of the PostgreSQL advisory locks that serialise a team's
/// uploads ([`Db::begin_upload`]; the second is the team's id). An
/// advisory lock is held in memory only, where a lock of the team's row
/// would write the row and the WAL before the upload's own update of it.
/// Two keys of 32 bits are a key space apart from the one-key locks
/// others take.
pub const TEAM_LOCKS: i32 = 0x4d42_5401;

/// The database used when none is given: a file under `data/`.
pub const DEFAULT_DATABASE_URL: &str = "sqlite:data/medarabench.db";

impl Db {
    /// Connects to `url`, creating an SQLite file (and its directory) on
    /// first use and switching it to WAL mode. Does not migrate.
    pub async fn connect(url: &str) -> Result<Self> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            return Err(DbError::UnsupportedUrl(url.to_owned()));
        };
        let options = || AnyPoolOptions::new().acquire_timeout(Duration::from_secs(10));
        let (pool, writer) = if backend == Backend::Sqlite {
            prepare_sqlite_file(url).await?;
            // A connection to a local file does not go stale: no ping before
            // each use (a round trip to the connection's thread, and on the
            // writer one more step between two transactions).
            //
            // Pages are read through a memory map: in WAL mode a reading
            // connection starts over from an empty page cache after each
            // write, and the map serves its pages again without a system
            // call each.
            let options = || {
                options().test_before_acquire(false).after_connect(|conn, _| {
                    Box::pin(async move {
                        sqlx::query(SQLITE_MMAP_PRAGMA).execute(conn).await?;
                        Ok(())
                    })
                })
            };
            let writer = options().max_connections(1).connect(url).await?;
            (options().max_connections(8).connect(url).await?, writer)
        } else {
            // A few connections per server ([`POSTGRES_CONNECTIONS`]):
            // requests beyond them queue in the pool, in order, rather than
            // inside PostgreSQL.
            let pool = options().max_connections(POSTGRES_CONNECTIONS).test_before_acquire(false).connect(url).await?;
            (pool.clone(), pool)
        };
        Ok(Self { pool, writer, backend, board_keeper: Default::default(), comparisons: Default::default() })
    }

    /// Brings the schema up to date with the backend's migrations.
    pub async fn migrate(&self) -> Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await?;
        Ok(())
    }

    /// The underlying pool.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Where a single write statement outside a transaction runs: on
    /// SQLite it queues with the write transactions (see `writer`).
    pub fn writer(&self) -> &AnyPool {
        &self.writer
    }

    /// Comparisons this process computed (bounded; see [`compare`]).
    pub fn comparisons(&self) -> &compare::ComparisonCache {
        &self.comparisons
    }

    /// The backend this pool talks to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A transaction for a write that first counts what it may insert: on
    /// SQLite `BEGIN IMMEDIATE`, which takes the write lock at once, so no
    /// other writer runs between the count and the insert (on PostgreSQL
    /// the transaction locks the rows it counts under instead).
    /// Write transactions of this process queue for one connection on
    /// SQLite (see `writer`): none may begin another inside itself.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
        match self.backend {
            Backend::Sqlite => begin_to_the_end(&self.writer, Some("BEGIN IMMEDIATE".to_owned())).await,
            Backend::Postgres => begin_to_the_end(&self.writer, None).await,
        }
    }

    /// The transaction of an upload of team `team_id` (and of any write
    /// that must not interleave with the team's others: its final choice,
    /// its invitations, a member leaving): a write transaction
    /// ([`Db::begin_write`]) that on PostgreSQL first takes the team's
    /// advisory lock ([`TEAM_LOCKS`]), so that a team's uploads are stored
    /// one after the other while other teams' go on beside them (on SQLite
    /// `BEGIN IMMEDIATE` already runs one writer at a time). The lock is
    /// formatted into the statement, not bound: `BEGIN` runs as a simple
    /// query, which has no parameters, and an integer carries no SQL. The
    /// id's low 32 bits key the lock: teams whose ids differ by 2^32 would
    /// only wait for each other.
    pub async fn begin_upload(&self, team_id: i64) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
        match self.backend {
            Backend::Sqlite => self.begin_write().await,
            Backend::Postgres => {
                let lock = format!("BEGIN; SELECT pg_advisory_xact_lock({TEAM_LOCKS}, {})", team_id as i32);
                begin_to_the_end(&self.writer, Some(lock)).await
            }
        }
    }

    /// Closes both pools.
    pub async fn close(&self) {
        self.pool.close().await;
        self.writer.close().await;
    }

    /// `Ok` when the database answers a trivial query.
    pub async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }
}

/// Begins a transaction on `pool` (with `statement`, or a plain `BEGIN`) in
/// a task of its own, which finishes the begin even when its caller is
/// dropped while it waits (a client that hangs up during an upload waiting
/// for its team's lock). sqlx (0.8.6, and 0.9.0) counts a PostgreSQL
/// transaction only once its `BEGIN` is answered: a begin dropped before
/// that returns its connection to the pool inside the transaction, holding
/// its locks, and the next statements run on that connection join it
/// (sqlx issue #4393). Finished in the task, the begin is counted, and a
/// transaction nobody waits for any longer is dropped there, which rolls
/// it back before the connection goes back to the pool.
async fn begin_to_the_end(pool: &AnyPool, statement: Option<String>) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
    let pool = pool.clone();
    let begun = tokio::spawn(async move {
        match statement {
            Some(statement) => pool.begin_with(statement).await,
            None => pool.begin().await,
        }
    })
    .await;
    match begun {
        Ok(tx) => Ok(tx?),
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        // The runtime is shutting down.
        Err(_) => Err(DbError::Sqlx(sqlx::Error::PoolClosed)),
    }
}

/// Creates the SQLite file and its directory if missing and sets WAL mode,
/// which is stored in the file and so holds for every later connection.
async fn prepare_sqlite_file(url: &str) -> Result<()> {
    let opts = SqliteConnectOptions::from_str(url)?.create_if_missing(true).journal_mode(SqliteJournalMode::Wal);
    let path = opts.get_filename();
    if path.as_os_str() != ":memory:"
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir)
            .map_err(|source| DbError::CreateDir { path: dir.display().to_string(), source })?;
    }
    use sqlx::ConnectOptions;
    let conn = opts.connect().await?;
    sqlx::Connection::close(conn).await?;
    Ok(())
}

/// `count` numbered placeholders from `$first`, comma-separated (an `IN`
/// list, a row of values). Written out: through the `Any` driver a query
/// builder writes `?`, which PostgreSQL does not read.
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// The current time as Unix seconds (UTC), as stored in `*_at` columns.
pub fn now_unix() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// Reads a server-wide setting, storing `make()` first if it is absent.
/// Concurrent first starts agree: the first insert wins.
pub async fn setting_or_insert(db: &Db, name: &str, make: impl FnOnce() -> String) -> Result<String> {
    sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
        .bind(name)
        .bind(make())
        .execute(db.pool())
        .await?;
    Ok(sqlx::query_scalar("SELECT value FROM settings WHERE name = $1").bind(name).fetch_one(db.pool()).await?)
}

/// Reads a server-wide setting; `None` when it was never stored.
pub async fn setting(db: &Db, name: &str) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT value FROM settings WHERE name = $1").bind(name).fetch_optional(db.pool()).await?)
}
