//! Reads of the published results (the paper's tables).

use super::{Db, Result};
use crate::domain::board::PublishedModel;
use crate::domain::figures::{Figures, PublishedFigure};

/// A row of `published_models`.
#[derive(sqlx::FromRow)]
struct ModelRow {
    model: String,
    access: String,
    focus: String,
    accuracy: f64,
    n: i64,
    source_table: String,
}

impl From<ModelRow> for PublishedModel {
    fn from(r: ModelRow) -> Self {
        let ModelRow { model, access, focus, accuracy, n, source_table } = r;
        Self { model, access, focus, accuracy, n, source_table }
    }
}

/// A row of `published_figures`.
#[derive(sqlx::FromRow)]
struct FigureRow {
    source_table: String,
    subject: String,
    metric: String,
    value: f64,
    unit: String,
    note: String,
}

impl From<FigureRow> for PublishedFigure {
    fn from(r: FigureRow) -> Self {
        let FigureRow { source_table, subject, metric, value, unit, note } = r;
        Self { source_table, subject, metric, value, unit, note }
    }
}

/// All Table 4 models, best accuracy first (ties by name).
pub async fn list_models(db: &Db) -> Result<Vec<PublishedModel>> {
    list_models_on(&mut *db.pool().acquire().await?).await
}

/// [`list_models`], read on `conn` (within a transaction: at its snapshot).
pub(crate) async fn list_models_on(conn: &mut sqlx::AnyConnection) -> Result<Vec<PublishedModel>> {
    let rows: Vec<ModelRow> = sqlx::query_as(
        "SELECT model, access, focus, accuracy, n, source_table
           FROM published_models
          ORDER BY accuracy DESC, model ASC",
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(PublishedModel::from).collect())
}

/// The published figures of the given sources (`Table 2`, `Cochran`...),
/// in stored order.
pub async fn figures(db: &Db, sources: &[&str]) -> Result<Figures> {
    let mut out = Vec::new();
    for source in sources {
        let rows: Vec<FigureRow> = sqlx::query_as(
            "SELECT source_table, subject, metric, value, unit, note
               FROM published_figures
              WHERE source_table = $1
              ORDER BY id",
        )
        .bind(*source)
        .fetch_all(db.pool())
        .await?;
        out.extend(rows.into_iter().map(PublishedFigure::from));
    }
    Ok(Figures(out))
}
