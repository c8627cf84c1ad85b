//! The board's rows kept in the database (migration 0029) and their making:
//! one server at a time (the lease, [`super::kept`]) brings them up to the
//! database's version, and every server reads them ([`super::read`]).
//!
//! A version from the changes (`board_changes`): the changed teams' rows
//! are grouped again from their submissions in one read snapshot, then
//! in one write transaction they replace their old ones, the ranked set
//! is ranked again (only new pairs are tested, [`PairsKept`]) and the
//! state moves to the snapshot's version. A reader's snapshot therefore
//! holds one complete version of the rows, and SQLite's one writer is not
//! held while submissions are read and grouped. What the ranking and the
//! head read besides the rows (stored correctness, the key's baselines;
//! for a whole board the published figures) is read in the write
//! transaction; a change to any of them may touch every row, and the
//! next version is made whole.
//! When the changes cannot say which rows changed (the first start, a
//! build that did not write these rows, a change that may touch any row,
//! changes pruned), the whole board is written as a new generation beside
//! the served one, a few teams per transaction so that uploads never wait
//! long for SQLite's one writer; then the teams changed meanwhile are
//! grouped again and the new generation takes the old one's place, both in
//! one transaction, and the old rows are deleted.
//!
//! What a server holds in memory does not grow with the board: the last
//! ranking's pairs and the stored correctness of the ranked rows (at most
//! [`RANKED_VERIFIED_LIMIT`] of each), and the key's baselines.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};

use super::super::{Backend, Db, DbError, Result};
use super::verified::{self, REGROUP_AT_MOST, SubmissionRow};
use super::{BENCHMARK, IN_LIST_AT_MOST, blocking, changed_teams, counters_on, kept, version_on};
use crate::domain::board::rank::{Contender, PackedBits, PairsKept, rank_ranges_kept};
use crate::domain::board::{
    BoardRow, CategoryChoice, RANKED_VERIFIED_LIMIT, Ranks, RowSource, category_slug, folded, reference, sort_bytes,
};
use crate::domain::stats::wilson;
use crate::domain::submission::ModelCategory;

/// What a page shows beside the rows, kept with them (`board_state.head`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct Head {
    /// Baselines on the default key, best first.
    pub reference: Vec<BoardRow>,
    /// The rows' categories, in the order they first appear on the board.
    pub categories: Vec<CategoryChoice>,
    /// Published and verified rows.
    pub models: u64,
    pub verified: u64,
    /// Some row (a baseline too) is scored on the synthetic demo key.
    pub synthetic: bool,
}

/// The stored board's state: which generation of rows is served, and the
/// version they are at.
#[derive(Debug, Clone, Default)]
pub(super) struct State {
    pub generation: i64,
    /// `None` when no board of this build is stored yet.
    pub version: Option<String>,
    pub counters: Option<Vec<i64>>,
    pub head: Option<Head>,
}

/// The stored state, on `conn` (within a transaction: at its snapshot); a
/// board stored by another build counts as none.
pub(super) async fn state_on(conn: &mut AnyConnection) -> Result<State> {
    let row = sqlx::query("SELECT build, gen, version, counters, head FROM board_state WHERE id = 1")
        .fetch_optional(&mut *conn)
        .await?;
    let Some(row) = row else { return Ok(State::default()) };
    let generation: i64 = row.try_get("gen")?;
    let build: Option<String> = row.try_get("build")?;
    if build.as_deref() != Some(kept::this_build()) {
        return Ok(State { generation, ..State::default() });
    }
    let json = |column: &str| -> Result<Option<String>> { Ok(row.try_get(column)?) };
    let counters = json("counters")?.map(|c| serde_json::from_str(&c)).transpose().map_err(bad_state)?;
    let head = json("head")?.map(|h| serde_json::from_str(&h)).transpose().map_err(bad_state)?;
    Ok(State { generation, version: row.try_get("version")?, counters, head })
}

fn bad_state(e: serde_json::Error) -> DbError {
    DbError::Background(format!("the stored board's state is unreadable: {e}"))
}

/// What [`Maker::apply`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Applied {
    /// The stored board was already at the database's version.
    Current,
    /// A version made from the changes since the stored one.
    FromChanges,
    /// The whole board written again.
    Whole,
}

