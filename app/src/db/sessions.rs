//! Browser sessions and API tokens: only hashes of the secrets are stored.

use sha2::{Digest, Sha256};

use super::{Db, Result, now_unix};
pub use crate::domain::team::TokenRow as TokenInfo;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "mb_session";

/// What the database stores of a secret (session id, API token): its
/// SHA-256, hex-encoded. The secrets are 256-bit random values, so a fast
/// hash is enough.
pub fn secret_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// Who a session or token belongs to.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Principal {
    pub team_id: i64,
    pub member_id: Option<i64>,
}

/// Stores a new session (the caller has already generated the secret).
pub async fn create_session(db: &Db, id_hash: &str, member_id: i64, ttl_secs: i64) -> Result<()> {
    let now = now_unix();
    sqlx::query("INSERT INTO sessions (id_hash, member_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(id_hash)
        .bind(member_id)
        .bind(now)
        .bind(now + ttl_secs)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The member and team of a live session.
pub async fn session_principal(db: &Db, id_hash: &str) -> Result<Option<Principal>> {
    Ok(sqlx::query_as(
        "SELECT m.id AS member_id, m.team_id AS team_id
           FROM sessions s JOIN members m ON m.id = s.member_id JOIN teams t ON t.id = m.team_id
          WHERE s.id_hash = $1 AND s.expires_at > $2 AND t.banned_at IS NULL",
    )
    .bind(id_hash)
    .bind(now_unix())
    .fetch_optional(db.pool())
    .await?)
}

/// Ends a session (sign-out, or rotation at sign-in).
pub async fn delete_session(db: &Db, id_hash: &str) -> Result<()> {
    sqlx::query("DELETE FROM sessions WHERE id_hash = $1").bind(id_hash).execute(db.pool()).await?;
    Ok(())
}

/// What a session keeps for the next page it shows, once.
#[derive(Debug, Clone, Copy)]
pub enum Flash {
    /// A just-created API token, for the team page.
    Token,
    /// A refused web upload's reasons, for the upload page.
    UploadError,
    /// A refused web upload's form fields (JSON), to fill the form again.
    UploadFields,
    /// A refused change from a submission page's owner form (JSON: the
    /// submission's id, the reasons, what was typed).
    ChangeRefused,
    /// An invitation's link, on a server that sends no mail, for the team
    /// page (its member passes it on).
    Invitation,
}

impl Flash {
    fn column(self) -> &'static str {
        match self {
            Self::Token => "flash_token",
            Self::UploadError => "flash_error",
            Self::UploadFields => "flash_fields",
            Self::ChangeRefused => "flash_change",
            Self::Invitation => "flash_invite",
        }
    }
}

/// Keeps `value` for the next page view that takes this flash.
pub async fn set_flash(db: &Db, id_hash: &str, flash: Flash, value: &str) -> Result<()> {
    sqlx::query(&format!("UPDATE sessions SET {} = $1 WHERE id_hash = $2", flash.column()))
        .bind(value)
        .bind(id_hash)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Takes (reads and clears) a flash: it is shown once.
pub async fn take_flash(db: &Db, id_hash: &str, flash: Flash) -> Result<Option<String>> {
    let column = flash.column();
    let value: Option<Option<String>> =
        sqlx::query_scalar(&format!("SELECT {column} FROM sessions WHERE id_hash = $1"))
            .bind(id_hash)
            .fetch_optional(db.pool())
            .await?;
    let value = value.flatten();
    if value.is_some() {
        sqlx::query(&format!("UPDATE sessions SET {column} = NULL WHERE id_hash = $1"))
            .bind(id_hash)
            .execute(db.pool())
            .await?;
    }
    Ok(value)
}

/// Stores a new API token's hash.
pub async fn create_token(
    db: &Db,
    team_id: i64,
    member_id: Option<i64>,
    label: &str,
    token_hash: &str,
    prefix: &str,
) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "INSERT INTO api_tokens (team_id, member_id, label, token_hash, prefix, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(team_id)
    .bind(member_id)
    .bind(label)
    .bind(token_hash)
    .bind(prefix)
    .bind(now_unix())
    .fetch_one(db.pool())
    .await?)
}

/// A live token and whom it belongs to.
#[derive(sqlx::FromRow)]
struct TokenOwner {
    id: i64,
    last_used_at: Option<i64>,
    #[sqlx(flatten)]
    principal: Principal,
}

/// How stale a token's last-used time may get before a use writes it
/// again: a script sending many requests a minute costs one write a
/// minute, not one per request.
pub const TOKEN_USE_RESOLUTION_SECS: i64 = 60;

/// A live (not revoked) API token: its row id and whose it is.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveToken {
    pub id: i64,
    pub principal: Principal,
}

/// The team of a live (not revoked) token, updating its last-used time
/// (to within [`TOKEN_USE_RESOLUTION_SECS`]).
pub async fn token_principal(db: &Db, token_hash: &str) -> Result<Option<Principal>> {
    Ok(live_token(db, token_hash).await?.map(|token| token.principal))
}

/// The live token whose secret hashes to `token_hash`, updating its
/// last-used time (to within [`TOKEN_USE_RESOLUTION_SECS`]).
pub async fn live_token(db: &Db, token_hash: &str) -> Result<Option<LiveToken>> {
    let owner: Option<TokenOwner> = sqlx::query_as(
        "SELECT a.id, a.last_used_at, a.team_id, a.member_id FROM api_tokens a JOIN teams t ON t.id = a.team_id
          WHERE a.token_hash = $1 AND a.revoked_at IS NULL AND t.banned_at IS NULL",
    )
    .bind(token_hash)
    .fetch_optional(db.pool())
    .await?;
    let Some(owner) = owner else { return Ok(None) };
    let now = now_unix();
    if owner.last_used_at.is_none_or(|at| now - at >= TOKEN_USE_RESOLUTION_SECS) {
        sqlx::query("UPDATE api_tokens SET last_used_at = $1 WHERE id = $2")
            .bind(now)
            .bind(owner.id)
            .execute(db.writer())
            .await?;
    }
    Ok(Some(LiveToken { id: owner.id, principal: owner.principal }))
}

/// A row of a team's token listing.
#[derive(sqlx::FromRow)]
struct TokenListing {
    id: i64,
    label: String,
    prefix: String,
    created_at: i64,
    last_used_at: Option<i64>,
    revoked_at: Option<i64>,
}

impl From<TokenListing> for TokenInfo {
    fn from(r: TokenListing) -> Self {
        let TokenListing { id, label, prefix, created_at, last_used_at, revoked_at } = r;
        Self { id, label, prefix, created_at, last_used_at, revoked_at }
    }
}

/// A team's tokens, newest first.
pub async fn list_tokens(db: &Db, team_id: i64) -> Result<Vec<TokenInfo>> {
    let rows: Vec<TokenListing> = sqlx::query_as(
        "SELECT id, label, prefix, created_at, last_used_at, revoked_at FROM api_tokens WHERE team_id = $1 ORDER BY id DESC",
    )
    .bind(team_id)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(TokenInfo::from).collect())
}

/// Revokes one of the team's tokens; false when it is not theirs or already revoked.
pub async fn revoke_token(db: &Db, team_id: i64, token_id: i64) -> Result<bool> {
    let done =
        sqlx::query("UPDATE api_tokens SET revoked_at = $1 WHERE id = $2 AND team_id = $3 AND revoked_at IS NULL")
            .bind(now_unix())
            .bind(token_id)
            .bind(team_id)
            .execute(db.pool())
            .await?;
    Ok(done.rows_affected() == 1)
}
