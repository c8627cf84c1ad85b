//! Data of the `/adapting` page: Table 5 and its chart.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::ApiError;
use super::figures::Figures;
use crate::i18n::Lang;

/// Everything the page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AdaptingData {
    /// Table 5, and the test-split size from the dataset facts.
    pub figures: Figures,
    /// The chart, drawn on the server; `None` if it could not be drawn.
    pub chart_svg: Option<String>,
}

/// The page's data, with the chart's texts in `lang`.
#[server(prefix = "/_fn")]
pub async fn get_adapting(lang: Lang) -> Result<AdaptingData, ApiError> {
    let db = expect_context::<crate::services::Db>();
    let figures = crate::services::published::figures(&db, &[crate::charts::adapting::SOURCE, "Dataset"]).await?;
    let chart_svg = crate::charts::adapting::svg(&figures, lang)
        .inspect_err(|e| tracing::error!(error = %e, "adapting chart"))
        .ok();
    Ok(AdaptingData { figures, chart_svg })
}
