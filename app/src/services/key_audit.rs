//! `keys audit`: the item analysis of a stored key (difficulty,
//! discrimination, questions the strong submissions contradict) from what
//! every submission of its line gave, read from their stored predictions
//! and aligned to the named version. Operators only: it reads per-question
//! answers, which no surface serves.

use std::collections::HashMap;
use std::sync::Arc;

use super::key_store::{NamedKeyError, named};
use super::key_versions::{VersionError, parsed};
use crate::db::key_audit::{self, AuditRow};
use crate::db::keys::StoredKey;
use crate::db::{Db, DbError};
use crate::domain::item_analysis::{KeyAudit, TooFew, audit};
use crate::domain::stored_predictions::aligned;
use crate::domain::{AnswerKey, Benchmark, Given, StoredPredictions};

/// Why a key was not audited.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error(transparent)]
    Named(#[from] NamedKeyError),
    #[error("{too_few}; {skipped} more were stored before predictions were kept")]
    TooFew { too_few: TooFew, skipped: usize },
    #[error("the stored benchmark {0:?} is not known to this version")]
    Benchmark(String),
    #[error("stored predictions of submission {public_id} do not fit their key: {reason}")]
    Corrupt { public_id: String, reason: String },
    #[error(transparent)]
    Version(#[from] VersionError),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// The audit of a key version.
#[derive(Debug, Clone, serde::Serialize)]
pub struct AuditReport {
    pub key: StoredKey,
    /// Submissions of the key's line that could not be read (stored
    /// before predictions were kept), left out.
    pub skipped: usize,
    #[serde(flatten)]
    pub audit: KeyAudit,
}

/// Audits the stored key `name` (any version's name; of `benchmark` when
/// given) from every submission of its line with stored predictions.
pub async fn audit_key(db: &Db, name: &str, benchmark: Option<Benchmark>) -> Result<AuditReport, AuditError> {
    let key = named(db, name, benchmark).await?;
    let bench: Benchmark = key.benchmark.parse().map_err(|_| AuditError::Benchmark(key.benchmark.clone()))?;
    let target = parsed(db, key.id, bench).await?;
    let rows = key_audit::submissions_of_line(db, key.lineage_id).await?;
    let mut layouts: HashMap<i64, Arc<AnswerKey>> = HashMap::new();
    let mut readable: Vec<(AuditRow, Vec<u8>, i64)> = Vec::new();
    let mut skipped = 0;
    for row in rows {
        let (Some(bytes), Some(on)) = (row.predictions.clone(), row.predictions_key_id) else {
            skipped += 1;
            continue;
        };
        if let std::collections::hash_map::Entry::Vacant(slot) = layouts.entry(on) {
            slot.insert(parsed(db, on, bench).await?);
        }
        readable.push((row, bytes, on));
    }
    let analysed = tokio::task::spawn_blocking(move || {
        let responses = readable
            .iter()
            .map(|(row, bytes, on)| {
                let layout = &layouts[on];
                let stored = StoredPredictions::unpack(layout, bytes)
                    .map_err(|e| AuditError::Corrupt { public_id: row.public_id.clone(), reason: e.to_string() })?;
                Ok(aligned(layout, &stored, &target))
            })
            .collect::<Result<Vec<Vec<Given>>, AuditError>>()?;
        audit(&target, &responses).map_err(|too_few| AuditError::TooFew { too_few, skipped })
    })
    .await
    .map_err(|e| DbError::Background(e.to_string()))??;
    Ok(AuditReport { key, skipped, audit: analysed })
}
