//! PostgreSQL's uploads, stored several to a transaction and to a statement.
//!
//! An upload stored on its own costs PostgreSQL four round trips (the
//! `BEGIN` with its team's lock, the admission read, the store statement,
//! the `COMMIT` with its sync), and most of that work is the same whatever
//! the statement carries: executor start and end, protocol messages, the
//! commit. Under a burst of uploads that, not the rows, set the pace
//! (BENCHMARKS.md: "what several uploads to a statement would save").
//!
//! Here uploads arrive on a queue read by one thread of the server, with a
//! connection of its own (see [`UploadBatches::start`]). It takes
//! what is queued, at most one upload a team (a team's next upload waits
//! for the next batch, so it sees the one before it, as its quotas and
//! repeats need), and stores the batch in one transaction: the teams'
//! advisory locks (`db::TEAM_LOCKS`, in the order of their keys, so that
//! batches of several server processes never wait for each other in a
//! circle) with the `BEGIN`, the limited clients' rows in order, ONE
//! admission read for all (their rows as JSON: the `Any` driver has no
//! array parameters; the large values of the stored rows go as parameters
//! of their own), each upload judged by the rules of an upload stored
//! alone (`admit`, `within_client_limit`, `shown`: a client's uploads in
//! the batch count towards its limit in order), ONE statement that stores
//! the admitted with their scores, audit entries, teams' counts and the
//! board's version, and the `COMMIT`. Only then is each caller answered:
//! an answer always describes a committed write.
//!
//! A batch that fails (a statement's error, a deadlock with a writer of
//! another kind, a lost connection) stores nothing; each of its uploads is
//! then given back to its caller, which stores it on its own, in a batch of
//! one on the server's pool ([`store_alone`]), so one bad upload fails
//! alone. Every upload on PostgreSQL is stored by these statements.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::LazyLock;

use serde::Serialize;
use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use tokio::sync::{mpsc, oneshot};

use super::quota::{BatchAdmission, BatchUpload, batch_admission_in, count_uploads_sql, utc_day};
use super::{InsertError, NewSubmission, QuotaDefaults, SUBMISSION_COLUMNS, Stored, admit, shown, within_client_limit};
use crate::db::{DbError, Result, begin_to_the_end, board, clients, now_unix, team_locks_sql};

/// The most uploads stored together.
pub const MAX_BATCH: usize = 32;

/// An upload waiting for its batch.
struct Job {
    new: NewSubmission,
    defaults: QuotaDefaults,
    reply: oneshot::Sender<Outcome>,
}

/// What became of an upload sent to a batch.
pub(super) enum Outcome {
    /// Stored or refused, in a committed batch.
    Done(Result<Stored, InsertError>),
    /// Its batch failed and stored nothing: store it on its own.
    Alone(Box<NewSubmission>),
}

/// The queue of uploads and the thread that stores them.
#[derive(Debug)]
pub struct UploadBatches {
    queue: mpsc::UnboundedSender<Job>,
}

impl UploadBatches {
    /// Starts the storing thread, which connects to `url` with a connection
    /// of its own and stops when the last handle is dropped. A thread and
    /// not a task of the server's runtime: each of
    /// a batch's round trips would otherwise wait for its turn on the
    /// runtime behind the requests' parsing and scoring, while the batch
    /// holds its teams' locks (as SQLite's group commit does, `db::writes`).
    pub fn start(url: &str) -> Result<Self> {
        let failed = |e: std::io::Error| DbError::Background(format!("cannot start the upload batches: {e}"));
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(failed)?;
        let pool = {
            // The pool's connections belong to the runtime they are opened on.
            let _inside = runtime.enter();
            AnyPoolOptions::new()
                .max_connections(1)
                .acquire_timeout(std::time::Duration::from_secs(10))
                .test_before_acquire(false)
                .connect_lazy(url)?
        };
        let (queue, jobs) = mpsc::unbounded_channel();
        std::thread::Builder::new()
            .name("postgres-uploads".into())
            .spawn(move || runtime.block_on(batch_loop(pool, jobs)))
            .map_err(failed)?;
        Ok(Self { queue })
    }

    /// Queues `new` and waits until its batch is settled.
    pub(super) async fn store(&self, new: NewSubmission, defaults: QuotaDefaults) -> Result<Outcome, InsertError> {
        let (reply, answer) = oneshot::channel();
        if let Err(mpsc::error::SendError(job)) = self.queue.send(Job { new, defaults, reply }) {
            return Ok(Outcome::Alone(Box::new(job.new)));
        }
        answer.await.map_err(|_| {
            InsertError::Db(DbError::Background(
                "the upload was not stored (its batch's task failed: see the server's log)".into(),
            ))
        })
    }
}

