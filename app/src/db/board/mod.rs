//! The board: one list of rows behind the leaderboard page, its chart,
//! the JSON API and the CSV export, so they always agree.
//!
//! Rows: the paper's Table 4 (`reported`; n = 4,989, the test split; the
//! 95% CI is Wilson from the rounded accuracy and n, so approximate), the
//! public submissions scored here (`verified`), and baselines on the
//! default key (`reference`). Rank ranges come from pairwise tests (see
//! [`rank`]) over the ranked set: every published row plus the best
//! [`RANKED_VERIFIED_LIMIT`] verified ones (the tests grow with the square
//! of the set); other rows get no rank, nor does a row with a flag shown
//! until an operator clears it.
//!
//! Kept, not recomputed at every request (issue 38). A board is made
//! per `board_version` (counters in `board_version`, moved in the
//! transaction of every write that changes what a page shows, which also
//! records the team whose rows it changed in `board_changes`). A process
//! that made the last board makes the next from the changes since
//! ([`Parts`]): it regroups only the changed teams' rows (and those of
//! teams whose flags name their submissions) and tests only new pairs, so
//! a version costs what its changes touched, not the whole board. A
//! process without one (a start, or after a write of no team's: a key, a
//! banner) loads the board stored in the database ([`kept`]) when it is
//! current, or makes the whole board under a lease, one server at a time,
//! and stores it. Each process holds the last complete board it has
//! ([`BoardKeeper`]) and serves it while a newer one is being made, so a
//! request never waits for a board that takes long to make: it waits only
//! when the last one took less than [`WAIT_FOR_QUICK`] and the board has
//! fewer than [`WAIT_ROWS_BELOW`] rows (a small board is then always
//! fresh, as a script that uploads and reads the board expects), or when
//! the process has no board at all yet.
//! Heavy work runs on the blocking pool, never on the threads that answer
//! requests.
//!
//! A board is made from one snapshot of the database (one read
//! transaction, repeatable-read on PostgreSQL), so it is the complete
//! board of one moment, never a mix of two; and a request gets one whole
//! board (`Arc`), old or new.
//!
//! The computation reads every submission's metadata once (one query, no
//! per-question data), keeps one row per team and model ([`verified`]) and
//! sorts them; only the ranked set (at most 16 + [`RANKED_VERIFIED_LIMIT`]
//! rows) is compared pairwise, so the cost grows as n log n with the number
//! of submissions; and the last ranking's pairs are kept
//! ([`PairsKept`]), so a version tests only the pairs of the rows its
//! changes touched.

// Fx hashing: the keys are our own ids and names, and 100,000 rows are
// looked up per board.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sqlx::AnyConnection;
use tokio::sync::watch;

use super::{Backend, Db, DbError, Result};
use crate::domain::Benchmark;
pub use crate::domain::board::index::IndexedBoard;
use crate::domain::board::rank::{self, Contender, PackedBits, PairsKept};
use crate::domain::board::version_is_older as is_older;
use crate::domain::board::{Board, BoardRow, RANKED_VERIFIED_LIMIT, RowSource, reference};
use crate::domain::stats::wilson;

mod kept;
mod verified;
pub use verified::{ROWS_SELECT, team_rows_select};

/// The counters whose sum is the board's version (migration 0016): a
/// write moves one of them, so concurrent writes do not queue on one row.
const VERSION_SLOTS: i64 = 16;

/// The benchmark the board shows.
pub(super) const BENCHMARK: Benchmark = Benchmark::MedAraBench;

/// A request that finds the board behind the database waits for the new
/// one only if the last took less than this to make (or to load); else it
/// is answered at once from the last complete board.
pub const WAIT_FOR_QUICK: Duration = Duration::from_millis(250);

/// A board of this many rows or more is served while its next version is
/// made, however quick that is: a person does not notice a board a tenth
/// of a second behind, and under a stream of uploads every visitor would
/// wait for every change (BENCHMARKS.md). Smaller boards stay
/// read-your-writes, as scripts that upload and read the board expect.
const WAIT_ROWS_BELOW: usize = 20_000;

/// What a process that has made no whole board yet expects one to take
/// per 1,000 rows of the board it serves (a generous estimate from the
/// benchmark machine, BENCHMARKS.md): a large board's waiters are told
/// at once that the making will be slow.
const WHOLE_MS_PER_1000_ROWS: u64 = 45;

