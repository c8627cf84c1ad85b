//! Server functions: the thin layer between pages and the database.
//!
//! Each function gets the database and the viewer from context
//! ([`context`]), calls a service (`crate::services`; never the database
//! layer itself), and maps the error into [`ApiError`]. The plain data types they return are shared
//! by the server and the browser build.

pub mod accounts;
pub mod adapting;
pub mod compare;
#[cfg(feature = "ssr")]
mod context;
pub mod dataset;
pub mod keys;
pub mod leaderboard;
pub mod medarabiq;
pub mod operator;
pub mod quality;
pub mod site;
pub mod submit;
pub mod teams;

pub use crate::domain::figures;
pub use crate::error::{self, ApiError};
pub use crate::settings::PageConfig;
