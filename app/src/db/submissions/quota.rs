//! A team's quota: its uploads counted today and in all, against its own
//! limits or the server's defaults.

use serde::{Deserialize, Serialize};

use super::super::repeats::{REPEAT_WINDOW_SECS, SAME_FILE, UploadIdentity};
use super::super::{Db, Result, now_unix};

/// Submissions used and allowed for a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotaUse {
    pub daily_limit: i64,
    pub daily_used: i64,
    pub total_limit: i64,
    pub total_used: i64,
}

impl QuotaUse {
    /// Uploads left today (never negative).
    pub fn daily_remaining(&self) -> i64 {
        (self.daily_limit - self.daily_used).max(0)
    }
    /// Uploads left in total.
    pub fn total_remaining(&self) -> i64 {
        (self.total_limit - self.total_used).max(0)
    }
    /// Uploads left now: the smaller of the two.
    pub fn remaining(&self) -> i64 {
        self.daily_remaining().min(self.total_remaining())
    }
}

/// The server's default quotas; a team's own columns override them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotaDefaults {
    pub daily: i64,
    pub total: i64,
}

/// The UTC date of a Unix time as `YYYY-MM-DD` (the daily quota's bucket).
pub fn utc_day(unix: i64) -> String {
    crate::format::utc_date(unix)
}

/// Seconds until the next 00:00 UTC (the daily quota's `Retry-After`).
pub fn seconds_to_utc_midnight(unix: i64) -> i64 {
    86_400 - unix.rem_euclid(86_400)
}

/// A team's own quotas (`None`: the default) and its uploads counted (on
/// its row as they are stored, migration 0017: [`COUNT_UPLOAD`]): the
/// columns of [`QuotaRow`], with `$2` the UTC day.
const QUOTA_COLUMNS: &str = "t.name AS name, t.daily_quota AS daily_quota, t.total_quota AS total_quota,
        CASE WHEN t.uploads_day = $2 THEN t.uploads_on_day ELSE 0 END AS daily_used,
        t.uploads_total AS total_used";

/// Counts a new upload on its team's row: `$2` the team, `$18` the UTC day
/// (the parameters of the upload's insert, `submissions::store`).
pub(super) const COUNT_UPLOAD: &str = "UPDATE teams SET uploads_total = uploads_total + 1,
        uploads_on_day = CASE WHEN uploads_day = $18 THEN uploads_on_day + 1 ELSE 1 END, uploads_day = $18
  WHERE id = $2";

#[derive(sqlx::FromRow)]
struct QuotaRow {
    name: String,
    daily_quota: Option<i64>,
    total_quota: Option<i64>,
    daily_used: i64,
    total_used: i64,
}

impl QuotaRow {
    fn quota(&self, defaults: QuotaDefaults) -> QuotaUse {
        QuotaUse {
            daily_limit: self.daily_quota.unwrap_or(defaults.daily),
            daily_used: self.daily_used,
            total_limit: self.total_quota.unwrap_or(defaults.total),
            total_used: self.total_used,
        }
    }
}

/// The team's quota use on the UTC `day`, and the team's name.
async fn quota_in<'c, E>(exec: E, team_id: i64, day: &str, defaults: QuotaDefaults) -> Result<(QuotaUse, String)>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let row: QuotaRow = sqlx::query_as(&format!("SELECT {QUOTA_COLUMNS} FROM teams t WHERE t.id = $1"))
        .bind(team_id)
        .bind(day)
        .fetch_one(exec)
        .await?;
    Ok((row.quota(defaults), row.name))
}

/// What an upload's transaction reads before it inserts, in one statement:
/// the team's quota use and name, the earlier upload of the same file it
/// repeats (`repeats::SAME_FILE`), the benchmark's default key as it
/// stands (the upload was scored on a key read earlier, perhaps from a
/// cache: `services::keys`) and whether its API token is still live
/// (read before, perhaps from a cache: `services::tokens`).
pub(super) struct Admission {
    pub used: QuotaUse,
    pub team_name: String,
    pub repeat_of: Option<String>,
    /// The default key's id and exposure (`None`: no key).
    pub default_key: Option<(i64, String)>,
    /// The upload's token is not revoked (always, for one without a token).
    pub token_live: bool,
}

#[derive(sqlx::FromRow)]
struct AdmissionRow {
    #[sqlx(flatten)]
    quota: QuotaRow,
    repeat_of: Option<String>,
    default_key_id: Option<i64>,
    default_key_exposure: Option<String>,
    token_live: i64,
}

/// An upload's [`Admission`], on the transaction's connection.
pub(super) async fn admission_in(
    conn: &mut sqlx::AnyConnection,
    upload: &UploadIdentity<'_>,
    token_id: Option<i64>,
    day: &str,
    now: i64,
    defaults: QuotaDefaults,
) -> Result<Admission> {
    let row: AdmissionRow = sqlx::query_as(&format!(
        "SELECT {QUOTA_COLUMNS}, ({SAME_FILE}) AS repeat_of,
                (SELECT k.id FROM answer_keys k WHERE k.benchmark = $5 ORDER BY k.id DESC LIMIT 1) AS default_key_id,
                (SELECT k.exposure FROM answer_keys k WHERE k.benchmark = $5 ORDER BY k.id DESC LIMIT 1)
                  AS default_key_exposure,
                CASE WHEN $7 = 0 THEN 1
                     ELSE (SELECT COUNT(*) FROM api_tokens a WHERE a.id = $7 AND a.revoked_at IS NULL) END
                  AS token_live
           FROM teams t WHERE t.id = $1"
    ))
    .bind(upload.team_id)
    .bind(day)
    .bind(upload.file_sha256)
    .bind(upload.model_name)
    .bind(upload.benchmark)
    .bind(now - REPEAT_WINDOW_SECS)
    // Token ids start at 1: 0 is no token.
    .bind(token_id.unwrap_or(0))
    .fetch_one(conn)
    .await?;
    Ok(Admission {
        used: row.quota.quota(defaults),
        team_name: row.quota.name,
        repeat_of: row.repeat_of,
        default_key: row.default_key_id.zip(row.default_key_exposure),
        token_live: row.token_live > 0,
    })
}

/// A team's quota use right now.
pub async fn quota(db: &Db, team_id: i64, defaults: QuotaDefaults) -> Result<QuotaUse> {
    Ok(quota_in(db.pool(), team_id, &utc_day(now_unix()), defaults).await?.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_days_and_midnight() {
        assert_eq!(utc_day(0), "1970-01-01");
        assert_eq!(utc_day(1_709_164_800), "2024-02-29");
        assert_eq!(utc_day(1_796_083_199), "2026-11-30");
        assert_eq!(seconds_to_utc_midnight(1_796_083_199), 1);
        assert_eq!(seconds_to_utc_midnight(0), 86_400);
    }
}
