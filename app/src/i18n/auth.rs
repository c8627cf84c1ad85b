//! Strings of the `/register` and `/signin` forms.

use super::Lang;

/// The texts of both forms, in one language.
pub struct AuthText {
    pub register_title: &'static str,
    pub register_lede: &'static str,
    pub already_registered: &'static str,
    pub sign_in_link: &'static str,
    pub team_name: &'static str,
    pub email: &'static str,
    /// The new password, with its minimum length.
    pub new_password: &'static str,
    pub register_button: &'static str,
    pub signin_title: &'static str,
    pub new_here: &'static str,
    pub register_link: &'static str,
    pub password: &'static str,
    pub signin_button: &'static str,
}

pub const EN: AuthText = AuthText {
    register_title: "Register a team",
    register_lede: "A team uploads predictions and gets them scored against the held-out answer key. ",
    already_registered: "Already registered? ",
    sign_in_link: "Sign in",
    team_name: "Team name",
    email: "Email",
    new_password: "Password (at least 10 characters)",
    register_button: "Register",
    signin_title: "Sign in",
    new_here: "New here? ",
    register_link: "Register a team",
    password: "Password",
    signin_button: "Sign in",
};

pub const AR: AuthText = AuthText {
    register_title: "تسجيل فريق",
    register_lede: "يرفع الفريق تنبؤات نموذجه فتُقيَّم مقارنةً بمفتاح الإجابات المحجوب عن العموم. ",
    already_registered: "هل سجّلت فريقك من قبل؟ ",
    sign_in_link: "سجّل الدخول",
    team_name: "اسم الفريق",
    email: "البريد الإلكتروني",
    new_password: "كلمة المرور (10 أحرف على الأقل)",
    register_button: "سجّل الفريق",
    signin_title: "تسجيل الدخول",
    new_here: "ليس لديك فريق بعد؟ ",
    register_link: "سجّل فريقًا",
    password: "كلمة المرور",
    signin_button: "دخول",
};

/// The texts of `lang`.
pub fn text(lang: Lang) -> &'static AuthText {
    match lang {
        Lang::En => &EN,
        Lang::Ar => &AR,
    }
}