/// Takes what is queued, a batch at a time, until every handle is gone and
/// nothing waits. One batch at a time: two at once (while one waits for
/// its commit's sync, the next is read and judged) halved the uploads a
/// batch under a burst and cost PostgreSQL more an upload than they saved
/// (BENCHMARKS.md). Each batch runs as a task of its own, so that a panic
/// fails its batch (rolled back) and not the loop.
async fn batch_loop(pool: AnyPool, mut jobs: mpsc::UnboundedReceiver<Job>) {
    let mut waiting = VecDeque::new();
    let mut incoming = Vec::with_capacity(MAX_BATCH);
    loop {
        if waiting.is_empty() {
            if jobs.recv_many(&mut incoming, MAX_BATCH).await == 0 {
                return;
            }
        } else {
            while incoming.len() < MAX_BATCH
                && let Ok(job) = jobs.try_recv()
            {
                incoming.push(job);
            }
        }
        waiting.extend(incoming.drain(..));
        let batch = take_batch(&mut waiting);
        if let Err(e) = tokio::spawn(store_batch(pool.clone(), batch)).await {
            tracing::error!(error = %e, "a batch of uploads panicked and was rolled back");
        }
    }
}

/// The first of `waiting` in order, at most one a team (a team's next
/// upload waits for the next batch, so that it sees the one before) and
/// [`MAX_BATCH`] in all; the others stay, in order.
fn take_batch(waiting: &mut VecDeque<Job>) -> Vec<Job> {
    let mut teams = HashSet::new();
    let mut batch = Vec::new();
    for job in std::mem::take(waiting) {
        // A team seen once is not taken again, so its uploads keep their order.
        if batch.len() < MAX_BATCH && teams.insert(job.new.team_id) {
            batch.push(job);
        } else {
            waiting.push_back(job);
        }
    }
    batch
}

/// What the checks decided for an upload of a batch.
enum Verdict {
    /// It repeats this earlier submission.
    Repeat(String),
    /// It was stored, with the Ladder's shown accuracy.
    Stored { admission: super::Admission, shown: Option<f64> },
}

/// Stores a batch and answers each of its callers.
async fn store_batch(pool: AnyPool, jobs: Vec<Job>) {
    let now = now_unix();
    let uploads: Vec<(&NewSubmission, QuotaDefaults)> = jobs.iter().map(|job| (&job.new, job.defaults)).collect();
    match settle(&pool, &uploads, now).await {
        Ok(verdicts) => {
            for (job, verdict) in jobs.into_iter().zip(verdicts) {
                let _ = job.reply.send(Outcome::Done(answer(job.new, verdict, now)));
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, uploads = jobs.len(), "a batch of uploads stored nothing; each is stored on its own");
            for job in jobs {
                let _ = job.reply.send(Outcome::Alone(Box::new(job.new)));
            }
        }
    }
}

/// Stores `new` on its own, in a batch of one on a connection of `pool`
/// (an upload whose batch failed, or that could not be queued).
pub(super) async fn store_alone(
    pool: &AnyPool,
    new: NewSubmission,
    defaults: QuotaDefaults,
) -> Result<Stored, InsertError> {
    let now = now_unix();
    let verdict = settle(pool, &[(&new, defaults)], now).await?.pop();
    let verdict = verdict.ok_or_else(|| DbError::Background("a batch of one gave no verdict".into()))?;
    answer(new, verdict, now)
}

/// What an upload's caller is told of its `verdict`, stored at `now`.
fn answer(new: NewSubmission, verdict: Result<Verdict, InsertError>, now: i64) -> Result<Stored, InsertError> {
    verdict.map(|verdict| match verdict {
        Verdict::Repeat(first) => Stored::Repeat(first),
        Verdict::Stored { admission, shown } => new.stored(admission, now, shown),
    })
}

/// The batch's transaction: each upload's verdict, once committed.
async fn settle(
    pool: &AnyPool,
    uploads: &[(&NewSubmission, QuotaDefaults)],
    now: i64,
) -> Result<Vec<Result<Verdict, InsertError>>> {
    let day = utc_day(now);
    let locks = team_locks_sql(uploads.iter().map(|(new, _)| new.team_id));
    let mut tx = begin_to_the_end(pool, Some(format!("BEGIN; {locks}"))).await?;
    let limited: BTreeSet<&str> = uploads.iter().filter_map(|(new, _)| new.client()).map(|client| client.key).collect();
    if !limited.is_empty() {
        clients::lock_all(&mut tx, &limited, now).await?;
    }
    let read: Vec<BatchUpload> =
        uploads.iter().enumerate().map(|(i, (new, defaults))| batch_upload(i, new, *defaults)).collect();
    let found = batch_admission_in(&mut tx, &read, &day, now).await?;
    // A client's uploads admitted so far in this batch.
    let mut sent: HashMap<&str, i64> = HashMap::new();
    let verdicts: Vec<Result<Verdict, InsertError>> = uploads
        .iter()
        .zip(found)
        .map(|((new, _), found)| match found {
            Some(found) => judge(new, found, &mut sent),
            None => Err(InsertError::Db(DbError::Sqlx(sqlx::Error::RowNotFound))),
        })
        .collect();
    let stored: Vec<(&NewSubmission, Option<f64>)> = uploads
        .iter()
        .zip(&verdicts)
        .filter_map(|((new, _), verdict)| match verdict {
            Ok(Verdict::Stored { shown, .. }) => Some((*new, *shown)),
            _ => None,
        })
        .collect();
    if !stored.is_empty() {
        store_all(&mut tx, &stored, now, &day).await?;
    }
    tx.commit().await?;
    Ok(verdicts)
}

