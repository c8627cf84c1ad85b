//! Leaderboard data for the pages: the server functions that serve the
//! board the services give (`crate::services::board`: published results, verified
//! public submissions and reference baselines, with rank ranges), cached
//! per board version. The types are the core's ([`crate::domain::board`]).
//!
//! The page never receives the whole board: [`get_board_page`] applies the
//! page's filter on the server and sends the published rows, the
//! baselines and the best [`PAGE_VERIFIED_LIMIT`] verified rows it keeps,
//! with how many it kept ([`BoardPage`]); the exports keep every row.

use leptos::prelude::*;

pub use crate::domain::board::*;

use super::ApiError;

/// The published models, best first.
#[server(prefix = "/_fn")]
pub async fn published_models() -> Result<Vec<PublishedModel>, ApiError> {
    let db = expect_context::<crate::services::Db>();
    Ok(crate::services::board::published_models(&db).await?)
}

/// The rows of the page for a filter given as its query values (empty:
/// all), read from the board stored on the server.
#[server(prefix = "/_fn")]
pub async fn get_board_page(source: String, category: String, q: String) -> Result<BoardPage, ApiError> {
    let db = expect_context::<crate::services::Db>();
    let filter = BoardFilter::from_query(|name| match name {
        BoardFilter::SOURCE => Some(source.clone()),
        BoardFilter::CATEGORY => Some(category.clone()),
        BoardFilter::SEARCH => Some(q.clone()),
        _ => None,
    });
    Ok(crate::services::board::page(&db, &filter, PAGE_VERIFIED_LIMIT).await?)
}

/// The categories on the board, for the filter form.
#[server(prefix = "/_fn")]
pub async fn get_board_categories() -> Result<Vec<CategoryChoice>, ApiError> {
    let db = expect_context::<crate::services::Db>();
    Ok(crate::services::board::categories(&db).await?)
}
