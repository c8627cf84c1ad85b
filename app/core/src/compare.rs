//! A comparison of two submissions scored on the same key: each side, the
//! cells by specialty and level, the paired difference (paired bootstrap
//! 95% CI) and the exact McNemar test; a comparison with a row published
//! in the paper, which has no answers question by question: the unpaired
//! difference (Newcombe's hybrid score 95% CI); or why no comparison
//! exists.

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

/// The id prefix of a published row: `paper:<model>` (e.g. `paper:GPT-o3`).
pub const PUBLISHED_PREFIX: &str = "paper:";

/// The model of a published row's id (`paper:<model>`), if `id` is one.
pub fn published_model(id: &str) -> Option<&str> {
    id.strip_prefix(PUBLISHED_PREFIX)
}

/// The id of the published row of `model`.
pub fn published_id(model: &str) -> String {
    format!("{PUBLISHED_PREFIX}{model}")
}

/// A row published in the paper (Table 4), as one side of a comparison:
/// its accuracy on the paper's test split, without answers question by
/// question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublishedSide {
    pub model: String,
    /// The paper's table, as stored ("Table 4").
    pub source_table: String,
    pub accuracy: f64,
    /// Questions of the paper's test split.
    pub n: usize,
    pub ci95: [f64; 2],
    /// The interval is reconstructed from a rounded published accuracy.
    pub ci95_approximate: bool,
}

impl PublishedSide {
    /// Its id on the page (`paper:<model>`).
    pub fn id(&self) -> String {
        published_id(&self.model)
    }
}

/// One side of an unpaired comparison.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum UnpairedSide {
    /// A public submission on a public key.
    Submission(CompareSide),
    /// A row published in the paper.
    Published(PublishedSide),
}

impl UnpairedSide {
    pub fn model(&self) -> &str {
        match self {
            Self::Submission(s) => &s.model,
            Self::Published(p) => &p.model,
        }
    }

    pub fn accuracy(&self) -> f64 {
        match self {
            Self::Submission(s) => s.accuracy,
            Self::Published(p) => p.accuracy,
        }
    }

    pub fn n(&self) -> usize {
        match self {
            Self::Submission(s) => s.n,
            Self::Published(p) => p.n,
        }
    }

    pub fn ci95(&self) -> [f64; 2] {
        match self {
            Self::Submission(s) => s.ci95,
            Self::Published(p) => p.ci95,
        }
    }

    /// A published row whose interval is approximate.
    pub fn ci95_approximate(&self) -> bool {
        matches!(self, Self::Published(p) if p.ci95_approximate)
    }

    /// A submission scored on the synthetic demo key.
    pub fn synthetic_key(&self) -> bool {
        matches!(self, Self::Submission(s) if s.key_synthetic)
    }
}

/// How the questions the two sides of an unpaired comparison were scored
/// on relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuestionSets {
    /// As many questions on both sides, none on the synthetic key (the
    /// paper's test split, as far as the numbers tell).
    SameCount,
    /// Not the synthetic key, but a different number of questions: the
    /// key here and the paper's test split differ.
    DifferentCount,
    /// A submission scored on the synthetic demo key: other questions
    /// than the paper's altogether.
    SyntheticKey,
}

impl QuestionSets {
    /// Of sides `a` and `b`.
    pub fn of(a: &UnpairedSide, b: &UnpairedSide) -> Self {
        if a.synthetic_key() || b.synthetic_key() {
            Self::SyntheticKey
        } else if a.n() != b.n() {
            Self::DifferentCount
        } else {
            Self::SameCount
        }
    }
}

/// Two sides without answers question by question on both (one or both
/// are published rows): the unpaired difference, no McNemar test and no
/// cells by specialty or level (published rows have none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnpairedComparison {
    pub a: UnpairedSide,
    pub b: UnpairedSide,
    /// accuracy(a) − accuracy(b).
    pub difference: f64,
    /// Newcombe's hybrid score 95% interval of the difference, from each
    /// side's own 95% interval ([`crate::stats::newcombe_hybrid`]).
    pub difference_ci95: [f64; 2],
    pub questions: QuestionSets,
}

