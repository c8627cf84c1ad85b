//! Answer keys: the default key's summary (the quality and dataset pages),
//! and the parsed keys kept per process so a submission does not re-parse
//! its key (keys are immutable once stored).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::error::{Result, ServiceError};
use crate::db::Db;
use crate::domain::key_summary::KeySummary;
use crate::domain::{AnswerKey, Benchmark, parse_key_for_scoring};

/// Parsed answer keys by id. Cheap to clone (shared inside).
#[derive(Clone, Debug, Default)]
pub struct KeyCache(Arc<Mutex<HashMap<i64, Arc<AnswerKey>>>>, Arc<tokio::sync::Mutex<()>>);

impl KeyCache {
    /// The parsed key `id`, loading and parsing it on first use. Loads are
    /// serialised, so concurrent first uploads parse a key once.
    pub async fn get(&self, db: &Db, id: i64, benchmark: Benchmark) -> Result<Arc<AnswerKey>> {
        if let Some(key) = self.cached(id) {
            return Ok(key);
        }
        let _loading = self.1.lock().await;
        if let Some(key) = self.cached(id) {
            return Ok(key);
        }
        let bytes = crate::db::keys::content_for_scoring(db, id).await?;
        let key = tokio::task::spawn_blocking(move || parse_key_for_scoring(benchmark, &bytes))
            .await
            .map_err(ServiceError::internal)?
            .map_err(|e| ServiceError::internal(format!("stored key {id} no longer parses: {e}")))?;
        let key = Arc::new(key);
        self.0.lock().expect("key cache lock").insert(id, key.clone());
        Ok(key)
    }

    fn cached(&self, id: i64) -> Option<Arc<AnswerKey>> {
        self.0.lock().expect("key cache lock").get(&id).cloned()
    }
}

/// The summary of the default MedAraBench key, or `None` when no key is
/// stored yet.
pub async fn default_summary(db: &Db) -> Result<Option<KeySummary>> {
    use crate::db::keys;
    use crate::domain::Benchmark;
    let Some(stored) = keys::default_key(db, Benchmark::MedAraBench).await? else {
        return Ok(None);
    };
    let Some(report) = keys::report(db, stored.id).await? else {
        return Ok(None);
    };
    Ok(Some(KeySummary {
        name: stored.name,
        benchmark: report.benchmark,
        synthetic: stored.synthetic,
        sha256: stored.sha256,
        imported_at: stored.imported_at,
        rows: report.rows,
        scoreable: report.scoreable,
        normalized: report.normalized,
        rejected: report.rejected,
        warnings: report.warnings.len(),
        warning_counts: report.warning_counts,
        specialties: report.specialties,
        levels: report.levels,
        options: report.options,
    }))
}
