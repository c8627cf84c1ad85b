//! Strings of the leaderboard page (`/`) and its chart.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct LeaderboardText {
        title = "leaderboard-title",
        heading = "leaderboard-heading",
        lede = "leaderboard-lede",
        loading = "leaderboard-loading",
        /// "{shown} of {total} models ..." (the baselines are not counted).
        caption(shown, total) = "leaderboard-caption",
        /// When verified rows were left out: "the best {shown} of {matching}
        /// matching ...; every row is in the exports", before the export links.
        rows_limited(shown, matching) = "leaderboard-rows-limited",
        sort_hint = "leaderboard-sort-hint",
        col_rank = "leaderboard-col-rank",
        col_model = "leaderboard-col-model",
        col_team_source = "leaderboard-col-team-source",
        col_category = "leaderboard-col-category",
        col_size = "leaderboard-col-size",
        col_accuracy = "leaderboard-col-accuracy",
        col_n = "leaderboard-col-n",
        col_date = "leaderboard-col-date",
        col_contamination = "leaderboard-col-contamination",
        /// The calibration columns, and a row whose file gave no confidence.
        col_ece = "leaderboard-col-ece",
        col_brier = "leaderboard-col-brier",
        not_given = "leaderboard-not-given",
        /// The link that shows or hides the calibration columns.
        calibration_show = "leaderboard-calibration-show",
        calibration_hide = "leaderboard-calibration-hide",
        badge_reported = "leaderboard-badge-reported",
        badge_verified = "leaderboard-badge-verified",
        badge_reference = "leaderboard-badge-reference",
        /// "Paper, {table}".
        paper(table) = "leaderboard-paper",
        /// "on key {name}" for baselines.
        on_key(key) = "leaderboard-on-key",
        random_guessing = "leaderboard-random-guessing",
        /// "Always {letter}".
        always(l) = "leaderboard-always",
        paper_date = "leaderboard-paper-date",
        not_stated = "leaderboard-not-stated",
        not_applicable = "leaderboard-not-applicable",
        unranked = "leaderboard-unranked",
        approx_title = "leaderboard-approx-title",
        demo_key_badge = "leaderboard-demo-key-badge",
        /// A verified row's attempts: the team's submissions of the model.
        attempts(count, first) = "leaderboard-attempts",
        /// On a held-out key's row: the accuracy is the Ladder's.
        ladder_badge = "leaderboard-ladder-badge",
        ladder_title = "leaderboard-ladder-title",
        /// A held-out row at the Ladder's floor: at or below chance.
        chance_badge = "leaderboard-chance-badge",
        chance_title = "leaderboard-chance-title",
        /// A held-out row that did not move its team's Ladder.
        held_badge = "leaderboard-held-badge",
        held_title = "leaderboard-held-title",
        /// A split key's row: on its public part before the reveal, ranked
        /// on its private part after it.
        public_part_badge = "leaderboard-public-part-badge",
        public_part_title = "leaderboard-public-part-title",
        private_part_badge = "leaderboard-private-part-badge",
        private_part_title = "leaderboard-private-part-title",
        /// A flagged row's badge; its title says the flags ("{flags}. ...").
        flag_badge = "leaderboard-flag-badge",
        /// Under the table: a flagged row waits for review, unranked.
        flag_note = "leaderboard-flag-note",
        flag_title(flags) = "leaderboard-flag-title",
        synthetic_notice = "leaderboard-synthetic-notice",
        contamination_none = "leaderboard-contamination-none",
        contamination_train = "leaderboard-contamination-train",
        contamination_test = "leaderboard-contamination-test",
        contamination_both = "leaderboard-contamination-both",
        filter_legend = "leaderboard-filter-legend",
        filter_source = "leaderboard-filter-source",
        filter_all = "leaderboard-filter-all",
        filter_category = "leaderboard-filter-category",
        category_none = "leaderboard-category-none",
        filter_search = "leaderboard-filter-search",
        apply = "leaderboard-apply",
        clear = "leaderboard-clear",
        no_match = "leaderboard-no-match",
        reference_heading = "leaderboard-reference-heading",
        rank_note = "leaderboard-rank-note",
        approx_note = "leaderboard-approx-note",
        reference_note = "leaderboard-reference-note",
        chart_heading = "leaderboard-chart-heading",
        chart_title = "leaderboard-chart-title",
        chart_axis = "leaderboard-chart-axis",
        /// The `alt` of the chart image on the page.
        chart_alt = "leaderboard-chart-alt",
        /// The chart's text alternative: "{n} rows ...".
        chart_desc(n) = "leaderboard-chart-desc",
        /// Shown when the chart leaves rows out: "the best {shown} of {total}".
        chart_limited(shown, total) = "leaderboard-chart-limited",
        download_chart = "leaderboard-download-chart",
        download_csv = "leaderboard-download-csv",
        download_json = "leaderboard-download-json",
        compare_link = "leaderboard-compare-link",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> LeaderboardText {
    LeaderboardText(lang)
}

/// A declared contamination value (`none`, `train`...) in `lang`.
pub fn contamination(lang: Lang, value: Option<&str>) -> String {
    let t = text(lang);
    match value {
        Some("none") => t.contamination_none(),
        Some("train") => t.contamination_train(),
        Some("test") => t.contamination_test(),
        Some("train_and_test") => t.contamination_both(),
        _ => t.not_stated(),
    }
}
