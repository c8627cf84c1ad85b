//! The fingerprints of the submissions recorded on a key
//! (`domain::forensics::Fingerprint`), kept per process for the
//! near-duplicate check: every upload compares itself with every other
//! team's submission on its key, and reading and unpacking all of them from
//! the database at each upload cost more than all the rest of an upload.
//!
//! Predictions are written once, with their submission, and submissions
//! are never deleted, so catching up reads only the submissions added
//! since the last look. Ids are handed out before a transaction commits,
//! so on PostgreSQL a later id can be read before an earlier one commits:
//! an id not read yet below one that was is looked for again at each
//! catch-up (its predictions fetched alone when it shows up), and given up
//! on ([`GIVE_UP_AFTER`]) when its transaction must have rolled back.
//! Every server sharing one database catches up the same way. Two uploads
//! at the same moment do not see each other.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, RwLock};

use super::blocking;
use super::error::Result;
use crate::db::Db;
use crate::db::submissions::{RecordedRow, predictions_of, recorded_since};
use crate::domain::forensics::{self, Fingerprint, Other, Probe};
use crate::domain::{AnswerKey, StoredPredictions};

/// How long an id may stay unread below a read one before it is taken for
/// a rolled-back insert (an upload's transaction lasts milliseconds).
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(10);

/// Up to this many others are compared on the request's own task (some
/// tens of microseconds); more go to the blocking pool.
const INLINE_OTHERS: usize = 20_000;

/// Up to this many new rows are fingerprinted on the request's own task.
const INLINE_ROWS: usize = 64;

/// The submissions recorded on one key, as far as this process has read.
pub struct Recorded {
    key_id: i64,
    seen: Arc<RwLock<Seen>>,
    /// Held by the one upload catching up; the others wait for it and use
    /// what it read.
    catching_up: Mutex<()>,
}

/// One submission's fingerprint.
struct Entry {
    public_id: String,
    fingerprint: Fingerprint,
}

#[derive(Default)]
struct Seen {
    /// Every id up to this one has been read (or given up on).
    settled: i64,
    /// Ids above `settled` already read.
    read: BTreeSet<i64>,
    /// Ids above `settled` not read though a later one was, and since when.
    unread: BTreeMap<i64, Instant>,
    entries: Vec<Entry>,
    /// What a search reads first of each entry, in the same order, side by
    /// side (`forensics::Probe`): most entries are ruled out without
    /// reading them.
    probes: Vec<Head>,
}

/// An entry's team and probe.
struct Head {
    team_id: i64,
    probe: Probe,
}

impl Seen {
    /// Takes in rows read after `settled` (some may have been read already).
    fn take(&mut self, rows: Vec<RecordedRow>, fingerprints: Vec<Option<Fingerprint>>, now: Instant) {
        for (row, fingerprint) in rows.into_iter().zip(fingerprints) {
            if row.id <= self.settled || !self.read.insert(row.id) {
                continue;
            }
            self.unread.remove(&row.id);
            if let Some(fingerprint) = fingerprint {
                self.probes.push(Head { team_id: row.team_id, probe: fingerprint.probe() });
                self.entries.push(Entry { public_id: row.public_id, fingerprint });
            }
        }
        let Some(&top) = self.read.last() else { return };
        let from = self.unread.last_key_value().map_or(self.settled, |(id, _)| *id).max(self.settled);
        for id in from + 1..top {
            if !self.read.contains(&id) {
                self.unread.entry(id).or_insert(now);
            }
        }
        loop {
            let next = self.settled + 1;
            if self.read.remove(&next) {
                self.settled = next;
            } else if self.unread.get(&next).is_some_and(|since| now.duration_since(*since) >= GIVE_UP_AFTER) {
                self.unread.remove(&next);
                self.settled = next;
            } else {
                break;
            }
        }
    }

    /// The lowest id a catch-up must read above.
    fn after(&self) -> i64 {
        self.settled
    }

    /// The highest id read: a catch-up needs the predictions of the rows
    /// above it, and of the unread ones below.
    fn top(&self) -> i64 {
        self.read.last().copied().unwrap_or(self.settled)
    }
}

impl Recorded {
    /// Nothing read yet for `key_id`.
    pub fn new(key_id: i64) -> Self {
        Self { key_id, seen: Arc::default(), catching_up: Mutex::new(()) }
    }

