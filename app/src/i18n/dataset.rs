//! Strings of the `/dataset` page. The English texts are also the prose of
//! `dataset-card.md`, so the page and the card say the same thing.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct DatasetText {
        title = "dataset-title",
        heading = "dataset-heading",
        summary = "dataset-summary",
        download_intro = "dataset-download-intro",
        origin_heading = "dataset-origin-heading",
        /// Questions before and after filtering, six-option questions dropped.
        origin(before, after, dropped) = "dataset-origin",
        expert_note = "dataset-expert-note",
        structure_heading = "dataset-structure-heading",
        structure_intro = "dataset-structure-intro",
        col_column = "dataset-col-column",
        col_type = "dataset-col-type",
        col_content = "dataset-col-content",
        splits_heading = "dataset-splits-heading",
        splits_intro = "dataset-splits-intro",
        col_split = "dataset-col-split",
        col_questions = "dataset-col-questions",
        train = "dataset-train",
        test = "dataset-test",
        /// Rows of the public test CSV.
        public_csv(n) = "dataset-public-csv",
        counts_heading = "dataset-counts-heading",
        counts_intro = "dataset-counts-intro",
        counts_none = "dataset-counts-none",
        col_specialty = "dataset-col-specialty",
        col_level = "dataset-col-level",
        col_options = "dataset-col-options",
        defects_heading = "dataset-defects-heading",
        use_heading = "dataset-use-heading",
        uses = ["dataset-uses-1", "dataset-uses-2"],
        limits_heading = "dataset-limits-heading",
        limits = ["dataset-limits-1", "dataset-limits-2", "dataset-limits-3", "dataset-limits-4", "dataset-limits-5", "dataset-limits-6"],
        cite_heading = "dataset-cite-heading",
        cite_intro = "dataset-cite-intro",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> DatasetText {
    DatasetText(lang)
}
