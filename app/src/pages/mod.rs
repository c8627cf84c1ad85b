//! One module per page of the site.

pub mod adapting;
pub mod auth;
pub mod compare;
pub mod dataset;
pub mod leaderboard;
pub mod medarabiq;
pub mod not_found;
pub mod operator;
pub mod quality;
pub mod submission;
pub mod submit;
pub mod team;
pub mod upload;
