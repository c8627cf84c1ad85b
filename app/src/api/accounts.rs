//! The pages that spend a mailed link: a password reset and an invitation.

use leptos::prelude::*;

use super::ApiError;

/// Whether a reset link still works.
#[server(prefix = "/_fn")]
pub async fn reset_link_live(token: String) -> Result<bool, ApiError> {
    let (db, _) = super::context::db_and_viewer().await?;
    Ok(crate::services::members::reset_is_live(&db, &token).await?)
}

/// A live invitation's team and invited address; `None` when it no longer works.
#[server(prefix = "/_fn")]
pub async fn invitation(token: String) -> Result<Option<(String, String)>, ApiError> {
    let (db, _) = super::context::db_and_viewer().await?;
    Ok(crate::services::members::invitation(&db, &token).await?)
}
