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
//! Computed once per `board_version` (a counter in `settings`, bumped in
//! the transaction of every new submission or key, and of an owner's
//! change or withdrawal of a submission) and cached in memory
//! per [`Db`]: a request costs one query for the version, and several
//! processes on one database always show the same board. Requests that
//! find a new version at the same time wait for one computation; once a
//! version is ready, older ones are dropped. The cache holds the board
//! with its [`index`], so that a page takes its rows from the shared `Arc`
//! without copying the rest.
//!
//! The computation reads every submission's metadata once (one query, no
//! per-question data), keeps one row per team and model ([`verified`]) and
//! sorts them; only the ranked set (at most 16 + [`RANKED_VERIFIED_LIMIT`]
//! rows) is compared pairwise, so the cost grows as n log n with the number
//! of submissions.

use std::fmt;
use std::sync::Arc;

use super::{Db, DbError, Result};
use crate::domain::Benchmark;
pub use crate::domain::board::index::IndexedBoard;
use crate::domain::board::rank::{self, Contender, PackedBits};
use crate::domain::board::{Board, BoardRow, RANKED_VERIFIED_LIMIT, RowSource, reference};
use crate::domain::stats::wilson;

mod verified;
pub use verified::ROWS_SELECT;

/// The counters whose sum is the board's version (migration 0016): a
/// write moves one of them, so concurrent writes do not queue on one row.
const VERSION_SLOTS: i64 = 16;

/// The benchmark the board shows.
pub(super) const BENCHMARK: Benchmark = Benchmark::MedAraBench;

/// Board versions a process may hold at once: the current one, and a newer
/// one while requests still hold the current. Older versions are dropped as
/// soon as a newer one is ready, so the cache never fills up (and its
/// admission policy never turns a new version away).
const KEPT_VERSIONS: u64 = 4;

/// The boards computed by this process, by version; a version is computed
/// once however many requests ask for it.
pub struct BoardCache {
    boards: moka::future::Cache<String, Arc<IndexedBoard>>,
}

impl Default for BoardCache {
    fn default() -> Self {
        Self { boards: moka::future::Cache::new(KEPT_VERSIONS) }
    }
}

impl fmt::Debug for BoardCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoardCache").field("versions", &self.boards.entry_count()).finish()
    }
}

impl BoardCache {
    /// The board of `version`: cached, or made by `compute` (once, however
    /// many callers ask at the same time). Versions older than it are then
    /// dropped.
    async fn get_or_compute(
        &self,
        version: &str,
        compute: impl Future<Output = Result<IndexedBoard>>,
    ) -> Result<Arc<IndexedBoard>> {
        let board = self
            .boards
            .try_get_with_by_ref(version, async { compute.await.map(Arc::new) })
            .await
            .map_err(DbError::shared)?;
        let older: Vec<Arc<String>> = self.boards.iter().map(|(v, _)| v).filter(|v| is_older(v, version)).collect();
        for v in older {
            self.boards.invalidate(v.as_str()).await;
        }
        Ok(board)
    }
}

/// Whether board version `a` comes before `b` (versions count up from
/// `"0"`; a request that read the version just before a bump may finish
/// after one that read it just after, and must not drop the newer board).
fn is_older(a: &str, b: &str) -> bool {
    match (a.parse::<u64>(), b.parse::<u64>()) {
        (Ok(a), Ok(b)) => a < b,
        _ => a != b,
    }
}

/// The current board: cached unless the version moved on.
pub async fn board(db: &Db) -> Result<Arc<Board>> {
    Ok(indexed(db).await?.board.clone())
}

/// The current board with its index: cached unless the version moved on.
pub async fn indexed(db: &Db) -> Result<Arc<IndexedBoard>> {
    let version = version(db).await?;
    db.board_cache.get_or_compute(&version, compute(db, version.clone())).await
}

/// The board's version: `"0"` until the first submission or key. It is
/// the sum of the counters [`bump_version`] moves, read in one statement
/// (so from one snapshot), and it moves on at every commit that moved one.
/// A banner that reaches its end time changes what pages show with no
/// write, so the number of banners ended so far follows the sum
/// (`"12.1"`): pages rendered with the banner are not served after it.
pub async fn version(db: &Db) -> Result<String> {
    let (v, ended): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM board_version),
                (SELECT COUNT(*) FROM announcements WHERE ends_at <= $1 AND removed_at IS NULL)",
    )
    .bind(super::now_unix())
    .fetch_one(db.pool())
    .await?;
    Ok(if ended == 0 { v.to_string() } else { format!("{v}.{ended}") })
}

