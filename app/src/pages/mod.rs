//! One module per page of the site.

pub mod leaderboard;
pub mod not_found;
