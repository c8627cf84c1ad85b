//! Scores per key version, and the reads and writes of re-scoring stored
//! submissions on a corrected key (`keys import --supersedes`).
//!
//! `submission_scores` holds one row per (submission, key version); its
//! primary key is what makes re-scoring resumable: a batch inserts its rows
//! and moves each submission's shown score (the score columns and `key_id`
//! of `submissions`) in one transaction, and the next run asks only for
//! submissions without a row for the version. The shown score only moves
//! forward: a submission already on a newer version keeps it.

use super::submissions::{bind_scores, pack_bits};
use super::{Db, Result, now_unix};
use crate::domain::ScoreCard;
use crate::domain::stored_predictions::Given;

/// The head of an insert of a score row, its columns in the order
/// `bind_scores` binds them (after the submission and the key), then the
/// time it was scored. Shared with the upload's insert (`submissions::store`).
pub(crate) const INSERT_SCORE: &str = "INSERT INTO submission_scores (submission_id, key_id, accuracy, correct, total,
        ci_low, ci_high, missing, unparsed, ignored, scored_at)";

/// Stores `card` as the score of submission `id` on key `key_id`, unless
/// that pair already has one. True when a row was written.
pub(crate) async fn insert_score<'c, E>(exec: E, id: i64, key_id: i64, card: &ScoreCard, now: i64) -> Result<bool>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let sql = format!(
        "{INSERT_SCORE} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (submission_id, key_id) DO NOTHING"
    );
    let statement = sqlx::query(&sql).bind(id).bind(key_id);
    let done = bind_scores(statement, card).bind(now).execute(exec).await?;
    Ok(done.rows_affected() == 1)
}

/// A submission waiting to be scored on a version: its stored predictions
/// and the key they were recorded on.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Pending {
    pub id: i64,
    pub public_id: String,
    pub predictions: Vec<u8>,
    pub predictions_key_id: i64,
    pub confidences: Option<Vec<u8>>,
    pub permuted_predictions: Option<Vec<u8>>,
}

/// The submissions of a key's line (`lineage_id`) that can be scored on
/// version `target` and have no score there yet: stored predictions,
/// uploaded on `target` or an earlier version. Oldest first.
const PENDING: &str = "FROM submissions s
   JOIN answer_keys k ON k.id = s.key_id
   JOIN answer_keys p ON p.id = s.predictions_key_id
  WHERE COALESCE(k.lineage_id, k.id) = $1 AND s.predictions IS NOT NULL AND p.version <= $3
    AND NOT EXISTS (SELECT 1 FROM submission_scores ss WHERE ss.submission_id = s.id AND ss.key_id = $2)";

/// How many submissions [`pending`] would still return in all.
pub async fn count_pending(db: &Db, lineage_id: i64, target_id: i64, target_version: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(&format!("SELECT COUNT(*) {PENDING}"))
        .bind(lineage_id)
        .bind(target_id)
        .bind(target_version)
        .fetch_one(db.pool())
        .await?)
}

/// The next `limit` submissions to score on version `target` (see [`PENDING`]).
pub async fn pending(
    db: &Db,
    lineage_id: i64,
    target_id: i64,
    target_version: i64,
    limit: usize,
) -> Result<Vec<Pending>> {
    Ok(sqlx::query_as(&format!(
        "SELECT s.id, s.public_id, s.predictions, s.predictions_key_id, s.confidences, s.permuted_predictions {PENDING} ORDER BY s.id LIMIT $4"
    ))
    .bind(lineage_id)
    .bind(target_id)
    .bind(target_version)
    .bind(limit as i64)
    .fetch_all(db.pool())
    .await?)
}

/// How many submissions have a score on key version `key_id`.
pub async fn scored_on(db: &Db, key_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM submission_scores WHERE key_id = $1")
        .bind(key_id)
        .fetch_one(db.pool())
        .await?)
}

/// The public ids of the submissions of a key's line that cannot be scored
/// again (stored before predictions were kept), with the version their
/// score is on. Oldest first.
pub async fn not_rescorable(db: &Db, lineage_id: i64) -> Result<Vec<(String, i64)>> {
    Ok(sqlx::query_as(
        "SELECT s.public_id, k.version FROM submissions s JOIN answer_keys k ON k.id = s.key_id
          WHERE COALESCE(k.lineage_id, k.id) = $1 AND s.predictions IS NULL ORDER BY s.id",
    )
    .bind(lineage_id)
    .fetch_all(db.pool())
    .await?)
}

