//! The near-duplicate check of an upload (`domain::forensics`), through
//! the index the database keeps (`domain::near_index`,
//! `db::near_duplicates`): an upload reads only the stored submissions of
//! other teams that share one of its buckets (each distinct sheet once),
//! and decides among them exactly as `forensics::near_duplicate` does.
//! Nothing grows in memory with the submissions stored, and a server's
//! first upload costs what any other does.
//!
//! What is guaranteed: every stored submission with predictions is
//! indexed, its rows written in its upload's transaction; those stored
//! otherwise (before the index existed, by SQL, from an old backup) are
//! indexed by [`build`], which a server runs at its start. Until this
//! process's [`build`] has finished, its searches also read every
//! submission of the key not yet indexed, in the same statement: slower
//! (as slow as reading every sheet, while an old database is indexed for
//! the first time), never wrong. That is simpler than holding uploads back
//! until the index is complete, and costs nothing once it is: the
//! database keeps how far the index is known complete
//! (`near_duplicates::INDEXED_THROUGH`), so a start, and a search before
//! its look has finished, read only the submissions stored after that,
//! by the primary key, however many are stored. A near-duplicate is then
//! missed only with the index's probability
//! (`near_index::miss_probability`: 3.5e-7 a pair at the 98% limit), or
//! when two uploads are stored at the same moment (neither sees the
//! other, as before).

use std::collections::{HashMap, HashSet, hash_map};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use super::blocking;
use super::error::{Result, ServiceError};
use super::keys::KeyCache;
use crate::db::near_duplicates::{self, Candidate, Entry};
use crate::db::{Db, DbError};
use crate::domain::forensics::{self, Fingerprint, Other};
use crate::domain::near_index::{Bands, sheet};
use crate::domain::{AnswerKey, Benchmark, StoredPredictions};

/// The setting holding the secret the bands are drawn with (never served).
const SECRET: &str = "near_duplicate_secret";

/// Submissions [`build`] reads at a time (ids in a row), and indexes in
/// one transaction at most.
pub const BATCH: usize = 500;

/// Up to this many candidates are compared on the request's own task.
const INLINE_CANDIDATES: usize = 256;

/// What a process keeps of the index: each key's bands (drawn from the
/// secret once), whether its start's [`build`] has finished, and on
/// PostgreSQL where its last look ended ([`Look`]).
#[derive(Clone)]
pub struct NearIndex {
    bands: moka::future::Cache<i64, Arc<Bands>>,
    built: Arc<AtomicBool>,
    /// How far the index was complete when this process's start looked
    /// (0 until it has read that): what a search reads besides the index
    /// until the look has finished.
    through: Arc<AtomicI64>,
    last_look: Arc<Mutex<Option<Look>>>,
}

/// Where a look of [`build`] on PostgreSQL ended: the last id it read,
/// and the transaction horizon's `xmax` read after it. Once every
/// transaction below that `xmax` has ended, an id up to `last` that the
/// look did not see has been committed since or never will be, and the
/// next look, reading again from the stored
/// [`near_duplicates::INDEXED_THROUGH`], finds those committed since;
/// after it the index is known complete up to `last`. (An INSERT takes
/// its id a moment before its transaction id: a backend stalled between
/// the two for longer than a look could commit an id the point has
/// passed. A look is a minute apart.)
#[derive(Debug, Clone, Copy)]
struct Look {
    last: i64,
    xmax: i64,
}

impl Default for NearIndex {
    fn default() -> Self {
        Self {
            bands: super::keys::per_key(),
            built: Arc::default(),
            through: Arc::default(),
            last_look: Arc::default(),
        }
    }
}

impl NearIndex {
    /// Whether this process has indexed every submission stored before it
    /// started (then a search reads the index alone).
    pub fn built(&self) -> bool {
        self.built.load(Ordering::Acquire)
    }

