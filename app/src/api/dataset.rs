//! Data of the `/dataset` page and of `GET /dataset-card.md`.

use leptos::prelude::*;

use super::ApiError;
use crate::dataset::DatasetFacts;

/// The published sources the card uses.
pub const SOURCES: [&str; 2] = ["Dataset", "Table 2"];

/// The dataset page's facts.
#[server(prefix = "/_fn")]
pub async fn get_dataset() -> Result<DatasetFacts, ApiError> {
    let db = expect_context::<crate::services::Db>();
    Ok(crate::services::dataset::facts(&db, &SOURCES).await?)
}
