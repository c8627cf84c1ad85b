//! The board kept in the database (migration 0025): the last version made,
//! stored whole, and the lease of the one server making the next.
//!
//! A whole board (at a start, after a key's change) is made once in all
//! however many servers share the database, and a server without a board
//! of its own reads the last one made instead of making it again. A
//! stored board is tagged with [`FORMAT`] beside its version: a server of
//! another build never serves a board another build computed (its rows
//! may mean something else), it makes its own.
//!
//! The lease: a server makes a whole board only while it holds the lease
//! (`builder`, `lease_until`); the others wait for the stored result. The
//! holder extends it while it works ([`holding`]); a lease not extended
//! runs out within [`LEASE_SECONDS`], so a server killed while making a
//! board holds up the next for seconds, not for ever. A holder that lost
//! its lease (its database stalled past it) may find another making the
//! same version, and then stores nothing (the store names its builder).

use std::io::Write;
use std::time::Duration;

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

/// How long a lease lasts unless its holder extends it: a server killed
/// while making a board holds the next up for at most this long.
const LEASE_SECONDS: i64 = 5;

/// How often a holder extends its lease while it makes and stores a board.
const EXTEND_EVERY: Duration = Duration::from_secs(2);

/// Runs `work` (making and storing a board under `builder`'s lease),
/// extending the lease every [`EXTEND_EVERY`] until it ends: however long
/// a making takes (a whole board of a million rows takes tens of
/// seconds), no other server takes the lease from a live holder.
pub(super) async fn holding<T>(db: &Db, builder: &str, work: impl Future<Output = T>) -> T {
    renewing(EXTEND_EVERY, || extend(db, builder), work).await
}

/// `work`'s output, with `extend` run every `every` while it runs (a
/// failed extension is logged: the lease may then run out).
async fn renewing<T, F: Future<Output = Result<()>>>(
    every: Duration,
    mut extend: impl FnMut() -> F,
    work: impl Future<Output = T>,
) -> T {
    let extending = async {
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        loop {
            ticks.tick().await;
            if let Err(e) = extend().await {
                tracing::warn!(error = %e, "the board's lease was not extended: it may run out");
            }
        }
    };
    tokio::select! {
        out = work => out,
        () = extending => unreachable!("extending the lease never ends"),
    }
}

/// Moves the end of `builder`'s lease [`LEASE_SECONDS`] from now, if it
/// still holds it.
async fn extend(db: &Db, builder: &str) -> Result<()> {
    sqlx::query("UPDATE kept_board SET lease_until = $1 WHERE id = 1 AND builder = $2")
        .bind(now_unix() + LEASE_SECONDS)
        .bind(builder)
        .execute(db.writer())
        .await?;
    Ok(())
}

/// Takes the lease for `builder` if no other server holds one that is
/// still running; whether it was taken.
pub(super) async fn try_lease(db: &Db, builder: &str) -> Result<bool> {
    // The one row, if something removed it (it is made by migration 0025).
    sqlx::query("INSERT INTO kept_board (id) VALUES (1) ON CONFLICT (id) DO NOTHING").execute(db.writer()).await?;
    let now = now_unix();
    let taken = sqlx::query(
        "UPDATE kept_board SET builder = $1, lease_until = $2
          WHERE id = 1 AND (builder IS NULL OR builder = $1 OR lease_until < $3)",
    )
    .bind(builder)
    .bind(now + LEASE_SECONDS)
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

    #[tokio::test]
    async fn a_lease_is_extended_while_its_work_runs_and_no_longer() {
        use std::sync::atomic::{AtomicU32, Ordering};
        let every = Duration::from_millis(20);
        let extended = &AtomicU32::new(0);
        let extend = || async move {
            extended.fetch_add(1, Ordering::SeqCst);
            Ok(())
        };
        // Ten and a half periods of work: ten extensions when nothing is late.
        let out = renewing(every, extend, async {
            tokio::time::sleep(every * 21 / 2).await;
            "made"
        })
        .await;
        assert_eq!(out, "made");
        let n = extended.load(Ordering::SeqCst);
        assert!((2..=10).contains(&n), "extended {n} times");
        tokio::time::sleep(every * 5).await;
        assert_eq!(extended.load(Ordering::SeqCst), n, "not once the work ended");
    }
}
