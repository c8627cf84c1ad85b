//! The `medarabench` binary as a library: configuration, shared state, the
//! HTTP router and the CLI subcommands. `main.rs` only parses arguments and
//! dispatches; tests drive [`build_router`] in-process.

pub mod cli;
pub mod config;
pub mod exports;
pub mod http;
pub mod state;
pub mod telemetry;

pub use http::build_router;
pub use state::AppState;
