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
}

impl FormErrorCode {
    /// Every code, for the tests.
    pub const ALL: [Self; 9] = [
        Self::WrongCredentials,
        Self::TooManyAttempts,
        Self::NameTaken,
        Self::EmailTaken,
        Self::InvalidName,
        Self::InvalidEmail,
        Self::InvalidPassword,
        Self::UploadRefused,
        Self::ServerError,
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

    /// What the page says, in `lang`.
    pub fn message(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::En, Self::WrongCredentials) => "Wrong email or password.",
            (Lang::En, Self::TooManyAttempts) => {
                "Too many failed sign-ins for this account. Wait a few minutes, then try again."
            }
            (Lang::En, Self::NameTaken) => "A team with this name already exists.",
            (Lang::En, Self::EmailTaken) => "This email address is already registered.",
            (Lang::En, Self::InvalidName) => {
                "The team name must have 2 to 60 characters, without control or bidirectional control characters."
            }
            (Lang::En, Self::InvalidEmail) => "That is not an email address.",
            (Lang::En, Self::InvalidPassword) => "The password must have 10 to 256 characters.",
            (Lang::En, Self::UploadRefused) => "The upload was refused; nothing was stored.",
            (Lang::En, Self::ServerError) => "Something went wrong on the server; nothing was stored. Try again.",
            (Lang::Ar, Self::WrongCredentials) => "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
            (Lang::Ar, Self::TooManyAttempts) => "محاولات دخول فاشلة كثيرة لهذا الحساب. انتظر بضع دقائق ثم حاول مجددًا.",
            (Lang::Ar, Self::NameTaken) => "يوجد فريق بهذا الاسم بالفعل.",
            (Lang::Ar, Self::EmailTaken) => "عنوان البريد الإلكتروني هذا مسجَّل بالفعل.",
            (Lang::Ar, Self::InvalidName) => {
                "يجب أن يتكوّن اسم الفريق من 2 إلى 60 حرفًا، من دون محارف تحكّم أو محارف تحكّم في الاتجاه."
            }
            (Lang::Ar, Self::InvalidEmail) => "هذا ليس عنوان بريد إلكتروني صالحًا.",
            (Lang::Ar, Self::InvalidPassword) => "يجب أن تتكوّن كلمة المرور من 10 إلى 256 حرفًا.",
            (Lang::Ar, Self::UploadRefused) => "رُفض الرفع ولم يُخزَّن شيء.",
            (Lang::Ar, Self::ServerError) => "حدث خطأ في الخادم ولم يُخزَّن شيء. حاول مجددًا.",
        }
    }
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
}
