//! Server functions behind the team pages: who is signed in, the team page,
//! the upload page and a submission's result page. The writes themselves
//! are plain form posts handled by the server (`/auth/*`, `/team/*`,
//! `/upload`), so every form works without JavaScript.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::ApiError;
#[cfg(feature = "ssr")]
use crate::db::sessions::Principal;
use crate::domain::ScoreCard;
#[cfg(feature = "ssr")]
use crate::domain::visibility as policy;
use crate::domain::visibility::Visibility;

/// The signed-in team, for the header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ViewerInfo {
    pub team_id: i64,
    pub team_name: String,
}

/// A submission as lists show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionSummary {
    pub id: String,
    pub model_name: String,
    pub benchmark: String,
    pub accuracy: f64,
    pub ci95: [f64; 2],
    pub correct: usize,
    pub total: usize,
    pub visibility: Visibility,
    pub created_at: i64,
    pub key_synthetic: bool,
}

pub use crate::domain::team::TokenRow;

/// Everything the team page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamPageData {
    pub team_name: String,
    pub members: Vec<String>,
    pub tokens: Vec<TokenRow>,
    /// A token created just now, shown once.
    pub new_token: Option<String>,
    pub daily_remaining: i64,
    pub daily_limit: i64,
    pub total_remaining: i64,
    pub total_limit: i64,
    pub submissions: Vec<SubmissionSummary>,
}

/// A submission's result page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionPageData {
    pub id: String,
    pub team_name: String,
    pub benchmark: String,
    pub key_name: String,
    pub key_synthetic: bool,
    pub meta: crate::domain::submission::SubmissionMeta,
    pub file_sha256: String,
    pub file_format: String,
    pub created_at: i64,
    pub card: ScoreCard,
    /// Whether the viewer's team owns it.
    pub own: bool,
}

/// What the upload page needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UploadPageData {
    pub signed_in: bool,
    pub daily_remaining: i64,
    pub total_remaining: i64,
    /// The default MedAraBench key is the synthetic demo key.
    pub synthetic_key: bool,
    pub key_questions: i64,
    /// Why the last upload from this session was refused, shown once.
    pub refusal: Option<String>,
}

/// The principal of the request's session cookie, if any.
#[cfg(feature = "ssr")]
async fn principal() -> Result<Option<(Principal, String)>, ApiError> {
    let Some(parts) = use_context::<http::request::Parts>() else { return Ok(None) };
    let Some(cookie) = crate::db::sessions::session_cookie(&parts.headers) else { return Ok(None) };
    let db = expect_context::<crate::db::Db>();
    let hash = crate::db::sessions::secret_hash(&cookie);
    Ok(crate::db::sessions::session_principal(&db, &hash).await?.map(|p| (p, hash)))
}

#[cfg(feature = "ssr")]
fn summary(r: &crate::db::submissions::SubmissionRecord) -> SubmissionSummary {
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

#[cfg(feature = "ssr")]
fn quota_defaults() -> crate::db::submissions::QuotaDefaults {
    let cfg = use_context::<super::PageConfig>().unwrap_or(super::PageConfig { daily_quota: 5, total_quota: 100 });
    crate::db::submissions::QuotaDefaults { daily: cfg.daily_quota, total: cfg.total_quota }
}

/// The signed-in team, if any.
#[server(prefix = "/_fn")]
pub async fn viewer() -> Result<Option<ViewerInfo>, ApiError> {
    let Some((p, _)) = principal().await? else { return Ok(None) };
    let db = expect_context::<crate::db::Db>();
    Ok(crate::db::teams::get(&db, p.team_id).await?.map(|t| ViewerInfo { team_id: t.id, team_name: t.name }))
}

/// The team page of the signed-in team; `None` when signed out.
#[server(prefix = "/_fn")]
pub async fn team_page() -> Result<Option<TeamPageData>, ApiError> {
    use crate::db::{sessions, submissions, teams};
    let Some((p, session_hash)) = principal().await? else { return Ok(None) };
    let db = expect_context::<crate::db::Db>();
    let Some(team) = teams::get(&db, p.team_id).await? else { return Ok(None) };
    let quota = submissions::quota(&db, team.id, quota_defaults()).await?;
    Ok(Some(TeamPageData {
        team_name: team.name,
        members: teams::members(&db, p.team_id).await?.into_iter().map(|m| m.email).collect(),
        tokens: sessions::list_tokens(&db, p.team_id).await?,
        new_token: sessions::take_flash(&db, &session_hash, sessions::Flash::Token).await?,
        daily_remaining: quota.daily_remaining(),
        daily_limit: quota.daily_limit,
        total_remaining: quota.total_remaining(),
        total_limit: quota.total_limit,
        submissions: submissions::for_team(&db, p.team_id).await?.iter().map(summary).collect(),
    }))
}

/// The upload page's facts.
#[server(prefix = "/_fn")]
pub async fn upload_page() -> Result<UploadPageData, ApiError> {
    use crate::db::{keys, submissions};
    let db = expect_context::<crate::db::Db>();
    let key = keys::default_key(&db, crate::domain::Benchmark::MedAraBench).await?;
    let (signed_in, quota, refusal) = match principal().await? {
        Some((p, session)) => {
            let quota = submissions::quota(&db, p.team_id, quota_defaults()).await?;
            let refusal =
                crate::db::sessions::take_flash(&db, &session, crate::db::sessions::Flash::UploadError).await?;
            (true, Some(quota), refusal)
        }
        None => (false, None, None),
    };
    Ok(UploadPageData {
        signed_in,
        daily_remaining: quota.map_or(0, |q| q.daily_remaining()),
        total_remaining: quota.map_or(0, |q| q.total_remaining()),
        synthetic_key: key.as_ref().is_some_and(|k| k.synthetic),
        key_questions: key.map_or(0, |k| k.scoreable),
        refusal,
    })
}

/// A submission's result: public ones for anyone, private ones for their
/// team only (`None` otherwise, shown as not found).
#[server(prefix = "/_fn")]
pub async fn submission_page(id: String) -> Result<Option<SubmissionPageData>, ApiError> {
    let db = expect_context::<crate::db::Db>();
    let Some(r) = crate::db::submissions::get(&db, &id).await? else { return Ok(None) };
    let viewer_team = principal().await?.map(|(p, _)| p.team_id);
    let own = viewer_team == Some(r.team_id);
    let viewer = policy::Viewer::from_team(viewer_team);
    if policy::access(viewer, r.team_id, r.meta.visibility, policy::Surface::Page) == policy::Access::Hidden {
        return Ok(None);
    }
    Ok(Some(SubmissionPageData {
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
    }))
}
