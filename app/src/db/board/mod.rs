//! The board: one list of rows behind the leaderboard page, its chart,
//! the JSON API and the CSV export, so they always agree.
//!
//! Rows: the paper's Table 4 (`reported`; n = 4,989, the test split; the
//! 95% CI is Wilson from the rounded accuracy and n, so approximate), the
//! public submissions scored here (`verified`), and baselines on the
//! default key (`reference`). Rank ranges come from pairwise tests (see
//! [`rank`](crate::domain::board::rank)) over the ranked set: every
//! published row plus the best
//! [`RANKED_VERIFIED_LIMIT`](crate::domain::board::RANKED_VERIFIED_LIMIT) verified ones
//! (the tests grow with the square of the set); other rows get no rank,
//! nor does a row with a flag shown until an operator clears it.
//!
//! Kept, not recomputed at every request (issue 38). The rows are kept in
//! the database ([`stored`], migration 0029) and read by index
//! ([`read`]): a server holds none of them, so its memory does not grow
//! with the board. The board's version (counters in `board_version`)
//! moves in the transaction of every write that changes what a page
//! shows, which also records the team whose rows it changed in
//! `board_changes`. One server at a time (a lease, [`kept`]) brings the
//! stored rows up to the database's version: in one transaction per
//! version, regrouping only the changed teams' rows and testing only new
//! pairs, so a version is made once in all, however many servers share
//! the database, and costs what its changes touched. A request is
//! answered from the stored board as it is: it waits for a newer version
//! only when the last took less than [`WAIT_FOR_QUICK`] to make and the
//! board has fewer than [`WAIT_ROWS_BELOW`] rows (a small board is then
//! always fresh, as a script that uploads and reads the board expects),
//! or when no board is stored yet. Heavy work runs off the threads that
//! answer requests.
//!
//! Every read is one snapshot (one read transaction, repeatable-read on
//! PostgreSQL), so it gives the complete board of one version, never a
//! mix of two.

use rustc_hash::FxHashSet as HashSet;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sqlx::AnyConnection;
use tokio::sync::watch;

use super::{Db, DbError, Result};
use crate::domain::Benchmark;
use crate::domain::board::version_is_older as is_older;

mod kept;
mod read;
mod stored;
mod verified;
pub use read::{RowsAfter, best_rows_select, board, categories, compare_rows, page, rows_after, search_select};
pub use verified::{ROWS_SELECT, team_rows_select};

/// The counters whose sum is the board's version (migration 0016): a
/// write moves one of them, so concurrent writes do not queue on one row.
const VERSION_SLOTS: i64 = 16;

/// The benchmark the board shows.
pub(super) const BENCHMARK: Benchmark = Benchmark::MedAraBench;

/// Values one `IN (...)` list of the board's statements binds at most:
/// longer lists are read or written in chunks of this many, well under
/// the bound values a statement may carry (32,766 on SQLite, 65,535 on
/// PostgreSQL).
pub(super) const IN_LIST_AT_MOST: usize = 500;

/// A request that finds the board behind the database waits for the new
/// one only if the last took less than this to make; else it is answered
/// at once from the stored board.
pub const WAIT_FOR_QUICK: Duration = Duration::from_millis(250);

/// A board of this many rows or more is served while its next version is
/// made, however quick that is: a person does not notice a board a tenth
/// of a second behind, and under a stream of uploads every visitor would
/// wait for every change (BENCHMARKS.md). Smaller boards stay
/// read-your-writes, as scripts that upload and read the board expect.
const WAIT_ROWS_BELOW: u64 = 20_000;

/// The longest a request waits for a quick board before taking the stored
/// one (the database may have stalled).
const WAIT_AT_MOST: Duration = Duration::from_secs(10);

/// How often a server waiting for another's board looks for it.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// What this process last saw of the stored board, and how many attempts
/// to make a newer one failed here (a request waiting for a new board
/// stops waiting when one fails).
#[derive(Default, Clone)]
struct Seen {
    version: Option<String>,
    rows: u64,
    failures: u64,
}

/// This process's part in keeping the board: the making of the next
/// version when it holds the lease, and what it last saw.
pub struct BoardKeeper {
    seen: watch::Sender<Seen>,
    /// Held while this process makes a version: one at a time. It holds
    /// what the making keeps between versions (bounded: the ranked set's).
    making: tokio::sync::Mutex<stored::Maker>,
    /// A background task is making ([`BoardKeeper::kick`]).
    running: AtomicBool,
    /// A newer board was asked for since the task last looked.
    dirty: AtomicBool,
    /// How long the last version made here took, in milliseconds
    /// (`u64::MAX`: none yet).
    last_made_ms: AtomicU64,
    /// This process's name in the lease ([`kept::try_lease`]).
    me: String,
    /// Versions this process made whole, and from the changes.
    made: AtomicU64,
    from_changes: AtomicU64,
}

