//! `GET /charts/adapting.svg`: the Table 5 chart as a standalone SVG file,
//! the same drawing the `/adapting` page shows (`?lang=ar` for Arabic
//! texts).

use app::i18n::Lang;
use axum::Router;
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;

use super::Result;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/charts/adapting.svg", get(adapting))
}

#[derive(Debug, Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

async fn adapting(State(state): State<AppState>, Query(query): Query<LangQuery>) -> Result<Response> {
    let lang = Lang::from_param(query.lang.as_deref());
    let figures = app::db::published::figures(&state.db, &[app::charts::adapting::SOURCE]).await?;
    let svg = app::charts::adapting::svg(&figures, lang).map_err(anyhow::Error::from)?;
    let headers = [
        (header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"),
        (header::CONTENT_DISPOSITION, "inline; filename=\"medarabench-table5.svg\""),
    ];
    Ok((headers, format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{svg}")).into_response())
}
