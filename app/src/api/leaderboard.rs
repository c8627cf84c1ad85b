//! Leaderboard data: the published results of the paper.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::ApiError;

/// One published model result (Table 4 of the paper).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublishedModel {
    /// Model name as printed in the paper.
    pub model: String,
    /// `proprietary` or `open`.
    pub access: String,
    /// `general`, `Arabic` or `medical`.
    pub focus: String,
    /// Zero-shot accuracy on the test split, as published (3 decimals).
    pub accuracy: f64,
    /// Questions the accuracy was measured on (the paper's test split).
    pub n: i64,
    /// Where the figure comes from, e.g. `Table 4`.
    pub source_table: String,
}

impl PublishedModel {
    /// Human-readable category, e.g. "open, Arabic".
    pub fn category(&self) -> String {
        format!("{}, {}", self.access, self.focus)
    }
}

/// The published models, best first.
#[server(prefix = "/_fn")]
pub async fn published_models() -> Result<Vec<PublishedModel>, ApiError> {
    let db = expect_context::<crate::db::Db>();
    Ok(crate::db::published::list_models(&db).await?)
}