impl Default for BoardKeeper {
    fn default() -> Self {
        let id: [u8; 8] = rand::random();
        let me = hex::encode(id);
        Self {
            seen: watch::Sender::new(Seen::default()),
            making: tokio::sync::Mutex::new(stored::Maker::new(me.clone())),
            running: AtomicBool::new(false),
            dirty: AtomicBool::new(false),
            last_made_ms: AtomicU64::new(u64::MAX),
            me,
            made: AtomicU64::new(0),
            from_changes: AtomicU64::new(0),
        }
    }
}

impl fmt::Debug for BoardKeeper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoardKeeper").field("seen", &self.seen.borrow().version).finish()
    }
}

impl BoardKeeper {
    /// Notes the stored board's version and size as read.
    fn saw(&self, version: &str, rows: u64) {
        self.seen.send_if_modified(|seen| {
            let newer = seen.version.as_deref().is_none_or(|old| is_older(old, version));
            if newer {
                seen.version = Some(version.to_owned());
                seen.rows = rows;
            }
            newer
        });
    }

    /// Makes sure a background task brings the stored board up to the
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
                    tracing::warn!(error = %e, "the board could not be brought up to date: the stored one is served");
                    keeper.seen.send_modify(|s| s.failures += 1);
                }
                keeper.running.store(false, Ordering::SeqCst);
                // Asked again after it last looked, and no newer task took over.
                if !keeper.dirty.load(Ordering::SeqCst) || keeper.running.swap(true, Ordering::SeqCst) {
                    break;
                }
            }
        });
    }

    /// Brings the stored board up to the database's version as it is when
    /// called: makes one version under the lease, or, when another server
    /// holds it, leaves the making to that one (and waits for it when no
    /// board is stored yet). One version per call, not one until no write
    /// is left: under a stream of writes the version always moves while
    /// one is made, and making the next at once would keep a core busy
    /// making versions no one asked for. Whoever wants a newer one calls
    /// again (the background look at its pace, [`BoardKeeper::kick`] when
    /// a request asked).
    async fn catch_up(&self, db: &Db) -> Result<()> {
        let mut maker = self.making.lock().await;
        kept::read_build().await?;
        loop {
            let (wanted, stored) = versions(db).await?;
            if let Some((version, rows)) = &stored {
                self.saw(version, *rows);
                if !is_older(version, &wanted) {
                    return Ok(());
                }
            }
            if kept::try_lease(db, &self.me).await? {
                let started = Instant::now();
                let applied = kept::holding(db, &self.me, maker.apply(db)).await;
                if let Err(e) = kept::release(db, &self.me).await {
                    tracing::warn!(error = %e, "the board's lease was not given back: it runs out");
                }
                let (applied, one_off) = applied?;
                // What the next one will take: without work done once (a key's baselines).
                let ms = u64::try_from(started.elapsed().saturating_sub(one_off).as_millis()).unwrap_or(u64::MAX);
                match applied {
                    stored::Applied::Current => {}
                    stored::Applied::FromChanges => {
                        self.from_changes.fetch_add(1, Ordering::SeqCst);
                        self.last_made_ms.store(ms, Ordering::SeqCst);
                    }
                    stored::Applied::Whole => {
                        self.made.fetch_add(1, Ordering::SeqCst);
                        self.last_made_ms.store(ms, Ordering::SeqCst);
                    }
                }
                let stored = versions(db).await?.1;
                if applied != stored::Applied::Current {
                    metrics::counter!("board_computations_total").increment(1);
                    metrics::histogram!("board_computation_seconds").record(started.elapsed().as_secs_f64());
                    tracing::info!(
                        version = stored.as_ref().map_or("", |(v, _)| v.as_str()),
                        rows = stored.as_ref().map_or(0, |(_, rows)| *rows),
                        whole = applied == stored::Applied::Whole,
                        seconds = started.elapsed().as_secs_f64(),
                        writing = maker.held.as_secs_f64(),
                        "board made"
                    );
                }
                if let Some((version, rows)) = stored {
                    self.saw(&version, rows);
                }
                return Ok(());
            }
            if stored.is_some() {
                // Another server makes it; the stored board is served meanwhile.
                return Ok(());
            }
            tokio::time::sleep(LOOK_EVERY).await;
        }
    }
}

/// The database's board version and the stored board's version and row
/// count (`None`: no board of this build stored yet), read in one
/// statement: every request asks.
async fn versions(db: &Db) -> Result<(String, Option<(String, u64)>)> {
    let (v, ended, build, stored, rows): (i64, i64, Option<String>, Option<String>, i64) =
        sqlx::query_as(&format!("SELECT {VERSION_COLUMNS}, build, version, models FROM board_state WHERE id = 1"))
            .bind(super::now_unix())
            .fetch_one(db.pool())
            .await?;
    let wanted = version_text(v, ended);
    let stored = stored.filter(|_| build.as_deref() == Some(kept::this_build()));
    Ok((wanted, stored.map(|s| (s, rows.max(0) as u64))))
}

/// What a request is served: the database's board version, and the
/// version of the board stored.
struct Ensured {
    wanted: String,
    stored: String,
}

impl Ensured {
    /// What the pages served now depend on: the database's board version,
    /// and the stored board's when that one is still behind (`"13~12"`):
    /// a page rendered from a board that is behind is not kept once the
    /// newer board is stored.
    fn served(self) -> String {
        if is_older(&self.stored, &self.wanted) { format!("{}~{}", self.wanted, self.stored) } else { self.wanted }
    }
}

