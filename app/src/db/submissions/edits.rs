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
    /// Its key is public (never held out, or revealed): the final choice
    /// is made before the reveal and fixed by it.
    #[error("the submission's key is public")]
    KeyPublic,
    /// The team already chose [`MAX_FINAL`] submissions of the model.
    #[error("already {MAX_FINAL} final submissions of the model")]
    TooManyFinal,
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
    board::bump_version(&mut tx, owner.team_id).await?;
    tx.commit().await?;
    Ok(())
}

/// What choosing a submission for the final standing reads of it.
#[derive(sqlx::FromRow)]
struct FinalRow {
    id: i64,
    withdrawn_at: Option<i64>,
    /// 1 when it is chosen already.
    was: i64,
    model: String,
    benchmark: String,
    exposure: String,
    /// Its key's line (the first version's id).
    lineage: i64,
}

/// The submissions of one model a team may choose to count in a held-out
/// key's final standing.
pub const MAX_FINAL: i64 = 2;

/// Chooses (or, `chosen` false, unchooses) `owner`'s submission
/// `public_id` to count in its held-out key's final standing, records the
/// event and moves the board on. Refused once the key is public, for a
/// withdrawn submission, and when the team already chose [`MAX_FINAL`]
/// submissions of the model on the key's line. On PostgreSQL the team's
/// upload lock is taken first, so two choices at once cannot both pass the
/// count. Choosing it again changes nothing and records nothing.
pub async fn set_final(db: &Db, public_id: &str, owner: &Principal, chosen: bool) -> Result<(), EditError> {
    let mut tx = db.begin_upload(owner.team_id).await?;
    let row: Option<FinalRow> = sqlx::query_as(
        "SELECT s.id, s.withdrawn_at, s.final_choice AS was, s.model_name AS model, s.benchmark, k.exposure,
                COALESCE(k.lineage_id, k.id) AS lineage
           FROM submissions s JOIN answer_keys k ON k.id = s.key_id
          WHERE s.public_id = $1 AND s.team_id = $2",
    )
    .bind(public_id)
    .bind(owner.team_id)
    .fetch_optional(&mut *tx)
    .await?;
    let FinalRow { id, withdrawn_at, was, model, benchmark, exposure, lineage } = row.ok_or(EditError::NotFound)?;
    if withdrawn_at.is_some() {
        return Err(EditError::Withdrawn);
    }
    if exposure != crate::domain::exposure::Exposure::HeldOut.as_str() {
        return Err(EditError::KeyPublic);
    }
    if (was != 0) == chosen {
        return Ok(());
    }
    if chosen {
        let others: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM submissions s JOIN answer_keys k ON k.id = s.key_id
              WHERE s.team_id = $1 AND s.model_name = $2 AND s.benchmark = $3 AND s.final_choice = 1
                AND s.withdrawn_at IS NULL AND COALESCE(k.lineage_id, k.id) = $4 AND s.id <> $5",
        )
        .bind(owner.team_id)
        .bind(&model)
        .bind(&benchmark)
        .bind(lineage)
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        if others >= MAX_FINAL {
            return Err(EditError::TooManyFinal);
        }
    }
    sqlx::query("UPDATE submissions SET final_choice = $1 WHERE id = $2")
        .bind(i64::from(chosen))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let event = if chosen { "submission_final_chosen" } else { "submission_final_unchosen" };
    audit::record_in(&mut *tx, event, Some(owner.team_id), owner.member_id, public_id).await?;
    board::bump_version(&mut tx, owner.team_id).await?;
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
    board::bump_version(&mut tx, owner.team_id).await?;
    tx.commit().await?;
    Ok(Withdrawal::Withdrawn)
}
