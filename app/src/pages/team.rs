//! `/team`: the signed-in team's members, API tokens (create, revoke; a new
//! token is shown once), quota left and past submissions.

use leptos::prelude::*;
use leptos_meta::Title;

use crate::api::teams::{SubmissionSummary, TeamPageData, TokenRow, team_page};
use crate::components::forms::FormError;
use crate::format::{acc, ci, utc_datetime};

#[component]
pub fn TeamPageView() -> impl IntoView {
    let data = Resource::new(|| (), |_| team_page());
    view! {
        <Title text="Your team" />
        <Suspense fallback=|| view! { <p>"Loading…"</p> }>
            {move || Suspend::new(async move {
                match data.await {
                    Ok(Some(page)) => view! { <TeamDetails page /> }.into_any(),
                    Ok(None) => view! {
                        <h1>"Your team"</h1>
                        <p>"You are not signed in. " <a href="/signin">"Sign in"</a> " or " <a href="/register">"register a team"</a> "."</p>
                    }.into_any(),
                    Err(e) => view! { <p class="error" role="alert">{e.to_string()}</p> }.into_any(),
                }
            })}
        </Suspense>
    }
}

#[component]
fn TeamDetails(page: TeamPageData) -> impl IntoView {
    let TeamPageData { team_name, members, tokens, new_token, daily_remaining, daily_limit, total_remaining, total_limit, submissions } = page;
    view! {
        <h1>"Team " <span id="team-name">{team_name}</span></h1>
        <FormError />
        <p class="quota" id="quota">
            "Uploads left today: " <strong class="num">{daily_remaining}</strong> " of " <span class="num">{daily_limit}</span>
            " (resets 00:00 UTC); in total: " <strong class="num">{total_remaining}</strong> " of " <span class="num">{total_limit}</span> ". "
            <a href="/upload">"Upload predictions"</a>
        </p>
        <form method="post" action="/auth/signout"><button type="submit">"Sign out"</button></form>

        <h2>"Members"</h2>
        <ul>{members.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>

        <h2 id="tokens">"API tokens"</h2>
        {new_token.map(|t| view! {
            <div class="notice" role="status">
                <p>"Your new token (copy it now: it is shown only once):"</p>
                <code id="new-token">{t}</code>
            </div>
        })}
        <TokenTable tokens />
        <form method="post" action="/team/tokens" class="inline">
            <label>"Label " <input name="label" maxlength="80" placeholder="e.g. CI runner" /></label>
            <button type="submit">"Create a token"</button>
        </form>

        <h2>"Submissions"</h2>
        <SubmissionList submissions />
    }
}

#[component]
fn TokenTable(tokens: Vec<TokenRow>) -> impl IntoView {
    if tokens.is_empty() {
        return view! { <p>"No tokens yet."</p> }.into_any();
    }
    let rows = tokens
        .into_iter()
        .map(|t| {
            let revoked = t.revoked_at.is_some();
            view! {
                <tr>
                    <td><code>{t.prefix}"…"</code></td>
                    <td>{t.label}</td>
                    <td>{utc_datetime(t.created_at)}</td>
                    <td>{t.last_used_at.map(utc_datetime).unwrap_or_else(|| "never".into())}</td>
                    <td>{if revoked {
                        view! { "revoked " {t.revoked_at.map(utc_datetime)} }.into_any()
                    } else {
                        view! {
                            <form method="post" action=format!("/team/tokens/{}/revoke", t.id)>
                                <button type="submit" class="danger">"Revoke"</button>
                            </form>
                        }.into_any()
                    }}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="tokens">
            <thead><tr><th scope="col">"Token"</th><th scope="col">"Label"</th><th scope="col">"Created"</th><th scope="col">"Last used"</th><th scope="col">"Status"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}

/// A team's submissions with accuracy, n and CI.
#[component]
pub fn SubmissionList(submissions: Vec<SubmissionSummary>) -> impl IntoView {
    if submissions.is_empty() {
        return view! { <p>"No submissions yet."</p> }.into_any();
    }
    let rows = submissions
        .into_iter()
        .map(|s| {
            view! {
                <tr>
                    <td><a href=format!("/submissions/{}", s.id)>{s.model_name}</a></td>
                    <td>{s.benchmark}</td>
                    <td class="num">{acc(s.accuracy)}</td>
                    <td class="num">{s.total}</td>
                    <td class="num">{ci(s.ci95)}</td>
                    <td>{s.visibility}</td>
                    <td>{utc_datetime(s.created_at)}{s.key_synthetic.then_some(" (synthetic demo key)")}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="submissions">
            <thead><tr><th scope="col">"Model"</th><th scope="col">"Benchmark"</th><th scope="col" class="num">"Accuracy"</th><th scope="col" class="num">"n"</th><th scope="col" class="num">"95% CI"</th><th scope="col">"Visibility"</th><th scope="col">"Submitted"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}
