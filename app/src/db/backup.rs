//! What a backup needs of the database: a consistent copy of an SQLite
//! database while it is in use, and what a database holds (a restore goes
//! into an empty one only). PostgreSQL's copies are `pg_dump`'s
//! (`server/src/cli/backup.rs`).

use std::path::PathBuf;
use std::str::FromStr;

use sqlx::sqlite::SqliteConnectOptions;

use super::{Backend, Db, DbError, Result};

/// What a database holds, in the rows a backup is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Contents {
    pub teams: i64,
    pub submissions: i64,
    pub answer_keys: i64,
}

impl Contents {
    /// Nothing a team or an operator stored (the published figures a new
    /// database is seeded with do not count).
    pub fn is_empty(&self) -> bool {
        self.teams == 0 && self.submissions == 0 && self.answer_keys == 0
    }
}

/// Counts what `db` holds.
pub async fn contents(db: &Db) -> Result<Contents> {
    let (teams, submissions, answer_keys): (i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM teams), (SELECT COUNT(*) FROM submissions), (SELECT COUNT(*) FROM answer_keys)",
    )
    .fetch_one(db.pool())
    .await?;
    Ok(Contents { teams, submissions, answer_keys })
}

/// Writes a consistent copy of an SQLite database to `path` (which must
/// not exist) with `VACUUM INTO`: one read transaction, so writers go on
/// meanwhile and the copy is the database as of one commit.
pub async fn sqlite_copy(db: &Db, path: &str) -> Result<()> {
    if db.backend() != Backend::Sqlite {
        return Err(DbError::Seed("VACUUM INTO copies SQLite databases only".into()));
    }
    sqlx::query("VACUUM INTO $1").bind(path).execute(db.pool()).await?;
    Ok(())
}

/// How many tables an SQLite database has (0: a new, empty file).
pub async fn table_count(db: &Db) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'").fetch_one(db.pool()).await?)
}

/// SQLite's own check of a database's pages and indexes: `ok`, or what
/// is wrong.
pub async fn integrity(db: &Db) -> Result<String> {
    if db.backend() != Backend::Sqlite {
        return Ok("ok".into());
    }
    let rows: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check").fetch_all(db.pool()).await?;
    Ok(rows.join("; "))
}

/// The file of an `sqlite:` URL.
pub fn sqlite_file(url: &str) -> Result<PathBuf> {
    Ok(SqliteConnectOptions::from_str(url)?.get_filename().to_path_buf())
}
