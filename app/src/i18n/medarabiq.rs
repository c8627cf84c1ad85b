//! Strings of the `/medarabiq` comparison page and its chart.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct MedarabiqText {
        title = "medarabiq-title",
        lede = "medarabiq-lede",
        finding_heading = "medarabiq-finding-heading",
        finding = "medarabiq-finding",
        verified_heading = "medarabiq-verified-heading",
        /// Before and after the `--benchmark medarabiq` option.
        none_yet = ["medarabiq-none-yet-1", "medarabiq-none-yet-2"],
        /// No MedArabiQ key stored: the operators import one.
        no_key = "medarabiq-no-key",
        /// "The stored MedArabiQ key has {n} scoreable questions."
        key_note(n) = "medarabiq-key-note",
        /// The stored MedArabiQ key is a synthetic demo key of {n} questions.
        synthetic_key_note(n) = "medarabiq-synthetic-key-note",
        /// Beside a score on a synthetic key.
        synthetic_badge = "medarabiq-synthetic-badge",
        synthetic_note = "medarabiq-synthetic-note",
        caption = "medarabiq-caption",
        col_model = "medarabiq-col-model",
        col_team = "medarabiq-col-team",
        col_medarabench = "medarabiq-col-medarabench",
        col_medarabiq = "medarabiq-col-medarabiq",
        col_difference = "medarabiq-col-difference",
        chart_title = "medarabiq-chart-title",
        chart_desc = "medarabiq-chart-desc",
        download_chart = "medarabiq-download-chart",
        axis_medarabench = "medarabiq-axis-medarabench",
        axis_medarabiq = "medarabiq-axis-medarabiq",
        how_heading = "medarabiq-how-heading",
        /// Before and after the `--benchmark medarabiq` option.
        how = ["medarabiq-how-1", "medarabiq-how-2"],
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> MedarabiqText {
    MedarabiqText(lang)
}
