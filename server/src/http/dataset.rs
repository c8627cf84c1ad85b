//! `GET /dataset-card.md`: the dataset card as Markdown with Hugging Face
//! front matter, built from the published figures and the stored key's
//! validation report (the same facts as the `/dataset` page); in English,
//! or in Arabic with `?lang=ar`.

use axum::Router;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::Result;
use super::extract::LangQuery;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/dataset-card.md", get(card))
}

/// The card in the language of `?lang=` (English unless `ar`).
async fn card(State(state): State<AppState>, Query(query): Query<LangQuery>) -> Result<Response> {
    let lang = query.lang();
    let facts = app::services::dataset::facts(&state.db, &app::dataset::SOURCES).await?;
    let markdown = app::dataset::card::markdown(&facts, lang);
    Ok(([(header::CONTENT_TYPE, "text/markdown; charset=utf-8")], markdown).into_response())
}
