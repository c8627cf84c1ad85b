//! What the operators of a public board do: hide a submission, ban a
//! team, rename, change quotas, put up banners, pause uploads and read the
//! audit log. The CLI (`medarabench operator ...`), the API
//! (`/api/v1/operator/...`) and the `/operator` pages all call these, so
//! the rules (who may, what is checked, what is audited) are written once.
//!
//! An operator is a member marked by `operator grant EMAIL`. Anyone else
//! is told the operator routes do not exist ([`ServiceError::NotFound`]),
//! so that their existence tells an outsider nothing.

use super::error::{Result, ServiceError};
use super::viewer::Viewer;
use crate::db::operator::{self as store, RenameError};
pub use crate::db::operator::{Actor, AuditFilter};
use crate::db::{Db, teams};
use crate::domain::Message;
use crate::domain::operator::{Announcement, AuditEvent, Level, MAX_TEXT, OperatorPageData, SiteNotices};
use crate::domain::submission::{FieldError, FieldProblem, line_text};

/// How long a client is asked to wait while the board is read-only.
pub const READ_ONLY_RETRY_SECS: i64 = 300;

/// The largest quota an operator may set.
pub const MAX_QUOTA: i64 = 1_000_000;

/// The most audit events one read returns.
pub const MAX_AUDIT_EVENTS: i64 = 10_000;

/// The operator a request acts for: its token's or session's member,
/// if that member is an operator; [`ServiceError::NotFound`] otherwise.
/// `by_token`: an API request (its bearer token), else a page's session.
pub async fn operator(db: &Db, viewer: &Viewer, by_token: bool) -> Result<Actor> {
    let principal = if by_token { viewer.bearer().ok() } else { viewer.session().ok().map(|s| &s.principal) };
    let Some(member_id) = principal.and_then(|p| p.member_id) else { return Err(ServiceError::NotFound) };
    if !store::is_operator(db, member_id).await? {
        return Err(ServiceError::NotFound);
    }
    let email: Option<String> = teams::member_email(db, member_id).await?;
    Ok(Actor { member_id: Some(member_id), name: email.unwrap_or_default() })
}

/// The host at the command line, named by the system user running it.
pub fn command_line(user: Option<String>) -> Actor {
    Actor { member_id: None, name: format!("command line ({})", user.unwrap_or_else(|| "unknown user".into())) }
}

/// [`line_text`] of at most [`MAX_TEXT`] characters.
fn text(field: &'static str, value: &str, required: bool) -> std::result::Result<String, FieldError> {
    line_text(field, value, MAX_TEXT, required)
}

/// [`text`] for one required field, as a service error.
fn one(field: &'static str, value: &str) -> Result<String> {
    text(field, value, true).map_err(|e| ServiceError::InvalidFields(vec![e]))
}

/// Makes the member with `email` an operator, or not. Whether anything
/// changed; `NotFound` when no member has the address.
pub async fn set_operator(db: &Db, actor: &Actor, email: &str, grant: bool) -> Result<bool> {
    store::set_operator(db, actor, email, grant).await?.ok_or(ServiceError::NotFound)
}

/// Hides a submission from every public surface, `reason` shown to its team.
pub async fn hide(db: &Db, actor: &Actor, public_id: &str, reason: &str) -> Result<bool> {
    let reason = one("reason", reason)?;
    store::set_hidden(db, actor, public_id, Some(&reason)).await?.ok_or(ServiceError::NotFound)
}

/// Puts a hidden submission back.
pub async fn restore(db: &Db, actor: &Actor, public_id: &str) -> Result<bool> {
    store::set_hidden(db, actor, public_id, None).await?.ok_or(ServiceError::NotFound)
}

