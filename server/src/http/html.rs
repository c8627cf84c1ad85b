//! Pages as valid HTML: Leptos's server rendering appends the page's
//! resource data (inline `<script>`s) after the shell's `</html>`, where a
//! document may hold nothing but comments. Browsers move such scripts into
//! the body anyway; this layer puts them there itself, just before
//! `</body>`, so the document that is sent is the one that is parsed (and
//! the Nu Html Checker finds nothing to report).
//!
//! That data is for hydration only. A page that does not load the bundle
//! (`app::components::bundle::HYDRATED`) is never hydrated, so its copy of
//! the data (the whole board, on `/`) is dropped instead: the page shows
//! the same and weighs about half.

use axum::body::Body;
use axum::extract::Request;
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The largest page this layer rewrites; larger ones pass unchanged.
const MAX_PAGE: usize = 64 * 1024 * 1024;

/// Moves the scripts after `</html>` of an HTML response into its body.
pub async fn scripts_inside_body(req: Request, next: Next) -> Response {
    let resp = next.run(req).await;
    let html =
        resp.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("text/html"));
    if !html {
        return resp;
    }
    let (mut parts, body) = resp.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_PAGE).await {
        Ok(bytes) => bytes,
        Err(e) => {
            tracing::error!(error = %e, "cannot read a page being sent");
            return axum::http::StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let Some(fixed) = std::str::from_utf8(&bytes).ok().and_then(move_trailing_scripts) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    parts.headers.remove(CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(fixed))
}

/// `html` with every `<script>...</script>` that follows `</html>` moved to
/// just before `</body>`, or dropped when the page does not load the
/// bundle (it has no `modulepreload` link); `None` when there is nothing
/// to move.
fn move_trailing_scripts(html: &str) -> Option<String> {
    let hydrates = html.contains("rel=\"modulepreload\"");
    let end = html.rfind("</html>")?;
    let body_end = html[..end].rfind("</body>")?;
    let tail = &html[end + "</html>".len()..];
    let mut scripts = String::new();
    let mut rest = String::new();
    let mut remaining = tail;
    while let Some(start) = remaining.find("<script") {
        let close = remaining[start..].find("</script>")? + start + "</script>".len();
        rest.push_str(&remaining[..start]);
        scripts.push_str(&remaining[start..close]);
        remaining = &remaining[close..];
    }
    if scripts.is_empty() {
        return None;
    }
    rest.push_str(remaining);
    if !hydrates {
        scripts.clear();
    }
    Some(format!("{}{scripts}{}</html>{rest}", &html[..body_end], &html[body_end..end]))
}

#[cfg(test)]
mod tests {
    use super::move_trailing_scripts;

    #[test]
    fn scripts_after_the_document_move_into_its_body() {
        let page = "<html><head><link rel=\"modulepreload\"></head><body><main>x</main><!></body><!></html><!><script nonce=\"n\">a=1;</script><script>b=\"</\\u003cx\";</script>";
        assert_eq!(
            move_trailing_scripts(page).unwrap(),
            "<html><head><link rel=\"modulepreload\"></head><body><main>x</main><!><script nonce=\"n\">a=1;</script><script>b=\"</\\u003cx\";</script></body><!></html><!>"
        );
        // Not hydrated: the data for hydration is dropped.
        let page = "<html><body><main>x</main></body></html><script nonce=\"n\">a=1;</script>";
        assert_eq!(move_trailing_scripts(page).unwrap(), "<html><body><main>x</main></body></html>");
        assert_eq!(move_trailing_scripts("<html><body></body></html>"), None, "nothing to move");
        assert_eq!(move_trailing_scripts("<p>no document</p><script></script>"), None);
    }
}
