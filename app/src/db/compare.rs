//! Reads behind `/compare`: two public submissions with their stored
//! per-question correctness, for paired statistics only (the vectors are
//! never rendered); and the cache of computed comparisons.
//!
//! ## Why comparisons are cached, and where
//!
//! A comparison runs a 2,000-replicate paired bootstrap (seconds in a
//! debug build). Its result depends only on the two stored submissions and
//! the server's comparison secret (stored once in `settings`), so every
//! process computes the same outcome for a pair. A submission changes only
//! when a corrected key scores it again, and then its `key_id` moves to
//! that version: an outcome is kept with the two key ids it was computed
//! on ([`Scoring`]) and is not used once either has moved.
//! The cache is therefore per process, in memory, like the board: at most
//! [`COMPARISON_CACHE_SIZE`] outcomes (a few kilobytes each). When it is
//! full, the least recently used outcome makes way for a new one if the
//! new pair is asked for more often (moka's admission policy), so a burst
//! of one-off pairs does not push out the popular ones. A database table
//! would let processes share the work, but would need a migration on both
//! backends, an eviction policy of its own and a write per new pair; a
//! process computes a pair at most once while it stays cached, which is
//! enough.
//!
//! The cache never decides who may see a submission: the caller checks
//! that both ids are public submissions in the database on every request
//! ([`public_pair`]) before it looks here, so an unknown id, or a
//! submission no longer public (made private, or withdrawn, by its team),
//! is never answered from the cache.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use super::submissions::{self, SubmissionRecord, unpack_bits};
use super::{Db, Result};
use crate::domain::compare::CompareOutcome;
use crate::domain::visibility::{Access, Surface, Viewer, access};

/// A public submission and what a paired comparison needs.
#[derive(Debug, Clone)]
pub struct Comparable {
    pub record: SubmissionRecord,
    /// The key it was scored on: pairs need the same one.
    pub key_id: i64,
    /// `correct[i]` for the key's i-th scoreable question.
    pub correct: Vec<bool>,
}

/// What a paired comparison reads of a submission besides its record.
#[derive(sqlx::FromRow)]
struct Correctness {
    key_id: i64,
    total: i64,
    correctness: Vec<u8>,
}

/// The public submission `public_id`; `None` if it does not exist, is
/// private, or is scored on a held-out key.
pub async fn public_submission(db: &Db, public_id: &str) -> Result<Option<Comparable>> {
    let Some(record) = submissions::get(db, public_id).await? else { return Ok(None) };
    // A shared surface: the viewer does not matter.
    if access(Viewer::Anonymous, record.subject(), Surface::Compare) != Access::Full {
        return Ok(None);
    }
    let row: Correctness = sqlx::query_as("SELECT key_id, total, correctness FROM submissions WHERE public_id = $1")
        .bind(public_id)
        .fetch_one(db.pool())
        .await?;
    let correct = unpack_bits(&row.correctness, row.total.max(0) as usize);
    Ok(Some(Comparable { record, key_id: row.key_id, correct }))
}

/// The key versions two submissions are scored on, in pair order: what a
/// cached outcome was computed from.
pub type Scoring = (i64, i64);

/// Why a submission cannot be compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotComparable {
    /// No public submission has this id.
    Missing(String),
    /// Public, but on a held-out key (shown on the board, never paired).
    HeldOut(String),
}

/// Submission `id` if it may be compared now (the policy, on the Compare
/// surface): otherwise why not. For a comparison with a published row,
/// which needs the record only (no correctness).
pub async fn public_record(db: &Db, id: &str) -> Result<std::result::Result<SubmissionRecord, NotComparable>> {
    let Some(r) = submissions::get(db, id).await? else { return Ok(Err(NotComparable::Missing(id.to_owned()))) };
    Ok(
        match (
            access(Viewer::Anonymous, r.subject(), Surface::Compare),
            access(Viewer::Anonymous, r.subject(), Surface::Board),
        ) {
            (Access::Full, _) => Ok(r),
            (_, Access::Overall) => Err(NotComparable::HeldOut(id.to_owned())),
            _ => Err(NotComparable::Missing(id.to_owned())),
        },
    )
}

