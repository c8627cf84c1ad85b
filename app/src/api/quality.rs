//! Data of the `/quality` page: Table 2, the LLM-as-a-judge findings, the
//! Cochran inputs, the stored key's validation report and the errata.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::ApiError;
use super::figures::Figures;
use super::keys::KeySummary;
use crate::domain::errata::Erratum;

/// The published sources the page shows.
pub const SOURCES: [&str; 3] = ["Table 2", "LLM-as-a-judge", "Cochran"];

/// Everything the page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QualityData {
    /// The figures of [`SOURCES`].
    pub figures: Figures,
    /// The default key's report, if a key is stored.
    pub key: Option<KeySummary>,
    /// Every correction of a stored key, newest first (ids and reasons only).
    pub errata: Vec<Erratum>,
}

/// The page's data.
#[server(prefix = "/_fn")]
pub async fn get_quality() -> Result<QualityData, ApiError> {
    let db = expect_context::<crate::services::Db>();
    let figures = crate::services::published::figures(&db, &SOURCES).await?;
    let key = crate::services::keys::default_summary(&db).await?;
    let errata = crate::services::keys::errata(&db).await?;
    Ok(QualityData { figures, key, errata })
}
