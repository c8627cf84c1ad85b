//! Key versions and errata: storing a corrected key as the next version of
//! a stored key (`keys import FILE --supersedes NAME`), then scoring every
//! stored submission of that key on it again from its stored predictions.
//!
//! Re-scoring runs in batches, each one transaction (`db::key_versions`),
//! so a crash loses at most the batch in progress and a rerun of the same
//! command finds the version already stored, skips what is done and
//! finishes the rest; after completion a rerun changes nothing.
//! Submissions stored before predictions were kept cannot be scored again:
//! they are listed and keep the score they have, on the version it is on.

use std::collections::HashMap;
use std::sync::Arc;

use crate::db::key_versions::{self, Pending, Rescored};
use crate::db::keys::{self, KeyStoreError, NewKey, NextVersion, StoredKey};
use crate::db::{Db, DbError};
use crate::domain::errata::{KeyChange, diff};
use crate::domain::exposure::as_drawn;
use crate::domain::robustness::Robustness;
use crate::domain::split::PublicPart;
use crate::domain::stored_predictions::{aligned, rescore_aligned};
use crate::domain::{AnswerKey, Benchmark, CheckedKey, Given, StoredPredictions, parse_key_for_scoring};

/// Submissions scored in one transaction.
pub const BATCH: usize = 50;

/// Why a corrected key was not stored or not applied.
#[derive(Debug, thiserror::Error)]
pub enum VersionError {
    #[error("no stored key is named {0:?}; `--supersedes` takes the name of a stored key")]
    UnknownKey(String),
    #[error("the key {name:?} is a {found} key; this file was read as a {wanted} key (pass --benchmark {found})")]
    OtherBenchmark { name: String, found: String, wanted: String },
    #[error("stored key {id} cannot be read: {reason}")]
    Unreadable { id: i64, reason: String },
    #[error("stored predictions of submission {public_id} do not fit their key: {reason}")]
    Corrupt { public_id: String, reason: String },
    #[error(transparent)]
    Store(#[from] KeyStoreError),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for VersionError {
    fn from(e: sqlx::Error) -> Self {
        Self::Db(DbError::Sqlx(e))
    }
}

/// The version a corrected key is (now) stored as.
#[derive(Debug, Clone)]
pub struct StoredVersion {
    pub key: StoredKey,
    /// The first version's name.
    pub supersedes: String,
    /// False when a rerun found this file already stored as a version of
    /// the key (the command then only finishes re-scoring).
    pub new: bool,
    /// What it changes from the version before it (empty on a rerun).
    pub changes: Vec<KeyChange>,
}

/// Stores `checked` (read from `content`) as the next version of the
/// `benchmark` key named `supersedes` (any version's name), named `name`
/// or "FIRST vN". When the same file is already a version of that key,
/// nothing is stored and that version is returned, so the command can
/// resume. Refuses an unknown name and a key of another benchmark.
pub async fn store_version(
    db: &Db,
    benchmark: Benchmark,
    supersedes: &str,
    name: Option<&str>,
    checked: &CheckedKey,
    content: &[u8],
) -> Result<StoredVersion, VersionError> {
    let named = keys::by_name(db, supersedes).await?;
    let Some(base) = named.iter().find(|k| k.benchmark == benchmark.as_str()) else {
        return Err(match named.first() {
            Some(other) => VersionError::OtherBenchmark {
                name: supersedes.to_owned(),
                found: other.benchmark.clone(),
                wanted: benchmark.as_str().to_owned(),
            },
            None => VersionError::UnknownKey(supersedes.to_owned()),
        });
    };
    let versions = keys::versions(db, base.lineage_id).await?;
    let first = versions.first().map_or_else(|| base.name.clone(), |k| k.name.clone());
    if let Some(done) = versions.iter().find(|k| k.sha256 == checked.report.sha256) {
        return Ok(StoredVersion { key: done.clone(), supersedes: first, new: false, changes: Vec::new() });
    }
    let newest = versions.last().unwrap_or(base);
    let previous = parsed(db, newest.id, benchmark).await?;
    let corrected = checked.key.clone();
    let changes = tokio::task::spawn_blocking(move || diff(&previous, &corrected))
        .await
        .map_err(|e| DbError::Background(e.to_string()))?;
    let version = newest.version + 1;
    let name = name.map_or_else(|| format!("{first} v{version}"), str::to_owned);
    let key = keys::insert_version(
        db,
        NewKey {
            benchmark,
            name: &name,
            report: &checked.report,
            content,
            synthetic: newest.synthetic,
            exposure: newest.exposure,
            // The line's split, drawn again on this version with the same
            // seed: its public questions stay public.
            split: keys::split(db, newest.id).await?,
        },
        NextVersion { lineage_id: base.lineage_id, version, changes: &changes },
    )
    .await?;
    Ok(StoredVersion { key, supersedes: first, new: true, changes })
}

/// What is happening while submissions are scored again.
pub trait Progress {
    /// Re-scoring starts with `pending` submissions to do.
    fn start(&mut self, _pending: u64) {}
    /// One more submission was written (its batch is not committed yet).
    fn written(&mut self) {}
    /// A batch was committed: `done` submissions are stored in all.
    fn committed(&mut self, _done: u64) {}
}

/// What re-scoring did.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RescoreReport {
    /// The version scored on.
    pub version: i64,
    /// Submissions scored on it by this run.
    pub rescored: u64,
    /// Submissions that have a score on it in all (earlier runs and uploads included).
    pub scored_on_version: i64,
    /// Submissions of the key stored before predictions were kept: their
    /// public ids and the version their (kept) score is on.
    pub not_rescorable: Vec<NotRescorable>,
}

