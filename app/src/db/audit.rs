//! The audit log of security-relevant events (sign-ins, tokens, uploads,
//! an owner's changes and withdrawals of a submission).

use super::{Db, Result, now_unix};

/// Appends one event. `detail` is free text for operators (no secrets).
pub async fn record(db: &Db, event: &str, team_id: Option<i64>, member_id: Option<i64>, detail: &str) -> Result<()> {
    record_in(db.writer(), event, team_id, member_id, detail).await
}

/// [`record`] on `exec` (a transaction), so the event is kept exactly when
/// the change it records is.
pub(crate) async fn record_in<'c, E>(
    exec: E,
    event: &str,
    team_id: Option<i64>,
    member_id: Option<i64>,
    detail: &str,
) -> Result<()>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    record_by_in(exec, event, team_id, member_id, detail, "", "").await
}

/// [`record_in`] for an operator's action: who did it (`actor`: an
/// operator's address, or `command line (USER)`) and why (`reason`).
pub(crate) async fn record_by_in<'c, E>(
    exec: E,
    event: &str,
    team_id: Option<i64>,
    member_id: Option<i64>,
    detail: &str,
    actor: &str,
    reason: &str,
) -> Result<()>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    sqlx::query(
        "INSERT INTO audit_log (at, event, team_id, member_id, detail, actor, reason) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(now_unix())
    .bind(event)
    .bind(team_id)
    .bind(member_id)
    .bind(detail)
    .bind(actor)
    .bind(reason)
    .execute(exec)
    .await?;
    Ok(())
}

/// The events of a kind, newest first (for tests and operators).
pub async fn events(db: &Db, event: &str) -> Result<Vec<(i64, Option<i64>, String)>> {
    let rows: Vec<(i64, Option<i64>, String)> =
        sqlx::query_as("SELECT at, team_id, detail FROM audit_log WHERE event = $1 ORDER BY id DESC")
            .bind(event)
            .fetch_all(db.pool())
            .await?;
    Ok(rows)
}