/// The longest a request waits for a quick board before taking the last
/// complete one (the database may have stalled).
const WAIT_AT_MOST: Duration = Duration::from_secs(10);

/// How often a server waiting for another's board looks for it.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// What a process serves: its last complete board, and how many attempts
/// to make a newer one have failed (a request waiting for a new board
/// stops waiting when one fails).
#[derive(Default, Clone)]
struct Served {
    board: Option<Arc<IndexedBoard>>,
    failures: u64,
    /// Whole makings begun that the last took long to make: a request
    /// waiting for a quick board stops waiting.
    slow: u64,
}

/// The board this process serves, and the making of the next one.
pub struct BoardKeeper {
    served: watch::Sender<Served>,
    /// Held while this process makes or loads a board: one at a time;
    /// it holds what the next board is made from when this process made
    /// the last one.
    making: tokio::sync::Mutex<Option<Parts>>,
    /// A background task is making or loading ([`BoardKeeper::kick`]).
    running: AtomicBool,
    /// A newer board was asked for since the task last looked.
    dirty: AtomicBool,
    /// How long the last board took to make or load, in milliseconds.
    last_made_ms: AtomicU64,
    /// How long this process last took to make one (0: never), which the
    /// lease it takes is sized by.
    last_computed_ms: AtomicU64,
    /// This process's name in the lease ([`kept::try_lease`]).
    me: String,
    references: ReferenceCache,
    /// The last ranking's pairwise tests: a version re-tests only the pairs
    /// of the rows its changes touched.
    pairs: Arc<std::sync::Mutex<PairsKept>>,
    /// Boards this process made whole, made from the changes since its
    /// last, and loaded (made by another).
    made: AtomicU64,
    from_changes: AtomicU64,
    loaded: AtomicU64,
}

impl Default for BoardKeeper {
    fn default() -> Self {
        let id: [u8; 8] = rand::random();
        Self {
            served: watch::Sender::new(Served::default()),
            making: tokio::sync::Mutex::new(None),
            running: AtomicBool::new(false),
            dirty: AtomicBool::new(false),
            last_made_ms: AtomicU64::new(u64::MAX),
            last_computed_ms: AtomicU64::new(0),
            me: hex::encode(id),
            references: ReferenceCache::default(),
            pairs: Arc::default(),
            made: AtomicU64::new(0),
            from_changes: AtomicU64::new(0),
            loaded: AtomicU64::new(0),
        }
    }
}

impl fmt::Debug for BoardKeeper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let version = self.served.borrow().board.as_ref().map(|b| b.board.version.clone());
        f.debug_struct("BoardKeeper").field("version", &version).finish()
    }
}

impl BoardKeeper {
    fn board(&self) -> Option<Arc<IndexedBoard>> {
        self.served.borrow().board.clone()
    }

    /// Serves `board` unless a newer one is already served.
    fn install(&self, board: Arc<IndexedBoard>) {
        self.served.send_if_modified(|served| {
            let newer = served.board.as_ref().is_none_or(|b| is_older(&b.board.version, &board.board.version));
            if newer {
                served.board = Some(board);
            }
            newer
        });
    }

    /// Makes sure a background task brings the served board up to the
    /// database's version: one task at a time, which looks again when it
    /// was asked while it ran.
    fn kick(&self, db: &Db) {
        self.dirty.store(true, Ordering::SeqCst);
        if self.running.swap(true, Ordering::SeqCst) {
            return;
        }
        let db = db.clone();
        tokio::spawn(async move {
            let keeper = db.board_keeper.clone();
            loop {
                keeper.dirty.store(false, Ordering::SeqCst);
                if let Err(e) = keeper.catch_up(&db).await {
                    tracing::warn!(error = %e, "the board could not be brought up to date: the last one is served");
                    keeper.served.send_modify(|s| s.failures += 1);
                }
                keeper.running.store(false, Ordering::SeqCst);
                // Asked again after it last looked, and no newer task took over.
                if !keeper.dirty.load(Ordering::SeqCst) || keeper.running.swap(true, Ordering::SeqCst) {
                    break;
                }
            }
        });
    }

