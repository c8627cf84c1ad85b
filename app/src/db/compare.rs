//! Reads behind `/compare`: two public submissions with their stored
//! per-question correctness, for paired statistics only (the vectors are
//! never rendered); and the cache of computed comparisons.
//!
//! ## Why comparisons are cached, and where
//!
//! A comparison runs a 2,000-replicate paired bootstrap (seconds in a
//! debug build). Its result depends only on the two stored submissions
//! (immutable once stored) and the server's comparison secret (stored once
//! in `settings`), so every process computes the same outcome for a pair.
//! The cache is therefore per process, in memory, like the board: at most
//! [`COMPARISON_CACHE_SIZE`] outcomes (a few kilobytes each), the least
//! recently used one evicted first. A database table would let processes
//! share the work, but would need a migration on both backends, an
//! eviction policy of its own and a write per new pair; a process computes
//! a pair at most once while it stays cached, which is enough.
//!
//! The cache never decides who may see a submission: the caller checks
//! that both ids are public submissions in the database on every request
//! ([`public_pair`]) before it looks here, so an unknown id, or a
//! submission no longer public, is never answered from the cache.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
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

/// The public submission `public_id`; `None` if it does not exist or is
/// private.
pub async fn public_submission(db: &Db, public_id: &str) -> Result<Option<Comparable>> {
    let Some(record) = submissions::get(db, public_id).await? else { return Ok(None) };
    // A shared surface: the viewer does not matter.
    if access(Viewer::Anonymous, record.team_id, record.meta.visibility, Surface::Compare) == Access::Hidden {
        return Ok(None);
    }
    let row: Correctness = sqlx::query_as("SELECT key_id, total, correctness FROM submissions WHERE public_id = $1")
        .bind(public_id)
        .fetch_one(db.pool())
        .await?;
    let correct = unpack_bits(&row.correctness, row.total.max(0) as usize);
    Ok(Some(Comparable { record, key_id: row.key_id, correct }))
}

/// Whether `a` and `b` are public submissions now (one indexed query):
/// `Err(id)` names the first that is not.
pub async fn public_pair(db: &Db, a: &str, b: &str) -> Result<std::result::Result<(), String>> {
    let public: Vec<String> =
        sqlx::query_scalar("SELECT public_id FROM submissions WHERE public_id IN ($1, $2) AND visibility = 'public'")
            .bind(a)
            .bind(b)
            .fetch_all(db.pool())
            .await?;
    Ok(match [a, b].into_iter().find(|id| !public.iter().any(|p| p == id)) {
        Some(missing) => Err(missing.to_owned()),
        None => Ok(()),
    })
}

/// Outcomes kept by a process.
pub const COMPARISON_CACHE_SIZE: usize = 256;

/// Computed comparisons by (a, b) in that order (the difference and the
/// bootstrap's seed depend on the order), and a lock so that a process
/// computes one comparison at a time: simultaneous first requests for a
/// pair compute it once, and requests for many new pairs cannot take every
/// core (a bootstrap is CPU-bound).
#[derive(Debug)]
pub struct ComparisonCache {
    outcomes: Mutex<Lru<(String, String), CompareOutcome>>,
    computing: tokio::sync::Mutex<()>,
    computed: AtomicU64,
}

impl Default for ComparisonCache {
    fn default() -> Self {
        Self {
            outcomes: Mutex::new(Lru::new(COMPARISON_CACHE_SIZE)),
            computing: tokio::sync::Mutex::new(()),
            computed: AtomicU64::new(0),
        }
    }
}

impl ComparisonCache {
    /// The outcome stored for (a, b). Call only once both are known to be
    /// public ([`public_pair`]).
    pub fn get(&self, a: &str, b: &str) -> Option<CompareOutcome> {
        self.outcomes.lock().expect("comparison cache lock").get(&(a.to_owned(), b.to_owned())).cloned()
    }

    /// Stores the outcome of (a, b).
    pub fn put(&self, a: &str, b: &str, outcome: CompareOutcome) {
        self.outcomes.lock().expect("comparison cache lock").put((a.to_owned(), b.to_owned()), outcome);
    }

