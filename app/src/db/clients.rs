//! Limits per client address: the teams a client registers and the
//! uploads it sends (across all teams) in a UTC day. A client is known only
//! by a keyed hash of its address (`services::clients::ClientKey`); the
//! counts are of rows stored with that hash, taken inside the transaction
//! that inserts the next row, after [`lock`], so the limits hold however
//! many server processes share the database.

use super::{Db, Result, now_unix};

/// A client and how many of something it may do a UTC day (0: no limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientLimit<'a> {
    /// The keyed hash of the client's address.
    pub key: &'a str,
    pub per_day: i64,
}

impl ClientLimit<'_> {
    /// Whether there is a limit to check.
    pub fn is_limited(&self) -> bool {
        self.per_day > 0
    }
}

/// The Unix time of the 00:00 UTC that starts the day of `unix`.
fn utc_day_start(unix: i64) -> i64 {
    unix - unix.rem_euclid(86_400)
}

/// Writes the client's row, which keeps it locked until the transaction
/// of `conn` ends: on PostgreSQL a second request from the same client
/// waits here until the first has committed (SQLite's `BEGIN IMMEDIATE`
/// already runs one writer at a time).
pub(super) async fn lock(conn: &mut sqlx::AnyConnection, key: &str, now: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO clients (client_key, last_seen) VALUES ($1, $2)
         ON CONFLICT (client_key) DO UPDATE SET last_seen = excluded.last_seen",
    )
    .bind(key)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Teams registered by the client since 00:00 UTC of the day of `now`.
pub(super) async fn registrations_in(conn: &mut sqlx::AnyConnection, key: &str, now: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM teams WHERE client_key = $1 AND created_at >= $2")
        .bind(key)
        .bind(utc_day_start(now))
        .fetch_one(conn)
        .await?)
}

/// Teams the client registered today (the cheap check before a password is
/// hashed; the binding one is in `teams::create`).
pub async fn registrations_today(db: &Db, key: &str) -> Result<i64> {
    registrations_in(&mut *db.pool().acquire().await?, key, now_unix()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_starts_at_utc_midnight() {
        assert_eq!(utc_day_start(86_400 * 3), 86_400 * 3);
        assert_eq!(utc_day_start(86_400 * 3 + 86_399), 86_400 * 3);
        assert_eq!(utc_day_start(86_400 * 3 - 1), 86_400 * 2);
    }
}
