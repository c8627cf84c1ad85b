//! A team's quota: its uploads counted today and in all, against its own
//! limits or the server's defaults.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::super::repeats::{KeyedUpload, REPEAT_WINDOW_SECS, UploadIdentity, keyed_sql, same_file_sql};
use super::super::{Db, DbError, Result, now_unix};

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
/// its row as they are stored, migration 0017: [`count_uploads_sql`]): the
/// columns of [`QuotaRow`], with `$2` the UTC day.
const QUOTA_COLUMNS: &str = "t.name AS name, t.daily_quota AS daily_quota, t.total_quota AS total_quota,
        CASE WHEN t.uploads_day = $2 THEN t.uploads_on_day ELSE 0 END AS daily_used,
        t.uploads_total AS total_used";

/// Counts new uploads on their teams' rows, each team's once: `day` the
/// SQL of the UTC day, `teams` the condition on the teams' ids.
pub(super) fn count_uploads_sql(day: &str, teams: &str) -> String {
    format!(
        "UPDATE teams SET uploads_total = uploads_total + 1,
        uploads_on_day = CASE WHEN uploads_day = {day} THEN uploads_on_day + 1 ELSE 1 END, uploads_day = {day}
  WHERE id {teams}"
    )
}

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
/// repeats (`repeats::same_file_sql`), the benchmark's default key as it
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

impl AdmissionRow {
    fn admission(self, defaults: QuotaDefaults) -> Admission {
        Admission {
            used: self.quota.quota(defaults),
            team_name: self.quota.name,
            repeat_of: self.repeat_of,
            default_key: self.default_key_id.zip(self.default_key_exposure),
            token_live: self.token_live > 0,
        }
    }
}

/// The SQL of what an upload's admission reads of it: parameters for one
/// upload ([`admission_in`]), a batch's columns for several ([`batch_admission_in`]).
struct UploadSql {
    team: &'static str,
    sha256: &'static str,
    model: &'static str,
    benchmark: &'static str,
    /// The start of the repeat window.
    since: &'static str,
    /// The API token's id, 0 for none (token ids start at 1).
    token: &'static str,
}

/// The columns of [`AdmissionRow`] for the upload `u`, with `$2` the UTC
/// day, from `teams t`.
fn admission_columns(u: &UploadSql) -> String {
    let UploadSql { team, sha256, model, benchmark, since, token } = u;
    let same_file = same_file_sql(team, sha256, model, benchmark, since);
    format!(
        "{QUOTA_COLUMNS}, ({same_file}) AS repeat_of,
            (SELECT k.id FROM answer_keys k WHERE k.benchmark = {benchmark} ORDER BY k.id DESC LIMIT 1) AS default_key_id,
            (SELECT k.exposure FROM answer_keys k WHERE k.benchmark = {benchmark} ORDER BY k.id DESC LIMIT 1)
              AS default_key_exposure,
            CASE WHEN {token} = 0 THEN 1
                 ELSE (SELECT COUNT(*) FROM api_tokens a WHERE a.id = {token} AND a.revoked_at IS NULL) END
              AS token_live"
    )
}

/// [`admission_in`]'s statement: `$1` the team, `$2` the day, `$3` the
/// file's SHA-256, `$4` the model, `$5` the benchmark, `$6` the start of the
/// repeat window, `$7` the token.
static ADMISSION: LazyLock<String> = LazyLock::new(|| {
    let upload = UploadSql { team: "$1", sha256: "$3", model: "$4", benchmark: "$5", since: "$6", token: "$7" };
    format!("SELECT {} FROM teams t WHERE t.id = $1", admission_columns(&upload))
});

/// An upload's [`Admission`], on the transaction's connection.
pub(super) async fn admission_in(
    conn: &mut sqlx::AnyConnection,
    upload: &UploadIdentity<'_>,
    token_id: Option<i64>,
    day: &str,
    now: i64,
    defaults: QuotaDefaults,
) -> Result<Admission> {
    let row: AdmissionRow = sqlx::query_as(&ADMISSION)
        .bind(upload.team_id)
        .bind(day)
        .bind(upload.file_sha256)
        .bind(upload.model_name)
        .bind(upload.benchmark)
        .bind(now - REPEAT_WINDOW_SECS)
        .bind(token_id.unwrap_or(0))
        .fetch_one(conn)
        .await?;
    Ok(row.admission(defaults))
}

/// What a batch's admission reads of one of its uploads, as JSON
/// (`submissions::batch`; PostgreSQL only).
#[derive(Debug, Serialize)]
pub(super) struct BatchUpload<'a> {
    /// Its place in the batch.
    pub i: i64,
    pub team_id: i64,
    pub file_sha256: &'a str,
    pub model_name: &'a str,
    pub benchmark: &'a str,
    /// 0: none.
    pub token_id: i64,
    pub idempotency_key: Option<&'a str>,
    /// The key it was scored on, and whether the Ladder rounds it.
    pub key_id: i64,
    pub ladder: bool,
    /// Its client's key, when the client's uploads are limited.
    pub client_key: Option<&'a str>,
    /// The server's quotas where its team has none of its own.
    #[serde(skip)]
    pub defaults: QuotaDefaults,
}