    /// The outcome of (a, b): from the cache, or from `compute` run while
    /// no other comparison is computed (looking in the cache again once it
    /// is this request's turn). Outcomes `keep` refuses are not stored.
    pub async fn get_or_compute<E>(
        &self,
        a: &str,
        b: &str,
        compute: impl Future<Output = std::result::Result<CompareOutcome, E>>,
        keep: impl Fn(&CompareOutcome) -> bool,
    ) -> std::result::Result<CompareOutcome, E> {
        if let Some(cached) = self.get(a, b) {
            return Ok(cached);
        }
        let _turn = self.computing.lock().await;
        if let Some(cached) = self.get(a, b) {
            return Ok(cached);
        }
        let outcome = compute.await?;
        self.computed.fetch_add(1, Ordering::Relaxed);
        if keep(&outcome) {
            self.put(a, b, outcome.clone());
        }
        Ok(outcome)
    }

    /// How many comparisons this process has computed (not served from the
    /// cache).
    pub fn computed(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }
}

/// A map of at most `capacity` entries that forgets the least recently
/// used one. Eviction scans the entries: meant for a few hundred.
#[derive(Debug)]
pub struct Lru<K, V> {
    capacity: usize,
    clock: u64,
    entries: HashMap<K, (V, u64)>,
}

impl<K: Eq + Hash + Clone, V> Lru<K, V> {
    pub fn new(capacity: usize) -> Self {
        Self { capacity: capacity.max(1), clock: 0, entries: HashMap::new() }
    }

    /// The value of `key`, now the most recently used.
    pub fn get(&mut self, key: &K) -> Option<&V> {
        self.clock += 1;
        let clock = self.clock;
        self.entries.get_mut(key).map(|(v, used)| {
            *used = clock;
            &*v
        })
    }

    /// Stores `value` under `key`, evicting the least recently used entry
    /// when full.
    pub fn put(&mut self, key: K, value: V) {
        self.clock += 1;
        if !self.entries.contains_key(&key)
            && self.entries.len() >= self.capacity
            && let Some(oldest) = self.entries.iter().min_by_key(|(_, (_, used))| *used).map(|(k, _)| k.clone())
        {
            self.entries.remove(&oldest);
        }
        self.entries.insert(key, (value, self.clock));
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_keeps_at_most_its_capacity_and_forgets_the_least_recently_used() {
        let mut lru = Lru::new(3);
        for i in 0..3 {
            lru.put(i, i * 10);
        }
        assert_eq!(lru.get(&0), Some(&0), "0 is now the most recently used");
        lru.put(3, 30);
        assert_eq!(lru.len(), 3);
        assert_eq!(lru.get(&1), None, "1 was the least recently used");
        assert_eq!((lru.get(&0).copied(), lru.get(&2).copied(), lru.get(&3).copied()), (Some(0), Some(20), Some(30)));
        lru.put(2, 21);
        assert_eq!((lru.len(), lru.get(&2).copied()), (3, Some(21)), "replacing a key evicts nothing");
        for i in 100..1000 {
            lru.put(i, i);
        }
        assert_eq!(lru.len(), 3);
        assert!(!lru.is_empty() && lru.get(&999).is_some() && lru.get(&0).is_none());
    }

    #[test]
    fn the_comparison_cache_is_bounded_and_ordered() {
        let cache = ComparisonCache::default();
        for i in 0..COMPARISON_CACHE_SIZE + 50 {
            cache.put(&format!("a{i}"), "b", CompareOutcome::Same);
        }
        assert_eq!(cache.outcomes.lock().unwrap().len(), COMPARISON_CACHE_SIZE);
        assert!(
            cache.get("a0", "b").is_none() && cache.get(&format!("a{}", COMPARISON_CACHE_SIZE + 49), "b").is_some()
        );
        assert!(cache.get("b", &format!("a{}", COMPARISON_CACHE_SIZE + 49)).is_none(), "(a, b) is not (b, a)");
    }
}
