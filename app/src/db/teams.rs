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
    /// The client registered `limit` teams today already.
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

/// Creates a team and its first member in one transaction; the unique
/// constraints on names and emails decide what is taken. A team registered
/// by a `client` (from outside; `None` for the operator's CLI) is stored
/// with its key and, when it is limited, only while the client has
/// registered fewer than `per_day` teams this UTC day: the count is taken
/// in the same transaction, after the client's row is locked.
pub async fn create(
    db: &Db,
    name: &str,
    email: &str,
    password_hash: &str,
    client: Option<ClientLimit<'_>>,
) -> Result<(Team, i64), CreateTeamError> {
    let now = now_unix();
    let mut tx = db.begin_write().await?;
    if let Some(client) = client.filter(ClientLimit::is_limited) {
        clients::lock(&mut tx, client.key, now).await?;
        if clients::registrations_in(&mut tx, client.key, now).await? >= client.per_day {
            return Err(CreateTeamError::RegistrationLimit { limit: client.per_day });
        }
    }
    let team = sqlx::query_scalar(
        "INSERT INTO teams (name, name_key, created_at, client_key) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(name.trim())
    .bind(fold(name))
    .bind(now)
    .bind(client.map(|c| c.key))
    .fetch_one(&mut *tx)
    .await;
    let team_id: i64 = match team {
        Ok(id) => id,
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Err(CreateTeamError::NameTaken),
        Err(e) => return Err(e.into()),
    };
    let member = sqlx::query_scalar(
        "INSERT INTO members (team_id, email, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(team_id)
    .bind(fold(email))
    .bind(password_hash)
    .bind(now)
    .fetch_one(&mut *tx)
    .await;
    let member_id: i64 = match member {
        Ok(id) => id,
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Err(CreateTeamError::EmailTaken),
        Err(e) => return Err(e.into()),
    };
    tx.commit().await?;
    let team =
        Team { id: team_id, name: name.trim().to_owned(), daily_quota: None, total_quota: None, created_at: now };
    Ok((team, member_id))
}

/// The credentials of the member with this email, if any.
pub async fn credentials(db: &Db, email: &str) -> Result<Option<MemberCredentials>> {
    Ok(sqlx::query_as("SELECT id, team_id, email, password_hash FROM members WHERE email = $1")
        .bind(fold(email))
        .fetch_optional(db.pool())
        .await?)
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
