//! The published figures of the paper other than Table 4 (Table 2, Table 5,
//! the LLM-as-a-judge findings, dataset facts, the Cochran inputs), as the
//! pages receive them: each row tagged with the table it comes from.

use serde::{Deserialize, Serialize};

/// One published number, e.g. (`Table 2`, `Medical accuracy`, `cohen_kappa`, 0.555).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublishedFigure {
    /// Where it comes from: `Table 2`, `Table 5`, `LLM-as-a-judge`, `Dataset`, `Cochran`.
    pub source_table: String,
    /// What it describes (a dimension, a setting, a split...).
    pub subject: String,
    /// Which measure (`mean_score`, `accuracy`, `count`...).
    pub metric: String,
    /// The value as published.
    pub value: f64,
    /// `fraction`, `questions` or empty.
    pub unit: String,
    /// The paper's qualifier, if any.
    pub note: String,
}

/// A set of published figures with lookups. A figure that is absent is
/// "not reported": callers get `None`, never a default.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Figures(pub Vec<PublishedFigure>);

impl Figures {
    /// The figure of `source` about `subject` measured by `metric`.
    pub fn get(&self, source: &str, subject: &str, metric: &str) -> Option<&PublishedFigure> {
        self.0.iter().find(|f| f.source_table == source && f.subject == subject && f.metric == metric)
    }

    /// Just its value.
    pub fn value(&self, source: &str, subject: &str, metric: &str) -> Option<f64> {
        self.get(source, subject, metric).map(|f| f.value)
    }

    /// A whole-number figure (counts, sizes).
    pub fn count(&self, source: &str, subject: &str, metric: &str) -> Option<u64> {
        self.value(source, subject, metric).filter(|v| *v >= 0.0 && v.fract() == 0.0).map(|v| v as u64)
    }

    /// The distinct subjects of `source`, in stored order.
    pub fn subjects(&self, source: &str) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for f in self.0.iter().filter(|f| f.source_table == source) {
            if !out.contains(&f.subject.as_str()) {
                out.push(&f.subject);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fig(source: &str, subject: &str, metric: &str, value: f64) -> PublishedFigure {
        PublishedFigure {
            source_table: source.into(),
            subject: subject.into(),
            metric: metric.into(),
            value,
            unit: String::new(),
            note: String::new(),
        }
    }

    #[test]
    fn lookups_find_exactly_the_tagged_figure() {
        let figures = Figures(vec![
            fig("Table 5", "zero-shot", "accuracy", 0.17),
            fig("Table 5", "QLoRA", "accuracy", 0.32),
            fig("Table 5", "QLoRA", "relative_gain", 0.882),
            fig("Dataset", "test split", "count", 4989.0),
        ]);
        assert_eq!(figures.value("Table 5", "QLoRA", "accuracy"), Some(0.32));
        assert_eq!(figures.value("Table 4", "QLoRA", "accuracy"), None);
        assert_eq!(figures.count("Dataset", "test split", "count"), Some(4989));
        assert_eq!(figures.count("Table 5", "QLoRA", "accuracy"), None, "not a whole number");
        assert_eq!(figures.subjects("Table 5"), ["zero-shot", "QLoRA"]);
    }
}