/// What a server keeps between two makings: bounded, whatever the board's size.
pub(super) struct Maker {
    /// The last ranking's pairwise tests.
    pairs: PairsKept,
    /// Stored correctness of the ranked submissions, by id.
    bits: HashMap<i64, Vec<u8>>,
    /// The default key's baselines, and which key (id, name, synthetic,
    /// exposure) they are of: computed once per key.
    references: Option<(KeySeen, Vec<BoardRow>)>,
    /// The generation and version this process stored last: `bits` hold
    /// for the next version only when the stored board is still that one
    /// (another server may have written a key's re-scoring since).
    wrote: Option<(i64, String)>,
    /// This process's name in the lease: moving the stored board's state
    /// requires it ([`write_state`]).
    me: String,
    /// How long the last making held its write transaction open (on
    /// SQLite, the one writer every upload waits for).
    pub(super) held: Duration,
}

/// Which default key baselines are of: id, name, synthetic, exposure.
type KeySeen = (i64, String, bool, crate::domain::exposure::Exposure);

/// A flag name: the team whose flag it is, and the submission it names.
type FlagName = (i64, String);

/// A generation's rows: published and verified, and verified.
#[derive(Debug, Clone, Copy)]
struct Counts {
    models: u64,
    verified: u64,
}

/// Teams whose rows one transaction of a whole board's writing groups.
const TEAMS_PER_WRITE: usize = 25;

/// The longest a whole board's writing goes without a line of progress.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// Rows one `INSERT` writes.
const ROWS_PER_INSERT: usize = 50;

/// Old rows one `DELETE` removes (the old generation goes in steps too).
const ROWS_PER_DELETE: i64 = 2_000;

/// How often a whole board's writing starts again when a change that may
/// touch any row lands while it runs, before it gives up for this time.
const WHOLE_ATTEMPTS: usize = 3;

impl Maker {
    pub(super) fn new(me: String) -> Self {
        Self {
            pairs: PairsKept::default(),
            bits: HashMap::default(),
            references: None,
            wrote: None,
            me,
            held: Duration::ZERO,
        }
    }

    /// Brings the stored board up to the database's version (one version,
    /// from the changes when they say which rows changed, else whole).
    /// Call holding the lease.
    ///
    /// A version from the changes is grouped from one read snapshot and
    /// written in one write transaction: SQLite's one writer is held for
    /// the writing and the ranking only, not for reading and grouping the
    /// changed teams' submissions. The version stored is the snapshot's,
    /// whatever landed since (the next version takes that in).
    pub(super) async fn apply(&mut self, db: &Db) -> Result<(Applied, Duration)> {
        let mut snapshot = super::begin_snapshot(db).await?;
        // Read in the snapshot: the counts below add to this state's.
        let state = state_on(&mut snapshot).await?;
        if self.wrote != state.version.clone().map(|v| (state.generation, v)) {
            self.bits.clear();
        }
        if let (Some(done), Some(counters), Some(head)) = (&state.version, &state.counters, &state.head) {
            let version = version_on(&mut snapshot).await?;
            if &version == done {
                snapshot.rollback().await?;
                return Ok((Applied::Current, Duration::ZERO));
            }
            let now = counters_on(&mut snapshot).await?;
            if let Some(teams) = changed_teams(&mut snapshot, counters, &now).await?
                && let Some(regrouped) = regroup(&mut snapshot, state.generation, teams).await?
            {
                snapshot.rollback().await?;
                let counts = Counts {
                    models: (head.models as i64 + regrouped.more).max(0) as u64,
                    verified: (head.verified as i64 + regrouped.more).max(0) as u64,
                };
                let mut tx = begin_maker(db).await?;
                let held = Instant::now();
                regrouped.write(&mut tx, state.generation).await?;
                let (head, one_off) = self.finish(&mut tx, state.generation, Some(counts)).await?;
                let from = (state.generation, Some(done.as_str()));
                write_state(&mut tx, &self.me, from, state.generation, &version, &now, &head).await?;
                tx.commit().await?;
                self.held = held.elapsed();
                self.wrote = Some((state.generation, version));
                return Ok((Applied::FromChanges, one_off));
            }
        }
        snapshot.rollback().await?;
        let one_off = self.whole(db, &state).await?;
        Ok((Applied::Whole, one_off))
    }

