//! The operators' page (`/operator`).

use leptos::prelude::*;

use super::ApiError;
pub use crate::domain::operator::OperatorPageData;

/// The page's facts for the signed-in operator, the audit log filtered by
/// team and event (empty: all); `None` for anyone else.
#[server(prefix = "/_fn")]
pub async fn operator_page(team: String, event: String) -> Result<Option<OperatorPageData>, ApiError> {
    let (db, viewer) = super::context::db_and_viewer().await?;
    Ok(crate::services::operator::page(&db, &viewer, &team, &event).await?)
}
