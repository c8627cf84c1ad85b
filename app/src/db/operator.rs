//! What the operators of a board change, each in one transaction with its
//! audit event (who, why, and what it was before), and moving the board's
//! version whenever a page could show the change.

use super::board::{NO_ROWS, bump_version};
use super::teams::fold;
use super::{Db, Result, now_unix};
use crate::domain::operator::{Announcement, AuditEvent, BannedTeam, HiddenSubmission, Level};

/// Who acts: an operator (a member, by session or token) or the host at
/// the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    /// The member, for an operator signed in; `None` at the command line.
    pub member_id: Option<i64>,
    /// As the audit log names them: the operator's address, or
    /// `command line (USER)`.
    pub name: String,
}

/// An audit row as stored.
#[derive(sqlx::FromRow)]
struct AuditRow {
    id: i64,
    at: i64,
    event: String,
    team_id: Option<i64>,
    team: Option<String>,
    actor: String,
    reason: String,
    detail: String,
}

/// Which events to read: a team's (by name, any case), one kind, or both.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub team: Option<String>,
    pub event: Option<String>,
    /// At most this many, newest first.
    pub limit: i64,
}

/// A banner as stored.
#[derive(sqlx::FromRow)]
struct AnnouncementRow {
    id: i64,
    level: String,
    text_en: String,
    text_ar: String,
    created_at: i64,
    ends_at: Option<i64>,
}

/// The `settings` row that holds read-only mode (present: on).
const READ_ONLY: &str = "read_only_since";

/// Appends an operator's event on `tx`.
async fn record(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    actor: &Actor,
    event: &str,
    team_id: Option<i64>,
    reason: &str,
    detail: &str,
) -> Result<()> {
    super::audit::record_by_in(&mut **tx, event, team_id, actor.member_id, detail, &actor.name, reason).await
}

/// Marks the member with this address an operator (`grant`) or not;
/// `None` when no member has it, else whether anything changed.
pub async fn set_operator(db: &Db, actor: &Actor, email: &str, grant: bool) -> Result<Option<bool>> {
    let mut tx = db.begin_write().await?;
    let member: Option<(i64, i64, Option<i64>)> =
        sqlx::query_as("SELECT id, team_id, operator_since FROM members WHERE email = $1")
            .bind(fold(email))
            .fetch_optional(&mut *tx)
            .await?;
    let Some((member_id, team_id, since)) = member else { return Ok(None) };
    if since.is_some() == grant {
        return Ok(Some(false));
    }
    sqlx::query("UPDATE members SET operator_since = $1 WHERE id = $2")
        .bind(grant.then(now_unix))
        .bind(member_id)
        .execute(&mut *tx)
        .await?;
    let event = if grant { "operator_granted" } else { "operator_revoked" };
    record(&mut tx, actor, event, Some(team_id), "", &fold(email)).await?;
    tx.commit().await?;
    Ok(Some(true))
}

