//! The board: one list of rows behind the leaderboard page, its chart,
//! the JSON API and the CSV export, so they always agree.
//!
//! Rows: the paper's Table 4 (`reported`; n = 4,989, the test split; the
//! 95% CI is Wilson from the rounded accuracy and n, so approximate), the
//! public submissions scored here (`verified`), and baselines on the
//! default key (`reference`). Rank ranges come from pairwise tests (see
//! [`rank`]) over the ranked set: every published row plus the best
//! [`RANKED_VERIFIED_LIMIT`] verified ones (the tests grow with the square
//! of the set); other rows get no rank.
//!
//! Computed once per `board_version` (a counter in `settings`, bumped in
//! the transaction of every new submission or key) and cached in memory
//! per [`Db`]: a request costs one query for the version, and several
//! processes on one database always show the same board. The cache holds
//! the board with its [`index`], so that a page takes its rows from the
//! shared `Arc` without copying the rest.
//!
//! The computation reads every public submission once (one query, no
//! per-question data) and sorts them; only the ranked set (at most 16 +
//! [`RANKED_VERIFIED_LIMIT`] rows) is compared pairwise, so the cost grows
//! as n log n with the number of submissions.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{Db, DbError, Result};
use crate::domain::Benchmark;
pub use crate::domain::board::index::IndexedBoard;
use crate::domain::board::rank::{self, Contender, PackedBits};
use crate::domain::board::{Board, BoardRow, RANKED_VERIFIED_LIMIT, RowSource, reference};
use crate::domain::stats::wilson;
use crate::domain::submission::Contamination;

/// The `settings` row holding the board's version.
const VERSION_SETTING: &str = "board_version";

/// The benchmark the board shows.
const BENCHMARK: Benchmark = Benchmark::MedAraBench;

/// The board last computed by this process, and a lock so that a new
/// version is computed once however many requests ask for it.
#[derive(Debug, Default)]
pub struct BoardCache {
    current: Mutex<Option<Arc<IndexedBoard>>>,
    computing: tokio::sync::Mutex<()>,
}

impl BoardCache {
    fn at(&self, version: &str) -> Option<Arc<IndexedBoard>> {
        self.current.lock().expect("board cache lock").as_ref().filter(|b| b.board.version == version).cloned()
    }
}

/// The current board: cached unless the version moved on.
pub async fn board(db: &Db) -> Result<Arc<Board>> {
    Ok(indexed(db).await?.board.clone())
}

/// The current board with its index: cached unless the version moved on.
pub async fn indexed(db: &Db) -> Result<Arc<IndexedBoard>> {
    let version = version(db).await?;
    if let Some(b) = db.board_cache.at(&version) {
        return Ok(b);
    }
    let _computing = db.board_cache.computing.lock().await;
    if let Some(b) = db.board_cache.at(&version) {
        return Ok(b);
    }
    let fresh = Arc::new(compute(db, version).await?);
    *db.board_cache.current.lock().expect("board cache lock") = Some(fresh.clone());
    Ok(fresh)
}

/// The board's version: `"0"` until the first submission or key.
pub async fn version(db: &Db) -> Result<String> {
    let v: Option<String> = sqlx::query_scalar("SELECT value FROM settings WHERE name = $1")
        .bind(VERSION_SETTING)
        .fetch_optional(db.pool())
        .await?;
    Ok(v.unwrap_or_else(|| "0".to_owned()))
}

/// Moves the board's version on; call inside the transaction of the write
/// that changes the board.
pub(crate) async fn bump_version<'c, E>(exec: E) -> Result<()>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    sqlx::query(
        "INSERT INTO settings (name, value) VALUES ($1, '1')
         ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(settings.value AS INTEGER) + 1 AS TEXT)",
    )
    .bind(VERSION_SETTING)
    .execute(exec)
    .await?;
    Ok(())
}

/// A verified row with what ranking needs.
struct Verified {
    row: BoardRow,
    id: i64,
    key_id: i64,
}

/// What the board reads of a public submission.
#[derive(sqlx::FromRow)]
struct VerifiedRow {
    id: i64,
    public_id: String,
    key_id: i64,
    team_name: String,
    key_name: String,
    /// 0 or 1: the `Any` driver decodes no `bool` from an integer column.
    key_synthetic: i64,
    model_name: String,
    model_params: String,
    #[sqlx(try_from = "String")]
    contamination: Contamination,
    created_at: i64,
    accuracy: f64,
    correct: i64,
    total: i64,
    ci_low: f64,
    ci_high: f64,
}

