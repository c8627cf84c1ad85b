//! What every page says above its content: the operators' banners and
//! read-only mode.

use leptos::prelude::*;

use super::ApiError;
use crate::domain::operator::SiteNotices;

/// The banners up now and whether the board is read-only.
#[server(prefix = "/_fn")]
pub async fn notices() -> Result<SiteNotices, ApiError> {
    let (db, _) = super::context::db_and_viewer().await?;
    Ok(crate::services::operator::notices(&db).await?)
}