impl UnpairedComparison {
    /// `a` and `b` compared.
    pub fn new(a: UnpairedSide, b: UnpairedSide) -> Self {
        let d = crate::stats::newcombe_hybrid(a.accuracy(), a.ci95(), b.accuracy(), b.ci95());
        let questions = QuestionSets::of(&a, &b);
        Self { a, b, difference: d.difference, difference_ci95: d.ci95, questions }
    }

    /// A side is a published row with an approximate interval (so the
    /// difference's interval is approximate too).
    pub fn ci95_approximate(&self) -> bool {
        self.a.ci95_approximate() || self.b.ci95_approximate()
    }
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
    /// No published row has this model name (from an id `paper:<model>`).
    NotPublished(String),
    /// The public submission with this id is not on MedAraBench, the
    /// benchmark of the published rows it was to be compared with.
    OtherBenchmark(String),
    /// The submission with this id is public but scored on a held-out key:
    /// its per-question results stay hidden until the key is revealed.
    HeldOut(String),
    /// Scored on different keys: no paired comparison exists.
    DifferentKeys {
        a: Box<CompareSide>,
        b: Box<CompareSide>,
    },
    Compared(Box<Comparison>),
    /// One or both sides are published rows: compared without pairing.
    Unpaired(Box<UnpairedComparison>),
}

/// What a picker's choice is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ChoiceOrigin {
    /// A public submission of `team`.
    Submission { team: String },
    /// A row published in the paper's `source_table` ("Table 4").
    Published { source_table: String },
}

/// A submission or published row as the picker lists it (the page words
/// the label in its language).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareChoice {
    /// A submission's public id, or `paper:<model>`.
    pub id: String,
    pub model: String,
    pub accuracy: f64,
    pub origin: ChoiceOrigin,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn submission(accuracy: f64, n: usize, synthetic: bool) -> UnpairedSide {
        UnpairedSide::Submission(CompareSide {
            id: "abc".into(),
            model: "Cedar".into(),
            team: "Cedars".into(),
            key_name: "demo".into(),
            key_synthetic: synthetic,
            accuracy,
            correct: (accuracy * n as f64).round() as usize,
            n,
            ci95: crate::stats::wilson((accuracy * n as f64).round() as usize, n),
        })
    }

    fn published(accuracy: f64, n: usize) -> UnpairedSide {
        UnpairedSide::Published(PublishedSide {
            model: "GPT-o3".into(),
            source_table: "Table 4".into(),
            accuracy,
            n,
            ci95: [accuracy - 0.01, accuracy + 0.01],
            ci95_approximate: true,
        })
    }

    #[test]
    fn published_ids_round_trip() {
        assert_eq!(published_id("GPT-o3"), "paper:GPT-o3");
        assert_eq!(published_model("paper:GPT-o3"), Some("GPT-o3"));
        assert_eq!(published_model("x7Kp2"), None);
    }

    #[test]
    fn unpaired_comparisons_say_what_they_were_scored_on() {
        let c = UnpairedComparison::new(submission(0.6, 4970, true), published(0.765, 4989));
        assert!((c.difference - (0.6 - 0.765)).abs() < 1e-15);
        assert!(c.difference_ci95[0] < c.difference && c.difference < c.difference_ci95[1]);
        assert_eq!(c.questions, QuestionSets::SyntheticKey);
        assert!(c.ci95_approximate());
        let real = UnpairedComparison::new(submission(0.6, 4970, false), published(0.765, 4989));
        assert_eq!(real.questions, QuestionSets::DifferentCount);
        let papers = UnpairedComparison::new(published(0.7, 4989), published(0.765, 4989));
        assert_eq!(papers.questions, QuestionSets::SameCount);
        let expected = crate::stats::newcombe_hybrid(0.7, [0.69, 0.71], 0.765, [0.755, 0.775]);
        assert_eq!((papers.difference, papers.difference_ci95), (expected.difference, expected.ci95));
    }
}
