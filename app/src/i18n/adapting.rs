//! Strings of the `/adapting` page and its chart.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct AdaptingText {
        title = "adapting-title",
        lede = "adapting-lede",
        caption = "adapting-caption",
        col_setting = "adapting-col-setting",
        col_method = "adapting-col-method",
        col_accuracy = "adapting-col-accuracy",
        col_relative = "adapting-col-relative",
        baseline = "adapting-baseline",
        /// "n: test split, {n} questions; CI not reported."
        n_note(n) = "adapting-n-note",
        chart_heading = "adapting-chart-heading",
        /// Drawn at the top of the SVG (Arabic without Latin words, so that it
        /// renders the same in any SVG viewer).
        chart_title = "adapting-chart-title",
        chart_axis = "adapting-chart-axis",
        /// The chart's text alternative starts with this.
        chart_desc = "adapting-chart-desc",
        relative_word = "adapting-relative-word",
        download = "adapting-download",
        reading_heading = "adapting-reading-heading",
        reading = "adapting-reading",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> AdaptingText {
    AdaptingText(lang)
}

/// A Table 5 setting (`zero-shot`, `3-shot`, `QLoRA`): its display name and
/// what was done. Latin names inside Arabic are isolated left-to-right, so
/// `3-shot` does not turn into `shot-3`.
pub fn setting(lang: Lang, subject: &str) -> (String, String) {
    let id = super::common::data_id("adapting-setting", subject);
    match super::bundle::format_checked(lang, &id, &[]) {
        Some((name, _)) => (name, super::bundle::format(lang, &format!("{id}.method"), &[])),
        None => (subject.to_owned(), String::new()),
    }
}
