//! `GET /extraction-protocol.md`: the letter-extraction protocol that
//! scoring follows, served from `docs/` so the `/submit` page can link the
//! full text.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

use crate::state::AppState;

const EXTRACTION_PROTOCOL: &str = include_str!("../../../docs/extraction-protocol.md");

pub fn router() -> Router<AppState> {
    Router::new().route("/extraction-protocol.md", get(extraction_protocol))
}

async fn extraction_protocol() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/markdown; charset=utf-8")], EXTRACTION_PROTOCOL)
}
