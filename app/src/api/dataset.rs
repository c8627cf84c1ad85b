//! Data of the `/dataset` page and of `GET /dataset-card.md`.

use leptos::prelude::*;

use super::ApiError;
use crate::dataset::DatasetFacts;

/// The dataset page's facts.
#[server(prefix = "/_fn")]
pub async fn get_dataset() -> Result<DatasetFacts, ApiError> {
    let db = expect_context::<crate::services::Db>();
    Ok(crate::services::dataset::facts(&db, &crate::dataset::SOURCES).await?)
}
