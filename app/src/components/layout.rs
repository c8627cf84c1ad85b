//! The header and navigation shared by every page.

use leptos::prelude::*;
use leptos_router::hooks::use_location;

use crate::components::lang::LangSwitch;
use crate::domain::operator::{Level, SiteNotices};
use crate::domain::team::ViewerInfo;
use crate::error::ApiError;
use crate::format::utc_datetime;
use crate::i18n::{Lang, common, use_lang};

/// The signed-in team as the header reads it (the page's root loads it:
/// `crate::api::teams::viewer`).
pub type SignedIn = Resource<Result<Option<ViewerInfo>, ApiError>>;

/// The operators' banners and read-only mode (the page's root loads them:
/// `crate::api::site::notices`).
pub type Notices = Resource<Result<SiteNotices, ApiError>>;

/// The operators' banners in the page's language, and the read-only
/// notice, above every page's content; nothing when there are none.
#[component]
pub fn SiteNotices(notices: Notices) -> impl IntoView {
    let lang = use_lang();
    view! {
        <Suspense>
            {move || Suspend::new(async move {
                let notices = notices.await.unwrap_or_default();
                let text = common::text(lang.get());
                let read_only = notices.read_only.then(|| {
                    view! {
                        <p class="site-notice warning" id="read-only-notice" role="status">
                            <strong>{text.notice_warning()}": "</strong>
                            {text.read_only()}
                        </p>
                    }
                });
                let banners = notices
                    .announcements
                    .into_iter()
                    .map(|a| {
                        let (class, label) = match a.level {
                            Level::Info => ("site-notice info", text.notice_info()),
                            Level::Warning => ("site-notice warning", text.notice_warning()),
                        };
                        let words = if lang.get() == Lang::Ar { a.text_ar } else { a.text_en };
                        let until = a.ends_at.map(|t| format!(" ({})", text.notice_until(utc_datetime(t))));
                        view! {
                            <p class=class data-announcement=a.id role="status">
                                <strong>{label}": "</strong>
                                <span dir="auto">{words}</span>
                                {until}
                            </p>
                        }
                    })
                    .collect_view();
                (read_only, banners)
            })}
        </Suspense>
    }
}

/// Site title, navigation (every link keeps the page's language), the
/// team's link (sign in, or the signed-in team's page) and the language
/// switch, after a skip link to the page's content. On a narrow screen
/// every navigation link stays in sight, wrapped below the first line
/// (`style/main.css`).
#[component]
pub fn SiteHeader(who: SignedIn) -> impl IntoView {
    let lang = use_lang();
    let text = move || common::text(lang.get());
    view! {
        <a class="skip-link" href="#main">{move || text().skip_to_content()}</a>
        <header class="site-header">
            <a class="brand" href=move || lang.get().href("/")>"MedAraBench"</a>
            <nav class="site-nav" aria-label=move || text().nav_label()>
                <NavLink path="/" label=move || text().nav_leaderboard() />
                <NavLink path="/quality" label=move || text().nav_quality() />
                <NavLink path="/adapting" label=move || text().nav_adapting() />
                <NavLink path="/medarabiq" label=move || text().nav_medarabiq() />
                <NavLink path="/dataset" label=move || text().nav_dataset() />
                <NavLink path="/submit" label=move || text().nav_submit() />
            </nav>
            <TeamLink who />
            <LangSwitch />
        </header>
    }
}

/// A navigation link in the page's language, marked `aria-current` on its
/// own page.
#[component]
fn NavLink(path: &'static str, label: impl Fn() -> String + Send + Sync + 'static) -> impl IntoView {
    let lang = use_lang();
    let location = use_location();
    let current = move || (location.pathname.read().as_str() == path).then_some("page");
    view! { <a href=move || lang.get().href(path) aria-current=current>{label}</a> }
}

/// "Sign in", linking straight to the sign-in form, or the signed-in
/// team's name, linking to the team page.
#[component]
fn TeamLink(who: SignedIn) -> impl IntoView {
    let lang = use_lang();
    let link = move |label: String, path: &'static str| {
        view! { <a class="team-link" href=move || lang.get().href(path) dir="auto">{label}</a> }
    };
    let signed_out = move || link(common::text(lang.get()).sign_in(), "/signin");
    view! {
        <Suspense fallback=signed_out>
            {move || Suspend::new(async move {
                match who.await {
                    Ok(Some(team)) => link(team.team_name, "/team"),
                    _ => signed_out(),
                }
            })}
        </Suspense>
    }
}
