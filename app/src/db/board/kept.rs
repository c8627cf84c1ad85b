//! The board kept in the database (migration 0025): the last version made,
//! stored whole, and the lease of the one server making the next.
//!
//! Every server serves the stored board, so a version is made once in all
//! however many servers share the database, and a start reads the last one
//! made instead of making it again. A stored board is tagged with
//! [`FORMAT`] beside its version: a server of another build never serves
//! a board another build computed (its rows may mean something else), it
//! makes its own.
//!
//! The lease: a server makes a version only while it holds the lease
//! (`builder`, `lease_until`); the others wait for the stored result. A
//! lease runs out ([`lease_seconds`]), so a server killed while making a
//! board holds up the next version for seconds, not for ever; a holder
//! that outlives its lease may find another making the same version, and
//! then stores nothing (the store names its builder).

use std::io::Write;

use super::super::{Db, DbError, Result, now_unix};
use crate::domain::board::Board;

/// [`this_build`], once read.
static BUILD: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// The build a stored board must come from to be served: the package
/// version and a digest of this executable (every build of the code has
/// its own), so a deployment of new code never serves a board the old
/// code made, and servers of one build share theirs.
fn this_build() -> &'static str {
    BUILD.get_or_init(|| {
        use sha2::Digest;
        let exe = std::env::current_exe().and_then(std::fs::read);
        let build = exe.map(|bytes| hex::encode(&sha2::Sha256::digest(&bytes)[..8])).unwrap_or_else(|e| {
            tracing::warn!(error = %e, "this executable could not be read: its boards are tagged by its version only");
            String::new()
        });
        format!("{}+{build}", env!("CARGO_PKG_VERSION"))
    })
}

/// Reads this executable's digest once, on the blocking pool (a debug
/// build's executable is hundreds of megabytes): call before timing a
/// making, which must not count it.
pub(super) async fn read_build() -> Result<()> {
    if BUILD.get().is_some() {
        return Ok(());
    }
    tokio::task::spawn_blocking(|| {
        this_build();
    })
    .await
    .map_err(|e| DbError::Background(e.to_string()))
}

/// The stored tag of board version `version`.
fn tag(version: &str) -> String {
    format!("{}:{version}", this_build())
}

/// The board version a stored tag names, if this build may serve it.
fn version_of(tag: &str) -> Option<&str> {
    tag.strip_prefix(this_build())?.strip_prefix(':')
}

/// The version of the stored board, if one of this build is stored.
pub(super) async fn stored_version(db: &Db) -> Result<Option<String>> {
    let stored: Option<String> =
        sqlx::query_scalar("SELECT version FROM kept_board WHERE id = 1").fetch_optional(db.pool()).await?.flatten();
    Ok(stored.as_deref().and_then(version_of).map(str::to_owned))
}

/// The stored board, if it is of this build and at version `version`
/// (`None` if another was stored meanwhile).
pub(super) async fn load(db: &Db, version: &str) -> Result<Option<Board>> {
    let body: Option<Vec<u8>> = sqlx::query_scalar("SELECT body FROM kept_board WHERE id = 1 AND version = $1")
        .bind(tag(version))
        .fetch_optional(db.pool())
        .await?;
    let Some(body) = body else { return Ok(None) };
    let board =
        tokio::task::spawn_blocking(move || decode(&body)).await.map_err(|e| DbError::Background(e.to_string()))??;
    Ok(Some(board))
}

/// How long a lease lasts when this server's last making took
/// `last_made_ms` (0: it never made one): three times that, at least 5
/// seconds and at most 2 minutes. A making that outlasts its lease may be
/// done twice, never stored out of order ([`store`] names its builder).
pub(super) fn lease_seconds(last_made_ms: u64) -> i64 {
    let secs = (last_made_ms.saturating_mul(3) / 1000) as i64;
    secs.clamp(5, 120)
}

