//! A team's quota: its uploads counted today and in all, against its own
//! limits or the server's defaults.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::super::repeats::{KeyedUpload, REPEAT_WINDOW_SECS};
use super::super::{Db, Result, now_unix};
use super::NewSubmission;

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

/// Counts a new upload of team `$2` on its row, on the UTC day `$1`.
pub(super) const COUNT_UPLOAD: &str = "UPDATE teams SET uploads_total = uploads_total + 1,
        uploads_on_day = CASE WHEN uploads_day = $1 THEN uploads_on_day + 1 ELSE 1 END, uploads_day = $1
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

/// What an upload's transaction reads before it decides, in one statement
/// ([`ADMISSION`]): everything the rules of `submissions::admit` look at.
/// The key and the token were read before, perhaps from caches
/// (`services::keys`, `services::tokens`): what is read here is how they
/// stand now.
pub(super) struct Admission {
    pub used: QuotaUse,
    pub team_name: String,
    /// The team's first upload of the same file for the same model and
    /// benchmark within the repeat window.
    pub repeat_of: Option<String>,
    /// The team's earlier upload with the same `Idempotency-Key`.
    pub keyed: Option<KeyedUpload>,
    /// The default key's id and exposure (`None`: no key).
    pub default_key: Option<(i64, String)>,
    /// The upload's token is not revoked (always, for one without a token).
    pub token_live: bool,
    /// The best accuracy the Ladder showed the team on the key (any model).
    pub best_shown: Option<f64>,
    /// The client's uploads today, across all teams (0 when not asked).
    pub client_uploads: i64,
    /// The team was let in (`domain::registration`).
    pub admitted: bool,
}

#[derive(sqlx::FromRow)]
struct AdmissionRow {
    #[sqlx(flatten)]
    quota: QuotaRow,
    repeat_of: Option<String>,
    keyed_public_id: Option<String>,
    keyed_file_sha256: Option<String>,
    keyed_model_name: Option<String>,
    keyed_benchmark: Option<String>,
    default_key_id: Option<i64>,
    default_key_exposure: Option<String>,
    token_live: i64,
    best_shown: Option<f64>,
    client_uploads: i64,
    admitted_at: Option<i64>,
}

/// [`admission_in`]'s statement. `$1` the team, `$2` the UTC day, `$3` the
/// file's SHA-256, `$4` the model, `$5` the benchmark, `$6` the start of
/// the repeat window, `$7` the API token's id (0: none; ids start at 1),
/// `$8` the `Idempotency-Key` (NULL: none), `$9` the key it was scored on,
/// `$10` the client's key (NULL: its uploads are not limited). Each
/// look-up is a subquery served by an index: the repeat by
/// `submissions_repeat` (migration 0018), the keyed upload by the unique
/// `Idempotency-Key` index, the client's count by the client's day, the
/// team's best shown score on the key by `submissions_team_ladder`
/// (migration 0019).
pub static ADMISSION: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {QUOTA_COLUMNS},
        (SELECT r.public_id FROM submissions r
          WHERE r.team_id = $1 AND r.file_sha256 = $3 AND r.model_name = $4 AND r.benchmark = $5
            AND r.created_at > $6
          ORDER BY r.id LIMIT 1) AS repeat_of,
        e.public_id AS keyed_public_id, e.file_sha256 AS keyed_file_sha256,
        e.model_name AS keyed_model_name, e.benchmark AS keyed_benchmark,
        (SELECT k.id FROM answer_keys k WHERE k.benchmark = $5 ORDER BY k.id DESC LIMIT 1) AS default_key_id,
        (SELECT k.exposure FROM answer_keys k WHERE k.benchmark = $5 ORDER BY k.id DESC LIMIT 1)
          AS default_key_exposure,
        CASE WHEN $7 = 0 THEN 1
             ELSE (SELECT COUNT(*) FROM api_tokens a JOIN teams bt ON bt.id = a.team_id
                    WHERE a.id = $7 AND a.revoked_at IS NULL AND bt.banned_at IS NULL) END AS token_live,
        (SELECT MAX(b.shown_accuracy) FROM submissions b
          WHERE b.team_id = $1 AND b.key_id = $9) AS best_shown,
        CASE WHEN CAST($10 AS TEXT) IS NULL THEN 0
             ELSE (SELECT COUNT(*) FROM submissions c WHERE c.client_key = $10 AND c.utc_day = $2) END
          AS client_uploads,
        t.admitted_at
   FROM teams t
   LEFT JOIN (SELECT k.public_id, k.file_sha256, k.model_name, k.benchmark FROM submissions k
               WHERE k.team_id = $1 AND k.idempotency_key = $8 LIMIT 1) AS e ON TRUE
  WHERE t.id = $1"
    )
});

/// The [`Admission`] of upload `new`, read on its transaction's connection.
pub(super) async fn admission_in(
    conn: &mut sqlx::AnyConnection,
    new: &NewSubmission,
    day: &str,
    now: i64,
    defaults: QuotaDefaults,
) -> Result<Admission> {
    let upload = new.identity();
    let row: AdmissionRow = sqlx::query_as(&ADMISSION)
        .bind(upload.team_id)
        .bind(day)
        .bind(upload.file_sha256)
        .bind(upload.model_name)
        .bind(upload.benchmark)
        .bind(now - REPEAT_WINDOW_SECS)
        .bind(new.token_id.unwrap_or(0))
        .bind(upload.idempotency_key)
        .bind(new.key.id)
        .bind(new.client().map(|client| client.key))
        .fetch_one(conn)
        .await?;
    let keyed = match (row.keyed_public_id, row.keyed_file_sha256, row.keyed_model_name, row.keyed_benchmark) {
        (Some(public_id), Some(file_sha256), Some(model_name), Some(benchmark)) => {
            Some(KeyedUpload { public_id, file_sha256, model_name, benchmark })
        }
        _ => None,
    };
    Ok(Admission {
        used: row.quota.quota(defaults),
        team_name: row.quota.name,
        repeat_of: row.repeat_of,
        keyed,
        default_key: row.default_key_id.zip(row.default_key_exposure),
        token_live: row.token_live > 0,
        best_shown: row.best_shown,
        client_uploads: row.client_uploads,
        admitted: row.admitted_at.is_some(),
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
