//! The database as a process opens it: connecting and migrating (methods
//! of [`Db`]), the paper's published results it is seeded with, and the
//! server-wide settings it keeps (the secrets every process shares).

use crate::db::{self, Db, DbError};

pub use crate::db::{Backend, DEFAULT_DATABASE_URL};

/// Stores the paper's published results when the database has none;
/// `true` when it stored them.
pub async fn seed_published(db: &Db) -> Result<bool, DbError> {
    db::seed::seed_published(db).await
}

/// The setting `name`, stored as `make()` on first use (the first of
/// several processes to store it wins, and all read its value).
pub async fn setting_or_insert(db: &Db, name: &str, make: impl FnOnce() -> String) -> Result<String, DbError> {
    db::setting_or_insert(db, name, make).await
}

/// The database pools' use now, for the metrics: each pool's name
/// (`read`, `write`), its open connections and the idle ones among them.
pub fn pool_use(db: &Db) -> [(&'static str, u32, usize); 2] {
    let (read, write) = (db.pool(), db.writer());
    [("read", read.size(), read.num_idle()), ("write", write.size(), write.num_idle())]
}
