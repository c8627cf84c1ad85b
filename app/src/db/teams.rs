//! Teams and their members.

use serde::{Deserialize, Serialize};

use super::clients::{self, ClientLimit};
use super::{Db, DbError, Result, now_unix};

/// A team as pages and the API show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, sqlx::FromRow)]
pub struct Team {
    pub id: i64,
    pub name: String,
    pub daily_quota: Option<i64>,
    pub total_quota: Option<i64>,
    pub created_at: i64,
}

/// A member with the password hash needed to sign in.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MemberCredentials {
    #[sqlx(rename = "id")]
    pub member_id: i64,
    pub team_id: i64,
    pub email: String,
    pub password_hash: String,
    /// When the operators banned the member's team, and why.
    pub banned_at: Option<i64>,
    pub ban_reason: Option<String>,
}

/// A team member as the team page lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, sqlx::FromRow)]
pub struct Member {
    pub id: i64,
    pub email: String,
    pub created_at: i64,
}

/// Why a team was not created.
#[derive(Debug, thiserror::Error)]
pub enum CreateTeamError {
    #[error("a team with this name already exists")]
    NameTaken,
    #[error("this email address is already registered")]
    EmailTaken,
    /// Another team's member has the same address once normalised (case,
    /// `+tag`): one address registers one team.
    #[error("this email address (ignoring case and +tags) already registered a team")]
    AddressTaken,
    /// The client registered `limit` teams today already.
    /// A member of a banned team has the address (once normalised).
    #[error("this address belongs to a team the operators banned")]
    Banned { reason: String },
    #[error("{limit} teams a UTC day can be registered from one address")]
    RegistrationLimit { limit: i64 },
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for CreateTeamError {
    fn from(e: sqlx::Error) -> Self {
        Self::Db(DbError::Sqlx(e))
    }
}

/// The lower-cased form of a team name or email that uniqueness is about.
pub fn fold(s: &str) -> String {
    s.trim().to_lowercase()
}

/// Creates a team and its first member, let in at once (see [`create_as`]).
pub async fn create(
    db: &Db,
    name: &str,
    email: &str,
    password_hash: &str,
    client: Option<ClientLimit<'_>>,
) -> Result<(Team, i64), CreateTeamError> {
    create_as(db, name, email, password_hash, client, true).await
}

/// Creates a team and its first member in one transaction; the unique
/// constraints on names and emails decide what is taken, and an address
/// whose normalised form another member has is refused. `admitted`: the
/// team may upload from now on (otherwise once [`admit`]ted). A team registered
/// by a `client` (from outside; `None` for the operator's CLI) is stored
/// with its key and, when it is limited, only while the client has
/// registered fewer than `per_day` teams this UTC day: the count is taken
/// in the same transaction, after the client's row is locked.
pub async fn create_as(
    db: &Db,
    name: &str,
    email: &str,
    password_hash: &str,
    client: Option<ClientLimit<'_>>,
    admitted: bool,
) -> Result<(Team, i64), CreateTeamError> {
    let now = now_unix();
    let address = crate::domain::registration::address_key(email);
    let mut tx = db.begin_write().await?;
    let banned: Option<Option<String>> = sqlx::query_scalar(
        "SELECT t.ban_reason FROM members m JOIN teams t ON t.id = m.team_id
          WHERE (m.address_key = $1 OR m.email = $2) AND t.banned_at IS NOT NULL LIMIT 1",
    )
    .bind(&address)
    .bind(fold(email))
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(reason) = banned {
        return Err(CreateTeamError::Banned { reason: reason.unwrap_or_default() });
    }
    let taken: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM members WHERE address_key = $1 AND email <> $2")
        .bind(&address)
        .bind(fold(email))
        .fetch_one(&mut *tx)
        .await?;
    if taken > 0 {
        return Err(CreateTeamError::AddressTaken);
    }
    if let Some(client) = client.filter(ClientLimit::is_limited) {
        clients::lock(&mut tx, client.key, now).await?;
        if clients::registrations_in(&mut tx, client.key, now).await? >= client.per_day {
            return Err(CreateTeamError::RegistrationLimit { limit: client.per_day });
        }
    }
    let team = sqlx::query_scalar(
        "INSERT INTO teams (name, name_key, created_at, client_key, admitted_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(name.trim())
    .bind(fold(name))
    .bind(now)
    .bind(client.map(|c| c.key))
    .bind(admitted.then_some(now))
    .fetch_one(&mut *tx)
    .await;
    let team_id: i64 = match team {
        Ok(id) => id,
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Err(CreateTeamError::NameTaken),
        Err(e) => return Err(e.into()),
    };
    let Some(member_id) = insert_member(&mut tx, team_id, email, password_hash, now, None).await? else {
        return Err(CreateTeamError::EmailTaken);
    };
    tx.commit().await?;
    let team =
        Team { id: team_id, name: name.trim().to_owned(), daily_quota: None, total_quota: None, created_at: now };
    Ok((team, member_id))
}

/// Adds a member with `email` (folded; its address key computed) to team
/// `team_id` on `tx`, its address verified at `verified_at` if it was.
/// Its id; `None` when a member has the address already.
pub(super) async fn insert_member(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    team_id: i64,
    email: &str,
    password_hash: &str,
    now: i64,
    verified_at: Option<i64>,
) -> std::result::Result<Option<i64>, sqlx::Error> {
    let member = sqlx::query_scalar(
        "INSERT INTO members (team_id, email, password_hash, created_at, address_key, email_verified_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(team_id)
    .bind(fold(email))
    .bind(password_hash)
    .bind(now)
    .bind(crate::domain::registration::address_key(email))
    .bind(verified_at)
    .persistent(false)
    .fetch_one(&mut **tx)
    .await;
    match member {
        Ok(id) => Ok(Some(id)),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(None),
        Err(e) => Err(e),
    }
}

/// Forgets a team registered moments ago that could not be told how to
/// verify its address (the mail was not sent): its member goes with it.
pub async fn forget_unadmitted(db: &Db, team_id: i64) -> Result<()> {
    sqlx::query("DELETE FROM teams WHERE id = $1 AND admitted_at IS NULL").bind(team_id).execute(db.pool()).await?;
    Ok(())
}

/// Lets team `team_id` upload from now on (if it could not already).
pub async fn admit(db: &Db, team_id: i64) -> Result<()> {
    sqlx::query("UPDATE teams SET admitted_at = $1 WHERE id = $2 AND admitted_at IS NULL")
        .bind(now_unix())
        .bind(team_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The team named `name` (any case), and whether it may upload.
pub async fn by_name(db: &Db, name: &str) -> Result<Option<(Team, bool)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        team: Team,
        admitted_at: Option<i64>,
    }
    let row: Option<Row> = sqlx::query_as(
        "SELECT id, name, daily_quota, total_quota, created_at, admitted_at FROM teams WHERE name_key = $1",
    )
    .bind(fold(name))
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(|r| (r.team, r.admitted_at.is_some())))
}

/// Whether team `team_id` may upload (it was let in).
pub async fn admitted(db: &Db, team_id: i64) -> Result<bool> {
    let at: Option<Option<i64>> = sqlx::query_scalar("SELECT admitted_at FROM teams WHERE id = $1")
        .bind(team_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(at.flatten().is_some())
}

/// Stores the hash of a link's secret that verifies member `member_id`'s
/// address until `expires_at`.
pub async fn add_verification(db: &Db, member_id: i64, token_hash: &str, expires_at: i64) -> Result<()> {
    sqlx::query("INSERT INTO email_verifications (token_hash, member_id, expires_at) VALUES ($1, $2, $3)")
        .bind(token_hash)
        .bind(member_id)
        .bind(expires_at)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Uses the link whose secret hashes to `token_hash`: its member's address
/// is verified and the member's team let in, in one transaction, and the
/// link is spent. The team's id and name; `None` for an unknown, used or
/// expired link.
pub async fn verify(db: &Db, token_hash: &str) -> Result<Option<(i64, String)>> {
    let now = now_unix();
    let mut tx = db.begin_write().await?;
    let member: Option<(i64, i64)> =
        sqlx::query_as("SELECT member_id, expires_at FROM email_verifications WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_optional(&mut *tx)
            .await?;
    sqlx::query("DELETE FROM email_verifications WHERE token_hash = $1 OR expires_at < $2")
        .bind(token_hash)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    let Some(member_id) = member.filter(|(_, expires_at)| *expires_at >= now).map(|(member_id, _)| member_id) else {
        tx.commit().await?;
        return Ok(None);
    };
    sqlx::query("UPDATE members SET email_verified_at = $1 WHERE id = $2")
        .bind(now)
        .bind(member_id)
        .execute(&mut *tx)
        .await?;
    let team: (i64, String) =
        sqlx::query_as("SELECT t.id, t.name FROM teams t JOIN members m ON m.team_id = t.id WHERE m.id = $1")
            .bind(member_id)
            .fetch_one(&mut *tx)
            .await?;
    sqlx::query("UPDATE teams SET admitted_at = $1 WHERE id = $2 AND admitted_at IS NULL")
        .bind(now)
        .bind(team.0)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(team))
}

/// The credentials of the member with this email, if any.
pub async fn credentials(db: &Db, email: &str) -> Result<Option<MemberCredentials>> {
    Ok(sqlx::query_as(
        "SELECT m.id, m.team_id, m.email, m.password_hash, t.banned_at, t.ban_reason
           FROM members m JOIN teams t ON t.id = m.team_id WHERE m.email = $1",
    )
    .bind(fold(email))
    .fetch_optional(db.pool())
    .await?)
}

/// The address of member `member_id`.
pub async fn member_email(db: &Db, member_id: i64) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT email FROM members WHERE id = $1").bind(member_id).fetch_optional(db.pool()).await?)
}

/// How many teams are stored (`serve --demo` fills only a database with none).
pub async fn count(db: &Db) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM teams").fetch_one(db.pool()).await?)
}

/// A team by id.
pub async fn get(db: &Db, team_id: i64) -> Result<Option<Team>> {
    Ok(sqlx::query_as("SELECT id, name, daily_quota, total_quota, created_at FROM teams WHERE id = $1")
        .bind(team_id)
        .fetch_optional(db.pool())
        .await?)
}

/// The members of a team, oldest first.
pub async fn members(db: &Db, team_id: i64) -> Result<Vec<Member>> {
    Ok(sqlx::query_as("SELECT id, email, created_at FROM members WHERE team_id = $1 ORDER BY id")
        .bind(team_id)
        .fetch_all(db.pool())
        .await?)
}

/// Counts failed sign-ins for an account since `since`.
pub async fn recent_failures(db: &Db, email: &str, since: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM signin_failures WHERE email_key = $1 AND at >= $2")
        .bind(fold(email))
        .bind(since)
        .fetch_one(db.pool())
        .await?)
}

/// Records a failed sign-in (and forgets failures older than a day).
pub async fn record_failure(db: &Db, email: &str) -> Result<()> {
    let now = now_unix();
    sqlx::query("INSERT INTO signin_failures (email_key, at) VALUES ($1, $2)")
        .bind(fold(email))
        .bind(now)
        .execute(db.pool())
        .await?;
    sqlx::query("DELETE FROM signin_failures WHERE at < $1").bind(now - 86_400).execute(db.pool()).await?;
    Ok(())
}