    /// Writes the whole board as a new generation and serves it.
    async fn whole(&mut self, db: &Db, state: &State) -> Result<Duration> {
        let started = Instant::now();
        // A key's re-scoring changes the stored correctness of the same ids.
        self.bits.clear();
        let mut conn = db.pool().acquire().await?;
        let last: i64 = sqlx::query_scalar("SELECT CAST(COALESCE(MAX(gen), 0) AS BIGINT) FROM board_rows")
            .fetch_one(&mut *conn)
            .await?;
        let generation = last.max(state.generation) + 1;
        drop(conn);
        delete_generations(db, state.generation).await?;
        for attempt in 1..=WHOLE_ATTEMPTS {
            let mut conn = db.pool().acquire().await?;
            let since = counters_on(&mut conn).await?;
            let teams: Vec<i64> =
                sqlx::query_scalar("SELECT DISTINCT team_id FROM submissions WHERE benchmark = $1 ORDER BY team_id")
                    .bind(BENCHMARK.as_str())
                    .fetch_all(&mut *conn)
                    .await?;
            drop(conn);
            // Progress at most every few seconds: a million rows take minutes.
            let mut logged = Instant::now();
            for (done, chunk) in teams.chunks(TEAMS_PER_WRITE).enumerate() {
                write_teams(db, generation, chunk).await?;
                if logged.elapsed() >= PROGRESS_EVERY {
                    let written = done * TEAMS_PER_WRITE + chunk.len();
                    tracing::info!("writing the whole board: {written} of {} teams", teams.len());
                    logged = Instant::now();
                }
            }
            analyze(db).await?;
            // The teams changed meanwhile, grouped from one snapshot; then
            // written, ranked and served in one write transaction.
            let mut snapshot = super::begin_snapshot(db).await?;
            let version = version_on(&mut snapshot).await?;
            let now = counters_on(&mut snapshot).await?;
            let regrouped = match changed_teams(&mut snapshot, &since, &now).await? {
                Some(changed) => regroup(&mut snapshot, generation, changed).await?,
                None => None,
            };
            snapshot.rollback().await?;
            let Some(regrouped) = regrouped else {
                // A change of any row (or of too many teams) meanwhile.
                tracing::info!(attempt, "the board changed as a whole while it was written: written again");
                delete_generations(db, state.generation).await?;
                continue;
            };
            let mut tx = begin_maker(db).await?;
            let held = Instant::now();
            regrouped.write(&mut tx, generation).await?;
            write_published(&mut tx, generation).await?;
            let (head, one_off) = self.finish(&mut tx, generation, None).await?;
            write_state(&mut tx, &self.me, (state.generation, None), generation, &version, &now, &head).await?;
            tx.commit().await?;
            self.held = held.elapsed();
            self.wrote = Some((generation, version.clone()));
            tracing::info!(version = %version, rows = head.models, seconds = started.elapsed().as_secs_f64(), "whole board written");
            if let Err(e) = super::prune_changes(db, &now).await {
                tracing::warn!(error = %e, "old board changes were not pruned");
            }
            if let Err(e) = delete_generations(db, generation).await {
                tracing::warn!(error = %e, "the old board's rows were not deleted: the next whole board does it");
            }
            return Ok(one_off);
        }
        Err(DbError::Background(format!(
            "the whole board changed {WHOLE_ATTEMPTS} times while it was written: made again at the next look"
        )))
    }

