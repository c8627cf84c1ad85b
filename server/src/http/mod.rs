//! The HTTP surface: the server-rendered site, the REST API, the web
//! forms' endpoints and plain routes, merged in one place with the
//! cross-cutting layers (security headers, CSRF, body limits, timeouts,
//! gzip for everything but HTML and what is kept compressed).

pub mod assets;
mod charts;
pub mod connections;
mod content_coding;
mod dataset;
mod docs;
mod error;
pub mod extract;
mod forms;
mod health;
mod html;
mod json_body;
mod leaderboard;
mod member_forms;
mod model_card;
pub mod observe;
pub mod openapi;
mod operator;
mod operator_forms;
pub mod page_cache;
pub mod rate_limit;
pub mod security;
pub mod submissions;
pub mod teams;
pub mod views;

pub use error::{HttpError, Result};

use std::sync::OnceLock;

use app::{App, shell};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use leptos::prelude::provide_context;
use leptos_axum::{AxumRouteListing, LeptosRoutes, generate_route_list};
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use crate::state::AppState;

/// The Leptos routes, generated once per process.
///
/// Generating them renders the app with resource loading suppressed by a
/// process-wide flag, and a resource first polled while that flag is up
/// never resolves (leptos-rs/leptos#4773). A router built per request (as
/// the tests do) while another request renders a page would hang that page,
/// so the list is made once, before any page can render.
fn route_list() -> Vec<AxumRouteListing> {
    static ROUTES: OnceLock<Vec<AxumRouteListing>> = OnceLock::new();
    ROUTES.get_or_init(|| generate_route_list(App)).clone()
}

/// gzip for what is large and holds no secret: the WASM bundle, scripts,
/// styles, SVG charts, the leaderboard's pages. Never HTML: a page can
/// reflect what a visitor typed (the search box) beside what a session may
/// see, the mix that compression turns into a leak (BREACH). Nor the
/// whole-board exports, kept compressed already
/// ([`content_coding::Negotiated`]).
fn compression() -> CompressionLayer<impl Predicate> {
    let predicate =
        DefaultPredicate::new().and(NotForContentType::const_new("text/html")).and(content_coding::NotNegotiated);
    CompressionLayer::new().gzip(true).compress_when(predicate)
}

/// The whole application as one axum router; tests call it in-process.
pub fn build_router(state: AppState) -> Router {
    let routes = route_list();
    let db = state.db.clone();
    let page_config = app::settings::PageConfig {
        daily_quota: state.config.daily_quota,
        total_quota: state.config.total_quota,
        client_daily_quota: state.config.client_daily_quota,
        registrations_per_day: state.config.registrations_per_day,
        registration: state.config.registrar.mode,
    };
    let site_url = app::settings::SiteUrl(state.site_url());
    let options = state.leptos_options.clone();
    let asset_urls = state.assets.urls().clone();
    let upload_limit = state.config.upload_limit;
    // What every page's rendering reads (the not-found page's too).
    let context = move || {
        provide_context(db.clone());
        provide_context(page_config);
        provide_context(asset_urls.clone());
        provide_context(site_url.clone());
    };
    Router::new()
        .merge(health::router())
        .merge(leaderboard::router())
        .merge(charts::router())
        .merge(model_card::router())
        .merge(dataset::router())
        .merge(docs::router())
        .merge(teams::router())
        .merge(openapi::router())
        .merge(operator::router())
        .merge(operator_forms::router())
        .merge(member_forms::router())
        .merge(submissions::router(upload_limit))
        .merge(forms::router(upload_limit))
        .leptos_routes_with_context(&state, routes, context.clone(), move || shell(options.clone()))
        .fallback(leptos_axum::file_and_error_handler_with_context::<AppState, _>(context, shell))
        .layer(axum::middleware::from_fn(observe::label_route))
        .layer(axum::middleware::from_fn_with_state(state.clone(), security::csrf_guard))
        .layer(axum::middleware::from_fn(extract::viewer_slot))
        .layer(axum::middleware::from_fn_with_state(state.clone(), rate_limit::limit_writes))
        .layer(axum::middleware::from_fn(error::localize))
        .layer(DefaultBodyLimit::max(state.config.body_limit))
        .layer(compression())
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, state.config.request_timeout))
        .layer(axum::middleware::from_fn(html::scripts_inside_body))
        .layer(axum::middleware::from_fn_with_state(state.clone(), page_cache::cached_pages))
        .layer(axum::middleware::from_fn_with_state(state.clone(), assets::serve))
        .layer(axum::middleware::from_fn(security::security_headers))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(observe::request_span)
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        )
        .layer(axum::middleware::from_fn(observe::record))
        .layer(PropagateRequestIdLayer::new(observe::REQUEST_ID.clone()))
        .layer(SetRequestIdLayer::new(observe::REQUEST_ID.clone(), observe::RandomId))
        .layer(axum::middleware::from_fn(observe::plain_request_id))
        .with_state(state)
}
