//! Data of the `/dataset` page and of `GET /dataset-card.md`.

use leptos::prelude::*;

use super::ApiError;
use crate::dataset::DatasetFacts;

/// The published sources the card uses.
pub const SOURCES: [&str; 2] = ["Dataset", "Table 2"];

/// Reads the card's facts: the published figures and the default key's
/// report. Shared by the page and the Markdown route.
#[cfg(feature = "ssr")]
pub async fn load_facts(db: &crate::db::Db) -> crate::db::Result<DatasetFacts> {
    Ok(DatasetFacts {
        figures: crate::db::published::figures(db, &SOURCES).await?,
        key: super::keys::default_key_summary(db).await?,
    })
}

/// The page's data.
#[server(prefix = "/_fn")]
pub async fn get_dataset() -> Result<DatasetFacts, ApiError> {
    let db = expect_context::<crate::db::Db>();
    Ok(load_facts(&db).await?)
}
