//! Browser sessions: one is started at each sign-in (the id is rotated:
//! the browser's earlier session ends), ended at sign-out (recorded in the
//! audit log), and carries the one-time notes a redirect leaves for the
//! next page ([`Flash`]).

use super::{Result, Session};
use crate::db::{Db, audit, sessions};

pub use crate::db::sessions::{Flash, LiveToken, Principal, SESSION_COOKIE, secret_hash};

/// Starts the session `id` (the new cookie's value) for `member_id`,
/// lasting `ttl_secs`, and ends `old` (the cookie the browser sent, if
/// any).
pub async fn start(db: &Db, old: Option<&str>, id: &str, member_id: i64, ttl_secs: i64) -> Result<()> {
    if let Some(old) = old {
        sessions::delete_session(db, &secret_hash(old)).await?;
    }
    sessions::create_session(db, &secret_hash(id), member_id, ttl_secs).await?;
    Ok(())
}

/// Ends `session`, recording the sign-out.
pub async fn end(db: &Db, session: &Session) -> Result<()> {
    sessions::delete_session(db, &session.hash).await?;
    audit::record(db, "signout", Some(session.principal.team_id), session.principal.member_id, "").await?;
    Ok(())
}

/// Leaves `value` for the session's next page, which takes it once.
pub async fn set_flash(db: &Db, session_hash: &str, flash: Flash, value: &str) -> Result<()> {
    Ok(sessions::set_flash(db, session_hash, flash, value).await?)
}