    /// The bands of key `key_id` (`questions` scoreable questions).
    async fn bands(&self, db: &Db, key_id: i64, questions: usize) -> Result<Arc<Bands>> {
        self.bands
            .try_get_with(key_id, async move {
                let secret = crate::db::setting_or_insert(db, SECRET, || super::secrets::new_secret("")).await?;
                let draw = move || Arc::new(Bands::draw(secret.as_bytes(), key_id, questions));
                tokio::task::spawn_blocking(draw).await.map_err(|e| DbError::Background(e.to_string()))
            })
            .await
            .map_err(|e| ServiceError::Internal(e.to_string()))
    }
}

/// Where `predictions` (recorded on key `key_id`, `key`, whose bands are
/// `bands`) of team `team_id` are filed.
fn entry(bands: &Bands, key_id: i64, key: &AnswerKey, team_id: i64, predictions: &StoredPredictions) -> Entry {
    let given = predictions.given();
    Entry { key_id, team_id, sheet: sheet(given, key.len()), buckets: bands.buckets(given) }
}

/// An upload's near-duplicate check.
pub struct Checked {
    /// The public id of the other team's submission it nearly duplicates.
    pub of: Option<String>,
    /// Where it is filed in the index, stored with it.
    pub entry: Entry,
}

/// The check of team `team_id`'s new `predictions`, recorded on key
/// `key_id` (`key`): the other team's stored submission it nearly
/// duplicates (`forensics::near_duplicate`; of several agreeing equally,
/// the newest), found through the index.
pub async fn check(
    db: &Db,
    keys: &KeyCache,
    key_id: i64,
    key: &Arc<AnswerKey>,
    team_id: i64,
    predictions: &StoredPredictions,
) -> Result<Checked> {
    let index = keys.near_index();
    let entry = entry(&*index.bands(db, key_id, key.len()).await?, key_id, key, team_id, predictions);
    let fingerprint = Fingerprint::of(key, predictions);
    if !fingerprint.may_have_near_duplicates() {
        return Ok(Checked { of: None, entry });
    }
    let unindexed_above = (!index.built()).then(|| index.through.load(Ordering::Acquire));
    let ids = near_duplicates::candidates(db, key_id, team_id, &entry.buckets, unindexed_above).await?;
    if ids.is_empty() {
        return Ok(Checked { of: None, entry });
    }
    let candidates = near_duplicates::read(db, key_id, &ids).await?;
    let small = candidates.len() <= INLINE_CANDIDATES;
    let key = key.clone();
    let of = blocking::run(small, move || nearest(&key, &fingerprint, candidates)).await?;
    Ok(Checked { of, entry })
}

/// The public id of the candidate (stored on `key`) that `upload` nearly
/// duplicates, if any: the one it agrees with most, of equals the newest
/// (the highest id). A sheet stored by several candidates is compared
/// once; predictions that no longer unpack on the key are passed over.
fn nearest(key: &AnswerKey, upload: &Fingerprint, mut candidates: Vec<Candidate>) -> Option<String> {
    candidates.sort_unstable_by_key(|c| std::cmp::Reverse(c.id));
    let mut seen = HashSet::new();
    let mut sheets: Vec<(&str, Fingerprint)> = candidates
        .iter()
        .filter_map(|c| {
            let bytes = c.predictions.as_deref().filter(|bytes| seen.insert(*bytes))?;
            let stored = StoredPredictions::unpack(key, bytes).ok()?;
            Some((c.public_id.as_str(), Fingerprint::of(key, &stored)))
        })
        .collect();
    // The search names the last of equals it is given: the newest.
    sheets.reverse();
    let others = sheets.iter().map(|(public_id, fingerprint)| Other { public_id, fingerprint });
    forensics::near_duplicate(key, upload, others).map(str::to_owned)
}

/// A key as [`build`] files submissions on it: its bands, and the key
/// parsed.
type Layout = (Arc<Bands>, Arc<AnswerKey>);

/// How far [`build`] has got.
pub trait Progress {
    /// The look is at the `done`th of the `total` submission ids it looks
    /// at (those above the point the index is known complete).
    fn indexed(&mut self, _done: u64, _total: u64) {}
}

