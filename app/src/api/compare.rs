//! Data of `/compare?a=ID&b=ID`: two public submissions scored on the same
//! key, side by side by specialty and level, with the paired difference
//! (paired bootstrap 95% CI) and the exact McNemar test; or, when a side
//! is a published row (`paper:<model>`), the unpaired difference
//! (Newcombe's hybrid score 95% CI). Paired outcomes are cached per
//! process (see [`crate::db::compare`]).

use leptos::prelude::*;

use super::ApiError;
pub use crate::domain::compare::*;

/// Compares `a` and `b`: public submissions (public ids) or published
/// rows (`paper:<model>`). Paired outcomes are cached per process
/// ([`crate::db::compare`]); whether a submission is public is checked in
/// the database first, on every request.
#[server(prefix = "/_fn")]
pub async fn compare(a: String, b: String) -> Result<CompareOutcome, ApiError> {
    let db = expect_context::<crate::services::Db>();
    Ok(crate::services::compare::compare(&db, &a, &b).await?)
}

/// How many submissions the pickers list: the best ones, plus the two
/// chosen (a picker of every submission would be megabytes at 100,000).
pub const PICKER_LIMIT: usize = crate::api::leaderboard::PAGE_VERIFIED_LIMIT;

/// Every published row and the best [`PICKER_LIMIT`] public verified
/// submissions, then `a` and `b` if they are public and not among them,
/// for the page's pickers.
#[server(prefix = "/_fn")]
pub async fn compare_choices(a: String, b: String) -> Result<Vec<CompareChoice>, ApiError> {
    let db = expect_context::<crate::services::Db>();
    Ok(crate::services::compare::choices(&db, &a, &b, PICKER_LIMIT).await?)
}