/// Moves the board's version on; call inside the transaction of the write
/// that changes the board (or anything a page shows: signed-out pages are
/// served from a cache keyed by this version). `writer` picks the counter
/// moved (a team's id; 0 for a write of no team's): on PostgreSQL the
/// counter's row stays locked until the commit, and only writes that
/// picked the same one wait for it.
pub async fn bump_version<'c, E>(exec: E, writer: i64) -> Result<()>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    sqlx::query(&bump_version_sql("$1")).bind(version_slot(writer)).execute(exec).await?;
    Ok(())
}

/// [`bump_version`]'s statement, with `slot` the parameter that holds
/// [`version_slot`], for a write that moves the version within a statement
/// of its own (an upload's insert: `submissions::insert_within_quota`).
pub(crate) fn bump_version_sql(slot: &str) -> String {
    format!("UPDATE board_version SET n = n + 1 WHERE slot = {slot}")
}

/// The counter a write of `writer` moves ([`bump_version`]).
pub(crate) fn version_slot(writer: i64) -> i64 {
    writer.rem_euclid(VERSION_SLOTS)
}

/// Baselines on the default key (none without a key).
async fn reference_rows(db: &Db) -> Result<Vec<BoardRow>> {
    let Some(key) = super::keys::default_key(db, BENCHMARK).await? else { return Ok(Vec::new()) };
    let bytes = super::keys::content_for_scoring(db, key.id).await?;
    let parsed = tokio::task::spawn_blocking(move || crate::domain::parse_key(BENCHMARK, &bytes))
        .await
        .map_err(|e| DbError::Background(e.to_string()))?
        .map_err(|e| DbError::Seed(format!("stored answer key {}: {e}", key.name)))?;
    Ok(reference::baselines(&parsed.key, &key.name, key.synthetic, key.exposure))
}

/// Reads everything and assembles the board of `version`.
async fn compute(db: &Db, version: String) -> Result<IndexedBoard> {
    let started = std::time::Instant::now();
    let board = compute_uncounted(db, version).await;
    metrics::counter!("board_computations_total").increment(1);
    metrics::histogram!("board_computation_seconds").record(started.elapsed().as_secs_f64());
    board
}

/// [`compute`], without the metrics.
async fn compute_uncounted(db: &Db, version: String) -> Result<IndexedBoard> {
    let published = super::published::list_models(db).await?;
    let verified = verified::verified(db).await?;
    // A row the team's Ladder held shows another submission's score, and a
    // flagged row waits for the operators to review its flags (`operator
    // clear-flags`): neither is ranked, nor takes one of the ranked places.
    let rankable = |v: &verified::Verified| !v.row.not_above_team_best && v.row.flags.is_empty();
    let ranked: Vec<&verified::Verified> =
        verified.iter().filter(|v| rankable(v)).take(RANKED_VERIFIED_LIMIT).collect();
    let ranked_ids: std::collections::HashSet<i64> = ranked.iter().map(|v| v.id).collect();
    let bits = verified::ranked_correctness(db, &ranked).await?;
    let reference = reference_rows(db).await?;
    let mut rows: Vec<(BoardRow, Option<Contender>)> = published
        .into_iter()
        .map(|m| {
            let n = m.n.max(0) as u64;
            let correct = (m.accuracy * n as f64).round() as u64;
            let row = BoardRow {
                source: RowSource::Reported,
                team: None,
                submission_id: None,
                params: None,
                contamination: None,
                correct: None,
                n,
                ci95: wilson(correct as usize, n as usize),
                ci95_approximate: true,
                part: None,
                public: None,
                private: None,
                at_or_below_chance: false,
                not_above_team_best: false,
                key: None,
                synthetic_key: false,
                key_superseded: false,
                submitted_at: None,
                rank: None,
                baseline: None,
                exposure: None,
                attempts: None,
                first_submitted_at: None,
                flags: Vec::new(),
                format: None,
                accuracy: m.accuracy,
                model: m.model,
                source_table: Some(m.source_table),
                access: Some(m.access),
                focus: Some(m.focus),
            };
            (row, Some(Contender::from_shown(m.accuracy, Some(correct), n, None)))
        })
        .collect();
    rows.extend(verified.into_iter().map(|v| {
        let contender = ranked_ids.contains(&v.id).then(|| {
            let paired = bits.get(&v.id).map(|b| (v.key_id, PackedBits::from_stored(b, v.row.n as usize)));
            Contender::from_shown(v.row.accuracy, v.row.correct, v.row.n, paired)
        });
        (v.row, contender)
    }));
    tokio::task::spawn_blocking(move || IndexedBoard::new(Board { version, rows: assign_ranks(rows), reference }))
        .await
        .map_err(|e| DbError::Background(e.to_string()))
}

