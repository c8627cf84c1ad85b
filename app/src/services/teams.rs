//! The team pages' use cases: the header's signed-in team, the team page
//! and the upload page.

use super::Viewer;
use super::error::Result;
use super::submissions::summary;
use crate::db::submissions::{self, QuotaDefaults};
use crate::db::{Db, keys, sessions, teams};
use crate::domain::Benchmark;
use crate::domain::team::{TeamPageData, UploadPageData, ViewerInfo};

/// The signed-in team, if any.
pub async fn signed_in_team(db: &Db, viewer: &Viewer) -> Result<Option<ViewerInfo>> {
    let Some(session) = viewer.signed_in() else { return Ok(None) };
    let team = teams::get(db, session.principal.team_id).await?;
    Ok(team.map(|t| ViewerInfo { team_id: t.id, team_name: t.name }))
}

/// The signed-in team's page; `None` when signed out. Takes the token
/// flash: a token created just now is shown once.
pub async fn team_page(
    db: &Db,
    viewer: &Viewer,
    defaults: QuotaDefaults,
    registration: crate::domain::registration::Registration,
) -> Result<Option<TeamPageData>> {
    let Some(session) = viewer.signed_in() else { return Ok(None) };
    let team_id = session.principal.team_id;
    let Some(team) = teams::get(db, team_id).await? else { return Ok(None) };
    let quota = submissions::quota(db, team_id, defaults).await?;
    Ok(Some(TeamPageData {
        team_name: team.name,
        members: teams::members(db, team_id).await?.into_iter().map(|m| m.email).collect(),
        tokens: sessions::list_tokens(db, team_id).await?,
        new_token: sessions::take_flash(db, &session.hash, sessions::Flash::Token).await?,
        daily_remaining: quota.daily_remaining(),
        daily_limit: quota.daily_limit,
        total_remaining: quota.total_remaining(),
        total_limit: quota.total_limit,
        submissions: submissions::for_team(db, team_id).await?.iter().map(summary).collect(),
        status: crate::domain::registration::TeamStatus::of(teams::admitted(db, team_id).await?, registration),
        invitation_link: sessions::take_flash(db, &session.hash, sessions::Flash::Invitation).await?,
    }))
}

/// The upload page's facts; takes the refusal flash of the session's last
/// upload.
pub async fn upload_page(db: &Db, viewer: &Viewer, defaults: QuotaDefaults) -> Result<UploadPageData> {
    let key = keys::default_key(db, Benchmark::MedAraBench).await?;
    let (quota, refusal, typed) = match viewer.signed_in() {
        Some(session) => (
            Some(submissions::quota(db, session.principal.team_id, defaults).await?),
            sessions::take_flash(db, &session.hash, sessions::Flash::UploadError).await?,
            sessions::take_flash(db, &session.hash, sessions::Flash::UploadFields).await?,
        ),
        None => (None, None, None),
    };
    // Kept as (fields, benchmark) by the form's handler; anything else is
    // ignored (the form then starts empty).
    let (typed, typed_benchmark) = typed
        .and_then(|json| serde_json::from_str::<(crate::domain::submission::RawMeta, Option<String>)>(&json).ok())
        .unwrap_or_default();
    Ok(UploadPageData {
        signed_in: viewer.signed_in().is_some(),
        daily_remaining: quota.map_or(0, |q| q.daily_remaining()),
        total_remaining: quota.map_or(0, |q| q.total_remaining()),
        synthetic_key: key.as_ref().is_some_and(|k| k.synthetic),
        key_questions: key.map_or(0, |k| k.scoreable),
        refusal,
        typed,
        typed_benchmark,
    })
}

/// How many teams are registered.
pub async fn count(db: &Db) -> Result<i64> {
    Ok(teams::count(db).await?)
}
