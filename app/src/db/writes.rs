//! Group commit of SQLite write transactions ([`Db::write`]).
//!
//! SQLite takes one writer at a time, and each transaction pays for its
//! `BEGIN IMMEDIATE`, its `COMMIT` (a WAL sync) and the hand-over of the
//! one writing connection. Under a burst of uploads that cost, not the
//! statements, set the pace; and every step of a transaction run from a
//! request's task waited for that task's turn on the runtime, behind other
//! requests' parsing and scoring, while the write lock was held.
//!
//! Here the work of each write arrives on a queue read by one thread of
//! its own. The thread takes everything queued (up to [`MAX_BATCH`]), runs
//! it in one transaction, commits once, and only then answers each caller:
//! an answer always describes a committed write. A group is all or
//! nothing: when a piece of work fails (an `Err`: a database failure, not
//! a refusal, which work returns as part of its `Ok` value) or the commit
//! does, nothing of the group is stored, the failed piece gets its error
//! and every other caller of the group is told its write was not
//! committed. Writes are applied in the order they were queued, so each
//! sees the ones before it (quotas and repeats hold as in separate
//! transactions).

use std::future::Future;
use std::pin::Pin;

use sqlx::{AnyConnection, AnyPool};
use tokio::sync::{mpsc, oneshot};

use super::{DbError, Result};

/// The most pieces of work committed together.
pub const MAX_BATCH: usize = 64;

/// The future of one piece of write work, borrowing the transaction's connection.
pub type WriteFuture<'c, T, E> = Pin<Box<dyn Future<Output = std::result::Result<T, E>> + Send + 'c>>;

/// One queued piece of work, with its result type erased: it runs on the
/// connection and says whether it succeeded; `answer` sends its result to
/// the caller once its batch is committed (a piece whose batch was not
/// committed is dropped unanswered, and its caller told so).
struct Job {
    run: Box<dyn for<'c> FnOnce(&'c mut AnyConnection) -> SettleFuture<'c> + Send>,
}

/// A piece of work running, to what it left to do.
type SettleFuture<'c> = Pin<Box<dyn Future<Output = Settle> + Send + 'c>>;

/// What a piece of work left to do once its batch is settled.
struct Settle {
    succeeded: bool,
    answer: Box<dyn FnOnce() + Send>,
}

/// The queue of write work and the thread that commits it.
#[derive(Debug)]
pub struct GroupCommit {
    queue: mpsc::UnboundedSender<Job>,
}

impl GroupCommit {
    /// Starts the committing thread, which writes through `pool` (the
    /// one-connection writer pool, shared with the other write
    /// transactions) and stops when the last handle is dropped.
    pub fn start(pool: AnyPool) -> Result<Self> {
        let (queue, jobs) = mpsc::unbounded_channel();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| DbError::Background(format!("cannot start the database writer: {e}")))?;
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || runtime.block_on(commit_loop(pool, jobs)))
            .map_err(|e| DbError::Background(format!("cannot start the database writer: {e}")))?;
        Ok(Self { queue })
    }

    /// Queues `work` and waits until its batch is committed: its result
    /// then, or an error when the batch could not be committed (nothing of
    /// it was stored).
    pub async fn write<T, E, F>(&self, work: F) -> std::result::Result<T, E>
    where
        F: for<'c> FnOnce(&'c mut AnyConnection) -> WriteFuture<'c, T, E> + Send + 'static,
        T: Send + 'static,
        E: From<DbError> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel::<std::result::Result<T, E>>();
        let job = Job {
            run: Box::new(move |conn| {
                Box::pin(async move {
                    let outcome = work(conn).await;
                    Settle {
                        succeeded: outcome.is_ok(),
                        answer: Box::new(move || {
                            let _ = reply.send(outcome);
                        }),
                    }
                })
            }),
        };
        let not_committed = || {
            E::from(DbError::Background(
                "the write was not committed (the database writer's transaction failed: see the server's log)".into(),
            ))
        };
        self.queue.send(job).map_err(|_| not_committed())?;
        answer.await.map_err(|_| not_committed())?
    }
}

/// Takes what is queued, a batch at a time, until every handle is gone.
/// Each batch runs as a task of its own, so that a panic in one piece of
/// work fails its batch (rolled back) and not the thread.
async fn commit_loop(pool: AnyPool, mut jobs: mpsc::UnboundedReceiver<Job>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while jobs.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let run = tokio::spawn(commit_batch(pool.clone(), std::mem::take(&mut batch)));
        if let Err(e) = run.await {
            tracing::error!(error = %e, "a batch of writes panicked and was rolled back");
        }
    }
}