/// Takes the lease for `builder` if no other server holds one that is
/// still running; whether it was taken.
pub(super) async fn try_lease(db: &Db, builder: &str, seconds: i64) -> Result<bool> {
    // The one row, if something removed it (it is made by migration 0025).
    sqlx::query("INSERT INTO kept_board (id) VALUES (1) ON CONFLICT (id) DO NOTHING").execute(db.writer()).await?;
    let now = now_unix();
    let taken = sqlx::query(
        "UPDATE kept_board SET builder = $1, lease_until = $2
          WHERE id = 1 AND (builder IS NULL OR builder = $1 OR lease_until < $3)",
    )
    .bind(builder)
    .bind(now + seconds)
    .bind(now)
    .execute(db.writer())
    .await?;
    Ok(taken.rows_affected() == 1)
}

/// Stores `board` as the kept one and gives the lease back, if `builder`
/// still holds it (else another server took over and stores its own).
pub(super) async fn store(db: &Db, builder: &str, board: &std::sync::Arc<Board>) -> Result<bool> {
    let for_task = board.clone();
    let body = tokio::task::spawn_blocking(move || encode(&for_task))
        .await
        .map_err(|e| DbError::Background(e.to_string()))??;
    let stored = sqlx::query(
        "UPDATE kept_board SET version = $1, made_at = $2, body = $3, builder = NULL, lease_until = NULL
          WHERE id = 1 AND builder = $4",
    )
    .bind(tag(&board.version))
    .bind(now_unix())
    .bind(body)
    .bind(builder)
    .execute(db.writer())
    .await?;
    Ok(stored.rows_affected() == 1)
}

/// Gives the lease back without storing (making the board failed).
pub(super) async fn release(db: &Db, builder: &str) -> Result<()> {
    sqlx::query("UPDATE kept_board SET builder = NULL, lease_until = NULL WHERE id = 1 AND builder = $1")
        .bind(builder)
        .execute(db.writer())
        .await?;
    Ok(())
}

/// A board as stored: JSON, gzipped at the fastest level (a board is
/// mostly repeated field names and key names).
fn encode(board: &Board) -> Result<Vec<u8>> {
    let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    serde_json::to_writer(&mut out, board).map_err(|e| DbError::Background(format!("storing the board: {e}")))?;
    out.flush().and_then(|()| out.finish()).map_err(|e| DbError::Background(format!("storing the board: {e}")))
}

/// Read as it is decompressed: the JSON of a large board (tens of
/// megabytes) is never held whole beside the board it becomes.
fn decode(body: &[u8]) -> Result<Board> {
    let json = std::io::BufReader::new(flate2::read::GzDecoder::new(body));
    serde_json::from_reader(json).map_err(|e| DbError::Background(format!("reading the kept board: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::board::{BoardRow, RowSource};

    #[test]
    fn a_board_comes_back_as_it_was_stored() {
        let mut row = BoardRow::bare("Cedar-70B", RowSource::Verified);
        row.accuracy = 0.61;
        row.team = Some("ثريا".into());
        let board = Board { version: "12.1".into(), rows: vec![row.into()], reference: Vec::new() };
        assert_eq!(decode(&encode(&board).unwrap()).unwrap(), board);
    }

    #[test]
    fn only_this_builds_boards_are_served() {
        assert_eq!(version_of(&tag("41")), Some("41"));
        assert_eq!(version_of("0.0.9+0011223344556677:41"), None, "another build's board");
        assert_eq!(version_of(&format!("{}41", this_build())), None);
        assert!(
            this_build().len() > env!("CARGO_PKG_VERSION").len() + 8,
            "tagged by this executable: {}",
            this_build()
        );
    }

    #[test]
    fn a_lease_outlasts_a_making_three_times_over() {
        assert_eq!(lease_seconds(0), 5);
        assert_eq!(lease_seconds(2_500), 7);
        assert_eq!(lease_seconds(u64::MAX), 120);
    }
}
