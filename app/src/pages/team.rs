//! `/team`: the signed-in team's members, API tokens (create, revoke; a new
//! token is shown once), quota left and past submissions.

use leptos::prelude::*;

use crate::api::teams::{SubmissionSummary, TeamPageData, TokenRow, team_page};
use crate::components::figures::Num;
use crate::components::forms::{FormError, LangField};
use crate::components::head::PageTitle;
use crate::components::loaded::loaded;
use crate::domain::registration::TeamStatus;
use crate::format::{acc, ci, utc_datetime};
use crate::i18n::submission::value_label;
use crate::i18n::{Lang, team::text, use_lang};

#[component]
pub fn TeamPageView() -> impl IntoView {
    let data = Resource::new(|| (), |_| team_page());
    let lang = use_lang();
    move || {
        let lang = lang.get();
        let t = text(lang);
        view! {
            <PageTitle text=t.title() />
            {loaded(lang, data, move |page| match page {
                Some(page) => view! { <TeamDetails page lang /> }.into_any(),
                None => view! {
                    <h1>{t.title()}</h1>
                    <p>{t.not_signed_in()} <a href=lang.href("/signin")>{t.sign_in()}</a> {t.or()}
                        <a href=lang.href("/register")>{t.register()}</a> "."</p>
                }.into_any(),
            })}
        }
    }
}

#[component]
fn TeamDetails(page: TeamPageData, lang: Lang) -> impl IntoView {
    let TeamPageData {
        team_name,
        members,
        tokens,
        new_token,
        daily_remaining,
        daily_limit,
        total_remaining,
        total_limit,
        submissions,
        status,
        invitation_link,
    } = page;
    let t = text(lang);
    let waiting = match status {
        TeamStatus::Active => None,
        TeamStatus::AwaitingEmail => Some(t.awaiting_email()),
        TeamStatus::AwaitingApproval => Some(t.awaiting_approval()),
    };
    view! {
        <h1>{t.heading()} <span id="team-name">{team_name}</span></h1>
        {waiting.map(|w| view! { <p class="notice" role="note" id="team-status" data-status=status.as_str()>{w}</p> })}
        <FormError lang />
        <p class="quota" id="quota">
            {t.quota_today()} <strong class="num">{daily_remaining}</strong> {t.of()} <span class="num">{daily_limit}</span>
            {t.quota_total()} <strong class="num">{total_remaining}</strong> {t.of()} <span class="num">{total_limit}</span> {t.quota_end()}
            <a href=lang.href("/upload")>{t.upload()}</a>
        </p>
        <form method="post" action="/auth/signout"><LangField lang /><button type="submit">{t.sign_out()}</button></form>

        <Done lang t />
        <h2>{t.members()}</h2>
        <ul id="members">{members.into_iter().map(|m| view! { <li><bdi>{m}</bdi></li> }).collect_view()}</ul>
        {invitation_link.map(|path| view! {
            <div class="notice" role="status" id="invitation-link">
                <p>{t.invite_link()}</p>
                <code dir="ltr"><a href=path.clone()>{path.clone()}</a></code>
            </div>
        })}
        <h3>{t.invite_heading()}</h3>
        <form method="post" action="/team/invite" class="inline" id="invite-form">
            <LangField lang />
            <label>{t.invite_email()} <input type="email" name="email" required maxlength="254" dir="ltr" autocomplete="off" /></label>
            <button type="submit">{t.invite_submit()}</button>
        </form>
        <h3>{t.leave_heading()}</h3>
        <form method="post" action="/team/leave" class="inline" id="leave-form">
            <LangField lang />
            <label><input type="checkbox" name="confirm" value="yes" required /> {t.leave_confirm()}</label>
            <button type="submit" class="danger">{t.leave_submit()}</button>
        </form>

        <h2 id="tokens">{t.tokens()}</h2>
        {new_token.map(|token| view! {
            <div class="notice" role="status">
                <p>{t.new_token()}</p>
                <p class="token-line">
                    <code id="new-token" dir="ltr">{token}</code> " "
                    // Shown by the script below: without JavaScript there
                    // is nothing to press, and the token is selected text.
                    <button type="button" id="copy-token" hidden data-copied=t.copied()>{t.copy()}</button>
                </p>
                <script nonce=leptos::nonce::use_nonce()>{COPY_TOKEN}</script>
            </div>
        })}
        <TokenTable tokens lang />
        <form method="post" action="/team/tokens" class="inline">
            <LangField lang />
            <label>{t.token_label()} <input name="label" maxlength="80" placeholder=t.token_placeholder() /></label>
            <button type="submit">{t.create_token()}</button>
        </form>

        <h2>{t.submissions()}</h2>
        <SubmissionList submissions lang />
    }
}

