//! The near-duplicate index's rows (`near_duplicate_buckets`, migration
//! 0024; `domain::near_index`): one a band for each submission with
//! predictions, written with the submission in its upload's transaction
//! ([`insert`]) or by a server's start ([`unindexed`], [`store`]), and read
//! by an upload's search ([`candidates`], then [`read`]). A submission is
//! indexed when it has its rows.

use std::sync::LazyLock;

use super::{Db, Result};
use crate::domain::near_index::BANDS;

/// A submission's place in the index: its buckets on the key its
/// predictions were recorded on, its team and its sheet's digest
/// (`domain::near_index`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key_id: i64,
    pub team_id: i64,
    pub sheet: i64,
    /// In band order.
    pub buckets: [i64; BANDS],
}

/// [`insert`]'s statement: `$1` the submission, `$2` its key, `$3` its
/// team, `$4` its sheet, then its buckets in band order. A row already
/// stored stays (two servers building at once write each row once).
static INSERT: LazyLock<String> = LazyLock::new(|| {
    let rows: Vec<String> = (0..BANDS).map(|band| format!("($1, {band}, $2, $3, $4, ${})", band + 5)).collect();
    format!(
        "INSERT INTO near_duplicate_buckets (submission_id, band, key_id, team_id, sheet, bucket) VALUES {}
         ON CONFLICT (submission_id, band) DO NOTHING",
        rows.join(", ")
    )
});

/// Files submission `id` under `entry`'s buckets.
pub(crate) async fn insert(conn: &mut sqlx::AnyConnection, id: i64, entry: &Entry) -> Result<()> {
    let query = sqlx::query(&INSERT).bind(id).bind(entry.key_id).bind(entry.team_id).bind(entry.sheet);
    entry.buckets.iter().fold(query, |q, bucket| q.bind(*bucket)).execute(conn).await?;
    Ok(())
}

/// The indexed candidates: `$1` the key, `$2` the uploading team, `$3`...
/// the upload's buckets. Of the submissions of other teams filed under one
/// of them, the newest of each distinct sheet (the one a flag names, of
/// equals), read from the index alone. The other teams are two ranges of
/// the index under each bucket, so that a team's own earlier uploads of a
/// file are never stepped over.
pub static SEARCH: LazyLock<String> = LazyLock::new(|| {
    let buckets = super::placeholders(3, BANDS);
    format!(
        "SELECT MAX(c.submission_id) FROM (
                SELECT b.sheet, b.submission_id FROM near_duplicate_buckets b
                 WHERE b.key_id = $1 AND b.bucket IN ({buckets}) AND b.team_id < $2
                UNION ALL
                SELECT b.sheet, b.submission_id FROM near_duplicate_buckets b
                 WHERE b.key_id = $1 AND b.bucket IN ({buckets}) AND b.team_id > $2) c
          GROUP BY c.sheet"
    )
});

/// [`SEARCH`], and every submission of another team on the key that is
/// not indexed yet, in one statement (one snapshot: a submission the
/// server's start indexes meanwhile is found once, in one part or the
/// other).
static SEARCH_WITH_UNINDEXED: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{}
         UNION ALL
         SELECT s.id FROM submissions s
          WHERE s.predictions_key_id = $1 AND s.team_id <> $2 AND s.predictions IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM near_duplicate_buckets b WHERE b.submission_id = s.id)",
        *SEARCH
    )
});

