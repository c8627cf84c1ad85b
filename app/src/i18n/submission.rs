//! Strings of a submission's result page (`/submissions/:id`), and the
//! names of the protocol card's values, shared with the upload form.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct SubmissionText {
        not_found_title = "submission-not-found-title",
        not_found_text = "submission-not-found-text",
        /// "{model} by {team}"
        title(model, team) = "submission-title",
        /// Around the demo key's name.
        synthetic_before = "submission-synthetic-before",
        synthetic_after = "submission-synthetic-after",
        /// "Accuracy {…} on {benchmark} (key {name}). Verified here: …"
        accuracy = "submission-accuracy",
        on = "submission-on",
        key = "submission-key",
        verified = "submission-verified",
        correct = "submission-correct",
        of = "submission-of",
        missing = "submission-missing",
        unparsed = "submission-unparsed",
        ignored = "submission-ignored",
        /// "Uniform random guessing would score {x} (n = {n}); chance-adjusted accuracy {y}"
        random = "submission-random",
        chance_adjusted = "submission-chance-adjusted",
        /// Why a held-out key's score shows no more; `step` in points.
        held_out(step) = "submission-held-out",
        /// On a split key before the reveal: the public part's size `n`.
        public_part(n) = "submission-public-part",
        /// The Ladder's floor, or the team's best repeated.
        at_or_below_chance = "submission-at-or-below-chance",
        not_above_team_best = "submission-not-above-team-best",
        /// A revealed split key's parts: heading, note, each row's label.
        parts = "submission-parts",
        parts_note = "submission-parts-note",
        private_part = "submission-private-part",
        public_part_score = "submission-public-part-score",
        /// The owner's final-standing choice: heading, state, buttons.
        final_heading = "submission-final-heading",
        final_chosen = "submission-final-chosen",
        final_not_chosen = "submission-final-not-chosen",
        final_choose = "submission-final-choose",
        final_unchoose = "submission-final-unchoose",
        protocol = "submission-protocol",
        prompt_language = "submission-prompt-language",
        shots = "submission-shots",
        temperature = "submission-temperature",
        chain_of_thought = "submission-chain-of-thought",
        extraction = "submission-extraction",
        contamination = "submission-contamination",
        model_params = "submission-model-params",
        model_category = "submission-model-category",
        model_url = "submission-model-url",
        notes = "submission-notes",
        file = "submission-file",
        /// Between the file format and its hash.
        sha256 = "submission-sha256",
        submitted = "submission-submitted",
        own = "submission-own",
        not_stated = "submission-not-stated",
        by_specialty = "submission-by-specialty",
        by_specialty_caption = "submission-by-specialty-caption",
        by_level = "submission-by-level",
        level_note = "submission-level-note",
        by_level_caption = "submission-by-level-caption",
        /// The specialty × level heatmap's heading, the confounding note beside
        /// it, its chart's `alt` and download link.
        by_cell = "submission-by-cell",
        by_cell_note = "submission-by-cell-note",
        by_cell_chart_alt = "submission-by-cell-chart-alt",
        by_cell_download = "submission-by-cell-download",
        by_options = "submission-by-options",
        by_options_caption = "submission-by-options-caption",
        by_subspecialty = "submission-by-subspecialty",
        by_subspecialty_caption = "submission-by-subspecialty-caption",
        /// The scores on each key version: heading, explanation, table.
        versions_heading = "submission-versions-heading",
        versions_intro = "submission-versions-intro",
        versions_caption = "submission-versions-caption",
        col_version = "submission-col-version",
        col_key = "submission-col-key",
        col_imported = "submission-col-imported",
        col_accuracy = "submission-col-accuracy",
        col_correct = "submission-col-correct",
        /// After the name of the version the shown score is on.
        version_current = "submission-version-current",
        /// A version without a score: not re-scorable, or not done yet.
        version_not_scored = "submission-version-not-scored",
        version_pending = "submission-version-pending",
        /// "… it keeps its score on version {version}."
        not_rescorable(version) = "submission-not-rescorable",
        /// Key-copy forensics: the flags' heading, what a flag is, and what
        /// each kind means.
        flags_heading = "submission-flags-heading",
        flags_intro = "submission-flags-intro",
        flag_explain_defects = "submission-flag-explain-defects",
        flag_explain_near = "submission-flag-explain-near",
        model_args = "submission-model-args",
        generation = "submission-generation",
        /// "Withdrawn on {date}: ..." around the date.
        withdrawn_before = "submission-withdrawn-before",
        withdrawn_after = "submission-withdrawn-after",
        /// Before the operators' reason, on a hidden submission's page.
        hidden_by_operators = "submission-hidden-by-operators",
        /// The owner's section: change the declared facts, or withdraw.
        owner_heading = "submission-owner-heading",
        owner_intro = "submission-owner-intro",
        save = "submission-save",
        withdraw_heading = "submission-withdraw-heading",
        withdraw_intro = "submission-withdraw-intro",
        withdraw_confirm = "submission-withdraw-confirm",
        withdraw_button = "submission-withdraw-button",
        /// After a form was sent.
        done_changed = "submission-done-changed",
        done_withdrawn = "submission-done-withdrawn",
        /// Letter bias: heading, explanation, table and its columns, the
        /// note on an overused letter (`letters`: "A" or "A, C"), why a
        /// held-out key shows fewer columns, and the comparison's n.
        letters_heading = "submission-letters-heading",
        letters_intro = "submission-letters-intro",
        letters_caption = "submission-letters-caption",
        letters_col_letter = "submission-letters-col-letter",
        letters_col_chosen = "submission-letters-col-chosen",
        letters_col_share = "submission-letters-col-share",
        letters_col_key = "submission-letters-col-key",
        letters_col_expected = "submission-letters-col-expected",
        letters_col_chance = "submission-letters-col-chance",
        letters_overused(letters) = "submission-letters-overused",
        letters_held_out = "submission-letters-held-out",
        letters_against_n(n) = "submission-letters-against-n",
        /// Calibration: heading, explanation, the figures' table and its
        /// rows, the two charts (titles, axes, `alt`), "not given", and
        /// why a held-out key shows none.
        calibration_heading = "submission-calibration-heading",
        calibration_intro = "submission-calibration-intro",
        calibration_n(n) = "submission-calibration-n",
        calibration_caption = "submission-calibration-caption",
        calibration_col_figure = "submission-calibration-col-figure",
        calibration_col_value = "submission-calibration-col-value",
        calibration_mean_confidence = "submission-calibration-mean-confidence",
        calibration_accuracy = "submission-calibration-accuracy",
        calibration_ece = "submission-calibration-ece",
        calibration_brier = "submission-calibration-brier",
        calibration_aurc = "submission-calibration-aurc",
        calibration_at_coverage(percent) = "submission-calibration-at-coverage",
        calibration_not_given = "submission-calibration-not-given",
        calibration_held_out = "submission-calibration-held-out",
        reliability_title(model) = "submission-reliability-title",
        reliability_x = "submission-reliability-x",
        reliability_y = "submission-reliability-y",
        reliability_desc = "submission-reliability-desc",
        reliability_alt = "submission-reliability-alt",
        risk_title(model) = "submission-risk-title",
        risk_x = "submission-risk-x",
        risk_y = "submission-risk-y",
        risk_desc = "submission-risk-desc",
        risk_alt = "submission-risk-alt",
        /// Option order: heading, explanation, the table and its rows, "not
        /// given", and why a held-out key shows none.
        order_heading = "submission-order-heading",
        order_intro = "submission-order-intro",
        order_caption = "submission-order-caption",
        order_col_figure = "submission-order-col-figure",
        order_col_value = "submission-order-col-value",
        order_accuracy = "submission-order-accuracy",
        order_accuracy_permuted = "submission-order-accuracy-permuted",
        order_consistent = "submission-order-consistent",
        order_sensitivity = "submission-order-sensitivity",
        order_not_given = "submission-order-not-given",
        order_held_out = "submission-order-held-out",
        /// The model card's section: badge, Markdown, model-index block.
        card_heading = "submission-card-heading",
        card_intro = "submission-card-intro",
        card_badge_alt = "submission-card-badge-alt",
        card_markdown = "submission-card-markdown",
        card_yaml = "submission-card-yaml",
        /// The badge's own texts: before the interval, after a held-out
        /// key's figures, and its accessible title.
        badge_ci = "submission-badge-ci",
        badge_held_out = "submission-badge-held-out",
        badge_held_out_public = "submission-badge-held-out-public",
        badge_synthetic = "submission-badge-synthetic",
        badge_title(model, benchmark, value) = "submission-badge-title",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> SubmissionText {
    SubmissionText(lang)
}

/// A protocol card value (prompt language, chain of thought, contamination,
/// visibility, category, benchmark) as shown: its meaning in words, in
/// either language, never the stored code. Unknown values are shown as
/// they are.
pub fn value_label(lang: Lang, value: &str) -> String {
    super::common::data_label(lang, "submission-value", value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::submission::{CHAIN_OF_THOUGHT, CONTAMINATION, MODEL_CATEGORIES, PROMPT_LANGUAGES, VISIBILITY};

    #[test]
    fn every_protocol_value_is_put_in_words_in_both_languages() {
        let benchmarks = ["medarabench", "medarabiq"];
        for value in
            [PROMPT_LANGUAGES, CHAIN_OF_THOUGHT, CONTAMINATION, VISIBILITY, MODEL_CATEGORIES, &benchmarks].concat()
        {
            let english = value_label(Lang::En, value);
            assert_ne!(english, value, "{value} is shown as its code");
            assert!(english.chars().next().is_some_and(char::is_uppercase) && !english.contains('_'), "{english}");
            if !benchmarks.contains(&value) {
                assert_ne!(value_label(Lang::Ar, value), value, "{value}");
            }
        }
    }
}