    /// Brings the served board up to the database's version as it is when
    /// called: loads the stored board, or makes it under the lease and
    /// stores it, or waits for the server holding the lease to store it.
    /// One board per call, not one until no write is left: under a stream
    /// of writes the version always moves while a board is made, and
    /// making the next at once would keep a core busy making boards no one
    /// asked for. Whoever wants a newer one calls again (the background
    /// look at its pace, [`BoardKeeper::kick`] when a request asked).
    async fn catch_up(&self, db: &Db) -> Result<()> {
        let mut parts = self.making.lock().await;
        kept::read_build().await?;
        let started = Instant::now();
        let wanted = version(db).await?;
        if self.board().is_some_and(|b| !is_older(&b.board.version, &wanted)) {
            return Ok(());
        }
        let (board, one_off) = self.obtain(db, &wanted, &mut parts).await?;
        // What the next one will take: without work done once (a key's baselines).
        let ms = u64::try_from(started.elapsed().saturating_sub(one_off).as_millis()).unwrap_or(u64::MAX);
        self.last_made_ms.store(ms, Ordering::SeqCst);
        self.install(board);
        Ok(())
    }

    /// The board of `wanted` or a newer version, from wherever it comes,
    /// and the time spent on work the next board will not redo. A process
    /// that made the last board makes the next from the changes since (a
    /// few teams' rows: no lease, no store); else it loads the stored
    /// board, or makes the whole board under the lease and stores it.
    async fn obtain(&self, db: &Db, wanted: &str, parts: &mut Option<Parts>) -> Result<(Arc<IndexedBoard>, Duration)> {
        if parts.is_some()
            && let Some(made) = compute(db, &self.references, &self.pairs, parts, false).await?
        {
            self.from_changes.fetch_add(1, Ordering::SeqCst);
            return Ok(made);
        }
        loop {
            if let Some(stored) = kept::stored_version(db).await?
                && !is_older(&stored, wanted)
            {
                match kept::load(db, &stored).await {
                    Ok(Some(board)) => {
                        metrics::counter!("board_loads_total").increment(1);
                        self.loaded.fetch_add(1, Ordering::SeqCst);
                        return Ok((index(board).await?, Duration::ZERO));
                    }
                    // A newer one was stored meanwhile: look again.
                    Ok(None) => continue,
                    // Unreadable (written by another build of the same
                    // tag, say): made again below and stored over it.
                    Err(e) => tracing::warn!(error = %e, "the kept board could not be read: it is made again"),
                }
            }
            let whole_ms = self.last_computed_ms.load(Ordering::SeqCst);
            // Boards made from changes were quick, a whole one of a large
            // board may not be: as long as the last whole one here, or
            // (none made here yet) as a board of the served one's size
            // takes. A small board stays read-your-writes.
            let rows = self.board().map_or(0, |b| b.board.rows.len() as u64);
            let expected_ms = if whole_ms > 0 { whole_ms } else { rows * WHOLE_MS_PER_1000_ROWS / 1000 };
            if rows as usize >= WAIT_ROWS_BELOW && expected_ms >= WAIT_FOR_QUICK.as_millis() as u64 {
                self.last_made_ms.fetch_max(expected_ms, Ordering::SeqCst);
                self.served.send_modify(|s| s.slow += 1);
            }
            if kept::try_lease(db, &self.me).await? {
                // Stored by the last holder between the look above and
                // the lease: load it rather than make it again.
                if let Some(stored) = kept::stored_version(db).await?
                    && !is_older(&stored, wanted)
                {
                    kept::release(db, &self.me).await?;
                    continue;
                }
                // Extended while it runs: no other server takes over a live making.
                return kept::holding(db, &self.me, self.make_whole(db, parts)).await;
            }
            tokio::time::sleep(LOOK_EVERY).await;
        }
    }

    /// Makes the whole board under this server's lease, stores it and
    /// gives the lease back (also when the making fails).
    async fn make_whole(&self, db: &Db, parts: &mut Option<Parts>) -> Result<(Arc<IndexedBoard>, Duration)> {
        let started = Instant::now();
        let made = compute(db, &self.references, &self.pairs, parts, true)
            .await
            .and_then(|made| made.ok_or_else(|| DbError::Background("a whole board was asked for, none made".into())));
        let (board, one_off) = match made {
            Ok(made) => made,
            Err(e) => {
                if let Err(released) = kept::release(db, &self.me).await {
                    tracing::warn!(error = %released, "the board's lease was not given back: it runs out");
                }
                return Err(e);
            }
        };
        // Without work done once (a key's baselines): what the next takes.
        let ms = u64::try_from(started.elapsed().saturating_sub(one_off).as_millis()).unwrap_or(u64::MAX);
        self.last_computed_ms.store(ms, Ordering::SeqCst);
        self.made.fetch_add(1, Ordering::SeqCst);
        if let Some(parts) = parts.as_ref()
            && let Err(e) = prune_changes(db, &parts.counters).await
        {
            tracing::warn!(error = %e, "old board changes were not pruned");
        }
        // A board not stored is still this server's to serve.
        match kept::store(db, &self.me, &board.board).await {
            Ok(true) => {}
            Ok(false) => tracing::warn!("another server took over the board's lease: this one's board was not stored"),
            Err(e) => tracing::warn!(error = %e, "the board was made but not stored"),
        }
        Ok((board, one_off))
    }
}