/// A submission that could not be scored again.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct NotRescorable {
    pub id: String,
    /// The key version its score stays on.
    pub version: i64,
}

/// Scores every submission of `target`'s key that has stored predictions
/// and no score on `target` yet, in batches of [`BATCH`], each committed
/// on its own.
pub async fn rescore_all(
    db: &Db,
    target: &StoredKey,
    progress: &mut dyn Progress,
) -> Result<RescoreReport, VersionError> {
    let benchmark: Benchmark = target.benchmark.parse().map_err(|e: crate::domain::UnknownBenchmark| {
        VersionError::Unreadable { id: target.id, reason: e.to_string() }
    })?;
    let (lineage, target_id, version) = (target.lineage_id, target.id, target.version);
    let total = key_versions::count_pending(db, lineage, target_id, version).await?;
    progress.start(total.max(0) as u64);
    let target_key = parsed(db, target_id, benchmark).await?;
    // A split key's versions share its line's split (drawn with its seed).
    let part = super::keys::draw_part(db, target_id, target_key.clone()).await?.map(Arc::new);
    let mut layouts: HashMap<i64, Arc<AnswerKey>> = HashMap::new();
    let mut done = 0u64;
    loop {
        let batch = key_versions::pending(db, lineage, target_id, version, BATCH).await?;
        if batch.is_empty() {
            break;
        }
        for p in &batch {
            if let std::collections::hash_map::Entry::Vacant(slot) = layouts.entry(p.predictions_key_id) {
                slot.insert(parsed(db, p.predictions_key_id, benchmark).await?);
            }
        }
        let scored = score_batch(batch, layouts.clone(), target_key.clone(), part.clone()).await?;
        let rows: Vec<Rescored<'_>> = scored
            .iter()
            .map(|(id, s, public, answers)| Rescored {
                id: *id,
                card: &s.card,
                public: public.as_ref(),
                correctness: &s.correct,
                answers,
            })
            .collect();
        let new = key_versions::store_batch(db, target_id, version, &rows, |_| progress.written()).await?;
        done += new as u64;
        progress.committed(done);
    }
    let not_rescorable = key_versions::not_rescorable(db, lineage)
        .await?
        .into_iter()
        .map(|(id, version)| NotRescorable { id, version })
        .collect();
    Ok(RescoreReport {
        version,
        rescored: done,
        scored_on_version: key_versions::scored_on(db, target_id).await?,
        not_rescorable,
    })
}

/// A submission scored again: its id, its score, its score on the public
/// part (a split key) and its answers as the Ladder draws them.
type ScoredAgain = (i64, crate::domain::Scored, Option<crate::domain::ScoreCard>, Vec<Given>);

/// Scores a batch on the target key (and its public `part`, when split),
/// off the async threads.
async fn score_batch(
    batch: Vec<Pending>,
    layouts: HashMap<i64, Arc<AnswerKey>>,
    target: Arc<AnswerKey>,
    part: Option<Arc<PublicPart>>,
) -> Result<Vec<ScoredAgain>, VersionError> {
    tokio::task::spawn_blocking(move || {
        batch
            .into_iter()
            .map(|p| {
                let layout = &layouts[&p.predictions_key_id];
                let corrupt = |reason: String| VersionError::Corrupt { public_id: p.public_id.clone(), reason };
                let stored = StoredPredictions::unpack(layout, &p.predictions)
                    .map_err(|e| corrupt(e.to_string()))?
                    .with_confidences(p.confidences.clone())
                    .map_err(|e| corrupt(e.to_string()))?;
                // The answers in the target's order, as its Ladder rounding
                // draws them: on a split key, the public part's alone.
                let (mut scored, answers) = rescore_aligned(layout, &stored, &target);
                if let Some(bytes) = &p.permuted_predictions {
                    // Both orders' answers in the target's order.
                    let permuted = StoredPredictions::unpack(layout, bytes).map_err(|e| corrupt(e.to_string()))?;
                    let again = aligned(layout, &permuted, &target);
                    scored.card.robustness = Some(Box::new(Robustness::of(&target, &answers, &again)));
                }
                Ok(match &part {
                    Some(part) => {
                        let drawn = as_drawn(part.key(), &part.given(&answers));
                        (p.id, scored, Some(part.score(&answers)), drawn)
                    }
                    None => (p.id, scored, None, as_drawn(&target, &answers)),
                })
            })
            .collect()
    })
    .await
    .map_err(|e| DbError::Background(e.to_string()))?
}

/// A stored key, parsed for scoring.
pub(crate) async fn parsed(db: &Db, id: i64, benchmark: Benchmark) -> Result<Arc<AnswerKey>, VersionError> {
    let bytes = keys::content_for_scoring(db, id).await?;
    tokio::task::spawn_blocking(move || parse_key_for_scoring(benchmark, &bytes))
        .await
        .map_err(|e| DbError::Background(e.to_string()))?
        .map(Arc::new)
        .map_err(|e| VersionError::Unreadable { id, reason: e.to_string() })
}

/// Each corrected key's name and the submissions still to be scored on it
/// (a re-scoring's progress, for the metrics).
pub async fn rescoring_pending(db: &Db) -> Result<Vec<(String, i64)>, DbError> {
    key_versions::rescoring_pending(db).await
}