/// What the batch's admission reads of upload `i`.
fn batch_upload(i: usize, new: &NewSubmission, defaults: QuotaDefaults) -> BatchUpload<'_> {
    BatchUpload {
        i: i as i64,
        team_id: new.team_id,
        file_sha256: &new.file_sha256,
        model_name: &new.meta.model_name,
        benchmark: &new.key.benchmark,
        token_id: new.token_id.unwrap_or(0),
        idempotency_key: new.idempotency_key.as_deref(),
        key_id: new.key.id,
        ladder: new.ladder.is_some(),
        client_key: new.client().map(|client| client.key),
        defaults,
    }
}

/// An upload's verdict by the rules of one stored alone, its client's
/// uploads earlier in the batch (`sent`) counted.
fn judge<'n>(
    new: &'n NewSubmission,
    found: BatchAdmission,
    sent: &mut HashMap<&'n str, i64>,
) -> Result<Verdict, InsertError> {
    let keyed = found.keyed.map(|earlier| earlier.judge(&new.identity()));
    if let Some(first) = admit(new, &found.admission, keyed)? {
        return Ok(Verdict::Repeat(first));
    }
    if let Some(client) = new.client() {
        let earlier = sent.entry(client.key).or_default();
        within_client_limit(client, found.client_uploads + *earlier)?;
        *earlier += 1;
    }
    Ok(Verdict::Stored { shown: shown(new, found.best_shown), admission: found.admission })
}

/// A new submission's row as the batch's store statement reads it (a JSON
/// object whose names are the columns of `submissions`), but for its
/// large values ([`LARGE_COLUMNS`]), sent as parameters of their own.
#[derive(Serialize)]
struct Row<'a> {
    public_id: &'a str,
    team_id: i64,
    key_id: i64,
    benchmark: &'a str,
    model_name: &'a str,
    model_url: &'a str,
    model_params: &'a str,
    notes: &'a str,
    prompt_language: &'a str,
    shots: Option<i64>,
    chain_of_thought: &'a str,
    extraction: &'a str,
    contamination: &'a str,
    visibility: &'a str,
    file_sha256: &'a str,
    file_format: &'a str,
    created_at: i64,
    utc_day: &'a str,
    accuracy: f64,
    correct: i64,
    total: i64,
    ci_low: f64,
    ci_high: f64,
    missing: i64,
    unparsed: i64,
    ignored: i64,
    idempotency_key: Option<&'a str>,
    client_key: Option<&'a str>,
    predictions_key_id: i64,
    flags_json: String,
    model_category: &'a str,
    model_args: &'a str,
    generation: &'a str,
    temperature: Option<f64>,
    shown_accuracy: Option<f64>,
    ladder_step: Option<f64>,
}

impl<'a> Row<'a> {
    fn new(new: &'a NewSubmission, now: i64, day: &'a str, shown: Option<f64>) -> Result<Self> {
        let (m, card) = (&new.meta, &new.card);
        let json = |e: serde_json::Error| DbError::Seed(e.to_string());
        let shown_rule = shown.zip(new.ladder);
        Ok(Self {
            public_id: &new.public_id,
            team_id: new.team_id,
            key_id: new.key.id,
            benchmark: &new.key.benchmark,
            model_name: &m.model_name,
            model_url: &m.model_url,
            model_params: &m.model_params,
            notes: &m.notes,
            prompt_language: m.prompt_language.as_str(),
            shots: m.shots,
            chain_of_thought: m.chain_of_thought.as_str(),
            extraction: &m.extraction,
            contamination: m.contamination.as_str(),
            visibility: m.visibility.as_str(),
            file_sha256: &new.file_sha256,
            file_format: new.file_format,
            created_at: now,
            utc_day: day,
            accuracy: card.accuracy,
            correct: card.correct as i64,
            total: card.total as i64,
            ci_low: card.ci95[0],
            ci_high: card.ci95[1],
            missing: card.missing as i64,
            unparsed: card.unparsed as i64,
            ignored: card.ignored as i64,
            idempotency_key: new.idempotency_key.as_deref(),
            client_key: new.client_key.as_deref(),
            predictions_key_id: new.key.id,
            flags_json: serde_json::to_string(&new.flags).map_err(json)?,
            model_category: m.model_category.as_str(),
            model_args: &m.model_args,
            generation: &m.generation,
            temperature: m.temperature,
            shown_accuracy: shown_rule.map(|(shown, _)| shown),
            ladder_step: shown_rule.map(|(_, rule)| rule.step),
        })
    }
}

