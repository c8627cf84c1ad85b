//! What the public pages may show about the stored default answer key:
//! its validation report (counts, rejected rows and their reasons, warning
//! counts), never an answer.

pub use crate::domain::key_summary::KeySummary;

/// The summary of the default MedAraBench key, or `None` when no key is
/// stored yet.
#[cfg(feature = "ssr")]
pub async fn default_key_summary(db: &crate::db::Db) -> crate::db::Result<Option<KeySummary>> {
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
