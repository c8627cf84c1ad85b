//! The mail the server sends, in both languages (English first, then
//! Arabic: the address's owner's language is not known), from the
//! locales. Handed to the mailer (`services::registration::Mailer`) by
//! the server, since services render no text.

use super::Lang;

crate::messages! {
    /// The texts of the mail, in one language.
    pub struct MailText {
        verify_subject = "mail-verify-subject",
        /// The verification link's invitation, around the `link`.
        verify_body(link) = "mail-verify-body",
        reset_subject = "mail-reset-subject",
        reset_body(link) = "mail-reset-body",
        invite_subject(team) = "mail-invite-subject",
        invite_body(link, team) = "mail-invite-body",
    }
}

/// The password-reset mail for `link`.
pub fn reset(link: &str) -> (String, String) {
    let (en, ar) = (MailText(Lang::En), MailText(Lang::Ar));
    let subject = format!("{} / {}", en.reset_subject(), ar.reset_subject());
    let body = format!("{}\n\n{}\n", en.reset_body(link), ar.reset_body(link));
    (subject, body)
}

/// The invitation into `team` for `link`.
pub fn invitation(link: &str, team: &str) -> (String, String) {
    let (en, ar) = (MailText(Lang::En), MailText(Lang::Ar));
    let subject = format!("{} / {}", en.invite_subject(team), ar.invite_subject(team));
    let body = format!("{}\n\n{}\n", en.invite_body(link, team), ar.invite_body(link, team));
    (subject, body)
}

/// The verification mail for `link`: its subject and its plain-text body.
pub fn verification(link: &str) -> (String, String) {
    let (en, ar) = (MailText(Lang::En), MailText(Lang::Ar));
    let subject = format!("{} / {}", en.verify_subject(), ar.verify_subject());
    let body = format!("{}\n\n{}\n", en.verify_body(link), ar.verify_body(link));
    (subject, body)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_verification_mail_carries_its_link_in_both_languages() {
        let (subject, body) = super::verification("https://board.example/auth/verify?token=mbv_x");
        assert!(subject.contains("MedAraBench") && subject.contains(" / "), "{subject}");
        assert_eq!(body.matches("https://board.example/auth/verify?token=mbv_x").count(), 2, "{body}");
        assert!(body.contains("two days") && body.contains("يومين"), "{body}");
    }
}
