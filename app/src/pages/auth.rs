//! Register and sign in: plain HTML forms posted to `/auth/register` and
//! `/auth/signin` (no JavaScript needed). Each carries the page's language,
//! so the endpoint's redirect keeps it. A refused form comes back with
//! error codes only: nothing typed (least of all an email or a password)
//! is ever put into a URL.

use leptos::prelude::*;

use leptos_router::hooks::use_query_map;

use crate::components::forms::{FormError, LangField};
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::domain::registration::Registration;
use crate::i18n::{auth::text, use_lang};
use crate::pages::not_found::answer_not_found;

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
            <p><a href=lang.href("/reset") id="forgot">{t.forgot()}</a></p>
        }
    }
}

/// `/reset`: ask for a reset link (`?sent=1` once asked), or with
/// `?token=` choose a new password (signs out every other session).
#[component]
pub fn ResetPage() -> impl IntoView {
    let query = use_query_map();
    let token = move || query.read().get("token").unwrap_or_default();
    let live = Resource::new(token, |token| async move {
        if token.is_empty() { Ok(false) } else { crate::api::accounts::reset_link_live(token).await }
    });
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        let token = token();
        let sent = query.read().get("sent").is_some();
        if token.is_empty() {
            return view! {
                <PageTitle text=t.reset_title() />
                <h1>{t.reset_title()}</h1>
                {if sent {
                    view! { <p class="notice" role="status" id="reset-sent">{t.reset_sent()}</p> }.into_any()
                } else {
                    view! { <p class="lede">{t.reset_intro()}</p> }.into_any()
                }}
                <FormError lang />
                <form method="post" action="/auth/reset" class="stack" id="reset-form">
                    <LangField lang />
                    <label>{t.email()} <input name="email" type="email" required maxlength="254" autocomplete="email" /></label>
                    <button type="submit">{t.reset_send()}</button>
                </form>
            }
            .into_any();
        }
        view! {
            <PageTitle text=t.reset_new_title() />
            <h1>{t.reset_new_title()}</h1>
            {loaded(lang, live, move |live| if live {
                view! {
                    <p class="lede">{t.reset_new_intro()}</p>
                    <FormError lang />
                    <form method="post" action="/auth/reset/confirm" class="stack" id="new-password-form">
                        <LangField lang />
                        <input type="hidden" name="token" value=token.clone() />
                        <label>{t.reset_password()} <input name="password" type="password" required minlength="10" maxlength="256" autocomplete="new-password" /></label>
                        <button type="submit">{t.reset_save()}</button>
                    </form>
                }.into_any()
            } else {
                view! {
                    {answer_not_found()}
                    <p id="reset-dead">{t.reset_dead()}</p>
                    <p><a href=lang.href("/reset")>{t.reset_ask_again()}</a></p>
                }.into_any()
            })}
        }
        .into_any()
    }
}

/// `/join?token=`: join the team of an invitation with a password.
#[component]
pub fn JoinPage() -> impl IntoView {
    let query = use_query_map();
    let token = move || query.read().get("token").unwrap_or_default();
    let invitation = Resource::new(token, crate::api::accounts::invitation);
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        let token = token();
        view! {
            <PageTitle text=t.join_title() />
            <h1>{t.join_title()}</h1>
            {loaded(lang, invitation, move |found| match found {
                Some((team, email)) => view! {
                    <p class="lede" id="join-intro">{t.join_intro(team, email)}</p>
                    <FormError lang />
                    <form method="post" action="/auth/join" class="stack" id="join-form">
                        <LangField lang />
                        <input type="hidden" name="token" value=token.clone() />
                        <label>{t.join_password()} <input name="password" type="password" required minlength="10" maxlength="256" autocomplete="new-password" /></label>
                        <button type="submit">{t.join_submit()}</button>
                    </form>
                }.into_any(),
                None => view! {
                    {answer_not_found()}
                    <p id="join-dead">{t.join_dead()}</p>
                }.into_any(),
            })}
        }
    }
}