/// Indexes `board` on the blocking pool.
async fn index(board: Board) -> Result<Arc<IndexedBoard>> {
    tokio::task::spawn_blocking(move || Arc::new(IndexedBoard::new(board)))
        .await
        .map_err(|e| DbError::Background(e.to_string()))
}

/// The board served now.
pub async fn board(db: &Db) -> Result<Arc<Board>> {
    Ok(indexed(db).await?.board.clone())
}

/// The board served now, with its index.
pub async fn indexed(db: &Db) -> Result<Arc<IndexedBoard>> {
    Ok(served(db).await?.0)
}

/// What the pages served now depend on: the database's board version,
/// and the served board's when that one is still behind (`"13~12"`): a
/// page rendered from a board that is behind is not kept once the newer
/// board is served.
pub async fn served_version(db: &Db) -> Result<String> {
    let (board, version) = served(db).await?;
    Ok(if board.board.version == version { version } else { format!("{version}~{}", board.board.version) })
}

/// The board served now and the database's version: the board of that
/// version when it is quick to make (or this process has none yet), else
/// the last complete one while a newer one is made in the background.
async fn served(db: &Db) -> Result<(Arc<IndexedBoard>, String)> {
    let keeper = &db.board_keeper;
    let wanted = version(db).await?;
    let fresh = |board: &Arc<IndexedBoard>| !is_older(&board.board.version, &wanted);
    let last = keeper.board();
    let mut served = keeper.served.subscribe();
    let (failures, slow) = (served.borrow().failures, served.borrow().slow);
    match last {
        Some(board) if fresh(&board) => return Ok((board, wanted)),
        Some(board) => {
            keeper.kick(db);
            let long = keeper.last_made_ms.load(Ordering::SeqCst) >= WAIT_FOR_QUICK.as_millis() as u64;
            if long || board.board.rows.len() >= WAIT_ROWS_BELOW {
                return Ok((board, wanted));
            }
        }
        None => {
            // Nothing to serve yet: this request makes (or loads) it.
            keeper.catch_up(db).await?;
            if let Some(board) = keeper.board() {
                return Ok((board, wanted));
            }
        }
    }
    let waited = tokio::time::timeout(
        WAIT_AT_MOST,
        served.wait_for(|s| s.failures > failures || s.slow > slow || s.board.as_ref().is_some_and(fresh)),
    )
    .await;
    if waited.is_err() {
        tracing::warn!(version = %wanted, "the board took too long to make: the last one is served");
    }
    let board = keeper.board().ok_or_else(|| DbError::Background("no board to serve".into()))?;
    Ok((board, wanted))
}

/// How many boards this process made whole, and how many it loaded (made
/// by another process on the same database).
pub fn made_and_loaded(db: &Db) -> (u64, u64) {
    (db.board_keeper.made.load(Ordering::SeqCst), db.board_keeper.loaded.load(Ordering::SeqCst))
}

/// How many boards this process made from the changes since its last
/// (regrouping the changed teams' rows only).
pub fn made_from_changes(db: &Db) -> u64 {
    db.board_keeper.from_changes.load(Ordering::SeqCst)
}

/// Brings this process's board up to the database's version now (a
/// server's start: the kept board is loaded, or made if the database has
/// none, before the first request needs it). Returns the version served.
pub async fn catch_up(db: &Db) -> Result<String> {
    db.board_keeper.catch_up(db).await?;
    Ok(db.board_keeper.board().map(|b| b.board.version.clone()).unwrap_or_default())
}

/// The shortest pause between two background looks at the board.
const LOOK_EVERY_AT_LEAST: Duration = Duration::from_millis(250);

/// The longest: a server whose last board was slow (or waited for another
/// server's) still finds another server's change within seconds.
const LOOK_EVERY_AT_MOST: Duration = Duration::from_secs(2);

