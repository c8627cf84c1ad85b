//! A comparison of two submissions scored on the same key: each side, the
//! cells by specialty and level, the paired difference (paired bootstrap
//! 95% CI) and the exact McNemar test; or why no comparison exists.

use serde::{Deserialize, Serialize};

use crate::Breakdown;

/// Bootstrap replicates of a comparison: 2,000 rather than the domain's
/// default 10,000, to keep the page fast. The seed is fixed per pair, so
/// the page shows the same interval every time.
pub const COMPARE_REPLICATES: usize = 2_000;

/// One side of a comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareSide {
    pub id: String,
    pub model: String,
    pub team: String,
    pub key_name: String,
    pub key_synthetic: bool,
    pub accuracy: f64,
    pub correct: usize,
    pub n: usize,
    pub ci95: [f64; 2],
}

/// One specialty or level of both submissions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareCell {
    /// The specialty or level as stored (English, "Y1"...).
    pub name: String,
    pub a: Option<Breakdown>,
    pub b: Option<Breakdown>,
}

impl CompareCell {
    /// Observed accuracy(a) − accuracy(b), when both have the cell.
    pub fn difference(&self) -> Option<f64> {
        Some(self.a?.accuracy - self.b?.accuracy)
    }
}

/// Two submissions compared question by question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    pub a: CompareSide,
    pub b: CompareSide,
    /// accuracy(a) − accuracy(b).
    pub difference: f64,
    /// Paired percentile bootstrap 95% interval of the difference.
    pub difference_ci95: [f64; 2],
    pub replicates: usize,
    /// Questions a got right and b wrong, and the reverse.
    pub only_a: usize,
    pub only_b: usize,
    /// Exact two-sided McNemar p-value on those counts.
    pub mcnemar_p: f64,
    pub by_specialty: Vec<CompareCell>,
    pub by_level: Vec<CompareCell>,
}

/// What the page can show for the ids it was given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CompareOutcome {
    /// One or both ids are missing: show the form only.
    Incomplete,
    /// The same id twice.
    Same,
    /// No public submission has this id.
    NotFound(String),
    /// The submission with this id is public but scored on a held-out key:
    /// its per-question results stay hidden until the key is revealed.
    HeldOut(String),
    /// Scored on different keys: no paired comparison exists.
    DifferentKeys {
        a: Box<CompareSide>,
        b: Box<CompareSide>,
    },
    Compared(Box<Comparison>),
}

/// A submission as the picker lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareChoice {
    pub id: String,
    pub label: String,
}
