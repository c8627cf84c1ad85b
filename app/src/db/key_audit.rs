//! The one read of `keys audit`: what every submission of a key's line
//! gave for each question (its stored predictions). Operators only; never
//! rendered by a page or an API response.

use super::{Db, Result};

/// A submission's stored predictions and the key version they were
/// recorded on; both `None` for a submission stored before predictions
/// were kept.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AuditRow {
    pub public_id: String,
    pub predictions: Option<Vec<u8>>,
    pub predictions_key_id: Option<i64>,
}

/// Every submission of the key line whose first version is `lineage_id`
/// (uploaded on any of its versions), oldest first.
pub async fn submissions_of_line(db: &Db, lineage_id: i64) -> Result<Vec<AuditRow>> {
    Ok(sqlx::query_as(
        "SELECT s.public_id, s.predictions, s.predictions_key_id
           FROM submissions s JOIN answer_keys k ON k.id = s.key_id
          WHERE COALESCE(k.lineage_id, k.id) = $1
          ORDER BY s.id",
    )
    .bind(lineage_id)
    .fetch_all(db.pool())
    .await?)
}