/// The columns of `submissions` whose values are large, sent as
/// parameters of their own and not in the rows' JSON: PostgreSQL 15 reads
/// a JSON string a character at a time, and these (hex-encoded) were most
/// of each row (BENCHMARKS.md).
const LARGE_COLUMNS: [&str; 3] = ["correctness", "predictions", "scorecard_json"];

/// The batch's store statement for `n` rows: `$1` the rows ([`Row`] as a
/// JSON array), `$2` the UTC day, `$3` how many of them the board shows
/// (its version moves by that much), `$4` the version's slot, then each of
/// [`LARGE_COLUMNS`] for the `n` rows in order. The rows' teams are
/// distinct, so each team's count moves by one.
pub fn store_all_sql(n: usize) -> String {
    let values = SUBMISSION_COLUMNS.split(',').map(str::trim).map(|column| {
        match LARGE_COLUMNS.iter().position(|large| *large == column) {
            Some(k) => {
                let params: Vec<String> = (0..n).map(|row| format!("${}", 5 + k * n + row)).collect();
                format!("(ARRAY[{}])[r.ordinality]", params.join(", "))
            }
            None => format!("r.{column}"),
        }
    });
    let values = values.collect::<Vec<_>>().join(", ");
    let score = crate::db::key_versions::INSERT_SCORE;
    let audit = crate::db::audit::INSERT_EVENT;
    // By the teams' index: `IN (SELECT ...)` hashed the rows and read the
    // whole teams table (the planner guesses a hundred stored rows).
    let counted = count_uploads_sql("$2", "= ANY (ARRAY(SELECT team_id FROM s))");
    format!(
        "WITH s AS (INSERT INTO submissions ({SUBMISSION_COLUMNS})
                    SELECT {values} FROM json_populate_recordset(NULL::submissions, $1::json) WITH ORDINALITY AS r
                    RETURNING id, public_id, team_id, key_id, accuracy, correct, total, ci_low, ci_high,
                              missing, unparsed, ignored, created_at),
              scored AS ({score} SELECT id, key_id, accuracy, correct, total, ci_low, ci_high,
                                        missing, unparsed, ignored, created_at FROM s),
              logged AS ({audit} SELECT created_at, 'submission_accepted', team_id, NULL, public_id FROM s),
              counted AS ({counted}),
              bumped AS (UPDATE board_version SET n = n + $3 WHERE slot = $4 AND $3 > 0)
         SELECT COUNT(*) FROM s"
    )
}

/// [`store_all_sql`] for 1 to [`MAX_BATCH`] rows, written once.
static STORE_ALL: LazyLock<Vec<String>> = LazyLock::new(|| (1..=MAX_BATCH).map(store_all_sql).collect());

/// Stores the admitted uploads of a batch, with the Ladder's shown
/// accuracy of each, in one statement.
async fn store_all(
    conn: &mut sqlx::AnyConnection,
    admitted: &[(&NewSubmission, Option<f64>)],
    now: i64,
    day: &str,
) -> Result<()> {
    let rows = admitted.iter().map(|(new, shown)| Row::new(new, now, day, *shown)).collect::<Result<Vec<_>>>()?;
    let json = serde_json::to_string(&rows).map_err(|e| DbError::Seed(e.to_string()))?;
    let shared = admitted.iter().filter(|(new, _)| new.meta.visibility.is_shared()).count() as i64;
    let mut statement = sqlx::query_scalar(&STORE_ALL[admitted.len() - 1])
        .bind(json)
        .bind(day)
        .bind(shared)
        .bind(board::version_slot(admitted[0].0.team_id));
    // In the order of LARGE_COLUMNS.
    for (new, _) in admitted {
        statement = statement.bind(super::pack_bits(&new.correctness));
    }
    for (new, _) in admitted {
        statement = statement.bind(new.predictions.as_slice());
    }
    for (new, _) in admitted {
        statement = statement.bind(new.card.to_stored_json().map_err(|e| DbError::Seed(e.to_string()))?);
    }
    let stored: i64 = statement.fetch_one(conn).await?;
    if stored != admitted.len() as i64 {
        return Err(DbError::Background(format!("a batch stored {stored} of its {} uploads", admitted.len())));
    }
    Ok(())
}
