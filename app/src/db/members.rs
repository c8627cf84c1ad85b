//! A team's members over time: password-reset links, invitations of new
//! members, and leaving. Each use of a link is one transaction that spends
//! it, so a link works once even when two requests race.

use super::teams::fold;
use super::{Db, Result, audit, now_unix};

/// Stores a reset link's hash for the member with `email`, unless one was
/// made for that member in the last `gap_secs` (so that the form cannot
/// fill a mailbox). The member's id when a link was stored; `None` for an
/// unknown address or a link made moments ago.
pub async fn add_reset(db: &Db, email: &str, token_hash: &str, ttl_secs: i64, gap_secs: i64) -> Result<Option<i64>> {
    let now = now_unix();
    let mut tx = db.begin_write().await?;
    let member: Option<i64> = sqlx::query_scalar("SELECT id FROM members WHERE email = $1")
        .bind(fold(email))
        .fetch_optional(&mut *tx)
        .await?;
    let Some(member_id) = member else { return Ok(None) };
    sqlx::query("DELETE FROM password_resets WHERE expires_at < $1").bind(now).execute(&mut *tx).await?;
    let recent: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM password_resets WHERE member_id = $1 AND created_at > $2")
            .bind(member_id)
            .bind(now - gap_secs)
            .fetch_one(&mut *tx)
            .await?;
    if recent > 0 {
        return Ok(None);
    }
    sqlx::query("INSERT INTO password_resets (token_hash, member_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(token_hash)
        .bind(member_id)
        .bind(now)
        .bind(now + ttl_secs)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(member_id))
}

/// Whether a reset link is live (unknown, used and expired ones are not).
pub async fn reset_is_live(db: &Db, token_hash: &str) -> Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM password_resets WHERE token_hash = $1 AND expires_at >= $2")
        .bind(token_hash)
        .bind(now_unix())
        .fetch_one(db.pool())
        .await?;
    Ok(n > 0)
}

