//! Loads the published figures into an empty database.
//!
//! The figures are the project's own transcription of the paper
//! (`migrations/seed/published.json`), embedded in the binary so a fresh
//! database shows them from the first start.

use serde::Deserialize;

use super::{Db, DbError, Result};

const PUBLISHED_JSON: &str = include_str!("../../../migrations/seed/published.json");

#[derive(Deserialize)]
struct Published {
    models: Models,
    figures: Vec<(String, String, String, f64, String, String)>,
}

#[derive(Deserialize)]
struct Models {
    source_table: String,
    n: i64,
    rows: Vec<(String, String, String, f64)>,
}

/// Inserts the published figures if the tables are empty; returns whether
/// it did. Runs in one transaction: either everything is seeded or nothing.
pub async fn seed_published(db: &Db) -> Result<bool> {
    let existing: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM published_models").fetch_one(db.pool()).await?;
    if existing > 0 {
        return Ok(false);
    }
    let data: Published = serde_json::from_str(PUBLISHED_JSON).map_err(|e| DbError::Seed(e.to_string()))?;
    let mut tx = db.pool().begin().await?;
    for (model, access, focus, accuracy) in &data.models.rows {
        sqlx::query(
            "INSERT INTO published_models (model, access, focus, accuracy, n, source_table)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(model)
        .bind(access)
        .bind(focus)
        .bind(accuracy)
        .bind(data.models.n)
        .bind(&data.models.source_table)
        .execute(&mut *tx)
        .await?;
    }
    for (source, subject, metric, value, unit, note) in &data.figures {
        sqlx::query(
            "INSERT INTO published_figures (source_table, subject, metric, value, unit, note)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(source)
        .bind(subject)
        .bind(metric)
        .bind(value)
        .bind(unit)
        .bind(note)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}