/// Whether `a` and `b` may be compared now ([`public_record`]), and the
/// keys they are scored on: the error names the first that may not, and
/// why.
pub async fn public_pair(db: &Db, a: &str, b: &str) -> Result<std::result::Result<Scoring, NotComparable>> {
    let mut keys = [0i64; 2];
    for (slot, id) in keys.iter_mut().zip([a, b]) {
        match public_record(db, id).await? {
            Ok(r) => *slot = r.key_id,
            Err(why) => return Ok(Err(why)),
        }
    }
    Ok(Ok((keys[0], keys[1])))
}

/// Outcomes kept by a process.
pub const COMPARISON_CACHE_SIZE: usize = 256;

/// Computed comparisons by (a, b) in that order (the difference and the
/// bootstrap's seed depend on the order), and a lock so that a process
/// computes one comparison at a time: simultaneous first requests for a
/// pair compute it once, and requests for many new pairs cannot take every
/// core (a bootstrap is CPU-bound).
pub struct ComparisonCache {
    outcomes: moka::sync::Cache<(String, String), (Scoring, CompareOutcome)>,
    computing: tokio::sync::Mutex<()>,
    computed: AtomicU64,
}

impl Default for ComparisonCache {
    fn default() -> Self {
        Self {
            outcomes: moka::sync::Cache::new(COMPARISON_CACHE_SIZE as u64),
            computing: tokio::sync::Mutex::new(()),
            computed: AtomicU64::new(0),
        }
    }
}

impl fmt::Debug for ComparisonCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ComparisonCache")
            .field("outcomes", &self.outcomes.entry_count())
            .field("computed", &self.computed())
            .finish()
    }
}

impl ComparisonCache {
    /// The outcome stored for (a, b), whatever keys it was computed on.
    /// Call only once both are known to be public ([`public_pair`]).
    pub fn get(&self, a: &str, b: &str) -> Option<CompareOutcome> {
        self.outcomes.get(&(a.to_owned(), b.to_owned())).map(|(_, outcome)| outcome)
    }

    /// The outcome stored for (a, b) if it was computed on `scoring`.
    fn get_on(&self, a: &str, b: &str, scoring: Scoring) -> Option<CompareOutcome> {
        self.outcomes.get(&(a.to_owned(), b.to_owned())).filter(|(on, _)| *on == scoring).map(|(_, o)| o)
    }

    /// Stores the outcome of (a, b) computed on `scoring`.
    pub fn put(&self, a: &str, b: &str, scoring: Scoring, outcome: CompareOutcome) {
        self.outcomes.insert((a.to_owned(), b.to_owned()), (scoring, outcome));
    }

    /// The outcome of (a, b) scored on `scoring`: from the cache, or from
    /// `compute` run while no other comparison is computed (looking in the
    /// cache again once it is this request's turn). Outcomes `keep` refuses
    /// are not stored.
    pub async fn get_or_compute<E>(
        &self,
        (a, b): (&str, &str),
        scoring: Scoring,
        compute: impl Future<Output = std::result::Result<CompareOutcome, E>>,
        keep: impl Fn(&CompareOutcome) -> bool,
    ) -> std::result::Result<CompareOutcome, E> {
        if let Some(cached) = self.get_on(a, b, scoring) {
            return Ok(cached);
        }
        let _turn = self.computing.lock().await;
        if let Some(cached) = self.get_on(a, b, scoring) {
            return Ok(cached);
        }
        let outcome = compute.await?;
        self.computed.fetch_add(1, Ordering::Relaxed);
        if keep(&outcome) {
            self.put(a, b, scoring, outcome.clone());
        }
        Ok(outcome)
    }

    /// How many comparisons this process has computed (not served from the
    /// cache).
    pub fn computed(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_comparison_cache_is_bounded_and_ordered() {
        let cache = ComparisonCache::default();
        cache.put("a", "b", (1, 1), CompareOutcome::Same);
        assert!(cache.get("a", "b").is_some());
        assert!(cache.get_on("a", "b", (1, 1)).is_some());
        assert!(cache.get_on("a", "b", (1, 2)).is_none(), "not once b is scored on another key version");
        assert!(cache.get("b", "a").is_none(), "(a, b) is not (b, a)");
        for i in 0..COMPARISON_CACHE_SIZE * 2 {
            cache.put(&format!("a{i}"), "b", (1, 1), CompareOutcome::Same);
        }
        cache.outcomes.run_pending_tasks();
        assert!(cache.outcomes.entry_count() <= COMPARISON_CACHE_SIZE as u64, "at most its capacity");
    }
}