    /// Ranks the ranked set of generation `generation` again and stores the rank
    /// ranges that changed; returns the head and the time spent on work
    /// done once (a key's baselines).
    async fn finish(
        &mut self,
        conn: &mut AnyConnection,
        generation: i64,
        counts: Option<Counts>,
    ) -> Result<(Head, Duration)> {
        let published = stored_rows(conn, "source = 0 ORDER BY ord", generation, &[]).await?;
        let top: Vec<(i64, i64, Vec<u8>, BoardRow)> = sqlx::query(
            "SELECT submission_id, key_id, ord, body FROM board_rows
              WHERE gen = $1 AND rankable = 1 ORDER BY accuracy DESC, submission_id ASC LIMIT $2",
        )
        .bind(generation)
        .bind(RANKED_VERIFIED_LIMIT as i64)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, body(&r.try_get::<String, _>(3)?)?)))
        .collect::<Result<_>>()?;
        let missing: Vec<i64> = top
            .iter()
            .filter(|(id, _, _, row)| pairable(row) && !self.bits.contains_key(id))
            .map(|(id, ..)| *id)
            .collect();
        self.bits.extend(verified::ranked_correctness(&mut *conn, &missing).await?);
        let ranked: HashSet<i64> = top.iter().map(|(id, ..)| *id).collect();
        self.bits.retain(|id, _| ranked.contains(id));

        let mut ords: Vec<Vec<u8>> = published.iter().map(|(ord, _)| ord.clone()).collect();
        let mut set: Vec<Contender> =
            published.iter().map(|(_, r)| Contender::from_shown(r.accuracy, r.correct, r.n, None)).collect();
        for (id, key_id, ord, row) in &top {
            let paired = pairable(row)
                .then(|| self.bits.get(id))
                .flatten()
                .map(|b| (*key_id, PackedBits::from_stored(b, row.n as usize)));
            set.push(Contender::from_shown(row.accuracy, row.correct, row.n, paired));
            ords.push(ord.clone());
        }
        let mut pairs = std::mem::take(&mut self.pairs);
        let (ranks, pairs) = blocking(move || {
            let ranks = rank_ranges_kept(&set, &mut pairs);
            (ranks, pairs)
        })
        .await?;
        metrics::counter!("board_pairs_tested_total").increment(pairs.tested() as u64);
        self.pairs = pairs;
        let now: HashMap<Vec<u8>, Ranks> = ords.into_iter().zip(ranks).collect();
        let before: Vec<(Vec<u8>, i64, i64)> = sqlx::query_as(
            "SELECT ord, rank_best, rank_worst FROM board_rows WHERE gen = $1 AND rank_best IS NOT NULL",
        )
        .bind(generation)
        .fetch_all(&mut *conn)
        .await?;
        let before: HashMap<Vec<u8>, Ranks> = before
            .into_iter()
            .map(|(ord, best, worst)| (ord, Ranks { best: best as usize, worst: worst as usize }))
            .collect();
        for (ord, ranks) in &now {
            if before.get(ord) != Some(ranks) {
                set_rank(conn, generation, ord, Some(*ranks)).await?;
            }
        }
        for ord in before.keys().filter(|ord| !now.contains_key(*ord)) {
            set_rank(conn, generation, ord, None).await?;
        }
        let (reference, one_off) = self.reference_rows(conn).await?;
        let head = head(conn, generation, &published, reference, counts).await?;
        Ok((head, one_off))
    }

    /// Baselines on the default key (none without a key): computed once
    /// per key as this process last saw it (a key's content never
    /// changes; its name and exposure may).
    async fn reference_rows(&mut self, conn: &mut AnyConnection) -> Result<(Vec<BoardRow>, Duration)> {
        let Some(key) = super::super::keys::default_key_on(&mut *conn, BENCHMARK).await? else {
            return Ok((Vec::new(), Duration::ZERO));
        };
        let of = (key.id, key.name.clone(), key.synthetic, key.exposure);
        if let Some((cached_of, rows)) = &self.references
            && *cached_of == of
        {
            return Ok((rows.clone(), Duration::ZERO));
        }
        let started = Instant::now();
        let bytes = super::super::keys::content_for_scoring_on(&mut *conn, key.id).await?;
        let parsed = blocking(move || crate::domain::parse_key(BENCHMARK, &bytes))
            .await?
            .map_err(|e| DbError::Seed(format!("stored answer key {}: {e}", key.name)))?;
        let rows = reference::baselines(&parsed.key, &key.name, key.synthetic, key.exposure);
        self.references = Some((of, rows.clone()));
        Ok((rows, started.elapsed()))
    }
}

/// A transaction that writes the board from what it reads: SQLite's one
/// writer (what it reads cannot change under it); on PostgreSQL one
/// snapshot (repeatable read) for every statement.
async fn begin_maker(db: &Db) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
    let mut tx = db.begin_write().await?;
    if db.backend() == Backend::Postgres {
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ").execute(&mut *tx).await?;
    }
    Ok(tx)
}

/// Moves the served board to generation `generation` at `version`, if the
/// state is still at `from` (a generation, and a version when one is
/// given) and this process still holds the lease (else another server
/// took over: an error, and this transaction is rolled back; what it
/// wrote is never served). A version made from the changes checks the
/// version it was grouped against: the rows it wrote replace those.
async fn write_state(
    conn: &mut AnyConnection,
    me: &str,
    from: (i64, Option<&str>),
    generation: i64,
    version: &str,
    counters: &[i64],
    head: &Head,
) -> Result<()> {
    let moved = sqlx::query(
        "UPDATE board_state SET build = $1, gen = $2, version = $3, counters = $4, head = $5, models = $6
          WHERE id = 1 AND gen = $7 AND ($9 IS NULL OR version = $9)
            AND EXISTS (SELECT 1 FROM kept_board WHERE id = 1 AND builder = $8)",
    )
    .bind(kept::this_build())
    .bind(generation)
    .bind(version)
    .bind(json(counters)?)
    .bind(json(head)?)
    .bind(head.models as i64)
    .bind(from.0)
    .bind(me)
    .bind(from.1)
    .execute(&mut *conn)
    .await?;
    if moved.rows_affected() != 1 {
        return Err(DbError::Background("the board's lease was lost, or another server moved the board".into()));
    }
    Ok(())
}

fn json<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    serde_json::to_string(value).map_err(|e| DbError::Background(format!("storing the board's state: {e}")))
}