impl From<VerifiedRow> for Verified {
    fn from(r: VerifiedRow) -> Self {
        Self {
            id: r.id,
            key_id: r.key_id,
            row: BoardRow {
                source: RowSource::Verified,
                model: r.model_name,
                team: Some(r.team_name),
                submission_id: Some(r.public_id),
                source_table: None,
                access: None,
                focus: None,
                params: Some(r.model_params).filter(|s| !s.trim().is_empty()),
                contamination: Some(r.contamination),
                accuracy: r.accuracy,
                correct: Some(r.correct.max(0) as u64),
                n: r.total.max(0) as u64,
                ci95: [r.ci_low, r.ci_high],
                ci95_approximate: false,
                key: Some(r.key_name),
                synthetic_key: r.key_synthetic != 0,
                submitted_at: Some(r.created_at),
                rank: None,
                baseline: None,
            },
        }
    }
}

/// Public submissions of the board's benchmark, best first.
async fn verified(db: &Db) -> Result<Vec<Verified>> {
    let rows: Vec<VerifiedRow> = sqlx::query_as(
        "SELECT s.id, s.public_id, s.key_id, t.name AS team_name, k.name AS key_name, k.synthetic AS key_synthetic,
                s.model_name, s.model_params, s.contamination, s.created_at, s.accuracy, s.correct, s.total,
                s.ci_low, s.ci_high
           FROM submissions s JOIN teams t ON t.id = s.team_id JOIN answer_keys k ON k.id = s.key_id
          WHERE s.benchmark = $1 AND s.visibility = 'public'
          ORDER BY s.accuracy DESC, s.id ASC",
    )
    .bind(BENCHMARK.as_str())
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Verified::from).collect())
}

/// Stored correctness of the best public submissions (the ranked ones).
async fn ranked_correctness(db: &Db) -> Result<HashMap<i64, Vec<u8>>> {
    let rows: Vec<(i64, Vec<u8>)> = sqlx::query_as(
        "SELECT id, correctness FROM submissions
          WHERE benchmark = $1 AND visibility = 'public'
          ORDER BY accuracy DESC, id ASC LIMIT $2",
    )
    .bind(BENCHMARK.as_str())
    .bind(RANKED_VERIFIED_LIMIT as i64)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().collect())
}

/// Baselines on the default key (none without a key).
async fn reference_rows(db: &Db) -> Result<Vec<BoardRow>> {
    let Some(key) = super::keys::default_key(db, BENCHMARK).await? else { return Ok(Vec::new()) };
    let bytes = super::keys::content_for_scoring(db, key.id).await?;
    let parsed = tokio::task::spawn_blocking(move || crate::domain::parse_key(BENCHMARK, &bytes))
        .await
        .map_err(|e| DbError::Background(e.to_string()))?
        .map_err(|e| DbError::Seed(format!("stored answer key {}: {e}", key.name)))?;
    Ok(reference::baselines(&parsed.key, &key.name, key.synthetic))
}

/// Reads everything and assembles the board of `version`.
async fn compute(db: &Db, version: String) -> Result<IndexedBoard> {
    let published = super::published::list_models(db).await?;
    let verified = verified(db).await?;
    let bits = ranked_correctness(db).await?;
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
                key: None,
                synthetic_key: false,
                submitted_at: None,
                rank: None,
                baseline: None,
                accuracy: m.accuracy,
                model: m.model,
                source_table: Some(m.source_table),
                access: Some(m.access),
                focus: Some(m.focus),
            };
            (row, Some(Contender { accuracy: m.accuracy, correct, n, paired: None }))
        })
        .collect();
    rows.extend(verified.into_iter().enumerate().map(|(i, v)| {
        let contender = (i < RANKED_VERIFIED_LIMIT).then(|| Contender {
            accuracy: v.row.accuracy,
            correct: v.row.correct.unwrap_or(0),
            n: v.row.n,
            paired: bits.get(&v.id).map(|b| (v.key_id, PackedBits::from_stored(b, v.row.n as usize))),
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