/// A background look's pause, as a multiple of what the last board took to
/// make (waiting included): the looks then keep a core busy about a fifth
/// of the time at most, however large the board is.
const LOOK_PAUSE_PER_MAKING: u32 = 4;

/// How long a server waits after a background look at the board
/// ([`catch_up`]) before the next: four times what the last board took to
/// make, within [`LOOK_EVERY_AT_LEAST`] and [`LOOK_EVERY_AT_MOST`]. Under
/// a stream of uploads a version is made at every look, and a board of
/// thousands of rows takes a tenth of a second or more: looking at a
/// fixed pace would give the makings half a core that the uploads need
/// (BENCHMARKS.md). A request that wants a newer board asks for it itself.
pub fn next_look(db: &Db) -> Duration {
    let ms = db.board_keeper.last_made_ms.load(Ordering::SeqCst);
    // u64::MAX: none made yet.
    let made = if ms == u64::MAX { Duration::ZERO } else { Duration::from_millis(ms) };
    made.saturating_mul(LOOK_PAUSE_PER_MAKING).clamp(LOOK_EVERY_AT_LEAST, LOOK_EVERY_AT_MOST)
}

/// The board's version: `"0"` until the first submission or key. It is
/// the sum of the counters [`bump_version`] moves, read in one statement
/// (so from one snapshot), and it moves on at every commit that moved one.
/// A banner that reaches its end time changes what pages show with no
/// write, so the number of banners ended so far follows the sum
/// (`"12.1"`): pages rendered with the banner are not served after it.
pub async fn version(db: &Db) -> Result<String> {
    let mut conn = db.pool().acquire().await?;
    version_on(&mut conn).await
}

/// [`version`], read on `conn` (within a transaction: at its snapshot).
async fn version_on(conn: &mut AnyConnection) -> Result<String> {
    let (v, ended): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM board_version),
                (SELECT COUNT(*) FROM announcements WHERE ends_at <= $1 AND removed_at IS NULL)",
    )
    .bind(super::now_unix())
    .fetch_one(&mut *conn)
    .await?;
    Ok(if ended == 0 { v.to_string() } else { format!("{v}.{ended}") })
}

/// The writer of a change that alters no board row (a banner, the
/// read-only switch): the pages change, the rows are kept as they are.
pub const NO_ROWS: i64 = -1;

