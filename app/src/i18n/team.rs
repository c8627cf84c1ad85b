//! Strings of the `/team` page: quota, members, API tokens and the team's
//! submissions.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct TeamText {
        /// The new token's copy button, and what it says once pressed.
        copy = "team-copy",
        copied = "team-copied",
        title = "team-title",
        /// Before the team's name in the heading.
        heading = "team-heading",
        not_signed_in = "team-not-signed-in",
        /// The team is not let in yet: what it waits for.
        awaiting_email = "team-awaiting-email",
        awaiting_approval = "team-awaiting-approval",
        sign_in = "team-sign-in",
        or = "team-or",
        register = "team-register",
        /// "Uploads left today: {n} of {n} (resets ...); in total: {n} of {n}. "
        quota_today = "team-quota-today",
        of = "team-of",
        quota_total = "team-quota-total",
        quota_end = "team-quota-end",
        upload = "team-upload",
        sign_out = "team-sign-out",
        members = "team-members",
        tokens = "team-tokens",
        new_token = "team-new-token",
        token_label = "team-token-label",
        token_placeholder = "team-token-placeholder",
        create_token = "team-create-token",
        no_tokens = "team-no-tokens",
        col_token = "team-col-token",
        col_label = "team-col-label",
        col_created = "team-col-created",
        col_last_used = "team-col-last-used",
        col_status = "team-col-status",
        never_used = "team-never-used",
        /// Before the date a token was revoked.
        revoked = "team-revoked",
        revoke = "team-revoke",
        submissions = "team-submissions",
        no_submissions = "team-no-submissions",
        col_model = "team-col-model",
        col_benchmark = "team-col-benchmark",
        col_accuracy = "team-col-accuracy",
        col_n = "team-col-n",
        col_ci = "team-col-ci",
        col_visibility = "team-col-visibility",
        col_submitted = "team-col-submitted",
        /// After the date of a submission scored on the synthetic demo key.
        synthetic = "team-synthetic",
        /// After the visibility of a withdrawn submission.
        withdrawn = "team-withdrawn",
        invite_heading = "team-invite-heading",
        invite_email = "team-invite-email",
        invite_submit = "team-invite-submit",
        invite_mailed = "team-invite-mailed",
        invite_link = "team-invite-link",
        leave_heading = "team-leave-heading",
        leave_confirm = "team-leave-confirm",
        leave_submit = "team-leave-submit",
        password_changed = "team-password-changed",
        joined = "team-joined",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> TeamText {
    TeamText(lang)
}
