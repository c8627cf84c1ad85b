//! The leaderboard as everyone reads it: the current board (made once per
//! board version by one server and kept in the database), the version itself (the key of the
//! page cache and of the exports), the paper's published models and the
//! MedArabiQ-against-MedAraBench pairs.

use std::sync::Arc;

use super::Result;
pub use crate::db::board::RowsAfter;
use crate::db::{self, Db};
use crate::domain::board::{Board, BoardFilter, BoardPage, CategoryChoice, OrderKey, PublishedModel};
use crate::domain::medarabiq::BenchmarkPair;

/// The current board, every row (the whole-board exports).
pub async fn current(db: &Db) -> Result<Arc<Board>> {
    Ok(db::board::board(db).await?)
}

/// The page of the current board for `filter`: the published rows it
/// keeps and the best `limit` verified rows it keeps, with counts.
pub async fn page(db: &Db, filter: &BoardFilter, limit: usize) -> Result<BoardPage> {
    Ok(db::board::page(db, filter, limit).await?)
}

/// The categories on the current board.
pub async fn categories(db: &Db) -> Result<Vec<CategoryChoice>> {
    Ok(db::board::categories(db).await?)
}

/// Up to `limit` rows of the current board after the row whose sort key
/// is `after`.
pub async fn rows_after(db: &Db, after: Option<&OrderKey>, limit: usize) -> Result<RowsAfter> {
    Ok(db::board::rows_after(db, after, limit).await?)
}

/// The board's version: it moves on at every write that changes what a
/// page shows.
pub async fn version(db: &Db) -> Result<String> {
    Ok(db::board::version(db).await?)
}

/// The version of the board stored now (brought up to the database's
/// when that is quick): what the exports are made of.
pub async fn stored_version(db: &Db) -> Result<String> {
    Ok(db::board::stored_version(db).await?)
}

/// What the pages served now depend on: the board version, and the
/// served board's when that one is still behind (see `db::board`).
pub async fn served_version(db: &Db) -> Result<String> {
    Ok(db::board::served_version(db).await?)
}

/// Brings this process's board up to the database's version now: the
/// kept board is loaded, or made if the database has none. Returns the
/// version served.
pub async fn catch_up(db: &Db) -> Result<String> {
    Ok(db::board::catch_up(db).await?)
}

/// How long to wait before the next background [`catch_up`]: longer when
/// boards take long to make, so keeping up never takes the core uploads
/// need (see `db::board`).
pub fn next_look(db: &Db) -> std::time::Duration {
    db::board::next_look(db)
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