/// Moves the board's version on, inside the transaction of the write
/// that changes the board (or anything a page shows: signed-out pages are
/// served from a cache keyed by this version). `writer` is the team whose
/// rows the write changed, 0 for a write that may change any row (then
/// the whole board is made again), or [`NO_ROWS`]; it picks the counter
/// moved: on PostgreSQL the counter's row stays locked until the commit,
/// and only writes that picked the same one wait for it. The counter's new
/// value is recorded with the writer (`board_changes`), so the next board
/// regroups that team's rows only. Taking the transaction makes the move
/// and its record commit together or not at all, with no savepoint of
/// their own (two statements fewer while an upload holds SQLite's one
/// writer).
pub async fn bump_version(tx: &mut sqlx::Transaction<'_, sqlx::Any>, writer: i64) -> Result<()> {
    let slot = version_slot(writer);
    sqlx::query("UPDATE board_version SET n = n + 1 WHERE slot = $1").bind(slot).execute(&mut **tx).await?;
    sqlx::query("INSERT INTO board_changes (slot, n, team_id) SELECT slot, n, $1 FROM board_version WHERE slot = $2")
        .bind(writer)
        .bind(slot)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The counter a write of `writer` moves ([`bump_version`]).
pub(crate) fn version_slot(writer: i64) -> i64 {
    writer.rem_euclid(VERSION_SLOTS)
}

/// Baselines on the default key (none without a key): computed once per
/// key as this process last saw it (a key's content never changes; its
/// name and exposure may).
async fn reference_rows(conn: &mut AnyConnection, cache: &ReferenceCache) -> Result<(Vec<BoardRow>, Duration)> {
    let Some(key) = super::keys::default_key_on(&mut *conn, BENCHMARK).await? else {
        return Ok((Vec::new(), Duration::ZERO));
    };
    let of = (key.id, key.name.clone(), key.synthetic, key.exposure);
    if let Some((cached_of, rows)) = &*cache.lock().unwrap_or_else(|p| p.into_inner())
        && *cached_of == of
    {
        return Ok((rows.clone(), Duration::ZERO));
    }
    let started = Instant::now();
    let bytes = super::keys::content_for_scoring_on(&mut *conn, key.id).await?;
    let parsed = tokio::task::spawn_blocking(move || crate::domain::parse_key(BENCHMARK, &bytes))
        .await
        .map_err(|e| DbError::Background(e.to_string()))?
        .map_err(|e| DbError::Seed(format!("stored answer key {}: {e}", key.name)))?;
    let rows = reference::baselines(&parsed.key, &key.name, key.synthetic, key.exposure);
    *cache.lock().unwrap_or_else(|p| p.into_inner()) = Some((of, rows.clone()));
    Ok((rows, started.elapsed()))
}

/// The baselines of the last default key seen, and which key (id, name,
/// synthetic, exposure) they are of.
type ReferenceCache = std::sync::Mutex<Option<((i64, String, bool, crate::domain::exposure::Exposure), Vec<BoardRow>)>>;

/// What this process keeps of the last board it made, to make the next
/// from the changes since: the next version regroups only the teams its
/// changes touched (`board_changes`) and tests only new pairs.
pub(super) struct Parts {
    /// The version counters, by slot, of the snapshot it was made from.
    counters: Vec<i64>,
    verifieds: verified::Verifieds,
    /// Stored correctness of the ranked submissions, by id (a
    /// submission's changes only with its key: a change of no team's,
    /// after which the whole board is made again).
    bits: HashMap<i64, Vec<u8>>,
}

/// Reads from one snapshot of the database and assembles the board of the
/// version that snapshot holds: from `parts` and the teams changed since
/// when it can, else whole (`None`, `parts` dropped, if `whole` is false);
/// also says how long it spent on the key's baselines, made once per key.
async fn compute(
    db: &Db,
    references: &ReferenceCache,
    pairs: &Arc<std::sync::Mutex<PairsKept>>,
    parts: &mut Option<Parts>,
    whole: bool,
) -> Result<Option<(Arc<IndexedBoard>, Duration)>> {
    let started = Instant::now();
    let mut tx = db.pool().begin().await?;
    if db.backend() == Backend::Postgres {
        // Every statement below reads the snapshot of the first one.
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").execute(&mut *tx).await?;
    }
    let made = compute_in(&mut tx, references, pairs.clone(), parts, whole).await;
    tx.rollback().await?;
    let Some((board, one_off, regrouped)) = made? else { return Ok(None) };
    metrics::counter!("board_computations_total").increment(1);
    metrics::histogram!("board_computation_seconds").record(started.elapsed().as_secs_f64());
    tracing::info!(
        version = %board.board.version,
        rows = board.board.rows.len(),
        regrouped_teams = regrouped.map_or(-1, |n| n as i64),
        seconds = started.elapsed().as_secs_f64(),
        "board made"
    );
    Ok(Some((board, one_off)))
}

/// [`compute`] on the transaction `conn`; with the number of teams
/// regrouped (`None`: the whole board was grouped).
async fn compute_in(
    conn: &mut AnyConnection,
    references: &ReferenceCache,
    pairs: Arc<std::sync::Mutex<PairsKept>>,
    parts: &mut Option<Parts>,
    whole: bool,
) -> Result<Option<(Arc<IndexedBoard>, Duration, Option<usize>)>> {
    let version = version_on(&mut *conn).await?;
    let counters = counters_on(&mut *conn).await?;
    let kept = parts.take();
    let changed = match &kept {
        Some(kept) => changed_teams(&mut *conn, &kept.counters, &counters).await?,
        None => None,
    };
    let regrouped = match (kept, changed) {
        (Some(kept), Some(teams)) => {
            regroup(&mut *conn, kept.verifieds, teams).await?.map(|(v, n)| (v, kept.bits, Some(n)))
        }
        _ => None,
    };
    let (verifieds, mut bits, regrouped) = match regrouped {
        Some(regrouped) => regrouped,
        None if !whole => return Ok(None),
        None => {
            let rows = verified::read_rows(&mut *conn, None).await?;
            // Grouping 100,000 rows takes a while: not on a thread that answers requests.
            let verifieds = blocking(move || verified::Verifieds::from_rows(rows)).await??;
            (verifieds, HashMap::default(), None)
        }
    };
    let published = super::published::list_models_on(&mut *conn).await?;
    // A row the team's Ladder held shows another submission's score, and a
    // flagged row waits for the operators to review its flags (`operator
    // clear-flags`): neither is ranked, nor takes one of the ranked places.
    let rankable = |v: &&verified::Verified| !v.row.not_above_team_best && v.row.flags.is_empty();
    let ranked: HashSet<i64> = verifieds.sorted().filter(rankable).take(RANKED_VERIFIED_LIMIT).map(|v| v.id).collect();
    let missing: Vec<i64> = verifieds
        .sorted()
        .filter(|v| ranked.contains(&v.id) && verified::pairable(v) && !bits.contains_key(&v.id))
        .map(|v| v.id)
        .collect();
    bits.extend(verified::ranked_correctness(&mut *conn, &missing).await?);
    bits.retain(|id, _| ranked.contains(id));
    let (reference, one_off) = reference_rows(&mut *conn, references).await?;
    let (board, verifieds, bits) = blocking(move || {
        let mut rows: Vec<(Arc<BoardRow>, Option<Contender>)> = published.into_iter().map(published_row).collect();
        rows.reserve(verifieds.len());
        rows.extend(verifieds.sorted().map(|v| {
            let contender = ranked.contains(&v.id).then(|| {
                let paired = verified::pairable(v)
                    .then(|| bits.get(&v.id))
                    .flatten()
                    .map(|b| (v.key_id, PackedBits::from_stored(b, v.row.n as usize)));
                Contender::from_shown(v.row.accuracy, v.row.correct, v.row.n, paired)
            });
            (v.row.clone(), contender)
        }));
        let rows = assign_ranks(rows, &mut pairs.lock().unwrap_or_else(|p| p.into_inner()));
        (Arc::new(IndexedBoard::new(Board { version, rows, reference })), verifieds, bits)
    })
    .await?;
    *parts = Some(Parts { counters, verifieds, bits });
    Ok(Some((board, one_off, regrouped)))
}

/// Runs `work` on the blocking pool.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    tokio::task::spawn_blocking(work).await.map_err(|e| DbError::Background(e.to_string()))
}