/// A submission shown through the Ladder (a held-out key) shows its new
/// score (on a split key, its public part's) rounded to its step, at
/// random as at upload, keyed by the new version and the answers as the
/// Ladder draws them: the corrected key's scores are on the same grid.
async fn reround(conn: &mut sqlx::AnyConnection, r: &Rescored<'_>, target_id: i64, secret: &[u8]) -> Result<()> {
    let ladder: Option<Option<f64>> =
        sqlx::query_scalar("SELECT ladder_step FROM submissions WHERE id = $1 AND key_id = $2")
            .bind(r.id)
            .bind(target_id)
            .fetch_optional(&mut *conn)
            .await?;
    if let Some(Some(step)) = ladder {
        let offset = crate::domain::exposure::rounding_offset(secret, target_id, r.answers);
        let accuracy = r.public.map_or(r.card.accuracy, |public| public.accuracy);
        let shown = crate::domain::exposure::rounded(accuracy, step, offset);
        sqlx::query("UPDATE submissions SET shown_accuracy = $1 WHERE id = $2")
            .bind(shown)
            .bind(r.id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A submission's new score on a version.
pub struct Rescored<'a> {
    pub id: i64,
    pub card: &'a ScoreCard,
    /// Its score on the version's public part, when the key is split.
    pub public: Option<&'a ScoreCard>,
    pub correctness: &'a [bool],
    /// What it answered, as the Ladder's draws read it: each of the
    /// version's scoreable questions (on a split key, each public one), in
    /// the version's order.
    pub answers: &'a [Given],
}

/// Stores a batch of scores on key version (`target_id`, `target_version`)
/// in one transaction: each submission's row in `submission_scores`, and
/// its shown score where it was on an earlier version. `each` is called
/// after every submission written (before the commit). Returns how many
/// rows were new (a submission another run stored meanwhile is skipped).
pub async fn store_batch(
    db: &Db,
    target_id: i64,
    target_version: i64,
    batch: &[Rescored<'_>],
    mut each: impl FnMut(usize),
) -> Result<usize> {
    let now = now_unix();
    let secret = super::setting(db, "comparison_secret").await?.unwrap_or_default();
    let mut tx = db.begin_write().await?;
    let mut new = 0;
    for (i, r) in batch.iter().enumerate() {
        if insert_score(&mut *tx, r.id, target_id, r.card, now).await? {
            new += 1;
            let json = r.card.to_stored_json().map_err(|e| super::DbError::Seed(e.to_string()))?;
            let calibration = r.card.calibration.as_ref().map(|c| c.summary());
            let update = sqlx::query(
                "UPDATE submissions SET key_id = $2, accuracy = $3, correct = $4, total = $5, ci_low = $6,
                        ci_high = $7, missing = $8, unparsed = $9, ignored = $10, scorecard_json = $11,
                        correctness = $12, public_correct = $14, public_total = $15, public_scorecard_json = $16,
                        calibration_n = $17, ece = $18, ece_ci_low = $19, ece_ci_high = $20, brier = $21
                  WHERE id = $1 AND (SELECT version FROM answer_keys WHERE id = submissions.key_id) < $13",
            )
            .bind(r.id)
            .bind(target_id);
            bind_scores(update, r.card)
                .bind(json)
                .bind(pack_bits(r.correctness))
                .bind(target_version)
                .bind(r.public.map(|c| c.correct as i64))
                .bind(r.public.map(|c| c.total as i64))
                .bind(
                    r.public
                        .map(ScoreCard::to_stored_json)
                        .transpose()
                        .map_err(|e| super::DbError::Seed(e.to_string()))?,
                )
                .bind(calibration.map(|c| c.n as i64))
                .bind(calibration.map(|c| c.ece))
                .bind(calibration.map(|c| c.ece_ci95[0]))
                .bind(calibration.map(|c| c.ece_ci95[1]))
                .bind(calibration.map(|c| c.brier))
                .persistent(false)
                .execute(&mut *tx)
                .await?;
            reround(&mut tx, r, target_id, secret.as_bytes()).await?;
        }
        each(i + 1);
    }
    // Shown scores moved: the board, its exports and comparisons follow.
    super::board::bump_version(&mut tx, 0).await?;
    tx.commit().await?;
    Ok(new)
}

/// For every corrected key (the newest version of its line, version 2 or
/// later), its name and how many submissions are still to be scored on
/// it ([`count_pending`]): a re-scoring's progress, as the metrics read it.
pub async fn rescoring_pending(db: &Db) -> Result<Vec<(String, i64)>> {
    let newest: Vec<(i64, i64, i64, String)> = sqlx::query_as(
        "SELECT k.id, COALESCE(k.lineage_id, k.id), k.version, k.name FROM answer_keys k
          WHERE k.version > 1 AND NOT EXISTS (
                SELECT 1 FROM answer_keys n
                 WHERE COALESCE(n.lineage_id, n.id) = COALESCE(k.lineage_id, k.id) AND n.version > k.version)",
    )
    .fetch_all(db.pool())
    .await?;
    let mut pending = Vec::with_capacity(newest.len());
    for (id, lineage, version, name) in newest {
        pending.push((name, count_pending(db, lineage, id, version).await?));
    }
    Ok(pending)
}
