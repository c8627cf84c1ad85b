//! The paper's published figures (Tables 2 and 5, the dataset's counts,
//! the judge and Cochran figures), as the pages and charts quote them.

use super::Result;
use crate::db::{self, Db};
use crate::domain::figures::Figures;

/// The figures of the given sources (`Table 2`, `Cochran`...), in stored
/// order.
pub async fn figures(db: &Db, sources: &[&str]) -> Result<Figures> {
    Ok(db::published::figures(db, sources).await?)
}