    /// The other team's submission on this key that `predictions` (team
    /// `team_id`'s new upload, recorded on `key`) nearly duplicates, if any
    /// (`forensics::near_duplicate`), after reading what was stored since
    /// the last look.
    pub async fn near_duplicate(
        &self,
        db: &Db,
        key: &Arc<AnswerKey>,
        team_id: i64,
        predictions: &StoredPredictions,
    ) -> Result<Option<String>> {
        self.catch_up(db, key).await?;
        let seen = self.seen.clone().read_owned().await;
        let others = seen.entries.len();
        let key = key.clone();
        let fingerprint = Fingerprint::of(&key, predictions);
        let compare = move || {
            let others = seen
                .probes
                .iter()
                .zip(&seen.entries)
                .filter(|(head, _)| head.team_id != team_id && fingerprint.may_nearly_duplicate(&head.probe))
                .map(|(_, e)| Other { public_id: &e.public_id, fingerprint: &e.fingerprint });
            forensics::near_duplicate(&key, &fingerprint, others).map(str::to_owned)
        };
        // Most others are ruled out within a few words: tens of nanoseconds each.
        blocking::run(others <= INLINE_OTHERS, compare).await
    }

    /// Reads the submissions stored since the last look. When another
    /// upload is already doing so, waits for it and reads nothing more.
    async fn catch_up(&self, db: &Db, key: &Arc<AnswerKey>) -> Result<()> {
        let _turn = match self.catching_up.try_lock() {
            Ok(turn) => turn,
            Err(_) => {
                drop(self.catching_up.lock().await);
                return Ok(());
            }
        };
        let (after, top, unread) = {
            let seen = self.seen.read().await;
            (seen.after(), seen.top(), seen.unread.keys().copied().collect::<BTreeSet<i64>>())
        };
        let mut rows = recorded_since(db, self.key_id, after, top).await?;
        if rows.is_empty() {
            return Ok(());
        }
        // Committed late, below rows already read: rare, fetched one by one.
        for row in rows.iter_mut().filter(|r| r.on_key == 1 && r.id <= top && unread.contains(&r.id)) {
            row.predictions = predictions_of(db, row.id).await?;
        }
        // A few new rows are read inline; a first look at a full database
        // goes to the blocking pool.
        let fresh = rows.iter().filter(|r| r.predictions.is_some()).count();
        let key = key.clone();
        let read = move || {
            let fingerprints = rows
                .iter()
                .map(|r| {
                    // Predictions that no longer unpack on their key are skipped.
                    let stored = StoredPredictions::unpack(&key, r.predictions.as_deref()?).ok()?;
                    Some(Fingerprint::of(&key, &stored))
                })
                .collect::<Vec<_>>();
            (rows, fingerprints)
        };
        let (rows, fingerprints) = blocking::run(fresh <= INLINE_ROWS, read).await?;
        self.seen.write().await.take(rows, fingerprints, Instant::now());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64) -> RecordedRow {
        RecordedRow { id, team_id: 1, public_id: format!("s{id}"), on_key: 1, predictions: None }
    }

    fn take(seen: &mut Seen, ids: &[i64], now: Instant) {
        seen.take(ids.iter().map(|&id| row(id)).collect(), ids.iter().map(|_| None).collect(), now);
    }

    #[test]
    fn ids_read_in_order_settle() {
        let mut seen = Seen::default();
        take(&mut seen, &[1, 2, 3], Instant::now());
        assert_eq!((seen.after(), seen.read.len(), seen.unread.len()), (3, 0, 0));
    }

    #[test]
    fn an_id_committed_late_is_read_at_the_next_catch_up() {
        let now = Instant::now();
        let mut seen = Seen::default();
        take(&mut seen, &[1, 2, 4, 5], now);
        assert_eq!(seen.after(), 2, "3 may still commit");
        assert_eq!(seen.unread.keys().copied().collect::<Vec<_>>(), [3]);
        // The next catch-up reads 3 (and 4 and 5 again, taken once).
        take(&mut seen, &[3, 4, 5, 6], now + Duration::from_millis(5));
        assert_eq!((seen.after(), seen.read.len(), seen.unread.len()), (6, 0, 0));
    }

    #[test]
    fn a_rolled_back_id_is_given_up_on() {
        let now = Instant::now();
        let mut seen = Seen::default();
        take(&mut seen, &[1, 3], now);
        take(&mut seen, &[3, 4], now + GIVE_UP_AFTER / 2);
        assert_eq!(seen.after(), 1);
        take(&mut seen, &[3, 4, 5], now + GIVE_UP_AFTER);
        assert_eq!((seen.after(), seen.read.len(), seen.unread.len()), (5, 0, 0));
    }
}
