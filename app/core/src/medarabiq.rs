//! Models scored here on both benchmarks, MedAraBench and MedArabiQ.

use serde::{Deserialize, Serialize};

/// A verified score on one benchmark.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BenchmarkScore {
    pub submission_id: String,
    /// Shown accuracy: the Ladder's on a held-out key.
    pub accuracy: f64,
    /// Absent on a held-out key.
    pub correct: Option<i64>,
    pub total: i64,
    pub ci95: [f64; 2],
    /// Scored on a synthetic demo key: the page says so beside it.
    #[serde(default)]
    pub synthetic_key: bool,
}

/// One model with its newest public score on each benchmark.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BenchmarkPair {
    pub team_id: i64,
    pub team: String,
    pub model: String,
    pub medarabench: Option<BenchmarkScore>,
    pub medarabiq: Option<BenchmarkScore>,
}