/// What the last members' action did (`?done=invited|password|joined`).
#[component]
fn Done(lang: Lang, t: crate::i18n::team::TeamText) -> impl IntoView {
    let _ = lang;
    let query = leptos_router::hooks::use_query_map();
    move || {
        let said = match query.read().get("done").as_deref() {
            Some("invited") => Some(t.invite_mailed()),
            Some("password") => Some(t.password_changed()),
            Some("joined") => Some(t.joined()),
            _ => None,
        };
        said.map(|s| view! { <p class="notice" role="status" id="members-done">{s}</p> })
    }
}

/// Copies the new token to the clipboard on a press of its button, and
/// says so on the button. The page loads no WASM, so this is one small
/// inline script, allowed by the page's nonce; it holds no `<`, `>` or
/// `&`, so it is sent as written.
const COPY_TOKEN: &str = "(function () { var b = document.getElementById('copy-token'); \
     var c = document.getElementById('new-token'); if (!b || !c || !navigator.clipboard) return; \
     b.hidden = false; b.addEventListener('click', function () { \
     navigator.clipboard.writeText(c.textContent).then(function () { b.textContent = b.dataset.copied; }); }); })();";

#[component]
fn TokenTable(tokens: Vec<TokenRow>, lang: Lang) -> impl IntoView {
    let t = text(lang);
    if tokens.is_empty() {
        return view! { <p>{t.no_tokens()}</p> }.into_any();
    }
    let rows = tokens
        .into_iter()
        .map(|row| {
            let status = match row.revoked_at {
                Some(at) => view! { {t.revoked()} <Num value=utc_datetime(at) /> }.into_any(),
                None => view! {
                    <form method="post" action=format!("/team/tokens/{}/revoke", row.id)>
                        <LangField lang />
                        <button type="submit" class="danger">{t.revoke()}</button>
                    </form>
                }
                .into_any(),
            };
            view! {
                <tr>
                    <td><code dir="ltr" class="token-prefix">{row.prefix}"…"</code></td>
                    <td dir="auto">{row.label}</td>
                    <td><Num value=utc_datetime(row.created_at) /></td>
                    <td>{row.last_used_at.map_or_else(|| t.never_used().into_any(), |at| view! { <Num value=utc_datetime(at) /> }.into_any())}</td>
                    <td>{status}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table class="tokens">
                <thead><tr>
                    <th scope="col">{t.col_token()}</th><th scope="col">{t.col_label()}</th><th scope="col">{t.col_created()}</th>
                    <th scope="col">{t.col_last_used()}</th><th scope="col">{t.col_status()}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
    .into_any()
}

/// A team's submissions with accuracy, n and CI; links keep `lang`.
#[component]
pub fn SubmissionList(submissions: Vec<SubmissionSummary>, lang: Lang) -> impl IntoView {
    let t = text(lang);
    if submissions.is_empty() {
        return view! { <p>{t.no_submissions()}</p> }.into_any();
    }
    let rows = submissions
        .into_iter()
        .map(|s| {
            let withdrawn = s.withdrawn_at.is_some();
            view! {
                <tr data-withdrawn=withdrawn.then_some("true")>
                    <td><a href=lang.href(&format!("/submissions/{}", s.id)) dir="auto">{s.model_name}</a></td>
                    <td>{s.benchmark}</td>
                    <td class="num">{acc(s.accuracy)}</td>
                    <td class="num">{s.total}</td>
                    <td class="num" dir="ltr">{ci(s.ci95)}</td>
                    <td>{value_label(lang, s.visibility.as_str()).to_owned()}{withdrawn.then(|| t.withdrawn())}</td>
                    <td><Num value=utc_datetime(s.created_at) />{s.key_synthetic.then_some(t.synthetic())}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll">
            <table class="submissions">
                <thead><tr>
                    <th scope="col">{t.col_model()}</th><th scope="col">{t.col_benchmark()}</th>
                    <th scope="col" class="num">{t.col_accuracy()}</th><th scope="col" class="num">{t.col_n()}</th>
                    <th scope="col" class="num">{t.col_ci()}</th><th scope="col">{t.col_visibility()}</th>
                    <th scope="col">{t.col_submitted()}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
    .into_any()
}
