//! Strings of the comparison page (`/compare`).

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct CompareText {
        title = "compare-title",
        lede = "compare-lede",
        form_legend = "compare-form-legend",
        label_a = "compare-label-a",
        label_b = "compare-label-b",
        choose = "compare-choose",
        group_submissions = "compare-group-submissions",
        group_published = "compare-group-published",
        submit = "compare-submit",
        incomplete = "compare-incomplete",
        same = "compare-same",
        /// "No public submission has the id {id}."
        not_found(id) = "compare-not-found",
        /// "The paper publishes no row for a model named {model}."
        not_published(model) = "compare-not-published",
        /// "Submission {id} was not scored on MedAraBench ..."
        other_benchmark(id) = "compare-other-benchmark",
        /// "Submission {id} was scored on a held-out answer key ..."
        held_out(id) = "compare-held-out",
        /// "... scored on different answer keys ({a} and {b}) ..."
        different_keys(a, b) = "compare-different-keys",
        synthetic_notice = "compare-synthetic-notice",
        col_submission = "compare-col-submission",
        col_side = "compare-col-side",
        row_source = "compare-row-source",
        paper_split = "compare-paper-split",
        unpaired_notice = "compare-unpaired-notice",
        /// "Different question sets: the submission was scored on the synthetic demo key ({key}) ..."
        different_questions_synthetic(key) = "compare-different-questions-synthetic",
        different_questions_count = "compare-different-questions-count",
        approximate_note = "compare-approximate-note",
        unpaired_ci = "compare-unpaired-ci",
        newcombe_note = "compare-newcombe-note",
        unpaired_reading = "compare-unpaired-reading",
        row_model = "compare-row-model",
        row_team = "compare-row-team",
        row_accuracy = "compare-row-accuracy",
        row_key = "compare-row-key",
        difference_heading = "compare-difference-heading",
        difference = "compare-difference",
        paired_ci = "compare-paired-ci",
        /// "{replicates} paired bootstrap resamples of the {n} questions".
        bootstrap_note(replicates, n) = "compare-bootstrap-note",
        mcnemar = "compare-mcnemar",
        /// "A right and B wrong on {a} questions, the reverse on {b}".
        discordant(a, b) = "compare-discordant",
        reading = "compare-reading",
        by_specialty = "compare-by-specialty",
        by_level = "compare-by-level",
        col_specialty = "compare-col-specialty",
        col_level = "compare-col-level",
        col_n = "compare-col-n",
        col_accuracy_a = "compare-col-accuracy-a",
        col_accuracy_b = "compare-col-accuracy-b",
        col_difference = "compare-col-difference",
        cells_note = "compare-cells-note",
        back = "compare-back",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> CompareText {
    CompareText(lang)
}
