//! The fingerprints of the submissions recorded on a key
//! (`domain::forensics::Fingerprint`), kept per process for the
//! near-duplicate check: every upload compares itself with every other
//! team's submission on its key without reading them from the database.
//! Each distinct sheet of predictions is kept and compared once, however
//! many submissions gave it, so a team that uploads the same file again
//! and again does not make each upload slower than the last
//! (BENCHMARKS.md has the measurements).
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

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::num::NonZeroI64;
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

/// Up to this many sheets are compared on the request's own task (some
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

#[derive(Default)]
struct Seen {
    /// Every id up to this one has been read (or given up on).
    settled: i64,
    /// Ids above `settled` already read.
    read: BTreeSet<i64>,
    /// Ids above `settled` not read though a later one was, and since when.
    unread: BTreeMap<i64, Instant>,
    /// The distinct sheets read, in the order first read: a sheet uploaded
    /// again (the same predictions under another model name, or copied by
    /// another team) is compared once, however often it was uploaded.
    sheets: Vec<Sheet>,
    /// What a search reads first of each sheet, in the same order, side by
    /// side: most sheets are ruled out without reading them.
    heads: Vec<Head>,
    /// The sheets by their fingerprint's digest (equal digests are told
    /// apart by comparing the fingerprints).
    by_digest: HashMap<u64, Vec<usize>>,
    /// Submissions taken in so far: each one's place in reading order.
    taken: u64,
}

/// A sheet's probe (`forensics::Probe`) and, while one team alone gave
/// it, that team: a search passes over its uploader's own sheets (often
/// near-duplicates of each other) with one comparison.
struct Head {
    only_team: Option<NonZeroI64>,
    probe: Probe,
}

/// A distinct sheet of predictions and the submissions that gave it, as
/// far as a search needs them.
struct Sheet {
    fingerprint: Fingerprint,
    /// The last submission read that gave it.
    latest: Giver,
    /// The last one read of a team other than `latest`'s.
    other_team: Option<Giver>,
}

/// A submission that gave a sheet.
struct Giver {
    team_id: i64,
    public_id: String,
    /// Its place in reading order: among others agreeing equally, the
    /// last read is named.
    order: u64,
}

impl Sheet {
    /// `giver` gave it again.
    fn add(&mut self, giver: Giver) {
        if giver.team_id == self.latest.team_id {
            self.latest = giver;
        } else {
            self.other_team = Some(std::mem::replace(&mut self.latest, giver));
        }
    }

    /// The last submission read that gave it from a team other than
    /// `team_id`.
    fn given_by_other_than(&self, team_id: i64) -> Option<&Giver> {
        if self.latest.team_id != team_id { Some(&self.latest) } else { self.other_team.as_ref() }
    }
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
                self.taken += 1;
                let giver = Giver { team_id: row.team_id, public_id: row.public_id, order: self.taken };
                self.add(fingerprint, giver);
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

    /// Records that `giver` gave the sheet `fingerprint`.
    fn add(&mut self, fingerprint: Fingerprint, giver: Giver) {
        let same = self.by_digest.entry(fingerprint.digest()).or_default();
        match same.iter().find(|&&i| self.sheets[i].fingerprint == fingerprint) {
            Some(&i) => {
                self.sheets[i].add(giver);
                if self.sheets[i].other_team.is_some() {
                    self.heads[i].only_team = None;
                }
            }
            None => {
                same.push(self.sheets.len());
                self.heads.push(Head { only_team: NonZeroI64::new(giver.team_id), probe: fingerprint.probe() });
                self.sheets.push(Sheet { fingerprint, latest: giver, other_team: None });
            }
        }
    }