/// Clears a flagged submission's flags after review: no surface shows
/// them and its row is ranked again; `reason` goes to the audit log.
/// `NotFound` for an unknown id or a submission without flags.
pub async fn clear_flags(db: &Db, actor: &Actor, public_id: &str, reason: &str) -> Result<bool> {
    let reason = one("reason", reason)?;
    store::set_flags_cleared(db, actor, public_id, Some(&reason)).await?.ok_or(ServiceError::NotFound)
}

/// Shows a submission's cleared flags again (and takes its rank away).
pub async fn restore_flags(db: &Db, actor: &Actor, public_id: &str) -> Result<bool> {
    store::set_flags_cleared(db, actor, public_id, None).await?.ok_or(ServiceError::NotFound)
}

/// Bans a team: its rows leave the board, its tokens and sessions stop,
/// its members cannot sign in and their addresses cannot register again.
/// The team's name and whether anything changed.
pub async fn ban(db: &Db, actor: &Actor, team: &str, reason: &str) -> Result<(String, bool)> {
    let reason = one("reason", reason)?;
    store::set_banned(db, actor, team, Some(&reason)).await?.ok_or(ServiceError::NotFound)
}

/// Lifts a ban (the team's members sign in again and make new tokens).
pub async fn unban(db: &Db, actor: &Actor, team: &str) -> Result<(String, bool)> {
    store::set_banned(db, actor, team, None).await?.ok_or(ServiceError::NotFound)
}

/// Renames a team (the name rules of registration); its old name.
pub async fn rename_team(db: &Db, actor: &Actor, team: &str, new: &str) -> Result<String> {
    let problems = super::accounts::team_name_problems(new);
    if !problems.is_empty() {
        return Err(ServiceError::InvalidFields(problems));
    }
    store::rename_team(db, actor, team, new).await.map_err(renamed)
}

/// Renames the model of one submission (the upload's model-name rules);
/// its old name.
pub async fn rename_model(db: &Db, actor: &Actor, public_id: &str, new: &str) -> Result<String> {
    crate::domain::submission::check_model_name(new).map_err(|e| ServiceError::InvalidFields(vec![e]))?;
    store::rename_model(db, actor, public_id, new).await.map_err(renamed)
}

fn renamed(e: RenameError) -> ServiceError {
    match e {
        RenameError::NotFound => ServiceError::NotFound,
        RenameError::Taken => ServiceError::Conflict { field: "name" },
        RenameError::Db(e) => ServiceError::Db(e),
    }
}

/// Sets a team's quotas (`None`: the server's default); the team's name.
pub async fn set_quotas(db: &Db, actor: &Actor, team: &str, daily: Option<i64>, total: Option<i64>) -> Result<String> {
    let mut problems = Vec::new();
    for (field, value) in [("daily", daily), ("total", total)] {
        if value.is_some_and(|v| !(0..=MAX_QUOTA).contains(&v)) {
            problems.push(FieldError::new(field, FieldProblem::Number { min: "0".into(), max: MAX_QUOTA.to_string() }));
        }
    }
    if !problems.is_empty() {
        return Err(ServiceError::InvalidFields(problems));
    }
    store::set_quotas(db, actor, team, daily, total).await?.ok_or(ServiceError::NotFound)
}

/// Puts up a banner in both languages until `ends_at` (Unix time, in the
/// future; `None`: until taken down). Its id.
pub async fn announce(
    db: &Db,
    actor: &Actor,
    level: Level,
    en: &str,
    ar: &str,
    ends_at: Option<i64>,
    now: i64,
) -> Result<i64> {
    let mut problems = Vec::new();
    let en = text("en", en, true).map_err(|e| problems.push(e)).unwrap_or_default();
    let ar = text("ar", ar, true).map_err(|e| problems.push(e)).unwrap_or_default();
    if ends_at.is_some_and(|t| t <= now) {
        problems.push(FieldError::new("until", FieldProblem::InThePast));
    }
    if !problems.is_empty() {
        return Err(ServiceError::InvalidFields(problems));
    }
    Ok(store::announce(db, actor, level, &en, &ar, ends_at).await?)
}

