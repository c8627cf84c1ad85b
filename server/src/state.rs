//! State shared by every request handler.

use app::db::Db;
use axum::extract::FromRef;
use leptos::prelude::LeptosOptions;

/// Everything a handler may need. Cheap to clone (pools and `Arc`s inside).
#[derive(Clone, Debug, FromRef)]
pub struct AppState {
    /// Leptos rendering options (site root, output name, address).
    pub leptos_options: LeptosOptions,
    /// The database pool.
    pub db: Db,
}
