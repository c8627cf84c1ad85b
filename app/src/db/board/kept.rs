//! The lease of the one server making the board's next version (migration
//! 0025), and the build the stored rows were written by.
//!
//! A server of another build never serves rows another build wrote (they
//! may mean something else): it writes its own ([`this_build`]).
//!
//! The lease: a server makes a version only while it holds the lease
//! (`builder`, `lease_until`); the others wait for the stored result. The
//! holder extends it while it works ([`holding`]); a lease not extended
//! runs out within [`LEASE_SECONDS`], so a server killed while making a
//! board holds up the next for seconds, not for ever. A holder that lost
//! its lease (its database stalled past it) may find another making the
//! same version, and then moves nothing: moving the stored board's state
//! names its builder (`stored::write_state`).

use std::time::Duration;

use super::super::{Db, DbError, Result, now_unix};

/// [`this_build`], once read.
static BUILD: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// The build a stored board must come from to be served: the package
/// version and a digest of this executable (every build of the code has
/// its own), so a deployment of new code never serves a board the old
/// code made, and servers of one build share theirs.
pub(super) fn this_build() -> &'static str {
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

/// Gives the lease back.
pub(super) async fn release(db: &Db, builder: &str) -> Result<()> {
    sqlx::query("UPDATE kept_board SET builder = NULL, lease_until = NULL WHERE id = 1 AND builder = $1")
        .bind(builder)
        .execute(db.writer())
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_tagged_by_this_executable() {
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