/// Runs one batch in one transaction and, once it is committed, answers
/// each piece of its work. When a piece fails or the commit does, the
/// failed piece gets its error and the others are dropped unanswered
/// (their callers learn that nothing was committed); the transaction is
/// rolled back when dropped.
async fn commit_batch(pool: AnyPool, batch: Vec<Job>) {
    let mut settled = Vec::with_capacity(batch.len());
    let outcome: Result<()> = async {
        let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
        for job in batch {
            let settle = (job.run)(&mut tx).await;
            let failed = !settle.succeeded;
            settled.push(settle);
            if failed {
                return Err(DbError::Background("a write of the group failed; the group was rolled back".into()));
            }
        }
        tx.commit().await?;
        Ok(())
    }
    .await;
    if let Err(e) = &outcome {
        tracing::error!(error = %e, "a batch of writes was not committed");
    }
    for settle in settled.into_iter().filter(|s| outcome.is_ok() || !s.succeeded) {
        (settle.answer)();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sqlx::any::AnyPoolOptions;

    use super::*;

    async fn queue() -> (GroupCommit, AnyPool) {
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new().max_connections(1).connect("sqlite::memory:").await.unwrap();
        sqlx::query("CREATE TABLE t (n INTEGER NOT NULL)").execute(&pool).await.unwrap();
        (GroupCommit::start(pool.clone()).unwrap(), pool)
    }

    /// Queues `work` from a task of its own.
    fn spawn<F>(queue: &Arc<GroupCommit>, work: F) -> tokio::task::JoinHandle<Result<i64>>
    where
        F: for<'c> FnOnce(&'c mut AnyConnection) -> WriteFuture<'c, i64, DbError> + Send + 'static,
    {
        let queue = queue.clone();
        tokio::spawn(async move { queue.write(work).await })
    }

    /// Inserts `n` and answers how many rows it saw before.
    fn insert(n: i64) -> impl for<'c> FnOnce(&'c mut AnyConnection) -> WriteFuture<'c, i64, DbError> + Send + 'static {
        move |conn| {
            Box::pin(async move {
                let before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM t").fetch_one(&mut *conn).await?;
                sqlx::query("INSERT INTO t (n) VALUES ($1)").bind(n).execute(&mut *conn).await?;
                Ok(before)
            })
        }
    }

    async fn rows(pool: &AnyPool) -> Vec<i64> {
        sqlx::query_scalar("SELECT n FROM t ORDER BY n").fetch_all(pool).await.unwrap()
    }

    #[tokio::test]
    async fn writes_sent_at_once_each_see_the_ones_before() {
        let (queue, pool) = queue().await;
        let queue = Arc::new(queue);
        let writes: Vec<_> = (0..20).map(|n| spawn(&queue, insert(n))).collect();
        let mut seen = Vec::new();
        for write in writes {
            seen.push(write.await.unwrap().unwrap());
        }
        seen.sort();
        assert_eq!(seen, (0..20).collect::<Vec<i64>>(), "one at a time, each after the ones before");
        assert_eq!(rows(&pool).await, (0..20).collect::<Vec<i64>>());
    }

    /// Fails without writing.
    fn fail() -> impl for<'c> FnOnce(&'c mut AnyConnection) -> WriteFuture<'c, i64, DbError> + Send + 'static {
        |_conn| Box::pin(async { Err(DbError::Seed("failed on purpose".into())) })
    }

    /// Says it started, waits for `open`, then inserts `n`.
    fn held(
        n: i64,
        started: Arc<tokio::sync::Notify>,
        open: Arc<tokio::sync::Notify>,
    ) -> impl for<'c> FnOnce(&'c mut AnyConnection) -> WriteFuture<'c, i64, DbError> + Send + 'static {
        move |conn| {
            Box::pin(async move {
                started.notify_one();
                open.notified().await;
                insert(n)(conn).await
            })
        }
    }

    #[tokio::test]
    async fn a_failed_write_stores_nothing_of_its_group() {
        let (queue, pool) = queue().await;
        let queue = Arc::new(queue);
        // The first write holds its group open until the next three are queued.
        let (started, open) = (Arc::new(tokio::sync::Notify::new()), Arc::new(tokio::sync::Notify::new()));
        let first = spawn(&queue, held(1, started.clone(), open.clone()));
        started.notified().await;
        let second = spawn(&queue, insert(2));
        let failing = spawn(&queue, fail());
        let fourth = spawn(&queue, insert(4));
        // Let the three reach the queue before the first group commits.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        open.notify_one();
        assert_eq!(first.await.unwrap().unwrap(), 0, "the first group commits");
        assert!(matches!(failing.await.unwrap(), Err(DbError::Seed(m)) if m == "failed on purpose"));
        for other in [second, fourth] {
            let err = other.await.unwrap().unwrap_err();
            assert!(err.to_string().contains("not committed"), "{err}");
        }
        assert_eq!(rows(&pool).await, [1], "nothing of the failed group is stored");
    }
}