/// Brings the stored board up to the database's version when that is
/// quick (or no board is stored yet), else asks for it in the background;
/// says which versions the request is then served.
async fn ensure(db: &Db) -> Result<Ensured> {
    let keeper = &db.board_keeper;
    let mut seen = keeper.seen.subscribe();
    let failures = seen.borrow().failures;
    let (wanted, stored) = versions(db).await?;
    let mut last = match stored {
        Some((stored, rows)) => {
            keeper.saw(&stored, rows);
            if !is_older(&stored, &wanted) {
                return Ok(Ensured { wanted, stored });
            }
            keeper.kick(db);
            // A process that made none yet waits: the board may be another's to make.
            let ms = keeper.last_made_ms.load(Ordering::SeqCst);
            let long = ms != u64::MAX && ms >= WAIT_FOR_QUICK.as_millis() as u64;
            if long || rows >= WAIT_ROWS_BELOW {
                return Ok(Ensured { wanted, stored });
            }
            Some(stored)
        }
        // Nothing to serve yet: made in the background (here or by
        // another server), waited for.
        None => {
            keeper.kick(db);
            None
        }
    };
    let deadline = Instant::now() + WAIT_AT_MOST;
    while Instant::now() < deadline {
        // Made here (the watch moves) or by another server (looked for).
        let _ = tokio::time::timeout(LOOK_EVERY, seen.changed()).await;
        if let (_, Some((version, rows))) = versions(db).await? {
            keeper.saw(&version, rows);
            if !is_older(&version, &wanted) {
                return Ok(Ensured { wanted, stored: version });
            }
            last = Some(version);
        }
        if seen.borrow().failures > failures {
            break;
        }
    }
    match last {
        Some(stored) => {
            tracing::warn!(version = %wanted, "the board took too long to make: the stored one is served");
            Ok(Ensured { wanted, stored })
        }
        None => Err(DbError::Background("no board is stored yet: it is being made".into())),
    }
}

/// What the pages served now depend on: the database's board version,
/// and the stored board's when that one is still behind (`"13~12"`).
pub async fn served_version(db: &Db) -> Result<String> {
    Ok(ensure(db).await?.served())
}

/// The version of the board stored now, brought up to the database's
/// first when that is quick ([`ensure`]).
pub async fn stored_version(db: &Db) -> Result<String> {
    Ok(ensure(db).await?.stored)
}

/// How many versions this process made whole, and from the changes.
pub fn made(db: &Db) -> (u64, u64) {
    (db.board_keeper.made.load(Ordering::SeqCst), db.board_keeper.from_changes.load(Ordering::SeqCst))
}

/// Brings the stored board up to the database's version now (a server's
/// start: a database from before the stored board, or filled by SQL, gets
/// its board written before the first request needs it), unless another
/// server is making it. Returns the version stored.
pub async fn catch_up(db: &Db) -> Result<String> {
    db.board_keeper.catch_up(db).await?;
    Ok(versions(db).await?.1.map(|(v, _)| v).unwrap_or_default())
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
    let (v, ended): (i64, i64) =
        sqlx::query_as(&format!("SELECT {VERSION_COLUMNS}")).bind(super::now_unix()).fetch_one(&mut *conn).await?;
    Ok(version_text(v, ended))
}

/// The two numbers a board version is made of (bind the time now): the
/// counters' sum and the banners ended ([`version_text`]).
const VERSION_COLUMNS: &str = "(SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM board_version),
        (SELECT COUNT(*) FROM announcements WHERE ends_at <= $1 AND removed_at IS NULL)";

/// The version of counters summing to `sum` with `ended` banners ended.
fn version_text(sum: i64, ended: i64) -> String {
    if ended == 0 { sum.to_string() } else { format!("{sum}.{ended}") }
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

/// A read-only transaction whose statements all read one snapshot of the
/// database: SQLite's from its first read (WAL), PostgreSQL's at
/// repeatable read. It holds no writer.
async fn begin_snapshot(db: &Db) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
    let mut tx = db.pool().begin().await?;
    if db.backend() == super::Backend::Postgres {
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").execute(&mut *tx).await?;
    }
    Ok(tx)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_ordered_by_their_numbers() {
        assert!(is_older("9", "10"), "not as text");
        assert!(is_older("12", "12.1") && is_older("12.1", "12.2") && is_older("12.3", "13"));
        assert!(!is_older("13", "13") && !is_older("13.1", "13") && !is_older("14", "13.9"));
    }

    #[test]
    fn an_older_version_seen_never_replaces_a_newer_one() {
        let keeper = BoardKeeper::default();
        keeper.saw("10", 5);
        // A server that read version 9 late (another made 10 meanwhile).
        keeper.saw("9", 4);
        assert_eq!(keeper.seen.borrow().version.as_deref(), Some("10"));
        keeper.saw("10.1", 6);
        assert_eq!((keeper.seen.borrow().version.as_deref(), keeper.seen.borrow().rows), (Some("10.1"), 6));
    }
}
