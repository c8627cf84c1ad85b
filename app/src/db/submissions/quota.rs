//! A team's quota: its uploads counted today and in all, against its own
//! limits or the server's defaults.

use serde::{Deserialize, Serialize};

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

/// A team's own quotas (`None`: the default) and its submissions counted.
#[derive(sqlx::FromRow)]
struct QuotaRow {
    name: String,
    daily_quota: Option<i64>,
    total_quota: Option<i64>,
    daily_used: i64,
    total_used: i64,
}

/// The team's quota use on the UTC `day`, and the team's name.
pub(super) async fn quota_in<'c, E>(
    exec: E,
    team_id: i64,
    day: &str,
    defaults: QuotaDefaults,
) -> Result<(QuotaUse, String)>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let row: QuotaRow = sqlx::query_as(
        "SELECT t.name AS name, t.daily_quota AS daily_quota, t.total_quota AS total_quota,
                (SELECT COUNT(*) FROM submissions s WHERE s.team_id = t.id AND s.utc_day = $2) AS daily_used,
                (SELECT COUNT(*) FROM submissions s WHERE s.team_id = t.id) AS total_used
           FROM teams t WHERE t.id = $1",
    )
    .bind(team_id)
    .bind(day)
    .fetch_one(exec)
    .await?;
    let used = QuotaUse {
        daily_limit: row.daily_quota.unwrap_or(defaults.daily),
        daily_used: row.daily_used,
        total_limit: row.total_quota.unwrap_or(defaults.total),
        total_used: row.total_used,
    };
    Ok((used, row.name))
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