/// The row ids of the submissions of teams other than `team_id` whose
/// predictions on key `key_id` share one of `buckets` (the newest of each
/// distinct sheet), and, with `unindexed`, of every one of theirs on the
/// key not indexed yet.
pub async fn candidates(
    db: &Db,
    key_id: i64,
    team_id: i64,
    buckets: &[i64; BANDS],
    unindexed: bool,
) -> Result<Vec<i64>> {
    let sql = if unindexed { &*SEARCH_WITH_UNINDEXED } else { &*SEARCH };
    // Planned at each search, with its values: PostgreSQL's plan kept for
    // a prepared statement is made once for any values, and one made while
    // the index was small reads every other team's rows of the key and
    // filters them by bucket (a cost that grows with every upload) instead
    // of looking up the twenty buckets.
    let query = sqlx::query_scalar(sql).persistent(false).bind(key_id).bind(team_id);
    Ok(buckets.iter().fold(query, |q, bucket| q.bind(*bucket)).fetch_all(db.pool()).await?)
}

/// A stored submission an upload is compared with.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Candidate {
    pub id: i64,
    pub public_id: String,
    /// Its packed predictions, recorded on the upload's key (`None`: no
    /// longer stored).
    pub predictions: Option<Vec<u8>>,
}

/// Ids read by one statement of [`read`].
const IDS_A_STATEMENT: usize = 500;

/// The submissions `ids` (found by [`candidates`]) with their predictions
/// recorded on key `key_id`, each by its primary key. The statement
/// differs with the number of ids, so it is not kept prepared.
pub async fn read(db: &Db, key_id: i64, ids: &[i64]) -> Result<Vec<Candidate>> {
    let mut read = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(IDS_A_STATEMENT) {
        let sql = format!(
            "SELECT id, public_id, predictions FROM submissions WHERE predictions_key_id = $1 AND id IN ({})",
            super::placeholders(2, chunk.len())
        );
        let query = sqlx::query_as(&sql).persistent(false).bind(key_id);
        read.extend(chunk.iter().fold(query, |q, id| q.bind(*id)).fetch_all(db.pool()).await?);
    }
    Ok(read)
}

/// A stored submission not indexed yet: its predictions and the key (and
/// benchmark) they were recorded on.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Unindexed {
    pub id: i64,
    pub team_id: i64,
    pub key_id: i64,
    pub benchmark: String,
    pub predictions: Vec<u8>,
}

/// The submissions with predictions and no rows in the index, from
/// `submissions s` joined to the key their predictions were recorded on.
const UNINDEXED: &str = "FROM submissions s JOIN answer_keys k ON k.id = s.predictions_key_id
  WHERE s.predictions IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM near_duplicate_buckets b WHERE b.submission_id = s.id)";

/// How many submissions are not indexed.
pub async fn count_unindexed(db: &Db) -> Result<i64> {
    Ok(sqlx::query_scalar(&format!("SELECT COUNT(*) {UNINDEXED}")).fetch_one(db.pool()).await?)
}

/// The next `limit` submissions not indexed with an id above `after`, by id.
pub async fn unindexed(db: &Db, after: i64, limit: usize) -> Result<Vec<Unindexed>> {
    Ok(sqlx::query_as(&format!(
        "SELECT s.id, s.team_id, s.predictions_key_id AS key_id, k.benchmark, s.predictions {UNINDEXED}
            AND s.id > $1 ORDER BY s.id LIMIT $2"
    ))
    .bind(after)
    .bind(limit as i64)
    .fetch_all(db.pool())
    .await?)
}

/// Files each submission under its entry, in one write transaction.
pub async fn store(db: &Db, entries: &[(i64, Entry)]) -> Result<()> {
    let mut tx = db.begin_write().await?;
    for (id, entry) in entries {
        insert(&mut tx, *id, entry).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Refreshes PostgreSQL's statistics of the index's table, so that the
/// search's plan reads each of an upload's buckets from the index (a
/// table never analyzed is planned from guesses: the team's range over
/// the whole key); autovacuum keeps them fresh as uploads add rows.
/// SQLite plans the search the same without statistics: nothing to do.
pub async fn analyze(db: &Db) -> Result<()> {
    if db.backend() == super::Backend::Postgres {
        sqlx::query("ANALYZE near_duplicate_buckets").execute(db.pool()).await?;
    }
    Ok(())
}
