//! Strings of the operators' page, `/operator`.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct OperatorText {
        title = "operator-title",
        intro(operator) = "operator-intro",
        done_changed = "operator-done-changed",
        done_unchanged = "operator-done-unchanged",
        error_not_found = "operator-error-not-found",
        error_invalid = "operator-error-invalid",
        error_name_taken = "operator-error-name-taken",
        read_only_heading = "operator-read-only-heading",
        read_only_on = "operator-read-only-on",
        read_only_off = "operator-read-only-off",
        read_only_start = "operator-read-only-start",
        read_only_stop = "operator-read-only-stop",
        reason = "operator-reason",
        reason_optional = "operator-reason-optional",
        announcements_heading = "operator-announcements-heading",
        no_announcements = "operator-no-announcements",
        announce_en = "operator-announce-en",
        announce_ar = "operator-announce-ar",
        level = "operator-level",
        level_info = "operator-level-info",
        level_warning = "operator-level-warning",
        until = "operator-until",
        announce = "operator-announce",
        unannounce = "operator-unannounce",
        submissions_heading = "operator-submissions-heading",
        submission_id = "operator-submission-id",
        hide = "operator-hide",
        /// A flagged submission's review: clear its flags (it is ranked), or show them again.
        clear_flags = "operator-clear-flags",
        restore_flags = "operator-restore-flags",
        restore = "operator-restore",
        hidden_heading = "operator-hidden-heading",
        none_hidden = "operator-none-hidden",
        new_model_name = "operator-new-model-name",
        rename_model = "operator-rename-model",
        teams_heading = "operator-teams-heading",
        team_name = "operator-team-name",
        ban = "operator-ban",
        unban = "operator-unban",
        banned_heading = "operator-banned-heading",
        none_banned = "operator-none-banned",
        new_team_name = "operator-new-team-name",
        rename_team = "operator-rename-team",
        daily = "operator-daily",
        total = "operator-total",
        set_quotas = "operator-set-quotas",
        audit_heading = "operator-audit-heading",
        filter_team = "operator-filter-team",
        filter_event = "operator-filter-event",
        filter = "operator-filter",
        csv = "operator-csv",
        audit_count(n) = "operator-audit-count",
        no_events = "operator-no-events",
        col_at = "operator-col-at",
        col_event = "operator-col-event",
        col_team = "operator-col-team",
        col_actor = "operator-col-actor",
        col_reason = "operator-col-reason",
        col_detail = "operator-col-detail",
        col_id = "operator-col-id",
        col_model = "operator-col-model",
        col_since = "operator-col-since",
        col_text = "operator-col-text",
        col_until = "operator-col-until",
        forever = "operator-forever",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> OperatorText {
    OperatorText(lang)
}
