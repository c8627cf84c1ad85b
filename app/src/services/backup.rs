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

/// SQLite's integrity check: `ok`, or what is wrong.
pub async fn integrity(db: &Db) -> Result<String> {
    Ok(backup::integrity(db).await?)
}
