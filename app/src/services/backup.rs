//! Backups (`medarabench backup FILE` / `restore FILE`): the database's
//! side of them (see `crate::db::backup`).

pub use crate::db::backup::{Contents, sqlite_file};
use crate::db::{Db, backup};

use super::error::Result;

/// What `db` holds.
pub async fn contents(db: &Db) -> Result<Contents> {
    Ok(backup::contents(db).await?)
}

/// A consistent copy of an SQLite database at `path`, taken while it is in use.
pub async fn sqlite_copy(db: &Db, path: &str) -> Result<()> {
    Ok(backup::sqlite_copy(db, path).await?)
}

/// How many tables an SQLite database has (0: new and empty).
pub async fn table_count(db: &Db) -> Result<i64> {
    Ok(backup::table_count(db).await?)
}

/// SQLite's integrity check: `ok`, or what is wrong.
pub async fn integrity(db: &Db) -> Result<String> {
    Ok(backup::integrity(db).await?)
}
