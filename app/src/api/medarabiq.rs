//! The MedArabiQ comparison: models scored here on both benchmarks.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::ApiError;
use crate::i18n::Lang;

pub use crate::domain::medarabiq::{BenchmarkPair, BenchmarkScore};

/// What the page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MedarabiqData {
    pub pairs: Vec<BenchmarkPair>,
    /// The scatter plot, when there is at least one pair.
    pub chart_svg: Option<String>,
    /// Scoreable questions of the stored MedArabiQ key, if one is stored.
    pub medarabiq_key_questions: Option<i64>,
    /// The stored MedAraBench key is the synthetic demo key.
    pub synthetic_medarabench_key: bool,
    /// The stored MedArabiQ key is a synthetic demo key.
    pub synthetic_medarabiq_key: bool,
}

/// The pairs and their chart, texts in `lang`.
#[server(prefix = "/_fn")]
pub async fn get_medarabiq(lang: Lang) -> Result<MedarabiqData, ApiError> {
    use crate::domain::Benchmark;
    use crate::services::key_store as keys;
    let db = expect_context::<crate::services::Db>();
    let pairs = crate::services::board::medarabiq_pairs(&db).await?;
    // No pairs, no chart: the page says so; only a drawing failure is logged.
    let chart_svg = match crate::charts::scatter::medarabiq_svg(&pairs, lang) {
        Ok(svg) => Some(svg),
        Err(crate::charts::ChartError::Empty) => None,
        Err(e) => {
            tracing::warn!(error = %e, "MedArabiQ chart");
            None
        }
    };
    let medarabiq_key = keys::default_key(&db, Benchmark::MedArabiQ).await?;
    let medarabiq_key_questions = medarabiq_key.as_ref().map(|k| k.scoreable);
    let synthetic_medarabiq_key = medarabiq_key.is_some_and(|k| k.synthetic);
    let synthetic_medarabench_key = keys::default_key(&db, Benchmark::MedAraBench).await?.is_some_and(|k| k.synthetic);
    Ok(MedarabiqData { pairs, chart_svg, medarabiq_key_questions, synthetic_medarabench_key, synthetic_medarabiq_key })
}
