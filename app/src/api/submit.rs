//! Data of the `/submit` page: this server's quotas and address.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::ApiError;

/// What the page fills into its examples.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmitInfo {
    /// Submissions per team per UTC day, and in total; `None` if the server
    /// did not say.
    pub quota: Option<super::PageConfig>,
    /// This site's origin as the browser reached it, e.g. `https://host`.
    pub origin: String,
}

/// The page's data.
#[server(prefix = "/_fn")]
pub async fn get_submit_info() -> Result<SubmitInfo, ApiError> {
    let parts = use_context::<http::request::Parts>();
    let header = |name: &str| parts.as_ref()?.headers.get(name)?.to_str().ok().map(str::to_owned);
    Ok(SubmitInfo {
        quota: use_context::<super::PageConfig>(),
        origin: origin(header("host").as_deref(), header("x-forwarded-proto").as_deref()),
    })
}

/// The origin from the `Host` header: `http` for loopback hosts, else
/// `https` unless a proxy says otherwise.
#[cfg(feature = "ssr")]
fn origin(host: Option<&str>, forwarded_proto: Option<&str>) -> String {
    let Some(host) = host.filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_graphic())) else {
        return "http://127.0.0.1:3000".into();
    };
    let loopback = ["localhost", "127.", "[::1]"].iter().any(|p| host.starts_with(p));
    let scheme = match forwarded_proto {
        Some(p @ ("http" | "https")) => p,
        _ if loopback => "http",
        _ => "https",
    };
    format!("{scheme}://{host}")
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::origin;

    #[test]
    fn the_origin_follows_the_host() {
        assert_eq!(origin(Some("127.0.0.1:3000"), None), "http://127.0.0.1:3000");
        assert_eq!(origin(Some("bench.example.org"), None), "https://bench.example.org");
        assert_eq!(origin(Some("bench.example.org"), Some("http")), "http://bench.example.org");
        assert_eq!(origin(None, None), "http://127.0.0.1:3000");
        assert_eq!(origin(Some("a b\"<"), None), "http://127.0.0.1:3000");
    }
}
