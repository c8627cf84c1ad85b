//! The use cases, server side: what the REST handlers (`server/src/http/`),
//! the web forms, the `#[server]` functions (`api/`) and the CLI all call.
//!
//! A request's [`Viewer`] is resolved once, from the credentials the
//! caller read from the request (`crate::request`); what it may see of a
//! submission is decided by the one policy function,
//! `domain::visibility::access`; every service returns [`ServiceError`],
//! which the REST layer maps into its `HttpError` and the server functions
//! into [`crate::error::ApiError`]. Services take the database and plain
//! values, never a request, a response or a header, and return codes,
//! never text (the words are `crate::error::ServiceErrorText`'s). Their
//! callers hold the database as [`Db`], re-exported here, and reach the
//! database layer only through services.

pub mod accounts;
pub mod backup;
mod blocking;
pub mod board;
pub mod clients;
pub mod compare;
pub mod database;
pub mod dataset;
pub mod edits;
pub mod error;
pub mod key_audit;
pub mod key_store;
pub mod key_versions;
pub mod keys;
pub mod members;
pub mod near_duplicates;
pub mod operator;
pub mod password;
pub mod published;
pub mod registration;
pub mod secrets;
pub mod sessions;
pub mod submissions;
pub mod submit;
pub mod teams;
pub mod tokens;
pub mod viewer;

pub use error::{AuthProblem, Result, ServiceError};
pub use viewer::{Credentials, Session, Viewer};

pub use crate::db::{Db, DbError};