/// No progress shown.
impl Progress for () {}

/// Indexes every stored submission not yet in the index (stored before
/// it existed, or by SQL), in batches of at most [`BATCH`], each one
/// transaction; then this process's searches read the index alone
/// ([`NearIndex::built`]). It reads only the submissions above
/// [`near_duplicates::INDEXED_THROUGH`], and moves that on: on SQLite to
/// the last id it read (one writer commits ids in order); on PostgreSQL
/// to the id before the first it found missing (a transaction in
/// progress may commit it later), or further, to the last id the
/// previous look read, once every transaction of that look's time has
/// ended ([`Look`]). Submissions whose key or predictions no longer read
/// are left out (as uploads have always passed them over). Returns how
/// many were indexed (and when any, refreshes the database's statistics
/// of the index). A server runs it at its start, beside its requests,
/// and every minute after; two servers running it at once write each row
/// once.
pub async fn build(db: &Db, keys: &KeyCache, progress: &mut (dyn Progress + Send)) -> Result<u64> {
    let index = keys.near_index();
    let horizon = near_duplicates::horizon(db).await?;
    let through = near_duplicates::indexed_through(db).await?;
    if !index.built() {
        index.through.store(through, Ordering::Release);
    }
    // The ids to look at, for the progress: counting the submissions not
    // indexed would read every one.
    let total = (near_duplicates::last_id(db).await? - through).max(0) as u64;
    let (mut after, mut done, mut analyzed) = (through, 0, false);
    let mut first_missing = None;
    while let (batch, Some(window)) = near_duplicates::unindexed(db, after, BATCH).await? {
        after = window.last;
        first_missing = first_missing.or(window.first_missing);
        if batch.is_empty() {
            continue;
        }
        // Each key of the batch, parsed, with its bands; `None` for a key
        // that no longer parses (its submissions are left out, as uploads
        // on it fail).
        let mut layouts: HashMap<i64, Option<Layout>> = HashMap::new();
        for row in &batch {
            if let hash_map::Entry::Vacant(slot) = layouts.entry(row.key_id) {
                let key = match row.benchmark.parse::<Benchmark>() {
                    Ok(benchmark) => keys.get(db, row.key_id, benchmark).await,
                    Err(e) => Err(ServiceError::internal(e)),
                };
                let layout = match key {
                    Ok(key) => Some((index.bands(db, row.key_id, key.len()).await?, key)),
                    Err(e) => {
                        let key = row.key_id;
                        tracing::warn!(key, error = %e, "a stored key does not read: its submissions are not indexed");
                        None
                    }
                };
                slot.insert(layout);
            }
        }
        let filed = tokio::task::spawn_blocking(move || {
            let filed = batch.iter().filter_map(|row| {
                let (bands, key) = layouts[&row.key_id].as_ref()?;
                let stored = StoredPredictions::unpack(key, &row.predictions).ok()?;
                Some((row.id, entry(bands, row.key_id, key, row.team_id, &stored)))
            });
            filed.collect::<Vec<_>>()
        })
        .await
        .map_err(ServiceError::internal)?;
        near_duplicates::store(db, &filed).await?;
        // A long look refreshes the statistics once its first batch is
        // filed: a table never analyzed is planned as holding thousands
        // of rows per submission, and each window's check is then costed
        // high enough to be compiled and run in parallel, where it is a
        // lookup per submission (BENCHMARKS.md).
        if !analyzed && !filed.is_empty() && total > BATCH as u64 {
            near_duplicates::analyze(db).await?;
            analyzed = true;
        }
        done += filed.len() as u64;
        // Those stored since the start of the look are read too.
        let looked = (after - through).max(0) as u64;
        progress.indexed(looked, total.max(looked));
    }
    if done > 0 {
        near_duplicates::analyze(db).await?;
    }
    // How far the index is now known complete.
    let complete = match horizon {
        None => after,
        Some((xmin, _)) => {
            let xmax = near_duplicates::horizon(db).await?.map_or(0, |(_, xmax)| xmax);
            let look = Look { last: after, xmax };
            let previous = index.last_look.lock().unwrap_or_else(|e| e.into_inner()).replace(look);
            let settled = previous.filter(|look| xmin >= look.xmax).map_or(through, |look| look.last);
            settled.max(first_missing.map_or(after, |missing| missing - 1))
        }
    };
    if complete > through {
        near_duplicates::set_indexed_through(db, complete).await?;
    }
    index.built.store(true, Ordering::Release);
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::key::parse_key;
    use crate::domain::score::score_bytes;
    use crate::domain::synthetic::{synthetic_key, synthetic_predictions};
    use crate::domain::{Benchmark, Given};

    fn key() -> AnswerKey {
        parse_key(Benchmark::MedAraBench, synthetic_key(300, 11).csv.as_bytes()).unwrap().key
    }

    /// A synthetic sheet at 60% (a different one for each seed).
    fn sheet(key: &AnswerKey, seed: u64) -> StoredPredictions {
        score_bytes(key, synthetic_predictions(key, 0.6, seed).as_bytes()).unwrap().predictions
    }

    fn candidate(id: i64, predictions: &StoredPredictions) -> Candidate {
        Candidate { id, public_id: format!("s{id}"), predictions: Some(predictions.pack()) }
    }

    fn nearest_of(key: &AnswerKey, upload: &StoredPredictions, candidates: Vec<Candidate>) -> Option<String> {
        nearest(key, &Fingerprint::of(key, upload), candidates)
    }

    #[test]
    fn the_newest_candidate_with_the_sheet_is_named() {
        let key = key();
        let (a, b) = (sheet(&key, 1), sheet(&key, 2));
        let given = |ids: &[i64], p: &StoredPredictions| ids.iter().map(|&id| candidate(id, p)).collect::<Vec<_>>();
        assert_eq!(nearest_of(&key, &a, given(&[2, 4, 3], &a)).as_deref(), Some("s4"));
        assert_eq!(nearest_of(&key, &a, given(&[5], &b)), None, "an unrelated sheet");
        assert_eq!(nearest_of(&key, &b, [given(&[1, 2], &a), given(&[5], &b)].concat()).as_deref(), Some("s5"));
        assert_eq!(nearest_of(&key, &a, Vec::new()), None);
    }

    /// `sheet(key, 1)` with question `q` left out.
    fn without(key: &AnswerKey, q: usize) -> StoredPredictions {
        let mut given = sheet(key, 1).given().to_vec();
        given[q] = Given::Missing;
        StoredPredictions::from_given(given)
    }

    #[test]
    fn of_sheets_agreeing_equally_the_newest_is_named() {
        let key = key();
        let full = sheet(&key, 1);
        let (x, y) = (without(&key, 0), without(&key, 1));
        let print = |p: &StoredPredictions| Fingerprint::of(&key, p);
        assert_eq!(print(&full).agreement(&print(&x)), print(&full).agreement(&print(&y)), "a tie");
        assert_eq!(nearest_of(&key, &full, vec![candidate(1, &x), candidate(2, &y)]).as_deref(), Some("s2"));
        // x stored again: now the newest.
        let again = vec![candidate(1, &x), candidate(2, &y), candidate(3, &x)];
        assert_eq!(nearest_of(&key, &full, again).as_deref(), Some("s3"));
        // A closer sheet wins over a newer one.
        assert_eq!(nearest_of(&key, &x, vec![candidate(1, &x), candidate(2, &y)]).as_deref(), Some("s1"));
    }

    #[test]
    fn predictions_that_do_not_unpack_are_passed_over() {
        let key = key();
        let a = sheet(&key, 1);
        let broken = Candidate { id: 9, public_id: "s9".into(), predictions: Some(vec![1, 2, 3]) };
        let gone = Candidate { id: 8, public_id: "s8".into(), predictions: None };
        assert_eq!(nearest_of(&key, &a, vec![candidate(1, &a), broken, gone]).as_deref(), Some("s1"));
    }
}
