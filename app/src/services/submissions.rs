//! Reading submissions: one submission as a viewer may see it on a
//! surface (the policy in `domain::visibility` decides), and a team's own.

use super::Viewer;
use super::error::{Result, ServiceError};
use crate::db::Db;
use crate::db::submissions::{self, QuotaDefaults, QuotaUse, SubmissionRecord};
use crate::domain::team::{SubmissionPageData, SubmissionSummary};
use crate::domain::visibility::{Access, Surface, access};

/// Submission `id` as `viewer` may see it on `surface`; `NotFound` when the
/// policy hides it, exactly as for an unknown id.
pub async fn visible(db: &Db, viewer: &Viewer, id: &str, surface: Surface) -> Result<SubmissionRecord> {
    let record = submissions::get(db, id).await?.ok_or(ServiceError::NotFound)?;
    match access(viewer.policy(), record.team_id, record.meta.visibility, surface) {
        Access::Full => Ok(record),
        Access::Hidden => Err(ServiceError::NotFound),
    }
}

/// The result page of submission `id` for `viewer`.
pub async fn page(db: &Db, viewer: &Viewer, id: &str) -> Result<SubmissionPageData> {
    let r = visible(db, viewer, id, Surface::Page).await?;
    let own = viewer.team() == Some(r.team_id);
    Ok(SubmissionPageData {
        id: r.public_id,
        team_name: r.team_name,
        benchmark: r.benchmark,
        key_name: r.key_name,
        key_synthetic: r.key_synthetic,
        meta: r.meta,
        file_sha256: r.file_sha256,
        file_format: r.file_format,
        created_at: r.created_at,
        card: r.card,
        own,
        rescorable: r.rescorable,
        versions: r.versions,
    })
}

/// A team's own submissions, newest first, and its quota.
pub async fn own(db: &Db, team_id: i64, defaults: QuotaDefaults) -> Result<(Vec<SubmissionRecord>, QuotaUse)> {
    let records = submissions::for_team(db, team_id).await?;
    let quota = submissions::quota(db, team_id, defaults).await?;
    Ok((records, quota))
}

/// A submission as lists show it.
pub fn summary(r: &SubmissionRecord) -> SubmissionSummary {
    SubmissionSummary {
        id: r.public_id.clone(),
        model_name: r.meta.model_name.clone(),
        benchmark: r.benchmark.clone(),
        accuracy: r.card.accuracy,
        ci95: r.card.ci95,
        correct: r.card.correct,
        total: r.card.total,
        visibility: r.meta.visibility,
        created_at: r.created_at,
        key_synthetic: r.key_synthetic,
    }
}
