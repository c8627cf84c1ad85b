//! The HTML shell and the router: which URL shows which page.

use leptos::prelude::*;
use leptos_meta::{Link, MetaTags, provide_meta_context};
use leptos_router::{
    ParamSegment, SsrMode, StaticSegment,
    components::{Route, Router, Routes},
};

use crate::components::bundle::BundleScripts;
use crate::components::csp::ContentSecurityPolicy;
use crate::components::head::SiteTitle;
use crate::components::lang::DocumentLang;
use crate::components::layout::{SiteHeader, SiteNotices};
use crate::pages::adapting::AdaptingPage;
use crate::pages::auth::{JoinPage, RegisterPage, ResetPage, SignInPage};
use crate::pages::compare::ComparePage;
use crate::pages::dataset::DatasetPage;
use crate::pages::medarabiq::MedarabiqPage;
use crate::pages::operator::OperatorPageView;
use crate::pages::quality::QualityPage;
use crate::pages::submission::SubmissionPageView;
use crate::pages::submit::SubmitPage;
use crate::pages::team::TeamPageView;
use crate::pages::upload::UploadPageView;
use crate::pages::{leaderboard::LeaderboardPage, not_found::NotFound};

/// The document around every page. Rendered on the server only.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    view! {
        <!DOCTYPE html>
        // `lang` and `dir` are set by `DocumentLang` from the URL (?lang=ar).
        <html>
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <AutoReload options=options.clone() />
                <BundleScripts options />
                <MetaTags />
            </head>
            <body>
                <App />
            </body>
        </html>
    }
}

/// The application root: metadata, header and routes.
///
/// Every route renders in [`SsrMode::Async`]: the server waits for the data
/// and sends complete HTML, so pages read the same with JavaScript off.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    let who = Resource::new(|| (), |_| crate::api::teams::viewer());
    let notices = Resource::new(|| (), |_| crate::api::site::notices());
    view! {
        <Link rel="icon" href="/favicon.ico" />
        <SiteTitle />
        <ContentSecurityPolicy />
        <Router>
            <DocumentLang />
            <SiteHeader who />
            <SiteNotices notices />
            <main id="main">
                <Routes fallback=NotFound>
                    <Route path=StaticSegment("") view=LeaderboardPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("quality") view=QualityPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("adapting") view=AdaptingPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("dataset") view=DatasetPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("submit") view=SubmitPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("compare") view=ComparePage ssr=SsrMode::Async />
                    <Route path=StaticSegment("medarabiq") view=MedarabiqPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("register") view=RegisterPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("signin") view=SignInPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("reset") view=ResetPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("join") view=JoinPage ssr=SsrMode::Async />
                    <Route path=StaticSegment("team") view=TeamPageView ssr=SsrMode::Async />
                    <Route path=StaticSegment("upload") view=UploadPageView ssr=SsrMode::Async />
                    <Route path=StaticSegment("operator") view=OperatorPageView ssr=SsrMode::Async />
                    <Route path=(StaticSegment("submissions"), ParamSegment("id")) view=SubmissionPageView ssr=SsrMode::Async />
                </Routes>
            </main>
        </Router>
    }
}
