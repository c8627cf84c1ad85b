//! Why a web form was sent back, as codes with a message per language.
//!
//! A form endpoint redirects back with `?error=code[,code...]`, never with
//! text: a URL is anyone's to write, so the page shows only the messages
//! of codes it knows (an unknown code shows nothing) and never an email or
//! a password taken from a URL. Details that only the server knows (the
//! lines of a refused prediction file) travel on the session instead.

use super::Lang;

/// A reason a form was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormErrorCode {
    WrongCredentials,
    TooManyAttempts,
    NameTaken,
    EmailTaken,
    InvalidName,
    InvalidEmail,
    InvalidPassword,
    UploadRefused,
    ServerError,
    /// Too many teams registered from the client's address today.
    RegistrationLimit,
    /// The client's address used today's upload quota (across all teams).
    ClientQuotaExceeded,
    /// A submission's owner form: a change refused (its reasons travel on
    /// the session).
    ChangeRefused,
    /// A submission's withdraw form sent without its confirmation box.
    WithdrawUnconfirmed,
    /// The team already chose two submissions of the model for the final standing.
    TooManyFinal,
    /// The submission was withdrawn already (nothing to change).
    Withdrawn,
    /// The team's only member asked to leave it.
    LastMember,
    /// The leave form sent without its confirmation box.
    LeaveUnconfirmed,
    /// The board is read-only for maintenance.
    ReadOnly,
    /// The member's team is banned by the board's operators.
    TeamBanned,
    /// The team has as many invitations waiting as it may.
    TooManyInvitations,
}

impl FormErrorCode {
    /// Every code, for the tests.
    pub const ALL: [Self; 20] = [
        Self::WrongCredentials,
        Self::TooManyAttempts,
        Self::NameTaken,
        Self::EmailTaken,
        Self::InvalidName,
        Self::InvalidEmail,
        Self::InvalidPassword,
        Self::UploadRefused,
        Self::ServerError,
        Self::RegistrationLimit,
        Self::ClientQuotaExceeded,
        Self::ChangeRefused,
        Self::WithdrawUnconfirmed,
        Self::Withdrawn,
        Self::TooManyFinal,
        Self::LastMember,
        Self::LeaveUnconfirmed,
        Self::ReadOnly,
        Self::TeamBanned,
        Self::TooManyInvitations,
    ];

    /// The code as it appears in `?error=`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::WrongCredentials => "wrong_credentials",
            Self::TooManyAttempts => "too_many_attempts",
            Self::NameTaken => "name_taken",
            Self::EmailTaken => "email_taken",
            Self::InvalidName => "invalid_name",
            Self::InvalidEmail => "invalid_email",
            Self::InvalidPassword => "invalid_password",
            Self::UploadRefused => "upload_refused",
            Self::ServerError => "server_error",
            Self::RegistrationLimit => "registration_limit",
            Self::ClientQuotaExceeded => "client_quota_exceeded",
            Self::ChangeRefused => "change_refused",
            Self::WithdrawUnconfirmed => "withdraw_unconfirmed",
            Self::Withdrawn => "withdrawn",
            Self::TooManyFinal => "too_many_final",
            Self::LastMember => "last_member",
            Self::LeaveUnconfirmed => "leave_unconfirmed",
            Self::ReadOnly => "read_only",
            Self::TeamBanned => "team_banned",
            Self::TooManyInvitations => "too_many_invitations",
        }
    }

    /// A code read from a URL; `None` for anything else.
    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == code)
    }

    /// The codes of an `?error=` value, known ones only, each once.
    pub fn parse_list(value: &str) -> Vec<Self> {
        let mut codes: Vec<Self> = Vec::new();
        for code in value.split(',').filter_map(|c| Self::parse(c.trim())) {
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
        codes
    }

    /// The `?error=` value for `codes`.
    pub fn join(codes: &[Self]) -> String {
        codes.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(",")
    }

    /// The id of the code's message (`form-error-wrong-credentials`).
    pub fn message_id(self) -> String {
        format!("form-error-{}", self.as_str().replace('_', "-"))
    }

    /// What the page says, in `lang`.
    pub fn message(self, lang: Lang) -> String {
        super::bundle::format(lang, &self.message_id(), &[])
    }
}

/// A refusal from the core (a prediction file's problem, a field's) in
/// `lang`: the locale's sentence for its code, with its arguments. A code
/// the locales do not know shows `fallback` (the error's own text).
pub fn refusal(lang: Lang, message: &crate::domain::Message, fallback: &str) -> String {
    let args: Vec<(&str, super::Arg)> = message.args.iter().map(|(n, v)| (n.as_str(), number_or_text(v))).collect();
    match super::bundle::format_checked(lang, &message.code, &args) {
        Some((text, errors)) if errors.is_empty() => text,
        _ => super::bundle::format(lang, "error-unknown", &[("text", fallback.into())]),
    }
}