/// Refreshes PostgreSQL's statistics of the board's rows once a whole
/// generation is written, before it is served. The planner knows a
/// generation only from them: a new one, never analyzed, is planned as a
/// handful of rows, and the page's best 200 are then read by sorting every
/// row of it instead of in order from the index (BENCHMARKS.md). Versions
/// made from the changes keep the generation, and autovacuum keeps its
/// statistics fresh. SQLite plans these reads the same without
/// statistics: nothing to do.
async fn analyze(db: &Db) -> Result<()> {
    if db.backend() == Backend::Postgres {
        sqlx::query("ANALYZE board_rows").execute(db.pool()).await?;
    }
    Ok(())
}

/// Groups the rows of `teams` (a whole board's chunk) from a read
/// snapshot, then writes them into generation `generation` in one write
/// transaction: the writer is held for the writing only.
async fn write_teams(db: &Db, generation: i64, teams: &[i64]) -> Result<()> {
    let mut conn = db.pool().acquire().await?;
    let rows = read_teams(&mut conn, teams).await?;
    let (grouped, names) = group_rows(&mut conn, rows).await?;
    let regrouped = compare(&mut conn, generation, teams.to_vec(), grouped, names).await?;
    drop(conn);
    let mut tx = db.begin_write().await?;
    regrouped.write(&mut tx, generation).await?;
    tx.commit().await?;
    Ok(())
}

/// Groups `teams`' rows again from `conn`'s snapshot, and the rows of the
/// teams whose near-duplicate flags name one of their submissions
/// (whether a flag may name it can have changed): what writing them
/// changes in generation `generation`. `None` when that is more teams
/// than are worth regrouping one by one.
async fn regroup(conn: &mut AnyConnection, generation: i64, teams: HashSet<i64>) -> Result<Option<Regrouped>> {
    if teams.is_empty() {
        return Ok(Some(Regrouped::default()));
    }
    let mut list: Vec<i64> = teams.iter().copied().collect();
    list.sort_unstable();
    let mut rows = read_teams(conn, &list).await?;
    let ids: Vec<&str> = rows.iter().map(|r| r.public_id.as_str()).collect();
    let mut named = Vec::new();
    for chunk in ids.chunks(IN_LIST_AT_MOST) {
        let sql = format!(
            "SELECT DISTINCT team_id FROM board_flag_names WHERE gen = $1 AND public_id IN ({})",
            super::super::placeholders(2, chunk.len())
        );
        let query = chunk.iter().fold(sqlx::query_scalar::<_, i64>(&sql).bind(generation), |q, id| q.bind(*id));
        named.extend(query.persistent(false).fetch_all(&mut *conn).await?);
    }
    named.retain(|t| !teams.contains(t));
    named.sort_unstable();
    named.dedup();
    if teams.len() + named.len() > REGROUP_AT_MOST {
        return Ok(None);
    }
    if !named.is_empty() {
        rows.extend(read_teams(conn, &named).await?);
        rows.sort_by_key(|r| r.id);
    }
    list.extend(named);
    let (grouped, names) = group_rows(conn, rows).await?;
    Ok(Some(compare(conn, generation, list, grouped, names).await?))
}

/// What makes some teams' rows in a generation the ones grouped again:
/// only the rows that differ from the stored ones are deleted and written
/// (an upload of a new model writes one row, whatever the team's number
/// of rows; an unchanged row keeps its rank range), and the teams' flag
/// names are replaced. Read from a snapshot and written after: valid
/// while the generation's rows are as the snapshot had them, which
/// [`write_state`] checks for the served generation, and which holds for
/// a new one (only the lease's holder writes either).
#[derive(Default)]
struct Regrouped {
    teams: Vec<i64>,
    /// Sort keys of the stored rows that go.
    gone: Vec<Vec<u8>>,
    new: Vec<verified::Verified>,
    names: Vec<FlagName>,
    /// How many rows more (or fewer) the generation has after.
    more: i64,
}

/// Compares `teams`' rows `grouped` (and their flag names `names`) with
/// those stored in generation `generation`, on `conn`.
async fn compare(
    conn: &mut AnyConnection,
    generation: i64,
    teams: Vec<i64>,
    grouped: Vec<verified::Verified>,
    names: Vec<FlagName>,
) -> Result<Regrouped> {
    // What identifies a stored row's content: its sort key, body, submission and key.
    type Content = (Vec<u8>, String, i64, i64);
    let mut stored: HashSet<Content> = HashSet::default();
    for chunk in teams.chunks(IN_LIST_AT_MOST) {
        let sql = format!(
            "SELECT ord, body, submission_id, key_id FROM board_rows WHERE gen = $1 AND team_id IN ({})",
            super::super::placeholders(2, chunk.len())
        );
        let query = chunk.iter().fold(sqlx::query_as::<_, Content>(&sql).bind(generation), |q, t| q.bind(*t));
        stored.extend(query.persistent(false).fetch_all(&mut *conn).await?);
    }
    let more = grouped.len() as i64 - stored.len() as i64;
    let mut new = Vec::new();
    for v in grouped {
        let content = (sort_bytes(&v.row), row_json(&v.row)?, v.id, v.key_id);
        // Stored as it is: kept, with its rank range.
        if !stored.remove(&content) {
            new.push(v);
        }
    }
    let gone = stored.into_iter().map(|(ord, ..)| ord).collect();
    Ok(Regrouped { teams, gone, new, names, more })
}