/// The version counters by slot, at the snapshot of `conn`.
async fn counters_on(conn: &mut AnyConnection) -> Result<Vec<i64>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT slot, n FROM board_version").fetch_all(&mut *conn).await?;
    let mut counters = vec![0; VERSION_SLOTS as usize];
    for (slot, n) in rows {
        if let Some(c) = usize::try_from(slot).ok().and_then(|s| counters.get_mut(s)) {
            *c = n;
        }
    }
    Ok(counters)
}

/// The teams whose rows changed between the snapshots whose counters
/// were `then` and are `now`; `None` when the whole board must be made
/// again: a change that may touch any row, a change not recorded (by an
/// older build, or pruned), or more teams than are worth regrouping one
/// by one.
async fn changed_teams(conn: &mut AnyConnection, then: &[i64], now: &[i64]) -> Result<Option<HashSet<i64>>> {
    let sql = format!("SELECT slot, team_id FROM board_changes WHERE {}", each_slot(">"));
    let query = then.iter().fold(sqlx::query_as::<_, (i64, i64)>(&sql), |q, n| q.bind(*n));
    let mut recorded = vec![0i64; then.len()];
    let mut teams = HashSet::default();
    for (slot, team) in query.fetch_all(&mut *conn).await? {
        if let Some(count) = usize::try_from(slot).ok().and_then(|s| recorded.get_mut(s)) {
            *count += 1;
        }
        match team {
            0 => return Ok(None),
            team if team > 0 => {
                teams.insert(team);
            }
            _ => {}
        }
    }
    let all_recorded = now.iter().zip(then).zip(&recorded).all(|((now, then), recorded)| now - then == *recorded);
    Ok((all_recorded && teams.len() <= verified::REGROUP_AT_MOST).then_some(teams))
}

/// `(slot = 0 AND n CMP $1) OR ... OR (slot = 15 AND n CMP $16)`: a
/// bound on each slot's counter, bound in slot order.
fn each_slot(cmp: &str) -> String {
    (0..VERSION_SLOTS).map(|s| format!("(slot = {s} AND n {cmp} ${})", s + 1)).collect::<Vec<_>>().join(" OR ")
}

/// How many of each slot's changes are kept once a whole board is made
/// (a process whose board is older than that makes the whole board).
const CHANGES_KEPT: i64 = 10_000;

