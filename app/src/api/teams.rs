//! Server functions behind the team pages: who is signed in, the team page,
//! the upload page and a submission's result page. The writes themselves
//! are plain form posts handled by the server (`/auth/*`, `/team/*`,
//! `/upload`), so every form works without JavaScript.

use leptos::prelude::*;

use super::ApiError;
pub use crate::domain::team::{
    SubmissionPageData, SubmissionSummary, TeamPageData, TokenRow, UploadPageData, ViewerInfo,
};

/// The signed-in team, if any.
#[server(prefix = "/_fn")]
pub async fn viewer() -> Result<Option<ViewerInfo>, ApiError> {
    let (db, viewer) = super::context::db_and_viewer().await?;
    Ok(crate::services::teams::signed_in_team(&db, &viewer).await?)
}

/// The team page of the signed-in team; `None` when signed out.
#[server(prefix = "/_fn")]
pub async fn team_page() -> Result<Option<TeamPageData>, ApiError> {
    let (db, viewer) = super::context::db_and_viewer().await?;
    let (defaults, registration) = (super::context::quota_defaults(), super::context::registration());
    Ok(crate::services::teams::team_page(&db, &viewer, defaults, registration).await?)
}

/// The upload page's facts.
#[server(prefix = "/_fn")]
pub async fn upload_page() -> Result<UploadPageData, ApiError> {
    let (db, viewer) = super::context::db_and_viewer().await?;
    Ok(crate::services::teams::upload_page(&db, &viewer, super::context::quota_defaults()).await?)
}

/// A submission's result: public ones for anyone, private ones for their
/// team only (`None` otherwise, shown as not found).
#[server(prefix = "/_fn")]
pub async fn submission_page(id: String) -> Result<Option<SubmissionPageData>, ApiError> {
    let (db, viewer) = super::context::db_and_viewer().await?;
    match crate::services::submissions::page(&db, &viewer, &id).await {
        Err(crate::services::ServiceError::NotFound) => Ok(None),
        other => Ok(Some(SubmissionPageData { site_url: super::context::site_url(), ..other? })),
    }
}
