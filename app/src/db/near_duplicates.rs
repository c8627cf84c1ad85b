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

/// The setting that says how far the index is known complete: every
/// submission with predictions and an id up to its value has its rows
/// (or was passed over: its key or predictions no longer read). A start's
/// look and a search before it has finished read only the submissions
/// above it ([`indexed_through`]), by the primary key, however many are
/// stored. Absent: 0.
pub const INDEXED_THROUGH: &str = "near_duplicates_indexed_through";

/// [`SEARCH`], and every submission of another team on the key that is
/// not indexed yet with an id above `${BANDS + 3}`, in one statement (one
/// snapshot: a submission the server's start indexes meanwhile is found
/// once, in one part or the other).
static SEARCH_WITH_UNINDEXED: LazyLock<String> = LazyLock::new(|| {
    format!(
        "{}
         UNION ALL
         SELECT s.id FROM submissions s
          WHERE s.id > ${} AND s.predictions_key_id = $1 AND s.team_id <> $2 AND s.predictions IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM near_duplicate_buckets b WHERE b.submission_id = s.id)",
        *SEARCH,
        BANDS + 3
    )
});

/// The row ids of the submissions of teams other than `team_id` whose
/// predictions on key `key_id` share one of `buckets` (the newest of each
/// distinct sheet), and, with `unindexed_above`, of every one of theirs on
/// the key with a larger id that is not indexed yet.
pub async fn candidates(
    db: &Db,
    key_id: i64,
    team_id: i64,
    buckets: &[i64; BANDS],
    unindexed_above: Option<i64>,
) -> Result<Vec<i64>> {
    let sql = if unindexed_above.is_some() { &*SEARCH_WITH_UNINDEXED } else { &*SEARCH };
    // Planned at each search, with its values: PostgreSQL's plan kept for
    // a prepared statement is made once for any values, and one made while
    // the index was small reads every other team's rows of the key and
    // filters them by bucket (a cost that grows with every upload) instead
    // of looking up the twenty buckets.
    let query = sqlx::query_scalar(sql).persistent(false).bind(key_id).bind(team_id);
    let query = buckets.iter().fold(query, |q, bucket| q.bind(*bucket));
    let query = match unindexed_above {
        Some(above) => query.bind(above),
        None => query,
    };
    Ok(query.fetch_all(db.pool()).await?)
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

/// The stored [`INDEXED_THROUGH`], if it still holds ([`holds`]), else
/// 0: the setting is then deleted, and the next look reads every
/// submission again.
pub async fn indexed_through(db: &Db) -> Result<i64> {
    let Some(stored) = super::setting(db, INDEXED_THROUGH).await? else { return Ok(0) };
    let through = stored.parse::<i64>().unwrap_or(0);
    if holds(db, through).await? {
        return Ok(through);
    }
    sqlx::query("DELETE FROM settings WHERE name = $1 AND value = $2")
        .bind(INDEXED_THROUGH)
        .bind(&stored)
        .execute(db.writer())
        .await?;
    Ok(0)
}

/// Whether the first and the last submission with predictions at or
/// below `through` have their rows (true when there is none): an index
/// emptied by SQL, say, fails it, and is known complete nowhere. A part
/// of the index deleted between the two is not noticed (docs/operating.md:
/// delete the setting too). When one of the two is on a key that no
/// longer reads it has no rows either: each look then reads every
/// submission, slower, never wrong.
async fn holds(db: &Db, through: i64) -> Result<bool> {
    for order in ["ASC", "DESC"] {
        let filed: Option<i64> = sqlx::query_scalar(&format!(
            "SELECT (SELECT CAST(COUNT(*) AS BIGINT) FROM near_duplicate_buckets b WHERE b.submission_id = s.id)
               FROM (SELECT id FROM submissions WHERE id <= $1 AND predictions IS NOT NULL
                      ORDER BY id {order} LIMIT 1) s"
        ))
        .bind(through)
        .fetch_optional(db.pool())
        .await?;
        if filed == Some(0) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Stores [`INDEXED_THROUGH`] as `through` if the index holds up to it
/// now ([`holds`]: not emptied while the look ran), unless the stored
/// value is higher already (another server's look got further).
pub async fn set_indexed_through(db: &Db, through: i64) -> Result<()> {
    if !holds(db, through).await? {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value
          WHERE CAST(settings.value AS BIGINT) < CAST(excluded.value AS BIGINT)",
    )
    .bind(INDEXED_THROUGH)
    .bind(through.to_string())
    .execute(db.writer())
    .await?;
    Ok(())
}

/// PostgreSQL's transaction horizon now: the oldest transaction still in
/// progress (`xmin`) and the first not yet begun (`xmax`); `None` on
/// SQLite. Every transaction below an `xmax` read at some moment has
/// ended once a later `xmin` is at or above it.
pub async fn horizon(db: &Db) -> Result<Option<(i64, i64)>> {
    if db.backend() != super::Backend::Postgres {
        return Ok(None);
    }
    let (xmin, xmax): (i64, i64) = sqlx::query_as(
        "SELECT CAST(CAST(pg_snapshot_xmin(pg_current_snapshot()) AS TEXT) AS BIGINT),
                CAST(CAST(pg_snapshot_xmax(pg_current_snapshot()) AS TEXT) AS BIGINT)",
    )
    .fetch_one(db.pool())
    .await?;
    Ok(Some((xmin, xmax)))
}

/// The largest submission id (0: none), by the primary key.
pub async fn last_id(db: &Db) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) FROM submissions").fetch_one(db.pool()).await?)
}

/// The ids [`unindexed`] looked at: the last, and the first id up to it
/// that no submission had (never committed, deleted, or on PostgreSQL
/// not committed yet: an id is taken when its row is written).
#[derive(Debug, Clone, Copy)]
pub struct Window {
    pub last: i64,
    pub first_missing: Option<i64>,
}

/// The submissions not indexed among the next `window` ids above `after`,
/// by id, and the ids looked at (`None`: no submission above `after`). A
/// window of ids at a time: each statement checks a bounded number of
/// submissions against the index by its key, however many are stored
/// and indexed.
pub async fn unindexed(db: &Db, after: i64, window: usize) -> Result<(Vec<Unindexed>, Option<Window>)> {
    let mut conn = db.pool().acquire().await?;
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM submissions WHERE id > $1 ORDER BY id LIMIT $2")
        .bind(after)
        .bind(window as i64)
        .fetch_all(&mut *conn)
        .await?;
    let Some(&last) = ids.last() else { return Ok((Vec::new(), None)) };
    let mut expected = after + 1;
    let mut first_missing = None;
    for id in ids {
        if id != expected {
            first_missing = first_missing.or(Some(expected));
        }
        expected = id + 1;
    }
    let rows = sqlx::query_as(&format!(
        "SELECT s.id, s.team_id, s.predictions_key_id AS key_id, k.benchmark, s.predictions {UNINDEXED}
            AND s.id > $1 AND s.id <= $2 ORDER BY s.id"
    ))
    .bind(after)
    .bind(last)
    .fetch_all(&mut *conn)
    .await?;
    Ok((rows, Some(Window { last, first_missing })))
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
