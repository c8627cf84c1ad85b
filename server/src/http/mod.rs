//! The HTTP surface: the server-rendered site, the REST API and plain
//! routes, merged in one place.

mod error;
mod health;
mod leaderboard;

pub use error::HttpError;

use app::{App, shell};
use axum::Router;
use leptos::prelude::provide_context;
use leptos_axum::{LeptosRoutes, generate_route_list};
use tower_http::trace::TraceLayer;

use crate::state::AppState;

/// The whole application as one axum router; tests call it in-process.
pub fn build_router(state: AppState) -> Router {
    let routes = generate_route_list(App);
    let db = state.db.clone();
    let options = state.leptos_options.clone();
    Router::new()
        .merge(health::router())
        .merge(leaderboard::router())
        .leptos_routes_with_context(
            &state,
            routes,
            move || provide_context(db.clone()),
            move || shell(options.clone()),
        )
        .fallback(leptos_axum::file_and_error_handler::<AppState, _>(shell))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}
