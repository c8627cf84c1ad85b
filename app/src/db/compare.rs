//! Reads behind `/compare`: two public submissions with their stored
//! per-question correctness, for paired statistics only (the vectors are
//! never rendered).

use sqlx::Row;

use super::submissions::{self, SubmissionRecord, unpack_bits};
use super::{Db, Result};

/// A public submission and what a paired comparison needs.
#[derive(Debug, Clone)]
pub struct Comparable {
    pub record: SubmissionRecord,
    /// The key it was scored on: pairs need the same one.
    pub key_id: i64,
    /// `correct[i]` for the key's i-th scoreable question.
    pub correct: Vec<bool>,
}

/// The public submission `public_id`; `None` if it does not exist or is
/// private.
pub async fn public_submission(db: &Db, public_id: &str) -> Result<Option<Comparable>> {
    let Some(record) = submissions::get(db, public_id).await? else { return Ok(None) };
    if record.meta.visibility != "public" {
        return Ok(None);
    }
    let row = sqlx::query("SELECT key_id, total, correctness FROM submissions WHERE public_id = $1")
        .bind(public_id)
        .fetch_one(db.pool())
        .await?;
    let total: i64 = row.try_get("total")?;
    let bytes: Vec<u8> = row.try_get("correctness")?;
    Ok(Some(Comparable { record, key_id: row.try_get("key_id")?, correct: unpack_bits(&bytes, total.max(0) as usize) }))
}
