//! The MedAraBench leaderboard application.
//!
//! One crate, compiled twice: with `ssr` it is linked into the `medarabench`
//! server binary (pages are rendered on the server, server functions run
//! there); with `hydrate` it is the WASM bundle that makes the same pages
//! interactive in the browser. The pure core (scoring engine and shared
//! model types) is its own crate, `medarabench-core` in `app/core/`,
//! re-exported here as [`domain`] and shared by both builds.

// The workspace denies unsafe code; this crate cannot even allow it.
#![forbid(unsafe_code)]

pub mod api;
pub mod app;
pub mod components;
pub mod dataset;
pub mod error;
pub mod format;
pub mod i18n;

pub use medarabench_core as domain;
pub mod pages;
pub mod palette;
#[cfg(feature = "ssr")]
pub mod request;
pub mod settings;

#[cfg(feature = "ssr")]
pub mod charts;
#[cfg(feature = "ssr")]
pub mod db;
#[cfg(feature = "ssr")]
pub mod services;

pub use app::{App, shell};

/// Browser entry point: attaches the client-side reactive system to the
/// server-rendered HTML, then marks `<body data-hydrated>` so browser tests
/// know the page is interactive.
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    leptos::mount::hydrate_body(App);
    if let Some(body) = leptos::prelude::document().body() {
        let _ = body.set_attribute("data-hydrated", "true");
    }
}
