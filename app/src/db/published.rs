//! Reads of the published results (the paper's tables).

use sqlx::Row;

use super::{Db, Result};
use crate::domain::board::PublishedModel;
use crate::domain::figures::{Figures, PublishedFigure};

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
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM published_figures").fetch_one(db.pool()).await?;
    Ok(n)
}

/// The published figures of the given sources (`Table 2`, `Cochran`...),
/// in stored order.
pub async fn figures(db: &Db, sources: &[&str]) -> Result<Figures> {
    let mut out = Vec::new();
    for source in sources {
        let rows = sqlx::query(
            "SELECT source_table, subject, metric, value, unit, note
               FROM published_figures
              WHERE source_table = $1
              ORDER BY id",
        )
        .bind(*source)
        .fetch_all(db.pool())
        .await?;
        for r in &rows {
            out.push(PublishedFigure {
                source_table: r.try_get("source_table")?,
                subject: r.try_get("subject")?,
                metric: r.try_get("metric")?,
                value: r.try_get("value")?,
                unit: r.try_get("unit")?,
                note: r.try_get("note")?,
            });
        }
    }
    Ok(Figures(out))
}
