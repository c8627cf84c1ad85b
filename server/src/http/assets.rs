//! The browser bundle (the page script, the WASM and the stylesheet) under
//! names that carry their content's hash, cached by browsers for a year.
//!
//! The bundle is built separately from the server (`cargo leptos build`),
//! so its hashes are taken here, once, when the server starts: each file
//! of the site's `pkg` directory is read and served at
//! `/pkg/<name>.<hash>.<ext>` with `Cache-Control: public,
//! max-age=31536000, immutable` (a new build has new names, so a stale copy
//! is never used), gzip-compressed once for the clients that accept it.
//! The pages link those names ([`AssetUrls`]). The plain names still work,
//! with `no-cache`, for whatever links them directly; in development
//! (`LEPTOS_ENV=DEV`, as `cargo leptos watch` runs the server) pages link
//! the plain names, so a rebuilt stylesheet shows without a restart.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use app::settings::AssetUrls;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderValue};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::state::AppState;

/// One file of the bundle, with its compressed form made on first use.
struct Asset {
    content_type: &'static str,
    raw: Bytes,
    gzip: OnceLock<Bytes>,
}

impl Asset {
    fn gzip(&self) -> &Bytes {
        self.gzip.get_or_init(|| {
            let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            // Writing to a Vec cannot fail.
            let _ = encoder.write_all(&self.raw);
            Bytes::from(encoder.finish().unwrap_or_default())
        })
    }
}

/// The bundle's files by their hashed names, and the addresses pages link.
#[derive(Clone)]
pub struct Assets {
    files: Arc<HashMap<String, Asset>>,
    urls: AssetUrls,
}

impl std::fmt::Debug for Assets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Assets").field("urls", &self.urls).finish()
    }
}

fn content_type(ext: &str) -> Option<&'static str> {
    match ext {
        "js" => Some("text/javascript; charset=utf-8"),
        "wasm" => Some("application/wasm"),
        "css" => Some("text/css; charset=utf-8"),
        _ => None,
    }
}

impl Assets {
    /// The plain names only (development).
    pub fn plain(pkg_dir: &str, output_name: &str) -> Self {
        Self { files: Arc::default(), urls: AssetUrls::plain(pkg_dir, output_name) }
    }

    /// Reads `<site_root>/<pkg_dir>`: the page script, WASM and stylesheet
    /// of `output_name`. A file that is missing (the bundle not built) keeps
    /// its plain address.
    pub fn load(site_root: &str, pkg_dir: &str, output_name: &str) -> Self {
        let mut files = HashMap::new();
        let mut urls = AssetUrls::plain(pkg_dir, output_name);
        let dir = Path::new(site_root).join(pkg_dir);
        for (slot, file) in [
            (&mut urls.js, format!("{output_name}.js")),
            (&mut urls.wasm, AssetUrls::wasm_file(output_name)),
            (&mut urls.css, format!("{output_name}.css")),
        ] {
            let Ok(raw) = std::fs::read(dir.join(&file)) else { continue };
            let Some((stem, ext)) = file.rsplit_once('.') else { continue };
            let Some(content_type) = content_type(ext) else { continue };
            let hash = &app::domain::input::sha256_hex(&raw)[..16];
            let hashed = format!("{stem}.{hash}.{ext}");
            *slot = format!("/{pkg_dir}/{hashed}");
            files.insert(hashed, Asset { content_type, raw: Bytes::from(raw), gzip: OnceLock::new() });
        }
        Self { files: Arc::new(files), urls }
    }

    /// The addresses pages link.
    pub fn urls(&self) -> &AssetUrls {
        &self.urls
    }

    /// The file at `path` (`/pkg/<hashed name>`), if it is one of ours.
    fn get(&self, path: &str, pkg_dir: &str) -> Option<&Asset> {
        let name = path.strip_prefix('/')?.strip_prefix(pkg_dir)?.strip_prefix('/')?;
        self.files.get(name)
    }
}

fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).any(|v| {
        v.split(',').any(|coding| {
            let mut parts = coding.split(';');
            let name = parts.next().unwrap_or("").trim();
            let q = parts.find_map(|p| p.trim().strip_prefix("q=")).and_then(|q| q.trim().parse::<f32>().ok());
            (name.eq_ignore_ascii_case("gzip") || name == "*") && q.is_none_or(|q| q > 0.0)
        })
    })
}

/// Serves the hashed bundle files; marks the plain ones `no-cache` and the
/// fonts cacheable for a week.
pub async fn serve(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let pkg_dir = state.leptos_options.site_pkg_dir.to_string();
    if matches!(*req.method(), Method::GET | Method::HEAD)
        && let Some(asset) = state.assets.get(req.uri().path(), &pkg_dir)
    {
        let gzip = accepts_gzip(req.headers());
        let body = if gzip { asset.gzip().clone() } else { asset.raw.clone() };
        let mut resp =
            Response::new(if req.method() == Method::HEAD { Body::empty() } else { Body::from(body.clone()) });
        let h = resp.headers_mut();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(asset.content_type));
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        h.insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
        if gzip {
            h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        return resp;
    }
    let path = req.uri().path().to_owned();
    let mut resp = next.run(req).await;
    if resp.status() == StatusCode::OK && !resp.headers().contains_key(header::CACHE_CONTROL) {
        let policy = if path.starts_with(&format!("/{pkg_dir}/")) {
            Some("no-cache")
        } else if path.starts_with("/fonts/") || path == "/favicon.ico" {
            Some("public, max-age=604800")
        } else {
            None
        };
        if let Some(policy) = policy {
            resp.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
        }
    }
    resp.into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_is_sent_only_to_who_accepts_it() {
        let h = |v: &'static str| {
            let mut m = HeaderMap::new();
            m.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(v));
            m
        };
        assert!(accepts_gzip(&h("gzip, deflate, br")));
        assert!(accepts_gzip(&h("br;q=1.0, gzip;q=0.5")));
        assert!(accepts_gzip(&h("*")));
        assert!(!accepts_gzip(&h("br")));
        assert!(!accepts_gzip(&h("gzip;q=0")));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn the_bundle_is_served_under_its_hash() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("pkg")).unwrap();
        std::fs::write(dir.path().join("pkg/site.js"), "export {}").unwrap();
        std::fs::write(dir.path().join("pkg/site.css"), "body{}").unwrap();
        let assets = Assets::load(dir.path().to_str().unwrap(), "pkg", "site");
        let js = assets.urls().js.clone();
        assert!(js.starts_with("/pkg/site.") && js.ends_with(".js") && js.len() == "/pkg/site..js".len() + 16, "{js}");
        assert_eq!(assets.get(&js, "pkg").map(|a| a.raw.as_ref()), Some(&b"export {}"[..]));
        assert!(assets.urls().css.ends_with(".css") && assets.urls().css != "/pkg/site.css");
        // Not built: the plain address.
        assert_eq!(assets.urls().wasm, format!("/pkg/{}", AssetUrls::wasm_file("site")));
        assert!(assets.get("/pkg/site.js", "pkg").is_none());
    }
}
