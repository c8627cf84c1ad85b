//! Reads of the published results (the paper's tables).

use sqlx::Row;

use super::{Db, Result};
use crate::api::leaderboard::PublishedModel;

/// All Table 4 models, best accuracy first (ties by name).
pub async fn list_models(db: &Db) -> Result<Vec<PublishedModel>> {
    let rows = sqlx::query(
        "SELECT model, access, focus, accuracy, n, source_table
           FROM published_models
          ORDER BY accuracy DESC, model ASC",
    )
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(PublishedModel {
                model: r.try_get("model")?,
                access: r.try_get("access")?,
                focus: r.try_get("focus")?,
                accuracy: r.try_get("accuracy")?,
                n: r.try_get("n")?,
                source_table: r.try_get("source_table")?,
            })
        })
        .collect()
}

/// How many published figures (Table 2, 5, judge, dataset, Cochran) are stored.
pub async fn count_figures(db: &Db) -> Result<i64> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM published_figures")
        .fetch_one(db.pool())
        .await?;
    Ok(n)
}
