//! An owner's writes to a stored submission: its declared metadata (never
//! its model name, file or scores) and its withdrawal. Each is one
//! transaction that also appends its audit event and moves the board's
//! version on, so the board, its exports and every cached comparison see
//! the change at once, and a change is never kept without its event.
//!
//! A withdrawn row is never deleted: it keeps counting against the team's
//! quotas and its model's attempts, and the visibility policy shows it to
//! its team only (`domain::visibility`, from `withdrawn_at`).

use super::super::{Backend, Db, DbError, Result, audit, board, now_unix};
use super::SubmissionMeta;
use crate::db::sessions::Principal;

/// Why an owner's write was not made.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// No submission with that id belongs to the team (unknown, or
    /// another team's: the two are not told apart).
    #[error("no such submission of this team")]
    NotFound,
    /// Withdrawn: it can no longer be changed.
    #[error("the submission was withdrawn")]
    Withdrawn,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for EditError {
    fn from(e: sqlx::Error) -> Self {
        Self::Db(DbError::Sqlx(e))
    }
}

/// What a withdrawal did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Withdrawal {
    /// Withdrawn now.
    Withdrawn,
    /// It already was: nothing changed (the first withdrawal's time stays).
    Already,
}

/// The row `public_id` of `owner`'s team, locked for this transaction
/// (SQLite's `BEGIN IMMEDIATE` holds the whole database; PostgreSQL locks
/// the row): its id and withdrawal time.
async fn own_row(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    public_id: &str,
    owner: &Principal,
) -> Result<Option<(i64, Option<i64>)>> {
    let lock = if backend == Backend::Postgres { " FOR UPDATE" } else { "" };
    Ok(sqlx::query_as(&format!("SELECT id, withdrawn_at FROM submissions WHERE public_id = $1 AND team_id = $2{lock}"))
        .bind(public_id)
        .bind(owner.team_id)
        .fetch_optional(conn)
        .await?)
}

/// Stores `meta` as the declared metadata of `owner`'s submission
/// `public_id` (its model name is not touched) and records the names of
/// the `changed` fields (never their values) in the audit log.
pub async fn update_meta(
    db: &Db,
    public_id: &str,
    owner: &Principal,
    meta: &SubmissionMeta,
    changed: &[&str],
) -> Result<(), EditError> {
    let mut tx = db.begin_write().await?;
    let (id, withdrawn_at) = own_row(&mut tx, db.backend(), public_id, owner).await?.ok_or(EditError::NotFound)?;
    if withdrawn_at.is_some() {
        return Err(EditError::Withdrawn);
    }
    // A NULL is written into the statement rather than bound: PostgreSQL
    // keeps a prepared statement's parameter types from its first use, and
    // through the `Any` driver a bound NULL is not typed as the column is.
    let mut next = 13;
    let mut placeholder = |present: bool| {
        if !present {
            return "NULL".to_owned();
        }
        next += 1;
        format!("${next}")
    };
    let shots = placeholder(meta.shots.is_some());
    let temperature = placeholder(meta.temperature.is_some());
    let sql = format!(
        "UPDATE submissions SET model_url = $1, model_params = $2, notes = $3, prompt_language = $4,
                chain_of_thought = $5, extraction = $6, contamination = $7, visibility = $8,
                model_category = $9, model_args = $10, generation = $11, shots = {shots},
                temperature = {temperature}
          WHERE id = $12 AND team_id = $13"
    );
    let mut update = sqlx::query(&sql)
        .bind(&meta.model_url)
        .bind(&meta.model_params)
        .bind(&meta.notes)
        .bind(meta.prompt_language.as_str())
        .bind(meta.chain_of_thought.as_str())
        .bind(&meta.extraction)
        .bind(meta.contamination.as_str())
        .bind(meta.visibility.as_str())
        .bind(meta.model_category.as_str())
        .bind(&meta.model_args)
        .bind(&meta.generation)
        .bind(id)
        .bind(owner.team_id);
    if let Some(shots) = meta.shots {
        update = update.bind(shots);
    }
    if let Some(temperature) = meta.temperature {
        update = update.bind(temperature);
    }
    update.execute(&mut *tx).await?;
    let detail = format!("{public_id}: {}", changed.join(", "));
    audit::record_in(&mut *tx, "submission_changed", Some(owner.team_id), owner.member_id, &detail).await?;
    board::bump_version(&mut *tx, owner.team_id).await?;
    tx.commit().await?;
    Ok(())
}

/// Withdraws `owner`'s submission `public_id`: marks it withdrawn now,
/// records the event and moves the board on. Withdrawing it again changes
/// nothing and records nothing.
pub async fn withdraw(db: &Db, public_id: &str, owner: &Principal) -> Result<Withdrawal, EditError> {
    let mut tx = db.begin_write().await?;
    let (id, withdrawn_at) = own_row(&mut tx, db.backend(), public_id, owner).await?.ok_or(EditError::NotFound)?;
    if withdrawn_at.is_some() {
        return Ok(Withdrawal::Already);
    }
    sqlx::query("UPDATE submissions SET withdrawn_at = $1 WHERE id = $2")
        .bind(now_unix())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    audit::record_in(&mut *tx, "submission_withdrawn", Some(owner.team_id), owner.member_id, public_id).await?;
    board::bump_version(&mut *tx, owner.team_id).await?;
    tx.commit().await?;
    Ok(Withdrawal::Withdrawn)
}