/// Ranks the contenders and orders the rows best first (ties: published
/// before verified, then by name).
fn assign_ranks(rows: Vec<(BoardRow, Option<Contender>)>) -> Vec<BoardRow> {
    let set: Vec<Contender> = rows.iter().filter_map(|(_, c)| c.clone()).collect();
    let mut ranks = rank::rank_ranges(&set).into_iter();
    let mut out: Vec<BoardRow> = rows
        .into_iter()
        .map(|(mut row, c)| {
            if c.is_some() {
                row.rank = ranks.next();
            }
            row
        })
        .collect();
    out.sort_by(|a, b| {
        b.accuracy
            .total_cmp(&a.accuracy)
            .then_with(|| (a.source == RowSource::Verified).cmp(&(b.source == RowSource::Verified)))
            .then_with(|| a.model.cmp(&b.model))
    });
    out
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn board(version: &str) -> IndexedBoard {
        IndexedBoard::new(Board { version: version.into(), rows: Vec::new(), reference: Vec::new() })
    }

    /// Requests that all find a new version: one computation, one board.
    #[tokio::test]
    async fn a_version_is_computed_once_however_many_ask() {
        let cache = Arc::new(BoardCache::default());
        let computed = Arc::new(AtomicUsize::new(0));
        // Computations wait here until every request has asked.
        let gate = Arc::new(tokio::sync::Semaphore::new(0));
        let requests: Vec<_> = (0..6)
            .map(|_| {
                let (cache, computed, gate) = (cache.clone(), computed.clone(), gate.clone());
                tokio::spawn(async move {
                    cache
                        .get_or_compute("3", async {
                            computed.fetch_add(1, Ordering::SeqCst);
                            let _open = gate.acquire().await.map_err(|e| DbError::Background(e.to_string()))?;
                            Ok(board("3"))
                        })
                        .await
                })
            })
            .collect();
        // On this single-threaded runtime every request now runs up to its
        // first wait: the one computation at the gate, the others behind it.
        for _ in 0..16 {
            tokio::task::yield_now().await;
        }
        gate.add_permits(requests.len());
        let mut boards = Vec::new();
        for request in requests {
            boards.push(request.await.unwrap().unwrap());
        }
        assert_eq!(computed.load(Ordering::SeqCst), 1, "computed once");
        assert!(boards.windows(2).all(|w| Arc::ptr_eq(&w[0], &w[1])), "every request shares the one board");
    }

    #[tokio::test]
    async fn older_versions_are_dropped_once_a_newer_one_is_ready() {
        let cache = BoardCache::default();
        cache.get_or_compute("9", async { Ok(board("9")) }).await.unwrap();
        cache.get_or_compute("10", async { Ok(board("10")) }).await.unwrap();
        assert!(!cache.boards.contains_key("9") && cache.boards.contains_key("10"), "9 went when 10 was ready");
        // A request that read the version just before the bump.
        cache.get_or_compute("9", async { Ok(board("9")) }).await.unwrap();
        assert!(cache.boards.contains_key("10"), "a late older version does not drop the newer one");
        cache.get_or_compute("10", async { Ok(board("10")) }).await.unwrap();
        assert!(!cache.boards.contains_key("9"), "and goes at the next request for the newer one");
        cache.get_or_compute("11", async { Ok(board("11")) }).await.unwrap();
        assert_eq!(cache.boards.iter().map(|(v, _)| v.to_string()).collect::<Vec<_>>(), ["11"]);
    }

    #[tokio::test]
    async fn a_failed_computation_is_reported_and_not_kept() {
        let cache = BoardCache::default();
        let failed = cache.get_or_compute("1", async { Err(DbError::Seed("broken".into())) }).await.unwrap_err();
        assert_eq!(failed.to_string(), "seed data is invalid: broken");
        assert!(cache.get_or_compute("1", async { Ok(board("1")) }).await.is_ok(), "computed again");
    }
}