impl Regrouped {
    /// Writes the change into generation `generation`.
    async fn write(&self, conn: &mut AnyConnection, generation: i64) -> Result<()> {
        for chunk in self.gone.chunks(IN_LIST_AT_MOST) {
            let sql = format!(
                "DELETE FROM board_rows WHERE gen = $1 AND ord IN ({})",
                super::super::placeholders(2, chunk.len())
            );
            let query = chunk.iter().fold(sqlx::query(&sql).bind(generation), |q, ord| q.bind(ord.clone()));
            query.persistent(false).execute(&mut *conn).await?;
        }
        insert_rows(conn, generation, &self.new).await?;
        for chunk in self.teams.chunks(IN_LIST_AT_MOST) {
            let sql = format!(
                "DELETE FROM board_flag_names WHERE gen = $1 AND team_id IN ({})",
                super::super::placeholders(2, chunk.len())
            );
            let query = chunk.iter().fold(sqlx::query(&sql).bind(generation), |q, t| q.bind(*t));
            query.persistent(false).execute(&mut *conn).await?;
        }
        insert_names(conn, generation, &self.names).await
    }
}

/// A row as stored: JSON, without its rank range (stored beside it).
fn row_json(row: &BoardRow) -> Result<String> {
    serde_json::to_string(row).map_err(|e| DbError::Background(format!("storing a row: {e}")))
}

/// Every submission of `teams`, oldest first.
async fn read_teams(conn: &mut AnyConnection, teams: &[i64]) -> Result<Vec<SubmissionRow>> {
    let mut rows = Vec::new();
    for chunk in teams.chunks(REGROUP_AT_MOST) {
        rows.extend(verified::read_rows(&mut *conn, Some(chunk)).await?);
    }
    rows.sort_by_key(|r| r.id);
    Ok(rows)
}

/// `rows` (oldest first) grouped one row per team and model, and the flag
/// names they hold (team, named submission); a flag names another
/// submission only while anyone may open it, as read on `conn`.
async fn group_rows(
    conn: &mut AnyConnection,
    rows: Vec<SubmissionRow>,
) -> Result<(Vec<verified::Verified>, Vec<FlagName>)> {
    let mut names = Vec::new();
    for row in &rows {
        names.extend(row.named()?.into_iter().map(|id| (row.team_id(), id)));
    }
    names.sort_unstable();
    names.dedup();
    let mut named: Vec<String> = names.iter().map(|(_, id)| id.clone()).collect();
    named.sort_unstable();
    named.dedup();
    let openable = verified::openable(conn, &named).await?;
    let grouped = blocking(move || verified::group(rows, &openable)).await??;
    Ok((grouped, names))
}

/// The columns of a stored row, in `INSERT` order.
const COLUMNS: &str = "gen, ord, source, team_id, submission_id, public_id, key_id, model, model_folded, category, accuracy, rankable, \
     synthetic, body";
const COLUMN_COUNT: usize = 14;

/// One row as stored: its source's number, team, submission and key ids.
struct Stored<'a> {
    row: &'a BoardRow,
    team_id: i64,
    submission_id: i64,
    key_id: i64,
    rankable: bool,
}

async fn insert_rows(conn: &mut AnyConnection, generation: i64, rows: &[verified::Verified]) -> Result<()> {
    let stored: Vec<Stored<'_>> = rows
        .iter()
        .map(|v| Stored {
            row: &v.row,
            team_id: v.team_id,
            submission_id: v.id,
            key_id: v.key_id,
            // A row the team's Ladder held shows another submission's
            // score, and a flagged row waits for the operators to review
            // its flags (`operator clear-flags`): neither is ranked, nor
            // takes one of the ranked places.
            rankable: !v.row.not_above_team_best && v.row.flags.is_empty(),
        })
        .collect();
    insert_stored(conn, generation, &stored).await
}

