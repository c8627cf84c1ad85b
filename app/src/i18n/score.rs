//! Strings of the score displays: an accuracy with its 95% CI, and the
//! breakdown tables with their row names.

use super::{Lang, common};

/// What the rows of a breakdown table are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakdownKind {
    Specialty,
    Level,
    Options,
    Subspecialty,
}

crate::messages! {
    /// The texts of the score displays, in one language.
    pub struct ScoreText {
        /// "95% CI", before the interval.
        ci = "score-ci",
        /// The CI bar's accessible name: interval bounds and estimate.
        ci_bar(lo, hi, estimate) = "score-ci-bar",
        col_specialty = "score-col-specialty",
        col_level = "score-col-level",
        col_options = "score-col-options",
        col_subspecialty = "score-col-subspecialty",
        col_correct = "score-col-correct",
        col_n = "score-col-n",
        col_accuracy = "score-col-accuracy",
        col_ci = "score-col-ci",
        col_interval = "score-col-interval",
        /// "* fewer than {n} questions: the interval is wide..."
        small_note(n) = "score-small-note",
        /// A level missing from the key (`n/a`).
        no_level = "score-no-level",
        /// The specialty × level heatmap's caption.
        heat_caption = "score-heat-caption",
        /// The heading above its row names.
        heat_corner = "score-heat-corner",
        /// A cell without questions (never shown as 0).
        heat_empty = "score-heat-empty",
        /// Before the legend's colours.
        heat_legend = "score-heat-legend",
        /// The legend's entry for marked cells: "fewer than {n} questions".
        heat_small(n) = "score-heat-small",
        /// Shown instead of the heatmap when the key has no cell.
        heat_no_cells = "score-heat-no-cells",
        /// The chart's title: "{model}: accuracy by specialty and level".
        heat_chart_title(model) = "score-heat-chart-title",
        /// The chart's text alternative, before its cells; takes the small-n
        /// threshold.
        heat_chart_desc(n) = "score-heat-chart-desc",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> ScoreText {
    ScoreText(lang)
}

impl BreakdownKind {
    /// The column heading of the row names.
    pub fn heading(self, lang: Lang) -> String {
        let t = text(lang);
        match self {
            Self::Specialty => t.col_specialty(),
            Self::Level => t.col_level(),
            Self::Options => t.col_options(),
            Self::Subspecialty => t.col_subspecialty(),
        }
    }

    /// A row's name as shown: stored names in English; in Arabic the
    /// specialties and sub-specialties by their Arabic names (every one of
    /// the shipped and real keys has one) and levels with the year spelled
    /// out. Other names (a sub-specialty no key had, option counts) are
    /// shown as stored.
    pub fn row_label(self, lang: Lang, name: &str) -> String {
        match (lang, self) {
            (Lang::En, _) | (Lang::Ar, Self::Options) => name.to_owned(),
            (Lang::Ar, Self::Specialty | Self::Subspecialty) => common::specialty_label(lang, name),
            (Lang::Ar, Self::Level) if name == "n/a" => text(lang).no_level(),
            (Lang::Ar, Self::Level) => common::level_label(lang, name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_names_are_translated_in_arabic_only() {
        assert_eq!(BreakdownKind::Specialty.row_label(Lang::En, "Anatomy"), "Anatomy");
        assert_eq!(BreakdownKind::Specialty.row_label(Lang::Ar, "Anatomy"), "التشريح");
        assert_eq!(BreakdownKind::Subspecialty.row_label(Lang::Ar, "Neuroanatomy"), "Neuroanatomy");
        assert_eq!(BreakdownKind::Subspecialty.row_label(Lang::Ar, "Histology"), "علم الأنسجة");
        assert_eq!(BreakdownKind::Level.row_label(Lang::En, "Y1"), "Y1");
        assert_eq!(BreakdownKind::Level.row_label(Lang::Ar, "Y1"), "Y1 (السنة الأولى)");
        assert_eq!(BreakdownKind::Options.row_label(Lang::Ar, "4"), "4");
    }
}