/// Whether member `member_id` is an operator.
pub async fn is_operator(db: &Db, member_id: i64) -> Result<bool> {
    let since: Option<Option<i64>> = sqlx::query_scalar("SELECT operator_since FROM members WHERE id = $1")
        .bind(member_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(since.flatten().is_some())
}

/// Hides a submission from every public surface (`reason`: shown to its
/// team) or, with `reason` `None`, restores it. `None` for an unknown id,
/// else whether anything changed.
pub async fn set_hidden(db: &Db, actor: &Actor, public_id: &str, reason: Option<&str>) -> Result<Option<bool>> {
    let mut tx = db.begin_write().await?;
    let row: Option<(i64, i64, Option<i64>)> =
        sqlx::query_as("SELECT id, team_id, hidden_at FROM submissions WHERE public_id = $1")
            .bind(public_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((id, team_id, hidden_at)) = row else { return Ok(None) };
    if hidden_at.is_some() == reason.is_some() {
        return Ok(Some(false));
    }
    sqlx::query("UPDATE submissions SET hidden_at = $1, hidden_reason = $2 WHERE id = $3")
        .bind(reason.map(|_| now_unix()))
        .bind(reason)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let event = if reason.is_some() { "submission_hidden" } else { "submission_restored" };
    record(&mut tx, actor, event, Some(team_id), reason.unwrap_or(""), public_id).await?;
    bump_version(&mut tx, team_id).await?;
    tx.commit().await?;
    Ok(Some(true))
}

/// Clears a submission's flags after review (`reason` given: no surface
/// shows them, and its row is ranked again) or, with `reason` `None`,
/// shows them again. The stored flags are kept either way. `None` for an
/// unknown id or a submission without flags, else whether anything
/// changed.
pub async fn set_flags_cleared(db: &Db, actor: &Actor, public_id: &str, reason: Option<&str>) -> Result<Option<bool>> {
    let mut tx = db.begin_write().await?;
    let row: Option<(i64, i64, Option<String>, Option<i64>)> =
        sqlx::query_as("SELECT id, team_id, flags_json, flags_cleared_at FROM submissions WHERE public_id = $1")
            .bind(public_id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((id, team_id, flags, cleared_at)) = row else { return Ok(None) };
    if super::submissions::read_flags(flags.as_deref())?.is_empty() {
        return Ok(None);
    }
    if cleared_at.is_some() == reason.is_some() {
        return Ok(Some(false));
    }
    sqlx::query("UPDATE submissions SET flags_cleared_at = $1 WHERE id = $2")
        .bind(reason.map(|_| now_unix()))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let event = if reason.is_some() { "flags_cleared" } else { "flags_restored" };
    record(&mut tx, actor, event, Some(team_id), reason.unwrap_or(""), public_id).await?;
    bump_version(&mut tx, team_id).await?;
    tx.commit().await?;
    Ok(Some(true))
}

/// Bans a team (`reason` given) or lifts its ban. A ban takes its rows off
/// the board, revokes every token and ends every session of its members
/// in the same transaction, so that nothing it holds works a moment later
/// on any server. `None` for an unknown team, else its name and whether
/// anything changed.
pub async fn set_banned(db: &Db, actor: &Actor, team: &str, reason: Option<&str>) -> Result<Option<(String, bool)>> {
    let mut tx = db.begin_write().await?;
    let row: Option<(i64, String, Option<i64>)> =
        sqlx::query_as("SELECT id, name, banned_at FROM teams WHERE name_key = $1")
            .bind(fold(team))
            .fetch_optional(&mut *tx)
            .await?;
    let Some((team_id, name, banned_at)) = row else { return Ok(None) };
    if banned_at.is_some() == reason.is_some() {
        return Ok(Some((name, false)));
    }
    let now = now_unix();
    sqlx::query("UPDATE teams SET banned_at = $1, ban_reason = $2 WHERE id = $3")
        .bind(reason.map(|_| now))
        .bind(reason)
        .bind(team_id)
        .execute(&mut *tx)
        .await?;
    if reason.is_some() {
        sqlx::query("UPDATE api_tokens SET revoked_at = $1 WHERE team_id = $2 AND revoked_at IS NULL")
            .bind(now)
            .bind(team_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE member_id IN (SELECT id FROM members WHERE team_id = $1)")
            .bind(team_id)
            .execute(&mut *tx)
            .await?;
    }
    let event = if reason.is_some() { "team_banned" } else { "team_unbanned" };
    record(&mut tx, actor, event, Some(team_id), reason.unwrap_or(""), &name).await?;
    bump_version(&mut tx, team_id).await?;
    tx.commit().await?;
    Ok(Some((name, true)))
}

/// Why renaming failed.
#[derive(Debug, thiserror::Error)]
pub enum RenameError {
    #[error("nothing has that name or id")]
    NotFound,
    #[error("the name is taken")]
    Taken,
    #[error(transparent)]
    Db(#[from] super::DbError),
}

impl From<sqlx::Error> for RenameError {
    fn from(e: sqlx::Error) -> Self {
        Self::Db(super::DbError::Sqlx(e))
    }
}

/// Renames a team; the old name is kept in the audit event.
pub async fn rename_team(db: &Db, actor: &Actor, team: &str, new: &str) -> Result<String, RenameError> {
    let mut tx = db.begin_write().await?;
    let row: Option<(i64, String)> = sqlx::query_as("SELECT id, name FROM teams WHERE name_key = $1")
        .bind(fold(team))
        .fetch_optional(&mut *tx)
        .await?;
    let (team_id, old) = row.ok_or(RenameError::NotFound)?;
    let renamed = sqlx::query("UPDATE teams SET name = $1, name_key = $2 WHERE id = $3")
        .bind(new.trim())
        .bind(fold(new))
        .bind(team_id)
        .execute(&mut *tx)
        .await;
    match renamed {
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Err(RenameError::Taken),
        other => other?,
    };
    record(&mut tx, actor, "team_renamed", Some(team_id), "", &format!("{old:?} -> {:?}", new.trim())).await?;
    bump_version(&mut tx, team_id).await?;
    tx.commit().await?;
    Ok(old)
}

/// Renames the model of a submission (that one upload: the board groups
/// rows by team and model, so the others keep theirs); the old name is
/// kept in the audit event.
pub async fn rename_model(db: &Db, actor: &Actor, public_id: &str, new: &str) -> Result<String, RenameError> {
    let mut tx = db.begin_write().await?;
    let row: Option<(i64, i64, String)> =
        sqlx::query_as("SELECT id, team_id, model_name FROM submissions WHERE public_id = $1")
            .bind(public_id)
            .fetch_optional(&mut *tx)
            .await?;
    let (id, team_id, old) = row.ok_or(RenameError::NotFound)?;
    sqlx::query("UPDATE submissions SET model_name = $1 WHERE id = $2")
        .bind(new.trim())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let detail = format!("{public_id}: {old:?} -> {:?}", new.trim());
    record(&mut tx, actor, "model_renamed", Some(team_id), "", &detail).await?;
    bump_version(&mut tx, team_id).await?;
    tx.commit().await?;
    Ok(old)
}

/// Sets a team's quotas (`None`: the server's default); `None` for an
/// unknown team, else its name. The old values are kept in the audit event.
pub async fn set_quotas(
    db: &Db,
    actor: &Actor,
    team: &str,
    daily: Option<i64>,
    total: Option<i64>,
) -> Result<Option<String>> {
    let mut tx = db.begin_write().await?;
    let row: Option<(i64, String, Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT id, name, daily_quota, total_quota FROM teams WHERE name_key = $1")
            .bind(fold(team))
            .fetch_optional(&mut *tx)
            .await?;
    let Some((team_id, name, old_daily, old_total)) = row else { return Ok(None) };
    sqlx::query("UPDATE teams SET daily_quota = $1, total_quota = $2 WHERE id = $3")
        .bind(daily)
        .bind(total)
        .bind(team_id)
        .execute(&mut *tx)
        .await?;
    let shown = |q: Option<i64>| q.map_or_else(|| "default".to_owned(), |q| q.to_string());
    let detail =
        format!("daily {} -> {}, total {} -> {}", shown(old_daily), shown(daily), shown(old_total), shown(total));
    record(&mut tx, actor, "quotas_changed", Some(team_id), "", &detail).await?;
    bump_version(&mut tx, team_id).await?;
    tx.commit().await?;
    Ok(Some(name))
}

/// Adds a banner; its id.
pub async fn announce(db: &Db, actor: &Actor, level: Level, en: &str, ar: &str, ends_at: Option<i64>) -> Result<i64> {
    let mut tx = db.begin_write().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO announcements (level, text_en, text_ar, created_at, ends_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(level.as_str())
    .bind(en)
    .bind(ar)
    .bind(now_unix())
    .bind(ends_at)
    .fetch_one(&mut *tx)
    .await?;
    record(&mut tx, actor, "announced", None, "", &format!("#{id} {}: {en}", level.as_str())).await?;
    bump_version(&mut tx, NO_ROWS).await?;
    tx.commit().await?;
    Ok(id)
}

/// Takes a banner down; whether it was up.
pub async fn remove_announcement(db: &Db, actor: &Actor, id: i64) -> Result<bool> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query("UPDATE announcements SET removed_at = $1 WHERE id = $2 AND removed_at IS NULL")
        .bind(now_unix())
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        > 0;
    if done {
        record(&mut tx, actor, "announcement_removed", None, "", &format!("#{id}")).await?;
        bump_version(&mut tx, NO_ROWS).await?;
    }
    tx.commit().await?;
    Ok(done)
}

/// The banners shown now, oldest first.
pub async fn announcements(db: &Db) -> Result<Vec<Announcement>> {
    let rows: Vec<AnnouncementRow> = sqlx::query_as(
        "SELECT id, level, text_en, text_ar, created_at, ends_at FROM announcements
          WHERE removed_at IS NULL AND (ends_at IS NULL OR ends_at > $1) ORDER BY id",
    )
    .bind(now_unix())
    .fetch_all(db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Announcement {
            id: r.id,
            // The table's check allows these two only.
            level: Level::parse(&r.level).unwrap_or(Level::Warning),
            text_en: r.text_en,
            text_ar: r.text_ar,
            created_at: r.created_at,
            ends_at: r.ends_at,
        })
        .collect())
}

/// Turns read-only mode on or off; whether anything changed.
pub async fn set_read_only(db: &Db, actor: &Actor, on: bool, reason: &str) -> Result<bool> {
    let mut tx = db.begin_write().await?;
    let was: Option<String> = sqlx::query_scalar("SELECT value FROM settings WHERE name = $1")
        .bind(READ_ONLY)
        .fetch_optional(&mut *tx)
        .await?;
    if was.is_some() == on {
        return Ok(false);
    }
    if on {
        sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2)")
            .bind(READ_ONLY)
            .bind(now_unix().to_string())
            .execute(&mut *tx)
            .await?;
    } else {
        sqlx::query("DELETE FROM settings WHERE name = $1").bind(READ_ONLY).execute(&mut *tx).await?;
    }
    let event = if on { "read_only_on" } else { "read_only_off" };
    record(&mut tx, actor, event, None, reason, "").await?;
    bump_version(&mut tx, NO_ROWS).await?;
    tx.commit().await?;
    Ok(true)
}

/// Since when the board is read-only (`None`: it takes uploads).
pub async fn read_only_since(db: &Db) -> Result<Option<i64>> {
    let value: Option<String> = sqlx::query_scalar("SELECT value FROM settings WHERE name = $1")
        .bind(READ_ONLY)
        .fetch_optional(db.pool())
        .await?;
    Ok(value.map(|v| v.parse().unwrap_or(0)))
}

/// The audit log, newest first, filtered.
pub async fn audit(db: &Db, filter: &AuditFilter) -> Result<Vec<AuditEvent>> {
    let rows: Vec<AuditRow> = sqlx::query_as(
        "SELECT a.id, a.at, a.event, a.team_id, t.name AS team, a.actor, a.reason, a.detail
           FROM audit_log a LEFT JOIN teams t ON t.id = a.team_id
          WHERE ($1 IS NULL OR t.name_key = $1) AND ($2 IS NULL OR a.event = $2)
          ORDER BY a.id DESC LIMIT $3",
    )
    .bind(filter.team.as_deref().map(fold))
    .bind(filter.event.as_deref())
    .bind(filter.limit)
    .persistent(false)
    .fetch_all(db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| AuditEvent {
            id: r.id,
            at: r.at,
            event: r.event,
            team_id: r.team_id,
            team: r.team,
            actor: r.actor,
            reason: r.reason,
            detail: r.detail,
        })
        .collect())
}

/// The submissions hidden now, newest first.
pub async fn hidden_submissions(db: &Db) -> Result<Vec<HiddenSubmission>> {
    let rows: Vec<(String, String, String, i64, Option<String>)> = sqlx::query_as(
        "SELECT s.public_id, t.name, s.model_name, s.hidden_at, s.hidden_reason
           FROM submissions s JOIN teams t ON t.id = s.team_id
          WHERE s.hidden_at IS NOT NULL ORDER BY s.hidden_at DESC, s.id DESC",
    )
    .fetch_all(db.pool())
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, team, model, at, reason)| HiddenSubmission {
            id,
            team,
            model,
            at,
            reason: reason.unwrap_or_default(),
        })
        .collect())
}

/// The teams banned now, newest first.
pub async fn banned_teams(db: &Db) -> Result<Vec<BannedTeam>> {
    let rows: Vec<(String, i64, Option<String>)> = sqlx::query_as(
        "SELECT name, banned_at, ban_reason FROM teams WHERE banned_at IS NOT NULL ORDER BY banned_at DESC, id DESC",
    )
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(|(name, at, reason)| BannedTeam { name, at, reason: reason.unwrap_or_default() }).collect())
}

/// Records an operator's action that changes nothing here itself (a
/// reset link handed out).
pub async fn record_action(db: &Db, actor: &Actor, event: &str, email: &str) -> Result<()> {
    let mut tx = db.begin_write().await?;
    let team_id: Option<i64> = sqlx::query_scalar("SELECT team_id FROM members WHERE email = $1")
        .bind(fold(email))
        .fetch_optional(&mut *tx)
        .await?;
    record(&mut tx, actor, event, team_id, "", &fold(email)).await?;
    tx.commit().await?;
    Ok(())
}
