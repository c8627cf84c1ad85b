//! What every server function takes from the request's context: the
//! database, the viewer (resolved once per request, shared with the rest
//! of the request) and the server's settings.

use super::{ApiError, PageConfig};
use crate::services::submissions::QuotaDefaults;
use crate::services::{Db, Viewer};
use leptos::prelude::{expect_context, use_context};

/// The database and the request's viewer (anonymous outside a request).
pub async fn db_and_viewer() -> Result<(Db, Viewer), ApiError> {
    let db = expect_context::<Db>();
    let viewer = match use_context::<http::request::Parts>() {
        Some(parts) => crate::request::viewer(&db, &parts).await?,
        None => Viewer::anonymous(),
    };
    Ok((db, viewer))
}

/// How the server lets new teams in.
pub fn registration() -> crate::domain::registration::Registration {
    use_context::<PageConfig>().map(|c| c.registration).unwrap_or_default()
}

/// The server's quota defaults.
pub fn quota_defaults() -> QuotaDefaults {
    let cfg = use_context::<PageConfig>();
    cfg.map_or(QuotaDefaults { daily: 5, total: 100 }, |c| QuotaDefaults { daily: c.daily_quota, total: c.total_quota })
}

/// The site's public address, for links that leave it (empty outside a
/// server).
pub fn site_url() -> String {
    use_context::<crate::settings::SiteUrl>().map(|s| s.0).unwrap_or_default()
}
