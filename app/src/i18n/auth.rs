//! Strings of the `/register` and `/signin` forms.

use super::Lang;

crate::messages! {
    /// The texts of both forms, in one language.
    pub struct AuthText {
        register_title = "auth-register-title",
        register_lede = "auth-register-lede",
        /// How this server lets a new team in, when it is not at once.
        register_email = "auth-register-email",
        register_approved = "auth-register-approved",
        already_registered = "auth-already-registered",
        sign_in_link = "auth-sign-in-link",
        team_name = "auth-team-name",
        email = "auth-email",
        /// The new password, with its minimum length.
        new_password = "auth-new-password",
        register_button = "auth-register-button",
        signin_title = "auth-signin-title",
        new_here = "auth-new-here",
        register_link = "auth-register-link",
        password = "auth-password",
        signin_button = "auth-signin-button",
        forgot = "auth-forgot",
        reset_title = "auth-reset-title",
        reset_intro = "auth-reset-intro",
        reset_send = "auth-reset-send",
        reset_sent = "auth-reset-sent",
        reset_new_title = "auth-reset-new-title",
        reset_new_intro = "auth-reset-new-intro",
        reset_password = "auth-reset-password",
        reset_save = "auth-reset-save",
        reset_dead = "auth-reset-dead",
        reset_ask_again = "auth-reset-ask-again",
        join_title = "auth-join-title",
        join_intro(team, email) = "auth-join-intro",
        join_password = "auth-join-password",
        join_submit = "auth-join-submit",
        join_dead = "auth-join-dead",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> AuthText {
    AuthText(lang)
}