/// An upload's [`Admission`] in a batch, with what the other checks of
/// `insert_in` read with statements of their own.
pub(super) struct BatchAdmission {
    pub admission: Admission,
    /// The earlier upload of its team with its `Idempotency-Key`.
    pub keyed: Option<KeyedUpload>,
    /// The best accuracy the Ladder showed its team for the model on the key.
    pub best_shown: Option<f64>,
    /// Its client's uploads today (0 when not limited).
    pub client_uploads: i64,
}

#[derive(sqlx::FromRow)]
struct BatchAdmissionRow {
    i: i64,
    #[sqlx(flatten)]
    admission: AdmissionRow,
    keyed_public_id: Option<String>,
    keyed_file_sha256: Option<String>,
    keyed_model_name: Option<String>,
    keyed_benchmark: Option<String>,
    best_shown: Option<f64>,
    client_uploads: i64,
}

/// [`batch_admission_in`]'s statement: `$1` the uploads ([`BatchUpload`]
/// as a JSON array), `$2` the day, `$3` the start of the repeat window.
/// Each upload's team and earlier keyed upload are looked up one at a time
/// (`LATERAL ... LIMIT 1`, by their indexes): joined plainly, the planner
/// guesses a hundred rows for any `json_to_recordset` and read the whole
/// teams and submissions tables into hashes at every batch.
pub static BATCH_ADMISSION: LazyLock<String> = LazyLock::new(|| {
    let upload = UploadSql {
        team: "u.team_id",
        sha256: "u.file_sha256",
        model: "u.model_name",
        benchmark: "u.benchmark",
        since: "$3",
        token: "u.token_id",
    };
    let best_shown = super::best_shown_sql("u.team_id", "u.key_id", "u.model_name");
    let client_uploads = super::super::clients::uploads_sql("u.client_key", "$2");
    let keyed = keyed_sql("u.team_id", "u.idempotency_key");
    // `LIMIT 1` keeps each look-up a subquery of its own (a plain one is
    // pulled up into the join).
    format!(
        "SELECT u.i, {},
                e.public_id AS keyed_public_id, e.file_sha256 AS keyed_file_sha256,
                e.model_name AS keyed_model_name, e.benchmark AS keyed_benchmark,
                CASE WHEN u.ladder THEN ({best_shown}) END AS best_shown,
                CASE WHEN u.client_key IS NULL THEN 0 ELSE ({client_uploads}) END AS client_uploads
           FROM json_to_recordset($1::json) AS u(i bigint, team_id bigint, file_sha256 text, model_name text,
                  benchmark text, token_id bigint, idempotency_key text, key_id bigint, ladder boolean, client_key text)
           CROSS JOIN LATERAL (SELECT * FROM teams t0 WHERE t0.id = u.team_id LIMIT 1) AS t
           LEFT JOIN LATERAL ({keyed} LIMIT 1) AS e ON TRUE",
        admission_columns(&upload)
    )
});

/// The admission of each of a batch's `uploads` (of distinct teams), by
/// their place in it, in one statement (PostgreSQL only).
pub(super) async fn batch_admission_in(
    conn: &mut sqlx::AnyConnection,
    uploads: &[BatchUpload<'_>],
    day: &str,
    now: i64,
) -> Result<Vec<Option<BatchAdmission>>> {
    let json = serde_json::to_string(uploads).map_err(|e| DbError::Seed(e.to_string()))?;
    let rows: Vec<BatchAdmissionRow> =
        sqlx::query_as(&BATCH_ADMISSION).bind(json).bind(day).bind(now - REPEAT_WINDOW_SECS).fetch_all(conn).await?;
    let mut found: Vec<Option<BatchAdmission>> = uploads.iter().map(|_| None).collect();
    for row in rows {
        let keyed = match (row.keyed_public_id, row.keyed_file_sha256, row.keyed_model_name, row.keyed_benchmark) {
            (Some(public_id), Some(file_sha256), Some(model_name), Some(benchmark)) => {
                Some(KeyedUpload { public_id, file_sha256, model_name, benchmark })
            }
            _ => None,
        };
        let place = usize::try_from(row.i).ok().filter(|&i| i < found.len());
        let place = place.ok_or_else(|| DbError::Seed(format!("a batch's admission named upload {}", row.i)))?;
        found[place] = Some(BatchAdmission {
            admission: row.admission.admission(uploads[place].defaults),
            keyed,
            best_shown: row.best_shown,
            client_uploads: row.client_uploads,
        });
    }
    Ok(found)
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
