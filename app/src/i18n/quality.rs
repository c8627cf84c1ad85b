//! Strings of the `/quality` page.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct QualityText {
        title = "quality-title",
        lede = "quality-lede",
        expert_heading = "quality-expert-heading",
        expert_intro = "quality-expert-intro",
        /// "Expert ratings of a sample of questions (n = {n})."
        expert_caption(n) = "quality-expert-caption",
        col_dimension = "quality-col-dimension",
        col_mean = "quality-col-mean",
        col_agreement = "quality-col-agreement",
        col_kappa = "quality-col-kappa",
        quality_note = "quality-quality-note",
        cochran_heading = "quality-cochran-heading",
        cochran_intro = "quality-cochran-intro",
        /// Names the inputs z, p and e.
        cochran_step1(z, p, e) = "quality-cochran-step1",
        /// "Correction for the finite population of N = {N} questions:"
        cochran_step2(pop) = "quality-cochran-step2",
        cochran_rounding = "quality-cochran-rounding",
        /// "The paper states {n0} and {n}: the computation reproduces both."
        cochran_match(n0, n) = "quality-cochran-match",
        cochran_mismatch(n0, n) = "quality-cochran-mismatch",
        cochran_missing = "quality-cochran-missing",
        judge_heading = "quality-judge-heading",
        /// Mentions the {n} expert-rated questions.
        judge_intro(n) = "quality-judge-intro",
        judge_caption = "quality-judge-caption",
        col_judge = "quality-col-judge",
        /// "{a} (expert 1), {b} (expert 2)"
        per_expert(a, b) = "quality-per-expert",
        /// Footnote on the difficulty column, with the highest value.
        difficulty_note(v) = "quality-difficulty-note",
        best_note = "quality-best-note",
        key_heading = "quality-key-heading",
        /// How scores stay meaningful: exposure, the Ladder, attempts.
        integrity_heading = "quality-integrity-heading",
        integrity_exposure = "quality-integrity-exposure",
        integrity_ladder = "quality-integrity-ladder",
        integrity_split = "quality-integrity-split",
        integrity_identities = "quality-integrity-identities",
        integrity_attempts = "quality-integrity-attempts",
        integrity_flags = "quality-integrity-flags",
        integrity_letters = "quality-integrity-letters",
        integrity_calibration = "quality-integrity-calibration",
        integrity_order = "quality-integrity-order",
        /// The errata: heading, plain explanation, none yet.
        errata_heading = "quality-errata-heading",
        errata_intro = "quality-errata-intro",
        errata_none = "quality-errata-none",
        /// "{key}, version {version}"
        errata_version(key, version) = "quality-errata-version",
        /// "{n} questions changed" (plural)
        errata_count(n) = "quality-errata-count",
        errata_caption(key, version) = "quality-errata-caption",
        col_question = "quality-col-question",
        col_reason = "quality-col-reason",
        reason_answer_changed = "quality-reason-answer-changed",
        reason_now_rejected = "quality-reason-now-rejected",
        reason_now_scoreable = "quality-reason-now-scoreable",
        reason_details_changed = "quality-reason-details-changed",
        reason_added = "quality-reason-added",
        reason_removed = "quality-reason-removed",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> QualityText {
    QualityText(lang)
}