/// Uses a reset link: the member's password becomes `password_hash`, every
/// session of the member ends and every other reset link of the member
/// goes, in one transaction with the link's own removal. The member's
/// (team, member) ids; `None` for an unknown, used or expired link.
pub async fn use_reset(db: &Db, token_hash: &str, password_hash: &str) -> Result<Option<(i64, i64)>> {
    let now = now_unix();
    let mut tx = db.begin_write().await?;
    // Claimed by its deletion: of two requests with one link, one gets it.
    let claimed: Option<(i64, i64)> =
        sqlx::query_as("DELETE FROM password_resets WHERE token_hash = $1 RETURNING member_id, expires_at")
            .bind(token_hash)
            .fetch_optional(&mut *tx)
            .await?;
    let banned: Option<i64> = match claimed {
        Some((member_id, _)) => {
            sqlx::query_scalar("SELECT t.banned_at FROM members m JOIN teams t ON t.id = m.team_id WHERE m.id = $1")
                .bind(member_id)
                .fetch_optional(&mut *tx)
                .await?
                .flatten()
        }
        None => None,
    };
    // A banned team's member gets no password (nor a session) this way.
    let Some(member_id) = claimed.filter(|(_, expires_at)| *expires_at >= now && banned.is_none()).map(|(m, _)| m)
    else {
        tx.commit().await?;
        return Ok(None);
    };
    sqlx::query("DELETE FROM password_resets WHERE member_id = $1").bind(member_id).execute(&mut *tx).await?;
    sqlx::query("UPDATE members SET password_hash = $1 WHERE id = $2")
        .bind(password_hash)
        .bind(member_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE member_id = $1").bind(member_id).execute(&mut *tx).await?;
    // Failed sign-ins of the address no longer hold its owner back.
    sqlx::query("DELETE FROM signin_failures WHERE email_key = (SELECT email FROM members WHERE id = $1)")
        .bind(member_id)
        .execute(&mut *tx)
        .await?;
    let team_id: i64 =
        sqlx::query_scalar("SELECT team_id FROM members WHERE id = $1").bind(member_id).fetch_one(&mut *tx).await?;
    audit::record_in(&mut *tx, "password_reset", Some(team_id), Some(member_id), "").await?;
    tx.commit().await?;
    Ok(Some((team_id, member_id)))
}

/// Stores an invitation of `email` into team `team_id` by member
/// `invited_by`, valid `ttl_secs`, unless the team has `max_live` live
/// invitations already. Whether it was stored.
pub async fn add_invitation(
    db: &Db,
    team_id: i64,
    invited_by: Option<i64>,
    email: &str,
    token_hash: &str,
    ttl_secs: i64,
    max_live: i64,
) -> Result<bool> {
    let now = now_unix();
    // The team's write transaction: two invitations at once cannot both
    // see room for one.
    let mut tx = db.begin_upload(team_id).await?;
    sqlx::query("DELETE FROM invitations WHERE expires_at < $1").bind(now).execute(&mut *tx).await?;
    let live: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM invitations WHERE team_id = $1")
        .bind(team_id)
        .fetch_one(&mut *tx)
        .await?;
    if live >= max_live {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO invitations (token_hash, team_id, email, invited_by, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(token_hash)
    .bind(team_id)
    .bind(fold(email))
    .bind(invited_by)
    .bind(now)
    .bind(now + ttl_secs)
    .execute(&mut *tx)
    .await?;
    audit::record_in(&mut *tx, "member_invited", Some(team_id), invited_by, &fold(email)).await?;
    tx.commit().await?;
    Ok(true)
}

/// A live invitation: the team's name and the address invited.
pub async fn invitation(db: &Db, token_hash: &str) -> Result<Option<(String, String)>> {
    Ok(sqlx::query_as(
        "SELECT t.name, i.email FROM invitations i JOIN teams t ON t.id = i.team_id
          WHERE i.token_hash = $1 AND i.expires_at >= $2 AND t.banned_at IS NULL",
    )
    .bind(token_hash)
    .bind(now_unix())
    .fetch_optional(db.pool())
    .await?)
}

/// Why an invitation was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    #[error("the invitation is unknown, used or expired")]
    Unknown,
    #[error("the address is a member already")]
    EmailTaken,
    #[error(transparent)]
    Db(#[from] super::DbError),
}

impl From<sqlx::Error> for JoinError {
    fn from(e: sqlx::Error) -> Self {
        Self::Db(super::DbError::Sqlx(e))
    }
}

/// Uses an invitation: its address becomes a member of its team with
/// `password_hash`, and the invitation is spent, in one transaction. The
/// new member's (team, member) ids.
pub async fn join(db: &Db, token_hash: &str, password_hash: &str) -> Result<(i64, i64), JoinError> {
    let now = now_unix();
    let mut tx = db.begin_write().await?;
    // Claimed by its deletion: of two requests with one link, one gets it.
    let invited: Option<(i64, String, i64)> =
        sqlx::query_as("DELETE FROM invitations WHERE token_hash = $1 RETURNING team_id, email, expires_at")
            .bind(token_hash)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((team_id, email)) = invited.filter(|(_, _, at)| *at >= now).map(|(t, e, _)| (t, e)) else {
        return Err(JoinError::Unknown);
    };
    let banned: Option<Option<i64>> =
        sqlx::query_scalar("SELECT banned_at FROM teams WHERE id = $1").bind(team_id).fetch_optional(&mut *tx).await?;
    if banned.flatten().is_some() {
        return Err(JoinError::Unknown);
    }
    // The link was mailed to the address: opening it verifies it.
    let Some(member_id) = super::teams::insert_member(&mut tx, team_id, &email, password_hash, now, Some(now)).await?
    else {
        return Err(JoinError::EmailTaken);
    };
    audit::record_in(&mut *tx, "member_joined", Some(team_id), Some(member_id), &email).await?;
    tx.commit().await?;
    Ok((team_id, member_id))
}

/// Removes member `member_id` from its team, unless it is the team's last
/// member (a team always has someone who can sign in). Whether it left.
pub async fn leave(db: &Db, member_id: i64) -> Result<bool> {
    let team_id: Option<i64> = sqlx::query_scalar("SELECT team_id FROM members WHERE id = $1")
        .bind(member_id)
        .fetch_optional(db.pool())
        .await?;
    let Some(team_id) = team_id else { return Ok(false) };
    // The team's write transaction: two members leaving at once cannot
    // both see the other stay.
    let mut tx = db.begin_upload(team_id).await?;
    let members: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM members WHERE team_id = $1").bind(team_id).fetch_one(&mut *tx).await?;
    if members <= 1 {
        return Ok(false);
    }
    let email: Option<String> = sqlx::query_scalar("SELECT email FROM members WHERE id = $1 AND team_id = $2")
        .bind(member_id)
        .bind(team_id)
        .fetch_optional(&mut *tx)
        .await?;
    // Gone meanwhile (left from another session).
    let Some(email) = email else { return Ok(false) };
    // The tokens the member made stop with the membership.
    sqlx::query("UPDATE api_tokens SET revoked_at = $1 WHERE member_id = $2 AND revoked_at IS NULL")
        .bind(now_unix())
        .bind(member_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM members WHERE id = $1").bind(member_id).execute(&mut *tx).await?;
    audit::record_in(&mut *tx, "member_left", Some(team_id), None, &email).await?;
    tx.commit().await?;
    Ok(true)
}