/// Takes a banner down.
pub async fn remove_announcement(db: &Db, actor: &Actor, id: i64) -> Result<()> {
    if store::remove_announcement(db, actor, id).await? { Ok(()) } else { Err(ServiceError::NotFound) }
}

/// Pauses uploads and registrations (`on`) or lets them in again.
pub async fn set_read_only(db: &Db, actor: &Actor, on: bool, reason: &str) -> Result<bool> {
    let reason = text("reason", reason, false).map_err(|e| ServiceError::InvalidFields(vec![e]))?;
    Ok(store::set_read_only(db, actor, on, &reason).await?)
}

/// What every page says above its content.
pub async fn notices(db: &Db) -> Result<SiteNotices> {
    Ok(SiteNotices {
        announcements: store::announcements(db).await?,
        read_only: store::read_only_since(db).await?.is_some(),
    })
}

/// The banners up now.
pub async fn announcements(db: &Db) -> Result<Vec<Announcement>> {
    Ok(store::announcements(db).await?)
}

/// Refuses a write that read-only mode pauses (an upload, a
/// registration): 503 with `Retry-After` ([`READ_ONLY_RETRY_SECS`]).
pub async fn ensure_writable(db: &Db) -> Result<()> {
    match store::read_only_since(db).await? {
        None => Ok(()),
        Some(_) => Err(ServiceError::Unavailable { code: "read_only", message: Message::new("api-read-only") }),
    }
}

/// Now, in Unix seconds (the clock every check here uses).
pub fn now() -> i64 {
    crate::db::now_unix()
}

/// A team's quotas (`None`: the server's default); `NotFound` for an
/// unknown team.
pub async fn quotas(db: &Db, team: &str) -> Result<(Option<i64>, Option<i64>)> {
    let (team, _) = teams::by_name(db, team).await?.ok_or(ServiceError::NotFound)?;
    Ok((team.daily_quota, team.total_quota))
}

/// The audit log, newest first.
pub async fn audit(db: &Db, filter: &AuditFilter) -> Result<Vec<AuditEvent>> {
    let filter = AuditFilter { limit: filter.limit.clamp(1, MAX_AUDIT_EVENTS), ..filter.clone() };
    Ok(store::audit(db, &filter).await?)
}

/// How many audit events the operators' page shows.
pub const PAGE_EVENTS: i64 = 200;

/// The operators' page for the signed-in member; `None` unless an
/// operator (the page then answers as an unknown address does).
pub async fn page(db: &Db, viewer: &Viewer, team: &str, event: &str) -> Result<Option<OperatorPageData>> {
    let actor = match operator(db, viewer, false).await {
        Ok(actor) => actor,
        Err(ServiceError::NotFound) => return Ok(None),
        Err(e) => return Err(e),
    };
    let (team, event) = (team.trim(), event.trim());
    let filter = AuditFilter {
        team: Some(team.to_owned()).filter(|t| !t.is_empty()),
        event: Some(event.to_owned()).filter(|e| !e.is_empty()),
        limit: PAGE_EVENTS,
    };
    Ok(Some(OperatorPageData {
        operator: actor.name,
        read_only: store::read_only_since(db).await?.is_some(),
        announcements: store::announcements(db).await?,
        hidden: store::hidden_submissions(db).await?,
        banned: store::banned_teams(db).await?,
        events: store::audit(db, &filter).await?,
        team_filter: team.to_owned(),
        event_filter: event.to_owned(),
    }))
}

/// A password-reset link for the member with `email` (its path), made by
/// an operator to pass on by hand; audited. `NotFound` for an unknown address.
pub async fn reset_link(db: &Db, actor: &Actor, email: &str) -> Result<String> {
    let path = super::members::reset_link(db, email).await?;
    store::record_action(db, actor, "reset_link_made", email).await?;
    Ok(path)
}
