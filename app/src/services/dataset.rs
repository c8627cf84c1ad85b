//! The dataset page's and the dataset card's facts: the published figures
//! and the default key's summary.

use super::error::Result;
use crate::dataset::DatasetFacts;
use crate::db::Db;

/// Reads the card's facts: the published figures and the default key's
/// report. Shared by the page and the Markdown route.
pub async fn facts(db: &Db, sources: &[&str]) -> Result<DatasetFacts> {
    Ok(DatasetFacts {
        figures: crate::db::published::figures(db, sources).await?,
        key: super::keys::default_summary(db).await?,
    })
}
