//! Register and sign in: plain HTML forms posted to `/auth/register` and
//! `/auth/signin` (no JavaScript needed). Each carries the page's language,
//! so the endpoint's redirect keeps it. A refused form comes back with
//! error codes only: nothing typed (least of all an email or a password)
//! is ever put into a URL.

use leptos::prelude::*;

use crate::components::forms::{FormError, LangField};
use crate::components::head::PageTitle;
use crate::domain::registration::Registration;
use crate::i18n::{auth::text, use_lang};

/// `/register`: create a team and its first member.
#[component]
pub fn RegisterPage() -> impl IntoView {
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        let mode = use_context::<crate::settings::PageConfig>().map(|c| c.registration).unwrap_or_default();
        let how = match mode {
            Registration::Open => None,
            Registration::Email => Some(t.register_email()),
            Registration::Approved => Some(t.register_approved()),
        };
        view! {
            <PageTitle text=t.register_title() />
            <h1>{t.register_title()}</h1>
            <p class="lede">{t.register_lede()} {t.already_registered()} <a href=lang.href("/signin")>{t.sign_in_link()}</a> "."</p>
            {how.map(|how| view! { <p class="note" id="registration-mode">{how}</p> })}
            <FormError lang />
            <form method="post" action="/auth/register" class="stack" id="register-form">
                <LangField lang />
                <label>{t.team_name()} <input name="name" required minlength="2" maxlength="60" autocomplete="organization" /></label>
                <label>{t.email()} <input name="email" type="email" required maxlength="254" autocomplete="email" /></label>
                <label>{t.new_password()} <input name="password" type="password" required minlength="10" maxlength="256" autocomplete="new-password" /></label>
                <button type="submit">{t.register_button()}</button>
            </form>
        }
    }
}

/// `/signin`.
#[component]
pub fn SignInPage() -> impl IntoView {
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            <PageTitle text=t.signin_title() />
            <h1>{t.signin_title()}</h1>
            <p class="lede">{t.new_here()} <a href=lang.href("/register")>{t.register_link()}</a> "."</p>
            <FormError lang />
            <form method="post" action="/auth/signin" class="stack" id="signin-form">
                <LangField lang />
                <label>{t.email()} <input name="email" type="email" required autocomplete="email" /></label>
                <label>{t.password()} <input name="password" type="password" required autocomplete="current-password" /></label>
                <button type="submit">{t.signin_button()}</button>
            </form>
        }
    }
}