/// Forgets the changes older than the last [`CHANGES_KEPT`] of each slot
/// before `counters`.
async fn prune_changes(db: &Db, counters: &[i64]) -> Result<()> {
    let sql = format!("DELETE FROM board_changes WHERE {}", each_slot("<="));
    let query = counters.iter().fold(sqlx::query(&sql), |q, n| q.bind(n - CHANGES_KEPT));
    query.execute(db.writer()).await?;
    Ok(())
}

/// `verifieds` with the rows of `teams` grouped again from the database,
/// and those of the teams whose flags name one of their submissions (whether
/// a flag may name it can have changed), and how many teams that was;
/// `None` when they are more than are worth regrouping one by one.
async fn regroup(
    conn: &mut AnyConnection,
    verifieds: verified::Verifieds,
    mut teams: HashSet<i64>,
) -> Result<Option<(verified::Verifieds, usize)>> {
    let list: Vec<i64> = teams.iter().copied().collect();
    let mut rows = verified::read_rows(&mut *conn, Some(&list)).await?;
    let naming = verifieds.naming(&teams, rows.iter().map(|r| r.public_id.as_str()));
    if teams.len() + naming.len() > verified::REGROUP_AT_MOST {
        return Ok(None);
    }
    if !naming.is_empty() {
        let list: Vec<i64> = naming.iter().copied().collect();
        rows.extend(verified::read_rows(&mut *conn, Some(&list)).await?);
        rows.sort_by_key(|r| r.id);
        teams.extend(naming);
    }
    let n = teams.len();
    blocking(move || {
        let mut verifieds = verifieds;
        verifieds.regroup(&teams, rows).map(|()| Some((verifieds, n)))
    })
    .await?
}

/// A published model's row, and its place in the ranking.
fn published_row(m: crate::domain::board::PublishedModel) -> (Arc<BoardRow>, Option<Contender>) {
    let n = m.n.max(0) as u64;
    let correct = (m.accuracy * n as f64).round() as u64;
    let row = BoardRow {
        n,
        ci95: wilson(correct as usize, n as usize),
        ci95_approximate: true,
        accuracy: m.accuracy,
        source_table: Some(m.source_table),
        access: Some(m.access),
        focus: Some(m.focus),
        ..BoardRow::bare(&m.model, RowSource::Reported)
    };
    (Arc::new(row), Some(Contender::from_shown(m.accuracy, Some(correct), n, None)))
}

/// Ranks the contenders and orders the rows in the board's order
/// ([`board_order`](crate::domain::board::board_order): best first, ties
/// published before verified, then by name, team and id), testing only the
/// pairs `pairs` does not hold from the last ranking. A ranked row is
/// copied to hold its rank; an unranked one stays the kept parts' own
/// (rank-less) row, which every board made from them shares.
fn assign_ranks(rows: Vec<(Arc<BoardRow>, Option<Contender>)>, pairs: &mut PairsKept) -> Vec<Arc<BoardRow>> {
    let set: Vec<Contender> = rows.iter().filter_map(|(_, c)| c.clone()).collect();
    let mut ranks = rank::rank_ranges_kept(&set, pairs).into_iter();
    metrics::counter!("board_pairs_tested_total").increment(pairs.tested() as u64);
    let mut rows: Vec<Arc<BoardRow>> = rows
        .into_iter()
        .map(|(mut row, c)| {
            if c.is_some() {
                Arc::make_mut(&mut row).rank = ranks.next();
            }
            row
        })
        .collect();
    rows.sort_by(|a, b| crate::domain::board::board_order(a, b));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(version: &str) -> Arc<IndexedBoard> {
        Arc::new(IndexedBoard::new(Board { version: version.into(), rows: Vec::new(), reference: Vec::new() }))
    }

    #[test]
    fn versions_are_ordered_by_their_numbers() {
        assert!(is_older("9", "10"), "not as text");
        assert!(is_older("12", "12.1") && is_older("12.1", "12.2") && is_older("12.3", "13"));
        assert!(!is_older("13", "13") && !is_older("13.1", "13") && !is_older("14", "13.9"));
    }

    #[test]
    fn an_older_board_never_replaces_a_newer_one() {
        let keeper = BoardKeeper::default();
        keeper.install(board("10"));
        // A server that loaded version 9 late (another made 10 meanwhile).
        keeper.install(board("9"));
        assert_eq!(keeper.board().unwrap().board.version, "10");
        keeper.install(board("10.1"));
        assert_eq!(keeper.board().unwrap().board.version, "10.1");
    }
}
