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

/// The texts of the score displays, in one language.
pub struct ScoreText {
    /// "95% CI", before the interval.
    pub ci: &'static str,
    /// The CI bar's accessible name: interval bounds and estimate.
    pub ci_bar: fn(&str, &str, &str) -> String,
    pub col_specialty: &'static str,
    pub col_level: &'static str,
    pub col_options: &'static str,
    pub col_subspecialty: &'static str,
    pub col_correct: &'static str,
    pub col_n: &'static str,
    pub col_accuracy: &'static str,
    pub col_ci: &'static str,
    pub col_interval: &'static str,
    /// "* fewer than {n} questions: ..."
    pub small_before: &'static str,
    pub small_after: &'static str,
    /// A level missing from the key (`n/a`).
    pub no_level: &'static str,
    /// The specialty × level heatmap's caption.
    pub heat_caption: &'static str,
    /// The heading above its row names.
    pub heat_corner: &'static str,
    /// A cell without questions (never shown as 0).
    pub heat_empty: &'static str,
    /// Before the legend's colours.
    pub heat_legend: &'static str,
    /// The legend's entry for marked cells: "fewer than {n} questions".
    pub heat_small: fn(usize) -> String,
    /// Shown instead of the heatmap when the key has no cell.
    pub heat_no_cells: &'static str,
    /// The chart's title: "{model}: accuracy by specialty and level".
    pub heat_chart_title: fn(&str) -> String,
    /// The chart's text alternative, before its cells; takes the small-n
    /// threshold.
    pub heat_chart_desc: fn(usize) -> String,
}

pub const EN: ScoreText = ScoreText {
    ci: "95% CI",
    ci_bar: |lo, hi, estimate| format!("95% CI {lo} to {hi}, estimate {estimate}"),
    col_specialty: "specialty",
    col_level: "level",
    col_options: "options",
    col_subspecialty: "sub-specialty",
    col_correct: "correct",
    col_n: "n",
    col_accuracy: "accuracy",
    col_ci: "95% CI (Wilson)",
    col_interval: "interval",
    small_before: "* fewer than ",
    small_after: " questions: the interval is wide; read with care.",
    no_level: "n/a",
    heat_caption: "Accuracy by specialty (rows) and level (columns): each cell gives the accuracy, its n and its \
                   95% CI (Wilson); its colour shows the accuracy.",
    heat_corner: "specialty / level",
    heat_empty: "no questions",
    heat_legend: "Colour: accuracy, darker is lower (viridis scale).",
    heat_small: |n| format!("* fewer than {n} questions"),
    heat_no_cells: "No cell to show: the key gives no specialty and level for its questions.",
    heat_chart_title: |model| format!("{model}: accuracy by specialty and level"),
    heat_chart_desc: |n| {
        format!(
            "Heatmap of accuracy by specialty (rows) and level (columns); each cell is coloured on the viridis \
             scale from dark purple (0) to yellow (1), and cells with fewer than {n} questions are marked *. Cells:"
        )
    },
};

pub const AR: ScoreText = ScoreText {
    ci: "فترة الثقة 95%",
    ci_bar: |lo, hi, estimate| format!("فترة الثقة 95% من {lo} إلى {hi}، والتقدير {estimate}"),
    col_specialty: "التخصص",
    col_level: "المستوى",
    col_options: "عدد الخيارات",
    col_subspecialty: "التخصص الفرعي",
    col_correct: "الصحيحة",
    col_n: "n",
    col_accuracy: "الدقة",
    col_ci: "فترة الثقة 95% (ويلسون)",
    col_interval: "الفترة",
    small_before: "* أقل من ",
    small_after: " سؤالًا: الفترة واسعة، فاقرأ النتيجة بحذر.",
    no_level: "غير محدد",
    heat_caption: "الدقة حسب التخصص (الصفوف) والمستوى (الأعمدة): في كل خانة الدقة وعدد أسئلتها n وفترة الثقة 95% \
                   (ويلسون)، ويدل لونها على الدقة.",
    heat_corner: "التخصص / المستوى",
    heat_empty: "لا أسئلة",
    heat_legend: "اللون: الدقة، والأغمق أدنى (مقياس viridis).",
    heat_small: |n| format!("* أقل من {n} سؤالًا"),
    heat_no_cells: "لا خانات لعرضها: المفتاح لا يذكر التخصص والمستوى لأسئلته.",
    heat_chart_title: |model| format!("دقة \u{2068}{model}\u{2069} حسب التخصص والمستوى"),
    heat_chart_desc: |n| {
        format!(
            "خريطة حرارية للدقة حسب التخصص (الصفوف) والمستوى (الأعمدة)؛ تُلوَّن كل خانة بمقياس viridis من \
             البنفسجي الداكن (0) إلى الأصفر (1)، وتُعلَّم بـ * الخانات التي فيها أقل من {n} سؤالًا. الخانات:"
        )
    },
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static ScoreText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}

impl BreakdownKind {
    /// The column heading of the row names.
    pub fn heading(self, lang: Lang) -> &'static str {
        let t = text(lang);
        match self {
            Self::Specialty => t.col_specialty,
            Self::Level => t.col_level,
            Self::Options => t.col_options,
            Self::Subspecialty => t.col_subspecialty,
        }
    }

    /// A row's name as shown: stored names in English; in Arabic the
    /// paper's specialties by their Arabic names and levels with the year
    /// spelled out. Other names (sub-specialties the paper does not list,
    /// option counts) are shown as stored.
    pub fn row_label(self, lang: Lang, name: &str) -> String {
        match (lang, self) {
            (Lang::En, _) | (Lang::Ar, Self::Options) => name.to_owned(),
            (Lang::Ar, Self::Specialty | Self::Subspecialty) => common::specialty_ar(name).unwrap_or(name).to_owned(),
            (Lang::Ar, Self::Level) if name == "n/a" => text(lang).no_level.to_owned(),
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
        assert_eq!(BreakdownKind::Level.row_label(Lang::En, "Y1"), "Y1");
        assert_eq!(BreakdownKind::Level.row_label(Lang::Ar, "Y1"), "Y1 (السنة الأولى)");
        assert_eq!(BreakdownKind::Options.row_label(Lang::Ar, "4"), "4");
    }
}
