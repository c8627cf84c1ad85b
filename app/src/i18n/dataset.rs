//! Strings of the `/dataset` page, with what each CSV column holds, and of
//! `dataset-card.md`. The card is written with the page's texts in its own
//! language, plus the `card_*` messages for what only the card says, so the
//! page and the card say the same thing.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct DatasetText {
        title = "dataset-title",
        heading = "dataset-heading",
        summary = "dataset-summary",
        /// The name of the list of links at the top of the page.
        links_label = "dataset-links-label",
        link_repository = "dataset-link-repository",
        /// The paper's arXiv id.
        link_arxiv(id) = "dataset-link-arxiv",
        link_openreview = "dataset-link-openreview",
        /// The links that download `dataset-card.md` in English and in Arabic.
        download_en = "dataset-card-download-en",
        download_ar = "dataset-card-download-ar",
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
        // What only `dataset-card.md` says; its other sentences are the above.
        /// The paper's title, its arXiv id as a Markdown link, the
        /// repository as a Markdown autolink.
        card_paper(title, arxiv, files) = "dataset-card-paper",
        card_expert_note = "dataset-card-expert-note",
        /// No stored key: the 19 specialties, joined in the card's language.
        card_no_key(specialties) = "dataset-card-no-key",
        card_no_key_defects = "dataset-card-no-key-defects",
        /// The stored key: its name, rows, import date and SHA-256.
        card_key(name, rows, date, sha256) = "dataset-card-key",
        /// A held-out key: no SHA-256.
        card_key_held_out(name, rows, date) = "dataset-card-key-held-out",
        card_synthetic = "dataset-card-synthetic",
        /// The totals of the stored key's validation report.
        card_report(rows, scoreable, rejected, normalized, warnings) = "dataset-card-report",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> DatasetText {
    DatasetText(lang)
}

/// What the CSV column `name` (one of `dataset::COLUMNS`) holds, in `lang`:
/// the message `dataset-column-<name>`.
pub fn column_content(lang: Lang, name: &str) -> String {
    super::bundle::format(lang, &super::common::data_id("dataset-column", name), &[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::COLUMNS;
    use crate::i18n::{bundle, common};

    #[test]
    fn every_column_is_described_in_both_languages() {
        let id = |name: &str| common::data_id("dataset-column", name);
        for c in &COLUMNS {
            for lang in [Lang::En, Lang::Ar] {
                let found = bundle::format_checked(lang, &id(c.name), &[]);
                assert!(found.is_some_and(|(text, errors)| errors.is_empty() && !text.is_empty()), "{}", c.name);
            }
            assert_ne!(column_content(Lang::En, c.name), column_content(Lang::Ar, c.name), "{}", c.name);
        }
        assert_eq!(column_content(Lang::En, "Option F"), "Option text; empty when the question has fewer options");
        // Every column message is a column's.
        let ids: Vec<String> = COLUMNS.iter().map(|c| id(c.name)).collect();
        for (_, text) in bundle::sources(Lang::En) {
            for line in text.lines().filter(|l| l.starts_with("dataset-column-")) {
                let message = line.split(' ').next().unwrap_or_default();
                assert!(ids.iter().any(|i| i == message), "{message} describes no column");
            }
        }
    }
}