async fn insert_stored(conn: &mut AnyConnection, generation: i64, rows: &[Stored<'_>]) -> Result<()> {
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| format!("({})", super::super::placeholders(1 + i * COLUMN_COUNT, COLUMN_COUNT)))
            .collect();
        let sql = format!("INSERT INTO board_rows ({COLUMNS}) VALUES {}", values.join(", "));
        let mut query = sqlx::query(&sql);
        for s in chunk {
            let body = row_json(s.row)?;
            query = query
                .bind(generation)
                .bind(sort_bytes(s.row))
                .bind(i64::from(s.row.source != RowSource::Reported))
                .bind(s.team_id)
                .bind(s.submission_id)
                .bind(s.row.submission_id.clone())
                .bind(s.key_id)
                .bind(s.row.model.clone())
                .bind(folded(&s.row.model))
                .bind(s.row.category_slug())
                .bind(s.row.accuracy)
                .bind(i64::from(s.rankable))
                .bind(i64::from(s.row.synthetic_key))
                .bind(body);
        }
        query.persistent(chunk.len() == ROWS_PER_INSERT).execute(&mut *conn).await?;
    }
    Ok(())
}

async fn insert_names(conn: &mut AnyConnection, generation: i64, names: &[FlagName]) -> Result<()> {
    for (team, id) in names {
        sqlx::query("INSERT INTO board_flag_names (gen, public_id, team_id) VALUES ($1, $2, $3)")
            .bind(generation)
            .bind(id)
            .bind(*team)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Writes the paper's published rows into generation `generation` (in place of
/// any there).
async fn write_published(conn: &mut AnyConnection, generation: i64) -> Result<()> {
    sqlx::query("DELETE FROM board_rows WHERE gen = $1 AND source = 0").bind(generation).execute(&mut *conn).await?;
    let rows: Vec<BoardRow> =
        super::super::published::list_models_on(&mut *conn).await?.into_iter().map(published_row).collect();
    let stored: Vec<Stored<'_>> =
        rows.iter().map(|row| Stored { row, team_id: 0, submission_id: 0, key_id: 0, rankable: false }).collect();
    insert_stored(conn, generation, &stored).await
}

/// A published model's row.
fn published_row(m: crate::domain::board::PublishedModel) -> BoardRow {
    let n = m.n.max(0) as u64;
    let correct = (m.accuracy * n as f64).round() as u64;
    BoardRow {
        n,
        ci95: wilson(correct as usize, n as usize),
        ci95_approximate: true,
        accuracy: m.accuracy,
        source_table: Some(m.source_table),
        access: Some(m.access),
        focus: Some(m.focus),
        ..BoardRow::bare(&m.model, RowSource::Reported)
    }
}

/// Whether a ranked row is compared with others pair by pair on its
/// stored correctness: rows on a held-out key are ranked on their shown
/// accuracy alone, and a revealed split key's rows on their private part,
/// which the stored correctness (the whole key's) does not pair alone.
fn pairable(row: &BoardRow) -> bool {
    row.exposure == Some(crate::domain::exposure::Exposure::Public) && row.private.is_none()
}

async fn set_rank(conn: &mut AnyConnection, generation: i64, ord: &[u8], ranks: Option<Ranks>) -> Result<()> {
    sqlx::query("UPDATE board_rows SET rank_best = $1, rank_worst = $2 WHERE gen = $3 AND ord = $4")
        .bind(ranks.map(|r| r.best as i64))
        .bind(ranks.map(|r| r.worst as i64))
        .bind(generation)
        .bind(ord.to_vec())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The head of generation `generation`: counts, categories, whether a row is on
/// the synthetic key.
async fn head(
    conn: &mut AnyConnection,
    generation: i64,
    published: &[(Vec<u8>, BoardRow)],
    reference: Vec<BoardRow>,
    counts: Option<Counts>,
) -> Result<Head> {
    let Counts { models, verified } = match counts {
        Some(counts) => counts,
        None => {
            let (models, verified): (i64, i64) = sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM board_rows WHERE gen = $1),
                        (SELECT COUNT(*) FROM board_rows WHERE gen = $1 AND source = 1)",
            )
            .bind(generation)
            .fetch_one(&mut *conn)
            .await?;
            Counts { models: models.max(0) as u64, verified: verified.max(0) as u64 }
        }
    };
    let synthetic_row: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM board_rows WHERE gen = $1 AND synthetic = 1 LIMIT 1")
            .bind(generation)
            .fetch_optional(&mut *conn)
            .await?;
    // Each category's first row: the published rows' own, and the first
    // verified row of each category a submission can declare (by the
    // index on (source, category, ord)).
    let mut firsts: Vec<(Vec<u8>, CategoryChoice)> = published
        .iter()
        .map(|(ord, r)| {
            (
                ord.clone(),
                CategoryChoice { slug: r.category_slug(), access_focus: r.access.clone().zip(r.focus.clone()) },
            )
        })
        .collect();
    for declared in ModelCategory::ALL {
        let slug = category_slug(declared.access_focus());
        let first: Option<Vec<u8>> = sqlx::query_scalar(
            "SELECT ord FROM board_rows WHERE gen = $1 AND source = 1 AND category = $2 ORDER BY ord LIMIT 1",
        )
        .persistent(false)
        .bind(generation)
        .bind(&slug)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(ord) = first {
            let access_focus = declared.access_focus().map(|(a, f)| (a.to_owned(), f.to_owned()));
            firsts.push((ord, CategoryChoice { slug, access_focus }));
        }
    }
    firsts.sort_by(|a, b| a.0.cmp(&b.0));
    let mut categories: Vec<CategoryChoice> = Vec::new();
    for (_, c) in firsts {
        if !categories.iter().any(|k| k.slug == c.slug) {
            categories.push(c);
        }
    }
    let synthetic = synthetic_row.is_some() || reference.iter().any(|r| r.synthetic_key);
    Ok(Head { reference, categories, models, verified, synthetic })
}

/// A stored row's body.
pub(super) fn body(json: &str) -> Result<BoardRow> {
    serde_json::from_str(json).map_err(|e| DbError::Background(format!("a stored board row is unreadable: {e}")))
}

/// The rows of generation `generation` that `filter` (an SQL condition on the
/// rows after `generation = $1`, binding `binds` from `$2`) selects, with their
/// rank ranges: (sort key, row).
///
/// A statement that binds values (a category, say) is planned with them
/// at each read, as is every read of the board by category: PostgreSQL's
/// plan kept for a prepared statement is made once for any category, and
/// on a board whose rows are nearly all of one category that plan reads
/// the board in order and filters, stepping over every row to find the
/// first of a category that has few or none (BENCHMARKS.md).
pub(super) async fn stored_rows(
    conn: &mut AnyConnection,
    filter: &str,
    generation: i64,
    binds: &[&str],
) -> Result<Vec<(Vec<u8>, BoardRow)>> {
    let sql = format!("{SELECT_ROWS} AND {filter}");
    let query = binds.iter().fold(sqlx::query(&sql).bind(generation), |q, b| q.bind(*b));
    let rows = query.persistent(binds.is_empty()).fetch_all(&mut *conn).await?;
    rows.iter().map(ranked_row).collect()
}

/// Rows of generation `$1` as [`ranked_row`] reads them; add conditions
/// with `AND`.
pub(super) const SELECT_ROWS: &str = "SELECT ord, body, rank_best, rank_worst FROM board_rows WHERE gen = $1";

/// A row read with [`SELECT_ROWS`]'s columns.
pub(super) fn ranked_row(r: &sqlx::any::AnyRow) -> Result<(Vec<u8>, BoardRow)> {
    let mut row = body(&r.try_get::<String, _>(1)?)?;
    let (best, worst): (Option<i64>, Option<i64>) = (r.try_get(2)?, r.try_get(3)?);
    row.rank = best.zip(worst).map(|(best, worst)| Ranks { best: best as usize, worst: worst as usize });
    Ok((r.try_get(0)?, row))
}

/// Deletes the rows of every generation but `keep`, a few thousand per
/// statement (each a short hold of SQLite's one writer).
async fn delete_generations(db: &Db, keep: i64) -> Result<()> {
    let (low, high): (Option<i64>, Option<i64>) =
        sqlx::query_as("SELECT MIN(gen), MAX(gen) FROM board_rows").fetch_one(db.pool()).await?;
    let (Some(low), Some(high)) = (low, high) else { return Ok(()) };
    for generation in (low..=high).filter(|g| *g != keep) {
        loop {
            // Never the served generation, whoever wrote it meanwhile.
            let deleted = sqlx::query(
                "DELETE FROM board_rows WHERE gen = $1 AND gen <> (SELECT gen FROM board_state WHERE id = 1)
                    AND ord IN (SELECT ord FROM board_rows WHERE gen = $1 LIMIT $2)",
            )
            .bind(generation)
            .bind(ROWS_PER_DELETE)
            .execute(db.writer())
            .await?;
            if deleted.rows_affected() == 0 {
                break;
            }
        }
    }
    sqlx::query("DELETE FROM board_flag_names WHERE gen <> $1 AND gen <> (SELECT gen FROM board_state WHERE id = 1)")
        .bind(keep)
        .execute(db.writer())
        .await?;
    Ok(())
}
