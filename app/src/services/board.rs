//! The leaderboard as everyone reads it: the current board (computed once
//! per process for each board version), the version itself (the key of the
//! page cache and of the exports), the paper's published models and the
//! MedArabiQ-against-MedAraBench pairs.

use std::sync::Arc;

use super::Result;
use crate::db::{self, Db};
use crate::domain::board::index::IndexedBoard;
use crate::domain::board::{Board, PublishedModel};
use crate::domain::medarabiq::BenchmarkPair;

/// The current board.
pub async fn current(db: &Db) -> Result<Arc<Board>> {
    Ok(db::board::board(db).await?)
}

/// The current board with its index (filters, categories, pages).
pub async fn indexed(db: &Db) -> Result<Arc<IndexedBoard>> {
    Ok(db::board::indexed(db).await?)
}

/// The board's version: it moves on at every write that changes what a
/// page shows.
pub async fn version(db: &Db) -> Result<String> {
    Ok(db::board::version(db).await?)
}

/// The paper's Table 4 models, best accuracy first.
pub async fn published_models(db: &Db) -> Result<Vec<PublishedModel>> {
    Ok(db::published::list_models(db).await?)
}

/// Each model's MedArabiQ score against its MedAraBench score, from
/// verified submissions.
pub async fn medarabiq_pairs(db: &Db) -> Result<Vec<BenchmarkPair>> {
    Ok(db::medarabiq::pairs(db).await?)
}
