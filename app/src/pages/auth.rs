//! Register and sign in: plain HTML forms posted to `/auth/register` and
//! `/auth/signin` (no JavaScript needed).

use leptos::prelude::*;
use leptos_meta::Title;

use crate::components::forms::{FormError, kept};

/// `/register`: create a team and its first member.
#[component]
pub fn RegisterPage() -> impl IntoView {
    let name = kept("name");
    let email = kept("email");
    view! {
        <Title text="Register a team" />
        <h1>"Register a team"</h1>
        <p class="lede">"A team uploads predictions and gets them scored against the held-out answer key. "
            "Already registered? " <a href="/signin">"Sign in"</a> "."</p>
        <FormError />
        <form method="post" action="/auth/register" class="stack" id="register-form">
            <label>"Team name" <input name="name" required minlength="2" maxlength="60" autocomplete="organization" value=name() /></label>
            <label>"Email" <input name="email" type="email" required maxlength="254" autocomplete="email" value=email() /></label>
            <label>"Password (at least 10 characters)" <input name="password" type="password" required minlength="10" maxlength="256" autocomplete="new-password" /></label>
            <button type="submit">"Register"</button>
        </form>
    }
}

/// `/signin`.
#[component]
pub fn SignInPage() -> impl IntoView {
    let email = kept("email");
    view! {
        <Title text="Sign in" />
        <h1>"Sign in"</h1>
        <p class="lede">"New here? " <a href="/register">"Register a team"</a> "."</p>
        <FormError />
        <form method="post" action="/auth/signin" class="stack" id="signin-form">
            <label>"Email" <input name="email" type="email" required autocomplete="email" value=email() /></label>
            <label>"Password" <input name="password" type="password" required autocomplete="current-password" /></label>
            <button type="submit">"Sign in"</button>
        </form>
    }
}