    /// The public id of the submission of a team other than `team_id` that
    /// `fingerprint` (recorded on `key`) nearly duplicates, if any
    /// (`forensics::near_duplicate`; the last read among equals).
    fn near_duplicate(&self, key: &AnswerKey, fingerprint: &Fingerprint, team_id: i64) -> Option<String> {
        let mut candidates = self
            .heads
            .iter()
            .zip(&self.sheets)
            .filter(|(head, _)| head.only_team.is_none_or(|t| t.get() != team_id))
            .filter(|(head, _)| fingerprint.may_nearly_duplicate(&head.probe))
            .filter_map(|(_, sheet)| Some((sheet.given_by_other_than(team_id)?, &sheet.fingerprint)))
            .collect::<Vec<_>>();
        // The search names the last of equals it is given.
        candidates.sort_unstable_by_key(|(giver, _)| giver.order);
        let others = candidates.iter().map(|(giver, f)| Other { public_id: &giver.public_id, fingerprint: f });
        forensics::near_duplicate(key, fingerprint, others).map(str::to_owned)
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
        let others = seen.sheets.len();
        let key = key.clone();
        let fingerprint = Fingerprint::of(&key, predictions);
        let compare = move || seen.near_duplicate(&key, &fingerprint, team_id);
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
    use crate::domain::key::parse_key;
    use crate::domain::score::score_bytes;
    use crate::domain::synthetic::{synthetic_key, synthetic_predictions};
    use crate::domain::{Benchmark, Given};

    fn row(id: i64) -> RecordedRow {
        RecordedRow { id, team_id: 1, public_id: format!("s{id}"), on_key: 1, predictions: None }
    }

    fn take(seen: &mut Seen, ids: &[i64], now: Instant) {
        seen.take(ids.iter().map(|&id| row(id)).collect(), ids.iter().map(|_| None).collect(), now);
    }

    fn key() -> AnswerKey {
        parse_key(Benchmark::MedAraBench, synthetic_key(300, 11).csv.as_bytes()).unwrap().key
    }

    /// The fingerprint of a synthetic sheet at 60% (a different sheet for
    /// each seed).
    fn sheet(key: &AnswerKey, seed: u64) -> Fingerprint {
        let file = synthetic_predictions(key, 0.6, seed);
        Fingerprint::of(key, &score_bytes(key, file.as_bytes()).unwrap().predictions)
    }

    /// Takes in submission `id` of `team` giving `sheet`.
    fn give(seen: &mut Seen, id: i64, team_id: i64, sheet: &Fingerprint) {
        seen.take(vec![RecordedRow { team_id, ..row(id) }], vec![Some(sheet.clone())], Instant::now());
    }

    #[test]
    fn a_sheet_uploaded_again_is_kept_once() {
        let key = key();
        let (a, b) = (sheet(&key, 1), sheet(&key, 2));
        let mut seen = Seen::default();
        for (id, team, sheet) in [(1, 1, &a), (2, 1, &a), (3, 2, &b), (4, 1, &a), (5, 3, &a), (6, 2, &b)] {
            give(&mut seen, id, team, sheet);
        }
        assert_eq!(seen.sheets.len(), 2);
        assert_eq!(seen.taken, 6);
        // a was given by teams 1 and 3, b by team 2 alone.
        let only = seen.heads.iter().map(|h| h.only_team.map(NonZeroI64::get)).collect::<Vec<_>>();
        assert_eq!(only, [None, Some(2)]);
    }

    #[test]
    fn a_search_names_the_last_submission_of_another_team_with_the_sheet() {
        let key = key();
        let (a, b) = (sheet(&key, 1), sheet(&key, 2));
        let mut seen = Seen::default();
        for (id, team, sheet) in [(1, 1, &a), (2, 2, &a), (3, 1, &a), (4, 1, &a), (5, 3, &b)] {
            give(&mut seen, id, team, sheet);
        }
        let near = |team_id, sheet: &Fingerprint| seen.near_duplicate(&key, sheet, team_id);
        assert_eq!(near(1, &a).as_deref(), Some("s2"), "team 1's own uploads are not others");
        assert_eq!(near(2, &a).as_deref(), Some("s4"));
        assert_eq!(near(3, &a).as_deref(), Some("s4"));
        assert_eq!(near(3, &b), None, "only team 3 gave b");
        assert_eq!(near(1, &b).as_deref(), Some("s5"));
        assert_eq!(near(4, &sheet(&key, 3)), None, "an unrelated sheet");
    }

    /// `sheet(key, 1)` with question `q` left out.
    fn without(key: &AnswerKey, q: usize) -> Fingerprint {
        let file = synthetic_predictions(key, 0.6, 1);
        let mut given = score_bytes(key, file.as_bytes()).unwrap().predictions.given().to_vec();
        given[q] = Given::Missing;
        Fingerprint::of(key, &StoredPredictions::from_given(given))
    }

    #[test]
    fn of_sheets_agreeing_equally_the_last_read_is_named() {
        let key = key();
        let full = sheet(&key, 1);
        let (x, y) = (without(&key, 0), without(&key, 1));
        assert_eq!(full.agreement(&x), full.agreement(&y), "a tie");
        let mut seen = Seen::default();
        for (id, team, sheet) in [(1, 2, &x), (2, 3, &y)] {
            give(&mut seen, id, team, sheet);
        }
        assert_eq!(seen.near_duplicate(&key, &full, 1).as_deref(), Some("s2"));
        // x given again: now the last read.
        give(&mut seen, 3, 4, &x);
        assert_eq!(seen.near_duplicate(&key, &full, 1).as_deref(), Some("s3"));
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
