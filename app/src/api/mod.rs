//! Server functions: the thin layer between pages and the database.
//!
//! Each function gets its state from context, calls `db`/`domain`, and maps
//! the error into [`ApiError`]. The plain data types they return are shared
//! by the server and the browser build.

pub mod error;
pub mod leaderboard;

pub use error::ApiError;