/// A value written as a whole number ("12", not "012" or "+12") is a
/// number, so plural variants can select on it; it is written back
/// unchanged (no grouping). Anything else is text.
fn number_or_text(value: &str) -> super::Arg {
    match value.parse::<u64>() {
        // Below 2^53 the f64 that Fluent holds prints as written.
        Ok(n) if n < 1 << 53 && n.to_string() == value => super::Arg::from(n),
        _ => value.into(),
    }
}

/// A [`Message`](crate::domain::Message) in `lang` (its code when no
/// locale has it).
pub fn say(lang: Lang, message: &crate::domain::Message) -> String {
    refusal(lang, message, &message.code)
}

/// One refusal as a sentence in `lang`: a results file's problem (codes
/// `prediction-results-*`) after "the results file was refused", a
/// prediction file's (codes `input-*`, `prediction-*`) after "the
/// prediction file was refused", a field's
/// (`field-*`) after the field's name, any other as it is.
pub fn sentence(lang: Lang, message: &crate::domain::Message) -> String {
    let text = say(lang, message);
    let code = message.code.as_str();
    if code.starts_with("prediction-results-") {
        super::bundle::format(lang, "prediction-results-refused", &[("reason", text.into())])
    } else if code.starts_with("input-") || code.starts_with("prediction-") {
        super::bundle::format(lang, "prediction-refused", &[("reason", text.into())])
    } else if let Some(field) = message.get("field").filter(|_| code.starts_with("field-")) {
        super::bundle::format(lang, "field-problem", &[("field", field.into()), ("problem", text.into())])
    } else {
        text
    }
}

/// Several refusals in one line (`name: ...; email: ...`).
pub fn sentences(lang: Lang, messages: &[crate::domain::Message]) -> String {
    let separator = match lang {
        Lang::En => "; ",
        Lang::Ar => "؛ ",
    };
    messages.iter().map(|m| sentence(lang, m)).collect::<Vec<_>>().join(separator)
}

/// The session-flash form of a refusal (what the upload form keeps for the
/// page after the redirect): its messages as JSON.
pub fn refusal_to_flash(messages: &[crate::domain::Message]) -> String {
    serde_json::to_string(messages).unwrap_or_default()
}

/// A refusal kept on the session, in `lang`, for a [`refusal_to_flash`]
/// value, one sentence per message (a refused file with several problems:
/// the count, then each problem with its line); `None` for any other text
/// (a refusal that has no code).
pub fn refusal_from_flash(lang: Lang, flash: &str) -> Option<Vec<String>> {
    let messages = serde_json::from_str::<Vec<crate::domain::Message>>(flash)
        .or_else(|_| serde_json::from_str::<crate::domain::Message>(flash).map(|m| vec![m]))
        .ok()
        .filter(|m| !m.is_empty())?;
    Some(messages.iter().map(|m| sentence(lang, m)).collect())
}

/// True when a [`refusal_to_flash`] value is a file's several problems:
/// the count (`prediction-several`), then each problem with its line.
pub fn flash_lists_problems(flash: &str) -> bool {
    serde_json::from_str::<Vec<crate::domain::Message>>(flash)
        .is_ok_and(|m| m.len() > 1 && m[0].code == "prediction-several")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_unknown_text_is_dropped() {
        for code in FormErrorCode::ALL {
            assert_eq!(FormErrorCode::parse(code.as_str()), Some(code));
            for lang in [Lang::En, Lang::Ar] {
                assert!(!code.message(lang).is_empty());
            }
            assert_ne!(code.message(Lang::En), code.message(Lang::Ar));
        }
        let codes = FormErrorCode::parse_list("invalid_name,Call +1-800-EVIL now,invalid_name,invalid_email");
        assert_eq!(codes, [FormErrorCode::InvalidName, FormErrorCode::InvalidEmail]);
        assert_eq!(FormErrorCode::join(&codes), "invalid_name,invalid_email");
        assert!(FormErrorCode::parse_list("<script>alert(1)</script>").is_empty());
    }

    #[test]
    fn only_a_files_several_problems_are_a_list() {
        use crate::domain::Message;
        let file = [Message::new("prediction-several").arg("count", 2), Message::new("a"), Message::new("b")];
        assert!(flash_lists_problems(&refusal_to_flash(&file)));
        let fields = [Message::new("field-invalid"), Message::new("field-invalid")];
        assert!(!flash_lists_problems(&refusal_to_flash(&fields)));
        assert!(!flash_lists_problems(&refusal_to_flash(&file[..1])));
        assert!(!flash_lists_problems("line 3: plain text"));
    }
}
